import type {
  AdminCalendarResponse,
  CalendarEventsResponse,
  CalendarImportSummary,
  EconomicEvent,
  NewsViolationsResponse,
} from '@tp/api/calendar'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditLog, economicEvents, newsViolations } from '../src/db/schema'
import { createCalendarFeed } from '../src/integrations/economic-calendar/calendar-feed'
import {
  startCalendarFeedFake,
  type CalendarFeedFake,
} from '../src/integrations/economic-calendar/fake/calendar-feed-fake'
import { createTestApp, waitFor, type TestApp, type TestUser } from './support'

// The economic calendar (issue 14 item 10, decision 0037): admin management (audited), CSV and
// ICS imports (previewed, idempotent), the feed adapter against its fake over HTTP and the
// "Sync now" route, the trader's endpoint with the news rule's accounts, and the news rule in the
// live risk: an Instant Funding trade within 2 minutes of a high-impact event of the instrument's
// currencies is recorded with its evidence and mailed; a Two Phase one is not.

let app: TestApp
let feed: CalendarFeedFake
let admin: TestUser
let trader: TestUser

const iso = (ms: number) => new Date(ms).toISOString()
const T = () => app.clock.now().getTime()
const HOUR = 3_600_000

beforeAll(async () => {
  feed = await startCalendarFeedFake()
  app = await createTestApp({ env: { ECONOMIC_CALENDAR_FEED_URL: feed.jsonUrl } })
  admin = await app.createUser({ role: 'admin' })
  trader = await app.createUser({ name: 'Nora News' })
})
afterAll(async () => {
  await app?.close()
  await feed?.close()
})

const importFile = (format: 'csv' | 'ics', content: string, dryRun = false) =>
  app.post<{ data: CalendarImportSummary }>(
    '/api/admin/calendar/import',
    { format, content, dryRun },
    { token: admin.token },
  )
const rowsOf = (source: 'csv' | 'ics' | 'feed' | 'manual') =>
  app.db.select().from(economicEvents).where(eq(economicEvents.source, source))

describe('admin routes', () => {
  it('refuse traders', async () => {
    const calls = [
      app.get('/api/admin/calendar/events', { token: trader.token }),
      app.post('/api/admin/calendar/events', {}, { token: trader.token }),
      app.post('/api/admin/calendar/import', {}, { token: trader.token }),
      app.post('/api/admin/calendar/sync', {}, { token: trader.token }),
    ]
    for (const response of await Promise.all(calls)) expect(response.status).toBe(403)
  })

  it('create, edit and delete an event, each audited; bad input is a 422 with its message', async () => {
    const bad = await app.post<{ message: string }>(
      '/api/admin/calendar/events',
      { time: 'tomorrow', currency: 'US', title: '', impact: 'huge' },
      { token: admin.token },
    )
    expect(bad.status).toBe(422)

    const created = await app.post<{ event: EconomicEvent }>(
      '/api/admin/calendar/events',
      { time: iso(T() + 5 * HOUR), currency: 'chf', title: 'SNB Policy Rate', impact: 'high' },
      { token: admin.token },
    )
    expect(created.status).toBe(201)
    expect(created.body.event).toMatchObject({ currency: 'CHF', source: 'manual' })
    const id = created.body.event.id

    const edited = await app.request<{ event: EconomicEvent }>(
      'PUT',
      `/api/admin/calendar/events/${id}`,
      {
        token: admin.token,
        body: {
          time: iso(T() + 6 * HOUR),
          currency: 'CHF',
          title: 'SNB Rate',
          impact: 'medium',
          reason: 'Title and impact as published',
        },
      },
    )
    expect(edited.status).toBe(200)
    expect(edited.body.event).toMatchObject({ title: 'SNB Rate', impact: 'medium' })

    // a deleted event stops restricting trades: the delete says why (decision 0055)
    const unexplained = await app.request('DELETE', `/api/admin/calendar/events/${id}`, {
      token: admin.token,
      body: {},
    })
    expect(unexplained.status).toBe(422)
    const removed = await app.request('DELETE', `/api/admin/calendar/events/${id}`, {
      token: admin.token,
      body: { reason: 'Cancelled by the SNB' },
    })
    expect(removed.status).toBe(200)
    const again = await app.request('DELETE', `/api/admin/calendar/events/${id}`, {
      token: admin.token,
      body: { reason: 'Cancelled by the SNB' },
    })
    expect(again.status).toBe(404)

    const audits = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'economic-event'), eq(auditLog.targetId, id)))
    expect(
      audits
        .map((a) => [a.action, a.actorUserId, a.reason])
        .sort(([a], [b]) => String(a).localeCompare(String(b))),
    ).toEqual([
      // no reason given to add it: the entry says how it came
      ['calendar.event-created', admin.user.id, 'Added by hand'],
      ['calendar.event-deleted', admin.user.id, 'Cancelled by the SNB'],
      ['calendar.event-updated', admin.user.id, 'Title and impact as published'],
    ])
  })
})

