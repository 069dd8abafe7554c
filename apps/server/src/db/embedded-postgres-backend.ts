import { createServer, type Server, type Socket } from 'node:net'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'

// PGlite is one single-session PostgreSQL backend. To let the app talk to it exactly as it talks
// to a PostgreSQL server (node-postgres Pool, pg-boss, drizzle), it is served on loopback over
// the wire protocol with several client connections multiplexed onto that one session.
//
// @electric-sql/pglite-socket's own multiplexer schedules single protocol messages, so when a
// client's Parse/Bind/Execute/Sync sequence arrives in more than one TCP chunk (a large
// parameter), another connection's Parse can run in between and replace the unnamed statement
// the first Bind then uses. This server schedules whole units of work instead:
//   - every message up to and including a Sync (extended protocol) or a simple Query runs in
//     one exclusive turn on the backend;
//   - while the backend is inside a transaction block (or a client paused an extended-protocol
//     sequence with Flush), only the connection that owns it gets a turn;
//   - a connection that goes away mid-transaction has its transaction rolled back;
//   - a turn that cannot get the backend within `waitTimeoutMs` (typically: code that, inside a
//     transaction, queries through another connection and so waits for itself) is answered
//     with an error (SQLSTATE 55P03) instead of hanging forever.
// Unlike a PostgreSQL server, other connections wait while one holds a transaction open: code
// inside a transaction must use that transaction's connection (drizzle's `tx`).
// This runs in a worker thread of its own (embedded-postgres-worker.ts): the app's event loop
// only ever talks to it over the socket. See docs/decisions/0006-embedded-postgres.md.

const SSL_REQUEST_CODE = 80877103
const GSSENC_REQUEST_CODE = 80877104
const CANCEL_REQUEST_CODE = 80877102

const SYNC = 0x53 // 'S'
const QUERY = 0x51 // 'Q'
const FLUSH = 0x48 // 'H'
const TERMINATE = 0x58 // 'X'
const COPY_DONE = 0x63 // 'c'
const COPY_FAIL = 0x66 // 'f'
// messages after which the client waits for the server to answer
const TURN_ENDS = new Set([SYNC, QUERY, FLUSH, COPY_DONE, COPY_FAIL])

const SYNC_MESSAGE = new Uint8Array([SYNC, 0, 0, 0, 4])
const PARSE = 0x50 // 'P'
const BIND = 0x42 // 'B'
const DESCRIBE = 0x44 // 'D'
const CLOSE = 0x43 // 'C'
const EXECUTE = 0x45 // 'E'
const NOTIFICATION_RESPONSE = 0x41 // 'A', server to client

/**
 * Server settings on top of PGlite's own. A new WAL segment is otherwise zero-filled as it is
 * created: 16 MB written in WebAssembly inside whichever statement crossed the segment, and the
 * in-memory file grown step by step (each step a copy), which made one statement of a risk-ledger
 * flush hold the backend 40-60 ms of CPU more than its neighbours (measured in the worker thread,
 * thread CPU time). Without it the segment is sized at once by writing its last byte.
 */
const EMBEDDED_SETTINGS = ['wal_init_zero=off']

type Turn = {
  connection: Connection
  messages: Uint8Array[]
  endsWithFlush: boolean
  timer?: NodeJS.Timeout
}

/** ErrorResponse + ReadyForQuery, as a server answers a query it refused. */
function refusal(message: string): Buffer {
  const fields = Buffer.concat([
    Buffer.from('SERROR\0VERROR\0C55P03\0M' + message + '\0', 'utf8'),
    Buffer.from([0]),
  ])
  const error = Buffer.alloc(5)
  error.write('E', 0)
  error.writeInt32BE(4 + fields.length, 1)
  return Buffer.concat([error, fields, Buffer.from([0x5a, 0, 0, 0, 5, 0x49])])
}

let connectionCount = 0

/** A C string at `offset`: its text and the offset after its NUL. */
function cString(message: Uint8Array, offset: number): [string, number] {
  const end = message.indexOf(0, offset)
  return [Buffer.from(message.subarray(offset, end)).toString('utf8'), end + 1]
}

class Connection {
  private buffer: Buffer = Buffer.alloc(0)
  private isStarted = false
  private pending: Uint8Array[] = []
  isClosed = false
  /** whether its startup turn ran: from then on it may be sent notices at any time */
  isReady = false
  /** named statements and portals live in the one session: each connection's carry its prefix */
  private readonly prefix = `c${++connectionCount}.`
  /** the session-wide names of the statements this connection prepared, to drop when it goes */
  readonly statementNames = new Set<string>()

