// @tp/domain/trades: the one normalized trade model, without the rest of the library.
export * from './trade'
export * from './position-fills'
