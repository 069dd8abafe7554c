import { useQueryClient, type QueryClient } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import { toast } from '@/lib/toast'
import {
  mergeAccountState,
  streamServerMessageSchema,
  type AccountState,
  type TradingEvent,
} from '@tp/api'
import { openStream, type StreamConnection, type StreamStatus } from '@/lib/stream-client'
import { storeAccountState } from '../api/get-account-state'
import { tradingQueryKeys } from '../api/query-keys'
import type { InstrumentSymbol } from '@tp/domain'
import type { QuoteStore } from '../utils/quote-store'

// The terminal's one live connection (WebSocket /api/stream, packages/api/src/trading.ts, through
// the app's one stream client, lib/stream-client.ts): once the server says `ready`, subscribe to
// the quotes and the account; quotes go to the quote store as they arrive (no throttling: the
// server already batches them every 100 ms), account states into the account-state query's cache,
// events become toasts. The server sends the account's whole state on subscribing, then only its
// changed parts (`account-patch`, numbered): each is merged into the state held for this socket;
// a patch that does not follow on from it (should not happen) asks for the whole state again. A dropped connection is retried with backoff and re-subscribed; the
// terminal polls the REST state meanwhile (status is not 'live').

export type { StreamStatus }
export { PING_INTERVAL_MS, RECONNECT_DELAYS_MS, streamUrl } from '@/lib/stream-client'

const errorEvents = new Set<TradingEvent['kind']>([
  'margin-call',
  'stop-out',
  'breach',
  'trading-disabled',
  'order-cancelled',
  'stop-loss',
])
const successEvents = new Set<TradingEvent['kind']>([
  'order-filled',
  'take-profit',
  'passed',
  'next-stage',
])
/** Events after which the account list changed too (a status, a new stage's account). */
const lifecycleEvents = new Set<TradingEvent['kind']>([
  'breach',
  'passed',
  'next-stage',
  'trading-disabled',
])

function showEvent(event: TradingEvent, queryClient: QueryClient) {
  const id = `${event.kind}:${event.t}:${event.accountId}`
  if (errorEvents.has(event.kind)) toast.error(event.message, { id })
  else if (successEvents.has(event.kind)) toast.success(event.message, { id })
  else toast.info(event.message, { id })
  if (lifecycleEvents.has(event.kind)) {
    void queryClient.invalidateQueries({ queryKey: tradingQueryKeys.accounts })
    void queryClient.invalidateQueries({ queryKey: tradingQueryKeys.account(event.accountId) })
  }
}

type Options = {
  /** the account whose state to receive; null receives none */
  accountId: string | null
  /** the symbols whose quotes to receive (at most 50) */
  symbols: readonly InstrumentSymbol[]
  quotes: QuoteStore
}

export function useTradingStream({ accountId, symbols, quotes }: Options): StreamStatus {
  const queryClient = useQueryClient()
  const [status, setStatus] = useState<StreamStatus>('connecting')
  const subscription = useRef({ accountId, symbols })
  const connection = useRef<StreamConnection | null>(null)
  const symbolsKey = symbols.join(',')

  // declared first, so the subscription is current before the stream below can become ready
  useEffect(() => {
    subscription.current = { accountId, symbols }
    const stream = connection.current
    if (!stream) return
    // dropped while the stream is not ready: its onReady subscribes to the current ones
    stream.send({ type: 'quotes', symbols: [...symbols] })
    stream.send({ type: 'account', accountId })
    // symbolsKey stands for the symbols' content
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [accountId, symbolsKey])

  useEffect(() => {
    /** the watched account's state as this connection's messages built it */
    let held: { state: AccountState; version: number } | null = null

    const stream = openStream({
      onStatus: setStatus,
      // the terminal shows prices and balances it trades on: every message is held to the contract
      parse: (raw) => {
        const parsed = streamServerMessageSchema.safeParse(raw)
        return parsed.success ? parsed.data : null
      },
      onReady: (ready) => {
        held = null
        const current = subscription.current
        ready.send({ type: 'quotes', symbols: [...current.symbols] })
        ready.send({ type: 'account', accountId: current.accountId })
      },
      onMessage: (message, ready) => {
        switch (message.type) {
          case 'quotes':
            quotes.apply(message.quotes)
            return
          case 'account':
            held = { state: message.state, version: message.version ?? 0 }
            storeAccountState(queryClient, message.state)
            return
          case 'account-patch': {
            if (message.accountId !== subscription.current.accountId) return // an earlier account's
            if (!held || held.state.account.id !== message.accountId) return
            if (held.version !== message.version - 1) {
              held = null
              ready.send({ type: 'account', accountId: message.accountId })
              return
            }
            held = {
              state: mergeAccountState(held.state, message.parts),
              version: message.version,
            }
            storeAccountState(queryClient, held.state)
            return
          }
          case 'event':
            showEvent(message.event, queryClient)
            return
          default:
            // pong; errors answer a malformed subscription, which the next one replaces
            return
        }
      },
    })
    connection.current = stream

    return () => {
      connection.current = null
      stream.close()
    }
  }, [queryClient, quotes])

  return status
}
