import { render, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { TopNav } from '@/components/layouts/top-nav'
import QueryIsland from '@/lib/query-island'
import { makeUser, mockApi } from '@/testing/mock-api'
import { signInAs } from '@/testing/render-app'
import { loadTopNavIsland } from './top-nav-island'

const trader = makeUser()

describe("the public pages' top navigation island", () => {
  it('is the top bar alone for a signed-out visitor, which renders without a query cache', async () => {
    const Island = await loadTopNavIsland()
    expect(Island).toBe(TopNav)

    render(<Island />)
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login')
    expect(screen.getByRole('link', { name: 'Register' })).toHaveAttribute('href', '/signup')
  })

  it("shows a stored session's avatar and account menu button from the first render", async () => {
    mockApi({}, { user: trader })
    signInAs(trader)
    const Island = await loadTopNavIsland()

    render(
      <QueryIsland>
        <Island />
      </QueryIsland>,
    )
    expect(screen.getByRole('button', { name: 'Account menu' })).toHaveTextContent('T')
    expect(screen.queryByRole('link', { name: 'Login' })).not.toBeInTheDocument()
  })

  it('loads the avatar on demand when the bar was given none (a sign-in from another tab)', async () => {
    mockApi({}, { user: trader })
    signInAs(trader)

    render(
      <QueryIsland>
        <TopNav />
      </QueryIsland>,
    )
    const button = await screen.findByRole('button', { name: 'Account menu' })
    expect(await within(button).findByText('T')).toBeInTheDocument()
  })
})
