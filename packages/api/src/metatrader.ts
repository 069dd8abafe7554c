import { z } from 'zod'

// Connect MetaTrader (spec 2.13, 5; issue 15 item 7): a trader tests the credentials of one of
// their own MetaTrader accounts through MetaApi. POST /api/metatrader/connection-test takes the
// platform, the broker's server, the login and the password (all four required: spec 5's 'All
// fields are required'); the password is used for that test only and never stored or logged.
// The answer is the success panel's data (name, login, server, platform, balance, status) or the
// platform's own reason under "Connection Failed". Also the words of the MetaApi adapter's
// refusals (decision 0043). Units: money in integer cents (USD or the account's currency).

export const metatraderMessages = {
  allFieldsRequired: 'All fields are required',
  platformRequired: 'Choose MT4 or MT5.',
  serverFormat: 'Enter the broker server exactly as MetaTrader shows it, e.g. ICMarketsSC-Demo.',
  loginFormat: 'The login is the account number: digits only.',
  passwordTooLong: 'The password is at most 64 characters.',
  connectionFailed: 'Connection Failed',
  connected: 'Connected',
  testing: 'Testing the connection...',
  /** MetaApi's E_AUTH, when it gives no words of its own */
  wrongCredentials:
    'The trading server refused the login or password. Check them and the server name.',
  /** MetaApi's E_SRV_NOT_FOUND, when it gives no words of its own */
  serverNotFound: 'No MetaTrader server with this name was found. Check the server name.',
  connectTimeout: 'The trading server did not connect in time. Please try again in a minute.',
  unavailable: 'MetaTrader connection testing is unavailable right now. Please try again later.',
  busy: 'MetaApi is busy right now. Please try again in a minute.',
  /** an action the MetaApi adapter cannot perform on a broker's account */
  notSupported: (action: string) =>
    `${action} is not available for accounts hosted through MetaApi: the broker's server does not offer it.`,
  tradeInTerminal:
    'This account trades in your MetaTrader terminal: orders are not placed from the web terminal.',
  passwordNeverStored: 'Your password is used for this test only and is never stored.',
} as const

export const metatraderPlatforms = ['mt4', 'mt5'] as const
export type MetatraderPlatform = (typeof metatraderPlatforms)[number]

const required = (schema: z.ZodString) =>
  z
    .string({ error: metatraderMessages.allFieldsRequired })
    .trim()
    .min(1, metatraderMessages.allFieldsRequired)
    .pipe(schema)

/** The connection test form and request body (web form and server validate alike). */
export const metatraderConnectionTestSchema = z.strictObject({
  platform: z.enum(metatraderPlatforms, { error: metatraderMessages.platformRequired }),
  server: required(
    z
      .string()
      .max(80, metatraderMessages.serverFormat)
      .regex(/^[A-Za-z0-9][A-Za-z0-9 ._()-]*$/, metatraderMessages.serverFormat),
  ),
  login: required(z.string().regex(/^\d{1,20}$/, metatraderMessages.loginFormat)),
  password: z
    .string({ error: metatraderMessages.allFieldsRequired })
    .min(1, metatraderMessages.allFieldsRequired)
    .max(64, metatraderMessages.passwordTooLong),
})
export type MetatraderConnectionTestInput = z.input<typeof metatraderConnectionTestSchema>
export type MetatraderConnectionTestRequest = z.output<typeof metatraderConnectionTestSchema>

export const metatraderConnectedAccountSchema = z.object({
  name: z.string(),
  login: z.string(),
  server: z.string(),
  platform: z.enum(metatraderPlatforms),
  /** integer cents of the account's currency */
  balance: z.number().int(),
  currency: z.string(),
  /** as MetaApi reports the terminal: 'Connected' */
  status: z.string(),
})
export type MetatraderConnectedAccount = z.infer<typeof metatraderConnectedAccountSchema>

/** 200 either way: the test ran; `failed` carries the platform's reason. */
export const metatraderConnectionTestResponseSchema = z.discriminatedUnion('result', [
  z.object({ result: z.literal('connected'), account: metatraderConnectedAccountSchema }),
  z.object({
    result: z.literal('failed'),
    /** 'Connection Failed' */
    title: z.string(),
    /** the platform's reason (MetaApi's message) or ours */
    message: z.string(),
    /** MetaApi's code when it gave one: E_AUTH, E_SRV_NOT_FOUND, ... */
    code: z.string().nullable(),
  }),
])
export type MetatraderConnectionTestResponse = z.infer<
  typeof metatraderConnectionTestResponseSchema
>
