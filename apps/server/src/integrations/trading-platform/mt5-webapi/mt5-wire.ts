import { createHash } from 'node:crypto'
import { z } from 'zod'

// The MT5 Web API's wire format (MetaQuotes "Manager Interface (Rest API)"), in our words:
// - every answer is JSON `{ retcode: "<code> <description>", answer?: ... }`, HTTP 200 when the
//   server handled the command; retcode 0 is success;
// - numbers (logins, money, prices, volumes, times) come back as strings;
// - authentication is a challenge on the connection itself: GET /api/auth/start?version&agent&
//   login&type=manager answers a server random (srv_rand, hex); the client answers
//   GET /api/auth/answer?srv_rand_answer&cli_rand where
//     passwordHash    = MD5( MD5(UTF-16LE(password)) || "WebAPI" )     (binary digests)
//     srv_rand_answer = hex MD5( passwordHash || bytes(srv_rand) )
//   and checks the server's cli_rand_answer = hex MD5( passwordHash || bytes(cli_rand) ), which
//   proves the server knows the password too. The session belongs to that TCP connection.
// - volumes are in 1/10000 of a lot, times in seconds since the epoch (TimeMsc: milliseconds) of
//   the trade server's own clock: its time zone (/api/time/get), not UTC.

/** Retcodes the adapter tells apart (MetaQuotes return codes). */
export const Mt5Retcode = {
  DONE: 0,
  ERROR: 2,
  ERR_PARAMS: 3,
  ERR_DATA: 4,
  ERR_PERMISSIONS: 8,
  ERR_TIMEOUT: 9,
  ERR_CONNECTION: 10,
  ERR_NOSERVICE: 11,
  ERR_FREQUENT: 12,
  ERR_NOTFOUND: 13,
  ERR_DUPLICATE: 17,
  AUTH_ACCOUNT_INVALID: 1001,
  /** the user's password does not meet the policy (MT_RET_USR_INVALID_PASSWORD) */
  USR_INVALID_PASSWORD: 3006,
  /** trade request: not enough money (withdrawal above free margin) */
  REQUEST_NO_MONEY: 10019,
  /** dealer request executed */
  REQUEST_DONE: 10009,
} as const

export const retcodeText: Record<number, string> = {
  0: 'Done',
  2: 'Common error',
  3: 'Invalid parameters',
  4: 'Invalid data',
  8: 'Not enough permissions',
  9: 'Timeout',
  10: 'No connection',
  11: 'Service is not available',
  12: 'Too frequent requests',
  13: 'Not found',
  17: 'Duplicate data',
  1001: 'Invalid account',
  3006: 'Invalid password',
  10009: 'Request executed',
  10019: 'No money',
}

export function retcodeString(code: number): string {
  return `${code} ${retcodeText[code] ?? 'Error'}`
}

/** The numeric part of a retcode string ("0 Done" -> 0); NaN when it has none. */
export function retcodeOf(retcode: string): number {
  return Number.parseInt(retcode, 10)
}

export const envelopeSchema = z.object({ retcode: z.string(), answer: z.unknown().optional() })

export const authStartSchema = z.object({ retcode: z.string(), srv_rand: z.string().optional() })
export const authAnswerSchema = z.object({
  retcode: z.string(),
  cli_rand_answer: z.string().optional(),
})

// ---- authentication maths ----------------------------------------------------------------------

function md5(...parts: Buffer[]): Buffer {
  const hash = createHash('md5')
  for (const part of parts) hash.update(part)
  return hash.digest()
}

/** MD5(MD5(UTF-16LE(password)) || "WebAPI"), binary: what both sides derive from the password. */
export function mt5PasswordHash(password: string): Buffer {
  return md5(md5(Buffer.from(password, 'utf16le')), Buffer.from('WebAPI', 'ascii'))
}

/** The answer to a random (hex) given the password hash: hex MD5(hash || bytes(random)). */
export function mt5RandAnswer(passwordHash: Buffer, randomHex: string): string {
  return md5(passwordHash, Buffer.from(randomHex, 'hex')).toString('hex')
}

// ---- numbers as strings -------------------------------------------------------------------------

const DECIMAL = /^(-)?(\d+)(?:\.(\d+))?$/

/**
 * A decimal string scaled to an integer with `digits` decimals, exactly (no float): "1.08123" at 5
 * -> 108123, "26000.5" at 2 -> 2600050. Extra decimals are rounded half away from zero.
 */
export function scaledInt(text: string, digits: number): number {
  const match = DECIMAL.exec(text.trim())
  if (!match) throw new Error(`not a decimal number: ${JSON.stringify(text)}`)
  const [, minus, whole, fraction = ''] = match
  const kept = (fraction + '0'.repeat(digits)).slice(0, digits)
  let value = Number(whole) * 10 ** digits + (digits > 0 ? Number(kept) : 0)
  if (fraction.length > digits && Number(fraction[digits]) >= 5) value += 1
  if (!Number.isSafeInteger(value)) throw new Error(`number out of range: ${text}`)
  return minus && value !== 0 ? -value : value
}

/** An integer with `digits` implied decimals as the decimal string MT5 sends (2600050, 2 -> "26000.50"). */
export function scaledText(value: number, digits: number): string {
  const sign = value < 0 ? '-' : ''
  const abs = Math.abs(value)
  if (digits === 0) return `${sign}${abs}`
  const scale = 10 ** digits
  return `${sign}${Math.floor(abs / scale)}.${String(abs % scale).padStart(digits, '0')}`
}

/** Money: cents from "1234.56"; and back. */
export const centsOf = (text: string) => scaledInt(text, 2)
export const moneyText = (cents: number) => scaledText(cents, 2)

