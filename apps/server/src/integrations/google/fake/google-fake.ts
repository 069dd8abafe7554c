import { createHash, randomBytes } from 'node:crypto'
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify'
import { z } from 'zod'
import { renderGsiClientScript } from './gsi-client-script'

// A local stand-in for Google's sign-in endpoints, speaking the same HTTP contract
// (contracts/integrations.md section 6) on loopback: tokeninfo, userinfo, and the Google
// Identity Services browser script whose token client shows an account chooser. Development
// and tests use it whenever GOOGLE_TOKENINFO_URL is not configured; the real adapter
// (google-identity.ts) runs against it unchanged.

export type FakeGoogleAccount = { email: string; name: string }

/** The accounts the fake's chooser offers; anyone else via "Use another account". */
export const fakeGoogleAccounts: FakeGoogleAccount[] = [
  { email: 'grace.google@tradepeak.test', name: 'Grace Google' },
  { email: 'trader@tradepeak.test', name: 'Demo Trader' },
]

type FakeToken = {
  sub: string
  email: string
  name: string
  aud: string
  emailVerified: boolean
  expiresAt: number
  scope: string
}

export type MintTokenOptions = {
  email: string
  name?: string
  /** Default: the configured client id. Another value models a token minted for another app. */
  audience?: string
  emailVerified?: boolean
  /** Lifetime from now; zero or negative gives an already expired token. Default 3599. */
  expiresInSeconds?: number
  scope?: string
}

export type GoogleFake = {
  url: string
  tokenInfoUrl: string
  userInfoUrl: string
  scriptUrl: string
  clientId: string
  /** Mints an access token as Google would after the user picked `email`. */
  mintToken(options: MintTokenOptions): { accessToken: string; sub: string }
  close(): Promise<void>
}

/** Google's `sub` is a stable numeric string per account; derive one from the email. */
export function fakeGoogleSub(email: string): string {
  const digest = createHash('sha256').update(email.trim().toLowerCase()).digest()
  return '1' + digest.readBigUInt64BE(0).toString().padStart(20, '0')
}

const mintSchema = z.object({
  email: z.email(),
  name: z.string().max(100).optional(),
  audience: z.string().min(1).optional(),
  emailVerified: z.boolean().optional(),
  expiresInSeconds: z.number().int().optional(),
  scope: z.string().optional(),
})

const browserMintSchema = z.object({
  client_id: z.string().min(1),
  email: z.email(),
  name: z.string().max(100).optional(),
  scope: z.string().optional(),
})

const invalidToken = { error: 'invalid_token', error_description: 'Invalid Value' }

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization
  if (header?.startsWith('Bearer ')) return header.slice('Bearer '.length).trim()
  const query = request.query as Record<string, unknown> | undefined
  if (typeof query?.access_token === 'string') return query.access_token
  const body = request.body as Record<string, unknown> | undefined
  if (typeof body?.access_token === 'string') return body.access_token
  return undefined
}

