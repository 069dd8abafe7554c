import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib'
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from './support'

// Prerendered public pages (decision 0025): the build writes dist/<path>/index.html for each
// public page (the landing page as dist/index.html) and keeps the app's empty shell as
// dist/spa.html; the server answers a prerendered path with its page and every other page path
// with the shell.
let t: TestApp
let distDir: string

const pageHtml = (name: string) =>
  `<!doctype html><html lang="en"><head><title>${name} · Tradepeak</title></head>` +
  `<body><div id="root"><main><h1>${name}</h1>${'<p>Simulated accounts only.</p>'.repeat(40)}</main></div></body></html>`
const shellHtml = '<!doctype html><title>Tradepeak</title><div id="root"></div>'

async function writePage(relative: string, html: string, isCompressed = false) {
  const file = path.join(distDir, relative)
  await mkdir(path.dirname(file), { recursive: true })
  await writeFile(file, html)
  if (isCompressed) {
    await writeFile(`${file}.br`, brotliCompressSync(html))
    await writeFile(`${file}.gz`, gzipSync(html))
  }
}

beforeAll(async () => {
  distDir = await mkdtemp(path.join(tmpdir(), 'tp-web-dist-prerendered-'))
  await writePage('index.html', pageHtml('Landing'), true)
  await writePage('spa.html', shellHtml)
  await writePage('faq/index.html', pageHtml('FAQ'), true)
  await writePage('terms-&-conditions/index.html', pageHtml('Terms'))
  await writePage('assets/index-0123abcd.js', 'console.log("app")')
  await writePage('sitemap.xml', '<?xml version="1.0"?><urlset></urlset>')
  await writePage('robots.txt', 'User-agent: *\nAllow: /\n')
  t = await createTestApp({ env: { WEB_DIST_DIR: distDir } })
})
afterAll(async () => {
  await t?.close()
  await rm(distDir, { recursive: true, force: true })
})

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers })

describe('prerendered public pages', () => {
  it('answers a prerendered path with its own page, revalidated, under the CSP', async () => {
    const response = await get('/faq', { 'accept-encoding': 'identity' })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toContain('text/html')
    expect(response.body).toContain('<h1>FAQ</h1>')
    expect(response.headers['cache-control']).toBe('no-cache')
    expect(String(response.headers.vary)).toMatch(/accept-encoding/i)
    expect(response.headers.etag).toBeTruthy()
    expect(String(response.headers['content-security-policy'])).toContain("default-src 'self'")
  })

  it('sends the build-time brotli copy of the page when the browser accepts it', async () => {
    const response = await get('/faq', { 'accept-encoding': 'gzip, br' })
    expect(response.headers['content-encoding']).toBe('br')
    expect(brotliDecompressSync(response.rawPayload).toString('utf8')).toBe(pageHtml('FAQ'))
  })

  it('answers the landing page at / and the same page with a trailing slash or encoded', async () => {
    expect((await get('/')).body).toContain('<h1>Landing</h1>')
    expect((await get('/faq/')).body).toContain('<h1>FAQ</h1>')
    expect((await get('/faq?utm_source=news')).body).toContain('<h1>FAQ</h1>')
    expect((await get('/terms-&-conditions')).body).toContain('<h1>Terms</h1>')
    expect((await get('/terms-%26-conditions')).body).toContain('<h1>Terms</h1>')
  })

  it('answers every other page path with the empty app shell, never a public page', async () => {
    for (const url of ['/user/dashboard', '/login?redirectTo=%2Fuser', '/no-such-page', '/faq/x']) {
      const response = await get(url)
      expect(response.statusCode, url).toBe(200)
      expect(response.body, url).toBe(shellHtml)
      expect(response.headers['cache-control'], url).toBe('no-cache')
    }
  })

  it('answers HEAD for a page, and no page to other methods or malformed paths', async () => {
    const head = await t.app.inject({ method: 'HEAD', url: '/faq' })
    expect(head.statusCode).toBe(200)
    expect(head.headers['content-type']).toContain('text/html')
    expect((await t.request('POST', '/faq', { body: {} })).status).toBe(404)
    // a malformed escape is the framework's clear 400, never a page nor a 500
    expect((await get('/%E0%A4%A')).statusCode).toBe(400)
  })

  it('does not serve the page files under their own names', async () => {
    expect((await get('/faq/index.html')).statusCode).toBe(404)
    expect((await get('/spa.html')).statusCode).toBe(404)
  })

  it('serves the sitemap and robots.txt revalidated, and hashed assets immutable', async () => {
    const sitemap = await get('/sitemap.xml')
    expect(sitemap.statusCode).toBe(200)
    expect(sitemap.headers['content-type']).toContain('xml')
    expect(sitemap.headers['cache-control']).toBe('no-cache')
    const robots = await get('/robots.txt')
    expect(robots.headers['content-type']).toContain('text/plain')
    expect(robots.body).toContain('User-agent: *')
    const asset = await get('/assets/index-0123abcd.js')
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable')
  })
})
