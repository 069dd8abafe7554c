import { randomBytes } from 'node:crypto'
import http from 'node:http'
import https from 'node:https'
import type { Socket } from 'node:net'
import {
  authAnswerSchema,
  authStartSchema,
  envelopeSchema,
  mt5PasswordHash,
  mt5RandAnswer,
  retcodeOf,
} from './mt5-wire'

// One manager session of the MT5 Web API: one keep-alive TCP connection (an http.Agent with one
// socket), authenticated by the challenge on that very connection, its commands sent one at a
// time in order. When the connection drops (the server closed it, a proxy timed it out), the next
// command authenticates again on the new one first; a command the server refused as
// unauthenticated (HTTP 403 on a fresh socket) is sent again after that. A command that may have
// been executed when the connection broke (a write) is not sent twice: the caller decides (its
// own idempotency: provisioning looks the user up by our request id).

export interface Mt5SessionOptions {
  baseUrl: URL
  login: string
  password: string
  /** the agent name the server logs */
  agent?: string
  /** how long one request may take before it fails */
  timeoutMs?: number
  /** an idle session pings /api/test/access this often (keeps the server's session alive) */
  keepAliveMs?: number
}

/** What the MT5 server (or the way to it) answered when it did not answer "0 Done". */
export class Mt5Error extends Error {
  constructor(
    message: string,
    readonly details: {
      /** the server's retcode, when it answered one */
      retcode: number | null
      /** the HTTP status, when there was an answer */
      httpStatus: number | null
      /** 429: when to try again */
      retryAfterMs?: number
      /** a network failure: no answer at all */
      isNetwork?: boolean
    },
  ) {
    super(message)
    this.name = 'Mt5Error'
  }
}

type RawAnswer = { status: number; body: unknown; socket: Socket | null; retryAfterMs?: number }

/** Idempotent reads may be sent again after a broken connection; writes are not. */
export type Mt5Command = {
  method: 'GET' | 'POST'
  path: string
  query?: Record<string, string | number>
  body?: unknown
  isIdempotent: boolean
}

export class Mt5Session {
  private readonly agent: http.Agent
  private readonly transport: typeof http | typeof https
  private authedSocket: Socket | null = null
  private tail: Promise<unknown> = Promise.resolve()
  private keepAlive: NodeJS.Timeout | null = null
  private lastUseMs = 0
  private isClosed = false
  /** commands queued or in flight on this session (the pool picks the least busy) */
  pending = 0
  /** authentications done (tests: a dropped socket is authenticated again) */
  authentications = 0

  constructor(private readonly options: Mt5SessionOptions) {
    const isHttps = options.baseUrl.protocol === 'https:'
    this.transport = isHttps ? https : http
    this.agent = isHttps
      ? new https.Agent({ keepAlive: true, maxSockets: 1, maxFreeSockets: 1 })
      : new http.Agent({ keepAlive: true, maxSockets: 1, maxFreeSockets: 1 })
    const keepAliveMs = options.keepAliveMs ?? 20_000
    this.keepAlive = setInterval(() => {
      if (this.pending > 0 || !this.isAuthenticated()) return
      if (Date.now() - this.lastUseMs < keepAliveMs) return
      void this.send({ method: 'GET', path: '/api/test/access', isIdempotent: true }).catch(
        () => {},
      )
    }, keepAliveMs)
    this.keepAlive.unref()
  }

  isAuthenticated(): boolean {
    return this.authedSocket !== null && !this.authedSocket.destroyed
  }

  /** Sends a command in this session's order; answers the `answer` of a "0 Done". */
  send(command: Mt5Command): Promise<unknown> {
    this.pending++
    const run = this.tail.then(() => this.execute(command))
    this.tail = run.catch(() => {})
    return run.finally(() => {
      this.pending--
      this.lastUseMs = Date.now()
    })
  }

  close(): void {
    this.isClosed = true
    if (this.keepAlive) clearInterval(this.keepAlive)
    this.keepAlive = null
    this.authedSocket = null
    this.agent.destroy()
  }

  private async execute(command: Mt5Command): Promise<unknown> {
    if (this.isClosed) throw new Mt5Error('MT5 session closed', { retcode: null, httpStatus: null })
    if (!this.isAuthenticated()) await this.authenticate()
    let raw: RawAnswer
    try {
      raw = await this.raw(command)
    } catch (error) {
      this.authedSocket = null
      if (!command.isIdempotent) throw error
      await this.authenticate()
      raw = await this.raw(command)
    }
    if (raw.status === 403 && raw.socket !== this.authedSocket) {
      // the command went out on a new connection the server does not know: sign in there, again
      this.authedSocket = null
      await this.authenticate()
      raw = await this.raw(command)
    }
    return this.answerOf(raw, command.path)
  }

