// The account metrics page's first-load budget (issue 12 item 10), on the real build served by
// the real server, in Debian's Chromium with the flags of tests/e2e/playwright.config.ts:
// - analytics-page-first-load-js-gz-kb: every script /user/analyticsview loads, for a signed-in
//   trader with an active account, until its curve is drawn and the browser is idle, at gzip
//   size (the build's .gz copies), fresh context (target <= 150). Recharts is part of it (the
//   page draws charts); the same run's landing figure (web-landing-budgets) shows no page without
//   charts carries it, and `landing-loads-charts` here checks the landing page's scripts.
// The build is apps/web/dist (`npm run build:web` first), or WEB_DIST_DIR=<folder> for another.
// Usage: npm run bench -- web-analytics-page
import { existsSync } from 'node:fs'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { eq } from 'drizzle-orm'
import { chromium, type Browser } from 'playwright-core'
import {
  createDatabaseTemplate,
  loadEnv,
  openDatabaseFromTemplate,
  schema,
  startServer,
  startSession,
} from '@tp/server/bench'
import { firstLoadScripts } from '../first-load'
import type { BenchSuite } from '../support'
import { insertActiveAccounts, insertSimulatedAccounts } from './risk-support'

const distDir = process.env.WEB_DIST_DIR
  ? path.resolve(process.env.WEB_DIST_DIR)
  : fileURLToPath(new URL('../../apps/web/dist', import.meta.url))
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]
const HOUR_MS = 3_600_000

/** Whether a built script is (or holds) Recharts: its chart components' class names. */
async function isChartScript(url: string): Promise<boolean> {
  const file = path.join(distDir, decodeURIComponent(new URL(url).pathname))
  return (await readFile(file, 'utf8')).includes('recharts-surface')
}

const suite: BenchSuite = async function* () {
  if (!existsSync(path.join(distDir, 'index.html'))) {
    throw new Error(`no web build at ${distDir}: run \`npm run build:web\` first`)
  }
  const dataDir = await mkdtemp(path.join(tmpdir(), 'tp-bench-web-analytics-'))
  const template = await createDatabaseTemplate('pglite')
  const database = await openDatabaseFromTemplate(template.template)
  let browser: Browser | null = null
  const startedAtMs = Date.now() - 48 * HOUR_MS
  const created = await insertSimulatedAccounts(database.db, {
    email: 'bench-analytics-page@tradepeak.test',
    count: 1,
    loginBase: 7_100_000,
  })
  const [account] = await insertActiveAccounts(database.db, created, startedAtMs)
  // a day of the account's curve: a snapshot an hour
  await database.db.insert(schema.evaluationEvents).values(
    Array.from({ length: 24 }, (_, i) => ({
      accountId: account!.id,
      seq: 2 + i,
      kind: 'snapshot' as const,
      tMs: startedAtMs + (i + 1) * HOUR_MS,
      balance: 10_000_000,
      equity: 10_000_000 + ((i * 7_919) % 40_000) - 20_000,
    })),
  )
  const env = loadEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    WEB_DIST_DIR: distDir,
    SEED_DEMO: 'false',
    MARKET_FEED: 'manual',
    MARKET_BACKFILL_HOURS: '0',
    HOST: '127.0.0.1',
    PORT: '0',
  })
  const server = await startServer({ env, database, isJobMaintenanceOn: false })
  try {
    await server.app.listen({ host: '127.0.0.1', port: 0 })
    const address = server.app.server.address()
    if (!address || typeof address === 'string') throw new Error('server has no port')
    const origin = `http://127.0.0.1:${address.port}`
    const [user] = await server.ctx.db
      .select()
      .from(schema.users)
      .where(eq(schema.users.id, created.userId))
    const session = await startSession(server.ctx, user!)
    browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs })

    // signed in as the web app keeps a session (spec 3's storage keys), in fresh contexts
    const signedIn = {
      cookies: [],
      origins: [
        {
          origin,
          localStorage: [
            { name: 'token', value: session.token },
            { name: 'refreshToken', value: session.refreshToken },
            { name: 'user', value: JSON.stringify(session.user) },
          ],
        },
      ],
    }
    const context = await browser.newContext({ storageState: signedIn })
    const page = await firstLoadScripts(context, {
      origin,
      pagePath: '/user/analyticsview',
      distDir,
      ready: '.curve-equity path.recharts-curve',
    })
    await context.close()
    if (process.env.BENCH_LIST_SCRIPTS) {
      for (const url of page.urls) console.error(`# ${new URL(url).pathname}`)
    }
    yield {
      name: 'analytics-page-first-load-js-gz-kb',
      value: Math.round((page.bytes / 1024) * 10) / 10,
      unit: `KB gzip (${page.files} scripts, curve drawn, target <= 150)`,
    }

    // the same run's baseline: the signed-in dashboard (its charts' tab not opened)
    const dashboardContext = await browser.newContext({ storageState: signedIn })
    const dashboard = await firstLoadScripts(dashboardContext, {
      origin,
      pagePath: '/user/dashboard',
      distDir,
      ready: '[role="tablist"]',
    })
    await dashboardContext.close()
    yield {
      name: 'analytics-page-baseline-dashboard-first-load-js-gz-kb',
      value: Math.round((dashboard.bytes / 1024) * 10) / 10,
      unit: `KB gzip (${dashboard.files} scripts, /user/dashboard in the same run, charts tab closed)`,
    }

    const landingContext = await browser.newContext()
    const landing = await firstLoadScripts(landingContext, { origin, pagePath: '/', distDir })
    await landingContext.close()
    let chartScripts = 0
    for (const url of landing.urls) if (await isChartScript(url)) chartScripts += 1
    yield {
      name: 'landing-chart-scripts',
      value: chartScripts,
      unit: 'scripts holding Recharts loaded by / (charts load only on analytics pages: 0)',
    }
  } finally {
    await browser?.close()
    await server.stop()
    await database.close()
    await template.dispose()
    await rm(dataDir, { recursive: true, force: true })
  }
}

export default suite
