import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import { buildApp } from './app'
import { FAKE_GOOGLE_CLIENT_ID, type Env } from './config/env'
import { CallerCache, connectCallerCache } from './modules/access/caller-cache'
import { connectReadCaches, ReadCaches } from './modules/access/read-cache'
import { SessionEvents } from './modules/access/session-events'
import type { AppContext } from './context'
import { migrateDatabase } from './db/migrate'
import { openDatabase, type OpenDatabase } from './db/open-database'
import { promoteAdminEmails, seedDemoAccounts, type SeededAccount } from './db/seed'
import { startGoogleFake, type GoogleFake } from './integrations/google/fake/google-fake'
import {
  createGoogleIdentity,
  GOOGLE_SCRIPT_URL,
  GOOGLE_TOKENINFO_URL,
  GOOGLE_USERINFO_URL,
  type GoogleIdentity,
} from './integrations/google/google-identity'
import {
  startCalendarFeedFake,
  type CalendarFeedFake,
} from './integrations/economic-calendar/fake/calendar-feed-fake'
import { startMailCapture, type MailCapture } from './integrations/mail/capture-server'
import { createSmtpMailer } from './integrations/mail/mailer'
import { startPaymentProviders } from './integrations/payments/payment-providers'
import type { OxaPayFake } from './integrations/oxapay/fake/oxapay-fake'
import type { PayPalFake } from './integrations/paypal/fake/paypal-fake'
import { createLocalStorage } from './integrations/storage/local-storage'
import {
  startTradeLockerFake,
  type TradeLockerFake,
} from './integrations/tradelocker/fake/tradelocker-fake'
import { createS3Storage } from './integrations/storage/s3-storage'
import type { Storage } from './integrations/storage/storage'
import { allJobs } from './jobs'
import { bossStatementsSettled, createBoss, JobRunner } from './jobs/job-runner'
import { systemClock, type Clock } from './lib/clock'
import { createLogger, type Logger } from './lib/logger'
import { createSecretBox, credentialsKey } from './lib/secret-box'
import { seedDemoCalendar } from './modules/calendar/seed-demo-calendar'
import { seedDemoTrading } from './modules/scenarios/seed-demo-trading'
import { NewsRule } from './risk/news-rule'
import { PolicyRule } from './risk/policy-rule'
import { createTradingRuntime } from './trading-runtime'

export type StartServerOptions = {
  env: Env
  logger?: Logger
  clock?: Clock
  /** An already open database (tests bring a copy of a migrated template). */
  database?: OpenDatabase
  /** Replaces the storage adapter chosen by the environment. */
  storage?: Storage
  /** pg-boss maintenance and cron; off in tests, whose databases live for seconds. */
  isJobMaintenanceOn?: boolean
}

export type RunningServer = {
  app: FastifyInstance
  ctx: AppContext
  database: OpenDatabase
  /** Local fakes started because their provider is not configured. */
  fakes: {
    google: GoogleFake | null
    mailCapture: MailCapture | null
    paypal: PayPalFake | null
    oxapay: OxaPayFake | null
    calendarFeed: CalendarFeedFake | null
    tradeLocker: TradeLockerFake | null
  }
  /** the news rule beside the risk monitor (decision 0037) */
  newsRule: NewsRule
  policyRule: PolicyRule
  seededAccounts: SeededAccount[]
  stop(): Promise<void>
}

async function startGoogle(
  env: Env,
  clock: Clock,
): Promise<{ google: GoogleIdentity; fake: GoogleFake | null }> {
  if (env.canUseFakes && !env.GOOGLE_CLIENT_ID && !env.GOOGLE_TOKENINFO_URL) {
    const fake = await startGoogleFake({ clientId: FAKE_GOOGLE_CLIENT_ID })
    const google = createGoogleIdentity({
      clientId: fake.clientId,
      tokenInfoUrl: fake.tokenInfoUrl,
      userInfoUrl: fake.userInfoUrl,
      scriptUrl: fake.scriptUrl,
      clock,
    })
    return { google, fake }
  }
  const google = createGoogleIdentity({
    clientId: env.GOOGLE_CLIENT_ID ?? '',
    tokenInfoUrl: env.GOOGLE_TOKENINFO_URL ?? GOOGLE_TOKENINFO_URL,
    userInfoUrl: env.GOOGLE_USERINFO_URL ?? GOOGLE_USERINFO_URL,
    scriptUrl: env.GOOGLE_SCRIPT_URL ?? GOOGLE_SCRIPT_URL,
    clock,
  })
  return { google, fake: null }
}

