import fastJson from 'fast-json-stringify'
import type { FastifySerializerCompiler } from 'fastify'
import { z } from 'zod'

// The hot read routes answer through a serializer compiled once from their zod response schema
// (zod -> JSON schema at startup -> fast-json-stringify, what Fastify itself does with JSON
// schemas) instead of the zod serializer, which runs the whole schema over every answer before
// JSON.stringify. What stays the same: the bytes of every answer (property order is the schema's,
// unknown properties are dropped as zod drops them, undefined optionals are left out). What is
// lost: validation of the values (a wrong type is coerced or refused, a format is not checked),
// so use it only on routes whose use-cases build their answers from typed, already valid data.
// OpenAPI is unaffected: the route's schema stays the zod one (jsonSchemaTransform documents it).

type JsonSchema = { [key: string]: unknown }

const isObject = (value: unknown): value is JsonSchema =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/**
 * Keywords that would change the bytes or cost time without guarding anything here: `default`
 * (fast-json-stringify writes it for a missing value; zod's encoding does not), `format` (dates
 * as strings are written as they are either way), annotations and value checks it ignores.
 */
const dropped = new Set([
  '$schema',
  'default',
  'format',
  'pattern',
  'description',
  'title',
  'examples',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'minLength',
  'maxLength',
  'minItems',
  'maxItems',
])

/** `anyOf: [{ type: T, ... }, { type: 'null' }]` -> `type: [T, 'null']` (no validator at run time). */
function simplify(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(simplify)
  if (!isObject(schema)) return schema
  const out: JsonSchema = {}
  for (const [key, value] of Object.entries(schema)) {
    if (dropped.has(key)) continue
    // fast-json-stringify writes only the listed properties anyway; `false` would make a branch of
    // a union refuse an object with one more property where zod strips it
    if (key === 'additionalProperties' && value === false) continue
    if (key === 'const' || key === 'enum' || key === 'required') out[key] = value
    // property names are data, not keywords
    else if (key === 'properties' && isObject(value)) {
      out[key] = Object.fromEntries(Object.entries(value).map(([name, v]) => [name, simplify(v)]))
    } else out[key] = simplify(value)
  }
  const anyOf = out['anyOf']
  if (Array.isArray(anyOf) && anyOf.length === 2 && Object.keys(out).length === 1) {
    const nullIndex = anyOf.findIndex(
      (s) => isObject(s) && s['type'] === 'null' && Object.keys(s).length === 1,
    )
    const other = anyOf[1 - nullIndex]
    if (nullIndex !== -1 && isObject(other) && typeof other['type'] === 'string') {
      const isScalar = ['string', 'number', 'integer', 'boolean'].includes(other['type'])
      if (isScalar && other['enum'] === undefined && other['const'] === undefined) {
        return { ...other, type: [other['type'], 'null'] }
      }
    }
  }
  return out
}

/** The JSON schema fast-json-stringify compiles for a zod response schema (its output side). */
export function serializerJsonSchema(schema: z.ZodType): JsonSchema {
  const jsonSchema = z.toJSONSchema(schema, {
    io: 'output',
    target: 'draft-7',
    unrepresentable: 'any',
    reused: 'inline',
  })
  return simplify(jsonSchema) as JsonSchema
}

/** A stringify function compiled from a zod schema (once: call it at startup). */
export function compileSerializer(schema: z.ZodType): (data: unknown) => string {
  return fastJson(serializerJsonSchema(schema) as unknown as Parameters<typeof fastJson>[0])
}

/**
 * Fastify's route option `serializerCompiler` for a hot read route: every response schema of the
 * route (zod) compiled to a fast-json-stringify function when the route is registered.
 */
export const compiledSerializerCompiler: FastifySerializerCompiler<unknown> = ({ schema }) =>
  schema instanceof z.ZodType
    ? compileSerializer(schema)
    : fastJson(schema as Parameters<typeof fastJson>[0])

/**
 * As compiledSerializerCompiler, for routes whose use-cases hand out the same answer object again
 * while what it shows is unchanged (e.g. the analytics of an account's version, kept by the
 * analytics cache): each answer object is serialised once and its string reused for as long as
 * the object lives. The object must never change once answered (the use-case keeps it frozen);
 * a fresh object per request simply misses.
 */
export const sharedAnswerSerializerCompiler: FastifySerializerCompiler<unknown> = (route) => {
  const serialize = compiledSerializerCompiler(route)
  const serialized = new WeakMap<object, string>()
  return (data) => {
    if (typeof data !== 'object' || data === null) return serialize(data)
    let json = serialized.get(data)
    if (json === undefined) {
      json = serialize(data)
      if (Object.isFrozen(data)) serialized.set(data, json)
    }
    return json
  }
}
