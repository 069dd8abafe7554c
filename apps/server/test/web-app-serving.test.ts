import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from './support'

// `npm start` serves the built web app and the API on one port.
let t: TestApp
let distDir: string
beforeAll(async () => {
  distDir = await mkdtemp(path.join(tmpdir(), 'tp-web-dist-'))
  await mkdir(path.join(distDir, 'assets'))
  await writeFile(
    path.join(distDir, 'index.html'),
    '<!doctype html><title>Tradepeak</title><div id="root"></div>',
  )
  await writeFile(path.join(distDir, 'assets', 'index-abc123.js'), 'console.log("app")')
  t = await createTestApp({ env: { WEB_DIST_DIR: distDir } })
})
afterAll(async () => {
  await t?.close()
  await rm(distDir, { recursive: true, force: true })
})

describe('serving the web app', () => {
  it('serves index.html for every page path, so the browser router takes over', async () => {
    for (const url of [
      '/',
      '/login',
      '/user/dashboard',
      '/reset-password?token=abc',
      '/terms-&-conditions',
    ]) {
      const response = await t.get(url)
      expect(response.status, url).toBe(200)
      expect(response.headers['content-type']).toContain('text/html')
      expect(response.text).toContain('<div id="root">')
    }
  })

  it('protects the pages with a Content-Security-Policy allowing the Google script', async () => {
    const response = await t.get('/login')
    const policy = String(response.headers['content-security-policy'])
    expect(policy).toContain("default-src 'self'")
    expect(policy).toContain(`script-src 'self' ${t.google.url}`)
    expect(policy).toContain("frame-ancestors 'none'")
    expect(response.headers['cache-control']).toBe('no-cache')
  })

  it('serves built assets with a long cache, and a missing asset as 404', async () => {
    const asset = await t.get('/assets/index-abc123.js')
    expect(asset.status).toBe(200)
    expect(asset.headers['cache-control']).toContain('immutable')
    expect((await t.get('/assets/missing-123.js')).status).toBe(404)
  })

  it('never answers the page for /api paths', async () => {
    const response = await t.get('/api/not-a-route')
    expect(response.status).toBe(404)
    expect(response.headers['content-type']).toContain('application/json')
    expect((await t.get('/api/health')).body).toEqual({ status: 'ok' })
  })

  it('does not answer the page to other methods', async () => {
    expect((await t.request('POST', '/user/dashboard', { body: {} })).status).toBe(404)
  })
})

describe('a test app listening for a browser', () => {
  it('serves over real HTTP and mails links to its own address', async () => {
    const listening = await createTestApp({ listen: true })
    try {
      const health = await fetch(`${listening.baseUrl}/api/health`)
      expect(await health.json()).toEqual({ status: 'ok' })
      const { user } = await listening.createUser()
      await listening.post('/api/auth/forgot-password', { email: user.email })
      const link = await listening.mailbox.waitForResetLink(user.email)
      expect(link.startsWith(`${listening.baseUrl}/reset-password?token=`)).toBe(true)
    } finally {
      await listening.close()
    }
  })
})
