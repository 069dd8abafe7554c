// The web suites' shared parts: the build (apps/web/dist, or WEB_DIST_DIR=<folder> for another,
// e.g. `vite build --outDir <folder>` while others work in the same tree) served by the real
// server on a fresh database, Debian's Chromium with the journeys' flags, and what a page loads
// before the browser is idle at the build's gzip sizes (the measure behind
// web-landing-first-load-js-gz-kb and analytics-page-first-load-js-gz-kb).
import { existsSync } from 'node:fs'
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import type { BrowserContext } from 'playwright-core'
import {
  createDatabaseTemplate,
  loadEnv,
  openDatabaseFromTemplate,
  startServer,
  type RunningServer,
} from '@tp/server/bench'

export const distDir = process.env.WEB_DIST_DIR
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

type Database = Awaited<ReturnType<typeof openDatabaseFromTemplate>>

/**
 * The server with the build (fresh PGlite database, no demo data, manual market) listening on a
 * loopback port; `seed` writes what the pages need before it starts.
 */
export async function startWebServer(
  name: string,
  seed?: (db: Database['db']) => Promise<void>,
): Promise<{ origin: string; server: RunningServer; close: () => Promise<void> }> {
  if (!existsSync(path.join(distDir, 'index.html'))) {
    throw new Error(`no web build at ${distDir}: run \`npm run build:web\` first`)
  }
  const dataDir = await mkdtemp(path.join(tmpdir(), `tp-bench-${name}-`))
  const template = await createDatabaseTemplate('pglite')
  const database = await openDatabaseFromTemplate(template.template)
  const dispose = async () => {
    await database.close()
    await template.dispose()
    await rm(dataDir, { recursive: true, force: true })
  }
  let server: RunningServer
  try {
    await seed?.(database.db)
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
    server = await startServer({ env, database, isJobMaintenanceOn: false })
  } catch (error) {
    await dispose()
    throw error
  }
  const close = async () => {
    await server.stop()
    await dispose()
  }
  try {
    await server.app.listen({ host: '127.0.0.1', port: 0 })
    const address = server.app.server.address()
    if (!address || typeof address === 'string') throw new Error('server has no port')
    return { origin: `http://127.0.0.1:${address.port}`, server, close }
  } catch (error) {
    await close()
    throw error
  }
}

// run in the page (the bench compiles without the DOM's types, so these are page scripts)
export const untilIdle =
  'new Promise((resolve) => requestIdleCallback(() => resolve(), { timeout: 5000 }))'

/** gzip size of a built file: its precompressed copy, or gzip -9 of it. */
export async function gzipBytes(file: string): Promise<number> {
  const copy = await stat(`${file}.gz`).catch(() => null)
  if (copy) return copy.size
  return gzipSync(await readFile(file), { level: 9 }).length
}

/**
 * Every script `pagePath` loads until the network is idle and the browser too (after `ready`,
 * a selector the page shows once its data and lazy parts are in, if given), summed at the gzip
 * size of the built file in `distDir`. A script from another origin is an error.
 */
export async function firstLoadScripts(
  context: BrowserContext,
  options: { origin: string; pagePath: string; ready?: string },
): Promise<{ bytes: number; files: number; urls: string[] }> {
  const { origin } = options
  const page = await context.newPage()
  const scripts = new Set<string>()
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.add(response.url())
  })
  await page.goto(`${origin}${options.pagePath}`, { waitUntil: 'networkidle', timeout: 60_000 })
  if (options.ready) await page.waitForSelector(options.ready, { timeout: 60_000 })
  // hydration done and the browser idle: nothing more is fetched on its own
  await page.evaluate(untilIdle)
  await page.waitForLoadState('networkidle')
  let bytes = 0
  for (const url of scripts) {
    const { pathname } = new URL(url)
    if (!url.startsWith(origin))
      throw new Error(`${options.pagePath} loads a foreign script ${url}`)
    bytes += await gzipBytes(path.join(distDir, decodeURIComponent(pathname)))
  }
  await page.close()
  return { bytes, files: scripts.size, urls: [...scripts] }
}
