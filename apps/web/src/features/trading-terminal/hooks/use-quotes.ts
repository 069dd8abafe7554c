import { createContext, useContext, useSyncExternalStore } from 'react'
import type { QuoteDto } from '@tp/api'
import type { QuoteStore } from '../utils/quote-store'

/** The terminal's live quote book; the terminal provides one, fed by the stream. */
export const QuoteStoreContext = createContext<QuoteStore | null>(null)

export function useQuoteStore(): QuoteStore {
  const store = useContext(QuoteStoreContext)
  if (!store) throw new Error('useQuoteStore needs a QuoteStoreContext provider')
  return store
}

/** The latest quote of one symbol; re-renders only when that symbol moves. */
export function useQuote(symbol: string): QuoteDto | undefined {
  const store = useQuoteStore()
  return useSyncExternalStore(store.subscribe, () => store.get(symbol))
}

/** Every quote (for conversions through other pairs); re-renders on every tick. */
export function useQuoteBook(): ReadonlyMap<string, QuoteDto> {
  const store = useQuoteStore()
  return useSyncExternalStore(store.subscribe, () => store.getBook())
}
