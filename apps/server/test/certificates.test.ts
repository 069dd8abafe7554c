import type { CertificateListResponse, CertificateVerification, TradingAccountDto } from '@tp/api'
import { certificateMessages } from '@tp/api'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { certificates, tradingAccounts } from '../src/db/schema'
import { certificateKeyOf, signCertificate } from '../src/lib/certificate-signature'
import {
  certificateOpenGraphTags,
  withHeadTags,
} from '../src/modules/certificates/certificate-open-graph'
import { createCertificate, issueCertificate } from '../src/modules/certificates/issue-certificate'
import { certificateSvg } from '../src/modules/certificates/render-certificate'
import { sweepCertificates } from '../src/modules/certificates/sweep-certificates'
import { createTestApp, waitFor, type TestApp, type TestUser } from './support'

// Certificates (issue 13 items 1-3): issued by the lifecycle exactly once each (duplicate asks,
// concurrent jobs, a lost queueing), rendered to PNG and PDF, listed for their owner, verified
// publicly by their keyed hash; an unknown, malformed or tampered hash is "not a valid
// certificate" (404).

let app: TestApp
let admin: TestUser
let trader: TestUser
let phase2Id: string

const T = () => app.clock.now().getTime()
const points = (price: string) => Math.round(Number(price) * 100)
const btc = (bid: string) =>
  app.simulated.pushTick({ symbol: 'BTCUSD', bid: points(bid), ask: points(bid) + 2_500, tMs: T() })

const certificatesOf = (accountId: string) =>
  app.db.select().from(certificates).where(eq(certificates.accountId, accountId))
const renderedCertificate = (accountId: string, kind: string) =>
  waitFor(
    async () => {
      const [row] = await app.db
        .select()
        .from(certificates)
        .where(and(eq(certificates.accountId, accountId), eq(certificates.kind, kind)))
      return row?.renderedAt ? row : undefined
    },
    { what: `a rendered ${kind} certificate`, timeoutMs: 20_000 },
  )
const raw = (url: string) => app.app.inject({ method: 'GET', url })

beforeAll(async () => {
  app = await createTestApp()
  admin = await app.createUser({ role: 'admin' })
  trader = await app.createUser({ name: 'Ada Lovelace' })
  btc('65000.00')
  // phase 2 with five past trading days, +$900 each: $4,500 of the $5,000 target
  const created = await app.post<{ account: TradingAccountDto }>(
    '/api/dev/scenarios/accounts',
    {
      email: trader.user.email,
      stage: 'phase2',
      startDaysAgo: 7,
      trades: [6, 5, 4, 3, 2].map((daysAgo) => ({
        symbol: 'BTCUSD',
        side: 'buy',
        volume: '1.00',
        openPrice: '65000.00',
        closePrice: '65900.00',
        openDaysAgo: daysAgo,
        durationMinutes: 90,
      })),
    },
    { token: admin.token },
  )
  expect(created.status).toBe(201)
  phase2Id = created.body.account.id
}, 60_000)
afterAll(async () => {
  await app?.close()
})

describe('passing phase 2', () => {
  it('issues one "funded" certificate, rendered, listed for the trader and verified publicly', async () => {
    btc('65000.00')
    const opened = await app.post<{ position: { id: string } }>(
      `/api/trading/accounts/${phase2Id}/orders`,
      { symbol: 'BTCUSD', type: 'buy', volume: '1.00' },
      { token: trader.token },
    )
    expect(opened.status).toBe(201)
    btc('65625.00') // +$600 from the ask of 65,025
    await app.post(
      `/api/trading/accounts/${phase2Id}/positions/${opened.body.position.id}/close`,
      {},
      { token: trader.token },
    )
    await waitFor(async () => {
      const [row] = await app.db
        .select()
        .from(tradingAccounts)
        .where(eq(tradingAccounts.id, phase2Id))
      return row?.status === 'passed'
    })
    const row = await renderedCertificate(phase2Id, 'funded')
    expect(row.data).toMatchObject({
      kind: 'funded',
      traderName: 'Ada Lovelace',
      accountSizeCents: 10_000_000,
      plan: 'Two Phase',
      amountCents: null,
    })
    expect(row.hash).toBe(signCertificate(certificateKeyOf(app.env), row.data))

    const list = await app.get<CertificateListResponse>('/api/service/get-certificates', {
      token: trader.token,
    })
    expect(list.status).toBe(200)
    expect(list.body.result).toHaveLength(1)
    const [item] = list.body.result
    expect(item).toMatchObject({
      id: row.id,
      hash: row.hash,
      kind: 'funded',
      title: 'Funded Trader',
    })
    // spec 7: the image URL's path segment at index 5 is the hash
    expect(item!.certificate.split('/')[5]).toBe(row.hash)

    const verified = await app.get<CertificateVerification>(`/api/certificates/${row.hash}`)
    expect(verified.status).toBe(200)
    expect(verified.body).toMatchObject({
      isVerified: true,
      traderName: 'Ada Lovelace',
      kind: 'funded',
      date: row.data.date,
    })

    const png = await raw(verified.body.imageUrl)
    expect(png.statusCode).toBe(200)
    expect(png.headers['content-type']).toBe('image/png')
    expect(png.headers['cache-control']).toContain('immutable')
    expect(png.rawPayload.subarray(1, 4).toString()).toBe('PNG')
    const pdf = await raw(verified.body.pdfUrl)
    expect(pdf.statusCode).toBe(200)
    expect(pdf.headers['content-type']).toBe('application/pdf')
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-')
  })

  it('the list needs a signed-in caller and shows nobody else the certificate', async () => {
    expect((await app.get('/api/service/get-certificates')).status).toBe(401)
    const other = await app.createUser()
    const list = await app.get<CertificateListResponse>('/api/service/get-certificates', {
      token: other.token,
    })
    expect(list.body.result).toEqual([])
  })
})

