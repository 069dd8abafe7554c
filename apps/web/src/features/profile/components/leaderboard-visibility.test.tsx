import { screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { leaderboardMessages } from '@tp/api/leaderboard'
import { json, makeUser, mockApi } from '@/testing/mock-api'
import { renderApp } from '@/testing/render-app'

// Profile settings: the leaderboard opt-out (issue 12 item 9), saved at once.

const trader = makeUser()
const profile = { name: 'Tess Trader', userName: 'tess', bio: '', publicRole: 'trader' }

describe('profile settings: leaderboard visibility', () => {
  it('shows the trader by default and saves an opt-out, then an opt-in', async () => {
    const api = mockApi(
      {
        'POST /api/profile/get': () =>
          json(200, {
            data: { user: trader, profile, email: trader.email, billing: null },
          }),
        'POST /api/profile/update': (call) => {
          const body = call.body as { isOnLeaderboard: boolean }
          return json(200, {
            data: {
              updatedProfile: { ...profile, isOnLeaderboard: body.isOnLeaderboard },
              user: trader,
            },
          })
        },
      },
      { user: trader },
    )
    const app = renderApp('/profilesetting', { user: trader })

    const toggle = await screen.findByRole('switch', { name: leaderboardMessages.optOutLabel })
    expect(toggle).toHaveAttribute('aria-checked', 'true')
    expect(screen.getByText(leaderboardMessages.optOutHint)).toBeInTheDocument()

    await app.user.click(toggle)
    await waitFor(() => expect(toggle).toHaveAttribute('aria-checked', 'false'))
    await waitFor(() => expect(toggle).toBeEnabled())
    await app.user.click(toggle)
    await waitFor(() => expect(toggle).toHaveAttribute('aria-checked', 'true'))
    expect(api.callsTo('POST /api/profile/update').map((call) => call.body)).toEqual([
      { isOnLeaderboard: false },
      { isOnLeaderboard: true },
    ])
  })
})
