export * from './Node'
