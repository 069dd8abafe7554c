// web-landing-transfer-kb: everything the landing page transfers (bytes on the wire: headers and
// encoded bodies, as Chromium counts them in Network.loadingFinished's encodedDataLength) from
// navigation until the network has been idle for 500 ms, on a fresh browser context (no cache),
// through the real server serving the real build (apps/web/dist, run `npm run build:web` first;
// WEB_DIST_DIR=<folder> measures another build, e.g. one made with `vite build --outDir <folder>`
// while others work in the same tree).
// The same run also loads the page asking for no compression (Accept-Encoding: identity) and
// for gzip only, so the figure comes with its uncompressed baseline.
// The first-load JavaScript budget (web-landing-first-load-js-gz-kb) is web-landing-budgets'.
// Usage: npm run bench -- web-landing
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
import type { BenchSuite } from '../support'

const distDir = process.env.WEB_DIST_DIR
  ? path.resolve(process.env.WEB_DIST_DIR)
  : fileURLToPath(new URL('../../apps/web/dist', import.meta.url))
// the flags of tests/e2e/playwright.config.ts (chromiumArgs)
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

type Load = { bytes: number; requests: number; encodings: Set<string> }

async function loadLanding(browser: Browser, url: string, acceptEncoding: string | null) {
  const context = await browser.newContext()
  try {
    const page = await context.newPage()
    const cdp = await context.newCDPSession(page)
    const load: Load = { bytes: 0, requests: 0, encodings: new Set() }
    cdp.on('Network.loadingFinished', (event) => {
      load.bytes += event.encodedDataLength
      load.requests += 1
    })
    cdp.on('Network.responseReceived', (event) => {
      const headers = event.response.headers as Record<string, string>
      const encoding = Object.entries(headers).find(([k]) => k.toLowerCase() === 'content-encoding')
      load.encodings.add(encoding?.[1] ?? 'none')
    })
    await cdp.send('Network.enable')
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true })
    if (acceptEncoding) {
      await cdp.send('Network.setExtraHTTPHeaders', {
        headers: { 'Accept-Encoding': acceptEncoding },
      })
    }
    await page.goto(url, { waitUntil: 'networkidle', timeout: 30_000 })
    // the page rendered (its heading), not only the HTML shell
    await page.getByRole('heading', { level: 1 }).waitFor({ timeout: 10_000 })
    return load
  } finally {
    await context.close()
  }
}

const suite: BenchSuite = async function* () {
  if (!existsSync(path.join(distDir, 'index.html'))) {
    throw new Error(`no web build at ${distDir}: run \`npm run build:web\` first`)
  }
  const dataDir = await mkdtemp(path.join(tmpdir(), 'tp-bench-web-landing-'))
  const template = await createDatabaseTemplate('pglite')
  const database = await openDatabaseFromTemplate(template.template)
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
  let browser: Browser | null = null
  try {
    await server.app.listen({ host: '127.0.0.1', port: 0 })
    const address = server.app.server.address()
    if (!address || typeof address === 'string') throw new Error('server has no port')
    const url = `http://127.0.0.1:${address.port}/`
    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: chromiumArgs,
    })
    const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10
    const identity = await loadLanding(browser, url, 'identity')
    const gzip = await loadLanding(browser, url, 'gzip')
    const compressed = await loadLanding(browser, url, null)
    yield { name: 'web-landing-transfer-kb', value: kb(compressed.bytes), unit: 'KB' }
    yield {
      name: 'web-landing-transfer-baseline-uncompressed-kb',
      value: kb(identity.bytes),
      unit: 'KB (same page, Accept-Encoding: identity)',
    }
    yield { name: 'web-landing-transfer-gzip-kb', value: kb(gzip.bytes), unit: 'KB (gzip only)' }
    yield { name: 'web-landing-requests', value: compressed.requests, unit: 'requests' }
    console.error(
      `web-landing encodings: default ${[...compressed.encodings].join(',')}; gzip ${[...gzip.encodings].join(',')}; identity ${[...identity.encodings].join(',')}`,
    )
  } finally {
    await browser?.close()
    await server.stop()
    await database.close()
    await template.dispose()
    await rm(dataDir, { recursive: true, force: true })
  }
}

export default suite
