import { existsSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { meResponseSchema, sessionSchema } from '@tp/api'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testBackend } from './support'
import {
  startChildServer as start,
  stopChildServer as stop,
  type ChildServer,
} from './support/child-server'

// `npm start` as a newcomer runs it: the real entry point (src/main.ts) in its own process, no
// DATABASE_URL (embedded PGlite under DATA_DIR), fakes of every provider, demo data printed.
// It brings its own database, so the PostgreSQL run of the suite skips it.

const postJson = (url: string, body: unknown) =>
  fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })

let dataDir: string
let running: ChildServer | null = null
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'tp-npm-start-'))
})
afterAll(async () => {
  if (running) await stop(running)
  await rm(dataDir, { recursive: true, force: true })
})

describe.skipIf(testBackend() === 'postgres')('npm start on a fresh machine', () => {
  it('boots on an embedded database kept under DATA_DIR, prints the demo accounts, and keeps data across a restart', async () => {
    running = await start(dataDir)
    const first = running
    const health = await fetch(`${first.baseUrl}/api/health`)
    expect(await health.json()).toEqual({ status: 'ok' })
    expect(existsSync(path.join(dataDir, 'pglite'))).toBe(true)

    // the printed demo accounts sign in with the printed passwords
    const printed = [...first.stdout().matchAll(/^\s+(trader|admin)\s+(\S+@\S+)\s+\/\s+(\S+)$/gm)]
    expect(printed.map((match) => match[1])).toEqual(['trader', 'admin'])
    for (const [, role, email, password] of printed) {
      const login = await postJson(`${first.baseUrl}/api/auth/login`, { email, password })
      expect(login.status).toBe(200)
      expect(sessionSchema.parse(await login.json()).user.role).toBe(role)
    }

    const registered = await postJson(`${first.baseUrl}/api/auth/register`, {
      email: 'newcomer@example.com',
      password: 'newcomer-password',
    })
    const { token } = sessionSchema.parse(await registered.json())
    expect(await stop(first)).toBe(0)
    running = null

    // ADMIN_EMAILS promotes an existing user when the app starts
    running = await start(dataDir, { ADMIN_EMAILS: 'newcomer@example.com' })
    const me = await fetch(`${running.baseUrl}/api/auth/me`, {
      headers: { authorization: `Bearer ${token}` },
    })
    expect(meResponseSchema.parse(await me.json()).user).toMatchObject({
      email: 'newcomer@example.com',
      role: 'admin',
    })
    expect(await stop(running)).toBe(0)
    running = null
  }, 180_000)
})
