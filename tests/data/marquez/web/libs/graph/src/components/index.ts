export * from './Graph'
export * from './ZoomPanSvg'