export async function startGoogleFake(options: { clientId: string }): Promise<GoogleFake> {
  const tokens = new Map<string, FakeToken>()
  const app = Fastify({ logger: false })
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  )

  function mintToken(input: MintTokenOptions) {
    const accessToken = `ya29.fake-${randomBytes(24).toString('base64url')}`
    const email = input.email.trim().toLowerCase()
    const sub = fakeGoogleSub(email)
    tokens.set(accessToken, {
      sub,
      email,
      name: input.name ?? email.split('@')[0]!,
      aud: input.audience ?? options.clientId,
      emailVerified: input.emailVerified ?? true,
      expiresAt: Date.now() + (input.expiresInSeconds ?? 3599) * 1000,
      scope: input.scope ?? 'openid email profile',
    })
    return { accessToken, sub }
  }

  function liveToken(request: FastifyRequest): FakeToken | undefined {
    const accessToken = bearerToken(request)
    const token = accessToken ? tokens.get(accessToken) : undefined
    return token && token.expiresAt > Date.now() ? token : undefined
  }

  const tokenInfo = async (request: FastifyRequest, reply: FastifyReply) => {
    const token = liveToken(request)
    if (!token) return reply.code(400).send(invalidToken)
    const expiresIn = Math.floor((token.expiresAt - Date.now()) / 1000)
    return {
      azp: token.aud,
      aud: token.aud,
      sub: token.sub,
      scope: token.scope,
      exp: String(Math.floor(token.expiresAt / 1000)),
      expires_in: String(expiresIn),
      email: token.email,
      email_verified: String(token.emailVerified),
      access_type: 'online',
    }
  }
  app.get('/tokeninfo', tokenInfo)
  app.post('/tokeninfo', tokenInfo)

  app.get('/oauth2/v3/userinfo', async (request, reply) => {
    const token = liveToken(request)
    if (!token) {
      return reply.code(401).send({
        error: 'invalid_request',
        error_description: 'Invalid Credentials',
      })
    }
    const [givenName = token.name, ...rest] = token.name.split(' ')
    return {
      sub: token.sub,
      name: token.name,
      given_name: givenName,
      family_name: rest.join(' '),
      picture: `${baseUrl}/avatars/${token.sub}.svg`,
      email: token.email,
      email_verified: token.emailVerified,
      locale: 'en',
    }
  })

  app.get('/avatars/:file', async (request, reply) => {
    const sub = (request.params as { file: string }).file.replace(/\.svg$/, '')
    const account = [...tokens.values()].find((t) => t.sub === sub)
    const initial = (account?.name ?? 'G').charAt(0).toUpperCase()
    reply.type('image/svg+xml').header('Cache-Control', 'public, max-age=3600')
    return `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96"><rect width="96" height="96" fill="#1a73e8"/><text x="48" y="62" font-family="sans-serif" font-size="44" fill="#fff" text-anchor="middle">${initial.replace(/[<&>]/g, '')}</text></svg>`
  })

  // the browser script: loaded cross-origin by the web app
  app.get('/gsi/client', async (_request, reply) => {
    reply
      .type('application/javascript; charset=utf-8')
      .header('Cache-Control', 'no-cache')
      .header('Cross-Origin-Resource-Policy', 'cross-origin')
    return renderGsiClientScript({ baseUrl, accounts: fakeGoogleAccounts })
  })

  // what Google's consent popup does once the user picked an account: a form post, so the
  // browser needs no CORS preflight
  app.post('/gsi/token', async (request, reply) => {
    reply.header('Access-Control-Allow-Origin', '*')
    const parsed = browserMintSchema.safeParse(request.body)
    if (!parsed.success) return reply.code(400).send({ error: 'invalid_request' })
    const { client_id, email, name, scope } = parsed.data
    const minted = mintToken({
      email,
      audience: client_id,
      ...(name ? { name } : {}),
      ...(scope ? { scope } : {}),
    })
    return {
      access_token: minted.accessToken,
      expires_in: 3599,
      token_type: 'Bearer',
      scope: scope ?? 'openid email profile',
      prompt: '',
    }
  })

  // test controls: tokens Google would never hand us (other audience, unverified, expired)
  app.post('/__control/tokens', async (request, reply) => {
    const parsed = mintSchema.safeParse(request.body)
    if (!parsed.success) return reply.code(400).send({ error: parsed.error.message })
    const { accessToken, sub } = mintToken(parsed.data)
    return { access_token: accessToken, sub }
  })

  const address = await app.listen({ host: '127.0.0.1', port: 0 })
  const baseUrl = address.replace('localhost', '127.0.0.1')

  return {
    url: baseUrl,
    tokenInfoUrl: `${baseUrl}/tokeninfo`,
    userInfoUrl: `${baseUrl}/oauth2/v3/userinfo`,
    scriptUrl: `${baseUrl}/gsi/client`,
    clientId: options.clientId,
    mintToken,
    close: () => app.close(),
  }
}
