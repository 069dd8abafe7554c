import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  instruments,
  isMarketOpen,
  marketStatus,
  nextMarketClose,
  nextMarketOpen,
} from '../../src/trading'
import { isOpenDuring, nextCloseDuring, nextOpenDuring } from '../../src/trading/trading-hours'
import { at } from './support'

// market-hours.ts caches each symbol's state until its next open or close; these properties hold
// it to the calendar itself (trading-hours.ts, uncached) at any instant, asked in any order (a
// clock moved back and forth), near every open and close and across the DST changes.

const symbols = instruments.map((instrument) => instrument.symbol)
/** One symbol of each kind of hours: forex, metals (daily break), indices, crypto (always). */
const kinds = [...new Map(instruments.map((i) => [JSON.stringify(i.hours), i.symbol])).values()]

function uncached(symbol: string, tMs: number) {
  const hours = instruments.find((instrument) => instrument.symbol === symbol)!.hours
  const isOpen = isOpenDuring(hours, tMs)
  return { isOpen, nextOpen: nextOpenDuring(hours, tMs), nextClose: nextCloseDuring(hours, tMs) }
}

/** The cached answers at `tMs` when any differs from the calendar's, else null. */
function differenceAt(symbol: string, tMs: number) {
  const expected = uncached(symbol, tMs)
  const status = marketStatus(symbol, tMs)
  const answers = {
    isOpen: isMarketOpen(symbol, tMs),
    nextOpen: nextMarketOpen(symbol, tMs),
    nextClose: nextMarketClose(symbol, tMs),
  }
  const isSame = (a: typeof expected) =>
    a.isOpen === expected.isOpen &&
    a.nextOpen === expected.nextOpen &&
    a.nextClose === expected.nextClose
  if (isSame(status) && isSame(answers)) return null
  return { symbol, at: new Date(tMs).toISOString(), expected, status, answers }
}

function expectSameAnswers(symbol: string, tMs: number) {
  expect(differenceAt(symbol, tMs)).toBeNull()
}

/** Checks many instants, one assertion (expect per call would dominate the test's time). */
function expectSameAnswersAll(asks: Iterable<[string, number]>) {
  const differences = []
  for (const [symbol, tMs] of asks) {
    const difference = differenceAt(symbol, tMs)
    if (difference) differences.push(difference)
  }
  expect(differences.slice(0, 5)).toEqual([])
}

// 2025-12-28 to 2027-01-03: two DST changes each way and every weekday
const fromMs = at('2025-12-28T00:00:00Z')
const toMs = at('2027-01-03T00:00:00Z')

/** Instants within a few ms/seconds/minutes of a symbol's opens and closes, and anywhere. */
const instantArb = fc.oneof(
  fc.integer({ min: fromMs, max: toMs }),
  fc
    .tuple(
      fc.integer({ min: fromMs, max: toMs }),
      fc.constantFrom(-60_000, -1_000, -1, 0, 1, 1_000, 60_000),
    )
    .map(([t, offset]) => ({ t, offset })),
)

// the uncached calendar does time zone maths per call: generous timeouts on a busy machine
describe(
  'market hours cache: the same answers as the uncached calendar',
  { timeout: 60_000 },
  () => {
    it('at any instants, for any symbols, asked in any order', () => {
      fc.assert(
        fc.property(
          fc.array(fc.tuple(fc.constantFrom(...symbols), instantArb), {
            minLength: 1,
            maxLength: 40,
          }),
          (asks) => {
            for (const [symbol, instant] of asks) {
              // (expect per instant: a failing run names the instant)
              if (typeof instant === 'number') {
                expectSameAnswers(symbol, instant)
                continue
              }
              // near the state change that follows `t`: just before, at and just after it
              const { isOpen, nextOpen, nextClose } = uncached(symbol, instant.t)
              const changeMs = isOpen ? nextClose : nextOpen
              expectSameAnswers(symbol, instant.t)
              if (changeMs !== null) expectSameAnswers(symbol, changeMs + instant.offset)
            }
          },
        ),
        { numRuns: 100 },
      )
    })

    it('walking a clock forward over a week, and back', () => {
      const start = at('2026-03-05T00:00:00Z') // the week DST begins in New York
      const minutes = 8 * 24 * 60
      function* walk(): Generator<[string, number]> {
        for (let i = 0; i <= minutes; i += 23) {
          for (const symbol of kinds) yield [symbol, start + i * 60_000]
        }
        for (let i = minutes; i >= 0; i -= 37) {
          for (const symbol of kinds) yield [symbol, start + i * 60_000 - 1]
        }
      }
      expectSameAnswersAll(walk())
    })

    it('the millisecond before, at and after every open and close of the DST months', () => {
      // one symbol of each kind of hours: forex, metals (daily break), indices, crypto (always)
      function* changes(startMs: number, endMs: number): Generator<[string, number]> {
        for (const symbol of kinds) {
          let t = startMs
          while (t < endMs) {
            const { isOpen, nextOpen, nextClose } = uncached(symbol, t)
            const changeMs = isOpen ? nextClose : nextOpen
            if (changeMs === null) {
              yield [symbol, t]
              break
            }
            yield [symbol, changeMs - 1]
            yield [symbol, changeMs]
            yield [symbol, changeMs + 1]
            t = changeMs
          }
        }
      }
      expectSameAnswersAll(changes(at('2026-03-01T00:00:00Z'), at('2026-04-01T00:00:00Z')))
      expectSameAnswersAll(changes(at('2026-10-25T00:00:00Z'), at('2026-11-15T00:00:00Z')))
    })
  },
)