describe('exactly once', () => {
  it('duplicate asks and concurrent jobs leave one certificate with one hash', async () => {
    const before = await certificatesOf(phase2Id)
    await Promise.all([
      issueCertificate(app.ctx, { accountId: phase2Id, kind: 'funded' }),
      issueCertificate(app.ctx, { accountId: phase2Id, kind: 'funded' }),
      ...Array.from({ length: 6 }, () =>
        createCertificate(app.ctx, { accountId: phase2Id, kind: 'funded' }),
      ),
    ])
    await app.waitForJobs()
    const after = await certificatesOf(phase2Id)
    expect(after).toHaveLength(1)
    expect(after[0]!.hash).toBe(before[0]!.hash)
  })

  it('a new certificate raced by concurrent jobs is inserted once', async () => {
    const funded = await waitFor(async () => {
      const [row] = await app.db
        .select()
        .from(tradingAccounts)
        .where(
          and(
            eq(tradingAccounts.previousAccountId, phase2Id),
            eq(tradingAccounts.status, 'active'),
          ),
        )
      return row
    })
    const payout = { accountId: funded.id, kind: 'payout' as const, amountCents: 123_456 }
    const payoutId = crypto.randomUUID()
    const results = await Promise.all(
      Array.from({ length: 8 }, () => createCertificate(app.ctx, { ...payout, payoutId })),
    )
    expect(new Set(results.map((row) => row?.id)).size).toBe(1)
    // a second payout of the same account is a certificate of its own
    const paidAt = new Date('2026-01-15T10:00:00Z')
    const second = await createCertificate(app.ctx, {
      ...payout,
      payoutId: crypto.randomUUID(),
      at: paidAt,
    })
    expect(second!.data.date).toBe('2026-01-15')
    const rows = await certificatesOf(funded.id)
    expect(rows.filter((row) => row.kind === 'payout')).toHaveLength(2)
    const details = await app.get<CertificateVerification>(`/api/certificates/${results[0]!.hash}`)
    expect(details.body).toMatchObject({ kind: 'payout', amountCents: 123_456, title: 'Payout' })
  })

  it('refuses a payout certificate without its payout or amount, and certifies no milestone not reached', async () => {
    await expect(
      issueCertificate(app.ctx, { accountId: phase2Id, kind: 'payout', amountCents: 100 }),
    ).rejects.toMatchObject({ code: 'VALIDATION_FAILED' })
    await expect(
      issueCertificate(app.ctx, {
        accountId: phase2Id,
        kind: 'payout',
        payoutId: crypto.randomUUID(),
      }),
    ).rejects.toMatchObject({ code: 'VALIDATION_FAILED' })
    const active = await app.createTradingAccount(await app.createUser())
    expect(await createCertificate(app.ctx, { accountId: active.id, kind: 'phase1' })).toBeNull()
    expect(await certificatesOf(active.id)).toEqual([])
  })

  it('an Instant Funding activation issues its certificate; a lost one is queued again by the sweep', async () => {
    const owner = await app.createUser({ name: 'Grace Hopper' })
    const account = await app.createTradingAccount(owner, { challenge: 'instantFund', sizeK: 25 })
    const row = await renderedCertificate(account.id, 'instantFunding')
    expect(row.data).toMatchObject({ traderName: 'Grace Hopper', accountSizeCents: 2_500_000 })

    // as if the process died between the activation and the queueing of its certificate
    await app.db.delete(certificates).where(eq(certificates.id, row.id))
    expect(await sweepCertificates(app.ctx)).toBeGreaterThanOrEqual(1)
    const again = await renderedCertificate(account.id, 'instantFunding')
    expect(again.id).not.toBe(row.id)
    expect(await certificatesOf(account.id)).toHaveLength(1)
  })
  it('a certificate whose rendering died is rendered by the sweep, the same certificate', async () => {
    const [row] = await app.db.select().from(certificates).where(eq(certificates.kind, 'payout'))
    const keys = ['png', 'pdf'].map((type) => `certificates/${row!.hash}/certificate.${type}`)
    // as if the process died after the insert, before the files were stored
    for (const key of keys) await app.ctx.storage.delete(key)
    await app.db
      .update(certificates)
      .set({ renderedAt: null, issuedAt: new Date(T() - 2 * 60_000) })
      .where(eq(certificates.id, row!.id))
    expect(await sweepCertificates(app.ctx)).toBeGreaterThanOrEqual(1)
    const again = await waitFor(async () => {
      const [current] = await app.db.select().from(certificates).where(eq(certificates.id, row!.id))
      return current?.renderedAt ? current : undefined
    })
    expect(again.hash).toBe(row!.hash)
    for (const key of keys) expect(await app.ctx.storage.get(key)).not.toBeNull()
  })
})

