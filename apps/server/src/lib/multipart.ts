import type { FastifyRequest } from 'fastify'
import { messages } from '@tp/api'
import { AppError } from './errors'

/**
 * The multipart parser's complaints about the body itself: no boundary, a body ending before its
 * closing boundary, a part cut short (busboy's plain errors), a client gone mid-body or a
 * forbidden field name (@fastify/multipart's 4xx errors). The client's fault: 400, never 500.
 */
export function isMalformedMultipart(error: unknown): boolean {
  if (!(error instanceof Error)) return false
  const { code, statusCode = 500 } = error as { code?: string; statusCode?: number }
  if (code?.startsWith('FST_')) return statusCode >= 400 && statusCode < 500
  return /multipart|boundary|terminated early|malformed/i.test(error.message)
}

/** A route taking a form refuses any other body as 415. */
export function assertMultipart(request: FastifyRequest): void {
  if (!request.isMultipart()) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', { message: messages.http.multipartOnly })
  }
}

/**
 * Reading a form failed: a part over its size limit is 413 with `tooLargeMessage`, a malformed
 * body 400; anything else is not the client's fault and is rethrown.
 */
export function multipartError(error: unknown, tooLargeMessage?: string): unknown {
  const { code, statusCode } = error as { code?: string; statusCode?: number }
  if (code === 'FST_REQ_FILE_TOO_LARGE') {
    return new AppError('PAYLOAD_TOO_LARGE', tooLargeMessage ? { message: tooLargeMessage } : {})
  }
  if (code?.startsWith('FST_') && statusCode === 413) return new AppError('PAYLOAD_TOO_LARGE')
  if (isMalformedMultipart(error)) {
    return new AppError('BAD_REQUEST', { message: messages.http.malformedMultipart, cause: error })
  }
  return error
}
