import { EventEmitter } from 'node:events'
import pg from 'pg'

// Notices the database sends (LISTEN/NOTIFY), for in-process caches that must drop an entry the
// moment its rows change (decision 0024).
//
// Two paths, for two guarantees:
//   - every connection of the app's pool listens (createPool's listeningClient): a
//     server sends a session its own notices right after the statement that committed them and
//     before that statement's answer, so a change made through this pool has reached the cache
//     before the code that made it goes on, whichever connection it used (on PGlite, the one
//     session's notices come out on the connection whose statement committed them);
//   - one dedicated connection (startNoticeListener) listens whatever the pool does (the pool
//     may have no connection at all when idle): it is how changes made by other processes
//     arrive, and its state says whether notices can arrive at all.

/** The channel of migration 0008's triggers on `users` (role, status) and `sessions`. */
export const ACCESS_CHANGED_CHANNEL = 'access_changed'

export type Notice = { channel: string; payload: string | undefined }

const poolNotices = new WeakMap<pg.Pool, EventEmitter>()

function noticesOf(pool: pg.Pool): EventEmitter {
  let emitter = poolNotices.get(pool)
  if (!emitter) {
    emitter = new EventEmitter().setMaxListeners(0)
    poolNotices.set(pool, emitter)
  }
  return emitter
}

/**
 * A pg Client class for a pool whose every connection LISTENs to `channels` as part of
 * connecting (before the pool hands it out) and reports its notices to `onPoolNotice(pool)`.
 */
export function listeningClient(channels: string[]): {
  Client: typeof pg.Client
  attach(pool: pg.Pool): void
} {
  const emitter = new EventEmitter().setMaxListeners(0)
  const listen = channels.map((channel) => `listen ${channel}`).join('; ')
  class ListeningClient extends pg.Client {
    constructor(config?: string | pg.ClientConfig) {
      super(config)
      this.on('notification', (message) =>
        emitter.emit('notice', { channel: message.channel, payload: message.payload }),
      )
    }

    override connect(): Promise<pg.Client>
    override connect(
      callback: ((err: Error) => void) | ((err: null, client: pg.Client) => void),
    ): void
    override connect(
      callback?: ((err: Error) => void) | ((err: null, client: pg.Client) => void),
    ): Promise<pg.Client> | void {
      const connected = super.connect().then(async () => {
        await this.query(listen)
        return this as pg.Client
      })
      if (!callback) return connected
      const done = callback as (err: Error | null, client?: pg.Client) => void
      connected.then(
        (client) => done(null, client),
        (error: Error) => done(error),
      )
    }
  }
  return { Client: ListeningClient, attach: (pool) => poolNotices.set(pool, emitter) }
}

/** Notices that arrive on any connection of the pool. */
export function onPoolNotice(pool: pg.Pool, listener: (notice: Notice) => void): () => void {
  const emitter = noticesOf(pool)
  emitter.on('notice', listener)
  return () => emitter.off('notice', listener)
}

export type NoticeListener = {
  /** Resolves once the first LISTEN succeeded (or failed: the listener keeps retrying). */
  ready: Promise<void>
  stop(): Promise<void>
}

/**
 * A dedicated connection that LISTENs to `channel` and reconnects when it is lost, with
 * `onState(true)` once it listens and `onState(false)` the moment it stops (error, end). Between
 * the two, notices may be missed: whoever relies on them must not trust what they guard.
 */
export function startNoticeListener(options: {
  connection: pg.ClientConfig
  channel: string
  onNotice(payload: string | undefined): void
  onState(isListening: boolean): void
  onError?(error: unknown): void
  retryMs?: number
}): NoticeListener {
  const retryMs = options.retryMs ?? 1_000
  let client: pg.Client | null = null
  let isStopped = false
  let retryTimer: NodeJS.Timeout | null = null
  let markReady: () => void = () => {}
  const ready = new Promise<void>((resolve) => (markReady = resolve))

  const connect = async () => {
    retryTimer = null
    if (isStopped) return
    const current = new pg.Client({
      ...options.connection,
      application_name: 'tradepeak-notices',
    })
    client = current
    let isLost = false
    const lose = (error?: unknown) => {
      if (isLost) return
      isLost = true
      options.onState(false)
      if (error) options.onError?.(error)
      current.end().catch(() => {})
      if (!isStopped) retryTimer = setTimeout(() => void connect(), retryMs)
    }
    current.on('error', lose)
    current.on('end', () => lose())
    current.on('notification', (message) => {
      if (message.channel === options.channel) options.onNotice(message.payload)
    })
    try {
      await current.connect()
      await current.query(`listen ${options.channel}`)
      if (isLost || isStopped) return
      options.onState(true)
    } catch (error) {
      lose(error)
    } finally {
      markReady()
    }
  }
  void connect()

  return {
    ready,
    async stop() {
      isStopped = true
      if (retryTimer) clearTimeout(retryTimer)
      options.onState(false)
      await client?.end().catch(() => {})
    },
  }
}

/** A notice's payload `<kind>:<id>` (kind '' when it has no such shape). */
export function parseNotice(payload: string | undefined): { kind: string; id: string } {
  const separator = payload?.indexOf(':') ?? -1
  if (separator <= 0) return { kind: '', id: '' }
  return { kind: payload!.slice(0, separator), id: payload!.slice(separator + 1) }
}

/** A cache kept in step with a channel's notices (the caller cache, the read caches). */
export type NoticeSubscriber = {
  handleNotice(payload: string | undefined): void
  /** on once notices can arrive; off (and emptied) from the moment they cannot */
  setListening(isListening: boolean): void
}

/**
 * Keeps `subscriber` in step with the database: notices on the pool's connections and on a
 * dedicated listening connection. It serves nothing until that connection listens.
 */
export function connectToNotices(
  subscriber: NoticeSubscriber,
  pool: pg.Pool,
  channel: string,
  onError: (error: unknown) => void,
): { ready: Promise<void>; stop(): Promise<void> } {
  const stopPoolNotices = onPoolNotice(pool, (notice) => {
    if (notice.channel === channel) subscriber.handleNotice(notice.payload)
  })
  const listener = startNoticeListener({
    connection: pool.options,
    channel,
    onNotice: (payload) => subscriber.handleNotice(payload),
    onState: (isListening) => subscriber.setListening(isListening),
    onError,
  })
  return {
    ready: listener.ready,
    async stop() {
      stopPoolNotices()
      await listener.stop()
    },
  }
}
