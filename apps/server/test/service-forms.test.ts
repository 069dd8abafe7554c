import {
  adminMessageResponseSchema,
  adminMessagesResponseSchema,
  formTokenResponseSchema,
  messages,
  newsletterTokenResponseSchema,
} from '@tp/api'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  auditLog,
  newsletterSubscribers,
  serviceMessageReplies,
  serviceMessages,
} from '../src/db/schema'
import { createTestApp, type TestApp } from './support'

// The public forms (decision 0026): validation, storage, the two emails of each, the anti-bot
// checks (honeypot, minimum fill time, forged or expired tokens), the rate limits, the newsletter's
// double opt-in and unsubscribe, and the admin inbox. Small limits so the tests reach them.

const SUPPORT = 'inbox@firm.test'
let t: TestApp
beforeAll(async () => {
  t = await createTestApp({
    env: {
      SUPPORT_EMAIL: SUPPORT,
      RATE_LIMIT_MAX_PER_EMAIL: '3',
      RATE_LIMIT_MAX_PER_IP: '6',
      RATE_LIMIT_WINDOW_SECONDS: '600',
    },
  })
})
afterAll(async () => {
  await t?.close()
})

let counter = 0
const freshIp = () => `10.9.${Math.floor(++counter / 250)}.${counter % 250}`
const freshEmail = (label: string) => `${label}-${++counter}@example.com`

/** A form-start token whose minimum fill time has passed (the clock moved, nobody slept). */
async function filledToken(): Promise<string> {
  const response = await t.get('/api/service/form-token')
  expect(response.status).toBe(200)
  const start = formTokenResponseSchema.parse(response.body)
  expect(start.minFillMs).toBe(3000)
  t.clock.advance({ ms: start.minFillMs })
  return start.token
}

const contact = (email: string) => ({
  name: 'Ada Lovelace',
  email,
  subject: 'Payout question',
  message: 'When is my first payout due?',
})
const application = (email: string) => ({
  name: 'Grace Hopper',
  email,
  socialUserName: '@grace',
  socialUrl: 'https://youtube.com/@grace',
  partnershipType: 'educator',
  message: 'I teach 20k traders and would like to partner.',
})

const storedMessages = (email: string) =>
  t.db.select().from(serviceMessages).where(eq(serviceMessages.email, email))

