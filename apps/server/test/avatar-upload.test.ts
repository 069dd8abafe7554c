import { errorBodySchema, messages, uploadImageResponseSchema } from '@tp/api'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, makeLargePng, makePng, multipartBody, type TestApp } from './support'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t?.close()
})

async function upload(
  token: string,
  file: { filename: string; contentType: string; content: Buffer },
  fields: Record<string, string> = {},
) {
  const { payload, contentType } = multipartBody({ fields, files: [{ field: 'image', ...file }] })
  return t.request('POST', '/api/profile/upload-image', {
    token,
    payload,
    headers: { 'content-type': contentType },
  })
}

describe('profile/upload-image', () => {
  it('stores the image re-encoded as a 256x256 WebP, served from /uploads', async () => {
    const { user, token } = await t.createUser()
    const response = await upload(
      token,
      { filename: 'me.png', contentType: 'image/png', content: await makePng(600, 400) },
      { email: user.email },
    )
    expect(response.status).toBe(200)
    const { data } = uploadImageResponseSchema.parse(response.body)
    expect(data.picture).toMatch(/^\/uploads\/avatars\/.+\.webp$/)
    expect(data.user.picture).toBe(data.picture)

    const served = await t.app.inject({ method: 'GET', url: data.picture })
    expect(served.statusCode).toBe(200)
    expect(served.headers['content-type']).toBe('image/webp')
    const metadata = await sharp(served.rawPayload).metadata()
    expect(metadata).toMatchObject({ format: 'webp', width: 256, height: 256 })
  })

  it('judges by content: a PNG named .txt with a text type is accepted', async () => {
    const { token } = await t.createUser()
    const response = await upload(token, {
      filename: 'notes.txt',
      contentType: 'text/plain',
      content: await makePng(),
    })
    expect(response.status).toBe(200)
  })

  it('judges by content: a text file named .png is refused', async () => {
    const { token } = await t.createUser()
    const response = await upload(token, {
      filename: 'avatar.png',
      contentType: 'image/png',
      content: Buffer.from('<script>alert(1)</script> definitely an image'),
    })
    expect(response.status).toBe(422)
    expect(response.body).toEqual({ code: 'IMAGE_INVALID', message: messages.validation.imageOnly })
  })

  it('refuses an SVG (not a raster image we re-encode)', async () => {
    const { token } = await t.createUser()
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>',
    )
    const response = await upload(token, {
      filename: 'a.svg',
      contentType: 'image/svg+xml',
      content: svg,
    })
    expect(response.status).toBe(422)
  })

  it('accepts an image just under 5 MB (far above the 1 MB limit of JSON bodies)', async () => {
    const { token } = await t.createUser()
    const large = await makeLargePng(4.8 * 1024 * 1024)
    expect(large.length).toBeGreaterThan(4.5 * 1024 * 1024)
    expect(large.length).toBeLessThanOrEqual(5 * 1024 * 1024)
    const response = await upload(token, {
      filename: 'large.png',
      contentType: 'image/png',
      content: large,
    })
    expect(response.status, JSON.stringify(response.body)).toBe(200)
  })

  it('refuses an image over 5 MB with 413 and the spec message', async () => {
    const { token } = await t.createUser()
    const big = await makeLargePng(6 * 1024 * 1024)
    expect(big.length).toBeGreaterThan(5 * 1024 * 1024)
    const response = await upload(token, {
      filename: 'big.png',
      contentType: 'image/png',
      content: big,
    })
    expect(response.status).toBe(413)
    expect(response.body).toEqual({
      code: 'PAYLOAD_TOO_LARGE',
      message: messages.validation.imageTooLarge,
    })
  })

  it('replaces the previous avatar file', async () => {
    const { token } = await t.createUser()
    const png = (width: number) => makePng(width, width)
    const firstResponse = await upload(token, {
      filename: 'a.png',
      contentType: 'image/png',
      content: await png(64),
    })
    expect(firstResponse.status, JSON.stringify(firstResponse.body)).toBe(200)
    const secondResponse = await upload(token, {
      filename: 'b.png',
      contentType: 'image/png',
      content: await png(32),
    })
    expect(secondResponse.status, JSON.stringify(secondResponse.body)).toBe(200)
    const first = uploadImageResponseSchema.parse(firstResponse.body).data.picture
    const second = uploadImageResponseSchema.parse(secondResponse.body).data.picture
    expect(second).not.toBe(first)
    expect((await t.app.inject({ method: 'GET', url: first })).statusCode).toBe(404)
    expect((await t.app.inject({ method: 'GET', url: second })).statusCode).toBe(200)
  })

  it('answers 403 for another user email, 401 to a visitor, 415 without multipart', async () => {
    const victim = await t.createUser()
    const { token } = await t.createUser()
    const png = await makePng()
    const foreign = await upload(
      token,
      { filename: 'a.png', contentType: 'image/png', content: png },
      { email: victim.user.email },
    )
    expect(foreign.status).toBe(403)
    const { payload, contentType } = multipartBody({
      files: [{ field: 'image', filename: 'a.png', contentType: 'image/png', content: png }],
    })
    const visitor = await t.request('POST', '/api/profile/upload-image', {
      payload,
      headers: { 'content-type': contentType },
    })
    expect(visitor.status).toBe(401)
    const notMultipart = await t.post('/api/profile/upload-image', { image: 'x' }, { token })
    expect(notMultipart.status).toBe(415)
    expect(notMultipart.body).toEqual({
      code: 'UNSUPPORTED_MEDIA_TYPE',
      message: messages.http.multipartOnly,
    })
  })

  it('answers a malformed multipart body with 400 and a clear message, not 500', async () => {
    const { token } = await t.createUser()
    const { payload, contentType } = multipartBody({
      files: [
        { field: 'image', filename: 'a.png', contentType: 'image/png', content: await makePng() },
      ],
    })
    const truncated = payload.subarray(0, payload.length - 30)
    for (const [name, body, type] of [
      ['no boundary', Buffer.from('garbage'), 'multipart/form-data'],
      ['no closing boundary', truncated, contentType],
      ['garbage after the boundary', Buffer.from('garbage'), contentType],
    ] as const) {
      const response = await t.request('POST', '/api/profile/upload-image', {
        token,
        payload: body,
        headers: { 'content-type': type },
      })
      expect(response.status, name).toBe(400)
      expect(response.body, name).toEqual({
        code: 'BAD_REQUEST',
        message: messages.http.malformedMultipart,
      })
    }
  })

  it('answers 422 when no image is sent', async () => {
    const { token } = await t.createUser()
    const { payload, contentType } = multipartBody({ fields: { email: 'x@example.com' } })
    const response = await t.request('POST', '/api/profile/upload-image', {
      token,
      payload,
      headers: { 'content-type': contentType },
    })
    expect(response.status).toBe(422)
    expect(errorBodySchema.parse(response.body).details?.[0]?.path).toBe('image')
  })
})
