import { errorBodySchema, errorCodes, paypalErrorSchema } from '@tp/api'
import fc from 'fast-check'
import { afterAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestResponse } from './support'
import { createBuyer, placeOrder } from './support/checkout'

// Bad input never gives a 500: every route of the OpenAPI document is sent generated requests
// (path parameters, query string and JSON body built from the route's own schemas, then spoiled:
// wrong types, huge and unicode strings, NUL characters, negative, fractional, huge and infinite
// numbers, __proto__ / constructor keys, fields missing or added, malformed JSON and percent
// escapes), anonymously and as a trader and an admin with valid tokens. Every answer must be
// below 500, and every error answer the app's error body without internals.
//
// The one 5xx a route may give is a payment provider's own refusal of a well-formed request (502
// PAYMENT_FAILED, 503 PAYMENT_UNAVAILABLE) on the routes that call a provider: the local fakes
// answer a sound request, so none is expected, but a provider's "no" is not a bug of the input
// handling. A request carrying a NUL character or a string of 1,000 characters or more is never
// sound: it must be refused before any provider is called, and the fakes' logs are checked for it.
//
// Bounded: a fixed seed and RUNS_PER_ROUTE requests per route (about a minute on PGlite). To look
// further, FUZZ_SEED and FUZZ_RUNS set another seed and more runs for one run of this file.

const SEED = Number(process.env.FUZZ_SEED ?? 20_261_124)
const RUNS_PER_ROUTE = Number(process.env.FUZZ_RUNS ?? 40)
const NUL = '\u0000'

/** A route's own seed: the same requests whatever routes are added or removed around it. */
function seedOf(name: string): number {
  let hash = SEED
  for (const char of name) hash = (Math.imul(hash, 31) + char.charCodeAt(0)) | 0
  return hash
}

// ---- the app, with something to find behind each kind of identifier ------------------------

const t = await createTestApp()
afterAll(async () => {
  await t?.close()
})

const trader = await createBuyer(t, { name: 'Fuzz Trader' })
const admin = await t.createUser({ role: 'admin' })
const users = { anonymous: null, trader, admin }
type Identity = keyof typeof users

t.simulated.pushTick({
  symbol: 'BTCUSD',
  bid: 6_500_000,
  ask: 6_502_500,
  tMs: t.clock.now().getTime(),
})
const account = await t.createTradingAccount(trader)
const placed = async (body: object) =>
  (
    await t.post<{ position: { id: string } | null; order: { id: string } | null }>(
      `/api/trading/accounts/${account.id}/orders`,
      { symbol: 'BTCUSD', volume: '0.01', ...body },
      { token: trader.token },
    )
  ).body
const positionId = (await placed({ type: 'buy' })).position?.id
const pendingOrderId = (await placed({ type: 'buy-limit', price: '60000.00' })).order?.id
const cardOrder = await placeOrder(t, trader)
const paypalOrderId = (
  await t.post<{ id: string }>(
    '/api/payment/orders',
    { orderId: cardOrder.id },
    { token: trader.token },
  )
).body.id
const cryptoOrder = await placeOrder(t, trader, { method: 'crypto' })
const trackId = (
  await t.post<{ result: { trackId: string } }>(
    '/api/payment/white-label/create',
    { orderId: cryptoOrder.id, currency: 'USDT' },
    { token: trader.token },
  )
).body.result?.trackId
const couponId = (
  await t.post<{ coupon: { id: string } }>(
    '/api/admin/coupons',
    { code: 'FUZZ10', kind: 'percent', value: 10, reason: 'Fuzz offer' },
    { token: admin.token },
  )
).body.coupon?.id
await t.post('/api/auth/forgot-password', { email: trader.user.email })
await t.waitForJobs()
const mailId = (await t.get<{ data: { id: string }[] }>('/api/dev/mailbox', { token: admin.token }))
  .body.data?.[0]?.id

/**
 * Values that exist or are sound, by parameter or field name: with them the fuzzer reaches past
 * "not found" and the cross-field checks, into the handlers.
 */
