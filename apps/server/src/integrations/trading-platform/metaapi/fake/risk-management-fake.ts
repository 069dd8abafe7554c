import { randomUUID } from 'node:crypto'
import type { FastifyInstance, FastifyReply } from 'fastify'
import { z } from 'zod'
import { trackerPeriods } from '../metaapi-wire'

// The MetaApi fake's risk management (equity tracking) API under `/risk` (contracts/integrations.md
// 3.5, decision 0048): trackers per account (create, list, get, get by name, rename, delete), the
// tracker events history by broker time, and the long-poll stream, which answers the events after
// `previousSequenceNumber` at once, or holds the request until one comes or its wait ends (then
// an empty list). Events are made as MetaApi makes them: when an account's equity (moved from the
// control page, a trade, a position) takes a tracker's drawdown or profit of its period past the
// tracker's threshold; a tracker fires once per crossing (again only after it came back under).
// A period's start is the balance when the tracker was created (`lifetime`) or when the UTC day
// began (`day`, the fake's broker time being UTC). The auth-token and the fault injection (429
// with Retry-After) are the fake's, shared with its other APIs.

export type FakeTracker = {
  id: string
  accountId: string
  name: string
  period: (typeof trackerPeriods)[number]
  absoluteDrawdownThreshold?: number
  relativeDrawdownThreshold?: number
  absoluteProfitThreshold?: number
  relativeProfitThreshold?: number
  /** the balance the period started from (cents) */
  startCents: number
  /** when the period started (ms) */
  startMs: number
  isDrawdownExceeded: boolean
  isProfitExceeded: boolean
}

export type FakeTrackerEvent = {
  sequenceNumber: number
  accountId: string
  trackerId: string
  startBrokerTime: string
  period: string
  brokerTime: string
  absoluteDrawdown: number
  relativeDrawdown: number
  absoluteProfit: number
  relativeProfit: number
  exceededThresholdType: 'profit' | 'drawdown'
}

type Waiter = {
  after: number
  accountId: string | undefined
  trackerId: string | undefined
  limit: number
  answer: (events: FakeTrackerEvent[]) => void
}

/** What the risk API needs of the rest of the fake. */
export type RiskFakeDeps = {
  sendError: (
    reply: FastifyReply,
    status: number,
    error: string,
    message: string,
    extra?: Record<string, unknown>,
  ) => unknown
  /** a MetaApi account (not removed): its broker's balance and equity in cents */
  account: (id: string) => {
    riskManagementApiEnabled: boolean
    balanceCents: () => number
    equityCents: () => number
  } | null
  /** how long the stream holds a request without events; default 25 s */
  streamHoldMs?: number
}

const brokerTime = (ms: number) => new Date(ms).toISOString().replace('T', ' ').slice(0, 23)

const dayStartMs = (ms: number) => ms - (ms % 86_400_000)

const newTrackerSchema = z
  .object({
    name: z.string().min(1).max(255),
    period: z.enum(trackerPeriods),
    startBrokerTime: z.string().optional(),
    endBrokerTime: z.string().optional(),
    absoluteDrawdownThreshold: z.number().positive().optional(),
    relativeDrawdownThreshold: z.number().positive().max(1).optional(),
    absoluteProfitThreshold: z.number().positive().optional(),
    relativeProfitThreshold: z.number().positive().optional(),
  })
  .refine(
    (t) =>
      t.absoluteDrawdownThreshold !== undefined ||
      t.relativeDrawdownThreshold !== undefined ||
      t.absoluteProfitThreshold !== undefined ||
      t.relativeProfitThreshold !== undefined,
    { message: 'a tracker needs a drawdown or profit threshold' },
  )

const streamQuerySchema = z.object({
  previousSequenceNumber: z.coerce.number().int().min(0).optional(),
  accountId: z.string().optional(),
  trackerId: z.string().optional(),
  limit: z.coerce.number().int().positive().max(1000).default(1000),
})

