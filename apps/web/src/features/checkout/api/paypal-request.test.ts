import { afterEach, describe, expect, it, vi } from 'vitest'
import { json, mockApi } from '@/testing/mock-api'
import { paypalErrorDetail, paypalPost, PayPalApiError } from './paypal-request'
import { z } from 'zod'

const path = 'POST /api/payment/orders'

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('the card payment calls reading a refusal', () => {
  it("keep PayPal's issue of a PayPal refusal", async () => {
    mockApi({
      [path]: () =>
        json(422, {
          code: 'PAYMENT_DECLINED',
          message: 'Declined.',
          details: [{ path: 'paypal', issue: 'INSTRUMENT_DECLINED', description: 'No.' }],
          debug_id: 'DEBUG-1',
        }),
    })
    const error = await paypalPost('/payment/orders', {}, z.object({})).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(PayPalApiError)
    expect((error as PayPalApiError).issue).toBe('INSTRUMENT_DECLINED')
    expect(paypalErrorDetail(error)).toBe('INSTRUMENT_DECLINED No. (DEBUG-1)')
  })

  it("show the message of the app's own refusal (its error body, details with path and message)", async () => {
    mockApi({
      [path]: () =>
        json(422, {
          code: 'VALIDATION_FAILED',
          message: 'Please fill in all the billing information.',
          details: [{ path: 'billing', message: 'Please fill in all the billing information.' }],
        }),
    })
    const error = await paypalPost('/payment/orders', {}, z.object({})).catch((e: unknown) => e)
    expect(error).toMatchObject({ status: 422, issue: undefined })
    expect(paypalErrorDetail(error)).toBe('Please fill in all the billing information.')
  })
})
