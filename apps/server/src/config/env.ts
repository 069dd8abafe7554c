import { z } from 'zod'
import { defaultDataDir, defaultWebDistDir } from './paths'

// The one description of the server's environment, parsed once at boot (main.ts). Every
// variable has a safe default for `npm start` on a laptop; production must set the secrets and
// the real providers, and a provider's settings are required only when it is enabled.

/** Development-only signing key: refused when NODE_ENV=production. */
export const DEV_JWT_SECRET = 'tradepeak-development-only-secret-do-not-use-in-production'

/** Demo accounts seeded for the local run (documented in README; overridable). */
export const DEMO_TRADER = { email: 'trader@tradepeak.test', password: 'Trader-demo-2024' }
export const DEMO_ADMIN = { email: 'admin@tradepeak.test', password: 'Admin-demo-2024' }

/** Development-only certificate signing key: CERTIFICATE_KEY is required in production. */
export const DEV_CERTIFICATE_KEY = 'tradepeak-development-only-certificate-key-not-for-production'

/** What the local fake of Google answers to; a real deployment sets its own client id. */
export const FAKE_GOOGLE_CLIENT_ID = 'tradepeak-local.apps.googleusercontent.com'

const flag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes')

const httpUrl = z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
const postgresUrl = z
  .string()
  .regex(/^postgres(ql)?:\/\/\S+$/, 'must be a postgres:// connection URL')
const smtpUrl = z.string().regex(/^smtps?:\/\/\S+$/, 'must be an smtp:// or smtps:// URL')
const positiveInt = z.coerce.number().int().positive()

const emailList = z
  .string()
  .transform((value) =>
    value
      .split(',')
      .map((email) => email.trim().toLowerCase())
      .filter(Boolean),
  )
  .pipe(z.array(z.email({ error: 'must be a comma-separated list of email addresses' })))

/** An https URL, or an http one to this machine (127.0.0.0/8, localhost, [::1]). */
function isHttpsOrLoopback(value: unknown): boolean {
  if (typeof value !== 'string' || !URL.canParse(value)) return true // its own issue names it
  const url = new URL(value)
  if (url.protocol === 'https:') return true
  return url.hostname === 'localhost' || url.hostname === '[::1]' || /^127\./.test(url.hostname)
}

/**
 * The cross-variable checks run even when a variable alone is already wrong, so one start names
 * every problem (by default zod skips refinements after the first failing field).
 */
const everyProblemAtOnce = {
  when: (payload: { value: unknown }) =>
    typeof payload.value === 'object' && payload.value !== null,
}

