export * from './money'
export { CENTS_PER_DOLLAR, formatMoney } from './format-money'
