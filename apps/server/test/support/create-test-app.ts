import { mkdtemp, rm } from 'node:fs/promises'
import { createServer, type AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { Role, Session } from '@tp/api'
import {
  currentRulebookVersion,
  type AccountSizeK,
  type ChallengeType,
  type TradingPlatform,
} from '@tp/domain'
import { eq } from 'drizzle-orm'
import type { FastifyInstance, InjectOptions } from 'fastify'
import { loadEnv, type Env } from '../../src/config/env'
import type { AppContext } from '../../src/context'
import type { Database } from '../../src/db/client'
import {
  billingProfiles,
  challenges,
  profiles,
  users,
  type TradingAccountRow,
  type UserRow,
} from '../../src/db/schema'
import type { SimulatedPlatform } from '../../src/integrations/trading-platform/simulated/simulated-platform'
import { provisionStageAccount } from '../../src/modules/accounts/provision-account'
import type { GoogleFake } from '../../src/integrations/google/fake/google-fake'
import type { OxaPayFake } from '../../src/integrations/oxapay/fake/oxapay-fake'
import type { PayPalFake } from '../../src/integrations/paypal/fake/paypal-fake'
import type { Storage } from '../../src/integrations/storage/storage'
import { BOSS_SCHEMA } from '../../src/jobs/job-runner'
import { createLogger, type Logger } from '../../src/lib/logger'
import { hashPassword } from '../../src/lib/passwords'
import { startSession } from '../../src/modules/auth/start-session'
import { startServer, type RunningServer } from '../../src/server'
import { currentTemplate, openDatabaseFromTemplate, type DatabaseTemplate } from './database'
import { Mailbox } from './mailbox'
import { TestClock } from './test-clock'

export type TestResponse<T = unknown> = {
  status: number
  headers: Record<string, string | string[] | number | undefined>
  /** Parsed JSON when the answer is JSON, else undefined. */
  body: T
  text: string
}

export type RequestOptions = {
  body?: unknown
  /** Bearer access token. */
  token?: string
  headers?: Record<string, string>
  /** Client address, for per-IP behaviour (rate limits). Default 127.0.0.1. */
  ip?: string
  /** Raw payload sent as is (e.g. malformed JSON, multipart). */
  payload?: string | Buffer
}

export type TestUser = {
  user: UserRow
  password: string
  session: Session
  /** Authorization header value for this user's access token. */
  token: string
}

export type TestApp = {
  app: FastifyInstance
  ctx: AppContext
  env: Env
  db: Database
  clock: TestClock
  mailbox: Mailbox
  /** The local Google fake the app verifies tokens against. */
  google: GoogleFake
  /** The local fakes of the payment providers. */
  paypal: PayPalFake
  oxapay: OxaPayFake
  /** The local SMTP capture server's address (null when SMTP_URL is set). */
  smtpUrl: string | null
  /** Address of the listening server (only with `listen: true`). */
  baseUrl: string | null
  request<T = unknown>(
    method: InjectOptions['method'],
    url: string,
    options?: RequestOptions,
  ): Promise<TestResponse<T>>
  get<T = unknown>(url: string, options?: RequestOptions): Promise<TestResponse<T>>
  post<T = unknown>(url: string, body?: unknown, options?: RequestOptions): Promise<TestResponse<T>>
  /** Resolves once every queued background job has run (e.g. emails that may not be sent). */
  waitForJobs(options?: { timeoutMs?: number }): Promise<void>
  /** Creates a user directly in the database and signs them in. */
  createUser(options?: {
    email?: string
    password?: string
    role?: Role
    name?: string
    /** Whether the email is proven (as after a reset or Google); default false, as at sign-up. */
    emailVerified?: boolean
  }): Promise<TestUser>
  /** Saves (and so locks) the user's billing profile, which checkout requires. */
  saveBilling(user: TestUser): Promise<void>
  /** A fresh access token for the user at the clock's time (after the test moved the clock). */
  tokenFor(user: TestUser): Promise<string>
  /** A challenge for the user, its first stage provisioned at once (as a paid order would). */
  createTradingAccount(
    user: TestUser,
    options?: { challenge?: ChallengeType; sizeK?: AccountSizeK; platform?: TradingPlatform },
  ): Promise<TradingAccountRow>
  /** The built-in simulated trading server (its market is in manual mode in tests). */
  simulated: SimulatedPlatform
  close(): Promise<void>
}

export type CreateTestAppOptions = {
  /** Environment variables on top of the test defaults. */
  env?: Record<string, string>
  /** Replaces the storage adapter (e.g. S3 against the fake). */
  storage?: Storage
  /**
   * Listen on a loopback port too (for a browser); requests still work through inject. APP_URL
   * (links in emails) is then the listening address unless `env` sets it.
   */
  listen?: boolean | { port: number }
  /** Database template; default: the one of this test run. */
  template?: DatabaseTemplate
  /** The app's logger (a test that reads what was logged); default: LOG_LEVEL to stdout. */
  logger?: Logger
}

let userCounter = 0

/** A loopback port free right now (so APP_URL can name it before the app listens). */
async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  await new Promise((resolve) => server.close(resolve))
  return port
}

/**
 * The whole app as `npm start` builds it (real database copy, migrations, jobs, mail capture,
 * Google fake), with a movable clock and helpers. Reused by later features and browser tests.
 */
