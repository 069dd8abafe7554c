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
import { chromium, type Browser } from 'playwright-core'
import { chromiumArgs, chromiumPath, startWebServer } from '../first-load'
import type { BenchSuite } from '../support'

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
  const web = await startWebServer('web-landing')
  let browser: Browser | null = null
  try {
    const url = `${web.origin}/`
    browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs })
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
    await web.close()
  }
}

export default suite
