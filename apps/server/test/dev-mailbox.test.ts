import { mailboxListResponseSchema, mailboxMessageResponseSchema } from '@tp/api'
import nodemailer from 'nodemailer'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { extractLinks } from '../src/integrations/mail/capture-server'
import { createTestApp, type TestApp } from './support'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t?.close()
})

describe('mail capture (local SMTP server)', () => {
  it('stores what is sent over SMTP: recipients, subject, text, html and links', async () => {
    const transport = nodemailer.createTransport(t.smtpUrl!)
    await transport.sendMail({
      from: 'Sender <sender@tradepeak.test>',
      to: 'Reader@Example.com',
      bcc: 'hidden@example.com',
      subject: 'Links inside',
      text: 'Open https://example.com/a?x=1 now',
      html: '<p><a href="https://example.com/b?y=2&amp;z=3">b</a></p>',
    })
    transport.close()
    const email = await t.mailbox.waitFor({ to: 'reader@example.com', subject: 'Links inside' })
    expect(email.to).toEqual(['reader@example.com', 'hidden@example.com'])
    expect(email.from).toBe('Sender <sender@tradepeak.test>')
    expect(email.text).toContain('Open https://example.com/a?x=1 now')
    expect(email.links).toEqual(['https://example.com/b?y=2&z=3', 'https://example.com/a?x=1'])
  })

  it('finds links once each, http(s) only', () => {
    expect(
      extractLinks(
        '<a href="mailto:a@b.c">m</a><a href="https://x.test/1">1</a>',
        'see https://x.test/1 and http://y.test/2.',
      ),
    ).toEqual(['https://x.test/1', 'http://y.test/2.'])
  })
})

describe('dev mailbox API', () => {
  it('lists captured emails for an admin, with the reset link, and shows one in full', async () => {
    const admin = await t.createUser({ role: 'admin' })
    const trader = await t.createUser()
    await t.post('/api/auth/forgot-password', { email: trader.user.email })
    await t.mailbox.waitForResetLink(trader.user.email)

    const list = await t.get('/api/dev/mailbox', { token: admin.token })
    expect(list.status).toBe(200)
    const { data } = mailboxListResponseSchema.parse(list.body)
    const resetMail = data.find((mail) => mail.to.includes(trader.user.email))!
    expect(resetMail.links.some((link) => link.includes('/reset-password?token='))).toBe(true)

    const one = await t.get(`/api/dev/mailbox/${resetMail.id}`, { token: admin.token })
    const message = mailboxMessageResponseSchema.parse(one.body).data
    expect(message.html).toContain('Reset password')
    expect(message.text).toContain('/reset-password?token=')
  })

  it('is for admins only', async () => {
    const trader = await t.createUser()
    expect((await t.get('/api/dev/mailbox', { token: trader.token })).status).toBe(403)
    expect((await t.get('/api/dev/mailbox')).status).toBe(401)
  })

  it('answers 404 for an unknown message', async () => {
    const admin = await t.createUser({ role: 'admin' })
    const response = await t.get('/api/dev/mailbox/00000000-0000-4000-8000-000000000000', {
      token: admin.token,
    })
    expect(response.status).toBe(404)
  })
})

describe('without mail capture (SMTP_URL set)', () => {
  it('has no dev mailbox and says so in the public config', async () => {
    const other = await createTestApp({ env: { SMTP_URL: 'smtp://127.0.0.1:9' } })
    try {
      const admin = await other.createUser({ role: 'admin' })
      expect((await other.get('/api/dev/mailbox', { token: admin.token })).status).toBe(404)
      expect((await other.get('/api/config')).body).toMatchObject({ devMailbox: false })
    } finally {
      await other.close()
    }
  })
})
