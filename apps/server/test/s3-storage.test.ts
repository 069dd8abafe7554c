import { uploadImageResponseSchema } from '@tp/api'
import { AwsClient } from 'aws4fetch'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { randomUUID } from 'node:crypto'
import { randomName } from '../src/lib/crypto'
import { createS3Storage } from '../src/integrations/storage/s3-storage'
import { assertStorageKey } from '../src/integrations/storage/storage'
import {
  createTestApp,
  makePng,
  multipartBody,
  startS3Fake,
  type S3Fake,
  type TestApp,
} from './support'

let s3: S3Fake
beforeAll(async () => {
  s3 = await startS3Fake()
})
afterAll(async () => {
  await s3?.close()
})

const storageFor = (fake: S3Fake, overrides: { secretAccessKey?: string } = {}) =>
  createS3Storage({
    endpoint: fake.endpoint,
    bucket: fake.bucket,
    region: fake.region,
    accessKeyId: fake.accessKeyId,
    secretAccessKey: overrides.secretAccessKey ?? fake.secretAccessKey,
    publicUrl: 'https://cdn.tradepeak.test',
  })

describe('S3-compatible storage adapter (SigV4) against the fake', () => {
  it('puts, gets and deletes an object with signed requests', async () => {
    const storage = storageFor(s3)
    const body = Buffer.from('avatar bytes')
    await storage.put('avatars/u1/a.b_c-d.webp', body, 'image/webp')
    expect(s3.objects.get('avatars/u1/a.b_c-d.webp')?.body.toString()).toBe('avatar bytes')

    const read = await storage.get('avatars/u1/a.b_c-d.webp')
    expect(read?.body.toString()).toBe('avatar bytes')
    expect(read?.contentType).toBe('image/webp')

    await storage.delete('avatars/u1/a.b_c-d.webp')
    expect(await storage.get('avatars/u1/a.b_c-d.webp')).toBeNull()
  })

  it('gives browsers the public address of an object', () => {
    expect(storageFor(s3).url('avatars/u1/x.webp')).toBe(
      'https://cdn.tradepeak.test/avatars/u1/x.webp',
    )
  })

  it('is refused by the store with a wrong secret (the fake checks the signature)', async () => {
    const before = s3.rejectedRequests
    await expect(
      storageFor(s3, { secretAccessKey: 'wrong' }).put('k.webp', Buffer.from('x'), 'image/webp'),
    ).rejects.toThrow(/403/)
    expect(s3.rejectedRequests).toBe(before + 1)
  })

  it('refuses a body that does not match its signed hash', async () => {
    const client = new AwsClient({
      accessKeyId: s3.accessKeyId,
      secretAccessKey: s3.secretAccessKey,
      region: s3.region,
      service: 's3',
    })
    const signed = await client.sign(`${s3.endpoint}/${s3.bucket}/tampered.webp`, {
      method: 'PUT',
      body: 'original',
      headers: { 'X-Amz-Content-Sha256': '0'.repeat(64) },
    })
    const response = await fetch(signed.url, {
      method: 'PUT',
      headers: signed.headers,
      body: 'tampered',
    })
    expect(response.status).toBe(403)
    expect(s3.objects.has('tampered.webp')).toBe(false)
  })

  it('accepts every key the app generates for avatars', () => {
    for (let i = 0; i < 500; i += 1) {
      expect(() => assertStorageKey(`avatars/${randomUUID()}/${randomName()}.webp`)).not.toThrow()
    }
  })

  it('refuses keys that could escape their folder', async () => {
    await expect(
      storageFor(s3).put('../etc/passwd', Buffer.from('x'), 'text/plain'),
    ).rejects.toThrow(/invalid storage key/)
  })
})

describe('avatar upload with S3 storage', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp({ storage: storageFor(s3) })
  })
  afterAll(async () => {
    await t?.close()
  })

  it('stores the re-encoded avatar in the bucket and answers its public URL', async () => {
    const { user, token } = await t.createUser()
    const { payload, contentType } = multipartBody({
      files: [
        { field: 'image', filename: 'me.png', contentType: 'image/png', content: await makePng() },
      ],
    })
    const response = await t.request('POST', '/api/profile/upload-image', {
      token,
      payload,
      headers: { 'content-type': contentType },
    })
    expect(response.status, JSON.stringify(response.body)).toBe(200)
    const { data } = uploadImageResponseSchema.parse(response.body)
    expect(data.picture).toMatch(
      new RegExp(`^https://cdn\\.tradepeak\\.test/avatars/${user.id}/.+\\.webp$`),
    )
    const key = data.picture.replace('https://cdn.tradepeak.test/', '')
    expect(s3.objects.get(key)?.contentType).toBe('image/webp')
  })
})
