import { act, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { checkoutMessages, type CryptoSession } from '@tp/api'
import { json, type Handler } from '@/testing/mock-api'
import { renderApp } from '@/testing/render-app'
import { PAYMENT_STATUS_POLL_MS, type PaymentStatus } from '../api/get-payment-status'
import { COPY_CONFIRMATION_MS } from '../hooks/use-copy'
import { checkoutApi, makeOrder, orderId, trader } from '../testing/fixtures'

const NOW = Date.parse('2025-06-11T12:00:00.000Z')
const trackId = '184747701'
const address = 'TQx7mP4vYb2cW9kL3nR8sD5fG6hJ1aZ0eX'

function makeSession(overrides: Partial<CryptoSession> = {}): CryptoSession {
  return {
    orderId,
    trackId,
    payAmount: '419.30',
    payCurrency: 'USDT',
    amount: 420,
    currency: 'USD',
    network: 'TRC20',
    address,
    memo: null,
    QRCode: null,
    expiresAt: new Date(Date.now() + 30 * 60_000).toISOString(),
    ...overrides,
  }
}

const history =
  (statuses: PaymentStatus[]): Handler =>
  (_call, index) =>
    json(200, {
      result: {
        trackId,
        status: statuses[Math.min(index, statuses.length - 1)],
        orderId,
        accountId: null,
      },
    })

function openCryptoScreen(handlers: Record<string, Handler> = {}) {
  const api = checkoutApi(
    {
      'POST /api/payment/white-label/create': () => json(201, { result: makeSession() }),
      'GET /api/payment/get-history': history(['Waiting']),
      'GET /api/trading/accounts': () => json(200, { accounts: [] }),
      ...handlers,
    },
    { orders: [makeOrder({ method: 'crypto' })] },
  )
  const app = renderApp(`/oxapay?order=${orderId}`, { user: trader })
  return { api, app }
}

async function chooseOption(
  app: ReturnType<typeof renderApp>,
  combobox: string,
  option: string | RegExp,
) {
  await app.user.click(await screen.findByRole('combobox', { name: combobox }))
  await app.user.click(await screen.findByRole('option', { name: option }))
}

async function proceed(app: ReturnType<typeof renderApp>) {
  await app.user.click(await screen.findByRole('button', { name: 'Proceed to payment' }))
  return screen.findByRole('button', { name: 'Back to currency selection' })
}

afterEach(() => {
  vi.useRealTimers()
})

describe('crypto payment, step 1 (spec 2.7, 5, 9.4)', () => {
  it('offers the spec 9.4 coins, the first network by default, and sends the chosen one', async () => {
    const { api, app } = openCryptoScreen()

    expect(await screen.findByRole('combobox', { name: 'Currency' })).toHaveTextContent('BTC')
    await chooseOption(app, 'Currency', /^USDT/)
    expect(screen.getByRole('combobox', { name: 'Network' })).toHaveTextContent('BEP20')
    await chooseOption(app, 'Network', 'TRC20')
    await proceed(app)

    expect(api.callsTo('POST /api/payment/white-label/create')[0]!.body).toEqual({
      orderId,
      currency: 'USDT',
      network: 'TRC20',
    })
  })

  it('sends no network for a coin listed without network labels', async () => {
    const { api, app } = openCryptoScreen()

    await chooseOption(app, 'Currency', /^DOGE/)
    expect(screen.queryByRole('combobox', { name: 'Network' })).not.toBeInTheDocument()
    await proceed(app)

    expect(api.callsTo('POST /api/payment/white-label/create')[0]!.body).toEqual({
      orderId,
      currency: 'DOGE',
    })
  })

  it('says so when the session cannot be created, and stays on step 1', async () => {
    const { app } = openCryptoScreen({
      'POST /api/payment/white-label/create': () =>
        json(502, { code: 'PROVIDER_ERROR', message: 'OxaPay is down.' }),
    })

    await app.user.click(await screen.findByRole('button', { name: 'Proceed to payment' }))

    expect(await screen.findByText(checkoutMessages.cryptoCreateFailed)).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Proceed to payment' })).toBeInTheDocument()
  })
})

describe('crypto payment, step 2 (spec 2.7, 4)', () => {
  it('shows the QR code, address, amounts and a 30-minute countdown; the back arrow returns', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(NOW)
    const { app } = openCryptoScreen()
    await proceed(app)

    expect(
      screen.getByRole('img', { name: 'QR code of the USDT payment address' }),
    ).toBeInTheDocument()
    expect(screen.getByText(address)).toBeInTheDocument()
    expect(screen.getByText('419.30 USDT')).toBeInTheDocument()
    expect(screen.getByText('$420.00 USD')).toBeInTheDocument()
    expect(screen.getByText('30:00')).toBeInTheDocument()
    expect(screen.getByText('Waiting')).toBeInTheDocument()

    await app.user.click(screen.getByRole('button', { name: 'Back to currency selection' }))
    expect(await screen.findByRole('button', { name: 'Proceed to payment' })).toBeInTheDocument()
  })

  it('copies the address and shows the confirmation for half a second', async () => {
    const { app } = openCryptoScreen()
    await proceed(app)
    const writeText = vi.spyOn(navigator.clipboard, 'writeText')

    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Copy address' }))
    })
    expect(writeText).toHaveBeenCalledWith(address)
    expect(screen.getByRole('button', { name: 'Address copied' })).toBeInTheDocument()

    act(() => vi.advanceTimersByTime(COPY_CONFIRMATION_MS - 1))
    expect(screen.getByRole('button', { name: 'Address copied' })).toBeInTheDocument()
    act(() => vi.advanceTimersByTime(1))
    expect(screen.getByRole('button', { name: 'Copy address' })).toBeInTheDocument()
  })

  it('asks for the status every 5 s: Confirming and Paid are announced, then polling stops', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    vi.setSystemTime(NOW)
    const { api, app } = openCryptoScreen({
      'GET /api/payment/get-history': history(['Waiting', 'Confirming', 'Paid']),
    })
    await proceed(app)
    await waitFor(() => expect(api.callsTo('GET /api/payment/get-history')).toHaveLength(1))
    expect(api.callsTo('GET /api/payment/get-history')[0]!.search.get('trackId')).toBe(trackId)

    await act(() => vi.advanceTimersByTimeAsync(PAYMENT_STATUS_POLL_MS))
    expect(await screen.findByText(checkoutMessages.cryptoConfirming)).toBeInTheDocument()
    // the confirming notice stays up while it confirms, then the outcome takes its place
    await act(() => vi.advanceTimersByTimeAsync(PAYMENT_STATUS_POLL_MS - 1))
    expect(screen.getByText(checkoutMessages.cryptoConfirming)).toBeInTheDocument()

    await act(() => vi.advanceTimersByTimeAsync(1))
    expect(await screen.findByText(checkoutMessages.cryptoPaid)).toBeInTheDocument()
    await waitFor(() =>
      expect(screen.queryByText(checkoutMessages.cryptoConfirming)).not.toBeInTheDocument(),
    )
    expect(api.callsTo('GET /api/payment/get-history')).toHaveLength(3)

    await act(() => vi.advanceTimersByTimeAsync(3 * PAYMENT_STATUS_POLL_MS))
    expect(api.callsTo('GET /api/payment/get-history')).toHaveLength(3)

    await app.user.click(screen.getByRole('button', { name: 'Return to dashboard' }))
    expect(await screen.findByText(checkoutMessages.cryptoReturnConfirmed)).toBeInTheDocument()
    await waitFor(() => expect(app.location()).toBe('/user/dashboard'))
  })

  it('at the end of the session says it expired and returns to step 1', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    vi.setSystemTime(NOW)
    const { app } = openCryptoScreen({
      'POST /api/payment/white-label/create': () =>
        json(201, {
          result: makeSession({ expiresAt: new Date(Date.now() + 10_000).toISOString() }),
        }),
    })
    await proceed(app)

    await act(() => vi.advanceTimersByTimeAsync(10_000))

    expect(await screen.findAllByText(checkoutMessages.cryptoExpired)).not.toHaveLength(0)
    expect(screen.getByRole('button', { name: 'Proceed to payment' })).toBeInTheDocument()
  })

  it('a session OxaPay calls expired before the countdown ends also returns to step 1', async () => {
    const { api, app } = openCryptoScreen({ 'GET /api/payment/get-history': history(['Expired']) })
    await proceed(app)

    expect(await screen.findAllByText(checkoutMessages.cryptoExpired)).not.toHaveLength(0)
    expect(screen.getByRole('button', { name: 'Proceed to payment' })).toBeInTheDocument()
    expect(screen.queryByText(checkoutMessages.underReview)).not.toBeInTheDocument()
    expect(api.callsTo('GET /api/payment/get-history')).toHaveLength(1)
  })

  it.each(['Underpaid', 'Under review'] as const)(
    'a payment %s is left to a manual check, said plainly',
    async (status) => {
      const { app } = openCryptoScreen({ 'GET /api/payment/get-history': history([status]) })
      await proceed(app)

      expect(await screen.findByText(checkoutMessages.underReview)).toBeInTheDocument()
      expect(screen.queryByRole('button', { name: 'Return to dashboard' })).not.toBeInTheDocument()
    },
  )
})