const known: Record<string, unknown[]> = {
  accountId: [account.id],
  orderId: [cardOrder.id, cryptoOrder.id],
  /** a pending order of the terminal: `orderId` in /trading/accounts/:accountId/orders/:orderId */
  tradingOrderId: [pendingOrderId].filter(isString),
  orderID: [paypalOrderId].filter(isString),
  positionId: [positionId].filter(isString),
  couponId: [couponId].filter(isString),
  id: [mailId].filter(isString),
  trackId: [trackId].filter(isString),
  email: [trader.user.email, admin.user.email],
  currency: ['USDT', 'BTC'],
  network: ['TRC20', 'ERC20', 'Bitcoin', null],
  password: [trader.password, 'fuzzpass123'],
  coupon: ['FUZZ10'],
  balance: [5000, 10_000, 100_000],
  size: [5, 10, 100],
  addOns: ['profitSplit100', 'fastPayout', ''],
  volume: ['0.01', '1.00'],
  leverage: [1, 2, 30],
  price: ['60000.00', '70000.00'],
}

function isString(value: unknown): value is string {
  return typeof value === 'string'
}

// ---- the routes ---------------------------------------------------------------------------

type JsonSchema = {
  type?: string | string[]
  enum?: unknown[]
  const?: unknown
  format?: string
  pattern?: string
  minLength?: number
  maxLength?: number
  minimum?: number
  maximum?: number
  nullable?: boolean
  items?: JsonSchema
  maxItems?: number
  properties?: Record<string, JsonSchema>
  required?: string[]
  anyOf?: JsonSchema[]
  oneOf?: JsonSchema[]
  allOf?: JsonSchema[]
}
type Parameter = {
  in: 'path' | 'query' | 'header'
  name: string
  required?: boolean
  schema?: JsonSchema
}
type Operation = {
  parameters?: Parameter[]
  requestBody?: { content: Record<string, { schema?: JsonSchema }> }
  responses?: Record<string, unknown>
}

const openApi = (
  await t.get<{ paths: Record<string, Record<string, Operation>> }>('/api/docs/json')
).body
const routes = Object.entries(openApi.paths).flatMap(([path, methods]) =>
  Object.entries(methods).map(([method, operation]) => ({
    method: method.toUpperCase() as 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    path,
    operation,
  })),
)

/** The routes that call a payment provider (PayPal, OxaPay): the only ones a 502/503 may come from. */
const providerRoutes = new Set([
  'POST /api/payment/orders',
  'POST /api/payment/orders/{orderID}/capture',
  'POST /api/payment/orders/{orderID}/create',
  'POST /api/payment/white-label/create',
  'GET /api/payment/get-history',
  'POST /api/payment/get-history',
  'POST /api/admin/orders/{orderId}/refund',
])
/** The card payment calls answer PayPal's refusals in PayPal's shape (spec 7). */
const paypalShapedRoutes = new Set([
  'POST /api/payment/orders',
  'POST /api/payment/orders/{orderID}/capture',
])

// ---- generated values ---------------------------------------------------------------------

/** JSON text put in a body as is: numbers JSON.stringify cannot write, odd nesting. */
class Raw {
  constructor(readonly text: string) {}
}
/** An object as a list of fields: keys may repeat or be __proto__. */
class Fields {
  constructor(readonly entries: [string, unknown][]) {}
}

function toJson(value: unknown): string {
  if (value instanceof Raw) return value.text
  if (value instanceof Fields) {
    return `{${value.entries.map(([key, item]) => `${JSON.stringify(key)}:${toJson(item)}`).join(',')}}`
  }
  if (Array.isArray(value)) return `[${value.map(toJson).join(',')}]`
  if (value !== null && typeof value === 'object') return toJson(new Fields(Object.entries(value)))
  return JSON.stringify(value) ?? 'null'
}