  constructor(
    readonly socket: Socket,
    private readonly scheduler: Scheduler,
  ) {
    socket.setNoDelay(true)
    socket.on('data', (chunk) => this.receive(chunk))
    socket.on('error', () => this.close())
    socket.on('close', () => this.close())
  }

  write(data: Uint8Array) {
    if (!this.isClosed && this.socket.writable) this.socket.write(data)
  }

  close() {
    if (this.isClosed) return
    this.isClosed = true
    this.socket.destroy()
    this.scheduler.forget(this)
  }

  private receive(chunk: Buffer) {
    this.buffer = this.buffer.length === 0 ? chunk : Buffer.concat([this.buffer, chunk])
    while (!this.isClosed) {
      const message = this.isStarted ? this.takeTypedMessage() : this.takeStartupMessage()
      if (!message) break
    }
  }

  /** Startup-phase packets have no type byte: length, then a code. */
  private takeStartupMessage(): boolean {
    if (this.buffer.length < 8) return false
    const length = this.buffer.readInt32BE(0)
    if (this.buffer.length < length) return false
    const code = this.buffer.readInt32BE(4)
    const packet = this.buffer.subarray(0, length)
    this.buffer = this.buffer.subarray(length)
    if (code === SSL_REQUEST_CODE || code === GSSENC_REQUEST_CODE) {
      // loopback only: no TLS, the client goes on in plain text
      this.write(Buffer.from('N'))
    } else if (code === CANCEL_REQUEST_CODE) {
      // a cancel request arrives on its own connection; the backend cannot interrupt a query
      this.close()
    } else {
      this.isStarted = true
      this.scheduler.submit({ connection: this, messages: [packet], endsWithFlush: false })
    }
    return true
  }

  private takeTypedMessage(): boolean {
    if (this.buffer.length < 5) return false
    const length = 1 + this.buffer.readInt32BE(1)
    if (this.buffer.length < length) return false
    const type = this.buffer[0]!
    const message = new Uint8Array(this.buffer.subarray(0, length))
    this.buffer = this.buffer.subarray(length)
    if (type === TERMINATE) {
      this.close()
      return false
    }
    this.pending.push(this.withSessionNames(type, message))
    if (TURN_ENDS.has(type)) {
      const messages = this.pending
      this.pending = []
      this.scheduler.submit({ connection: this, messages, endsWithFlush: type === FLUSH })
    }
    return true
  }

  /**
   * A client names prepared statements (and portals) for its own session; here every connection
   * shares one, so a name is made the connection's own (`c<n>.<name>`) in Parse, Bind, Describe
   * and Close. The unnamed statement and portal stay unnamed (a turn runs alone).
   */
  private withSessionNames(type: number, message: Uint8Array): Uint8Array {
    const names: { offset: number; kind: 'statement' | 'portal' }[] = []
    if (type === PARSE) names.push({ offset: 5, kind: 'statement' })
    else if (type === BIND) {
      const [, afterPortal] = cString(message, 5)
      names.push({ offset: 5, kind: 'portal' }, { offset: afterPortal, kind: 'statement' })
    } else if (type === EXECUTE) names.push({ offset: 5, kind: 'portal' })
    else if (type === DESCRIBE || type === CLOSE) {
      names.push({ offset: 6, kind: message[5] === 0x53 ? 'statement' : 'portal' })
    } else return message
    const parts: Uint8Array[] = []
    let from = 0
    let isRenamed = false
    for (const { offset, kind } of names) {
      const [name, after] = cString(message, offset)
      if (name === '') continue
      const sessionName = this.prefix + name
      if (kind === 'statement' && type === PARSE) this.statementNames.add(sessionName)
      if (kind === 'statement' && type === CLOSE) this.statementNames.delete(sessionName)
      parts.push(message.subarray(from, offset), Buffer.from(sessionName + '\0', 'utf8'))
      from = after
      isRenamed = true
    }
    if (!isRenamed) return message
    parts.push(message.subarray(from))
    const renamed = Buffer.concat(parts)
    renamed.writeInt32BE(renamed.length - 1, 1)
    return renamed
  }
}

/**
 * Finds the NotificationResponse messages in a turn's output, which arrives in chunks that need
 * not end at message boundaries. The one session's notices come out on the connection whose
 * statement committed them; the server hands a copy to every other connection, as a server
 * whose sessions all LISTEN would (a client ignores a channel it does not listen to).
 */
const EMPTY = Buffer.alloc(0)

class NotificationTap {
  private header = EMPTY
  private body: Buffer[] = []
  private remaining = 0
  private isNotification = false