describe('crypto payment, a session opened before (reload)', () => {
  function openWithSession(session: CryptoSession, handlers: Record<string, Handler> = {}) {
    const api = checkoutApi(
      {
        'GET /api/payment/get-history': history(['Waiting']),
        'GET /api/trading/accounts': () => json(200, { accounts: [] }),
        ...handlers,
      },
      { orders: [makeOrder({ method: 'crypto', cryptoSession: session })] },
    )
    const app = renderApp(`/oxapay?order=${orderId}`, { user: trader })
    return { api, app }
  }

  it('shows the open session again, its countdown going on from the expiry the server holds', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(NOW)
    const { api } = openWithSession(
      makeSession({ expiresAt: new Date(NOW + 12 * 60_000 + 30_000).toISOString() }),
    )

    expect(await screen.findByText(address)).toBeInTheDocument()
    expect(
      screen.getByRole('img', { name: 'QR code of the USDT payment address' }),
    ).toBeInTheDocument()
    expect(screen.getByText('419.30 USDT')).toBeInTheDocument()
    expect(screen.getByText('12:30')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Proceed to payment' })).not.toBeInTheDocument()
    // no new session: the one open is watched
    expect(api.callsTo('POST /api/payment/white-label/create')).toHaveLength(0)
    await waitFor(() =>
      expect(api.callsTo('GET /api/payment/get-history')[0]!.search.get('trackId')).toBe(trackId),
    )
  })

  it('notices the payment of the restored session and shows it, with no way back to pay again', async () => {
    openWithSession(makeSession(), { 'GET /api/payment/get-history': history(['Paid']) })

    expect(await screen.findByText(checkoutMessages.cryptoPaid)).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Return to dashboard' })).toBeInTheDocument()
    expect(
      screen.queryByRole('button', { name: 'Back to currency selection' }),
    ).not.toBeInTheDocument()
  })

  it('a restored session that ran out meanwhile returns to step 1 saying so', async () => {
    const { api } = openWithSession(
      makeSession({ expiresAt: new Date(Date.now() - 60_000).toISOString() }),
    )

    expect(await screen.findAllByText(checkoutMessages.cryptoExpired)).not.toHaveLength(0)
    expect(screen.getByRole('button', { name: 'Proceed to payment' })).toBeInTheDocument()
    expect(api.callsTo('GET /api/payment/get-history')).toHaveLength(1)
  })

  it('a refunded payment reads Refunded, not Failed', async () => {
    openWithSession(makeSession(), { 'GET /api/payment/get-history': history(['Refunded']) })

    expect(await screen.findByText('This payment was refunded.')).toBeInTheDocument()
    expect(screen.getByText('Refunded')).toBeInTheDocument()
    expect(screen.queryByText('Failed')).not.toBeInTheDocument()
  })
})

describe('crypto payment: an order already paid', () => {
  it('says it is paid and leads to the dashboard instead of offering a payment', async () => {
    checkoutApi({}, { orders: [makeOrder({ method: 'crypto', status: 'fulfilled' })] })
    const app = renderApp(`/oxapay?order=${orderId}`, { user: trader })

    expect(await screen.findByText('Order TP-100042 is paid.')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Proceed to payment' })).not.toBeInTheDocument()
    await app.user.click(screen.getByRole('link', { name: 'Go to your dashboard' }))
    await waitFor(() => expect(app.location()).toBe('/user/dashboard'))
  })
})
