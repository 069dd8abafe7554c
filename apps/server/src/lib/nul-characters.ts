import { messages } from '@tp/api'
import type { FastifyInstance } from 'fastify'
import { AppError } from './errors'

// PostgreSQL text cannot hold a NUL character: a "\u0000" that reached a query would fail there,
// a 500. No field of the API has a use for one, so every request is checked once, here, before
// its schema is: path parameters, query string and JSON body, keys as well as values. A refusal
// is a 422 naming where the character was, and nothing with a NUL reaches a handler, the database
// or a provider.

const NUL = '\u0000'
/** How much of a path a refusal shows (a deeply nested body would give an endless one). */
const SHOWN_DEPTH = 8

type Part = { name: 'params' | 'query' | 'body'; value: unknown }

/** Parsed text (JSON, query string, path): not bytes (a raw notification body) nor a stream. */
function isParsedText(value: object): value is Record<string, unknown> {
  return !ArrayBuffer.isView(value) && typeof (value as { pipe?: unknown }).pipe !== 'function'
}

type Visit = { value: unknown; key: string | number | null; parent: Visit | null }

function pathOf(visit: Visit): (string | number)[] {
  const path: (string | number)[] = []
  for (let at: Visit | null = visit; at && at.key !== null; at = at.parent) path.push(at.key)
  return path.reverse()
}

/**
 * The path (keys and indexes) of the first key or string value holding a NUL character, or null
 * when there is none. Walks without recursion and in linear time (a visit knows its parent; the
 * path is built only for a find): a deeply nested body can neither overflow the stack nor stall.
 * Buffers (the raw bodies of provider notifications) and streams are not text: skipped.
 */
export function findNulCharacter(value: unknown): (string | number)[] | null {
  const pending: Visit[] = [{ value, key: null, parent: null }]
  for (let visit = pending.pop(); visit; visit = pending.pop()) {
    const current = visit.value
    if (typeof current === 'string') {
      if (current.includes(NUL)) return pathOf(visit)
      continue
    }
    if (typeof current !== 'object' || current === null) continue
    if (Array.isArray(current)) {
      current.forEach((item, index) => pending.push({ value: item, key: index, parent: visit }))
      continue
    }
    if (!isParsedText(current)) continue
    for (const [key, item] of Object.entries(current)) {
      if (key.includes(NUL)) return [...pathOf(visit), key]
      pending.push({ value: item, key, parent: visit })
    }
  }
  return null
}

/** A path as a refusal names it ("addOns.x\\u0000" for a NUL in a key), cut after SHOWN_DEPTH steps. */
function showPath(path: (string | number)[]): string {
  const shown = path.slice(0, SHOWN_DEPTH).join('.') + (path.length > SHOWN_DEPTH ? '...' : '')
  return shown.replaceAll(NUL, '\\u0000')
}

/** The request's text parts, refused with a 422 when one holds a NUL character. */
export function registerNulCharacterCheck(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    const parts: Part[] = [
      { name: 'params', value: request.params },
      { name: 'query', value: request.query },
      { name: 'body', value: request.body },
    ]
    for (const part of parts) {
      const path = findNulCharacter(part.value)
      if (!path) continue
      const shown = path.length === 0 ? part.name : showPath(path)
      const message = messages.validation.nulCharacter
      throw new AppError('VALIDATION_FAILED', { message, details: [{ path: shown, message }] })
    }
  })
}
