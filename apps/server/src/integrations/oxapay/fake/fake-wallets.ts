import { createHash } from 'node:crypto'
import { divideDecimalsExact } from '../exact-decimal'
import { productCryptoCurrencies } from '@tp/api'

// Market data and wallets of the OxaPay fake: a fixed USD price per coin and addresses that look
// like each chain's (same track id, same address), so screens and tests are stable and a wrong
// network is visible at a glance. Prices are chosen so that 1/price is a terminating decimal:
// every pay amount is then an exact product (59.99 USD at 100000 USD/BTC = 0.0005999 BTC).

/** USD price of one coin. */
export const fakeUsdPrices: Readonly<Record<string, string>> = {
  BTC: '100000',
  ETH: '2500',
  USDC: '1',
  TRX: '0.25',
  BNB: '625',
  DOGE: '0.2',
  LTC: '80',
  XMR: '160',
  USDT: '1',
  TON: '2.5',
  POL: '0.25',
  BCH: '400',
  SHIB: '0.00001',
  SOL: '200',
  NOT: '0.005',
  DOGS: '0.0005',
  DAI: '1',
}

/** Coins per US dollar, exact (checked at load: a price that does not divide is a bug here). */
export const fakeCoinsPerUsd: Readonly<Record<string, string>> = Object.fromEntries(
  productCryptoCurrencies.map(({ symbol }) => {
    const price = fakeUsdPrices[symbol]
    if (!price) throw new Error(`OxaPay fake: no price for ${symbol}`)
    return [symbol, divideDecimalsExact('1', price)]
  }),
)

export const fakeRequiredConfirmations: Readonly<Record<string, number>> = {
  Bitcoin: 2,
  ERC20: 12,
  Base: 12,
  TRC20: 19,
  BEP20: 15,
  Dogecoin: 6,
  Litecoin: 6,
  Monero: 10,
  Polygon: 64,
  Ton: 1,
  BitcoinCash: 6,
  Solana: 32,
}

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'
const BECH32 = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l'
const HEX = '0123456789abcdef'
const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'
const DIGITS = '0123456789'

/** `length` characters of `alphabet` derived from `seed` (deterministic, evenly spread). */
function derive(seed: string, alphabet: string, length: number): string {
  let out = ''
  for (let block = 0; out.length < length; block++) {
    const digest = createHash('sha512').update(`${seed}#${block}`).digest()
    for (const byte of digest) {
      if (out.length === length) break
      out += alphabet[byte % alphabet.length]
    }
  }
  return out
}

const evmNetworks = new Set(['ERC20', 'Base', 'BEP20', 'Polygon'])

/** A deposit address in the shape of `networkCode`'s addresses. */
export function fakeAddress(seed: string, networkCode: string): string {
  const s = `${seed}:${networkCode}`
  if (evmNetworks.has(networkCode)) return '0x' + derive(s, HEX, 40)
  switch (networkCode) {
    case 'Bitcoin':
      return 'bc1q' + derive(s, BECH32, 38)
    case 'TRC20':
      return 'T' + derive(s, BASE58, 33)
    case 'Dogecoin':
      return 'D' + derive(s, BASE58, 33)
    case 'Litecoin':
      return 'ltc1q' + derive(s, BECH32, 38)
    case 'Monero':
      return '8' + derive(s, BASE58, 94)
    case 'Ton':
      return 'UQ' + derive(s, BASE64URL, 46)
    case 'BitcoinCash':
      return 'bitcoincash:q' + derive(s, BECH32, 41)
    case 'Solana':
      return derive(s, BASE58, 44)
    default:
      return derive(s, BASE58, 34)
  }
}

/** Memo chains need a tag next to the address; the others get none. */
export function fakeMemo(seed: string, networkCode: string): string {
  return networkCode === 'Ton' ? '1' + derive(`${seed}:memo`, DIGITS, 9) : ''
}

export function fakeTxHash(seed: string, networkCode: string): string {
  const hash = derive(`${seed}:tx`, HEX, 64)
  return evmNetworks.has(networkCode) ? '0x' + hash : hash
}