describe('CSV import', () => {
  const base = T0()
  function T0() {
    return Date.parse('2030-03-04T00:00:00Z')
  }
  const csv = [
    'time,currency,title,impact,uid',
    `${iso(base + 13.5 * HOUR)},USD,Non-Farm Employment Change,High,nfp-2030-03`,
    `${iso(base + 14 * HOUR)},eur,German Factory Orders,medium,`,
    `not a time,USD,Broken,High,`,
    `${iso(base + 15 * HOUR)},EURO,Bad currency,High,`,
    `${iso(base + 16 * HOUR)},GBP,Odd impact,Holiday,`,
    `${iso(base + 13.5 * HOUR)},USD,Non-Farm Employment Change,High,nfp-2030-03`,
  ].join('\n')

  it('previews without writing, then imports, and a re-import changes nothing', async () => {
    const preview = await importFile('csv', csv, true)
    expect(preview.status).toBe(200)
    expect(preview.body.data).toMatchObject({ dryRun: true, created: 2, updated: 0, unchanged: 0 })
    expect(preview.body.data.skipped.map((s) => [s.at, s.reason])).toEqual([
      [4, 'no time, or not a valid instant'],
      [5, 'no three-letter currency'],
      [6, 'impact is not high, medium or low'],
      [7, 'the same event appears earlier in the file'],
    ])
    expect(await rowsOf('csv')).toHaveLength(0)

    const first = await importFile('csv', csv)
    expect(first.body.data).toMatchObject({ dryRun: false, created: 2, updated: 0, unchanged: 0 })
    const second = await importFile('csv', csv)
    expect(second.body.data).toMatchObject({ created: 0, updated: 0, unchanged: 2 })
    expect(await rowsOf('csv')).toHaveLength(2)

    // the same uid with a new time is an update of that event
    const moved = csv.replace(
      `${iso(base + 13.5 * HOUR)},USD,Non-Farm Employment Change,High,nfp-2030-03`,
      `${iso(base + 13.75 * HOUR)},USD,Non-Farm Employment Change,High,nfp-2030-03`,
    )
    const third = await importFile('csv', moved)
    expect(third.body.data).toMatchObject({ created: 0, updated: 1, unchanged: 1 })
    const [nfp] = (await rowsOf('csv')).filter((r) => r.sourceUid === 'nfp-2030-03')
    expect(nfp!.time.toISOString()).toBe(iso(base + 13.75 * HOUR))
  })

  it('refuses a file without the columns with a clear message', async () => {
    const response = await importFile('csv', 'when,what\n2030-01-01,x')
    expect(response.status).toBe(422)
    expect((response.body as unknown as { message: string }).message).toMatch(/columns time/)
  })
})

