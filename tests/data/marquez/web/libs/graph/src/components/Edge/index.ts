export * from './Edge'
