import { act, screen, waitFor, within } from '@testing-library/react'
import { toast } from 'sonner'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { checkoutMessages, paypalRestartIssues } from '@tp/api'
import { json, testConfig } from '@/testing/mock-api'
import { renderApp } from '@/testing/render-app'
import { checkoutApi, makeOrder, orderId, trader } from '../testing/fixtures'

// The PayPal JS SDK stubbed as react-paypal-js's own tests do: window.paypal.Buttons records the
// props it is given, and the tests call createOrder / onApprove directly. The SDK <script> never
// loads in jsdom, so its load event is fired by hand once the provider inserts it.

type ButtonsProps = {
  createOrder: (data: Record<string, unknown>, actions: Record<string, unknown>) => Promise<string>
  onApprove: (data: { orderID: string }, actions: { restart: () => Promise<void> }) => Promise<void>
  onError: (error: Error) => void
}

function installPayPalSdk() {
  const instance = {
    props: null as ButtonsProps | null,
    isEligible: vi.fn(() => true),
    render: vi.fn(async (container: HTMLElement) => {
      const button = document.createElement('button')
      button.textContent = 'Pay with PayPal (simulated)'
      container.appendChild(button)
    }),
    close: vi.fn(async () => {}),
    updateProps: vi.fn(async () => {}),
  }
  const Buttons = vi.fn((props: ButtonsProps) => {
    instance.props = props
    return instance
  })
  vi.stubGlobal('paypal', { version: 'test', Buttons })
  const insertBefore = document.head.insertBefore.bind(document.head)
  vi.spyOn(document.head, 'insertBefore').mockImplementation(
    <T extends Node>(node: T, child: Node | null) => {
      const inserted = insertBefore(node, child)
      if (node instanceof HTMLScriptElement && node.src.startsWith(testConfig.paypal.sdkBaseUrl)) {
        queueMicrotask(() => node.dispatchEvent(new Event('load')))
      }
      return inserted
    },
  )
  return { Buttons, instance }
}

afterEach(() => {
  document.head.querySelectorAll('script').forEach((script) => script.remove())
})

const paypalId = '5O190127TN364715T'

const captured = {
  id: paypalId,
  status: 'COMPLETED',
  orderId,
  purchase_units: [
    {
      payments: {
        captures: [
          {
            id: '3C679366HH908993F',
            status: 'COMPLETED',
            amount: { currency_code: 'USD', value: '599.00' },
          },
        ],
      },
    },
  ],
  payer: { name: { given_name: 'Tess', surname: 'Trader' } },
  accountPending: true,
}

async function openCardScreen(handlers: Parameters<typeof checkoutApi>[0] = {}) {
  const sdk = installPayPalSdk()
  const api = checkoutApi({
    'POST /api/payment/orders': () => json(201, { id: paypalId, orderId, total: 59_900 }),
    'GET /api/trading/accounts': () => json(200, { accounts: [] }),
    ...handlers,
  })
  const app = renderApp(`/paypal?order=${orderId}`, { user: trader })
  expect(await screen.findByText('Pay with PayPal (simulated)')).toBeInTheDocument()
  return { app, api, sdk, props: () => sdk.instance.props! }
}

