import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { createServer, type AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { meResponseSchema, sessionSchema } from '@tp/api'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { repoRoot, serverRoot } from '../src/config/paths'
import { testBackend } from './support'

// `npm start` as a newcomer runs it: the real entry point (src/main.ts) in its own process, no
// DATABASE_URL (embedded PGlite under DATA_DIR), fakes of every provider, demo data printed.
// It brings its own database, so the PostgreSQL run of the suite skips it.

type Started = { child: ChildProcess; stdout: () => string; baseUrl: string }

async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  await new Promise((resolve) => server.close(resolve))
  return port
}

async function start(dataDir: string, env: Record<string, string> = {}): Promise<Started> {
  const port = await freePort()
  const child = spawn(
    path.join(repoRoot, 'node_modules/.bin/tsx'),
    [path.join(serverRoot, 'src/main.ts')],
    {
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        HOST: '127.0.0.1',
        PORT: String(port),
        DATA_DIR: dataDir,
        WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
        LOG_LEVEL: 'warn',
        MARKET_FEED: 'manual',
        MARKET_BACKFILL_HOURS: '0',
        ...env,
      },
    },
  )
  let stdout = ''
  let stderr = ''
  child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
  await new Promise<void>((resolve, reject) => {
    const onExit = (code: number | null) =>
      reject(new Error(`the server exited (${code}) before it was ready:\n${stdout}\n${stderr}`))
    child.once('exit', onExit)
    child.stdout!.on('data', () => {
      if (stdout.includes('Tradepeak is running')) {
        child.off('exit', onExit)
        resolve()
      }
    })
  })
  return { child, stdout: () => stdout, baseUrl: `http://127.0.0.1:${port}` }
}

function stop(started: Started): Promise<number | null> {
  if (started.child.exitCode !== null) return Promise.resolve(started.child.exitCode)
  return new Promise((resolve) => {
    started.child.once('exit', (code) => resolve(code))
    started.child.kill('SIGTERM')
  })
}

const postJson = (url: string, body: unknown) =>
  fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })

let dataDir: string
let running: Started | null = null
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
