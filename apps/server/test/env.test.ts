import { spawn } from 'node:child_process'
import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { DEV_JWT_SECRET, EnvError, loadEnv } from '../src/config/env'
import { defaultDataDir, repoRoot, serverRoot } from '../src/config/paths'

/** Every secret production needs, so a test can leave out exactly one of them. */
const productionSecrets = {
  NODE_ENV: 'production',
  JWT_SECRET: 'a-real-secret-that-is-long-enough-for-hs256',
  APP_URL: 'https://app.example.com',
  SMTP_URL: 'smtp://mail.example.com:587',
  CREDENTIALS_KEY: 'ab'.repeat(32),
  CERTIFICATE_KEY: 'a-real-certificate-key-long-enough-to-sign',
}

function problemsOf(source: Record<string, string>) {
  try {
    loadEnv(source)
  } catch (error) {
    if (error instanceof EnvError) return error.problems
    throw error
  }
  throw new Error('expected the environment to be refused')
}

describe('environment schema', () => {
  it('boots a laptop with no variables at all: safe local defaults', () => {
    const env = loadEnv({})
    expect(env).toMatchObject({
      NODE_ENV: 'development',
      PORT: 3000,
      APP_URL: 'http://localhost:3000',
      DATA_DIR: defaultDataDir,
      SEED_DEMO: true,
      STORAGE_DRIVER: 'local',
      canUseFakes: true,
    })
    expect(env.DATABASE_URL).toBeUndefined()
    expect(env.SMTP_URL).toBeUndefined()
  })

  it('names a malformed variable', () => {
    const problems = problemsOf({ PORT: 'eighty' })
    expect(problems.map((p) => p.variable)).toEqual(['PORT'])
    const error = new EnvError(problems)
    expect(error.message).toContain('PORT:')
  })

  it('names every bad variable at once', () => {
    const problems = problemsOf({
      DATABASE_URL: 'mysql://nope',
      ADMIN_EMAILS: 'ok@example.com, not-an-email',
      LOG_LEVEL: 'loud',
    })
    expect(problems.map((p) => p.variable).sort()).toEqual([
      'ADMIN_EMAILS',
      'DATABASE_URL',
      'LOG_LEVEL',
    ])
  })

  it('treats an empty value as unset', () => {
    const env = loadEnv({ PORT: '', SMTP_URL: '' })
    expect(env.PORT).toBe(3000)
    expect(env.SMTP_URL).toBeUndefined()
  })

  it('normalises the admin list', () => {
    expect(
      loadEnv({ ADMIN_EMAILS: ' Boss@Example.com ,, second@example.com' }).ADMIN_EMAILS,
    ).toEqual(['boss@example.com', 'second@example.com'])
  })

  it('refuses production without real secrets, naming each missing variable', () => {
    const problems = problemsOf({ NODE_ENV: 'production' })
    expect(problems.map((p) => p.variable).sort()).toEqual([
      'APP_URL',
      'CERTIFICATE_KEY',
      'CREDENTIALS_KEY',
      'JWT_SECRET',
      'SMTP_URL',
    ])
  })

  it('names a malformed variable and the missing production ones in one go', () => {
    const problems = problemsOf({ NODE_ENV: 'production', PORT: 'abc' })
    expect(problems.map((p) => p.variable).sort()).toEqual([
      'APP_URL',
      'CERTIFICATE_KEY',
      'CREDENTIALS_KEY',
      'JWT_SECRET',
      'PORT',
      'SMTP_URL',
    ])
  })

  it('refuses the development signing key in production', () => {
    const problems = problemsOf({ ...productionSecrets, JWT_SECRET: DEV_JWT_SECRET })
    expect(problems).toEqual([
      { variable: 'JWT_SECRET', message: expect.stringContaining('production') },
    ])
  })

  it('accepts a complete production environment without fakes or demo accounts', () => {
    const env = loadEnv({
      ...productionSecrets,
      APP_URL: 'https://app.example.com/',
      SMTP_URL: 'smtps://user:pass@mail.example.com:465',
    })
    expect(env).toMatchObject({
      APP_URL: 'https://app.example.com',
      SEED_DEMO: false,
      canUseFakes: false,
    })
  })

  it('refuses the published demo passwords when seeding in production', () => {
    const problems = problemsOf({ ...productionSecrets, SEED_DEMO: 'true' })
    expect(problems.map((p) => p.variable).sort()).toEqual([
      'DEMO_ADMIN_PASSWORD',
      'DEMO_TRADER_PASSWORD',
    ])
  })

  it('requires the S3 settings only when S3 storage is chosen', () => {
    const problems = problemsOf({ STORAGE_DRIVER: 's3', S3_BUCKET: 'avatars' })
    expect(problems.map((p) => p.variable).sort()).toEqual([
      'S3_ACCESS_KEY_ID',
      'S3_ENDPOINT',
      'S3_SECRET_ACCESS_KEY',
    ])
  })
})

/** Runs `npm start`'s entry point (src/main.ts) with the given environment until it exits. */
function startServerProcess(env: Record<string, string>) {
  return new Promise<{ code: number | null; stderr: string }>((resolve, reject) => {
    const child = spawn(
      path.join(repoRoot, 'node_modules/.bin/tsx'),
      [path.join(serverRoot, 'src/main.ts')],
      { env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env } },
    )
    let stderr = ''
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
    child.on('error', reject)
    child.on('exit', (code) => resolve({ code, stderr }))
  })
}

describe('the server at boot', () => {
  it('stops with a message naming the bad and the missing variables, before opening a database', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'tp-env-boot-'))
    try {
      const malformed = await startServerProcess({ PORT: 'eighty', DATA_DIR: dataDir })
      expect(malformed.code).toBe(1)
      expect(malformed.stderr).toContain('Tradepeak cannot start')
      expect(malformed.stderr).toMatch(/^ {2}PORT: /m)

      const { CREDENTIALS_KEY: _missing, ...withoutKey } = productionSecrets
      const missing = await startServerProcess({ ...withoutKey, DATA_DIR: dataDir })
      expect(missing.code).toBe(1)
      expect(missing.stderr).toMatch(/^ {2}CREDENTIALS_KEY: is required in production/m)
      expect(await readdir(dataDir)).toEqual([])
    } finally {
      await rm(dataDir, { recursive: true, force: true })
    }
  })
})
