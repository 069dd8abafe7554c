import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { describe, expect, it } from 'vitest'
import { messages, storageKeys } from '@tp/api'
import { describePlanRules } from '@tp/domain'
import { Toaster } from '@/components/ui/toaster'
import { RouterNavigation } from '@/lib/router-navigation'
import { mockApi } from '@/testing/mock-api'
import { signInAs } from '@/testing/render-app'
import { AccountChooser } from '../index'
import { trader } from '../testing/fixtures'

/** The chooser on a page of its own (the landing page will place it), with checkout and sign-in. */
function renderChooser(options: { isSignedIn?: boolean } = {}) {
  mockApi({}, { user: options.isSignedIn ? trader : null })
  if (options.isSignedIn) signInAs(trader)
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: (
          <RouterNavigation>
            <AccountChooser />
          </RouterNavigation>
        ),
      },
      { path: '/get-funded', element: <p>Checkout page</p> },
      { path: '/login', element: <p>Sign-in page</p> },
    ],
    { initialEntries: ['/'] },
  )
  render(
    <>
      <RouterProvider router={router} />
      <Toaster />
    </>,
  )
  return { router, user: userEvent.setup({ delay: null }) }
}

const ruleValue = (label: string) => {
  const panel = screen.getByRole('tabpanel')
  const term = within(panel).getByText(label, { selector: 'dt' })
  return term.nextElementSibling?.textContent
}

describe('account chooser (spec 2.3, 4)', () => {
  it('opens on spec 4 defaults: Two Phase, MT4, $5K, with the Phase 1 rules', () => {
    renderChooser()

    expect(screen.getByRole('radio', { name: 'Two Phase' })).toBeChecked()
    expect(screen.getByRole('radio', { name: 'MetaTrader 4' })).toBeChecked()
    expect(screen.getByRole('radio', { name: '$5K' })).toBeChecked()
    const tabs = screen.getAllByRole('tab').map((tab) => tab.textContent)
    expect(tabs).toEqual(['Phase 1', 'Phase 2', 'Funded'])
    expect(screen.getByRole('tab', { name: 'Phase 1' })).toHaveAttribute('aria-selected', 'true')
    const phase1 = describePlanRules('twoPhase.phase1', 5)
    expect(ruleValue('Profit Target')).toBe(phase1.find((r) => r.key === 'profitTarget')!.value)
    expect(ruleValue('Platforms')).toBe('MT4 and MT5')
    expect(screen.getByRole('button', { name: 'START' })).toHaveAccessibleDescription('$59.00')
  })

  it('shows each stage rules in its tab, sized to the chosen account', async () => {
    const { user } = renderChooser()

    await user.click(screen.getByRole('radio', { name: '$100K' }))
    await user.click(screen.getByRole('tab', { name: 'Phase 2' }))

    const phase2 = describePlanRules('twoPhase.phase2', 100)
    expect(ruleValue('Profit Target')).toBe(phase2.find((r) => r.key === 'profitTarget')!.value)
    expect(ruleValue('Daily Loss Limit')).toBe(phase2.find((r) => r.key === 'dailyLoss')!.value)

    await user.click(screen.getByRole('tab', { name: 'Funded' }))
    const funded = describePlanRules('twoPhase.funded', 100)
    expect(ruleValue('Profit Target')).toBe(funded.find((r) => r.key === 'profitTarget')!.value)
    expect(ruleValue('Best Day Rule')).toBe(funded.find((r) => r.key === 'bestDay')!.value)
  })

  it('offers only the Funded tab for Instant Funding, and a new challenge type resets the tab', async () => {
    const { user } = renderChooser()
    await user.click(screen.getByRole('tab', { name: 'Funded' }))

    await user.click(screen.getByRole('radio', { name: 'Instant Funding' }))
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Funded'])
    const instant = describePlanRules('instantFund.funded', 5)
    expect(ruleValue('News Trading')).toBe(instant.find((r) => r.key === 'newsTrading')!.value)
    expect(screen.getByRole('button', { name: 'START' })).toHaveAccessibleDescription('$109.00')

    await user.click(screen.getByRole('radio', { name: 'Two Phase' }))
    expect(screen.getByRole('tab', { name: 'Phase 1' })).toHaveAttribute('aria-selected', 'true')
  })

  it('stores the selection under the spec 3 keys and opens checkout when signed in', async () => {
    const { user, router } = renderChooser({ isSignedIn: true })

    await user.click(screen.getByRole('radio', { name: 'Instant Funding' }))
    await user.click(screen.getByRole('radio', { name: 'MetaTrader 5' }))
    await user.click(screen.getByRole('radio', { name: '$100K' }))
    await user.click(screen.getByRole('button', { name: 'START' }))

    expect(await screen.findByText('Checkout page')).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/get-funded')
    expect(window.localStorage.getItem(storageKeys.platform)).toBe('mt5')
    expect(window.localStorage.getItem(storageKeys.challenge)).toBe('instantFund')
    expect(window.localStorage.getItem(storageKeys.balance)).toBe('100000')
    expect(window.localStorage.getItem(storageKeys.fee)).toBe('1999')
    expect(JSON.parse(window.localStorage.getItem(storageKeys.addOns)!)).toEqual({
      profitSplit100: false,
      fastPayout: false,
      both: false,
    })
  })

  it('asks a visitor to sign in first, keeping the selection for after', async () => {
    const { user, router } = renderChooser()

    await user.click(screen.getByRole('radio', { name: '$25K' }))
    await user.click(screen.getByRole('button', { name: 'START' }))

    expect(await screen.findByText(messages.auth.loginFirstToTrade)).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/login')
    expect(window.localStorage.getItem(storageKeys.balance)).toBe('25000')
    expect(window.localStorage.getItem(storageKeys.fee)).toBe('199')
  })
})