export async function createTestApp(options: CreateTestAppOptions = {}): Promise<TestApp> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'tp-server-test-'))
  const port = options.listen
    ? typeof options.listen === 'object'
      ? options.listen.port
      : await freePort()
    : 0
  const env = loadEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    PORT: String(port),
    HOST: '127.0.0.1',
    ...(options.listen ? { APP_URL: `http://127.0.0.1:${port}` } : {}),
    DATA_DIR: dataDir,
    WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
    SEED_DEMO: 'false',
    RATE_LIMIT_MAX_PER_IP: '1000',
    RATE_LIMIT_MAX_PER_EMAIL: '1000',
    // prices move only when a test moves them
    MARKET_FEED: 'manual',
    MARKET_BACKFILL_HOURS: '0',
    ...options.env,
  })
  const clock = new TestClock()
  const database = await openDatabaseFromTemplate(options.template ?? (await currentTemplate()))
  let server: RunningServer
  try {
    server = await startServer({
      env,
      clock,
      logger: options.logger ?? createLogger(env),
      database,
      isJobMaintenanceOn: false,
      ...(options.storage ? { storage: options.storage } : {}),
    })
  } catch (error) {
    await database.close()
    throw error
  }
  const { app, ctx } = server
  const baseUrl = options.listen ? await app.listen({ host: '127.0.0.1', port }) : null

  const request = async <T>(
    method: InjectOptions['method'],
    url: string,
    requestOptions: RequestOptions = {},
  ): Promise<TestResponse<T>> => {
    const headers: Record<string, string> = { ...requestOptions.headers }
    if (requestOptions.token) headers.authorization = `Bearer ${requestOptions.token}`
    const response = await app.inject({
      method,
      url,
      headers,
      remoteAddress: requestOptions.ip ?? '127.0.0.1',
      ...(requestOptions.payload !== undefined
        ? { payload: requestOptions.payload }
        : requestOptions.body !== undefined
          ? { payload: requestOptions.body as InjectOptions['payload'] }
          : {}),
    })
    const isJson = String(response.headers['content-type'] ?? '').includes('application/json')
    return {
      status: response.statusCode,
      headers: response.headers,
      body: (isJson && response.body ? response.json() : undefined) as T,
      text: response.body,
    }
  }

  return {
    app,
    ctx,
    env,
    db: ctx.db,
    clock,
    mailbox: new Mailbox(ctx.db),
    google: server.fakes.google!,
    paypal: server.fakes.paypal!,
    oxapay: server.fakes.oxapay!,
    smtpUrl: server.fakes.mailCapture?.url ?? null,
    baseUrl,
    request,
    get: (url, requestOptions) => request('GET', url, requestOptions),
    post: (url, body, requestOptions) => request('POST', url, { ...requestOptions, body }),
    async waitForJobs(waitOptions = {}) {
      const deadline = Date.now() + (waitOptions.timeoutMs ?? 15_000)
      for (;;) {
        const { rows } = await ctx.pool.query<{ pending: number }>(
          `select count(*)::int as pending from ${BOSS_SCHEMA}.job
           where state in ('created', 'retry', 'active') and start_after <= now()`,
        )
        if (rows[0]?.pending === 0) return
        if (Date.now() > deadline) throw new Error(`${rows[0]?.pending} jobs still pending`)
        await new Promise((resolve) => setTimeout(resolve, 50))
      }
    },
    async createUser(userOptions = {}) {
      userCounter += 1
      const email = (
        userOptions.email ?? `user${userCounter}.${process.pid}@tradepeak.test`
      ).toLowerCase()
      const password = userOptions.password ?? `password-${userCounter}`
      const [created] = await ctx.db
        .insert(users)
        .values({
          email,
          passwordHash: await hashPassword(password),
          role: userOptions.role ?? 'trader',
          name: userOptions.name ?? null,
          emailVerified: userOptions.emailVerified ?? false,
        })
        .returning()
      await ctx.db.insert(profiles).values({ userId: created!.id })
      const session = await startSession(ctx, created!)
      const [user] = await ctx.db.select().from(users).where(eq(users.id, created!.id))
      return { user: user!, password, session, token: session.token }
    },
    simulated: ctx.trading.simulated!,
    async saveBilling(user) {
      await ctx.db
        .insert(billingProfiles)
        .values({
          userId: user.user.id,
          firstName: 'Tess',
          lastName: 'Trader',
          country: 'Canada',
          apartment: '1 Harbour Street',
          town: 'Vancouver',
          state: 'BC',
          companyName: 'Private',
          postalCode: 'V6B 1A1',
          phone: '6045550100',
          lockedAt: ctx.clock.now(),
        })
        .onConflictDoNothing()
    },
    async tokenFor(user) {
      return (await startSession(ctx, user.user)).token
    },
    async createTradingAccount(user, accountOptions = {}) {
      const challengeType = accountOptions.challenge ?? 'twoPhase'
      const [challenge] = await ctx.db
        .insert(challenges)
        .values({
          userId: user.user.id,
          challengeType,
          sizeK: accountOptions.sizeK ?? 100,
          platform: accountOptions.platform ?? 'mt5',
          rulebookVersion: currentRulebookVersion,
        })
        .returning()
      return provisionStageAccount(ctx, {
        challengeId: challenge!.id,
        stage: challengeType === 'twoPhase' ? 'phase1' : 'funded',
      })
    },
    async close() {
      await server.stop()
      await database.close()
      await rm(dataDir, { recursive: true, force: true })
    },
  }
}
