// @tp/domain: pure functions of data. Statement import (which pulls in HTML parsing and legacy
// code pages) is a separate entry point, `@tp/domain/statement`, so browser bundles stay small.
export * from './trades/trade'
export * from './rules'
export * from './plans'
export * from './pricing'
export * from './analytics'
export * from './trading'