export function registerRiskManagementFake(app: FastifyInstance, deps: RiskFakeDeps) {
  const trackers = new Map<string, FakeTracker>()
  const events: FakeTrackerEvent[] = []
  const waiters = new Set<Waiter>()
  const holdMs = deps.streamHoldMs ?? 25_000
  const base = '/risk/users/current'

  const matching = (after: number, accountId?: string, trackerId?: string, limit = 1000) =>
    events
      .filter(
        (e) =>
          e.sequenceNumber > after &&
          (!accountId || e.accountId === accountId) &&
          (!trackerId || e.trackerId === trackerId),
      )
      .slice(0, limit)

  const wireTracker = (t: FakeTracker) => ({
    _id: t.id,
    name: t.name,
    accountId: t.accountId,
    period: t.period,
    ...(t.absoluteDrawdownThreshold !== undefined
      ? { absoluteDrawdownThreshold: t.absoluteDrawdownThreshold }
      : {}),
    ...(t.relativeDrawdownThreshold !== undefined
      ? { relativeDrawdownThreshold: t.relativeDrawdownThreshold }
      : {}),
    ...(t.absoluteProfitThreshold !== undefined
      ? { absoluteProfitThreshold: t.absoluteProfitThreshold }
      : {}),
    ...(t.relativeProfitThreshold !== undefined
      ? { relativeProfitThreshold: t.relativeProfitThreshold }
      : {}),
  })

  const trackersOf = (accountId: string) =>
    [...trackers.values()].filter((t) => t.accountId === accountId)

  /** the account behind a risk call, or the error MetaApi answers */
  function riskAccount(reply: FastifyReply, id: string) {
    const account = deps.account(id)
    if (!account) {
      void deps.sendError(reply, 404, 'NotFoundError', 'Account not found')
      return null
    }
    if (!account.riskManagementApiEnabled) {
      void deps.sendError(
        reply,
        403,
        'ForbiddenError',
        'Risk management API is not enabled for this account',
      )
      return null
    }
    return account
  }

  app.post<{ Params: { id: string } }>(`${base}/accounts/:id/trackers`, async (request, reply) => {
    const account = riskAccount(reply, request.params.id)
    if (!account) return reply
    const body = newTrackerSchema.safeParse(request.body)
    if (!body.success) {
      return deps.sendError(reply, 400, 'ValidationError', 'Validation failed', {
        details: body.error.issues,
      })
    }
    if (trackersOf(request.params.id).some((t) => t.name === body.data.name)) {
      return deps.sendError(reply, 409, 'ConflictError', 'A tracker with this name exists')
    }
    const nowMs = Date.now()
    const tracker: FakeTracker = {
      id: randomUUID(),
      accountId: request.params.id,
      name: body.data.name,
      period: body.data.period,
      ...(body.data.absoluteDrawdownThreshold !== undefined
        ? { absoluteDrawdownThreshold: body.data.absoluteDrawdownThreshold }
        : {}),
      ...(body.data.relativeDrawdownThreshold !== undefined
        ? { relativeDrawdownThreshold: body.data.relativeDrawdownThreshold }
        : {}),
      ...(body.data.absoluteProfitThreshold !== undefined
        ? { absoluteProfitThreshold: body.data.absoluteProfitThreshold }
        : {}),
      ...(body.data.relativeProfitThreshold !== undefined
        ? { relativeProfitThreshold: body.data.relativeProfitThreshold }
        : {}),
      startCents: account.balanceCents(),
      startMs: body.data.period === 'day' ? dayStartMs(nowMs) : nowMs,
      isDrawdownExceeded: false,
      isProfitExceeded: false,
    }
    trackers.set(tracker.id, tracker)
    return reply.code(201).send({ id: tracker.id })
  })

  app.get<{ Params: { id: string } }>(`${base}/accounts/:id/trackers`, async (request, reply) => {
    if (!riskAccount(reply, request.params.id)) return reply
    return trackersOf(request.params.id).map(wireTracker)
  })

  app.get<{ Params: { id: string; name: string } }>(
    `${base}/accounts/:id/trackers/name/:name`,
    async (request, reply) => {
      if (!riskAccount(reply, request.params.id)) return reply
      const tracker = trackersOf(request.params.id).find((t) => t.name === request.params.name)
      if (!tracker) return deps.sendError(reply, 404, 'NotFoundError', 'Tracker not found')
      return wireTracker(tracker)
    },
  )

  app.get<{ Params: { id: string; trackerId: string } }>(
    `${base}/accounts/:id/trackers/:trackerId`,
    async (request, reply) => {
      if (!riskAccount(reply, request.params.id)) return reply
      const tracker = trackers.get(request.params.trackerId)
      if (!tracker || tracker.accountId !== request.params.id) {
        return deps.sendError(reply, 404, 'NotFoundError', 'Tracker not found')
      }
      return wireTracker(tracker)
    },
  )

  app.put<{ Params: { id: string; trackerId: string } }>(
    `${base}/accounts/:id/trackers/:trackerId`,
    async (request, reply) => {
      if (!riskAccount(reply, request.params.id)) return reply
      const tracker = trackers.get(request.params.trackerId)
      if (!tracker || tracker.accountId !== request.params.id) {
        return deps.sendError(reply, 404, 'NotFoundError', 'Tracker not found')
      }
      const body = z.object({ name: z.string().min(1).max(255) }).safeParse(request.body)
      if (!body.success) return deps.sendError(reply, 400, 'ValidationError', 'name is required')
      tracker.name = body.data.name
      return reply.code(204).send()
    },
  )

  app.delete<{ Params: { id: string; trackerId: string } }>(
    `${base}/accounts/:id/trackers/:trackerId`,
    async (request, reply) => {
      if (!deps.account(request.params.id)) {
        return deps.sendError(reply, 404, 'NotFoundError', 'Account not found')
      }
      const tracker = trackers.get(request.params.trackerId)
      if (!tracker || tracker.accountId !== request.params.id) {
        return deps.sendError(reply, 404, 'NotFoundError', 'Tracker not found')
      }
      trackers.delete(tracker.id)
      return reply.code(204).send()
    },
  )

  app.get<{
    Querystring: {
      startBrokerTime?: string
      endBrokerTime?: string
      accountId?: string
      trackerId?: string
      limit?: string
    }
  }>(`${base}/tracker-events/by-broker-time`, async (request, reply) => {
    const { startBrokerTime, endBrokerTime, accountId, trackerId } = request.query
    if (!startBrokerTime || !endBrokerTime) {
      return deps.sendError(reply, 400, 'ValidationError', 'startBrokerTime and endBrokerTime')
    }
    const limit = Math.min(Number(request.query.limit ?? 1000) || 1000, 1000)
    return events
      .filter(
        (e) =>
          e.brokerTime >= startBrokerTime &&
          e.brokerTime <= endBrokerTime &&
          (!accountId || e.accountId === accountId) &&
          (!trackerId || e.trackerId === trackerId),
      )
      .slice(0, limit)
  })

  app.get(`${base}/tracker-events/stream`, async (request, reply) => {
    const query = streamQuerySchema.safeParse(request.query)
    if (!query.success) return deps.sendError(reply, 400, 'ValidationError', 'Invalid query')
    const { previousSequenceNumber, accountId, trackerId, limit } = query.data
    const after = previousSequenceNumber ?? 0
    const ready = matching(after, accountId, trackerId, limit)
    if (ready.length > 0) return ready
    // held until an event comes, the wait ends, or the client goes away
    return new Promise<FakeTrackerEvent[]>((resolve) => {
      const waiter: Waiter = {
        after,
        accountId,
        trackerId,
        limit,
        answer: (found) => {
          waiters.delete(waiter)
          clearTimeout(timer)
          resolve(found)
        },
      }
      const timer = setTimeout(() => waiter.answer([]), holdMs)
      request.raw.once('close', () => {
        if (waiters.has(waiter)) waiter.answer([])
      })
      waiters.add(waiter)
    })
  })

  function publish(event: FakeTrackerEvent) {
    events.push(event)
    for (const waiter of [...waiters]) {
      const found = matching(waiter.after, waiter.accountId, waiter.trackerId, waiter.limit)
      if (found.length > 0) waiter.answer(found)
    }
  }

  return {
    trackers,
    events,
    /** Checks an account's trackers against its equity now: an event per new crossing. */
    check(accountId: string) {
      const account = deps.account(accountId)
      if (!account?.riskManagementApiEnabled) return
      const nowMs = Date.now()
      const equity = account.equityCents()
      for (const tracker of trackersOf(accountId)) {
        if (tracker.period === 'day' && dayStartMs(nowMs) > tracker.startMs) {
          tracker.startMs = dayStartMs(nowMs)
          tracker.startCents = account.balanceCents()
          tracker.isDrawdownExceeded = false
          tracker.isProfitExceeded = false
        }
        const drawdown = Math.max(0, tracker.startCents - equity) / 100
        const profit = Math.max(0, equity - tracker.startCents) / 100
        const start = tracker.startCents / 100
        const relativeDrawdown = start > 0 ? drawdown / start : 0
        const relativeProfit = start > 0 ? profit / start : 0
        const isDrawdown =
          (tracker.absoluteDrawdownThreshold !== undefined &&
            drawdown >= tracker.absoluteDrawdownThreshold) ||
          (tracker.relativeDrawdownThreshold !== undefined &&
            relativeDrawdown >= tracker.relativeDrawdownThreshold)
        const isProfit =
          (tracker.absoluteProfitThreshold !== undefined &&
            profit >= tracker.absoluteProfitThreshold) ||
          (tracker.relativeProfitThreshold !== undefined &&
            relativeProfit >= tracker.relativeProfitThreshold)
        const fire = (type: 'drawdown' | 'profit') =>
          publish({
            sequenceNumber: events.length + 1,
            accountId,
            trackerId: tracker.id,
            startBrokerTime: brokerTime(tracker.startMs),
            period: tracker.period,
            brokerTime: brokerTime(nowMs),
            absoluteDrawdown: drawdown,
            relativeDrawdown,
            absoluteProfit: profit,
            relativeProfit,
            exceededThresholdType: type,
          })
        if (isDrawdown && !tracker.isDrawdownExceeded) fire('drawdown')
        if (isProfit && !tracker.isProfitExceeded) fire('profit')
        tracker.isDrawdownExceeded = isDrawdown
        tracker.isProfitExceeded = isProfit
      }
    },
    /** answers every held stream request (the fake closes) */
    release() {
      for (const waiter of [...waiters]) waiter.answer([])
    },
  }
}

export type RiskManagementFake = ReturnType<typeof registerRiskManagementFake>
