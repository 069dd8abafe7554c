import type { Role } from '@tp/api'
import type pg from 'pg'
import { ACCESS_CHANGED_CHANNEL, connectToNotices, parseNotice } from '../../db/notices'

// What authenticate.ts read of a session and its user (decision 0024): kept per session id so a
// request of an open session costs no database round trip, and dropped the moment the database
// says it may have changed:
//   - synchronously by this process's use-cases that end sessions (sessions.ts);
//   - by the `access_changed` notice (pg_notify) that triggers on `users` (role, status) and
//     `sessions` (revoked_at) send in the transaction of the change, whoever made it (another
//     app instance, an operator in psql). Every connection of the app's pool listens too, so a
//     change made through this process arrives before the statement that made it returns;
//   - all of it when the listening connection is lost: until it listens again, every request
//     reads the database, as without a cache;
//   - after MAX_AGE_MS at the latest, a safety net.
// Only open sessions of active users are kept; a refusal is never cached.

/** How long an entry may serve at most, whatever the notices say. */
export const CALLER_CACHE_MAX_AGE_MS = 5_000
const MAX_ENTRIES = 50_000

export type CachedSession = { userId: string; role: Role }

type Entry = CachedSession & { storedAtMs: number }

export class CallerCache {
  private readonly bySession = new Map<string, Entry>()
  private readonly sessionsByUser = new Map<string, Set<string>>()
  /** bumped by every invalidation: a read that began before one must not be stored */
  private generation = 0
  private isListening = false

  constructor(private readonly nowMs: () => number = () => performance.now()) {}

  /** Whether entries are served: only while notices can reach this process. */
  get isOn(): boolean {
    return this.isListening
  }

  /** The session's entry while it is fresh and the cache is on; undefined otherwise. */
  get(sessionId: string): CachedSession | undefined {
    if (!this.isListening) return undefined
    const entry = this.bySession.get(sessionId)
    if (!entry) return undefined
    if (this.nowMs() - entry.storedAtMs >= CALLER_CACHE_MAX_AGE_MS) {
      this.remove(sessionId)
      return undefined
    }
    return entry
  }

  /** A token for `store`: take it before reading the database. */
  beginRead(): number {
    return this.generation
  }

  /** Keeps what a read begun at `readGeneration` found, unless anything was dropped since. */
  store(sessionId: string, session: CachedSession, readGeneration: number): void {
    if (!this.isListening || readGeneration !== this.generation) return
    if (this.bySession.size >= MAX_ENTRIES) this.clear()
    this.bySession.set(sessionId, { ...session, storedAtMs: this.nowMs() })
    let sessions = this.sessionsByUser.get(session.userId)
    if (!sessions) {
      sessions = new Set()
      this.sessionsByUser.set(session.userId, sessions)
    }
    sessions.add(sessionId)
  }

  forgetSession(sessionId: string): void {
    this.generation++
    this.remove(sessionId)
  }

  forgetUser(userId: string): void {
    this.generation++
    for (const sessionId of this.sessionsByUser.get(userId) ?? []) this.bySession.delete(sessionId)
    this.sessionsByUser.delete(userId)
  }

  clear(): void {
    this.generation++
    this.bySession.clear()
    this.sessionsByUser.clear()
  }

  /**
   * A notice of the `access_changed` channel. The read caches' kinds (account, orders: 0028; accounts: 0040) are
   * not this cache's; anything else it does not understand clears all.
   */
  handleNotice(payload: string | undefined): void {
    const { kind, id } = parseNotice(payload)
    if (kind === 'user' && id) this.forgetUser(id)
    else if (kind === 'session' && id) this.forgetSession(id)
    else if ((kind === 'account' || kind === 'accounts' || kind === 'orders') && id) return
    else this.clear()
  }

  /** The listener's state: on once it listens, off (and emptied) when it lost its connection. */
  setListening(isListening: boolean): void {
    this.clear()
    this.isListening = isListening
  }

  private remove(sessionId: string): void {
    const entry = this.bySession.get(sessionId)
    if (!entry) return
    this.bySession.delete(sessionId)
    const sessions = this.sessionsByUser.get(entry.userId)
    sessions?.delete(sessionId)
    if (sessions?.size === 0) this.sessionsByUser.delete(entry.userId)
  }
}

/** Keeps `cache` in step with the database's access notices (db/notices.ts). */
export function connectCallerCache(
  cache: CallerCache,
  pool: pg.Pool,
  onError: (error: unknown) => void,
): { ready: Promise<void>; stop(): Promise<void> } {
  return connectToNotices(cache, pool, ACCESS_CHANGED_CHANNEL, onError)
}
