import { streamClientMessageSchema, streamCloseCodes, type StreamServerMessage } from '@tp/api'
import type { FastifyPluginAsync } from 'fastify'
import type { AppContext } from '../../context'
import { isAppError } from '../../lib/errors'
import { loadAccountFor } from '../access/access-policy'
import { assertAdminRead, resolveCaller, type Caller } from '../access/authenticate'
import type { StreamConnection } from './live-hub'

// GET /api/stream (WebSocket). Browsers cannot set headers on a WebSocket, so the first message
// carries the access token; nothing else is answered before it. The socket closes when the token
// expires (4401) so the client reconnects with a fresh one, and at once when its session ends
// (sign-out, password change or reset, a disabled user). The access policy decides what it may
// watch, with the role read from the database again for every subscription.

const AUTH_TIMEOUT_MS = 10_000

export function streamRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    app.get('/stream', { websocket: true, schema: { hide: true } }, (socket) => {
      let caller: Caller | null = null
      let token: string | null = null
      let stopWatchingSession: (() => void) | null = null
      let connection: StreamConnection | null = null
      let expiryTimer: NodeJS.Timeout | null = null
      const sendRaw = (json: string) => {
        if (socket.readyState === socket.OPEN) socket.send(json)
      }
      const send = (message: StreamServerMessage) => sendRaw(JSON.stringify(message))
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
              caller = await resolveCaller(ctx, message.token)
              token = message.token
            } catch {
              socket.close(streamCloseCodes.unauthenticated, 'invalid token')
              return
            }
            clearTimeout(authTimer)
            if (expiryTimer) clearTimeout(expiryTimer)
            expiryTimer = setTimeout(
              () => socket.close(streamCloseCodes.unauthenticated, 'token expired'),
              Math.max(0, caller.tokenExpiresAtMs - ctx.clock.now().getTime()),
            )
            stopWatchingSession?.()
            const sessionId = caller.sessionId
            stopWatchingSession = ctx.sessionEvents.onEnded((ended) => {
              if (ended === sessionId) socket.close(streamCloseCodes.unauthenticated, 'signed out')
            })
            if (connection) ctx.trading.hub.remove(connection)
            connection = { userId: caller.userId, send, sendRaw }
            ctx.trading.hub.add(connection)
            send({ type: 'ready', userId: caller.userId })
            return
          }
          if (!caller || !connection || !token) {
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
              try {
                // the session and the role as they are now, not as they were at `auth`
                caller = await resolveCaller(ctx, token)
                const row = await loadAccountFor(ctx, caller, message.accountId, 'read')
                ctx.trading.hub.watchAccount(connection, row)
              } catch (error) {
                if (!isAppError(error)) throw error
                if (error.status === 401 || error.code === 'ACCOUNT_DISABLED') {
                  socket.close(streamCloseCodes.unauthenticated, 'session ended')
                  return
                }
                ctx.trading.hub.watchAccount(connection, null)
                return fail(error.code, error.message)
              }
              return
            }
            case 'risk-desk': {
              if (!message.isWatching) {
                ctx.trading.hub.riskDesk.unwatch(connection)
                return
              }
              try {
                // an admin read (admins and support), with the role as the database says now
                caller = await resolveCaller(ctx, token)
                assertAdminRead(caller)
                ctx.trading.hub.riskDesk.watch(connection)
              } catch (error) {
                if (!isAppError(error)) throw error
                if (error.status === 401 || error.code === 'ACCOUNT_DISABLED') {
                  socket.close(streamCloseCodes.unauthenticated, 'session ended')
                  return
                }
                ctx.trading.hub.riskDesk.unwatch(connection)
                return fail(error.code, error.message)
              }
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
        stopWatchingSession?.()
        if (connection) ctx.trading.hub.remove(connection)
      })
    })
  }
}
