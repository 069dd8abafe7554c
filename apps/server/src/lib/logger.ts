import pino from 'pino'
import type { Env } from '../config/env'

export type Logger = pino.Logger

/** Query parameters whose values are secrets (password reset links) and must not be logged. */
const SECRET_QUERY_PARAMS = /([?&](?:token|access_token)=)[^&#]*/gi

export function redactUrl(url: string): string {
  return url.replace(SECRET_QUERY_PARAMS, '$1[redacted]')
}

export function createLogger(env: Pick<Env, 'LOG_LEVEL' | 'NODE_ENV'>): Logger {
  const isPretty = env.NODE_ENV === 'development' && process.stdout.isTTY
  return pino({
    level: env.LOG_LEVEL,
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.refreshToken'],
      censor: '[redacted]',
    },
    serializers: {
      req: (req: { method: string; url: string; ip?: string; id?: string }) => ({
        id: req.id,
        method: req.method,
        url: redactUrl(req.url),
        ip: req.ip,
      }),
      err: pino.stdSerializers.err,
    },
    ...(isPretty
      ? {
          transport: {
            target: 'pino-pretty',
            options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' },
          },
        }
      : {}),
  })
}