  constructor(private readonly onNotification: (message: Buffer) => void) {}

  push(data: Uint8Array) {
    let offset = 0
    while (offset < data.length) {
      if (this.remaining === 0) {
        if (this.header.length === 0 && data.length - offset >= 5) {
          // the common case, a whole header in this chunk: nothing copied unless it is a notice
          const isNotification = data[offset] === NOTIFICATION_RESPONSE
          const length = new DataView(data.buffer, data.byteOffset + offset + 1, 4).getInt32(0)
          this.header = isNotification ? Buffer.from(data.subarray(offset, offset + 5)) : EMPTY
          this.isNotification = isNotification
          this.remaining = length - 4
          offset += 5
          if (this.remaining === 0) this.end()
          continue
        }
        const need = 5 - this.header.length
        this.header = Buffer.concat([this.header, data.subarray(offset, offset + need)])
        offset += Math.min(need, data.length - offset)
        if (this.header.length < 5) return
        this.isNotification = this.header[0] === NOTIFICATION_RESPONSE
        this.remaining = this.header.readInt32BE(1) - 4
        this.body = []
        if (this.remaining === 0) this.end()
        continue
      }
      const take = Math.min(this.remaining, data.length - offset)
      if (this.isNotification) this.body.push(Buffer.from(data.subarray(offset, offset + take)))
      offset += take
      this.remaining -= take
      if (this.remaining === 0) this.end()
    }
  }

  private end() {
    if (this.isNotification) this.onNotification(Buffer.concat([this.header, ...this.body]))
    this.header = EMPTY
    this.body = []
  }
}

class Scheduler {
  private queue: Turn[] = []
  private owner: Connection | null = null
  private ownerPausedExtendedQuery = false
  private isRunning = false

  constructor(
    private readonly db: PGlite,
    private readonly waitTimeoutMs: number,
    private readonly connections: ReadonlySet<Connection>,
  ) {}

  submit(turn: Turn) {
    turn.timer = setTimeout(() => this.giveUp(turn), this.waitTimeoutMs)
    turn.timer.unref()
    this.queue.push(turn)
    void this.run()
  }

  private giveUp(turn: Turn) {
    const index = this.queue.indexOf(turn)
    if (index === -1) return
    this.queue.splice(index, 1)
    if (turn.endsWithFlush) {
      turn.connection.close()
      return
    }
    turn.connection.write(
      refusal(
        `the embedded database was busy for ${this.waitTimeoutMs} ms: another connection holds a ` +
          'transaction open (inside a transaction, query through the transaction itself)',
      ),
    )
  }

  forget(connection: Connection) {
    this.queue = this.queue.filter((turn) => {
      if (turn.connection !== connection) return true
      clearTimeout(turn.timer)
      return false
    })
    if (this.owner === connection) {
      this.queue.unshift({ connection, messages: [], endsWithFlush: false })
    } else if (connection.statementNames.size > 0) {
      this.queue.push({ connection, messages: [], endsWithFlush: false })
    }
    void this.run()
  }

  private next(): Turn | undefined {
    const index = this.owner ? this.queue.findIndex((t) => t.connection === this.owner) : 0
    if (index === -1) return undefined
    const [turn] = this.queue.splice(index, 1)
    clearTimeout(turn?.timer)
    return turn
  }

  private async run() {
    if (this.isRunning) return
    this.isRunning = true
    try {
      for (let turn = this.next(); turn; turn = this.next()) {
        if (turn.connection.isClosed) await this.release(turn.connection)
        else await this.execute(turn)
      }
    } finally {
      this.isRunning = false
    }
  }

  private async execute({ connection, messages, endsWithFlush }: Turn) {
    const tap = new NotificationTap((notice) => {
      for (const other of this.connections)
        if (other !== connection && other.isReady) other.write(notice)
    })
    try {
      await this.db.runExclusive(async () => {
        for (const [i, message] of messages.entries()) {
          await this.db.execProtocolRawStream(message, {
            syncToFs: i === messages.length - 1,
            // `data` is a view of PGlite's WebAssembly memory, reused by its next message: a socket
            // that cannot send at once (a large result, a busy reader) keeps the reference, so
            // copy it, or the client reads later bytes in place of these
            onRawData: (data) => {
              connection.write(Buffer.from(data))
              tap.push(data)
            },
          })
        }
      })
    } catch {
      connection.close()
    }
    connection.isReady = true
    const isHoldingBackend = this.db.isInTransaction() || endsWithFlush
    this.owner = isHoldingBackend && !connection.isClosed ? connection : null
    this.ownerPausedExtendedQuery = this.owner !== null && endsWithFlush
    if (isHoldingBackend && connection.isClosed) await this.release(connection)
  }