describe('ICS import', () => {
  const ics = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//test//EN',
    'BEGIN:VEVENT',
    'UID:fomc-2030-03-18@example',
    'DTSTAMP:20300101T000000Z',
    'DTSTART:20300318T180000Z',
    'SUMMARY:USD - FOMC Statement',
    'CATEGORIES:High',
    'END:VEVENT',
    'BEGIN:VEVENT',
    'UID:ecb-2030-03-12@example',
    'DTSTAMP:20300101T000000Z',
    'DTSTART;TZID=Europe/Berlin:20300312T141500',
    'SUMMARY:[EUR] ECB Main Refinancing Rate',
    'PRIORITY:1',
    'END:VEVENT',
    'BEGIN:VEVENT',
    'UID:holiday@example',
    'DTSTAMP:20300101T000000Z',
    'DTSTART;VALUE=DATE:20300317',
    'SUMMARY:JPY - Bank Holiday',
    'END:VEVENT',
    'END:VCALENDAR',
    '',
  ].join('\r\n')

  it('reads UIDs, zones and impacts, skips all-day entries, and is idempotent', async () => {
    const first = await importFile('ics', ics)
    expect(first.status).toBe(200)
    expect(first.body.data).toMatchObject({ created: 2, updated: 0, unchanged: 0 })
    expect(first.body.data.skipped).toEqual([
      { at: 3, label: 'Bank Holiday', reason: 'an all-day entry (no time)' },
    ])
    const rows = await rowsOf('ics')
    const ecb = rows.find((r) => r.sourceUid === 'ecb-2030-03-12@example')!
    // 14:15 in Berlin (CET, UTC+1 in March before the change)
    expect(ecb).toMatchObject({
      currency: 'EUR',
      impact: 'high',
      title: 'ECB Main Refinancing Rate',
    })
    expect(ecb.time.toISOString()).toBe('2030-03-12T13:15:00.000Z')
    const second = await importFile('ics', ics)
    expect(second.body.data).toMatchObject({ created: 0, updated: 0, unchanged: 2 })
  })

  it('refuses what is not a calendar', async () => {
    const response = await importFile('ics', 'hello')
    expect(response.status).toBe(422)
  })
})

describe('the calendar feed', () => {
  // the feed's JSON carries whole seconds
  const start = Math.floor(Date.now() / 1000) * 1000
  const week = () => [
    {
      uid: 'f-cpi',
      timeMs: start + 30 * HOUR,
      currency: 'USD',
      title: 'CPI m/m',
      impact: 'high' as const,
    },
    {
      uid: 'f-boj',
      timeMs: start + 50 * HOUR,
      currency: 'JPY',
      title: 'BOJ Policy Rate',
      impact: 'high' as const,
    },
  ]

  it('the adapter reads both formats from the fake over HTTP', async () => {
    feed.setEvents(week())
    for (const url of [feed.jsonUrl, feed.icsUrl]) {
      const parsed = await createCalendarFeed({ url }).fetchEvents()
      expect(parsed.skipped).toEqual([])
      expect(parsed.candidates.map((c) => [c.uid, c.currency, c.impact, c.timeMs])).toEqual(
        week().map((e) => [e.uid, e.currency, e.impact, e.timeMs]),
      )
    }
    feed.failNext(500)
    await expect(createCalendarFeed({ url: feed.jsonUrl }).fetchEvents()).rejects.toThrow(/500/)
  })

  it('"Sync now" imports the feed once, audited; a failing feed is a 503 with a message', async () => {
    feed.setEvents(week())
    const first = await app.post<{ data: CalendarImportSummary & { feedUrl: string } }>(
      '/api/admin/calendar/sync',
      undefined,
      { token: admin.token },
    )
    expect(first.status).toBe(200)
    expect(first.body.data).toMatchObject({ created: 2, updated: 0, feedUrl: feed.jsonUrl })
    const second = await app.post<{ data: CalendarImportSummary }>(
      '/api/admin/calendar/sync',
      undefined,
      { token: admin.token },
    )
    expect(second.body.data).toMatchObject({ created: 0, updated: 0, unchanged: 2 })
    expect(await rowsOf('feed')).toHaveLength(2)
    feed.failNext(502)
    const failed = await app.post<{ message: string }>('/api/admin/calendar/sync', undefined, {
      token: admin.token,
    })
    expect(failed.status).toBe(503)
    expect(failed.body.message).toMatch(/could not be read/)
    const audits = await app.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'calendar.feed-synced'))
    expect(audits.map((a) => [a.actorUserId, a.reason])).toEqual([
      [admin.user.id, 'Sync now: the feed read on request'],
      [admin.user.id, 'Sync now: the feed read on request'],
    ])
  })

  it('lists them to the admin with filters', async () => {
    const response = await app.get<AdminCalendarResponse>(
      `/api/admin/calendar/events?currency=JPY&impact=high&from=${encodeURIComponent(iso(T()))}`,
      { token: admin.token },
    )
    expect(response.status).toBe(200)
    expect(response.body.data.events.map((e) => e.title)).toEqual(['BOJ Policy Rate'])
    expect(response.body.data.feedUrl).toBe(feed.jsonUrl)
  })
})

