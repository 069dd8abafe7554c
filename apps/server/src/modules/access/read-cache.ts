import type pg from 'pg'
import { ACCESS_CHANGED_CHANNEL, connectToNotices, parseNotice } from '../../db/notices'
import type { OrderRow, PaymentRow, TradingAccountRow } from '../../db/schema'

// Hot reads kept in process (decision 0028): a trading account's row by id (account state), a
// user's orders with their latest payments (the orders list) and a user's trading accounts (the
// accounts list, decision 0040), so those routes cost no database round trip. The same rules as
// the caller cache of 0024, on the same channel:
//   - migration 0015's triggers notify `account:<id>` on any change of a trading account except
//     the risk flush's checkpoint columns (evaluator_state, evaluator_seq, which a cached row
//     therefore does not carry), and `orders:<user id>` on any change of an order or a payment,
//     in the transaction of the change, whoever makes it;
//   - migration 0019's trigger notifies `accounts:<user id>` when a trading account is created,
//     deleted or moves to another user (both users); any other change of a listed account comes
//     as its `account:<id>`, which drops the list that holds it (its owner, as listed);
//   - every connection of the app's pool listens, so a change made through this process has
//     dropped the entry before the statement that made it returns; one dedicated connection
//     brings other processes' changes;
//   - nothing is served until that connection listens, and all is emptied and off from the moment
//     it is lost until it listens again;
//   - a read that began before any drop is not stored (a generation counter); entries are at most
//     MAX_AGE_MS old.

export const READ_CACHE_MAX_AGE_MS = 5_000
const MAX_ENTRIES = 50_000

/** A trading account's row without the checkpoint columns (what the account's views read). */
export type AccountRowView = Readonly<Omit<TradingAccountRow, 'evaluatorState' | 'evaluatorSeq'>>
/** A trading account's row as cached: without the checkpoint columns the triggers ignore. */
export type CachedAccountRow = AccountRowView
export type CachedOrderRows = ReadonlyArray<{ order: OrderRow; payment: PaymentRow | null }>
/** A user's trading accounts as cached (creation order), each without the checkpoint columns. */
export type CachedAccountList = ReadonlyArray<CachedAccountRow>

type Entry<V> = { value: V; storedAtMs: number }

/** Values by key, dropped by key or all at once; served only while notices can arrive. */
export class NotifiedCache<V> {
  private readonly entries = new Map<string, Entry<V>>()
  private generation = 0
  private isListening = false

  constructor(private readonly nowMs: () => number = () => performance.now()) {}

  get isOn(): boolean {
    return this.isListening
  }

  get(key: string): V | undefined {
    if (!this.isListening) return undefined
    const entry = this.entries.get(key)
    if (!entry) return undefined
    if (this.nowMs() - entry.storedAtMs >= READ_CACHE_MAX_AGE_MS) {
      this.entries.delete(key)
      return undefined
    }
    return entry.value
  }

  /** A token for `store`: take it before reading the database. */
  beginRead(): number {
    return this.generation
  }

  /** Keeps what a read begun at `readGeneration` found, unless anything was dropped since. */
  store(key: string, value: V, readGeneration: number): void {
    if (!this.isListening || readGeneration !== this.generation) return
    if (this.entries.size >= MAX_ENTRIES) this.clear()
    this.entries.set(key, { value, storedAtMs: this.nowMs() })
  }

  forget(key: string): void {
    this.generation++
    this.entries.delete(key)
  }

  clear(): void {
    this.generation++
    this.entries.clear()
  }

  setListening(isListening: boolean): void {
    this.clear()
    this.isListening = isListening
  }
}

export class ReadCaches {
  readonly accounts: NotifiedCache<CachedAccountRow>
  /** by user id */
  readonly orders: NotifiedCache<CachedOrderRows>
  /** by user id: use storeAccountList, which also keeps who each listed account belongs to */
  readonly accountLists: NotifiedCache<CachedAccountList>
  /** account id -> the user whose cached list holds it (an account's notice drops that list) */
  private readonly listedOwners = new Map<string, string>()

  constructor(nowMs?: () => number) {
    this.accounts = new NotifiedCache(nowMs)
    this.orders = new NotifiedCache(nowMs)
    this.accountLists = new NotifiedCache(nowMs)
  }

  /** Keeps a user's accounts read at `readGeneration` (see NotifiedCache.store). */
  storeAccountList(userId: string, rows: CachedAccountList, readGeneration: number): void {
    this.accountLists.store(userId, rows, readGeneration)
    if (this.accountLists.get(userId) !== rows) return
    if (this.listedOwners.size >= MAX_ENTRIES) {
      this.accountLists.clear()
      this.listedOwners.clear()
      return
    }
    for (const row of rows) this.listedOwners.set(row.id, userId)
  }

  get isOn(): boolean {
    return this.accounts.isOn
  }

  /**
   * A notice of the `access_changed` channel. The caller cache's kinds (user, session) are not
   * this cache's; anything else it does not understand clears all.
   */
  handleNotice(payload: string | undefined): void {
    const { kind, id } = parseNotice(payload)
    if (kind === 'account' && id) {
      this.accounts.forget(id)
      // the list that holds it; an account no cached list holds still stops a list read under way
      this.accountLists.forget(this.listedOwners.get(id) ?? '')
    } else if (kind === 'accounts' && id) this.accountLists.forget(id)
    else if (kind === 'orders' && id) this.orders.forget(id)
    else if ((kind === 'user' || kind === 'session') && id) return
    else this.clear()
  }

  clear(): void {
    this.accounts.clear()
    this.orders.clear()
    this.accountLists.clear()
    this.listedOwners.clear()
  }

  setListening(isListening: boolean): void {
    this.accounts.setListening(isListening)
    this.orders.setListening(isListening)
    this.accountLists.setListening(isListening)
    this.listedOwners.clear()
  }
}

/** A trading account's row without the checkpoint columns, frozen (it is shared). */
export function toCachedAccountRow(row: TradingAccountRow): CachedAccountRow {
  const { evaluatorState: _state, evaluatorSeq: _seq, ...rest } = row
  return Object.freeze(rest)
}

/** Keeps `caches` in step with the database's notices, as the caller cache (db/notices.ts). */
export function connectReadCaches(
  caches: ReadCaches,
  pool: pg.Pool,
  onError: (error: unknown) => void,
): { ready: Promise<void>; stop(): Promise<void> } {
  return connectToNotices(caches, pool, ACCESS_CHANGED_CHANNEL, onError)
}