const nastyString = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    'a\u0000b',
    'x'.repeat(1000),
    'é'.repeat(20_000),
    '\uD800',
    '\uDFFF\uD800',
    '👩‍👩‍👧‍👦🏳️‍🌈',
    '\u202Eevil',
    'ǅ\u0301\u0308',
    "'; drop table users; --",
    '../../etc/passwd',
    '<script>alert(1)</script>',
    '${7*7}{{7*7}}',
    '%00',
    '%',
    'NaN',
    'Infinity',
    '-1',
    '1e400',
    '0x1F',
    '9007199254740993',
    '99999999999999999999999',
    '99999999999.99',
    '0.001',
    'true',
    'null',
    '[]',
    '{}',
    '__proto__',
    'constructor',
    '2026-02-30T25:61:61Z',
    '0000-01-01T00:00:00Z',
    '+275760-09-13T00:00:00.000Z',
    '-271821-04-20T00:00:00.000Z',
    '1970-01-01T00:00:00+99:99',
  ),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 20 }).map((text) => `${text}\u0000${text}`),
)
const nastyNumber = fc.oneof(
  fc.constantFrom(
    -1,
    0,
    -0,
    0.5,
    -2.5,
    2 ** 31,
    2 ** 31 - 1,
    -(2 ** 31) - 1,
    2 ** 53,
    2 ** 53 + 2,
    1e21,
    1e308,
    Number.MAX_VALUE,
    Number.MIN_VALUE,
  ),
  fc.constantFrom(new Raw('1e400'), new Raw('-1e400'), new Raw('1E-400'), new Raw('-0.0')),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
)
const nastyValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: nastyString },
  { weight: 3, arbitrary: nastyNumber },
  {
    weight: 2,
    arbitrary: fc.constantFrom<unknown>(
      null,
      true,
      false,
      [],
      {},
      [null],
      [''],
      new Fields([['__proto__', { isAdmin: true }]]),
      new Fields([['constructor', { prototype: { isAdmin: true } }]]),
      new Fields([
        ['a', 1],
        ['a', 2],
      ]),
      new Raw(`${'['.repeat(5000)}${']'.repeat(5000)}`),
      new Raw(`${'{"a":'.repeat(2000)}1${'}'.repeat(2000)}`),
      Array.from({ length: 10_000 }, () => 'x'),
    ),
  },
)

const DEPTH = 4

/** A value the schema accepts, or close to it (the route's own shape, so checks run deep). */
function validValue(
  schema: JsonSchema | undefined,
  name: string,
  depth: number,
): fc.Arbitrary<unknown> {
  if (!schema || depth > DEPTH) return fc.constant('x')
  const choices: fc.Arbitrary<unknown>[] = []
  const variants = schema.anyOf ?? schema.oneOf
  if (variants?.length) {
    choices.push(fc.oneof(...variants.map((variant) => validValue(variant, name, depth + 1))))
  } else if (schema.allOf?.some((part) => part.properties)) {
    const merged: JsonSchema = { type: 'object', properties: {}, required: [] }
    for (const part of schema.allOf) {
      Object.assign(merged.properties!, part.properties)
      merged.required!.push(...(part.required ?? []))
    }
    choices.push(validValue(merged, name, depth))
  } else if (schema.enum?.length) {
    choices.push(fc.constantFrom(...schema.enum))
  } else if (schema.const !== undefined) {
    choices.push(fc.constant(schema.const))
  } else {
    const type = Array.isArray(schema.type) ? schema.type[0] : schema.type
    choices.push(typedValue(schema, type, name, depth))
  }
  if (schema.nullable) choices.push(fc.constant(null))
  const generated = choices.length === 1 ? choices[0]! : fc.oneof(...choices)
  const knownValues = known[name]
  if (!knownValues?.length) return generated
  return fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...knownValues) },
    { weight: 1, arbitrary: generated },
  )
}

function typedValue(
  schema: JsonSchema,
  type: string | undefined,
  name: string,
  depth: number,
): fc.Arbitrary<unknown> {
  switch (type) {
    case 'string':
      return stringFor(schema)
    case 'integer':
    case 'number': {
      const min = schema.minimum ?? -1000
      const max = Math.min(schema.maximum ?? 1_000_000, min + 1_000_000)
      return type === 'integer'
        ? fc.integer({ min: Math.ceil(min), max: Math.floor(max) })
        : fc.double({ min, max, noNaN: true })
    }
    case 'boolean':
      return fc.boolean()
    case 'array':
      return fc.array(validValue(schema.items, name, depth + 1), {
        maxLength: Math.min(schema.maxItems ?? 3, 3),
      })
    case 'object':
      return objectValue(schema, depth)
    default:
      return fc.oneof(fc.string({ maxLength: 8 }), fc.integer(), fc.boolean())
  }
}

