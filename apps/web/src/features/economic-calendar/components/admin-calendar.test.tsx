import { screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { EconomicEvent } from '@tp/api/calendar'
import { confirmWithReason } from '@/testing/admin-reason'
import { json, makeUser, mockApi } from '@/testing/mock-api'
import { renderApp } from '@/testing/render-app'

// /admin/calendar: deleting an event lifts the news rule's window around it, so the dialog asks
// for the reason with the server's own words (decision 0055).

const admin = makeUser({ id: 'admin-1', email: 'admin@example.com', role: 'admin' })

const event: EconomicEvent = {
  id: '5a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
  time: '2030-03-04T13:30:00.000Z',
  currency: 'USD',
  title: 'Non-Farm Employment Change',
  impact: 'high',
  source: 'manual',
  sourceUid: null,
  updatedAt: '2030-03-01T10:00:00.000Z',
}

describe('admin calendar: delete', () => {
  it('deletes an event only with a reason, and sends it', async () => {
    const path = `DELETE /api/admin/calendar/events/${event.id}`
    const api = mockApi(
      {
        'GET /api/admin/calendar/events': () =>
          json(200, {
            data: { events: [event], page: 1, pageSize: 50, total: 1, feedUrl: null },
          }),
        [path]: () => json(200, { message: 'Event deleted.' }),
      },
      { user: admin },
    )
    const app = renderApp('/admin/calendar', { user: admin })

    await app.user.click(
      await screen.findByRole('button', { name: 'Delete USD Non-Farm Employment Change' }),
    )
    const dialog = await screen.findByRole('alertdialog', {
      name: 'Delete USD Non-Farm Employment Change?',
    })
    await confirmWithReason(app.user, dialog, {
      confirm: 'Delete',
      reasonLabel: 'Reason',
      reason: 'Release postponed by the BLS',
      sent: () => api.callsTo(path),
    })
    expect(await screen.findByText('Event deleted.')).toBeInTheDocument()
    expect(api.callsTo(path).map((call) => call.body)).toEqual([
      { reason: 'Release postponed by the BLS' },
    ])
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument())
  })
})
