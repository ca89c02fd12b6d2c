export * from './ZoomPanSvg'
