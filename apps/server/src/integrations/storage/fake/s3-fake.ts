import { createHash, createHmac } from 'node:crypto'
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify'
import { safeEqual } from '../../../lib/crypto'

// A minimal S3-compatible object store on loopback for tests: path-style PUT/GET/DELETE of
// objects in one bucket, every request authenticated by checking its AWS Signature V4 the way
// S3 does (canonical request -> string to sign -> HMAC chain), and signed payloads checked
// against the body. Written from the SigV4 specification, independently of the client library.

export type S3Fake = {
  endpoint: string
  bucket: string
  region: string
  accessKeyId: string
  secretAccessKey: string
  /** Objects currently stored, by key. */
  objects: Map<string, { body: Buffer; contentType: string }>
  /** Requests refused for a bad signature, for tests to assert on. */
  rejectedRequests: number
  close(): Promise<void>
}

const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest()
const sha256Hex = (data: string | Buffer) => createHash('sha256').update(data).digest('hex')

function encodeRfc3986(value: string) {
  return value.replace(/[!'()*]/g, (c) => '%' + c.charCodeAt(0).toString(16).toUpperCase())
}

function canonicalPath(rawPath: string) {
  // S3 signs the single-encoded path
  return encodeRfc3986(encodeURIComponent(decodeURIComponent(rawPath)).replace(/%2F/g, '/'))
}

function canonicalQuery(search: URLSearchParams) {
  return [...search]
    .map(([k, v]) => [encodeRfc3986(encodeURIComponent(k)), encodeRfc3986(encodeURIComponent(v))])
    .sort(([a = '', b = ''], [c = '', d = '']) => (a < c ? -1 : a > c ? 1 : b < d ? -1 : 1))
    .map(([k, v]) => `${k}=${v}`)
    .join('&')
}

function s3Error(reply: FastifyReply, status: number, code: string, message: string) {
  return reply
    .code(status)
    .type('application/xml')
    .send(
      `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${message}</Message></Error>`,
    )
}

export async function startS3Fake(
  options: {
    bucket?: string
    region?: string
    accessKeyId?: string
    secretAccessKey?: string
  } = {},
): Promise<S3Fake> {
  const bucket = options.bucket ?? 'tradepeak-test'
  const region = options.region ?? 'us-east-1'
  const accessKeyId = options.accessKeyId ?? 'AKIAFAKETRADEPEAK'
  const secretAccessKey = options.secretAccessKey ?? 'fake-secret-access-key-for-tests-only'
  const objects = new Map<string, { body: Buffer; contentType: string }>()
  const state = { rejectedRequests: 0 }

  const app = Fastify({ logger: false, bodyLimit: 20 * 1024 * 1024 })
  app.removeAllContentTypeParsers()
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body))

  /** Returns the reason the signature is wrong, or null when it is right. */
  function checkSignature(request: FastifyRequest, body: Buffer): string | null {
    const authorization = request.headers.authorization ?? ''
    const match =
      /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$/.exec(
        authorization,
      )
    if (!match) return 'missing or malformed Authorization header'
    const [, keyId, date, signedRegion, signedHeaderList, signature] = match as unknown as string[]
    if (keyId !== accessKeyId) return 'unknown access key'
    if (signedRegion !== region) return 'wrong region'
    const amzDate = String(request.headers['x-amz-date'] ?? '')
    if (!amzDate.startsWith(date!)) return 'x-amz-date does not match the credential date'
    const payloadHash = String(request.headers['x-amz-content-sha256'] ?? '')
    if (!payloadHash) return 'missing x-amz-content-sha256'
    if (payloadHash !== 'UNSIGNED-PAYLOAD' && payloadHash !== sha256Hex(body)) {
      return 'payload does not match x-amz-content-sha256'
    }
    const signedHeaders = signedHeaderList!.split(';')
    if (!signedHeaders.includes('host')) return 'host header not signed'
    const canonicalHeaders = signedHeaders
      .map((name) => {
        const value = request.headers[name]
        const text = Array.isArray(value) ? value.join(',') : (value ?? '')
        return `${name}:${String(text).trim().replace(/\s+/g, ' ')}\n`
      })
      .join('')
    const url = new URL(request.url, 'http://fake')
    const canonicalRequest = [
      request.method,
      canonicalPath(url.pathname),
      canonicalQuery(url.searchParams),
      canonicalHeaders,
      signedHeaderList,
      payloadHash,
    ].join('\n')
    const scope = `${date}/${region}/s3/aws4_request`
    const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256Hex(canonicalRequest)].join(
      '\n',
    )
    const signingKey = hmac(
      hmac(hmac(hmac(`AWS4${secretAccessKey}`, date!), region), 's3'),
      'aws4_request',
    )
    const expected = hmac(signingKey, stringToSign).toString('hex')
    return safeEqual(expected, signature!) ? null : 'signature does not match'
  }

  app.route({
    method: ['GET', 'PUT', 'DELETE'],
    url: '/:bucket/*',
    handler: async (request, reply) => {
      const params = request.params as { bucket: string; '*': string }
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0)
      const problem = checkSignature(request, body)
      if (problem) {
        state.rejectedRequests += 1
        return s3Error(reply, 403, 'SignatureDoesNotMatch', problem)
      }
      if (params.bucket !== bucket) return s3Error(reply, 404, 'NoSuchBucket', params.bucket)
      const key = decodeURIComponent(params['*'])
      if (request.method === 'PUT') {
        const contentType = String(request.headers['content-type'] ?? 'application/octet-stream')
        objects.set(key, { body, contentType })
        return reply
          .code(200)
          .header('ETag', `"${sha256Hex(body).slice(0, 32)}"`)
          .send()
      }
      if (request.method === 'DELETE') {
        objects.delete(key)
        return reply.code(204).send()
      }
      const object = objects.get(key)
      if (!object) return s3Error(reply, 404, 'NoSuchKey', key)
      return reply.type(object.contentType).send(object.body)
    },
  })

  const address = await app.listen({ host: '127.0.0.1', port: 0 })
  return {
    endpoint: address.replace('localhost', '127.0.0.1'),
    bucket,
    region,
    accessKeyId,
    secretAccessKey,
    objects,
    get rejectedRequests() {
      return state.rejectedRequests
    },
    close: () => app.close(),
  }
}
