import { createHash } from 'node:crypto'
import { AwsClient } from 'aws4fetch'
import { assertStorageKey, type Storage } from './storage'

export type S3StorageOptions = {
  endpoint: string
  bucket: string
  region: string
  accessKeyId: string
  secretAccessKey: string
  /** Where browsers load objects from; default: endpoint/bucket. */
  publicUrl?: string
  timeoutMs?: number
}

/**
 * Any S3-compatible object store (AWS S3, Cloudflare R2, MinIO, ...), path-style addressing,
 * requests signed with AWS Signature V4 (aws4fetch). Payloads are signed too
 * (x-amz-content-sha256), so a tampered upload is refused by the store.
 */
export function createS3Storage(options: S3StorageOptions): Storage {
  const client = new AwsClient({
    accessKeyId: options.accessKeyId,
    secretAccessKey: options.secretAccessKey,
    region: options.region,
    service: 's3',
  })
  const endpoint = options.endpoint.replace(/\/+$/, '')
  const publicBase = (options.publicUrl ?? `${endpoint}/${options.bucket}`).replace(/\/+$/, '')
  const timeoutMs = options.timeoutMs ?? 15_000
  const objectUrl = (key: string) => {
    assertStorageKey(key)
    return `${endpoint}/${options.bucket}/${key.split('/').map(encodeURIComponent).join('/')}`
  }

  async function failure(response: Response, action: string) {
    const detail = (await response.text()).slice(0, 500)
    return new Error(`S3 ${action} failed with ${response.status}: ${detail}`)
  }

  return {
    async put(key, body, contentType) {
      const response = await client.fetch(objectUrl(key), {
        method: 'PUT',
        // a copy backed by a plain ArrayBuffer, as fetch's BodyInit wants
        body: new Uint8Array(body),
        headers: {
          'Content-Type': contentType,
          'X-Amz-Content-Sha256': createHash('sha256').update(body).digest('hex'),
        },
        signal: AbortSignal.timeout(timeoutMs),
      })
      if (!response.ok) throw await failure(response, `PUT ${key}`)
    },
    async get(key) {
      const response = await client.fetch(objectUrl(key), {
        signal: AbortSignal.timeout(timeoutMs),
      })
      if (response.status === 404) return null
      if (!response.ok) throw await failure(response, `GET ${key}`)
      return {
        body: Buffer.from(await response.arrayBuffer()),
        contentType: response.headers.get('content-type') ?? 'application/octet-stream',
      }
    },
    async delete(key) {
      const response = await client.fetch(objectUrl(key), {
        method: 'DELETE',
        signal: AbortSignal.timeout(timeoutMs),
      })
      if (!response.ok && response.status !== 404) throw await failure(response, `DELETE ${key}`)
    },
    url: (key) => {
      assertStorageKey(key)
      return `${publicBase}/${key}`
    },
    keyFromUrl: (url) =>
      url.startsWith(`${publicBase}/`) ? url.slice(publicBase.length + 1) : null,
  }
}
