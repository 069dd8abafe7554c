import { describe, expect, it } from 'vitest'
import {
  addOnsFromToggles,
  noAddOnToggles,
  quoteOrder,
  setAddOnToggle,
  toggleAddOn,
  togglesFromAddOns,
  type AddOnToggleKey,
  type AddOnToggles,
} from '../../src/pricing'

// The four states the switches can show, written as "split fast both" flags.
const state = (flags: string): AddOnToggles => {
  const [profitSplit100, fastPayout, both] = flags.split(' ').map((flag) => flag === '1')
  return { profitSplit100: !!profitSplit100, fastPayout: !!fastPayout, both: !!both }
}
const off = '0 0 0'
const splitOnly = '1 0 0'
const fastOnly = '0 1 0'
const all = '1 1 1'

// Every switch of every reachable state (spec 4), worked out from the spec's four sentences.
const transitions: Array<
  [from: string, key: AddOnToggleKey, isOn: boolean, to: string, why: string]
> = [
  [off, 'profitSplit100', true, splitOnly, 'a single one on'],
  [off, 'fastPayout', true, fastOnly, 'a single one on'],
  [off, 'both', true, all, "'both' on switches on the other two"],
  [off, 'profitSplit100', false, off, 'already off'],
  [off, 'fastPayout', false, off, 'already off'],
  [off, 'both', false, off, "'both' off clears all"],
  [splitOnly, 'fastPayout', true, all, "both single ones on switch 'both' on"],
  [splitOnly, 'profitSplit100', false, off, 'a single one off'],
  [splitOnly, 'both', true, all, "'both' on switches on the other two"],
  [splitOnly, 'both', false, off, "'both' off clears all"],
  [splitOnly, 'profitSplit100', true, splitOnly, 'already on'],
  [splitOnly, 'fastPayout', false, splitOnly, 'already off'],
  [fastOnly, 'profitSplit100', true, all, "both single ones on switch 'both' on"],
  [fastOnly, 'fastPayout', false, off, 'a single one off'],
  [fastOnly, 'both', true, all, "'both' on switches on the other two"],
  [fastOnly, 'both', false, off, "'both' off clears all"],
  [fastOnly, 'fastPayout', true, fastOnly, 'already on'],
  [fastOnly, 'profitSplit100', false, fastOnly, 'already off'],
  [all, 'both', false, off, "'both' off clears all"],
  [all, 'profitSplit100', false, fastOnly, "a single one off clears 'both'"],
  [all, 'fastPayout', false, splitOnly, "a single one off clears 'both'"],
  [all, 'both', true, all, 'already on'],
  [all, 'profitSplit100', true, all, 'already on'],
  [all, 'fastPayout', true, all, 'already on'],
]

describe('add-on toggles (spec 4)', () => {
  it.each(transitions)('[%s] switching %s to %s gives [%s]: %s', (from, key, isOn, to) => {
    expect(setAddOnToggle(state(from), key, isOn)).toEqual(state(to))
  })

  it('covers every switch of every reachable state', () => {
    const covered = new Set(transitions.map(([from, key, isOn]) => `${from}/${key}/${isOn}`))
    expect(covered.size).toBe(4 * 3 * 2)
  })

  it('does not change the state it was given', () => {
    const before = state(splitOnly)
    setAddOnToggle(before, 'fastPayout', true)
    expect(before).toEqual(state(splitOnly))
  })

  it('flips a switch with toggleAddOn', () => {
    expect(toggleAddOn(noAddOnToggles, 'both')).toEqual(state(all))
    expect(toggleAddOn(state(all), 'fastPayout')).toEqual(state(splitOnly))
  })

  it("prices 'both' as the pair: +25%, not 15% + 15%", () => {
    const toggles = setAddOnToggle(noAddOnToggles, 'both', true)
    const summary = quoteOrder({
      challenge: 'twoPhase',
      sizeK: 100,
      addOns: addOnsFromToggles(toggles),
      method: 'card',
      now: new Date('2026-03-02T12:00:00Z'),
    })
    expect(summary.addOnPercent).toBe(25)
    expect(summary.total.cents).toBe(74900)
  })

  it('rebuilds the switches from stored add-ons', () => {
    expect(togglesFromAddOns({ profitSplit100: true, fastPayout: true })).toEqual(state(all))
    expect(togglesFromAddOns({ profitSplit100: false, fastPayout: true })).toEqual(state(fastOnly))
  })
})
