import { randomInt } from 'node:crypto'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { z } from 'zod'
import { findCryptoCurrency, findCryptoNetwork } from '@tp/api'
import type { Clock } from '../../../lib/clock'
import { safeEqual } from '../../../lib/crypto'
import {
  compareDecimals,
  decimalToJsonNumber,
  isDecimalString,
  toDecimalString,
} from '../exact-decimal'
import { signOxaPayBody } from '../oxapay-callback'
import { fakeTxHash } from './fake-wallets'

// The fake's payout API (OxaPay v1 "Generate Payout", "Payout Information", "Payout History"):
// POST /v1/payout, GET /v1/payout/{track_id}, GET /v1/payout, authenticated by the
// `payout_api_key` header; a payout moves processing -> confirming -> confirmed and each move is
// called back to its callback_url, signed with HMAC-SHA512 of the payout key (like the payment
// callbacks). By default the fake confirms a payout by itself after `autoConfirmMs`; tests move
// them by hand (`setPayoutStatus`) and send duplicate or forged callbacks (`sendPayoutCallback`).

export const fakePayoutStatuses = ['processing', 'confirming', 'confirmed', 'rejected'] as const
export type FakePayoutStatus = (typeof fakePayoutStatuses)[number]

export type FakeOxaPayPayout = {
  trackId: string
  status: FakePayoutStatus
  address: string
  currency: string
  network: string
  amount: string
  memo: string
  description: string
  callbackUrl: string
  txHash: string
  date: number
}

export type FakePayoutDelivery = { status: number | null; body: string; rawBody: string }

export type FakePayouts = {
  payouts(): FakeOxaPayPayout[]
  setPayoutStatus(trackId: string, status: FakePayoutStatus): FakeOxaPayPayout
  /** POSTs the signed callback of the payout's state; `tamper` alters the body after signing. */
  sendPayoutCallback(trackId: string, options?: { tamper?: boolean }): Promise<FakePayoutDelivery>
  close(): void
}

const VERSION = '1.0.0'
const ok = (data: unknown) => ({
  data,
  message: 'Operation completed successfully!',
  error: {},
  status: 200,
  version: VERSION,
})
const refuse = (reply: FastifyReply, status: number, key: string, message: string) =>
  reply.code(status).send({
    data: {},
    message,
    error: { type: status === 401 ? 'authentication_error' : 'validation_error', key, message },
    status,
    version: VERSION,
  })

const capitalise = (status: string) => status.charAt(0).toUpperCase() + status.slice(1)

