import { pino } from 'pino'
import { afterEach, describe, expect, it } from 'vitest'
import {
  FAKE_MT5_GROUP,
  FAKE_MT5_MANAGER,
  startMt5Fake,
  type Mt5Fake,
} from '../src/integrations/trading-platform/mt5-webapi/fake/mt5-fake'
import {
  Mt5WebApiPlatform,
  type Mt5PollTimer,
} from '../src/integrations/trading-platform/mt5-webapi/mt5-webapi-platform'
import { MetaApiPlatform } from '../src/integrations/trading-platform/metaapi/metaapi-platform'
import type { AccountEvent } from '../src/integrations/trading-platform/trading-platform'
import { systemClock } from '../src/lib/clock'

// The pollers of real MetaTrader servers when the server fails or throttles (issue 15): no storm
// of requests while it is down (polls counted over a window of the poller's own time, each poll
// run by hand: nothing sleeps), the normal interval again once it answers, and an equity change
// made meanwhile still reported. MT5 Web API: 0.5 s doubling to 30 s, at least the Retry-After;
// MetaApi: an account that fails skips 1, 3, 7, 15, then 29 rounds; a 429 pauses every read.

const silent = pino({ level: 'silent' })

/** The MT5 poller's timer, run by hand: each poll at its due time on a clock of the test's. */
class ManualPollTimer implements Mt5PollTimer {
  nowMs = 0
  /** every delay the poller asked for, in order */
  readonly delays: number[] = []
  private due: { run: () => void; atMs: number } | null = null
  private onScheduled: (() => void) | null = null

  now(): number {
    return this.nowMs
  }

  schedule(run: () => void, delayMs: number): () => void {
    const entry = { run, atMs: this.nowMs + delayMs }
    this.due = entry
    this.delays.push(delayMs)
    const scheduled = this.onScheduled
    this.onScheduled = null
    scheduled?.()
    return () => {
      if (this.due === entry) this.due = null
    }
  }

  /** Runs the due poll at its time; resolves once it has asked for the next one (its delay). */
  async poll(): Promise<number> {
    const due = this.due
    if (!due) throw new Error('no poll is due')
    this.due = null
    this.nowMs = due.atMs
    const next = new Promise<void>((resolve) => (this.onScheduled = resolve))
    due.run()
    await next
    return this.delays.at(-1)!
  }

  /** Runs every poll due within the next `windowMs`; answers how many ran. */
  async pollFor(windowMs: number): Promise<number> {
    const endMs = this.nowMs + windowMs
    let count = 0
    while (this.due && this.due.atMs <= endMs) {
      await this.poll()
      count++
    }
    this.nowMs = endMs
    return count
  }
}

describe('the MT5 Web API poller when the server fails', () => {
  let fake: Mt5Fake
  let adapter: Mt5WebApiPlatform
  afterEach(async () => {
    await adapter?.stop()
    await fake?.close()
  })

  async function start() {
    fake = await startMt5Fake()
    const user = fake.seedUser({
      group: FAKE_MT5_GROUP,
      name: 'Bea Backoff',
      balanceCents: 10_000_000,
      leverage: 100,
    })
    const timer = new ManualPollTimer()
    adapter = new Mt5WebApiPlatform({
      settings: {
        url: fake.url,
        login: FAKE_MT5_MANAGER.login,
        password: FAKE_MT5_MANAGER.password,
        group: FAKE_MT5_GROUP,
        serverName: 'Test-MT5',
        sessions: 1,
        pollMs: 1_000,
        batch: 100,
      },
      clock: systemClock,
      logger: silent,
      pollTimer: timer,
    })
    await adapter.load()
    const login = String(user.login)
    const equities: number[] = []
    adapter.subscribe((externalId, event: AccountEvent) => {
      if (externalId === login && event.type === 'equity') equities.push(event.equity)
    })
    adapter.watchAccounts([login])
    adapter.run()
    return { timer, login, equities }
  }

  it('backs off while every request fails (no storm), then polls every second again and sees the equity', async () => {
    const { timer, login, equities } = await start()
    // a minute of a healthy server: one poll a second
    let requests = fake.requestCount
    expect(await timer.pollFor(60_000)).toBe(61)
    const healthy = fake.requestCount - requests
    expect(equities).toEqual([10_000_000])

    fake.startOutage({ httpStatus: 503 })
    fake.setEquity(login, 9_400_000) // moves while the server cannot be read
    requests = fake.requestCount
    const firstFailed = timer.delays.length
    const outagePolls = await timer.pollFor(60_000)
    const outageRequests = fake.requestCount - requests
    expect(timer.delays.slice(firstFailed)).toEqual([
      500, 1_000, 2_000, 4_000, 8_000, 16_000, 30_000,
    ])
    expect(outagePolls).toBe(7)
    expect(outageRequests).toBeLessThanOrEqual(outagePolls * 3)
    expect(outageRequests * 5).toBeLessThan(healthy) // 7 polls in the minute, not 60
    // and it stays at most one poll per 30 s however long the outage lasts
    expect(await timer.pollFor(120_000)).toBeLessThanOrEqual(4)
    expect(Math.max(...timer.delays)).toBe(30_000)
    expect(equities).toEqual([10_000_000])

    fake.endOutage()
    expect(await timer.poll()).toBe(1_000)
    expect(equities).toEqual([10_000_000, 9_400_000])
    fake.setEquity(login, 9_300_000)
    expect(await timer.poll()).toBe(1_000)
    expect(equities.at(-1)).toBe(9_300_000)
    expect(await timer.pollFor(10_000)).toBe(10)
  })

  it("waits at least the server's Retry-After on 429, then polls every second again", async () => {
    const { timer, login, equities } = await start()
    await timer.pollFor(3_000)
    fake.startOutage({ retryAfterSeconds: 5 })
    const firstThrottled = timer.delays.length
    const requests = fake.requestCount
    const throttledPolls = await timer.pollFor(60_000)
    expect(timer.delays.slice(firstThrottled)).toEqual([5_000, 10_000, 20_000, 30_000])
    expect(throttledPolls).toBe(4)
    expect(fake.requestCount - requests).toBeLessThanOrEqual(throttledPolls * 3)

    fake.endOutage()
    fake.setEquity(login, 9_700_000)
    expect(await timer.poll()).toBe(1_000)
    expect(equities.at(-1)).toBe(9_700_000)
    expect(await timer.pollFor(5_000)).toBe(5)
  })
})