function stringFor(schema: JsonSchema): fc.Arbitrary<string> {
  const maxLength = Math.min(schema.maxLength ?? 24, 24)
  const minLength = Math.min(schema.minLength ?? 0, maxLength)
  switch (schema.format) {
    case 'uuid':
      return fc.uuid()
    case 'email':
      return fc.emailAddress()
    case 'date-time':
      return fc
        .date({ min: new Date('1900-01-01'), max: new Date('2200-01-01'), noInvalidDate: true })
        .map((date) => date.toISOString())
  }
  if (schema.pattern) {
    try {
      return fc
        .stringMatching(new RegExp(schema.pattern))
        .filter((text) => text.length <= (schema.maxLength ?? 200))
    } catch {
      // a pattern fast-check cannot generate from: plain text below
    }
  }
  return fc.string({ minLength, maxLength })
}

/**
 * The object's fields: all valid (the request gets past validation to the handler), or with a few
 * spoiled (a nasty value) or left out, sometimes with extra fields (__proto__, constructor...).
 */
function objectValue(schema: JsonSchema, depth: number): fc.Arbitrary<Fields> {
  const properties = Object.entries(schema.properties ?? {})
  const validFields = fc.tuple(
    ...properties.map(([name, property]) =>
      fc.option(validValue(property, name, depth + 1), {
        nil: undefined,
        // optional fields are sometimes absent; required ones nearly always present
        freq: schema.required?.includes(name) ? 50 : 3,
      }),
    ),
  )
  const spoiled = fc.array(
    fc.tuple(
      fc.nat({ max: Math.max(properties.length - 1, 0) }),
      fc.option(nastyValue, { nil: undefined, freq: 4 }),
    ),
    { minLength: 1, maxLength: 2 },
  )
  const extraField = fc.tuple(
    fc.oneof(
      fc.constantFrom('__proto__', 'constructor', 'prototype', 'role', 'isAdmin'),
      fc.string(),
    ),
    nastyValue,
  )
  return fc
    .tuple(
      validFields,
      fc.oneof({ weight: 1, arbitrary: fc.constant([]) }, { weight: 1, arbitrary: spoiled }),
      fc.oneof(
        { weight: 3, arbitrary: fc.constant([]) },
        { weight: 1, arbitrary: fc.array(extraField, { minLength: 1, maxLength: 2 }) },
      ),
    )
    .map(([values, spoils, extras]) => {
      const entries = properties.map(([name], index): [string, unknown] => [name, values[index]])
      for (const [index, value] of spoils) {
        if (entries[index]) entries[index] = [entries[index][0], value]
      }
      return new Fields(
        [...entries, ...extras].filter(
          (entry): entry is [string, unknown] => entry[1] !== undefined,
        ),
      )
    })
}

// ---- requests -----------------------------------------------------------------------------

type FuzzRequest = {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
  identity: Identity
  url: string
  /** JSON text, raw text, or no body */
  payload: string | undefined
  contentType: string | undefined
}