describe('card payment screen (spec 2.8)', () => {
  it('loads the SDK with the configured options and shows the order summary beside the buttons', async () => {
    const { sdk } = await openCardScreen()

    const script = document.head.querySelector<HTMLScriptElement>(
      'script[src^="http://127.0.0.1:9/sdk/js"]',
    )!
    const url = new URL(script.src)
    expect(url.searchParams.get('client-id')).toBe(testConfig.paypal.clientId)
    expect(url.searchParams.get('currency')).toBe('USD')
    expect(url.searchParams.get('intent')).toBe('capture')
    expect(sdk.Buttons).toHaveBeenCalledTimes(1)

    const lines = within(screen.getByRole('list', { name: 'Order lines' })).getAllByRole('listitem')
    expect(lines.at(-1)).toHaveTextContent(`Total${makeOrder().summary.lines.at(-1)!.text}`)
    expect(screen.getByRole('heading', { name: 'Pay order TP-100042' })).toBeInTheDocument()
  })

  it('createOrder asks the server for a PayPal order for this order and resolves its id', async () => {
    const { api, props } = await openCardScreen()

    let id: string | undefined
    await act(async () => {
      id = await props().createOrder({ paymentSource: 'paypal' }, {})
    })

    expect(id).toBe(paypalId)
    expect(api.callsTo('POST /api/payment/orders')[0]!.body).toEqual({ orderId })
  })

  it('a failed createOrder says so with the detail, and rejects', async () => {
    const { props } = await openCardScreen({
      'POST /api/payment/orders': () =>
        json(502, {
          code: 'PAYPAL_ERROR',
          message: 'PayPal refused the order.',
          details: [{ issue: 'UNPROCESSABLE_ENTITY', description: 'The amount is invalid.' }],
          debug_id: 'dbg-1',
        }),
    })

    await act(async () => {
      await expect(props().createOrder({ paymentSource: 'paypal' }, {})).rejects.toThrow()
    })
    // PayPal's onError that follows stays quiet: one message
    act(() => props().onError(new Error('createOrder rejected')))

    expect(
      await screen.findByText(
        `${checkoutMessages.paypalCreateFailed} UNPROCESSABLE_ENTITY The amount is invalid. (dbg-1)`,
      ),
    ).toBeInTheDocument()
  })

  it('onApprove captures, thanks the payer and opens the dashboard with the spec 2.8 message', async () => {
    const { app, api, props } = await openCardScreen({
      [`POST /api/payment/orders/${paypalId}/capture`]: () => json(200, captured),
      [`POST /api/payment/orders/${paypalId}/create`]: () =>
        json(202, { orderId, status: 'provisioning', account: null }),
    })
    const restart = vi.fn(async () => {})

    await act(async () => {
      await props().onApprove({ orderID: paypalId }, { restart })
    })

    expect(
      await screen.findByText(checkoutMessages.paypalCompleted('Tess Trader')),
    ).toBeInTheDocument()
    await waitFor(() => expect(app.location()).toBe('/user/dashboard'))
    expect(await screen.findByText(checkoutMessages.cardSuccessRedirect)).toBeInTheDocument()
    expect(api.callsTo(`POST /api/payment/orders/${paypalId}/capture`)).toHaveLength(1)
    // then asks for the account it bought (spec 7's create row)
    expect(api.callsTo(`POST /api/payment/orders/${paypalId}/create`)).toHaveLength(1)
    expect(restart).not.toHaveBeenCalled()
  })

  it.each(paypalRestartIssues)(
    "a refused funding source (%s) shows spec 8's message with the detail, then restarts the buttons",
    async (issue) => {
      const { app, props } = await openCardScreen({
        [`POST /api/payment/orders/${paypalId}/capture`]: () =>
          json(422, {
            code: 'PAYMENT_DECLINED',
            message: 'The card was declined.',
            details: [{ issue, description: 'Choose another way to pay.' }],
            debug_id: 'dbg-2',
          }),
      })
      const toastError = vi.spyOn(toast, 'error')
      // the buyer is told before the buttons start again
      const restart = vi.fn(async () => {
        expect(toastError).toHaveBeenCalledTimes(1)
      })

      await act(async () => {
        await props().onApprove({ orderID: paypalId }, { restart })
      })

      expect(restart).toHaveBeenCalledTimes(1)
      expect(
        await screen.findByText(
          `${checkoutMessages.paypalCaptureFailed} ${issue} Choose another way to pay. (dbg-2)`,
        ),
      ).toBeInTheDocument()
      expect(app.location()).toBe(`/paypal?order=${orderId}`)
    },
  )

  it('any other capture failure says so with the detail', async () => {
    const { app, props } = await openCardScreen({
      [`POST /api/payment/orders/${paypalId}/capture`]: () =>
        json(422, {
          code: 'PAYPAL_ERROR',
          message: 'Could not capture.',
          details: [{ issue: 'ORDER_NOT_APPROVED', description: 'Payer has not approved.' }],
          debug_id: 'dbg-3',
        }),
    })
    const restart = vi.fn(async () => {})

    await act(async () => {
      await props().onApprove({ orderID: paypalId }, { restart })
    })

    expect(
      await screen.findByText(
        `${checkoutMessages.paypalCaptureFailed} ORDER_NOT_APPROVED Payer has not approved. (dbg-3)`,
      ),
    ).toBeInTheDocument()
    expect(restart).not.toHaveBeenCalled()
    expect(app.location()).toBe(`/paypal?order=${orderId}`)
  })
})

describe('card payment screen: what cannot be paid', () => {
  it('an order already paid says so and leads to the dashboard, never to the buttons', async () => {
    const sdk = installPayPalSdk()
    checkoutApi({}, { orders: [makeOrder({ status: 'paid' })] })
    const app = renderApp(`/paypal?order=${orderId}`, { user: trader })

    expect(await screen.findByText('Order TP-100042 is paid.')).toBeInTheDocument()
    expect(sdk.Buttons).not.toHaveBeenCalled()
    await app.user.click(screen.getByRole('link', { name: 'Go to your dashboard' }))
    await waitFor(() => expect(app.location()).toBe('/user/dashboard'))
  })

  it('an order paid since it was last read (pending in the cache) is read afresh first', async () => {
    const sdk = installPayPalSdk()
    let isPaid = false
    checkoutApi({
      'GET /api/orders': () =>
        json(200, { orders: [makeOrder(isPaid ? { status: 'fulfilled' } : {})] }),
      'POST /api/payment/orders': () => json(201, { id: paypalId, orderId, total: 59_900 }),
      'GET /api/trading/accounts': () => json(200, { accounts: [] }),
    })
    const app = renderApp(`/paypal?order=${orderId}`, { user: trader })
    expect(await screen.findByText('Pay with PayPal (simulated)')).toBeInTheDocument()

    // paid elsewhere (another tab); the buyer leaves and comes back to the payment page
    isPaid = true
    await act(() => app.router.navigate('/pricing'))
    await act(() => app.router.navigate(`/paypal?order=${orderId}`))

    expect(await screen.findByText('Order TP-100042 is paid.')).toBeInTheDocument()
    expect(sdk.Buttons).toHaveBeenCalledTimes(1)
  })

  it('a refunded order says so', async () => {
    installPayPalSdk()
    checkoutApi({}, { orders: [makeOrder({ status: 'refunded' })] })
    renderApp(`/paypal?order=${orderId}`, { user: trader })

    expect(await screen.findByText('Order TP-100042 was refunded.')).toBeInTheDocument()
  })

  it('an unknown order says so', async () => {
    installPayPalSdk()
    checkoutApi({}, { orders: [] })
    renderApp(`/paypal?order=${orderId}`, { user: trader })

    expect(
      await screen.findByText('We could not find this order. Choose your challenge again.'),
    ).toBeInTheDocument()
  })

  it('a visitor signs in first and comes back', async () => {
    installPayPalSdk()
    checkoutApi({}, { user: null })
    const app = renderApp(`/paypal?order=${orderId}`)

    await app.user.click(await screen.findByRole('link', { name: 'Sign In' }))
    await waitFor(() =>
      expect(app.location()).toBe(
        `/login?redirectTo=${encodeURIComponent(`/paypal?order=${orderId}`)}`,
      ),
    )
  })
})
