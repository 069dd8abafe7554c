import { errorBodySchema, healthResponseSchema, messages, publicConfigSchema } from '@tp/api'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, multipartBody, type TestApp } from './support'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t?.close()
})

describe('health, config and docs', () => {
  it('answers health ok once the app is ready', async () => {
    const response = await t.get('/api/health')
    expect(response.status).toBe(200)
    expect(healthResponseSchema.parse(response.body)).toEqual({ status: 'ok' })
  })

  it('tells the browser the Google client and script of the fake, and no secret', async () => {
    const response = await t.get('/api/config')
    const config = publicConfigSchema.parse(response.body)
    expect(config.google.clientId).toBe(t.google.clientId)
    expect(config.google.scriptUrl).toBe(`${t.google.url}/gsi/client`)
    expect(config.devMailbox).toBe(true)
    expect(response.text).not.toContain(t.env.JWT_SECRET)
  })

  it('serves an OpenAPI document listing the routes with their schemas', async () => {
    const response = await t.get<{
      openapi: string
      paths: Record<string, Record<string, unknown>>
    }>('/api/docs/json')
    expect(response.status).toBe(200)
    expect(response.body.openapi).toMatch(/^3\./)
    const paths = Object.keys(response.body.paths)
    for (const path of [
      '/api/health',
      '/api/auth/register',
      '/api/auth/login',
      '/api/auth/google',
      '/api/auth/refresh',
      '/api/auth/logout',
      '/api/auth/forgot-password',
      '/api/auth/reset-password',
      '/api/auth/me',
      '/api/profile/get',
      '/api/profile/update',
      '/api/profile/upload-image',
      '/api/profile/put',
      '/api/admin/users',
    ]) {
      expect(paths).toContain(path)
    }
    const register = response.body.paths['/api/auth/register']?.post as {
      requestBody: { content: Record<string, { schema: { properties: object } }> }
    }
    expect(
      Object.keys(register.requestBody.content['application/json']!.schema.properties),
    ).toEqual(['email', 'password'])
    const upload = response.body.paths['/api/profile/upload-image']?.post as {
      requestBody?: {
        content: Record<
          string,
          { schema: { properties: Record<string, { type: string; format?: string }> } }
        >
      }
    }
    const form = upload.requestBody?.content['multipart/form-data']?.schema
    expect(Object.keys(form?.properties ?? {})).toEqual(['image', 'email'])
    expect(form?.properties.image).toMatchObject({ type: 'string', format: 'binary' })
  })

  it('serves the interactive docs page', async () => {
    const response = await t.get('/api/docs')
    expect(response.status).toBe(200)
    expect(response.headers['content-type']).toContain('text/html')
    expect(response.text).toContain('Swagger UI')
  })
})

describe('error answers', () => {
  it('answers an unknown API route with a JSON 404', async () => {
    const response = await t.get('/api/no-such-thing')
    expect(response.status).toBe(404)
    expect(errorBodySchema.parse(response.body).code).toBe('NOT_FOUND')
  })

  it('answers malformed JSON with 400 and a clear message, not 500', async () => {
    const response = await t.request('POST', '/api/auth/login', {
      payload: '{"email": "a@b.co", "password": ',
      headers: { 'content-type': 'application/json' },
    })
    expect(response.status).toBe(400)
    expect(response.body).toEqual({ code: 'MALFORMED_JSON', message: messages.http.malformedJson })
  })

  it('answers wrong types with 422 naming the fields', async () => {
    const response = await t.post('/api/auth/login', { email: 42, password: ['x'] })
    expect(response.status).toBe(422)
    const body = errorBodySchema.parse(response.body)
    expect(body.code).toBe('VALIDATION_FAILED')
    expect(body.details?.map((d) => d.path)).toEqual(['email', 'password'])
    // a value of the wrong type is not reported as a missing one
    expect(body.details?.map((d) => d.message)).not.toContain(messages.validation.emailRequired)
  })

  it('answers a missing or empty body with 422 or 400, never 500', async () => {
    const missing = await t.request('POST', '/api/auth/register')
    expect(missing.status).toBe(422)
    expect(errorBodySchema.parse(missing.body).code).toBe('VALIDATION_FAILED')
    const empty = await t.request('POST', '/api/auth/register', {
      payload: '',
      headers: { 'content-type': 'application/json' },
    })
    expect(empty.status).toBe(400)
    expect(errorBodySchema.parse(empty.body).code).toBe('MALFORMED_JSON')
  })

  it('refuses a body over 1 MB with 413', async () => {
    const response = await t.post('/api/auth/login', {
      email: 'a@b.co',
      password: 'x'.repeat(1024 * 1024),
    })
    expect(response.status).toBe(413)
    expect(errorBodySchema.parse(response.body).code).toBe('PAYLOAD_TOO_LARGE')
  })

  it('answers a JSON body that is not an object with 422', async () => {
    const response = await t.request('POST', '/api/auth/login', {
      payload: '"just a string"',
      headers: { 'content-type': 'application/json' },
    })
    expect(response.status).toBe(422)
  })

  it('refuses an unsupported content type with 415', async () => {
    const response = await t.request('POST', '/api/auth/login', {
      payload: 'email=a@b.co',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    })
    expect(response.status).toBe(415)
    expect(errorBodySchema.parse(response.body).code).toBe('UNSUPPORTED_MEDIA_TYPE')
  })

  it('refuses a multipart body on a JSON route with 415, not a validation error', async () => {
    const { token } = await t.createUser()
    const { payload, contentType } = multipartBody({ fields: { name: 'Form Name' } })
    for (const url of ['/api/auth/login', '/api/profile/update', '/api/profile/get']) {
      const response = await t.request('POST', url, {
        token,
        payload,
        headers: { 'content-type': contentType },
      })
      expect(response.status, url).toBe(415)
      expect(response.body, url).toEqual({
        code: 'UNSUPPORTED_MEDIA_TYPE',
        message: messages.http.jsonOnly,
      })
    }
  })

  it('sends security headers and keeps API answers out of caches', async () => {
    const response = await t.get('/api/health')
    expect(response.headers['x-content-type-options']).toBe('nosniff')
    expect(response.headers['referrer-policy']).toBe('no-referrer')
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN')
    expect(response.headers['cache-control']).toBe('no-store')
  })
})