export const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
    /** Interface to listen on; a container or a server sets 0.0.0.0. */
    HOST: z.string().min(1).default('localhost'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    /** Public address of the app, used in emailed links. Default: http://localhost:PORT */
    APP_URL: httpUrl.optional(),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
      .default('info'),
    /** Behind a reverse proxy, trust X-Forwarded-For for the client IP (rate limits). */
    TRUST_PROXY: flag.default(false),

    DATA_DIR: z.string().min(1).default(defaultDataDir),
    WEB_DIST_DIR: z.string().min(1).default(defaultWebDistDir),
    /** A PostgreSQL server; unset: embedded PGlite persisted under DATA_DIR/pglite. */
    DATABASE_URL: postgresUrl.optional(),

    JWT_SECRET: z.string().min(32, 'must be at least 32 characters').default(DEV_JWT_SECRET),
    ACCESS_TOKEN_TTL_SECONDS: positiveInt.default(15 * 60),
    REFRESH_TOKEN_TTL_DAYS: positiveInt.default(30),

    ADMIN_EMAILS: emailList.default([]),
    /** Seed the demo trader and admin. Default: on, except in production. */
    SEED_DEMO: flag.optional(),
    DEMO_TRADER_EMAIL: z.email().default(DEMO_TRADER.email),
    DEMO_TRADER_PASSWORD: z.string().min(8).default(DEMO_TRADER.password),
    DEMO_ADMIN_EMAIL: z.email().default(DEMO_ADMIN.email),
    DEMO_ADMIN_PASSWORD: z.string().min(8).default(DEMO_ADMIN.password),

    /** Google sign-in. Unset URLs: the local fake outside production, Google's hosts in it. */
    GOOGLE_CLIENT_ID: z.string().min(1).optional(),
    GOOGLE_TOKENINFO_URL: httpUrl.optional(),
    GOOGLE_USERINFO_URL: httpUrl.optional(),
    GOOGLE_SCRIPT_URL: httpUrl.optional(),

    /** Outgoing mail. Unset outside production: an SMTP server inside the app captures it. */
    SMTP_URL: smtpUrl.optional(),
    MAIL_FROM: z.string().min(3).default('Tradepeak <no-reply@tradepeak.test>'),

    STORAGE_DRIVER: z.enum(['local', 's3']).default('local'),
    S3_ENDPOINT: httpUrl.optional(),
    S3_BUCKET: z.string().min(1).optional(),
    S3_REGION: z.string().min(1).default('us-east-1'),
    S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    /** Public base address of stored files; default: S3_ENDPOINT/S3_BUCKET. */
    S3_PUBLIC_URL: httpUrl.optional(),

    /**
     * Key (32 bytes, hex or base64) sealing the trading-account passwords their owners read on
     * the dashboard. Default outside production: derived from JWT_SECRET.
     */
    CREDENTIALS_KEY: z
      .string()
      .regex(
        /^([0-9a-fA-F]{64}|[A-Za-z0-9+/]{43}=)$/,
        'must be 32 bytes as 64 hex or 44 base64 characters',
      )
      .optional(),
    /**
     * Key of the certificates' keyed digest (HMAC-SHA256): a certificate's public hash. Changing it
     * voids every certificate issued. Default outside production: a development-only key.
     */
    CERTIFICATE_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
    /**
     * Where NEW challenge accounts live (decision 0042): the built-in simulated trading server, a
     * firm's own MT5 server through its Web API, or MetaApi. Existing accounts stay on the adapter
     * that created them.
     */
    TRADING_PLATFORM: z.enum(['simulated', 'mt5-webapi', 'metaapi']).default('simulated'),
    /**
     * The firm's MT5 server's Web API (https; plain http only to a loopback address), with
     * MT5_WEBAPI_LOGIN, _PASSWORD, _GROUP and _SERVER_NAME. Unset outside production: a local
     * fake MT5 server (its control page is logged at start).
     */
    MT5_WEBAPI_URL: httpUrl.optional(),
    /** the manager account the app signs in with (needs the rights to add users and balance ops) */
    MT5_WEBAPI_LOGIN: z
      .string()
      .regex(/^\d{1,20}$/, 'must be the manager login (digits)')
      .optional(),
    MT5_WEBAPI_PASSWORD: z.string().min(1).optional(),
    /** the MT5 group new accounts join, e.g. demo\tradepeak */
    MT5_WEBAPI_GROUP: z.string().min(1).max(64).optional(),
    /** the server name traders type into their MetaTrader 5 terminal */
    MT5_WEBAPI_SERVER_NAME: z.string().min(1).max(64).optional(),
    /**
     * The local fake MT5 server's port (outside production, MT5_WEBAPI_URL unset), so its control
     * page has a known address (a bookmark, a browser journey); unset: any free port.
     */
    MT5_WEBAPI_FAKE_PORT: z.coerce.number().int().min(1).max(65535).optional(),
    /**
     * The MT5 trade server's time zone in minutes east of GMT (120: GMT+2), used only when the
     * server does not tell it (/api/time/get refused to the manager; decision 0053)
     */
    MT5_WEBAPI_TIME_ZONE_MINUTES: z.coerce.number().int().min(-720).max(840).optional(),
    /** The simulated server's name as traders see it (suffixed -MT4 / -MT5). */
    SIM_SERVER_NAME: z
      .string()
      .regex(/^[A-Za-z0-9-]{3,40}$/, 'letters, digits and dashes')
      .default('TradepeakSim'),
    /** Seed of the simulated market's price paths (the same seed, the same prices). */
    MARKET_SEED: z.coerce.number().int().min(0).max(0xffffffff).default(20_260_101),
    /** "live": prices follow the clock; "manual": only tests and the scenario driver move them. */
    MARKET_FEED: z.enum(['live', 'manual']).default('live'),
    /** Hours of price history a fresh install starts with (charts are not empty). */
    MARKET_BACKFILL_HOURS: z.coerce.number().min(0).max(720).default(48),
    /** The scenario driver (/api/dev/scenarios): scripted prices for tests and demos. Never in production. */
    SCENARIO_DRIVER: flag.optional(),

    /**
     * Card payments (PayPal Orders v2). Unset outside production: a local fake of PayPal (its
     * REST API and a stand-in for its JS SDK); unset in production: card payment is unavailable.
     */
    PAYPAL_CLIENT_ID: z.string().min(1).optional(),
    PAYPAL_CLIENT_SECRET: z.string().min(1).optional(),
    /** the id of the webhook subscription in PayPal's dashboard (verifies notifications) */
    PAYPAL_WEBHOOK_ID: z.string().min(1).optional(),
    /** https://api-m.paypal.com for live money; the sandbox by default */
    PAYPAL_API_BASE: httpUrl.default('https://api-m.sandbox.paypal.com'),
    PAYPAL_SDK_BASE_URL: httpUrl.default('https://www.paypal.com/sdk/js'),
    /** hosts a webhook's signing certificate may come from */
    PAYPAL_CERT_HOSTS: z
      .string()
      .default('api.paypal.com,api.sandbox.paypal.com')
      .transform((value) =>
        value
          .split(',')
          .map((host) => host.trim())
          .filter(Boolean),
      ),
    /** Crypto payments (OxaPay white-label v1). Unset outside production: a local fake. */
    OXAPAY_MERCHANT_API_KEY: z.string().min(1).optional(),
    OXAPAY_PAYOUT_API_KEY: z.string().min(1).optional(),
    OXAPAY_API_BASE: httpUrl.default('https://api.oxapay.com/v1'),
    /** how long a crypto payment session stays open (spec 2.7: 30 minutes) */
    OXAPAY_LIFETIME_MINUTES: z.coerce.number().int().min(15).max(2880).default(30),
    /**
     * A public economic calendar feed (the weekly JSON format or ICS) synced every 30 minutes into
     * the economic calendar (decision 0037). Unset outside production: a local fake feed.
     */
    ECONOMIC_CALENDAR_FEED_URL: httpUrl.optional(),
    /** An order nobody pays within this many hours is expired (a late payment still finds it). */
    ORDER_EXPIRY_HOURS: z.coerce
      .number()
      .int()
      .min(1)
      .max(24 * 30)
      .default(24),

    /** Sign-in, sign-up and forgot-password attempts allowed per window, per IP and per email. */
    RATE_LIMIT_WINDOW_SECONDS: positiveInt.default(15 * 60),
    RATE_LIMIT_MAX_PER_IP: positiveInt.default(100),
    RATE_LIMIT_MAX_PER_EMAIL: positiveInt.default(10),

    /** The firm's support address: the public forms' messages are emailed there. */
    SUPPORT_EMAIL: z.email().default('support@tradepeak.io'),
    /** Public forms sent sooner than this after they were shown are refused (decision 0026). */
    FORM_MIN_FILL_SECONDS: z.coerce.number().min(0).max(600).default(3),
    /** How long a public form's form-start token stays valid. */
    FORM_TOKEN_TTL_HOURS: positiveInt.max(24 * 7).default(24),

    /**
     * MetaApi cloud (MT4 and MT5 accounts; the trader's Connect MetaTrader test; decision 0043).
     * Unset token outside production: a local fake of MetaApi's provisioning and client APIs.
     */
    METAAPI_TOKEN: z.string().min(1).optional(),
    /** the provisioning profile demo accounts are created on ("default": the account's own) */
    METAAPI_PROVISIONING_PROFILE_ID: z.string().min(1).default('default'),
    METAAPI_PROVISIONING_URL: httpUrl.default(
      'https://mt-provisioning-api-v1.agiliumtrade.agiliumtrade.ai',
    ),
    /** the client (terminal) REST API of the region the accounts are deployed in */
    METAAPI_CLIENT_URL: httpUrl.default('https://mt-client-api-v1.new-york.agiliumtrade.ai'),
    /** the risk management (equity tracking) API of that region: trackers and their events (0048) */
    METAAPI_RISK_URL: httpUrl.default('https://risk-management-api-v1.new-york.agiliumtrade.ai'),
    /**
     * How often MetaApi accounts are polled for equity and deals (at most 2 s, issue 15); tracker
     * events make an account read at once whatever this is. Tests set it long to show that.
     */
    METAAPI_POLL_INTERVAL_MS: positiveInt.max(600_000).default(1000),
    /**
     * TradeLocker's demo and live API bases, each ending in /backend-api (traders' linked
     * accounts; decision 0044). Unset outside production: a local fake serves both. In production
     * they default to TradeLocker's own hosts.
     */
    TRADELOCKER_BASE_URL_DEMO: httpUrl.optional(),
    TRADELOCKER_BASE_URL_LIVE: httpUrl.optional(),
    /** the region new MetaApi accounts are deployed in */
    METAAPI_REGION: z
      .string()
      .regex(/^[a-z-]{2,40}$/, 'a MetaApi region, e.g. new-york')
      .default('new-york'),
  })
  .superRefine((env, ctx) => {
    const requireVar = (name: keyof typeof env, why: string) => {
      if (env[name] === undefined) ctx.addIssue({ code: 'custom', path: [name], message: why })
    }
    if (env.STORAGE_DRIVER === 's3') {
      for (const name of [
        'S3_ENDPOINT',
        'S3_BUCKET',
        'S3_ACCESS_KEY_ID',
        'S3_SECRET_ACCESS_KEY',
      ] as const) {
        requireVar(name, 'is required when STORAGE_DRIVER=s3')
      }
    }
    // a firm's own MT5 server: its address and manager go together (set alone, the local fake
    // would stand in for the server silently); production needs them when it is the default
    const mt5Server = ['MT5_WEBAPI_URL', 'MT5_WEBAPI_LOGIN', 'MT5_WEBAPI_PASSWORD'] as const
    const mt5Set = mt5Server.find((name) => env[name] !== undefined)
    const mt5Required =
      env.NODE_ENV === 'production' && env.TRADING_PLATFORM === 'mt5-webapi'
        ? 'is required in production when TRADING_PLATFORM=mt5-webapi'
        : mt5Set
          ? `is required when ${mt5Set} is set (the firm's MT5 server: MT5_WEBAPI_URL, _LOGIN, _PASSWORD, _GROUP and _SERVER_NAME go together)`
          : null
    if (mt5Required) {
      for (const name of [...mt5Server, 'MT5_WEBAPI_GROUP', 'MT5_WEBAPI_SERVER_NAME'] as const) {
        requireVar(name, mt5Required)
      }
    }
    // the manager's session and the traders' passwords (MT5), the account token (MetaApi) cross
    // the network: https, or plain http to this machine alone
    for (const name of [
      'MT5_WEBAPI_URL',
      'METAAPI_PROVISIONING_URL',
      'METAAPI_CLIENT_URL',
      'METAAPI_RISK_URL',
    ] as const) {
      const value = env[name]
      if (value && !isHttpsOrLoopback(value)) {
        ctx.addIssue({
          code: 'custom',
          path: [name],
          message:
            'must be https (plain http only to a loopback address: 127.0.0.1, localhost, [::1])',
        })
      }
    }
    if (env.PAYPAL_CLIENT_ID) {
      requireVar('PAYPAL_CLIENT_SECRET', 'is required when PAYPAL_CLIENT_ID is set')
      requireVar('PAYPAL_WEBHOOK_ID', 'is required when PAYPAL_CLIENT_ID is set')
    }
    if (env.NODE_ENV !== 'production') return
    if (env.JWT_SECRET === DEV_JWT_SECRET) {
      ctx.addIssue({
        code: 'custom',
        path: ['JWT_SECRET'],
        message: 'must be set to a secret of your own in production',
      })
    }
    requireVar('APP_URL', 'is required in production (links in emails point to it)')
    requireVar('SMTP_URL', 'is required in production (no mail capture there)')
    requireVar('CREDENTIALS_KEY', 'is required in production (it seals trading passwords)')
    requireVar('CERTIFICATE_KEY', 'is required in production (it signs the certificates)')
    if (env.TRADING_PLATFORM === 'metaapi') {
      requireVar('METAAPI_TOKEN', 'is required in production when TRADING_PLATFORM=metaapi')
    }
    if (env.SCENARIO_DRIVER) {
      ctx.addIssue({
        code: 'custom',
        path: ['SCENARIO_DRIVER'],
        message: 'must not be enabled in production (it moves prices at will)',
      })
    }
    if (env.SEED_DEMO) {
      if (env.DEMO_TRADER_PASSWORD === DEMO_TRADER.password) {
        ctx.addIssue({
          code: 'custom',
          path: ['DEMO_TRADER_PASSWORD'],
          message: 'must not be the published demo password in production',
        })
      }
      if (env.DEMO_ADMIN_PASSWORD === DEMO_ADMIN.password) {
        ctx.addIssue({
          code: 'custom',
          path: ['DEMO_ADMIN_PASSWORD'],
          message: 'must not be the published demo password in production',
        })
      }
    }
  }, everyProblemAtOnce)
  .transform((env) => {
    const isProduction = env.NODE_ENV === 'production'
    return {
      ...env,
      APP_URL: (env.APP_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ''),
      SEED_DEMO: env.SEED_DEMO ?? !isProduction,
      SCENARIO_DRIVER: env.SCENARIO_DRIVER ?? !isProduction,
      isProduction,
      /** Local fakes stand in for providers that are not configured (never in production). */
      canUseFakes: !isProduction,
    }
  })

export type Env = z.output<typeof envSchema>

export class EnvError extends Error {
  constructor(readonly problems: { variable: string; message: string }[]) {
    super(
      'Invalid environment:\n' +
        problems.map(({ variable, message }) => `  ${variable}: ${message}`).join('\n'),
    )
    this.name = 'EnvError'
  }
}

/** Parses the environment; throws EnvError naming every bad or missing variable. */
export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  // an empty value (`FOO=` in a .env file) means "not set"
  const present = Object.fromEntries(
    Object.entries(source).filter(([, value]) => value !== undefined && value !== ''),
  )
  const parsed = envSchema.safeParse(present)
  if (parsed.success) return parsed.data
  throw new EnvError(
    parsed.error.issues.map((issue) => ({
      variable: String(issue.path[0] ?? 'environment'),
      message: issue.message,
    })),
  )
}
