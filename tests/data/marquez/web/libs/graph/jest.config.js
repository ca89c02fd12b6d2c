module.exports = {
  ...config,
  setupFilesAfterEnv: ['./jest.setup.js'],
}
