// stream-1000-watchers-*: the live stream's fan-out on loopback. 1,000 WebSocket clients watch
// 100 active accounts (10 each, every account holding a position) while every held symbol moves
// every 50 ms; in the same run, /api/health latency is measured first with no watcher (baseline)
// and then with the 1,000 watchers. Figures: /api/health p99 with watchers (target < 25 ms) and
// its same-run baseline, and account pushes (whole state or patch) per client per second (target
// >= 3.5 at the 250 ms design interval). Bounded: WATCH_SECONDS per phase, requests capped.
// `npm run bench -- stream`
import http from 'node:http'
import { createMarketState, MarketModel, type Tick } from '@tp/domain'
import { schema, startSession } from '@tp/server/bench'
import WebSocket from 'ws'
import { percentile, seededRandom, type BenchSuite } from '../support'
import { openRiskBench } from './risk-support'

const ACCOUNTS = 100
const CLIENTS = 1_000
const SECONDS = Number(process.env.STREAM_BENCH_SECONDS ?? 8)
const HEALTH_LOOPS = 2
const MAX_HEALTH_REQUESTS = 50_000

/** /api/health latencies (ms, sorted) from HEALTH_LOOPS keep-alive loops for `seconds`. */
async function healthLatencies(baseUrl: string, seconds: number): Promise<number[]> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: HEALTH_LOOPS })
  const target = new URL('/api/health', baseUrl)
  const get = () =>
    new Promise<number>((resolve, reject) => {
      const t0 = performance.now()
      const request = http.get(target, { agent }, (response) => {
        response.resume()
        response.on('end', () => resolve(performance.now() - t0))
      })
      request.on('error', reject)
    })
  const latencies: number[] = []
  let endAt = 0
  const loop = async () => {
    while (performance.now() < endAt && latencies.length < MAX_HEALTH_REQUESTS) {
      latencies.push(await get())
    }
  }
  for (let i = 0; i < 10; i++) await get()
  endAt = performance.now() + seconds * 1000
  await Promise.all(Array.from({ length: HEALTH_LOOPS }, loop))
  agent.destroy()
  return latencies.sort((a, b) => a - b)
}

const suite: BenchSuite = async function* () {
  const bench = await openRiskBench(ACCOUNTS, 0)
  const { server, clock } = bench
  const sockets: WebSocket[] = []
  let mover: NodeJS.Timeout | undefined
  try {
    const { ctx, app } = server
    const baseUrl = await app.listen({ host: '127.0.0.1', port: 0 })
    const wsUrl = `${baseUrl.replace('http', 'ws')}/api/stream`
    const [user] = await ctx.db.select().from(schema.users)
    const { token } = await startSession(ctx, user!)
    const accounts = await ctx.db
      .select({ id: schema.tradingAccounts.id })
      .from(schema.tradingAccounts)

    // prices move: every symbol an account holds takes a step every 50 ms (so every account
    // changes every interval: the worst case), the clock with it
    const model = new MarketModel(createMarketState({ seed: 11, startMs: clock.ms }))
    const book = new Map(model.quotes())
    const symbols = [...new Set(bench.positions.map((position) => position.symbol))]
    const random = seededRandom(20261125)
    mover = setInterval(() => {
      clock.ms += 50
      for (const symbol of symbols) {
        const quote = book.get(symbol)
        if (!quote) continue
        const step = random() < 0.5 ? -1 : 1
        const next = { bid: quote.bid + step, ask: quote.ask + step }
        book.set(symbol, next)
        ctx.trading.simulated!.pushTick({ symbol, ...next, tMs: clock.ms } as Tick)
      }
    }, 50)

    const baseline = await healthLatencies(baseUrl, SECONDS)

    // 1,000 watchers, 10 per account; each counts its account pushes once it has the first
    const pushes = new Array<number>(CLIENTS).fill(0)
    let counting = false
    await Promise.all(
      Array.from({ length: CLIENTS }, (_, i) => {
        const accountId = accounts[i % accounts.length]!.id
        return new Promise<void>((resolve, reject) => {
          const socket = new WebSocket(wsUrl)
          sockets.push(socket)
          const timer = setTimeout(
            () => reject(new Error('no first account state in 30 s')),
            30_000,
          )
          socket.on('error', reject)
          socket.on('open', () => socket.send(JSON.stringify({ type: 'auth', token })))
          socket.on('message', (data: Buffer) => {
            const head = data.toString('latin1', 0, 24)
            if (head.startsWith('{"type":"ready"')) {
              socket.send(JSON.stringify({ type: 'account', accountId }))
            } else if (head.startsWith('{"type":"account')) {
              if (counting) pushes[i]!++
              else {
                clearTimeout(timer)
                resolve()
              }
            }
          })
        })
      }),
    )
    counting = true
    const t0 = performance.now()
    const watched = await healthLatencies(baseUrl, SECONDS)
    const elapsedS = (performance.now() - t0) / 1000
    counting = false
    const perClient = pushes.reduce((sum, n) => sum + n, 0) / CLIENTS / elapsedS
    const p99 = percentile(watched, 99)
    const baseP99 = percentile(baseline, 99)
    yield { name: 'stream-1000-watchers-health-p99-ms', value: p99, unit: 'ms' }
    yield { name: 'stream-1000-watchers-health-p50-ms', value: percentile(watched, 50), unit: 'ms' }
    yield { name: 'stream-baseline-no-watchers-health-p99-ms', value: baseP99, unit: 'ms' }
    yield {
      name: 'stream-baseline-no-watchers-health-p50-ms',
      value: percentile(baseline, 50),
      unit: 'ms',
    }
    yield {
      name: 'stream-1000-watchers-health-p99-ratio-to-baseline',
      value: p99 / baseP99,
      unit: 'x',
    }
    yield { name: 'stream-1000-watchers-push-rate', value: perClient, unit: 'pushes/client/s' }
    yield {
      name: 'stream-1000-watchers-slowest-client-push-rate',
      value: Math.min(...pushes) / elapsedS,
      unit: 'pushes/client/s',
    }
  } finally {
    if (mover) clearInterval(mover)
    for (const socket of sockets) socket.terminate()
    await bench.close()
  }
}

export default suite
