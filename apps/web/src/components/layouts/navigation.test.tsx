import { act, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { messages, storageKeys } from '@tp/api'
import { json, makeUser, mockApi } from '@/testing/mock-api'
import { renderApp } from '@/testing/render-app'
import { adminNavItems, traderNavItems } from './navigation'

const trader = makeUser()
const admin = makeUser({ id: 'admin-1', email: 'admin@example.com', role: 'admin', name: 'Ada' })

const traderMenu = [
  'Dashboard',
  'Trading Accounts',
  'Trading Terminal',
  'Analytics',
  'Payouts',
  'Certificates',
  'Billing',
  'Leaderboard',
  'Economic Calendar & News',
  'Academy',
  'Support Team',
  'Connect MetaTrader',
  'Profile Settings',
]

describe('top navigation', () => {
  it('offers Login and Register to a visitor, and Dashboard asks them to sign in first', async () => {
    mockApi({})
    const app = renderApp('/')
    const main = await screen.findByRole('navigation', { name: 'Main' })

    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login')
    expect(screen.getByRole('link', { name: 'Register' })).toHaveAttribute('href', '/signup')
    await app.user.click(within(main).getByRole('link', { name: 'Dashboard' }))

    expect(await screen.findByText(messages.auth.loginFirst)).toBeInTheDocument()
    await waitFor(() => expect(app.location()).toBe('/login'))
  })

  it("leads a signed-in trader's Dashboard to the trader area and an admin's to the admin area", async () => {
    mockApi({}, { user: trader })
    const traderApp = renderApp('/', { user: trader })
    const traderNav = await screen.findByRole('navigation', { name: 'Main' })
    expect(within(traderNav).getByRole('link', { name: 'Dashboard' })).toHaveAttribute(
      'href',
      '/user',
    )
    traderApp.unmount()

    mockApi({}, { user: admin })
    renderApp('/', { user: admin })
    const adminNav = await screen.findByRole('navigation', { name: 'Main' })
    expect(within(adminNav).getByRole('link', { name: 'Dashboard' })).toHaveAttribute(
      'href',
      '/admin',
    )
  })

  it("shows the trader's email, Profile and Sign Out in the avatar menu, without Admin Dashboard", async () => {
    mockApi({}, { user: trader })
    const app = renderApp('/', { user: trader })

    await app.user.click(await screen.findByRole('button', { name: 'Account menu' }))
    const menu = await screen.findByRole('menu')

    expect(menu).toHaveTextContent(trader.email)
    expect(within(menu).getByRole('menuitem', { name: 'Profile' })).toHaveAttribute(
      'href',
      '/profilesetting',
    )
    expect(within(menu).getByRole('menuitem', { name: 'Sign Out' })).toBeInTheDocument()
    expect(
      within(menu).queryByRole('menuitem', { name: 'Admin Dashboard' }),
    ).not.toBeInTheDocument()

    // an outside click closes it (spec 2.2)
    await app.user.click(document.body)
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument())
  })

  it('offers Admin Dashboard in the avatar menu of an admin', async () => {
    mockApi({}, { user: admin })
    const app = renderApp('/', { user: admin })

    await app.user.click(await screen.findByRole('button', { name: 'Account menu' }))

    expect(await screen.findByRole('menuitem', { name: 'Admin Dashboard' })).toHaveAttribute(
      'href',
      '/admin',
    )
  })
})

describe('sign-out', () => {
  it('revokes the session, clears every stored key of spec 3 and opens sign-in', async () => {
    const api = mockApi(
      { 'POST /api/auth/logout': () => new Response(null, { status: 204 }) },
      { user: trader },
    )
    const app = renderApp('/user/dashboard', { user: trader })
    window.localStorage.setItem(storageKeys.balance, '50000')
    window.localStorage.setItem(storageKeys.platform, 'mt4')
    window.localStorage.setItem(storageKeys.fee, '379')
    window.localStorage.setItem(storageKeys.challenge, 'twoPhase')
    window.localStorage.setItem(storageKeys.addOns, '{"fastPayout":true}')
    window.localStorage.setItem(storageKeys.accessToken, 'broker-token')

    await app.user.click(await screen.findByRole('button', { name: 'Account menu' }))
    await app.user.click(await screen.findByRole('menuitem', { name: 'Sign Out' }))

    expect(await screen.findByRole('heading', { name: 'Sign In' })).toBeInTheDocument()
    expect(app.location()).toBe('/login')
    expect(api.callsTo('POST /api/auth/logout')[0]!.body).toEqual({ refreshToken: 'refresh-1' })
    for (const key of Object.values(storageKeys)) {
      expect(window.localStorage.getItem(key), key).toBeNull()
    }
    expect(screen.getByRole('link', { name: 'Tradepeak home' })).toBeInTheDocument()
  })

  it('signs out on this device even when the server cannot be reached', async () => {
    mockApi(
      {
        'POST /api/auth/logout': () => {
          throw new TypeError('Failed to fetch')
        },
      },
      { user: trader },
    )
    const app = renderApp('/user/dashboard', { user: trader })

    await app.user.click(await screen.findByRole('button', { name: 'Account menu' }))
    await app.user.click(await screen.findByRole('menuitem', { name: 'Sign Out' }))

    await waitFor(() => expect(app.location()).toBe('/login'))
    expect(window.localStorage.getItem(storageKeys.token)).toBeNull()
  })
})

