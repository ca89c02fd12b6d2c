export * from './components'
export * from './types'