describe('POST /api/service/contact', () => {
  it('stores the message, emails the firm and acknowledges the sender', async () => {
    const email = freshEmail('contact')
    const since = new Date()
    const response = await t.post(
      '/api/service/contact',
      { ...contact(email), formToken: await filledToken(), website: '' },
      { ip: freshIp() },
    )
    expect(response.status).toBe(200)
    expect(response.body).toEqual({ message: messages.service.contactSent })

    const [row] = await storedMessages(email)
    expect(row).toMatchObject({
      kind: 'contact',
      status: 'open',
      name: 'Ada Lovelace',
      subject: 'Payout question',
      message: 'When is my first payout due?',
      userId: null,
    })
    const toFirm = await t.mailbox.waitFor({ to: SUPPORT, subject: /Ada Lovelace/ }, { since })
    expect(toFirm.text).toContain(email)
    expect(toFirm.text).toContain('When is my first payout due?')
    expect(toFirm.links.some((link) => link.endsWith(`/admin/messages/${row!.id}`))).toBe(true)
    const ack = await t.mailbox.waitFor({ to: email, subject: /received your message/ }, { since })
    expect(ack.text).toContain('When is my first payout due?')
  })

  it("keeps a sender's line breaks out of the firm's subject line", async () => {
    const email = freshEmail('newline')
    const since = new Date()
    const response = await t.post(
      '/api/service/contact',
      {
        ...contact(email),
        name: 'Eve\r\nBcc: victim@example.com',
        subject: 'Hi\nthere',
        formToken: await filledToken(),
      },
      { ip: freshIp() },
    )
    expect(response.status).toBe(200)
    const toFirm = await t.mailbox.waitFor({ to: SUPPORT, subject: /Eve/ }, { since })
    expect(toFirm.subject).toBe('Contact message from Eve Bcc: victim@example.com: Hi there')
    expect(toFirm.to).toEqual([SUPPORT])
  })

  it('records the signed-in sender; the subject is optional', async () => {
    const trader = await t.createUser()
    const email = freshEmail('signed-in')
    const { subject: _omitted, ...withoutSubject } = contact(email)
    const response = await t.post(
      '/api/service/contact',
      { ...withoutSubject, formToken: await filledToken() },
      { ip: freshIp(), token: trader.token },
    )
    expect(response.status).toBe(200)
    const [row] = await storedMessages(email)
    expect(row).toMatchObject({ userId: trader.user.id, subject: null })
  })

  it('refuses missing or malformed fields with 422 and a message per field, storing nothing', async () => {
    const email = 'not-an-email'
    const response = await t.post<{ code: string; details: { path: string; message: string }[] }>(
      '/api/service/contact',
      { name: '   ', email, message: '', formToken: await filledToken() },
      { ip: freshIp() },
    )
    expect(response.status).toBe(422)
    expect(response.body.code).toBe('VALIDATION_FAILED')
    const byPath = Object.fromEntries(response.body.details.map((d) => [d.path, d.message]))
    expect(byPath).toMatchObject({
      name: messages.validation.required,
      email: messages.validation.emailInvalid,
      message: messages.validation.required,
    })
    expect(await storedMessages(email)).toHaveLength(0)

    for (const body of [null, [], 'text', { ...contact('x@example.com'), message: 42 }]) {
      const bad = await t.post('/api/service/contact', body, { ip: freshIp() })
      expect(bad.status).toBeGreaterThanOrEqual(400)
      expect(bad.status).toBeLessThan(500)
    }
    const tooLong = await t.post(
      '/api/service/contact',
      { ...contact(freshEmail('long')), message: 'x'.repeat(5001), formToken: await filledToken() },
      { ip: freshIp() },
    )
    expect(tooLong.status).toBe(422)
  })

  it('answers a filled honeypot like a success and stores and sends nothing', async () => {
    const email = freshEmail('bot')
    const since = new Date()
    const response = await t.post(
      '/api/service/contact',
      { ...contact(email), formToken: await filledToken(), website: 'https://spam.example' },
      { ip: freshIp() },
    )
    expect(response.status).toBe(200)
    expect(response.body).toEqual({ message: messages.service.contactSent })
    await t.waitForJobs()
    expect(await storedMessages(email)).toHaveLength(0)
    expect(await t.mailbox.list({ to: email })).toHaveLength(0)
    const toFirm = await t.mailbox.list({ to: SUPPORT })
    expect(toFirm.filter((m) => m.receivedAt > since && m.text.includes(email))).toEqual([])
  })

  it('refuses a form sent sooner than the minimum fill time, and accepts it once it has passed', async () => {
    const email = freshEmail('fast')
    const start = formTokenResponseSchema.parse((await t.get('/api/service/form-token')).body)
    t.clock.advance({ ms: start.minFillMs - 500 })
    const early = await t.post(
      '/api/service/contact',
      { ...contact(email), formToken: start.token },
      { ip: freshIp() },
    )
    expect(early.status).toBe(422)
    expect(early.body).toMatchObject({ message: messages.service.formTooFast })
    expect(await storedMessages(email)).toHaveLength(0)

    t.clock.advance({ ms: 500 })
    const later = await t.post(
      '/api/service/contact',
      { ...contact(email), formToken: start.token },
      { ip: freshIp() },
    )
    expect(later.status).toBe(200)
    expect(await storedMessages(email)).toHaveLength(1)
  })

  it('refuses a missing, forged or expired form token with 422', async () => {
    const email = freshEmail('forged')
    const token = await filledToken()
    const [stamp] = token.split('.')
    const forged = `${stamp}.${'A'.repeat(32)}`
    const earlierStamp = `${(parseInt(stamp!, 36) - 60_000).toString(36)}.${token.split('.')[1]}`
    for (const formToken of [undefined, '', 'garbage', forged, earlierStamp, `${token}.x`]) {
      const response = await t.post(
        '/api/service/contact',
        { ...contact(freshEmail('forged')), ...(formToken === undefined ? {} : { formToken }) },
        { ip: freshIp() },
      )
      expect(response.status).toBe(422)
      expect(response.body).toMatchObject({ message: expect.any(String) })
    }
    t.clock.advance({ hours: 25 })
    const expired = await t.post(
      '/api/service/contact',
      { ...contact(email), formToken: token },
      { ip: freshIp() },
    )
    expect(expired.status).toBe(422)
    expect(expired.body).toMatchObject({ message: messages.service.formExpired })
    expect(await storedMessages(email)).toHaveLength(0)
  })

  it('limits every attempt per email (from any IP) and per IP (for any email) with 429', async () => {
    const email = freshEmail('flood')
    for (let i = 0; i < 3; i += 1) {
      const ok = await t.post(
        '/api/service/contact',
        { ...contact(email), formToken: await filledToken() },
        { ip: freshIp() },
      )
      expect(ok.status).toBe(200)
    }
    const perEmail = await t.post(
      '/api/service/contact',
      { ...contact(email), formToken: await filledToken() },
      { ip: freshIp() },
    )
    expect(perEmail.status).toBe(429)
    expect(perEmail.body).toEqual({ code: 'RATE_LIMITED', message: messages.auth.tooManyAttempts })
    expect(Number(perEmail.headers['retry-after'])).toBeGreaterThan(0)
    expect(await storedMessages(email)).toHaveLength(3)

    const ip = freshIp()
    const statuses: number[] = []
    for (let i = 0; i < 7; i += 1) {
      const response = await t.post(
        '/api/service/contact',
        { ...contact(freshEmail('same-ip')), formToken: await filledToken() },
        { ip },
      )
      statuses.push(response.status)
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 429])
    // the other forms count on their own
    const newsletter = await t.post(
      '/api/service/newsletter',
      { email: freshEmail('other-form'), formToken: await filledToken() },
      { ip },
    )
    expect(newsletter.status).toBe(200)
  })
})

