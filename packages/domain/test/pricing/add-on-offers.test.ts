import { describe, expect, it } from 'vitest'
import { describeAddOnOffers } from '../../src/pricing'

describe('add-on offers at checkout', () => {
  it.each(['twoPhase', 'instantFund'] as const)(
    '%s: prices and promises match the funded policy',
    (challenge) => {
      expect(describeAddOnOffers(challenge)).toEqual([
        {
          key: 'profitSplit100',
          label: '100% Profit Split',
          surchargePercent: 15,
          description: 'Keep 100% of your profit instead of 90%.',
        },
        {
          key: 'fastPayout',
          label: 'Fast Payout',
          surchargePercent: 15,
          description: 'Request payouts every 7 days instead of 14.',
        },
        {
          key: 'both',
          label: 'Both Add-ons',
          surchargePercent: 25,
          description: '100% Profit Split and Fast Payout for +25% instead of +30%.',
        },
      ])
    },
  )
})
