module.exports = {
  printWidth: 100,
  semi: false,
  singleQuote: true,
  tabs: false,
  tabWidth: 2,
  jsxSingleQuote: true
}
