export * from './news-window'