export function registerFakePayouts(
  app: FastifyInstance,
  options: { payoutApiKey: string; clock: Clock; autoConfirmMs: number | null },
): FakePayouts {
  const store = new Map<string, FakeOxaPayPayout>()
  const timers = new Set<NodeJS.Timeout>()
  const nowSeconds = () => Math.floor(options.clock.now().getTime() / 1000)

  const isPayoutKey = (request: FastifyRequest) => {
    const key = request.headers['payout_api_key']
    return typeof key === 'string' && safeEqual(key, options.payoutApiKey)
  }

  const info = (payout: FakeOxaPayPayout) => ({
    track_id: payout.trackId,
    address: payout.address,
    currency: payout.currency,
    network: payout.network,
    amount: decimalToJsonNumber(payout.amount),
    fee: 0,
    status: payout.status,
    type: 'external',
    tx_hash: payout.status === 'processing' ? '' : payout.txHash,
    description: payout.description,
    memo: payout.memo,
    date: payout.date,
  })

  function find(trackId: string): FakeOxaPayPayout {
    const payout = store.get(trackId)
    if (!payout) throw new Error(`no payout ${trackId}`)
    return payout
  }

  function setPayoutStatus(trackId: string, status: FakePayoutStatus): FakeOxaPayPayout {
    const payout = find(trackId)
    payout.status = status
    return { ...payout }
  }

  async function sendPayoutCallback(
    trackId: string,
    callbackOptions: { tamper?: boolean } = {},
  ): Promise<FakePayoutDelivery> {
    const payout = find(trackId)
    const body = JSON.stringify({
      track_id: payout.trackId,
      type: 'payout',
      status: capitalise(payout.status),
      amount: decimalToJsonNumber(payout.amount),
      currency: payout.currency,
      network: payout.network,
      address: payout.address,
      tx_hash: payout.status === 'processing' ? '' : payout.txHash,
      description: payout.description,
      date: nowSeconds(),
    })
    const signature = signOxaPayBody(body, options.payoutApiKey)
    const sent = callbackOptions.tamper ? body.replace(payout.address, 'TForgedAddress') : body
    try {
      const response = await fetch(payout.callbackUrl, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', HMAC: signature },
        body: sent === body && callbackOptions.tamper ? `${body} ` : sent,
        signal: AbortSignal.timeout(10_000),
      })
      return { status: response.status, body: await response.text(), rawBody: sent }
    } catch {
      return { status: null, body: '', rawBody: sent }
    }
  }

  function later(ms: number, run: () => Promise<void>) {
    const timer = setTimeout(() => {
      timers.delete(timer)
      void run().catch(() => {})
    }, ms)
    timer.unref()
    timers.add(timer)
  }

  app.post('/v1/payout', async (request, reply) => {
    if (!isPayoutKey(request))
      return refuse(reply, 401, 'payout_api_key', 'The payout API key is invalid.')
    const body = (request.body ?? {}) as Record<string, unknown>
    const coin = typeof body.currency === 'string' ? findCryptoCurrency(body.currency) : undefined
    if (!coin) return refuse(reply, 400, 'currency', 'The selected currency is invalid.')
    const network = findCryptoNetwork(coin, typeof body.network === 'string' ? body.network : null)
    if (!network) return refuse(reply, 400, 'network', 'The selected network is invalid.')
    if (typeof body.address !== 'string' || body.address.trim() === '') {
      return refuse(reply, 400, 'address', 'The address field is required.')
    }
    const rawAmount = typeof body.amount === 'number' ? String(body.amount) : body.amount
    if (typeof rawAmount !== 'string' || !isDecimalString(rawAmount)) {
      return refuse(reply, 400, 'amount', 'The amount must be a number.')
    }
    const amount = toDecimalString(rawAmount)
    if (compareDecimals(amount, '0') <= 0) {
      return refuse(reply, 400, 'amount', 'The amount must be greater than 0.')
    }
    let trackId: string
    do trackId = String(randomInt(100_000_000, 1_000_000_000))
    while (store.has(trackId))
    const payout: FakeOxaPayPayout = {
      trackId,
      status: 'processing',
      address: body.address.trim(),
      currency: coin.symbol,
      network: network.code,
      amount,
      memo: typeof body.memo === 'string' ? body.memo : '',
      description: typeof body.description === 'string' ? body.description : '',
      callbackUrl: typeof body.callback_url === 'string' ? body.callback_url : '',
      txHash: fakeTxHash(trackId, network.code),
      date: nowSeconds(),
    }
    store.set(trackId, payout)
    if (options.autoConfirmMs !== null && payout.callbackUrl) {
      later(options.autoConfirmMs, async () => {
        setPayoutStatus(trackId, 'confirming')
        await sendPayoutCallback(trackId)
        setPayoutStatus(trackId, 'confirmed')
        await sendPayoutCallback(trackId)
      })
    }
    return ok({ track_id: trackId, status: 'processing' })
  })

  app.get('/v1/payout/:track_id', async (request, reply) => {
    if (!isPayoutKey(request))
      return refuse(reply, 401, 'payout_api_key', 'The payout API key is invalid.')
    const payout = store.get((request.params as { track_id: string }).track_id)
    if (!payout) return refuse(reply, 404, 'track_id', 'The payout was not found.')
    return ok(info(payout))
  })

  app.get('/v1/payout', async (request, reply) => {
    if (!isPayoutKey(request))
      return refuse(reply, 401, 'payout_api_key', 'The payout API key is invalid.')
    const query = z
      .object({
        status: z.string().optional(),
        size: z.coerce.number().int().min(1).max(200).default(50),
      })
      .safeParse(request.query ?? {})
    if (!query.success) return refuse(reply, 400, 'size', 'The size must be between 1 and 200.')
    const list = [...store.values()]
      .filter((p) => !query.data.status || p.status === query.data.status.toLowerCase())
      .reverse()
      .slice(0, query.data.size)
      .map(info)
    return ok({ list, meta: { page: 1, last_page: 1, total: list.length } })
  })

  app.post('/__control/payouts/:trackId/status', async (request, reply) => {
    const parsed = z
      .object({ status: z.enum(fakePayoutStatuses), notify: z.boolean().optional() })
      .safeParse(request.body ?? {})
    if (!parsed.success) return reply.code(400).send({ error: parsed.error.message })
    const { trackId } = request.params as { trackId: string }
    if (!store.has(trackId)) return reply.code(404).send({ error: `no payout ${trackId}` })
    const payout = setPayoutStatus(trackId, parsed.data.status)
    const callback = parsed.data.notify ? await sendPayoutCallback(trackId) : null
    return { payout, callback }
  })
  app.get('/__control/payouts', async () => ({ payouts: [...store.values()] }))

  return {
    payouts: () => [...store.values()].map((p) => ({ ...p })),
    setPayoutStatus,
    sendPayoutCallback,
    close() {
      for (const timer of timers) clearTimeout(timer)
      timers.clear()
    },
  }
}