/** Percent-encodes the UTF-8 of a text (a lone surrogate, which encodeURIComponent refuses, too). */
function percentEncode(text: string): string {
  return [...Buffer.from(text, 'utf8')]
    .map((byte) => {
      const char = String.fromCharCode(byte)
      return /[A-Za-z0-9\-._~]/.test(char)
        ? char
        : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`
    })
    .join('')
}

/** A path parameter or query value, percent-encoded; a Raw is put in the URL as is. */
function encodeUrlPart(value: unknown): string {
  if (value instanceof Raw) return value.text
  if (typeof value === 'string') return percentEncode(value)
  if (value instanceof Fields || (value !== null && typeof value === 'object')) {
    return percentEncode(toJson(value))
  }
  return percentEncode(String(value))
}

const malformedEscape = fc.constantFrom(
  new Raw('%'),
  new Raw('%ZZ'),
  new Raw('%E0%A4%A'),
  new Raw('%C3%28'),
  new Raw('%00'),
  new Raw('a%00'),
  new Raw('%2e%2e%2f'),
)

function urlValue(schema: JsonSchema | undefined, name: string): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 12, arbitrary: validValue(schema, name, 0) },
    { weight: 3, arbitrary: nastyValue },
    { weight: 1, arbitrary: malformedEscape },
    { weight: 1, arbitrary: fc.constant('y'.repeat(300)) },
  )
}

function requestFor(route: (typeof routes)[number]): fc.Arbitrary<FuzzRequest> {
  const parameters = route.operation.parameters ?? []
  const pathParameters = parameters.filter((parameter) => parameter.in === 'path')
  const queryParameters = parameters.filter((parameter) => parameter.in === 'query')
  const jsonBody = route.operation.requestBody?.content['application/json']?.schema

  const pathArbitrary = fc.tuple(
    ...pathParameters.map((parameter) =>
      urlValue(
        parameter.schema,
        route.path.startsWith('/api/trading/') && parameter.name === 'orderId'
          ? 'tradingOrderId'
          : parameter.name,
      ),
    ),
  )
  const queryArbitrary = fc.tuple(
    fc.tuple(
      ...queryParameters.map((parameter) =>
        fc.oneof(
          { weight: 4, arbitrary: urlValue(parameter.schema, parameter.name) },
          { weight: 1, arbitrary: fc.constant(undefined) },
          // a repeated parameter arrives as an array
          {
            weight: 1,
            arbitrary: fc.array(urlValue(parameter.schema, parameter.name), { maxLength: 3 }),
          },
        ),
      ),
    ),
    fc.array(
      fc.tuple(
        fc.oneof(fc.constantFrom('__proto__', 'constructor', 'a[b]'), fc.string()),
        nastyValue,
      ),
      {
        maxLength: 2,
      },
    ),
  )
  const bodyArbitrary: fc.Arbitrary<{
    payload: string | undefined
    contentType: string | undefined
  }> = fc.oneof(
    {
      weight: 12,
      arbitrary: (jsonBody ? validValue(jsonBody, 'body', 0) : nastyValue).map((value) => ({
        payload: toJson(value),
        contentType: 'application/json',
      })),
    },
    {
      weight: 2,
      arbitrary: nastyValue.map((value) => ({
        payload: toJson(value),
        contentType: 'application/json',
      })),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        { payload: undefined, contentType: undefined },
        { payload: '', contentType: 'application/json' },
        { payload: '{"a":', contentType: 'application/json' },
        { payload: '{"a":"\\u0000"}', contentType: 'application/json' },
        { payload: '\u0000', contentType: 'application/json' },
        { payload: 'a=1&b=2', contentType: 'application/x-www-form-urlencoded' },
        { payload: 'hello', contentType: 'text/plain' },
        { payload: '{}', contentType: 'application/json; charset=latin1' },
      ),
    },
  )

  return fc
    .record({
      identity: fc.oneof(
        { weight: 1, arbitrary: fc.constant<Identity>('anonymous') },
        { weight: 2, arbitrary: fc.constant<Identity>('trader') },
        { weight: 2, arbitrary: fc.constant<Identity>('admin') },
      ),
      pathValues: pathArbitrary,
      query: queryArbitrary,
      body:
        route.method === 'GET'
          ? fc.constant({ payload: undefined, contentType: undefined })
          : bodyArbitrary,
    })
    .map(({ identity, pathValues, query, body }) => {
      let path = route.path
      pathParameters.forEach((parameter, index) => {
        path = path.replace(`{${parameter.name}}`, encodeUrlPart(pathValues[index]))
      })
      const [values, extras] = query
      const pairs: string[] = []
      queryParameters.forEach((parameter, index) => {
        const value = values[index]
        if (value === undefined) return
        for (const item of Array.isArray(value) ? value : [value]) {
          pairs.push(`${percentEncode(parameter.name)}=${encodeUrlPart(item)}`)
        }
      })
      for (const [key, value] of extras) pairs.push(`${percentEncode(key)}=${encodeUrlPart(value)}`)
      const url = pairs.length > 0 ? `${path}?${pairs.join('&')}` : path
      return { method: route.method, identity, url, ...body }
    })
}

// ---- the checks ---------------------------------------------------------------------------

const stackTrace = /\n\s+at |\bat [\w.<>]+ \(|\.(?:ts|js):\d+:\d+|"stack"|node_modules/
const knownCodes = new Set<string>(errorCodes)

async function send(request: FuzzRequest) {
  const headers: Record<string, string> = {}
  if (request.contentType) headers['content-type'] = request.contentType
  // a fresh session each time: a request before may have ended the last one (logout)
  const user = users[request.identity]
  const token = user ? await t.tokenFor(user) : undefined
  return t.request(request.method, request.url, {
    ...(token ? { token } : {}),
    headers,
    ...(request.payload !== undefined ? { payload: request.payload } : {}),
  })
}

/** Whether the request carries input that must never reach a provider. */
function isUnsound(request: FuzzRequest): boolean {
  const text = `${request.url} ${request.payload ?? ''}`
  return text.includes(NUL) || /\\u0000|%00/i.test(text) || /[^"&=/?]{1000,}/.test(text)
}

function checkAnswer(route: string, request: FuzzRequest, response: TestResponse) {
  const shown = `${response.status} ${response.text.slice(0, 400)}\n<- ${route} as ${request.identity}: ${request.url.slice(0, 200)} ${String(request.payload).slice(0, 200)}`
  const body = response.body as { code?: string } | undefined
  const isProviderRefusal =
    providerRoutes.has(route) &&
    ((response.status === 502 && body?.code === 'PAYMENT_FAILED') ||
      (response.status === 503 && body?.code === 'PAYMENT_UNAVAILABLE')) &&
    !isUnsound(request)
  if (response.status >= 500 && !isProviderRefusal) throw new Error(`a 5xx answer: ${shown}`)
  if (stackTrace.test(response.text)) throw new Error(`internals in the answer: ${shown}`)
  if (response.status < 400) return
  if (!String(response.headers['content-type'] ?? '').includes('application/json')) {
    throw new Error(`an error answer that is not JSON: ${shown}`)
  }
  const appError = errorBodySchema.strict().safeParse(response.body)
  const isAppError = appError.success && knownCodes.has(appError.data.code)
  const isPayPalError =
    paypalShapedRoutes.has(route) && paypalErrorSchema.safeParse(response.body).success
  if (!isAppError && !isPayPalError)
    throw new Error(`an error body not in the app's shape: ${shown}`)
}

// ---- the property, route by route ---------------------------------------------------------

describe('every route of the OpenAPI document, fed bad input', () => {
  it('reads the routes from the document, has something behind every identifier, and valid tokens', async () => {
    expect(routes.length).toBeGreaterThan(40)
    expect(Object.values(known).every((values) => values.length > 0)).toBe(true)
    for (const user of [trader, admin]) {
      const me = await t.get('/api/auth/me', { token: await t.tokenFor(user) })
      expect(me.status).toBe(200)
    }
  })

  routes.forEach((route) => {
    const name = `${route.method} ${route.path}`
    it(`${name}: no 5xx, error bodies in the app's shape`, async () => {
      await fc.assert(
        fc.asyncProperty(requestFor(route), async (request) => {
          const response = await send(request)
          checkAnswer(name, request, response)
        }),
        { seed: seedOf(name), numRuns: RUNS_PER_ROUTE },
      )
    })
  })

  it('never let a NUL character or a huge string reach a payment provider', () => {
    const paths = [
      ...t.paypal.requests.map((request) => request.path),
      ...t.oxapay.requests().map((request) => request.path),
    ]
    for (const path of paths) {
      expect(path.includes(NUL) || path.includes('%00'), path).toBe(false)
      expect(path.length).toBeLessThan(1000)
    }
  })
})
