import { screen } from '@testing-library/react'
import axe from 'axe-core'
import { describe, expect, it } from 'vitest'
import { json, makeUser, mockApi } from '@/testing/mock-api'
import { renderApp } from '@/testing/render-app'

// The browser journeys run axe in Chromium with real colours; here every page is checked for
// structure (labels, roles, names, landmarks) on each change, which jsdom can judge.
async function seriousViolations() {
  const results = await axe.run(document.body, {
    rules: { 'color-contrast': { enabled: false } },
    resultTypes: ['violations'],
  })
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.html).join(' | ')}`)
}

const trader = makeUser()

describe('accessibility (axe)', () => {
  it.each([
    ['/login', 'Sign In'],
    ['/signup', 'Sign Up'],
    ['/forgot-password', 'Forgot password'],
    ['/reset-password?token=abc', 'Reset password'],
  ])('%s has no serious or critical violation, also with errors shown', async (url, heading) => {
    mockApi({})
    const app = renderApp(url)
    await screen.findByRole('heading', { name: heading })
    expect(await seriousViolations()).toEqual([])

    await app.user.click(
      screen.getAllByRole('button', {
        name: heading === 'Forgot password' ? 'Send reset link' : heading,
      })[0]!,
    )
    await screen.findAllByRole('alert')
    expect(await seriousViolations()).toEqual([])
  })

  it('/profilesetting has no serious or critical violation, nor has its dialog', async () => {
    mockApi(
      {
        'POST /api/profile/get': () =>
          json(200, {
            data: {
              user: trader,
              profile: { name: 'Tess', userName: 'tess', bio: '', publicRole: '' },
              email: trader.email,
              billing: null,
            },
          }),
      },
      { user: trader },
    )
    const app = renderApp('/profilesetting', { user: trader })
    await screen.findByLabelText('Your Name')
    expect(await seriousViolations()).toEqual([])

    await app.user.click(screen.getByRole('button', { name: 'Save Changes' }))
    await screen.findByRole('alertdialog')
    expect(await seriousViolations()).toEqual([])
  })

  it('the trader area shell has no serious or critical violation', async () => {
    mockApi({}, { user: trader })
    renderApp('/user/dashboard', { user: trader })
    await screen.findByRole('heading', { name: 'Dashboard' })
    expect(await seriousViolations()).toEqual([])
  })
})
