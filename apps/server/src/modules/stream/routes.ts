import { eq } from 'drizzle-orm'
import { streamClientMessageSchema, streamCloseCodes, type StreamServerMessage } from '@tp/api'
import type { FastifyPluginAsync } from 'fastify'
import type { AppContext } from '../../context'
import { tradingAccounts } from '../../db/schema'
import { verifyAccessToken, type Caller } from '../../lib/access-token'
import type { StreamConnection } from './live-hub'

// GET /api/stream (WebSocket). Browsers cannot set headers on a WebSocket, so the first message
// carries the access token; nothing else is answered before it. The socket closes when the token
// expires (4401) so the client reconnects with a fresh one.

const AUTH_TIMEOUT_MS = 10_000

export function streamRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    app.get('/stream', { websocket: true, schema: { hide: true } }, (socket) => {
      let caller: Caller | null = null
      let connection: StreamConnection | null = null
      let expiryTimer: NodeJS.Timeout | null = null
      const send = (message: StreamServerMessage) => {
        if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message))
      }
      const fail = (code: string, message: string) => send({ type: 'error', code, message })
      const authTimer = setTimeout(
        () => socket.close(streamCloseCodes.unauthenticated, 'authenticate first'),
        AUTH_TIMEOUT_MS,
      )

      // messages are handled one after another, in the order sent: a subscription sent right after
      // `auth` waits for the token check instead of racing it
      let queue: Promise<void> = Promise.resolve()
      socket.on('message', (raw) => {
        queue = queue.then(() => handle(raw))
      })
      const handle = (raw: unknown): Promise<void> =>
        (async () => {
          let data: unknown
          try {
            data = JSON.parse(String(raw))
          } catch {
            return fail('MALFORMED_JSON', 'Messages are JSON.')
          }
          const parsed = streamClientMessageSchema.safeParse(data)
          if (!parsed.success) return fail('VALIDATION_FAILED', 'Unknown or malformed message.')
          const message = parsed.data

          if (message.type === 'auth') {
            try {
              caller = await verifyAccessToken(ctx, message.token)
            } catch {
              socket.close(streamCloseCodes.unauthenticated, 'invalid token')
              return
            }
            clearTimeout(authTimer)
            const expiresInMs = tokenExpiresInMs(message.token, ctx.clock.now().getTime())
            if (expiresInMs !== null) {
              expiryTimer = setTimeout(
                () => socket.close(streamCloseCodes.unauthenticated, 'token expired'),
                Math.max(0, expiresInMs),
              )
            }
            if (connection) ctx.trading.hub.remove(connection)
            connection = { userId: caller.userId, isAdmin: caller.role === 'admin', send }
            ctx.trading.hub.add(connection)
            send({ type: 'ready', userId: caller.userId })
            return
          }
          if (!caller || !connection) {
            socket.close(streamCloseCodes.unauthenticated, 'authenticate first')
            return
          }
          switch (message.type) {
            case 'ping':
              send({ type: 'pong' })
              return
            case 'quotes':
              ctx.trading.hub.watchQuotes(connection, message.symbols)
              return
            case 'account': {
              if (message.accountId === null) {
                ctx.trading.hub.watchAccount(connection, null)
                return
              }
              const [row] = await ctx.db
                .select()
                .from(tradingAccounts)
                .where(eq(tradingAccounts.id, message.accountId))
              if (!row || (row.userId !== caller.userId && caller.role !== 'admin')) {
                return fail('NOT_FOUND', 'No such trading account.')
              }
              ctx.trading.hub.watchAccount(connection, row)
              return
            }
          }
        })().catch((error: unknown) => {
          ctx.logger.warn({ err: error }, 'stream: message failed')
          fail('INTERNAL', 'Something went wrong.')
        })

      socket.on('close', () => {
        clearTimeout(authTimer)
        if (expiryTimer) clearTimeout(expiryTimer)
        if (connection) ctx.trading.hub.remove(connection)
      })
    })
  }
}

/** Milliseconds until the (already verified) JWT's exp, or null without one. */
function tokenExpiresInMs(token: string, nowMs: number): number | null {
  try {
    const payload = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8'))
    return typeof payload.exp === 'number' ? payload.exp * 1000 - nowMs : null
  } catch {
    return null
  }
}