describe('the trader endpoint and the news rule', () => {
  let ifAccountId: string
  let tpAccountId: string

  beforeAll(async () => {
    app.simulated.pushTick({ symbol: 'BTCUSD', bid: 6_500_000, ask: 6_502_500, tMs: T() })
    ifAccountId = (await app.createTradingAccount(trader, { challenge: 'instantFund', sizeK: 10 }))
      .id
    tpAccountId = (await app.createTradingAccount(trader, { sizeK: 10 })).id
    await app.post(
      '/api/admin/calendar/events',
      { time: iso(T() + 90_000), currency: 'USD', title: 'Fed Chair Speaks', impact: 'high' },
      { token: admin.token },
    )
    await app.post(
      '/api/admin/calendar/events',
      {
        time: iso(T() + 60_000),
        currency: 'USD',
        title: 'Crude Oil Inventories',
        impact: 'medium',
      },
      { token: admin.token },
    )
  })

  it('answers events in the range with filters, and names the accounts under the news rule', async () => {
    const response = await app.get<CalendarEventsResponse>('/api/calendar/events?currency=USD', {
      token: trader.token,
    })
    expect(response.status).toBe(200)
    const titles = response.body.data.events.map((e) => e.title)
    expect(titles).toEqual(
      expect.arrayContaining(['Fed Chair Speaks', 'Crude Oil Inventories', 'CPI m/m']),
    )
    expect(titles).not.toContain('BOJ Policy Rate')
    expect(response.body.data.newsRule.blackoutMinutes).toBe(2)
    expect(response.body.data.newsRule.accounts.map((a) => a.id)).toEqual([ifAccountId])

    const high = await app.get<CalendarEventsResponse>('/api/calendar/events?impact=high', {
      token: trader.token,
    })
    expect(high.body.data.events.every((e) => e.impact === 'high')).toBe(true)

    const bad = await app.get('/api/calendar/events?currency=DOLLAR', { token: trader.token })
    expect(bad.status).toBe(422)
    const backwards = await app.get(
      `/api/calendar/events?from=${encodeURIComponent(iso(T()))}&to=${encodeURIComponent(iso(T() - HOUR))}`,
      { token: trader.token },
    )
    expect(backwards.status).toBe(422)
    expect((await app.get('/api/calendar/events')).status).toBe(401)
  })

  it('records an Instant Funding trade 90 s before a high-impact USD event, not a Two Phase one', async () => {
    const order = (accountId: string) =>
      app.post<{ position: { id: string } | null }>(
        `/api/trading/accounts/${accountId}/orders`,
        { symbol: 'BTCUSD', type: 'buy', volume: '0.10' },
        { token: trader.token },
      )
    const tp = await order(tpAccountId)
    expect(tp.status).toBe(201)
    const opened = await order(ifAccountId)
    expect(opened.status).toBe(201)
    const positionId = opened.body.position!.id

    const [violation] = await waitFor(
      async () => {
        const rows = await app.db
          .select()
          .from(newsViolations)
          .where(eq(newsViolations.accountId, ifAccountId))
        return rows.length > 0 ? rows : undefined
      },
      { what: 'the news violation' },
    )
    expect(violation).toMatchObject({
      kind: 'open',
      positionId,
      symbol: 'BTCUSD',
      eventCurrency: 'USD',
      eventTitle: 'Fed Chair Speaks',
      blackoutMinutes: 2,
    })
    // the test clock runs on from where the event was set 90 s ahead
    expect(violation!.signedDistanceMs).toBe(
      violation!.tradeTime.getTime() - violation!.eventTime.getTime(),
    )
    expect(violation!.signedDistanceMs).toBeLessThan(-60_000)
    expect(violation!.signedDistanceMs).toBeGreaterThanOrEqual(-90_000)
    // the Two Phase trade was checked first (one queue) and is allowed news trading
    expect(
      await app.db.select().from(newsViolations).where(eq(newsViolations.accountId, tpAccountId)),
    ).toEqual([])

    const mail = await app.mailbox.waitFor({ to: trader.user.email, subject: /News rule/ })
    expect(mail.text).toMatch(/Fed Chair Speaks/)

    const owner = await app.get<NewsViolationsResponse>(
      `/api/trading/accounts/${ifAccountId}/news-violations`,
      { token: trader.token },
    )
    expect(owner.status).toBe(200)
    expect(owner.body.data.violations).toHaveLength(1)
    expect(owner.body.data.violations[0]).toMatchObject({
      distance: expect.stringMatching(/^1 min \d+ s before$/),
      eventTitle: 'Fed Chair Speaks',
    })
    const byAdmin = await app.get<NewsViolationsResponse>(
      `/api/trading/accounts/${ifAccountId}/news-violations`,
      { token: admin.token },
    )
    expect(byAdmin.body.data.violations).toHaveLength(1)
    const stranger = await app.createUser()
    const refused = await app.get(`/api/trading/accounts/${ifAccountId}/news-violations`, {
      token: stranger.token,
    })
    expect(refused.status).toBe(404)
  })

  it('records a close inside the window too, and nothing outside it', async () => {
    const positions = await app.get<{ positions: { id: string }[] }>(
      `/api/trading/accounts/${ifAccountId}`,
      { token: trader.token },
    )
    expect(positions.status).toBe(200)
    // 10 minutes on: outside every window; a new trade there is not a violation
    app.clock.advance({ minutes: 10 })
    app.simulated.pushTick({ symbol: 'BTCUSD', bid: 6_500_100, ask: 6_502_600, tMs: T() })
    const later = await app.post<{ position: { id: string } | null }>(
      `/api/trading/accounts/${ifAccountId}/orders`,
      { symbol: 'BTCUSD', type: 'buy', volume: '0.10' },
      { token: trader.token },
    )
    expect(later.status).toBe(201)
    // an event 3 minutes after that opening (outside its window, whenever the rule reads the
    // calendar) and a minute and a half after the close: closing inside the window is recorded
    await app.post(
      '/api/admin/calendar/events',
      { time: iso(T() + 180_000), currency: 'USD', title: 'ISM Services PMI', impact: 'high' },
      { token: admin.token },
    )
    app.clock.advance({ seconds: 90 })
    app.simulated.pushTick({ symbol: 'BTCUSD', bid: 6_500_200, ask: 6_502_700, tMs: T() })
    const closed = await app.post(
      `/api/trading/accounts/${ifAccountId}/positions/${later.body.position!.id}/close`,
      {},
      { token: trader.token },
    )
    expect(closed.status).toBe(200)
    const rows = await waitFor(
      async () => {
        const found = await app.db
          .select()
          .from(newsViolations)
          .where(eq(newsViolations.accountId, ifAccountId))
        return found.length >= 2 ? found : undefined
      },
      { what: 'the closing violation' },
    )
    expect(rows.map((r) => [r.kind, r.eventTitle]).sort()).toEqual([
      ['close', 'ISM Services PMI'],
      ['open', 'Fed Chair Speaks'],
    ])
  })
})
