import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib'
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { createTestApp, type TestApp } from './support'

// Bytes on the wire (decision 0021): API answers are compressed at request time, the web app's
// built files were compressed at build time and are sent as they are; the browser's
// Accept-Encoding picks brotli, gzip or nothing, and caches are told so (Vary).
let t: TestApp
let distDir: string
// a built bundle: long enough to be worth compressing, with its precompressed copies beside it
const bundle = `export const rows = [${Array.from({ length: 400 }, (_, i) => `"row ${i}"`).join(',')}]\n`
const bundlePath = '/assets/index-c0ffee12.js'

beforeAll(async () => {
  distDir = await mkdtemp(path.join(tmpdir(), 'tp-web-dist-compressed-'))
  await mkdir(path.join(distDir, 'assets'))
  await writeFile(path.join(distDir, 'index.html'), '<!doctype html><div id="root"></div>')
  const file = path.join(distDir, bundlePath)
  await writeFile(file, bundle)
  await writeFile(`${file}.br`, brotliCompressSync(bundle))
  await writeFile(`${file}.gz`, gzipSync(bundle))
  t = await createTestApp({ env: { WEB_DIST_DIR: distDir } })
})
afterAll(async () => {
  await t?.close()
  await rm(distDir, { recursive: true, force: true })
})

const get = (url: string, acceptEncoding?: string) =>
  t.app.inject({
    method: 'GET',
    url,
    headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
  })

function decode(encoding: string | undefined, body: Buffer): string {
  if (encoding === 'br') return brotliDecompressSync(body).toString('utf8')
  if (encoding === 'gzip') return gunzipSync(body).toString('utf8')
  return body.toString('utf8')
}

describe('API answers', () => {
  // the OpenAPI document: a JSON answer of the API well over the 1 KB threshold
  const url = '/api/docs/json'

  it('come brotli-compressed when the browser accepts brotli, preferred to gzip', async () => {
    const plain = await get(url, 'identity')
    const response = await get(url, 'gzip, deflate, br')
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-encoding']).toBe('br')
    expect(String(response.headers.vary)).toMatch(/accept-encoding/i)
    expect(response.headers['content-type']).toContain('application/json')
    expect(response.rawPayload.length).toBeLessThan(plain.rawPayload.length)
    expect(JSON.parse(decode('br', response.rawPayload))).toEqual(plain.json())
  })

  it('come gzipped when gzip is all the browser takes, or brotli is refused', async () => {
    for (const acceptEncoding of ['gzip', 'br;q=0, gzip']) {
      const response = await get(url, acceptEncoding)
      expect(response.headers['content-encoding'], acceptEncoding).toBe('gzip')
      expect(JSON.parse(decode('gzip', response.rawPayload)).openapi).toBeDefined()
    }
  })

  it('come plain when no encoding is accepted', async () => {
    for (const acceptEncoding of [undefined, 'identity']) {
      const response = await get(url, acceptEncoding)
      expect(response.headers['content-encoding'], acceptEncoding).toBeUndefined()
      expect(response.json().openapi).toBeDefined()
    }
  })

  it('leave a small answer plain: encoding it would not pay', async () => {
    const response = await get('/api/health', 'br, gzip')
    expect(response.headers['content-encoding']).toBeUndefined()
    expect(response.json()).toEqual({ status: 'ok' })
  })
})

describe('built web assets', () => {
  it('are sent precompressed: brotli first, then gzip, with their own type', async () => {
    for (const [acceptEncoding, encoding] of [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
    ] as const) {
      const response = await get(bundlePath, acceptEncoding)
      expect(response.statusCode).toBe(200)
      expect(response.headers['content-encoding'], acceptEncoding).toBe(encoding)
      expect(response.headers['content-type']).toContain('javascript')
      expect(String(response.headers.vary)).toMatch(/accept-encoding/i)
      expect(decode(encoding, response.rawPayload)).toBe(bundle)
    }
  })

  it('are sent as they are when no encoding is accepted', async () => {
    for (const acceptEncoding of [undefined, 'identity']) {
      const response = await get(bundlePath, acceptEncoding)
      expect(response.headers['content-encoding'], acceptEncoding).toBeUndefined()
      expect(response.body).toBe(bundle)
    }
  })

  it('are immutable under /assets (hashed names), whatever the encoding', async () => {
    for (const acceptEncoding of ['br', 'gzip', 'identity']) {
      const response = await get(bundlePath, acceptEncoding)
      expect(response.headers['cache-control'], acceptEncoding).toBe(
        'public, max-age=31536000, immutable',
      )
    }
  })

  it('keep the page itself revalidated, and the copies are no URLs of their own', async () => {
    const page = await get('/', 'br')
    expect(page.statusCode).toBe(200)
    expect(page.headers['cache-control']).toBe('no-cache')
    expect(
      decode(page.headers['content-encoding'] as string | undefined, page.rawPayload),
    ).toContain('<div id="root">')
    expect((await get(`${bundlePath}.br`, 'identity')).statusCode).toBe(404)
  })
})

describe('the live stream', () => {
  it('still upgrades to a WebSocket with compression on', async () => {
    const listening = await createTestApp({ listen: true })
    try {
      const url = `${listening.baseUrl!.replace(/^http/, 'ws')}/api/stream`
      // a browser sends its Accept-Encoding with the upgrade request as well
      const socket = new WebSocket(url, { headers: { 'accept-encoding': 'gzip, deflate, br' } })
      const status = await new Promise<number | 'open'>((resolve, reject) => {
        socket.once('open', () => resolve('open'))
        socket.once('unexpected-response', (_request, response) =>
          resolve(response.statusCode ?? 0),
        )
        socket.once('error', reject)
      })
      expect(status).toBe('open')
      socket.close()
    } finally {
      await listening.close()
    }
  })
})