describe('POST /api/service/become-partner', () => {
  it('stores the application, emails the firm and acknowledges the applicant', async () => {
    const email = freshEmail('partner')
    const since = new Date()
    const response = await t.post(
      '/api/service/become-partner',
      { ...application(email), formToken: await filledToken() },
      { ip: freshIp() },
    )
    expect(response.status).toBe(200)
    expect(response.body).toEqual({ message: messages.service.partnerApplied })
    const [row] = await storedMessages(email)
    expect(row).toMatchObject({
      kind: 'partner',
      status: 'open',
      socialUserName: '@grace',
      socialUrl: 'https://youtube.com/@grace',
      partnershipType: 'educator',
    })
    const toFirm = await t.mailbox.waitFor({ to: SUPPORT, subject: /Grace Hopper/ }, { since })
    expect(toFirm.text).toContain('Educator')
    expect(toFirm.text).toContain('https://youtube.com/@grace')
    await t.mailbox.waitFor({ to: email, subject: /partner application/ }, { since })
  })

  it('needs every field but socialUrl, which must be a link when given', async () => {
    const email = freshEmail('partner-bad')
    const formToken = await filledToken()
    const response = await t.post<{ details: { path: string; message: string }[] }>(
      '/api/service/become-partner',
      { name: 'X', email, socialUrl: 'not a link', partnershipType: 'spammer', formToken },
      { ip: freshIp() },
    )
    expect(response.status).toBe(422)
    const byPath = Object.fromEntries(response.body.details.map((d) => [d.path, d.message]))
    expect(byPath).toMatchObject({
      socialUserName: messages.validation.required,
      socialUrl: messages.service.urlInvalid,
      partnershipType: messages.service.partnershipTypeRequired,
      message: messages.validation.required,
    })
    const { socialUrl: _omitted, ...withoutUrl } = application(email)
    const ok = await t.post(
      '/api/service/become-partner',
      { ...withoutUrl, formToken },
      { ip: freshIp() },
    )
    expect(ok.status).toBe(200)
    const [row] = await storedMessages(email)
    expect(row?.socialUrl).toBeNull()
  })
})