// ---- records (the fields the adapter reads) ------------------------------------------------------

const num = z.union([z.string(), z.number()]).transform((value) => String(value))

export const userRecordSchema = z.object({
  Login: num,
  Group: z.string(),
  Rights: num,
  Name: z.string().default(''),
  Email: z.string().default(''),
  Comment: z.string().default(''),
  Leverage: num,
  Balance: num.default('0.00'),
})
export type Mt5UserRecord = z.output<typeof userRecordSchema>

export const accountStateSchema = z.object({
  Login: num,
  Balance: num,
  Credit: num.default('0.00'),
  Equity: num,
  Margin: num.default('0.00'),
  MarginFree: num.default('0.00'),
  MarginLevel: num.default('0.00'),
  MarginLeverage: num,
  Profit: num.default('0.00'),
  Storage: num.default('0.00'),
  Floating: num.default('0.00'),
  SOActivation: num.default('0'),
})
export type Mt5AccountState = z.output<typeof accountStateSchema>

export const positionRecordSchema = z.object({
  Position: num,
  Login: num,
  Symbol: z.string(),
  /** 0 buy, 1 sell */
  Action: num,
  Digits: num.optional(),
  PriceOpen: num,
  PriceCurrent: num,
  PriceSL: num.default('0'),
  PriceTP: num.default('0'),
  /** 1/10000 of a lot */
  Volume: num,
  TimeCreate: num,
  TimeCreateMsc: num.optional(),
  Profit: num.default('0.00'),
  Storage: num.default('0.00'),
})
export type Mt5PositionRecord = z.output<typeof positionRecordSchema>

/**
 * MT5 order types (ENOrderType): the pending ones the app shows; 0 and 1 are market orders, 6 and
 * 7 stop-limit orders, which the app's order model has no type for.
 */
export const Mt5OrderType = {
  BUY_LIMIT: 2,
  SELL_LIMIT: 3,
  BUY_STOP: 4,
  SELL_STOP: 5,
} as const

/** An open (working) order, as /api/order/get_page answers it. */
export const orderRecordSchema = z.object({
  Order: num,
  Login: num,
  Symbol: z.string(),
  Digits: num.optional(),
  /** ENOrderType: 2 buy limit, 3 sell limit, 4 buy stop, 5 sell stop, ... */
  Type: num,
  PriceOrder: num,
  PriceSL: num.default('0'),
  PriceTP: num.default('0'),
  /** 1/10000 of a lot: what is left to fill */
  VolumeCurrent: num,
  TimeSetup: num,
  TimeSetupMsc: num.optional(),
})
export type Mt5OrderRecord = z.output<typeof orderRecordSchema>

export const dealRecordSchema = z.object({
  Deal: num,
  Login: num,
  /** 0 buy, 1 sell, 2 balance, ... */
  Action: num,
  /** 0 in, 1 out, 2 in/out, 3 out by */
  Entry: num,
  Symbol: z.string().default(''),
  Digits: num.optional(),
  Price: num.default('0'),
  Volume: num.default('0'),
  Time: num,
  TimeMsc: num.optional(),
  Profit: num.default('0.00'),
  Storage: num.default('0.00'),
  Commission: num.default('0.00'),
  PositionID: num.default('0'),
  /** 0 client, 3 SL, 4 TP, 5 SO, 1 expert, 2 dealer ... (ENDealReason) */
  Reason: num.default('0'),
  Comment: z.string().default(''),
})
export type Mt5DealRecord = z.output<typeof dealRecordSchema>

/**
 * The server's time configuration (/api/time/get, IMTConTime): TimeZone in minutes from GMT (60:
 * GMT+1); Daylight 1 when daylight saving time is switched, DaylightState non-zero while it is on.
 * Deal, position and order times are the server's wall clock in that zone.
 */
export const timeConfigSchema = z.object({
  TimeZone: num,
  Daylight: num.default('0'),
  DaylightState: num.default('0'),
})

/** IMTUser::EnUsersRights bit flags the adapter uses. */
export const Mt5UserRights = {
  ENABLED: 0x1,
  PASSWORD: 0x2,
  TRADE_DISABLED: 0x4,
  EXPERT: 0x40,
  REPORTS: 0x100,
} as const

/** Rights of a new trader account: may connect, change its password, use EAs, get reports. */
export const NEW_USER_RIGHTS =
  Mt5UserRights.ENABLED | Mt5UserRights.PASSWORD | Mt5UserRights.EXPERT | Mt5UserRights.REPORTS

/** Deal actions (IMTDeal::EnDealAction) and reasons the adapter maps. */
export const Mt5DealAction = { BUY: 0, SELL: 1, BALANCE: 2 } as const
export const Mt5DealEntry = { IN: 0, OUT: 1, INOUT: 2, OUT_BY: 3 } as const
export const Mt5DealReason = { CLIENT: 0, EXPERT: 1, DEALER: 2, SL: 3, TP: 4, SO: 5 } as const

/**
 * The password policy of the MT5 docs (user/change_password): 8 to 16 characters, lower case,
 * upper case, digits and a special character.
 */
export function meetsMt5PasswordPolicy(password: string): boolean {
  return (
    password.length >= 8 &&
    password.length <= 16 &&
    /[a-z]/.test(password) &&
    /[A-Z]/.test(password) &&
    /\d/.test(password) &&
    /[^A-Za-z0-9]/.test(password)
  )
}

/** Our request id as kept on the MT5 user (its Comment): found again after a crash. */
export function requestTag(requestId: string): string {
  return `tp:${requestId.replace(/-/g, '')}`
}
