import { afterEach, describe, expect, it, vi } from 'vitest'
import { json, mockApi } from '@/testing/mock-api'
import { FULFILMENT_ATTEMPTS, getPayPalFulfilment } from './get-paypal-fulfilment'

const path = 'POST /api/payment/orders/PAYPAL-1/create'
const orderId = '3f1b2c4d-5e6f-4a1b-8c9d-0e1f2a3b4c5d'

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('asking for the account a card payment bought (spec 7: up to 3 attempts)', () => {
  it('takes a 202 (being created) as an answer, without asking again', async () => {
    const api = mockApi({
      [path]: () => json(202, { orderId, status: 'provisioning', account: null }),
    })
    const answer = await getPayPalFulfilment('PAYPAL-1', { retryDelayMs: 0 })
    expect(answer).toEqual({ orderId, status: 'provisioning', account: null })
    expect(api.callsTo(path)).toHaveLength(1)
  })

  it('asks again after an answer that is not OK, and stops at the first OK one', async () => {
    const api = mockApi({
      [path]: (_call, index) =>
        index === 0
          ? json(503, { code: 'PAYMENT_UNAVAILABLE', message: 'Try later.' })
          : json(202, { orderId, status: 'paid', account: null }),
    })
    await expect(getPayPalFulfilment('PAYPAL-1', { retryDelayMs: 0 })).resolves.toMatchObject({
      status: 'paid',
    })
    expect(api.callsTo(path)).toHaveLength(2)
  })

  it('gives up after 3 attempts with the last error', async () => {
    const api = mockApi({
      [path]: () => json(409, { code: 'ORDER_NOT_PAYABLE', message: 'Not paid yet.' }),
    })
    await expect(getPayPalFulfilment('PAYPAL-1', { retryDelayMs: 0 })).rejects.toMatchObject({
      status: 409,
    })
    expect(api.callsTo(path)).toHaveLength(FULFILMENT_ATTEMPTS)
    expect(FULFILMENT_ATTEMPTS).toBe(3)
  })
})