describe('newsletter: double opt-in and one-click unsubscribe', () => {
  const tokenOf = (link: string) => new URL(link).searchParams.get('token')!

  it('subscribes only once the emailed link is followed; both links are idempotent', async () => {
    const email = freshEmail('reader')
    const since = new Date()
    const response = await t.post(
      '/api/service/newsletter',
      { email: email.toUpperCase(), formToken: await filledToken() },
      { ip: freshIp() },
    )
    expect(response.status).toBe(200)
    expect(response.body).toEqual({ message: messages.service.newsletterCheckInbox })
    const subscriber = async () =>
      (
        await t.db
          .select()
          .from(newsletterSubscribers)
          .where(eq(newsletterSubscribers.email, email))
      )[0]!
    expect((await subscriber()).status).toBe('pending')

    const confirmation = await t.mailbox.waitFor({ to: email, subject: /Confirm/ }, { since })
    const confirmLink = confirmation.links.find((link) => link.includes('/newsletter/confirm?'))!
    const unsubscribeLink = confirmation.links.find((link) =>
      link.includes('/newsletter/unsubscribe?'),
    )
    expect(confirmLink).toBeDefined()
    expect(unsubscribeLink).toBeDefined()

    const confirmed = await t.post('/api/service/newsletter/confirm', {
      token: tokenOf(confirmLink),
    })
    expect(confirmed.status).toBe(200)
    expect(newsletterTokenResponseSchema.parse(confirmed.body)).toEqual({
      status: 'confirmed',
      email,
      message: messages.service.newsletterConfirmed,
    })
    const welcome = await t.mailbox.waitFor({ to: email, subject: /You are subscribed/ }, { since })
    const welcomeUnsubscribe = welcome.links.find((link) =>
      link.includes('/newsletter/unsubscribe?'),
    )
    expect(welcomeUnsubscribe).toBe(unsubscribeLink)
    const firstConfirmedAt = (await subscriber()).confirmedAt

    // the same link again (GET, as a mail client might): still confirmed, no second welcome
    const again = await t.get(
      `/api/service/newsletter/confirm?token=${encodeURIComponent(tokenOf(confirmLink))}`,
    )
    expect(again.status).toBe(200)
    expect(again.body).toMatchObject({ status: 'confirmed' })
    await t.waitForJobs()
    expect(await t.mailbox.list({ to: email, subject: /You are subscribed/ })).toHaveLength(1)
    expect((await subscriber()).confirmedAt).toEqual(firstConfirmedAt)

    // subscribing again while confirmed changes nothing and sends nothing
    await t.post(
      '/api/service/newsletter',
      { email, formToken: await filledToken() },
      { ip: freshIp() },
    )
    await t.waitForJobs()
    expect(await t.mailbox.list({ to: email, subject: /Confirm/ })).toHaveLength(1)
    expect((await subscriber()).status).toBe('confirmed')

    // one click unsubscribes; a second click too, keeping the first date
    const gone = await t.post('/api/service/newsletter/unsubscribe', {
      token: tokenOf(unsubscribeLink!),
    })
    expect(gone.status).toBe(200)
    expect(gone.body).toEqual({
      status: 'unsubscribed',
      email,
      message: messages.service.newsletterUnsubscribed,
    })
    const unsubscribedAt = (await subscriber()).unsubscribedAt
    expect(unsubscribedAt).not.toBeNull()
    t.clock.advance({ minutes: 5 })
    const goneAgain = await t.get(
      `/api/service/newsletter/unsubscribe?token=${encodeURIComponent(tokenOf(unsubscribeLink!))}`,
    )
    expect(goneAgain.status).toBe(200)
    expect(goneAgain.body).toMatchObject({ status: 'unsubscribed' })
    expect((await subscriber()).unsubscribedAt).toEqual(unsubscribedAt)

    // the old confirmation link does not subscribe the address again
    const stale = await t.post('/api/service/newsletter/confirm', { token: tokenOf(confirmLink) })
    expect(stale.body).toMatchObject({ status: 'unsubscribed' })
    expect((await subscriber()).status).toBe('unsubscribed')
  })

  it('answers 404 to links it did not issue and 422 to none at all', async () => {
    const forgedUnsubscribe = `${crypto.randomUUID()}.${'A'.repeat(32)}`
    for (const [path, token] of [
      ['/api/service/newsletter/confirm', 'never-issued'],
      ['/api/service/newsletter/unsubscribe', forgedUnsubscribe],
      ['/api/service/newsletter/unsubscribe', 'garbage'],
    ] as const) {
      const response = await t.post(path, { token })
      expect(response.status).toBe(404)
      expect(response.body).toMatchObject({ message: messages.service.newsletterLinkInvalid })
    }
    expect((await t.get('/api/service/newsletter/confirm')).status).toBe(422)
    expect((await t.post('/api/service/newsletter/unsubscribe', {})).status).toBe(422)
  })
})

