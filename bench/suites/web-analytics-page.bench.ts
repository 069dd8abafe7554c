// The account metrics page's first-load budget (issue 12 item 10), on the real build served by
// the real server, in Debian's Chromium with the flags of tests/e2e/playwright.config.ts:
// - analytics-page-first-load-js-gz-kb: every script /user/analyticsview loads, for a signed-in
//   trader with an active account, until its curve is drawn and the browser is idle, at gzip
//   size (the build's .gz copies), fresh context (target <= 150). The curve is the page's own
//   SVG chart (decision 0041); Recharts (the dashboard's eight charts, on their tab only) is not
//   part of it, and `landing-chart-scripts` here checks the landing page loads no Recharts.
// The build is apps/web/dist (`npm run build:web` first), or WEB_DIST_DIR=<folder> for another.
// Usage: npm run bench -- web-analytics-page
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { chromium, type Browser, type BrowserContextOptions } from 'playwright-core'
import { schema, startSession } from '@tp/server/bench'
import {
  chromiumArgs,
  chromiumPath,
  distDir,
  firstLoadScripts,
  startWebServer,
} from '../first-load'
import type { BenchSuite } from '../support'
import { insertActiveAccounts, insertSimulatedAccounts } from './risk-support'

const HOUR_MS = 3_600_000

/** Whether a built script is (or holds) Recharts: its chart components' class names. */
async function isChartScript(url: string): Promise<boolean> {
  const file = path.join(distDir, decodeURIComponent(new URL(url).pathname))
  return (await readFile(file, 'utf8')).includes('recharts-surface')
}

const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10

const suite: BenchSuite = async function* () {
  const startedAtMs = Date.now() - 48 * HOUR_MS
  let userId = ''
  let browser: Browser | null = null
  const { origin, server, close } = await startWebServer('web-analytics', async (db) => {
    const created = await insertSimulatedAccounts(db, {
      email: 'bench-analytics-page@tradepeak.test',
      count: 1,
      loginBase: 7_100_000,
    })
    userId = created.userId
    const [account] = await insertActiveAccounts(db, created, startedAtMs)
    // a day of the account's curve: a snapshot an hour
    await db.insert(schema.evaluationEvents).values(
      Array.from({ length: 24 }, (_, i) => ({
        accountId: account!.id,
        seq: 2 + i,
        kind: 'snapshot' as const,
        tMs: startedAtMs + (i + 1) * HOUR_MS,
        balance: 10_000_000,
        equity: 10_000_000 + ((i * 7_919) % 40_000) - 20_000,
      })),
    )
  })
  try {
    const [user] = await server.ctx.db
      .select()
      .from(schema.users)
      .where(eq(schema.users.id, userId))
    const session = await startSession(server.ctx, user!)
    browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs })
    // signed in as the web app keeps a session (spec 3's storage keys), each load in a fresh context
    const signedIn: BrowserContextOptions = {
      storageState: {
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
      },
    }
    const measure = async (pagePath: string, options: BrowserContextOptions, ready?: string) => {
      const context = await browser!.newContext(options)
      try {
        return await firstLoadScripts(context, { origin, pagePath, ...(ready ? { ready } : {}) })
      } finally {
        await context.close()
      }
    }

    const page = await measure('/user/analyticsview', signedIn, '.curve-equity path')
    if (process.env.BENCH_LIST_SCRIPTS) {
      for (const url of page.urls) console.error(`# ${new URL(url).pathname}`)
    }
    yield {
      name: 'analytics-page-first-load-js-gz-kb',
      value: kb(page.bytes),
      unit: `KB gzip (${page.files} scripts, curve drawn, target <= 150)`,
    }

    // the same run's baseline: the signed-in dashboard (its charts' tab not opened)
    const dashboard = await measure('/user/dashboard', signedIn, '[role="tablist"]')
    yield {
      name: 'analytics-page-baseline-dashboard-first-load-js-gz-kb',
      value: kb(dashboard.bytes),
      unit: `KB gzip (${dashboard.files} scripts, /user/dashboard in the same run, charts tab closed)`,
    }

    const landing = await measure('/', {})
    let chartScripts = 0
    for (const url of landing.urls) if (await isChartScript(url)) chartScripts += 1
    yield {
      name: 'landing-chart-scripts',
      value: chartScripts,
      unit: 'scripts holding Recharts loaded by / (charts load only on analytics pages: 0)',
    }
  } finally {
    await browser?.close()
    await close()
  }
}

export default suite
