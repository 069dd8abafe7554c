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

describe('real MetaTrader settings', () => {
  const mt5Server = {
    MT5_WEBAPI_URL: 'https://mt5.broker.example:443',
    MT5_WEBAPI_LOGIN: '1001',
    MT5_WEBAPI_PASSWORD: 'Manager#Password1',
    MT5_WEBAPI_GROUP: 'demo\\tradepeak',
    MT5_WEBAPI_SERVER_NAME: 'Broker-Demo',
  }
  const mt5Names = Object.keys(mt5Server).sort()

  it('takes a complete MT5 server, in production too', () => {
    const env = loadEnv({ ...productionSecrets, ...mt5Server, TRADING_PLATFORM: 'mt5-webapi' })
    expect(env).toMatchObject({ ...mt5Server, TRADING_PLATFORM: 'mt5-webapi' })
  })

  it('requires all five MT5 settings in production when MT5 is the default, named at once', () => {
    const problems = problemsOf({ ...productionSecrets, TRADING_PLATFORM: 'mt5-webapi' })
    expect(problems.map((p) => p.variable).sort()).toEqual(mt5Names)
    for (const problem of problems) {
      expect(problem.message).toBe('is required in production when TRADING_PLATFORM=mt5-webapi')
    }
  })

  it('requires the MT5 settings together once one of the server, its login or password is set', () => {
    for (const name of ['MT5_WEBAPI_URL', 'MT5_WEBAPI_LOGIN', 'MT5_WEBAPI_PASSWORD'] as const) {
      const problems = problemsOf({ TRADING_PLATFORM: 'mt5-webapi', [name]: mt5Server[name] })
      expect(problems.map((p) => p.variable).sort()).toEqual(mt5Names.filter((n) => n !== name))
      expect(problems[0]!.message).toMatch(new RegExp(`^is required when ${name} is set \\(`))
      expect(problems[0]!.message).toContain('go together')
    }
    // whatever the default: a half-configured server is never replaced by the fake silently
    expect(problemsOf({ MT5_WEBAPI_LOGIN: '1001' }).map((p) => p.variable)).toContain(
      'MT5_WEBAPI_URL',
    )
  })

  it('outside production, MT5 the default with none of them set: the local fake (group and name may be set)', () => {
    const env = loadEnv({ TRADING_PLATFORM: 'mt5-webapi', MT5_WEBAPI_GROUP: 'demo\\x' })
    expect(env).toMatchObject({ TRADING_PLATFORM: 'mt5-webapi', canUseFakes: true })
    expect(env.MT5_WEBAPI_URL).toBeUndefined()
  })

  it('names a malformed MT5 login, port or time zone', () => {
    const problems = problemsOf({
      MT5_WEBAPI_LOGIN: 'manager',
      MT5_WEBAPI_FAKE_PORT: '70000',
      MT5_WEBAPI_TIME_ZONE_MINUTES: '900',
    })
    expect(problems.find((p) => p.variable === 'MT5_WEBAPI_LOGIN')?.message).toBe(
      'must be the manager login (digits)',
    )
    expect(problems.map((p) => p.variable)).toEqual(
      expect.arrayContaining(['MT5_WEBAPI_FAKE_PORT', 'MT5_WEBAPI_TIME_ZONE_MINUTES']),
    )
  })

  const httpsMessage =
    'must be https (plain http only to a loopback address: 127.0.0.1, localhost, [::1])'

  it('requires https for the MT5 server and the MetaApi hosts, in production and out', () => {
    for (const base of [{}, productionSecrets]) {
      const problems = problemsOf({
        ...base,
        ...mt5Server,
        MT5_WEBAPI_URL: 'http://mt5.broker.example',
        METAAPI_TOKEN: 'token',
        METAAPI_PROVISIONING_URL: 'http://provisioning.example',
        METAAPI_CLIENT_URL: 'http://10.0.0.5:8080',
        METAAPI_RISK_URL: 'http://risk.example',
      })
      expect(problems.sort((a, b) => a.variable.localeCompare(b.variable))).toEqual(
        [
          'METAAPI_CLIENT_URL',
          'METAAPI_PROVISIONING_URL',
          'METAAPI_RISK_URL',
          'MT5_WEBAPI_URL',
        ].map((variable) => ({ variable, message: httpsMessage })),
      )
    }
  })

  it('accepts plain http to a loopback address (a tunnel on this machine, the fakes), in production too', () => {
    for (const host of ['127.0.0.1:8443', 'localhost:8443', '[::1]:8443', '127.0.0.2']) {
      const env = loadEnv({
        ...productionSecrets,
        ...mt5Server,
        MT5_WEBAPI_URL: `http://${host}`,
        TRADING_PLATFORM: 'metaapi',
        METAAPI_TOKEN: 'token',
        METAAPI_CLIENT_URL: `http://${host}/client`,
      })
      expect(env.MT5_WEBAPI_URL).toBe(`http://${host}`)
    }
  })

  it('requires the MetaApi token in production when MetaApi is the default; its hosts default to https', () => {
    const problems = problemsOf({ ...productionSecrets, TRADING_PLATFORM: 'metaapi' })
    expect(problems).toEqual([
      {
        variable: 'METAAPI_TOKEN',
        message: 'is required in production when TRADING_PLATFORM=metaapi',
      },
    ])
    const env = loadEnv({ ...productionSecrets, TRADING_PLATFORM: 'metaapi', METAAPI_TOKEN: 't' })
    for (const url of [
      env.METAAPI_PROVISIONING_URL,
      env.METAAPI_CLIENT_URL,
      env.METAAPI_RISK_URL,
    ]) {
      expect(url).toMatch(/^https:\/\//)
    }
    // outside production no token: the local fake
    expect(loadEnv({ TRADING_PLATFORM: 'metaapi' }).METAAPI_TOKEN).toBeUndefined()
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