describe('admin inbox', () => {
  it('lists newest first with filters and pages, opens one, and answers it by email', async () => {
    const admin = await t.createUser({ role: 'admin' })
    const contactEmail = freshEmail('inbox-contact')
    const partnerEmail = freshEmail('inbox-partner')
    await t.post(
      '/api/service/contact',
      { ...contact(contactEmail), formToken: await filledToken() },
      { ip: freshIp() },
    )
    t.clock.advance({ seconds: 1 })
    await t.post(
      '/api/service/become-partner',
      { ...application(partnerEmail), formToken: await filledToken() },
      { ip: freshIp() },
    )

    const all = adminMessagesResponseSchema.parse(
      (await t.get('/api/admin/messages?pageSize=2', { token: admin.token })).body,
    )
    expect(all.messages.map((m) => m.email)).toEqual([partnerEmail, contactEmail])
    expect(all.total).toBeGreaterThan(2)
    const page2 = adminMessagesResponseSchema.parse(
      (await t.get('/api/admin/messages?pageSize=2&page=2', { token: admin.token })).body,
    )
    expect(page2.messages.map((m) => m.email)).not.toContain(partnerEmail)

    const partners = adminMessagesResponseSchema.parse(
      (await t.get('/api/admin/messages?kind=partner', { token: admin.token })).body,
    )
    expect(partners.messages.every((m) => m.kind === 'partner')).toBe(true)
    expect(partners.messages[0]).toMatchObject({
      email: partnerEmail,
      subject: 'Educator partnership',
    })

    const contactId = all.messages[1]!.id
    const opened = adminMessageResponseSchema.parse(
      (await t.get(`/api/admin/messages/${contactId}`, { token: admin.token })).body,
    )
    expect(opened.message).toMatchObject({
      kind: 'contact',
      status: 'open',
      message: 'When is my first payout due?',
      replies: [],
    })

    const since = new Date()
    const answered = await t.post(
      `/api/admin/messages/${contactId}/answer`,
      { body: 'Your first payout is due 14 days after your first funded trade.' },
      { token: admin.token },
    )
    expect(answered.status).toBe(200)
    const after = adminMessageResponseSchema.parse(answered.body).message
    expect(after.status).toBe('answered')
    expect(after.answeredAt).not.toBeNull()
    expect(after.replies).toEqual([
      expect.objectContaining({
        body: 'Your first payout is due 14 days after your first funded trade.',
        adminEmail: admin.user.email,
      }),
    ])
    const reply = await t.mailbox.waitFor({ to: contactEmail, subject: /^Re: / }, { since })
    expect(reply.text).toContain('Your first payout is due 14 days')
    const stored = await t.db
      .select()
      .from(serviceMessageReplies)
      .where(eq(serviceMessageReplies.messageId, contactId))
    expect(stored).toHaveLength(1)
    // audited: the admin, the message, and the answer as its own reason
    const audited = await t.db.select().from(auditLog).where(eq(auditLog.targetId, contactId))
    expect(audited).toEqual([
      expect.objectContaining({
        actorUserId: admin.user.id,
        action: 'message.answer',
        targetType: 'service-message',
        reason: 'Your first payout is due 14 days after your first funded trade.',
        details: { to: contactEmail, kind: 'contact' },
      }),
    ])

    const open = adminMessagesResponseSchema.parse(
      (await t.get('/api/admin/messages?status=open', { token: admin.token })).body,
    )
    expect(open.messages.map((m) => m.id)).not.toContain(contactId)

    const empty = await t.post(
      `/api/admin/messages/${contactId}/answer`,
      { body: '  ' },
      { token: admin.token },
    )
    expect(empty.status).toBe(422)
    const missing = await t.post(
      `/api/admin/messages/${crypto.randomUUID()}/answer`,
      { body: 'Hello' },
      { token: admin.token },
    )
    expect(missing.status).toBe(404)
    expect((await t.get('/api/admin/messages/not-a-uuid', { token: admin.token })).status).toBe(422)
    expect((await t.get('/api/admin/messages?kind=spam', { token: admin.token })).status).toBe(422)
  })

  it('exports the confirmed subscribers, with dates, as CSV', async () => {
    const admin = await t.createUser({ role: 'admin' })
    const confirmedEmail = freshEmail('csv-confirmed')
    const pendingEmail = freshEmail('csv-pending')
    const since = new Date()
    for (const email of [confirmedEmail, pendingEmail]) {
      await t.post(
        '/api/service/newsletter',
        { email, formToken: await filledToken() },
        { ip: freshIp() },
      )
    }
    const confirmation = await t.mailbox.waitFor(
      { to: confirmedEmail, subject: /Confirm/ },
      { since },
    )
    const link = confirmation.links.find((l) => l.includes('/newsletter/confirm?'))!
    await t.post('/api/service/newsletter/confirm', {
      token: new URL(link).searchParams.get('token'),
    })

    const response = await t.get('/api/admin/newsletter/subscribers.csv', { token: admin.token })
    expect(response.status).toBe(200)
    expect(response.headers['content-type']).toMatch(/^text\/csv/)
    expect(response.headers['content-disposition']).toMatch(/attachment; filename=".+\.csv"/)
    const lines = response.text.trim().split('\n')
    expect(lines[0]).toBe('email,subscribed_at,confirmed_at')
    const row = lines.find((line) => line.startsWith(`${confirmedEmail},`))
    expect(row).toMatch(/^[^,]+,\d{4}-\d\d-\d\dT[\d:.]+Z,\d{4}-\d\d-\d\dT[\d:.]+Z$/)
    expect(response.text).not.toContain(pendingEmail)
  })

  it('is for admins only: 401 without a session, 403 for a trader', async () => {
    const trader = await t.createUser()
    const id = crypto.randomUUID()
    const routes: [string, string, unknown?][] = [
      ['GET', '/api/admin/messages'],
      ['GET', `/api/admin/messages/${id}`],
      ['POST', `/api/admin/messages/${id}/answer`, { body: 'Hi' }],
      ['GET', '/api/admin/newsletter/subscribers.csv'],
    ]
    for (const [method, url, body] of routes) {
      const anonymous = await t.request(method as 'GET', url, body ? { body } : {})
      expect(anonymous.status).toBe(401)
      const asTrader = await t.request(method as 'GET', url, {
        token: trader.token,
        ...(body ? { body } : {}),
      })
      expect(asTrader.status).toBe(403)
      expect(asTrader.text).not.toContain('email,subscribed_at')
    }
  })
})
