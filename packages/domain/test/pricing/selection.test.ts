import { describe, expect, it } from 'vitest'
import { defaultSelectionIndexes, orderMessages, validateSelection } from '../../src/pricing'

describe('order selection (spec 4 defaults, spec 5 checks)', () => {
  it('defaults to Two Phase on MT4 at the smallest size, which is a valid order', () => {
    expect(validateSelection(defaultSelectionIndexes)).toEqual({
      ok: true,
      selection: { challenge: 'twoPhase', platform: 'mt4', sizeK: 5 },
    })
  })

  it.each([
    [0, 5],
    [1, 10],
    [2, 25],
    [3, 50],
    [4, 100],
    [5, 500],
    [6, 1000],
  ])('size index %s is the %sK account', (sizeIndex, sizeK) => {
    const result = validateSelection({ sizeIndex, platformIndex: 1, challengeIndex: 1 })
    expect(result).toMatchObject({ ok: true, selection: { sizeK } })
  })

  it('maps challenge 2 to Instant Funding and platform 2 to MT5', () => {
    expect(validateSelection({ sizeIndex: 0, platformIndex: 2, challengeIndex: 2 })).toMatchObject({
      ok: true,
      selection: { challenge: 'instantFund', platform: 'mt5' },
    })
  })

  it.each([
    ['a size index below 0', { sizeIndex: -1 }, 'Please select an account size.'],
    ['a size index above 6', { sizeIndex: 7 }, 'Please select an account size.'],
    ['a fractional size index', { sizeIndex: 1.5 }, 'Please select an account size.'],
    ['no size', { sizeIndex: undefined }, 'Please select an account size.'],
    ['platform 0', { platformIndex: 0 }, 'Please select a trading platform.'],
    ['platform 3', { platformIndex: 3 }, 'Please select a trading platform.'],
    ['platform "mt4" as text', { platformIndex: 'mt4' }, 'Please select a trading platform.'],
    ['challenge 0', { challengeIndex: 0 }, 'Please select a challenge type.'],
    ['no challenge', { challengeIndex: undefined }, 'Please select a challenge type.'],
  ])('refuses %s with the spec 5 message', (_name, change, message) => {
    const result = validateSelection({ ...defaultSelectionIndexes, ...change })
    expect(result).toEqual({
      ok: false,
      message,
      errors: [{ field: Object.keys(change)[0], message }],
    })
  })

  it('reports the problems in spec 5 order: size, then platform, then challenge', () => {
    const result = validateSelection({ challengeIndex: 9, platformIndex: 9, sizeIndex: 9 })
    expect(result.ok).toBe(false)
    if (result.ok) return
    expect(result.message).toBe(orderMessages.selection.accountSize)
    expect(result.errors.map((error) => error.message)).toEqual([
      'Please select an account size.',
      'Please select a trading platform.',
      'Please select a challenge type.',
    ])
  })
})
