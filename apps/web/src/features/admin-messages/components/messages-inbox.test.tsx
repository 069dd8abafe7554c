import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { ServiceMessage } from '@tp/api'
import { messages as texts } from '@tp/api'
import { json, makeUser, mockApi } from '@/testing/mock-api'
import { renderApp } from '@/testing/render-app'

const admin = makeUser({ id: 'admin-1', email: 'admin@example.com', role: 'admin' })

const contact: ServiceMessage = {
  id: '00000000-0000-4000-8000-000000000001',
  kind: 'contact',
  status: 'open',
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  subject: 'Payout question',
  preview: 'When is my first payout due?',
  createdAt: '2026-11-25T10:00:00.000Z',
  answeredAt: null,
  message: 'When is my first payout due?',
  socialUserName: null,
  socialUrl: null,
  partnershipType: null,
  userId: null,
  replies: [],
}
const {
  message: _m,
  socialUserName: _s,
  socialUrl: _u,
  partnershipType: _p,
  userId: _i,
  replies: _r,
  ...summary
} = contact

describe('admin inbox (/admin/messages)', () => {
  it('lists messages with the filters in the URL, opens one and answers it', async () => {
    const api = mockApi(
      {
        'GET /api/admin/messages': () =>
          json(200, { messages: [summary], page: 1, pageSize: 20, total: 1 }),
        [`GET /api/admin/messages/${contact.id}`]: () => json(200, { message: contact }),
        [`POST /api/admin/messages/${contact.id}/answer`]: (call) =>
          json(200, {
            message: {
              ...contact,
              status: 'answered',
              answeredAt: '2026-11-25T11:00:00.000Z',
              replies: [
                {
                  id: 'reply-1',
                  body: (call.body as { body: string }).body,
                  adminEmail: admin.email,
                  createdAt: '2026-11-25T11:00:00.000Z',
                },
              ],
            },
          }),
      },
      { user: admin },
    )
    const app = renderApp('/admin/messages', { user: admin })
    const row = await screen.findByTestId('inbox-row')
    expect(within(row).getByText('Ada Lovelace')).toBeInTheDocument()
    expect(within(row).getByText('Open')).toBeInTheDocument()

    await app.user.selectOptions(screen.getByLabelText('Kind'), 'partner')
    expect(app.location()).toBe('/admin/messages?kind=partner')
    const lastList = api.callsTo('GET /api/admin/messages').at(-1)!
    expect(lastList.search.get('kind')).toBe('partner')
    await app.user.selectOptions(screen.getByLabelText('Kind'), '')

    await app.user.click(await screen.findByRole('link', { name: 'Payout question' }))
    expect(app.location()).toBe(`/admin/messages/${contact.id}`)
    expect(await screen.findByText('Ada Lovelace <ada@example.com>')).toBeInTheDocument()

    await app.user.click(await screen.findByRole('button', { name: 'Send answer' }))
    expect(await screen.findByText(texts.validation.required)).toBeInTheDocument()
    expect(api.callsTo(`POST /api/admin/messages/${contact.id}/answer`)).toHaveLength(0)

    await app.user.type(screen.getByLabelText('Your answer'), 'In 14 days.')
    await app.user.click(screen.getByRole('button', { name: 'Send answer' }))
    expect(await screen.findByTestId('message-status')).toHaveTextContent('Answered')
    expect(screen.getByRole('region', { name: 'Answers' })).toHaveTextContent('In 14 days.')
    expect(api.callsTo(`POST /api/admin/messages/${contact.id}/answer`)[0]!.body).toEqual({
      body: 'In 14 days.',
    })
  })
})
