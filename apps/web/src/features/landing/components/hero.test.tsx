import { QueryClientProvider } from '@tanstack/react-query'
import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { readPlanFacts } from '@tp/api/content/plan-facts'
import { createQueryClient } from '@/lib/react-query'
import { RouterNavigation } from '@/lib/router-navigation'
import { json, makeUser, mockApi } from '@/testing/mock-api'
import { signInAs } from '@/testing/render-app'
import { makeAccount } from '@/testing/trading-accounts'
import { landingSectionIds } from '../sections'
import { Hero, heroHighlights } from './hero'

/** The hero above a stand-in chooser section, with the dashboard as a route of its own. */
function renderHero() {
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: (
          <RouterNavigation>
            <Hero />
            <section id={landingSectionIds.chooser} aria-label="Account chooser" />
          </RouterNavigation>
        ),
      },
      { path: '/user/dashboard', element: <p>Dashboard page</p> },
    ],
    { initialEntries: ['/'] },
  )
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  )
  const chooser = screen.getByRole('region', { name: 'Account chooser' })
  const scrolled = vi.spyOn(chooser, 'scrollIntoView')
  return { router, chooser, scrolled, user: userEvent.setup({ delay: null }) }
}

const startButton = () => screen.getByRole('button', { name: 'START CHALLENGE' })

afterEach(() => {
  vi.restoreAllMocks()
})

describe('START CHALLENGE (spec 2.3)', () => {
  it('takes a visitor to the account chooser, asking the server nothing', async () => {
    const api = mockApi({})
    const { router, chooser, scrolled, user } = renderHero()

    await user.click(startButton())

    expect(scrolled).toHaveBeenCalledTimes(1)
    expect(chooser).toHaveFocus()
    expect(router.state.location.pathname).toBe('/')
    expect(api.callsTo('GET /api/trading/accounts')).toHaveLength(0)
  })

  it('takes a signed-in trader who owns an account to the dashboard', async () => {
    const trader = makeUser()
    const api = mockApi(
      { 'GET /api/trading/accounts': () => json(200, { accounts: [makeAccount()] }) },
      { user: trader },
    )
    signInAs(trader)
    const { router, scrolled, user } = renderHero()

    await user.click(startButton())

    expect(await screen.findByText('Dashboard page')).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/user/dashboard')
    expect(scrolled).not.toHaveBeenCalled()
    expect(api.callsTo('GET /api/trading/accounts')).toHaveLength(1)
  })

  it('takes a signed-in trader without an account to the chooser', async () => {
    const trader = makeUser()
    const api = mockApi(
      { 'GET /api/trading/accounts': () => json(200, { accounts: [] }) },
      { user: trader },
    )
    signInAs(trader)
    const { router, scrolled, user } = renderHero()

    await user.click(startButton())

    await waitFor(() => expect(scrolled).toHaveBeenCalledTimes(1))
    expect(router.state.location.pathname).toBe('/')
    expect(api.callsTo('GET /api/trading/accounts')).toHaveLength(1)
  })

  it('still offers the chooser when the accounts list cannot be read', async () => {
    const trader = makeUser()
    mockApi(
      { 'GET /api/trading/accounts': () => json(500, { code: 'internal', message: 'x' }) },
      { user: trader },
    )
    signInAs(trader)
    const { router, scrolled, user } = renderHero()

    await user.click(startButton())

    await waitFor(() => expect(scrolled).toHaveBeenCalledTimes(1))
    expect(router.state.location.pathname).toBe('/')
  })
})

describe('hero highlights', () => {
  it('quote the plans as they are sold', () => {
    const facts = readPlanFacts()
    const texts = heroHighlights.map((highlight) => highlight.text)
    expect(texts).toContain(
      `Simulated accounts from $${facts.accountSizes[0]} to $${facts.accountSizes.at(-1)}`,
    )
    expect(texts).toContain(
      `${facts.profitSplitPercent.standard}% profit split, ${facts.profitSplitPercent.withAddOn}% with the add-on`,
    )
    expect(texts).toContain(facts.platforms.map((platform) => platform.long).join(' or '))
  })
})