function chooseStorage(env: Env): Storage & { root?: string } {
  if (env.STORAGE_DRIVER === 's3') {
    return createS3Storage({
      endpoint: env.S3_ENDPOINT!,
      bucket: env.S3_BUCKET!,
      region: env.S3_REGION,
      accessKeyId: env.S3_ACCESS_KEY_ID!,
      secretAccessKey: env.S3_SECRET_ACCESS_KEY!,
      ...(env.S3_PUBLIC_URL ? { publicUrl: env.S3_PUBLIC_URL } : {}),
    })
  }
  return createLocalStorage(path.join(env.DATA_DIR, 'uploads'))
}

/**
 * Boots everything but the listening socket, in order: database -> migrations -> seed ->
 * local fakes -> jobs -> HTTP app. main.ts and the test harness both start the app this way.
 */
export async function startServer(options: StartServerOptions): Promise<RunningServer> {
  const { env } = options
  const logger = options.logger ?? createLogger(env)
  const clock = options.clock ?? systemClock
  const cleanups: (() => Promise<unknown> | unknown)[] = []
  let isStopped = false
  const stop = async () => {
    if (isStopped) return
    isStopped = true
    for (const cleanup of [...cleanups].reverse()) {
      try {
        await cleanup()
      } catch (error) {
        logger.error({ err: error }, 'error while stopping')
      }
    }
  }

  try {
    const database = options.database ?? (await openDatabase(env))
    if (!options.database) cleanups.push(() => database.close())
    logger.info(`database: ${database.description}`)
    await migrateDatabase(database.db)

    const seededAccounts = env.SEED_DEMO ? await seedDemoAccounts(database.db, env) : []
    await promoteAdminEmails(database.db, env)

    const { google, fake: googleFake } = await startGoogle(env, clock)
    if (googleFake) {
      cleanups.push(() => googleFake.close())
      logger.info(`Google sign-in: local fake at ${googleFake.url}`)
    }
    const isCapturingMail = !env.SMTP_URL && env.canUseFakes
    const mailCapture = isCapturingMail
      ? await startMailCapture({
          db: database.db,
          onError: (err) => logger.error({ err }, 'mail capture failed'),
        })
      : null
    if (mailCapture) {
      cleanups.push(() => mailCapture.close())
      logger.info(`mail: captured by the local SMTP server at ${mailCapture.url}`)
    }
    const mailer = createSmtpMailer({ url: env.SMTP_URL ?? mailCapture!.url, from: env.MAIL_FROM })
    cleanups.push(() => mailer.close())
    const storage = options.storage ?? chooseStorage(env)
    const payments = await startPaymentProviders(env, clock)
    cleanups.push(() => payments.close())
    if (payments.fakes.paypal) logger.info(`PayPal: local fake at ${payments.fakes.paypal.url}`)
    if (payments.fakes.oxapay) logger.info(`OxaPay: local fake at ${payments.fakes.oxapay.url}`)
    const calendarFeedFake =
      env.canUseFakes && !env.ECONOMIC_CALENDAR_FEED_URL
        ? await startCalendarFeedFake({ now: () => clock.now().getTime() })
        : null
    if (calendarFeedFake) {
      cleanups.push(() => calendarFeedFake.close())
      logger.info(`economic calendar feed: local fake at ${calendarFeedFake.jsonUrl}`)
    }

    const tradeLockerFake =
      env.canUseFakes && !env.TRADELOCKER_BASE_URL_DEMO && !env.TRADELOCKER_BASE_URL_LIVE
        ? await startTradeLockerFake({ now: () => clock.now().getTime() })
        : null
    if (tradeLockerFake) {
      cleanups.push(() => tradeLockerFake.close())
      logger.info(`TradeLocker: local fake at ${tradeLockerFake.url} (demo and live)`)
    }

    const boss = createBoss(database.pool, { isMaintaining: options.isJobMaintenanceOn ?? true })
    boss.on('error', (error) => logger.error({ err: error }, 'job queue error'))
    await boss.start()
    const jobs = new JobRunner(boss, logger)
    cleanups.push(async () => {
      await boss.stop({ graceful: true, close: false, wait: true, timeout: 10_000 })
      // a handler the graceful wait left running, then its completion or failure, which pg-boss
      // does not await and the limit may hold back (decision 0040): all before the pool ends
      await jobs.handlersSettled(10_000)
      await bossStatementsSettled(boss)
    })
    await jobs.createQueues(allJobs)

    const callers = new CallerCache()
    const callerNotices = connectCallerCache(callers, database.pool, (error) =>
      logger.warn({ err: error }, 'access notices: connection lost; the caller cache is off'),
    )
    cleanups.push(() => callerNotices.stop())
    await callerNotices.ready
    const reads = new ReadCaches()
    const readNotices = connectReadCaches(reads, database.pool, (error) =>
      logger.warn({ err: error }, 'read notices: connection lost; the read caches are off'),
    )
    cleanups.push(() => readNotices.stop())
    await readNotices.ready

    let ctx: AppContext | null = null
    const trading = createTradingRuntime({
      env,
      db: database.db,
      clock,
      logger,
      getContext: () => ctx!,
    })
    ctx = {
      env: {
        ...env,
        ...(calendarFeedFake ? { ECONOMIC_CALENDAR_FEED_URL: calendarFeedFake.jsonUrl } : {}),
        ...(tradeLockerFake
          ? {
              TRADELOCKER_BASE_URL_DEMO: tradeLockerFake.baseUrls.demo,
              TRADELOCKER_BASE_URL_LIVE: tradeLockerFake.baseUrls.live,
            }
          : {}),
      },
      clock,
      logger,
      db: database.db,
      pool: database.pool,
      jobs,
      mailer,
      isMailCaptured: mailCapture !== null,
      storage,
      google,
      secrets: createSecretBox(credentialsKey(env)),
      trading: trading.runtime,
      payments,
      sessionEvents: new SessionEvents(),
      callers,
      reads,
    }
    await trading.start(ctx)
    cleanups.push(() => trading.stop())
    const newsRule = new NewsRule(ctx)
    newsRule.start()
    cleanups.push(() => newsRule.stop())
    const policyRule = new PolicyRule(ctx)
    policyRule.start()
    cleanups.push(() => policyRule.stop())
    if (env.SEED_DEMO) await seedDemoTrading(ctx)
    if (env.SEED_DEMO) await seedDemoCalendar(ctx)
    await jobs.startWorkers(ctx, allJobs)

    const localRoot =
      'root' in storage && typeof storage.root === 'string' ? storage.root : undefined
    const app = await buildApp(ctx, {
      paypalSdkUrl: payments.paypalBrowser.sdkBaseUrl,
      webDistDir: env.WEB_DIST_DIR,
      ...(localRoot ? { uploadsDir: localRoot } : {}),
    })
    cleanups.push(() => app.close())
    await app.ready()

    return {
      app,
      ctx,
      database,
      fakes: {
        google: googleFake,
        mailCapture,
        paypal: payments.fakes.paypal,
        oxapay: payments.fakes.oxapay,
        calendarFeed: calendarFeedFake,
        tradeLocker: tradeLockerFake,
      },
      newsRule,
      policyRule,
      seededAccounts,
      stop,
    }
  } catch (error) {
    await stop()
    throw error
  }
}
