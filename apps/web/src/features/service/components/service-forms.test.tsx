import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { messages } from '@tp/api'
import { json, mockApi, type Handler } from '@/testing/mock-api'
import { renderApp } from '@/testing/render-app'

// The public forms through the whole app (routes, layout, providers), the API at the network
// boundary: validation before any call, the anti-bot fields sent along, spec 8's messages, the
// form cleared on success.

const formToken: Handler = () =>
  json(200, {
    token: 'token-1',
    issuedAt: '2026-01-01T00:00:00.000Z',
    notBefore: '2026-01-01T00:00:00.000Z',
    expiresAt: '2026-01-02T00:00:00.000Z',
    minFillMs: 0,
  })

describe('contact form (/contact-us)', () => {
  it('checks the required fields, sends the message with the anti-bot fields and clears itself', async () => {
    const api = mockApi({
      'GET /api/service/form-token': formToken,
      'POST /api/service/contact': () => json(200, { message: messages.service.contactSent }),
    })
    const app = renderApp('/contact-us')
    const form = await screen.findByRole('form', { name: 'Contact us' })

    await app.user.click(within(form).getByRole('button', { name: 'Send message' }))
    expect(await within(form).findAllByText(messages.validation.required)).toHaveLength(2)
    expect(api.callsTo('POST /api/service/contact')).toHaveLength(0)

    await app.user.type(within(form).getByLabelText('Full name'), 'Ada Lovelace')
    await app.user.type(within(form).getByLabelText('Email'), 'ada@example.com')
    await app.user.type(within(form).getByLabelText('Message'), 'When is my payout?')
    await app.user.click(within(form).getByRole('button', { name: 'Send message' }))

    expect(await within(form).findByText(messages.service.contactSent)).toBeInTheDocument()
    expect(api.callsTo('POST /api/service/contact')[0]!.body).toEqual({
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      // an empty optional subject is not sent
      message: 'When is my payout?',
      formToken: 'token-1',
      website: '',
    })
    expect(within(form).getByLabelText('Full name')).toHaveValue('')
    expect(within(form).getByLabelText('Message')).toHaveValue('')
    // the support channels and response times of spec 2.5 beside it
    expect(screen.getByText(/within 12-24 hours, Monday to Friday/)).toBeInTheDocument()
  })

  it("says spec 8's failure message and keeps what was typed", async () => {
    mockApi({
      'GET /api/service/form-token': formToken,
      'POST /api/service/contact': () => json(500, { code: 'INTERNAL', message: 'Server error.' }),
    })
    const app = renderApp('/contact-us')
    const form = await screen.findByRole('form', { name: 'Contact us' })
    await app.user.type(within(form).getByLabelText('Full name'), 'Ada')
    await app.user.type(within(form).getByLabelText('Email'), 'ada@example.com')
    await app.user.type(within(form).getByLabelText('Message'), 'Hello')
    await app.user.click(within(form).getByRole('button', { name: 'Send message' }))

    expect(await screen.findAllByText(messages.service.contactFailed)).not.toHaveLength(0)
    expect(within(form).getByLabelText('Full name')).toHaveValue('Ada')
  })
})

describe('partner form (/become-a-partner)', () => {
  it('refuses a social link that is not a link, then applies', async () => {
    const api = mockApi({
      'GET /api/service/form-token': formToken,
      'POST /api/service/become-partner': () =>
        json(200, { message: messages.service.partnerApplied }),
    })
    const app = renderApp('/become-a-partner')
    const form = await screen.findByRole('form', { name: 'Partner application' })
    await app.user.type(within(form).getByLabelText('Full name'), 'Grace')
    await app.user.type(within(form).getByLabelText('Email'), 'grace@example.com')
    await app.user.type(within(form).getByLabelText(/Social user name/), '@grace')
    await app.user.type(within(form).getByLabelText('Social link (optional)'), 'my channel')
    await app.user.selectOptions(within(form).getByLabelText('Partnership type'), 'educator')
    await app.user.type(within(form).getByLabelText(/^Message/), 'I teach traders.')
    await app.user.click(within(form).getByRole('button', { name: 'Apply now' }))
    expect(await within(form).findByText(messages.service.urlInvalid)).toBeInTheDocument()
    expect(api.callsTo('POST /api/service/become-partner')).toHaveLength(0)

    await app.user.clear(within(form).getByLabelText('Social link (optional)'))
    await app.user.click(within(form).getByRole('button', { name: 'Apply now' }))
    expect(await within(form).findByText(messages.service.partnerApplied)).toBeInTheDocument()
    expect(api.callsTo('POST /api/service/become-partner')[0]!.body).toEqual({
      name: 'Grace',
      email: 'grace@example.com',
      socialUserName: '@grace',
      partnershipType: 'educator',
      message: 'I teach traders.',
      formToken: 'token-1',
      website: '',
    })
    expect(within(form).getByLabelText('Partnership type')).toHaveValue('')
  })

  it("shows the server's message when it refuses (spec 7)", async () => {
    mockApi({
      'GET /api/service/form-token': formToken,
      'POST /api/service/become-partner': () =>
        json(429, { code: 'RATE_LIMITED', message: messages.auth.tooManyAttempts }),
    })
    const app = renderApp('/become-a-partner')
    const form = await screen.findByRole('form', { name: 'Partner application' })
    await app.user.type(within(form).getByLabelText('Full name'), 'Grace')
    await app.user.type(within(form).getByLabelText('Email'), 'grace@example.com')
    await app.user.type(within(form).getByLabelText(/Social user name/), '@grace')
    await app.user.selectOptions(within(form).getByLabelText('Partnership type'), 'broker')
    await app.user.type(within(form).getByLabelText(/^Message/), 'Hello')
    await app.user.click(within(form).getByRole('button', { name: 'Apply now' }))
    expect(await screen.findAllByText(messages.auth.tooManyAttempts)).not.toHaveLength(0)
  })
})

describe('newsletter links', () => {
  it('confirms with the token of the link, once', async () => {
    const api = mockApi({
      'POST /api/service/newsletter/confirm': () =>
        json(200, {
          status: 'confirmed',
          email: 'reader@example.com',
          message: messages.service.newsletterConfirmed,
        }),
    })
    renderApp('/newsletter/confirm?token=abc123')
    expect(await screen.findByText(messages.service.newsletterConfirmed)).toBeInTheDocument()
    expect(api.callsTo('POST /api/service/newsletter/confirm').map((c) => c.body)).toEqual([
      { token: 'abc123' },
    ])
  })

  it('says an unsubscribe link without a token is invalid, and an unknown one too', async () => {
    mockApi({})
    const first = renderApp('/newsletter/unsubscribe')
    expect(await screen.findByText(messages.service.newsletterLinkInvalid)).toBeInTheDocument()
    first.unmount()

    mockApi({
      'POST /api/service/newsletter/unsubscribe': () =>
        json(404, { code: 'NOT_FOUND', message: messages.service.newsletterLinkInvalid }),
    })
    renderApp('/newsletter/unsubscribe?token=forged')
    await waitFor(() =>
      expect(screen.getByText(messages.service.newsletterLinkInvalid)).toBeInTheDocument(),
    )
  })
})