describe('side menus', () => {
  it('lists the 13 trader items and the community links, which open in a new tab', async () => {
    mockApi({}, { user: trader })
    renderApp('/user/dashboard', { user: trader })

    const menu = await screen.findByRole('navigation', { name: 'Trader menu' })
    const links = within(menu).getAllByRole('link')
    const internal = links.filter((link) => !link.getAttribute('target'))
    const external = links.filter((link) => link.getAttribute('target') === '_blank')

    expect(internal.map((link) => link.textContent)).toEqual(traderMenu)
    expect(external).toHaveLength(3)
    for (const link of external) expect(link).toHaveAttribute('rel', 'noopener noreferrer')
    expect(within(menu).getByRole('link', { name: 'Dashboard' })).toHaveAttribute(
      'aria-current',
      'page',
    )
  })

  it('remembers a collapsed sidebar', async () => {
    mockApi({}, { user: trader })
    const app = renderApp('/user/dashboard', { user: trader })

    await app.user.click(await screen.findByRole('button', { name: 'Collapse sidebar' }))
    app.unmount()
    renderApp('/user/billing', { user: trader })

    expect(await screen.findByRole('button', { name: 'Expand sidebar' })).toHaveAttribute(
      'aria-expanded',
      'false',
    )
  })

  it('gives an admin the admin menu and no trader menu', async () => {
    mockApi({}, { user: admin })
    renderApp('/admin/dashboard', { user: admin })

    const menu = await screen.findByRole('navigation', { name: 'Admin menu' })
    expect(within(menu).getByRole('link', { name: 'User Accounts' })).toHaveAttribute(
      'href',
      '/admin/useraccount',
    )
    // only where the app captures mail itself (public config: devMailbox)
    expect(await within(menu).findByRole('link', { name: 'Mailbox' })).toHaveAttribute(
      'href',
      '/admin/mailbox',
    )
    expect(screen.queryByRole('navigation', { name: 'Trader menu' })).not.toBeInTheDocument()
  })

  it('puts the trader menu in the drawer of small screens, and not for admins', async () => {
    mockApi({}, { user: trader })
    const traderApp = renderApp('/', { user: trader })
    await traderApp.user.click(await screen.findByRole('button', { name: 'Open menu' }))
    const drawer = await screen.findByRole('dialog')
    expect(within(drawer).getByRole('navigation', { name: 'Trader menu' })).toBeInTheDocument()
    traderApp.unmount()

    mockApi({}, { user: admin })
    const adminApp = renderApp('/', { user: admin })
    await adminApp.user.click(await screen.findByRole('button', { name: 'Open menu' }))
    const adminDrawer = await screen.findByRole('dialog')
    expect(
      within(adminDrawer).queryByRole('navigation', { name: 'Trader menu' }),
    ).not.toBeInTheDocument()
    expect(within(adminDrawer).getByRole('navigation', { name: 'Admin menu' })).toBeInTheDocument()
  })
})

describe('route map (spec 2.1)', () => {
  // Later work replaces placeholders with real pages, so only the address and a page heading are
  // checked here: none of these may fall through to the catch-all redirect to /.
  async function expectPagesAt(app: ReturnType<typeof renderApp>, urls: string[]) {
    for (const url of urls) {
      await act(() => app.router.navigate(url))
      await waitFor(() => expect(app.location()).toBe(url))
      expect(await screen.findByRole('heading', { level: 1 }), url).toBeInTheDocument()
    }
  }

  it('serves every public and stand-alone page at its own address', async () => {
    mockApi({})
    const app = renderApp('/')
    await screen.findByRole('navigation', { name: 'Main' })

    await expectPagesAt(app, [
      '/home',
      '/about-us',
      '/contact-us',
      '/faq',
      '/disclaimer',
      '/terms-&-conditions',
      '/privacy-policy',
      '/become-a-partner',
      '/trading-rules',
      '/pricing',
      '/get-funded',
      '/testimonials',
      '/oxapay',
      '/paypal',
      '/login',
      '/signup',
      '/forgot-password',
      '/reset-password?token=abc',
      '/payment-success?trackId=42',
      '/certificate?hash=abc',
      '/test-login',
    ])
  })

  it('serves every page of the trader area, /user opening the dashboard', async () => {
    mockApi({}, { user: trader })
    const app = renderApp('/user', { user: trader })
    await waitFor(() => expect(app.location()).toBe('/user/dashboard'))

    await expectPagesAt(app, [
      ...traderNavItems.map((item) => item.href),
      '/user/supportteam',
      '/user/calendarnews',
      '/user/tradingtool',
      '/user/analyticsview',
    ])
  })

  it('serves every page of the admin menu, /admin opening the dashboard', async () => {
    mockApi(
      {
        'GET /api/admin/users': () =>
          json(200, { data: { users: [], page: 1, pageSize: 20, total: 0 } }),
        'GET /api/dev/mailbox': () => json(200, { data: [] }),
      },
      { user: admin },
    )
    const app = renderApp('/admin', { user: admin })
    await waitFor(() => expect(app.location()).toBe('/admin/dashboard'))

    await expectPagesAt(
      app,
      adminNavItems({ hasDevMailbox: true }).map((item) => item.href),
    )
  })
})
