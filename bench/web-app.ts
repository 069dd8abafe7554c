// The built web app served by the real server on a loopback port, with Debian's Chromium, for the
// suites that measure pages in a browser. The build is apps/web/dist (`npm run build:web` first),
// or WEB_DIST_DIR=<folder> for another (e.g. `vite build --outDir <folder>` while others work in
// the same tree).
import { existsSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { chromium, type Browser } from 'playwright-core'
import {
  createDatabaseTemplate,
  loadEnv,
  openDatabaseFromTemplate,
  startServer,
} from '@tp/server/bench'

export const webDistDir = process.env.WEB_DIST_DIR
  ? path.resolve(process.env.WEB_DIST_DIR)
  : fileURLToPath(new URL('../apps/web/dist', import.meta.url))

export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

/** the flags of tests/e2e/playwright.config.ts (chromiumArgs) */
export const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

export type WebApp = { url: string; browser: Browser; close: () => Promise<void> }

/** The server (fresh PGlite database, no demo data, manual market) and a browser. */
export async function startWebApp(name: string): Promise<WebApp> {
  if (!existsSync(path.join(webDistDir, 'index.html'))) {
    throw new Error(`no web build at ${webDistDir}: run \`npm run build:web\` first`)
  }
  const dataDir = await mkdtemp(path.join(tmpdir(), `tp-bench-${name}-`))
  const template = await createDatabaseTemplate('pglite')
  const database = await openDatabaseFromTemplate(template.template)
  const env = loadEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    WEB_DIST_DIR: webDistDir,
    SEED_DEMO: 'false',
    MARKET_FEED: 'manual',
    MARKET_BACKFILL_HOURS: '0',
    HOST: '127.0.0.1',
    PORT: '0',
  })
  const server = await startServer({ env, database, isJobMaintenanceOn: false })
  let browser: Browser | null = null
  const close = async () => {
    await browser?.close()
    await server.stop()
    await database.close()
    await template.dispose()
    await rm(dataDir, { recursive: true, force: true })
  }
  try {
    await server.app.listen({ host: '127.0.0.1', port: 0 })
    const address = server.app.server.address()
    if (!address || typeof address === 'string') throw new Error('server has no port')
    browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs })
    return { url: `http://127.0.0.1:${address.port}`, browser, close }
  } catch (error) {
    await close()
    throw error
  }
}
