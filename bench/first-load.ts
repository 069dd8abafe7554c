// What a page loads before the browser is idle, at the build's gzip sizes: the measure behind
// the web suites' first-load budgets (web-landing-first-load-js-gz-kb,
// analytics-page-first-load-js-gz-kb).
import { readFile, stat } from 'node:fs/promises'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import type { BrowserContext } from 'playwright-core'

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
  options: { origin: string; pagePath: string; distDir: string; ready?: string },
): Promise<{ bytes: number; files: number; urls: string[] }> {
  const { origin, distDir } = options
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
