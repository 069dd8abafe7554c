// The crypto currencies and networks the product offers (product-spec 9.4), in the spec's order.
// A network `code` is the label the checkout shows and sends back as `network`; `name` is how
// OxaPay spells the network in answers ("Tron Network"): the contract leaves the naming open
// (contracts/integrations.md 2.7), so the code is the value we send and anything is accepted back.
// The checkout shows exactly this list, the server checks a buyer's choice against it, and the
// local fake of OxaPay serves it.

export type CryptoNetwork = { code: string; name: string }
export type CryptoCurrency = {
  symbol: string
  name: string
  networks: readonly CryptoNetwork[]
  /**
   * false when the spec lists the coin without network labels (DOGE, LTC, XMR, TON, BCH, SOL):
   * the checkout shows no picker and sends no network; OxaPay uses the coin's only network.
   */
  hasNetworkChoice: boolean
}

const net = {
  bitcoin: { code: 'Bitcoin', name: 'Bitcoin Network' },
  erc20: { code: 'ERC20', name: 'Ethereum Network' },
  base: { code: 'Base', name: 'Base Network' },
  trc20: { code: 'TRC20', name: 'Tron Network' },
  bep20: { code: 'BEP20', name: 'Binance Smart Chain' },
  dogecoin: { code: 'Dogecoin', name: 'Dogecoin Network' },
  litecoin: { code: 'Litecoin', name: 'Litecoin Network' },
  monero: { code: 'Monero', name: 'Monero Network' },
  polygon: { code: 'Polygon', name: 'Polygon Network' },
  ton: { code: 'Ton', name: 'Ton Network' },
  bitcoinCash: { code: 'BitcoinCash', name: 'Bitcoin Cash Network' },
  solana: { code: 'Solana', name: 'Solana Network' },
} satisfies Record<string, CryptoNetwork>

const withChoice = (symbol: string, name: string, networks: CryptoNetwork[]): CryptoCurrency => ({
  symbol,
  name,
  networks,
  hasNetworkChoice: true,
})
const single = (symbol: string, name: string, network: CryptoNetwork): CryptoCurrency => ({
  symbol,
  name,
  networks: [network],
  hasNetworkChoice: false,
})

export const productCryptoCurrencies: readonly CryptoCurrency[] = [
  withChoice('BTC', 'Bitcoin', [net.bitcoin]),
  withChoice('ETH', 'Ethereum', [net.erc20, net.base]),
  withChoice('USDC', 'USD Coin', [net.erc20]),
  withChoice('TRX', 'Tron', [net.trc20]),
  withChoice('BNB', 'BNB', [net.bep20]),
  single('DOGE', 'Dogecoin', net.dogecoin),
  single('LTC', 'Litecoin', net.litecoin),
  single('XMR', 'Monero', net.monero),
  withChoice('USDT', 'Tether', [net.bep20, net.erc20, net.trc20, net.polygon, net.ton]),
  single('TON', 'Toncoin', net.ton),
  withChoice('POL', 'Polygon', [net.polygon]),
  single('BCH', 'Bitcoin Cash', net.bitcoinCash),
  withChoice('SHIB', 'Shiba Inu', [net.bep20]),
  single('SOL', 'Solana', net.solana),
  withChoice('NOT', 'Notcoin', [net.ton]),
  withChoice('DOGS', 'Dogs', [net.ton]),
  withChoice('DAI', 'Dai', [net.polygon]),
]

/** Every network the product uses, once each, in first-seen order. */
export const productCryptoNetworks: readonly CryptoNetwork[] = [
  ...new Map(
    productCryptoCurrencies.flatMap((c) => c.networks).map((n) => [n.code, n] as const),
  ).values(),
]

export function findCryptoCurrency(symbol: string): CryptoCurrency | undefined {
  const wanted = symbol.trim().toUpperCase()
  return productCryptoCurrencies.find((c) => c.symbol === wanted)
}

/**
 * The currency's network named by `network` (its code or OxaPay's name, any casing), its first
 * network when `network` is omitted (spec 5: "defaulting to the first network of the currency"),
 * or undefined when the currency does not run on that network.
 */
export function findCryptoNetwork(
  currency: CryptoCurrency,
  network?: string | null,
): CryptoNetwork | undefined {
  if (network === undefined || network === null || network.trim() === '') {
    return currency.networks[0]
  }
  const wanted = network.trim().toLowerCase()
  return currency.networks.find(
    (n) => n.code.toLowerCase() === wanted || n.name.toLowerCase() === wanted,
  )
}