  private answerOf(raw: RawAnswer, path: string): unknown {
    if (raw.status === 429) {
      throw new Mt5Error(`MT5 ${path}: too many requests`, {
        retcode: null,
        httpStatus: 429,
        ...(raw.retryAfterMs !== undefined ? { retryAfterMs: raw.retryAfterMs } : {}),
      })
    }
    const envelope = envelopeSchema.safeParse(raw.body)
    if (!envelope.success) {
      throw new Mt5Error(`MT5 ${path}: HTTP ${raw.status} without a retcode`, {
        retcode: null,
        httpStatus: raw.status,
      })
    }
    const retcode = retcodeOf(envelope.data.retcode)
    if (raw.status !== 200 || retcode !== 0) {
      throw new Mt5Error(`MT5 ${path}: ${envelope.data.retcode}`, {
        retcode: Number.isNaN(retcode) ? null : retcode,
        httpStatus: raw.status,
      })
    }
    return envelope.data.answer
  }

  /** The challenge on the current connection, and the check of the server's own answer. */
  private async authenticate(): Promise<void> {
    const { login, password } = this.options
    const start = await this.raw({
      method: 'GET',
      path: '/api/auth/start',
      query: { version: 4000, agent: this.options.agent ?? 'tradepeak', login, type: 'manager' },
      isIdempotent: true,
    })
    const started = authStartSchema.safeParse(start.body)
    if (!started.success || retcodeOf(started.data.retcode) !== 0 || !started.data.srv_rand) {
      throw this.authFailure('auth/start', start, started.success ? started.data.retcode : null)
    }
    const hash = mt5PasswordHash(password)
    const cliRand = randomBytes(16).toString('hex')
    const answer = await this.raw({
      method: 'GET',
      path: '/api/auth/answer',
      query: { srv_rand_answer: mt5RandAnswer(hash, started.data.srv_rand), cli_rand: cliRand },
      isIdempotent: true,
    })
    const answered = authAnswerSchema.safeParse(answer.body)
    if (!answered.success || retcodeOf(answered.data.retcode) !== 0 || answer.status !== 200) {
      throw this.authFailure('auth/answer', answer, answered.success ? answered.data.retcode : null)
    }
    if (answered.data.cli_rand_answer?.toLowerCase() !== mt5RandAnswer(hash, cliRand)) {
      throw new Mt5Error('MT5 auth: the server does not know the password (cli_rand_answer)', {
        retcode: null,
        httpStatus: answer.status,
      })
    }
    if (!answer.socket || answer.socket !== start.socket) {
      throw new Mt5Error('MT5 auth: the connection changed during authentication', {
        retcode: null,
        httpStatus: answer.status,
        isNetwork: true,
      })
    }
    this.authedSocket = answer.socket
    this.authentications++
  }

  private authFailure(step: string, raw: RawAnswer, retcode: string | null): Mt5Error {
    return new Mt5Error(`MT5 ${step} refused: ${retcode ?? `HTTP ${raw.status}`}`, {
      retcode: retcode === null ? null : retcodeOf(retcode),
      httpStatus: raw.status,
    })
  }

  private raw(command: Mt5Command): Promise<RawAnswer> {
    const url = new URL(command.path, this.options.baseUrl)
    for (const [key, value] of Object.entries(command.query ?? {})) {
      url.searchParams.set(key, String(value))
    }
    const payload = command.body === undefined ? undefined : JSON.stringify(command.body)
    return new Promise<RawAnswer>((resolve, reject) => {
      let socket: Socket | null = null
      const request = this.transport.request(
        url,
        {
          method: command.method,
          agent: this.agent,
          timeout: this.options.timeoutMs ?? 10_000,
          headers: {
            accept: 'application/json',
            connection: 'keep-alive',
            ...(payload !== undefined
              ? {
                  'content-type': 'application/json',
                  'content-length': Buffer.byteLength(payload),
                }
              : {}),
          },
        },
        (response) => {
          const chunks: Buffer[] = []
          response.on('data', (chunk: Buffer) => chunks.push(chunk))
          response.on('error', (error) => reject(this.networkError(command.path, error)))
          response.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8')
            let body: unknown = null
            try {
              body = text ? (JSON.parse(text) as unknown) : null
            } catch {
              body = null
            }
            const retryAfter = Number(response.headers['retry-after'])
            resolve({
              status: response.statusCode ?? 0,
              body,
              socket,
              ...(Number.isFinite(retryAfter) ? { retryAfterMs: retryAfter * 1000 } : {}),
            })
          })
        },
      )
      request.on('socket', (assigned: Socket) => {
        socket = assigned
      })
      request.on('timeout', () => request.destroy(new Error('timeout')))
      request.on('error', (error) => reject(this.networkError(command.path, error)))
      request.end(payload)
    })
  }

  private networkError(path: string, error: Error): Mt5Error {
    return new Mt5Error(`MT5 ${path}: ${error.message}`, {
      retcode: null,
      httpStatus: null,
      isNetwork: true,
    })
  }
}

/** Several sessions for throughput: each command goes to the least busy one. */
export class Mt5SessionPool {
  readonly sessions: Mt5Session[]

  constructor(options: Mt5SessionOptions, size: number) {
    this.sessions = Array.from({ length: Math.max(1, size) }, () => new Mt5Session(options))
  }

  send(command: Mt5Command): Promise<unknown> {
    let best = this.sessions[0]!
    for (const session of this.sessions) if (session.pending < best.pending) best = session
    return best.send(command)
  }

  close(): void {
    for (const session of this.sessions) session.close()
  }
}