  /** Leaves the backend as a fresh session would find it after `connection` is gone. */
  private async release(connection: Connection) {
    if (this.owner !== null && this.owner !== connection) return
    if (this.ownerPausedExtendedQuery) {
      await this.db.runExclusive(() =>
        this.db.execProtocolRawStream(SYNC_MESSAGE, { onRawData: () => {} }),
      )
    }
    // exec takes the backend's lock itself (runExclusive around it would never return)
    if (this.db.isInTransaction()) await this.db.exec('ROLLBACK')
    this.owner = null
    this.ownerPausedExtendedQuery = false
    for (const name of connection.statementNames) {
      await this.db.exec(`DEALLOCATE "${name.replaceAll('"', '""')}"`).catch(() => {})
    }
    connection.statementNames.clear()
  }
}

type MemFs = {
  expandFileStorage(node: { contents: Uint8Array; usedBytes: number }, capacity: number): void
}

/**
 * An in-memory database (tests, the bench: no data directory) keeps each file in one Uint8Array
 * that Emscripten's MEMFS grows by 12.5% past 1 MB, copying the whole file every time: a table
 * of tens of MB being rewritten (a risk-ledger flush updating 10,000 checkpoints) was reallocated
 * and copied a dozen times, and the worker's garbage collector ran full collections for that
 * external memory while a statement held the backend. Files grow by doubling instead (at most 64
 * MB at a time), a few copies in all. A data directory (npm start) is on the real file system and
 * never takes this path.
 */
function growInMemoryFilesGeometrically(db: PGlite) {
  const memfs = (db as unknown as { mod?: { MEMFS?: MemFs } }).mod?.MEMFS
  if (typeof memfs?.expandFileStorage !== 'function') return
  const MAX_STEP = 64 * 1024 * 1024
  memfs.expandFileStorage = (node, needed) => {
    const previous = node.contents ? node.contents.length : 0
    if (previous >= needed) return
    const capacity = Math.max(needed, 256, previous + Math.min(Math.max(previous, 4096), MAX_STEP))
    const contents = new Uint8Array(capacity)
    if (node.usedBytes > 0) contents.set(node.contents.subarray(0, node.usedBytes))
    node.contents = contents
  }
}

export type EmbeddedBackendOptions = {
  /** Directory to persist into; omitted: in memory. */
  dataDir?: string
  /** A dump (PGlite dumpDataDir) to start from, e.g. a migrated template in tests. */
  loadDataDir?: Blob
  /** Loopback port; 0 (default) lets the OS pick a free one. */
  port?: number
  maxConnections?: number
  /** How long a query may wait for the backend before it is refused. Default 15 s. */
  waitTimeoutMs?: number
}

export type EmbeddedBackend = {
  port: number
  db: PGlite
  stop(): Promise<void>
}

/**
 * PGlite and its loopback wire-protocol server. Runs in the embedded database's worker thread
 * (embedded-postgres-worker.ts), never on the app's event loop: see startEmbeddedPostgres.
 */
export async function serveEmbeddedBackend(
  options: EmbeddedBackendOptions = {},
): Promise<EmbeddedBackend> {
  const db = await PGlite.create({
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    startParams: [...PGlite.defaultStartParams, ...EMBEDDED_SETTINGS.flatMap((s) => ['-c', s])],
    // the extensions the migrations create (pg_trgm: the admin searches' trigram indexes, 0039)
    extensions: { pg_trgm },
  })
  growInMemoryFilesGeometrically(db)
  const connections = new Set<Connection>()
  const scheduler = new Scheduler(db, options.waitTimeoutMs ?? 15_000, connections)
  const server: Server = createServer((socket) => {
    const connection = new Connection(socket, scheduler)
    connections.add(connection)
    socket.on('close', () => connections.delete(connection))
  })
  server.maxConnections = options.maxConnections ?? 64

  let port: number
  try {
    port = await new Promise<number>((resolve, reject) => {
      server.once('error', reject)
      server.listen(options.port ?? 0, '127.0.0.1', () => {
        const address = server.address()
        if (address && typeof address === 'object') resolve(address.port)
        else reject(new Error('embedded PostgreSQL did not get a TCP port'))
      })
    })
  } catch (error) {
    await db.close()
    throw error
  }

  return {
    port,
    db,
    async stop() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve())
        for (const connection of connections) connection.close()
      })
      await db.close()
    },
  }
}
