import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { Writable } from 'node:stream'
import { pino } from 'pino'
import { afterEach, describe, expect, it } from 'vitest'
import { loadEnv } from '../src/config/env'
import type { MetaApiPlatform } from '../src/integrations/trading-platform/metaapi/metaapi-platform'
import type { Mt5WebApiPlatform } from '../src/integrations/trading-platform/mt5-webapi/mt5-webapi-platform'
import { startServer, type RunningServer } from '../src/server'
import { currentTemplate, openDatabaseFromTemplate } from './support'

// `npm start` in development (NODE_ENV=development, no provider configured) with a real
// MetaTrader platform the default: the app builder (startServer, what main.ts runs) starts that
// platform's local fake on loopback, logs where its control page is, and the page is served; the
// fake answers the provider's contract. Tested on startServer rather than `npm start` itself
// (npm-start.test.ts: a minute per start).

const started: { server: RunningServer; close(): Promise<void> }[] = []
afterEach(async () => {
  for (const entry of started.splice(0)) await entry.close()
})

/** The app as main.ts builds it in development, with what it logged. */
async function startInDevelopment(tradingPlatform: 'mt5-webapi' | 'metaapi') {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'tp-dev-fakes-'))
  const env = loadEnv({
    NODE_ENV: 'development',
    PORT: '0',
    DATA_DIR: dataDir,
    WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
    SEED_DEMO: 'false',
    MARKET_FEED: 'manual',
    MARKET_BACKFILL_HOURS: '0',
    TRADING_PLATFORM: tradingPlatform,
  })
  expect(env).toMatchObject({ canUseFakes: true, TRADING_PLATFORM: tradingPlatform })
  const lines: string[] = []
  const logger = pino(
    { level: 'info' },
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(String((JSON.parse(chunk.toString()) as { msg?: string }).msg ?? ''))
        done()
      },
    }),
  )
  const database = await openDatabaseFromTemplate(await currentTemplate())
  const server = await startServer({ env, logger, database, isJobMaintenanceOn: false })
  started.push({
    server,
    async close() {
      await server.stop()
      await database.close()
      await rm(dataDir, { recursive: true, force: true })
    },
  })
  return { server, lines }
}

describe('MetaTrader fakes in development', () => {
  it('TRADING_PLATFORM=mt5-webapi without MT5_WEBAPI_URL: the MT5 fake answers on loopback and serves /control', async () => {
    const { server, lines } = await startInDevelopment('mt5-webapi')
    const mt5 = server.ctx.trading.router.adapter('mt5-webapi') as Mt5WebApiPlatform
    expect(server.ctx.trading.router.kind).toBe('mt5-webapi')
    const fake = mt5.fake!
    expect(new URL(fake.url).hostname).toBe('127.0.0.1')
    expect(lines).toContain(
      `MT5 Web API: local fake at ${fake.url} (control page: ${fake.url}/control)`,
    )

    const control = await fetch(`${fake.url}/control`)
    expect(control.status).toBe(200)
    expect(control.headers.get('content-type')).toMatch(/^text\/html/)
    expect(await control.text()).toContain('<title>Fake MT5 server: control</title>')
    // the Web API's contract: the manager's challenge starts
    const start = await fetch(
      `${fake.url}/api/auth/start?version=4000&agent=test&login=${mt5.settings.login}&type=manager`,
    )
    expect(await start.json()).toMatchObject({ retcode: '0 Done' })
    // the adapter is signed in to it: a read through the app's own session works
    await expect(mt5.serverZoneMs()).resolves.toBe(120 * 60_000)
  })

  it('TRADING_PLATFORM=metaapi without METAAPI_TOKEN: the MetaApi fake answers on loopback and serves /control', async () => {
    const { server, lines } = await startInDevelopment('metaapi')
    const metaApi = server.ctx.trading.router.adapter('metaapi') as MetaApiPlatform
    expect(server.ctx.trading.router.kind).toBe('metaapi')
    const fake = metaApi.fake!
    expect(new URL(fake.url).hostname).toBe('127.0.0.1')
    expect(lines).toContain(`MetaApi: local fake at ${fake.url} (control page ${fake.controlUrl})`)

    const control = await fetch(fake.controlUrl)
    expect(control.status).toBe(200)
    expect(control.headers.get('content-type')).toMatch(/^text\/html/)
    expect(await control.text()).toContain('<title>MetaApi (local fake): control</title>')
    // the provisioning API answers the app's token, and refuses another
    const accounts = await fetch(`${fake.provisioningUrl}/users/current/accounts`, {
      headers: { 'auth-token': fake.token },
    })
    expect(accounts.status).toBe(200)
    const refused = await fetch(`${fake.provisioningUrl}/users/current/accounts`, {
      headers: { 'auth-token': 'not-the-token' },
    })
    expect(refused.status).toBe(401)
  })
})
