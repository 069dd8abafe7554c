import { instruments, type Instrument } from '@tp/domain'

// The simulated server's tick path in flat numbers (docs/decisions/0027). A tick of a symbol
// re-marks every account holding it; walking each account's Map of position objects (and its
// margin-symbol Set, its limits...) is a dozen scattered objects per account, a cache miss each
// once the books outgrow the cache (100,000 accounts). Instead, what a tick reads of an account
// is packed per account slot in one Float64Array: its positions' instrument, side, volume, open
// price and stops, its swap and its margin-call / stop-out levels; and each symbol keeps the slots
// it concerns in an Int32Array. The maths stays the domain's (`profitAt`: exact integers); the
// packed path only decides the common case ("marked, nothing else happens"): anything else (a
// stop reached, a conversion pair moving the margin, pending orders, a scenario's quotes, more
// than MAX_POSITIONS positions) goes through the object path as before.
//
// The packed figures are copies: SimEngine repacks an account whenever its books change (every
// write it persists, its dependencies, its scenario quotes), so a copy is never read stale.

export const MAX_PACKED_POSITIONS = 4
/** per slot: header, then MAX_PACKED_POSITIONS x POSITION_FIELDS */
const HEADER = 4
const POSITION_FIELDS = 6
export const SLOT_STRIDE = HEADER + MAX_PACKED_POSITIONS * POSITION_FIELDS

/** header fields */
export const H_COUNT = 0 // positions packed; -1: not packed (the object path)
export const H_SWAP = 1
export const H_STOP_OUT_PERCENT = 2
export const H_MARGIN_CALL_PERCENT = 3
/** position fields (from HEADER + i x POSITION_FIELDS) */
export const P_INSTRUMENT = 0
export const P_SIDE = 1 // 1 buy, -1 sell
export const P_VOLUME = 2
export const P_OPEN_PRICE = 3
export const P_STOP_LOSS = 4 // NaN: none
export const P_TAKE_PROFIT = 5 // NaN: none
export const POSITION_BASE = HEADER
export const POSITION_STRIDE = POSITION_FIELDS

const instrumentIndex = new Map<string, number>(
  instruments.map((instrument, i) => [instrument.symbol, i]),
)

export function instrumentAt(index: number): Instrument {
  return instruments[index]!
}

export interface PackableAccount {
  readonly positions: ReadonlyMap<
    string,
    {
      readonly symbol: string
      readonly side: 'buy' | 'sell'
      readonly volume: number
      readonly openPrice: number
      readonly stopLoss: number | null
      readonly takeProfit: number | null
      readonly swap: number
    }
  >
  readonly orders: ReadonlyMap<string, unknown>
  readonly overrides: ReadonlyMap<string, unknown> | null
  readonly limits: { readonly stopOutPercent: number; readonly marginCallPercent: number }
}

/** The packed books: one record per account slot, one slot list per symbol. */
export class PackedMarks {
  values = new Float64Array(1_024 * SLOT_STRIDE)
  private next = 0
  private readonly lists = new Map<string, { slots: Int32Array; isStale: boolean }>()

  allocate(): number {
    const slot = this.next++
    if ((slot + 1) * SLOT_STRIDE > this.values.length) {
      const grown = new Float64Array(this.values.length * 2)
      grown.set(this.values)
      this.values = grown
    }
    this.values[slot * SLOT_STRIDE + H_COUNT] = -1
    return slot
  }

  /** Copies what a tick reads of the account; -1 (the object path) when it is not the plain case. */
  pack(slot: number, account: PackableAccount): void {
    const values = this.values
    const at = slot * SLOT_STRIDE
    if (
      account.orders.size > 0 ||
      account.overrides !== null ||
      account.positions.size > MAX_PACKED_POSITIONS
    ) {
      values[at + H_COUNT] = -1
      return
    }
    let count = 0
    let swap = 0
    for (const position of account.positions.values()) {
      const index = instrumentIndex.get(position.symbol)
      if (index === undefined) {
        values[at + H_COUNT] = -1
        return
      }
      const p = at + POSITION_BASE + count * POSITION_STRIDE
      values[p + P_INSTRUMENT] = index
      values[p + P_SIDE] = position.side === 'buy' ? 1 : -1
      values[p + P_VOLUME] = position.volume
      values[p + P_OPEN_PRICE] = position.openPrice
      values[p + P_STOP_LOSS] = position.stopLoss ?? NaN
      values[p + P_TAKE_PROFIT] = position.takeProfit ?? NaN
      swap += position.swap
      count++
    }
    values[at + H_SWAP] = swap
    values[at + H_STOP_OUT_PERCENT] = account.limits.stopOutPercent
    values[at + H_MARGIN_CALL_PERCENT] = account.limits.marginCallPercent
    values[at + H_COUNT] = count
  }

  /** The symbol's list is rebuilt from its dependents at its next tick. */
  invalidate(symbol: string): void {
    const list = this.lists.get(symbol)
    if (list) list.isStale = true
  }

  /**
   * The slots a symbol's tick concerns, in the order of `dependents` (a new array when rebuilt:
   * a walk in progress keeps the one it started with).
   */
  slotsOf(symbol: string, dependents: ReadonlySet<{ readonly markSlot?: number }>): Int32Array {
    let list = this.lists.get(symbol)
    if (list === undefined || list.isStale) {
      const slots = new Int32Array(dependents.size)
      let i = 0
      for (const account of dependents) slots[i++] = account.markSlot!
      list = { slots, isStale: false }
      this.lists.set(symbol, list)
    }
    return list.slots
  }
}