describe('verification', () => {
  it('an unknown, malformed or altered hash is not a valid certificate (404), never a 500', async () => {
    const [row] = await certificatesOf(phase2Id)
    const flipped = `${row!.hash.slice(0, -1)}${row!.hash.endsWith('0') ? '1' : '0'}`
    for (const hash of [flipped, 'f'.repeat(64), 'not-a-hash', row!.hash.toUpperCase()]) {
      const answer = await app.get<{ message: string }>(`/api/certificates/${hash}`)
      expect(answer.status, hash).toBe(404)
      expect(answer.body.message).toBe(certificateMessages.notValid)
      expect((await raw(`/api/certificates/${hash}/certificate.png`)).statusCode).toBe(404)
    }
  })

  it('data altered after signing no longer verifies under its hash', async () => {
    const [row] = await certificatesOf(phase2Id)
    const tampered = { ...row!.data, traderName: 'Mallory' }
    await app.db.update(certificates).set({ data: tampered }).where(eq(certificates.id, row!.id))
    try {
      expect((await app.get(`/api/certificates/${row!.hash}`)).status).toBe(404)
      expect((await raw(`/api/certificates/${row!.hash}/certificate.pdf`)).statusCode).toBe(404)
      expect(await certificateOpenGraphTags(app.ctx, row!.hash)).toBeNull()
    } finally {
      await app.db.update(certificates).set({ data: row!.data }).where(eq(certificates.id, row!.id))
    }
    expect((await app.get(`/api/certificates/${row!.hash}`)).status).toBe(200)
  })

  it('a hash signed with another key is not valid', async () => {
    const [row] = await certificatesOf(phase2Id)
    const forged = signCertificate('someone-else-s-key-of-at-least-32-chars', row!.data)
    expect(forged).not.toBe(row!.hash)
    expect((await app.get(`/api/certificates/${forged}`)).status).toBe(404)
  })

  it("the page's Open Graph tags carry the certificate image", async () => {
    const [row] = await certificatesOf(phase2Id)
    const tags = await certificateOpenGraphTags(app.ctx, row!.hash)
    const page = withHeadTags('<html><head><title>x</title></head></html>', tags!)
    expect(page).toContain(
      `<meta property="og:image" content="${app.env.APP_URL}/api/certificates/${row!.hash}/certificate.png">`,
    )
    expect(page.indexOf('og:image')).toBeLessThan(page.indexOf('<title>'))
  })
})

describe('the template', () => {
  it('prints a name as text, never as markup', async () => {
    const [row] = await certificatesOf(phase2Id)
    const svg = certificateSvg(
      { ...row!.data, traderName: '<script>"Bo" & Co</script>' },
      row!.hash,
    )
    expect(svg).toContain('&lt;script&gt;&quot;Bo&quot; &amp; Co&lt;/script&gt;')
    expect(svg).not.toContain('<script>')
  })
})
