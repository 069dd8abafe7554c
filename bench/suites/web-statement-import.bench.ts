/// <reference lib="dom" />
// statement-import-browser-10k-trades-ms (target < 500): on the public statement check
// (/tools/statement-check, the real build served by the real server, Debian's Chromium), the time
// from dropping a generated 10,000-trade MT4 Detailed Statement (~5 MB, the generator of
// @tp/domain/statement/testing, as in statement-import-10k-trades-ms) on the drop zone to its
// summary shown with the file's name; measured in the page (performance.now), the median of
// RUNS drops, each on a freshly loaded page (the worker chunk in the HTTP cache), after a first
// one that also fetches the importer's worker chunk from the server (printed apart).
// Same-run baseline: the same file imported by the same importer in Node, on this process.
// Usage: npm run bench -- web-statement-import   (WEB_DIST_DIR=<folder> for another build)
import { importStatement } from '@tp/domain/statement'
import { mt4DetailedStatement, randomMt4History } from '@tp/domain/statement/testing'
import { chromium, type Browser, type Page } from 'playwright-core'
import { medianMs, type BenchSuite } from '../support'
import { chromiumArgs, chromiumPath, startWebServer } from '../first-load'

const TRADES = 10_000
const RUNS = 5

/** Drops the page's prepared file (as `name`) on the drop zone; ms until its summary shows. */
function dropAndWait(page: Page, name: string): Promise<number> {
  return page.evaluate(async (name) => {
    const file = (window as unknown as { __statement: (name: string) => File }).__statement(name)
    const transfer = new DataTransfer()
    transfer.items.add(file)
    const zone = document.querySelector('[data-testid="statement-drop-zone"]')!
    // no named helpers in here: the function runs in the page, without tsx's __name
    const summary = `[data-testid="statement-summary"][data-file="${CSS.escape(name)}"]`
    const started = performance.now()
    const shown = new Promise<number>((resolve, reject) => {
      const observer = new MutationObserver(() => {
        if (document.querySelector(summary)) {
          observer.disconnect()
          resolve(performance.now())
        } else if (document.querySelector('[data-testid="statement-error"]')) {
          observer.disconnect()
          reject(new Error(document.querySelector('[data-testid="statement-error"]')!.textContent!))
        }
      })
      observer.observe(document.body, { childList: true, subtree: true, attributes: true })
    })
    zone.dispatchEvent(
      new DragEvent('drop', { dataTransfer: transfer, bubbles: true, cancelable: true }),
    )
    return (await shown) - started
  }, name)
}

const suite: BenchSuite = async function* () {
  const { bytes, printed } = mt4DetailedStatement(
    randomMt4History({ trades: TRADES, seed: 10_000 }),
  )
  const web = await startWebServer('statement-import')
  let browser: Browser | null = null
  try {
    browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs })
    const page = await browser.newPage()
    const base64 = Buffer.from(bytes).toString('base64')
    /** a settled page each time: the previous file's analytics are not still drawing */
    const freshPage = async () => {
      await page.goto(`${web.origin}/tools/statement-check`)
      await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' })
      // the file is made in the page beforehand: handing 5 MB to the browser is not the import
      await page.evaluate((base64) => {
        const binary = atob(base64)
        const content = new Uint8Array(binary.length)
        for (let i = 0; i < binary.length; i++) content[i] = binary.charCodeAt(i)
        ;(window as unknown as { __statement: (name: string) => File }).__statement = (name) =>
          new File([content], name, { type: 'text/html' })
      }, base64)
    }

    await freshPage()
    const firstDrop = await dropAndWait(page, 'statement-0.htm')
    const shownTotal = await page
      .locator('[data-testid="statement-summary"] [data-field="totalNetProfit"] dd')
      .textContent()
    const expectedTotal = printed.totalNetProfit.toLocaleString('en-US', {
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    })
    if (shownTotal !== expectedTotal) {
      throw new Error(`the page shows a total net profit of ${shownTotal}, not ${expectedTotal}`)
    }
    const times: number[] = []
    for (let run = 1; run <= RUNS; run++) {
      await freshPage()
      times.push(await dropAndWait(page, `statement-${run}.htm`))
    }
    times.sort((a, b) => a - b)
    yield {
      name: 'statement-import-browser-10k-trades-ms',
      value: times[Math.floor(times.length / 2)]!,
      unit: `ms (drop to summary shown, median of ${RUNS}, Chromium)`,
    }
    yield {
      name: 'statement-import-browser-10k-first-drop-ms',
      value: firstDrop,
      unit: 'ms (the first drop, fetching the importer chunk too)',
    }
    yield {
      name: 'statement-import-browser-baseline-node-10k-trades-ms',
      value: medianMs(() => importStatement(bytes), RUNS, 1),
      unit: 'ms (the same file, the same importer, in Node)',
    }
  } finally {
    await browser?.close()
    await web.close()
  }
}
export default suite
