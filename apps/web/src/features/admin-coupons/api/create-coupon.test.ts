import { Settings } from 'luxon'
import { afterEach, describe, expect, it } from 'vitest'
import { adminReasonMessages } from '@tp/api/admin-reason'
import {
  couponFormDefaults,
  couponFormMessages,
  couponFormSchema,
  parseDollarsToCents,
  type CouponFormInput,
} from './create-coupon'

function parse(overrides: Partial<CouponFormInput>) {
  return couponFormSchema.safeParse({
    ...couponFormDefaults,
    code: 'summer10',
    reason: 'Summer campaign',
    ...overrides,
  })
}

function errorsOf(overrides: Partial<CouponFormInput>): Record<string, string> {
  const result = parse(overrides)
  if (result.success) throw new Error('expected the form to be refused')
  return Object.fromEntries(
    result.error.issues.map((issue) => [issue.path.join('.'), issue.message]),
  )
}

const defaultZone = Settings.defaultZone
afterEach(() => {
  Settings.defaultZone = defaultZone
})

describe('coupon form: dollars to cents', () => {
  it.each([
    ['19.99', 1999],
    ['0.29', 29],
    ['1.1', 110],
    ['1234.5', 123450],
    ['50', 5000],
    ['0.07', 7],
    ['4.35', 435],
  ])('%s dollars are sent as exactly %i cents', (dollars, cents) => {
    expect(parseDollarsToCents(dollars)).toBe(cents)
    const result = parse({ kind: 'fixed', value: dollars, minimumSubtotal: dollars })
    expect(result.success && result.data.value).toBe(cents)
    expect(result.success && result.data.minimumSubtotalCents).toBe(cents)
  })

  it.each(['19.999', '1e3', '-5', '12,50', 'abc', '0', '0.00'])(
    'refuses %s as a fixed amount',
    (dollars) => {
      expect(errorsOf({ kind: 'fixed', value: dollars })).toEqual({
        value: couponFormMessages.fixed,
      })
    },
  )
})

describe('coupon form: the domain rules', () => {
  it('builds the request createCouponSchema accepts', () => {
    Settings.defaultZone = 'Asia/Tokyo'
    const result = parse({
      code: ' summer-10 ',
      kind: 'percent',
      value: '10',
      expiresAt: '2099-12-31T23:59',
      maxUses: '100',
      minimumSubtotal: '',
      challenges: ['instantFund'],
      isActive: false,
    })
    expect(result.success && result.data).toEqual({
      code: 'SUMMER-10',
      kind: 'percent',
      value: 10,
      expiresAt: '2099-12-31T14:59:00.000Z',
      maxUses: 100,
      isActive: false,
      challenges: ['instantFund'],
      minimumSubtotalCents: null,
      reason: 'Summer campaign',
    })
  })

  it("needs the reason, checked with the server's own schema and words", () => {
    expect(errorsOf({ value: '10', reason: '' })).toEqual({ reason: adminReasonMessages.tooShort })
    expect(errorsOf({ value: '10', reason: '  ab ' })).toEqual({
      reason: adminReasonMessages.tooShort,
    })
    expect(errorsOf({ value: '10', reason: 'x'.repeat(501) })).toEqual({
      reason: adminReasonMessages.tooLong,
    })
    const trimmed = parse({ value: '10', reason: '  Partner deal  ' })
    expect(trimmed.success && trimmed.data.reason).toBe('Partner deal')
  })

  it('sends null for every challenge, no expiry, no limit and no minimum', () => {
    const result = parse({ value: '15' })
    expect(result.success && result.data).toMatchObject({
      challenges: null,
      expiresAt: null,
      maxUses: null,
      minimumSubtotalCents: null,
      isActive: true,
    })
  })

  it.each(['0', '101', '12.5', ''])('refuses %s as a percent', (value) => {
    expect(errorsOf({ value })).toEqual({ value: couponFormMessages.percent })
  })

  it("shows the domain's own messages for the code", () => {
    expect(errorsOf({ code: 'ab', value: '10' })).toEqual({
      code: 'A coupon code has at least 3 characters.',
    })
    expect(errorsOf({ code: 'no spaces', value: '10' })).toEqual({
      code: 'A coupon code may use letters, digits, - and _ only.',
    })
    expect(errorsOf({ code: 'x'.repeat(33), value: '10' })).toEqual({
      code: 'A coupon code has at most 32 characters.',
    })
  })

  it('reports every broken field at once', () => {
    expect(
      errorsOf({
        code: '',
        value: '',
        maxUses: '0',
        minimumSubtotal: '9.999',
        expiresAt: '2000-01-01T00:00',
        challenges: [],
        reason: '',
      }),
    ).toEqual({
      code: 'A coupon code has at least 3 characters.',
      value: couponFormMessages.percent,
      maxUses: couponFormMessages.maxUses,
      minimumSubtotal: couponFormMessages.minimumSubtotal,
      expiresAt: couponFormMessages.expiresAt,
      challenges: couponFormMessages.challenges,
      reason: adminReasonMessages.tooShort,
    })
  })
})