describe('the MetaApi poller when MetaApi fails', () => {
  let platform: MetaApiPlatform
  afterEach(async () => {
    await platform?.stop()
  })

  /** The poller's rounds are its interval's ticks (one a second): run here one by one. */
  async function start(nowMs: { value: number }) {
    platform = new MetaApiPlatform({
      settings: { mode: 'fake', profileId: 'default', region: 'new-york' },
      logger: silent,
      clientOptions: { sleep: async () => {} },
      fakeOptions: { acceptRetryAfterSeconds: 0, deployingReads: 0 },
      now: () => nowMs.value,
    })
    await platform.load()
    const created = await platform.createAccount({
      requestId: 'backoff:phase1',
      platform: 'mt5',
      name: 'Bea Backoff',
      email: 'bea@example.com',
      group: 'demo',
      balance: 10_000_000,
      leverage: 100,
      limits: { maxLotsPerForexOrder: 50, marginCallPercent: 100, stopOutPercent: 50 },
    })
    const equities: number[] = []
    platform.subscribe((externalId, event) => {
      if (externalId === created.externalId && event.type === 'equity') {
        equities.push(event.equity)
      }
    })
    platform.watchAccounts([created.externalId])
    const fake = platform.fake!
    const reads = () =>
      fake.requests.filter((request) =>
        request.path.endsWith(`/${created.externalId}/account-information`),
      ).length
    const rounds = async (count: number) => {
      for (let i = 0; i < count; i++) {
        await platform.pollOnce()
        nowMs.value += 1_000
      }
    }
    return { fake, login: created.login, equities, reads, rounds }
  }

  it('reads a failing account ever less often (no storm), and every round again once it answers', async () => {
    const { fake, login, equities, reads, rounds } = await start({ value: 0 })
    await rounds(1)
    expect(equities).toEqual([10_000_000])

    fake.injectFault({ status: 500, count: 1_000, path: '/users/current/accounts' })
    fake.setEquity(login, 9_400_000)
    let before = reads()
    await rounds(60)
    // read on rounds 1, 3, 7, 15 and 31 of the minute: skipped 1, 3, 7, 15, then 29 rounds
    expect(reads() - before).toBe(5)
    before = reads()
    await rounds(60)
    expect(reads() - before).toBe(2)
    expect(equities).toEqual([10_000_000])

    fake.clearFaults()
    // the back-off still running ends within 30 rounds; from the first answer, every round
    await rounds(30)
    expect(equities).toEqual([10_000_000, 9_400_000])
    fake.setEquity(login, 9_300_000)
    before = reads()
    await rounds(10)
    expect(reads() - before).toBe(10)
    expect(equities.at(-1)).toBe(9_300_000)
  })

  it("pauses every read for the 429's Retry-After, then reads every round again", async () => {
    const now = { value: 0 }
    const { fake, login, equities, reads, rounds } = await start(now)
    await rounds(1)
    fake.injectFault({ status: 429, count: 1, retryAfterSeconds: 60 })
    await rounds(1) // throttled: paused for 60 s
    const paused = reads()
    fake.setEquity(login, 9_600_000)
    await rounds(59)
    expect(reads()).toBe(paused)
    await rounds(1) // the pause is over: read on the first round after it
    expect(reads()).toBe(paused + 1)
    expect(equities.at(-1)).toBe(9_600_000)
    await rounds(10)
    expect(reads()).toBe(paused + 11)
  })
})
