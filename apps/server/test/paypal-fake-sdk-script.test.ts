import { randomUUID } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { JSDOM, VirtualConsole } from 'jsdom'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startPayPalFake, type PayPalFake } from '../src/integrations/paypal/fake/paypal-fake'
import { PayPalDeclined, type PayPal } from '../src/integrations/paypal/paypal'
import { createPayPalClient } from '../src/integrations/paypal/paypal-client'
import { waitFor } from './support/wait-for'

// The fake's /sdk/js in a DOM, called the way @paypal/react-paypal-js 8.9.2 calls PayPal's
// script: paypal.Buttons({createOrder, onApprove, onCancel, onError, onInit}) then
// isEligible() and render(container). The app's server side is played by the real adapter.

type ApproveData = { orderID: string; payerID: string; paymentSource: string }
type ApproveActions = { restart(): Promise<void>; order: { get(): Promise<unknown> } }
type ButtonsOptions = {
  fundingSource?: string
  createOrder?: () => Promise<string>
  onApprove?: (data: ApproveData, actions: ApproveActions) => Promise<void>
  onCancel?: (data: { orderID: string }) => void
  onError?: (error: Error) => void
  onClick?: (data: unknown, actions: { reject(): Promise<void> }) => unknown
  onInit?: (data: unknown, actions: { enable(): Promise<void>; disable(): Promise<void> }) => void
}
type ButtonsComponent = {
  isEligible(): boolean
  render(container: string | Element): Promise<void>
  close(): Promise<void>
  updateProps(props: ButtonsOptions): Promise<void>
}
type PayPalNamespace = { Buttons(options: ButtonsOptions): ButtonsComponent; version: string }

let fake: PayPalFake
let client: PayPal
let script: string
beforeAll(async () => {
  fake = await startPayPalFake()
  client = createPayPalClient({
    apiBase: fake.apiBase,
    clientId: fake.clientId,
    clientSecret: fake.clientSecret,
    webhookId: fake.webhookId,
    certHostAllowList: [fake.certHost],
  })
  script = await (await fetch(fake.sdkScriptUrl)).text()
})
afterAll(async () => {
  await fake?.close()
})

function loadPage() {
  const dom = new JSDOM(
    '<!doctype html><html><body><main><h1>Card payment</h1><div id="paypal"></div></main></body></html>',
    { url: 'http://localhost:3000/payment/card', runScripts: 'outside-only' },
  )
  // jsdom has no network: lend it Node's, as a browser would have its own
  Object.assign(dom.window, { fetch, URLSearchParams })
  dom.window.eval(script)
  const window = dom.window as unknown as typeof dom.window & { paypal: PayPalNamespace }
  const document = window.document
  const button = (name: string) =>
    [...document.querySelectorAll('button')].find((b) => b.textContent === name) ?? null
  // undefined rather than null when absent: what waitFor keeps polling on
  const dialog = () => document.querySelector('[role="dialog"]') ?? undefined
  return { window, document, paypal: window.paypal, button, dialog }
}

/** What the web app's card-payment screen does, with the adapter as its server. */
function checkoutApp() {
  const paymentId = `pay_${randomUUID()}`
  const events: string[] = []
  let captureAttempt = 0
  const options: ButtonsOptions = {
    createOrder: async () => {
      const order = await client.createOrder({
        paymentId,
        amountCents: 5999,
        currency: 'USD',
        description: 'Challenge 10k - Phase 1',
        requestId: `create:${paymentId}`,
      })
      events.push(`created ${order.id}`)
      return order.id
    },
    onApprove: async (data, actions) => {
      events.push(`approved by ${data.payerID ? 'payer' : 'nobody'}`)
      try {
        captureAttempt += 1
        const captured = await client.captureOrder(data.orderID, {
          requestId: `capture:${paymentId}:${captureAttempt}`,
        })
        events.push(`Transaction completed by ${captured.payer?.fullName}`)
      } catch (error) {
        if (error instanceof PayPalDeclined) {
          events.push('declined: restart')
          return actions.restart()
        }
        throw error
      }
    },
    onCancel: (data) => events.push(`cancelled ${data.orderID}`),
    onError: (error) => events.push(`error: ${error.message}`),
  }
  return { options, events, paymentId }
}

describe('the fake PayPal JS SDK script', () => {
  it('is served as JavaScript another origin may load with a <script> tag', async () => {
    const response = await fetch(`${fake.sdkScriptUrl}&currency=USD&intent=capture`)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toMatch(/^application\/javascript/)
    expect(response.headers.get('cross-origin-resource-policy')).toBe('cross-origin')
    expect(response.headers.get('access-control-allow-origin')).toBe('*')
  })

  it('answers 400 for an unknown or missing client id, as PayPal does', async () => {
    expect((await fetch(`${fake.sdkBaseUrl}?client-id=someone-else`)).status).toBe(400)
    expect((await fetch(fake.sdkBaseUrl)).status).toBe(400)
  })

  it('defines paypal.Buttons with the component API PayPalButtons uses', async () => {
    const { paypal, document, button } = loadPage()
    const inits: unknown[] = []
    const buttons = paypal.Buttons({ onInit: (_data, actions) => inits.push(actions) })
    expect(buttons.isEligible()).toBe(true)
    expect(paypal.Buttons({ fundingSource: 'venmo' }).isEligible()).toBe(false)
    await buttons.render('#paypal')
    expect(button('Pay with PayPal (simulated)')?.getAttribute('type')).toBe('button')
    expect(inits).toHaveLength(1)
    await buttons.updateProps({})
    await buttons.close()
    expect(button('Pay with PayPal (simulated)')).toBeNull()
    await expect(paypal.Buttons({}).render('#missing')).rejects.toThrow(/does not exist/)
    expect(document.querySelector('[data-fake-paypal]')).toBeNull()
  })

  it('pays: createOrder, an accessible PayPal window, approve, onApprove with the ids, capture', async () => {
    const { paypal, document, button, dialog } = loadPage()
    const app = checkoutApp()
    await paypal.Buttons(app.options).render(document.getElementById('paypal')!)
    const pay = button('Pay with PayPal (simulated)')!
    pay.click()

    const window = await waitFor(dialog, { what: 'the PayPal window' })
    expect(window.getAttribute('aria-modal')).toBe('true')
    expect(document.getElementById(window.getAttribute('aria-labelledby')!)?.textContent).toBe(
      'PayPal checkout (simulated)',
    )
    const orderId = app.events[0]!.replace('created ', '')
    expect(document.getElementById(window.getAttribute('aria-describedby')!)?.textContent).toBe(
      `Order ${orderId}: 59.99 USD (Challenge 10k - Phase 1)`,
    )
    expect(document.activeElement).toBe(button('Approve payment'))

    button('Approve payment')!.click()
    await waitFor(() => app.events.length >= 3 || undefined, { what: 'the capture' })
    expect(app.events).toEqual([
      `created ${orderId}`,
      'approved by payer',
      'Transaction completed by Sandbox Buyer',
    ])
    expect(dialog()).toBeUndefined()
    expect(document.activeElement).toBe(pay)
    expect(fake.order(orderId)).toMatchObject({ status: 'COMPLETED' })
  })

  it('declines the card: the capture answers INSTRUMENT_DECLINED, actions.restart() reopens PayPal', async () => {
    const { paypal, button, dialog } = loadPage()
    const app = checkoutApp()
    await paypal.Buttons(app.options).render('#paypal')
    button('Pay with PayPal (simulated)')!.click()
    await waitFor(dialog, { what: 'the PayPal window' })
    button('Decline card')!.click()

    await waitFor(() => app.events.includes('declined: restart') && dialog(), {
      what: 'the PayPal window again after the restart',
    })
    button('Approve payment')!.click()
    await waitFor(() => app.events.some((e) => e.startsWith('Transaction completed')) || undefined)
    const orderId = app.events[0]!.replace('created ', '')
    expect(app.events).toEqual([
      `created ${orderId}`,
      'approved by payer',
      'declined: restart',
      'approved by payer',
      'Transaction completed by Sandbox Buyer',
    ])
  })

  it('cancels on Escape or Cancel: onCancel with the order id, focus back on the button', async () => {
    const { paypal, window, document, button, dialog } = loadPage()
    const app = checkoutApp()
    await paypal.Buttons(app.options).render('#paypal')
    const pay = button('Pay with PayPal (simulated)')!
    pay.click()
    await waitFor(dialog)
    document.dispatchEvent(new window.KeyboardEvent('keydown', { key: 'Escape' }))
    await waitFor(() => app.events.length === 2 || undefined, { what: 'onCancel' })
    const orderId = app.events[0]!.replace('created ', '')
    expect(app.events).toEqual([`created ${orderId}`, `cancelled ${orderId}`])
    expect(dialog()).toBeUndefined()
    expect(document.activeElement).toBe(pay)

    // and the buyer can start again
    pay.click()
    await waitFor(dialog)
    button('Cancel')!.click()
    await waitFor(
      () => app.events.filter((e) => e.startsWith('cancelled')).length === 2 || undefined,
    )
    expect(fake.order(orderId)).toMatchObject({ status: 'CREATED' })
  })

  it('reports a failing createOrder to onError and stays usable', async () => {
    const { paypal, button, dialog } = loadPage()
    const errors: string[] = []
    let calls = 0
    await paypal
      .Buttons({
        createOrder: async () => {
          calls += 1
          throw new Error('Could not initiate PayPal Checkout')
        },
        onError: (error) => errors.push(error.message),
      })
      .render('#paypal')
    button('Pay with PayPal (simulated)')!.click()
    await waitFor(() => errors.length === 1 || undefined)
    button('Pay with PayPal (simulated)')!.click()
    await waitFor(() => errors.length === 2 || undefined)
    expect(errors).toEqual([
      'Could not initiate PayPal Checkout',
      'Could not initiate PayPal Checkout',
    ])
    expect(calls).toBe(2)
    expect(dialog()).toBeUndefined()
  })

  it('reports an order PayPal does not know, and a missing order id, to onError', async () => {
    const { paypal, document } = loadPage()
    const errors: string[] = []
    await paypal
      .Buttons({
        createOrder: async () => 'NOSUCHORDER000000',
        onError: (e) => errors.push(e.message),
      })
      .render('#paypal')
    await paypal
      .Buttons({
        createOrder: async () => undefined as unknown as string,
        onError: (e) => errors.push(e.message),
      })
      .render('#paypal')
    const [first, second] = document.querySelectorAll<HTMLButtonElement>(
      '[data-fake-paypal="buttons"] button',
    )
    first!.click()
    second!.click()
    await waitFor(() => errors.length === 2 || undefined)
    expect(errors.sort()).toEqual(
      [
        'Expected an order id to be passed',
        'PayPal could not load order NOSUCHORDER000000 (404)',
      ].sort(),
    )
  })

  it('honours onClick rejecting and actions.disable() from onInit', async () => {
    const { paypal, button } = loadPage()
    let created = 0
    let clicks = 0
    const rejecting = paypal.Buttons({
      onClick: (_data, actions) => {
        clicks += 1
        return actions.reject()
      },
      createOrder: async () => {
        created += 1
        return 'X'
      },
    })
    await rejecting.render('#paypal')
    button('Pay with PayPal (simulated)')!.click()
    await waitFor(() => clicks === 1 || undefined)
    await rejecting.close()

    const disabled = paypal.Buttons({
      onInit: (_data, actions) => void actions.disable(),
      onClick: () => {
        clicks += 1
      },
      createOrder: async () => {
        created += 1
        return 'X'
      },
    })
    await disabled.render('#paypal')
    const pay = button('Pay with PayPal (simulated)')!
    expect(pay.getAttribute('aria-disabled')).toBe('true')
    pay.click()
    await waitFor(() => clicks === 2 || undefined)
    // a click is taken only once the previous one's flow has ended, and that flow ends right
    // where createOrder would have been called: another onClick proves the first was settled
    await waitFor(
      () => {
        if (clicks === 2) pay.click()
        return clicks === 3 || undefined
      },
      { what: 'a later click taken' },
    )
    expect(created).toBe(0)
  })

  it('closes the PayPal window when the buttons are closed (React unmount)', async () => {
    const { paypal, button, dialog } = loadPage()
    const app = checkoutApp()
    const buttons = paypal.Buttons(app.options)
    await buttons.render('#paypal')
    button('Pay with PayPal (simulated)')!.click()
    await waitFor(dialog)
    await buttons.close()
    expect(dialog()).toBeUndefined()
    expect(button('Pay with PayPal (simulated)')).toBeNull()
  })
})

describe('loaded by @paypal/paypal-js loadScript with sdkBaseUrl (what PayPalScriptProvider does)', () => {
  function pageWithLoader() {
    const require = createRequire(import.meta.url)
    // the library's browser build, the one @paypal/react-paypal-js bundles
    const loaderPath = join(dirname(require.resolve('@paypal/paypal-js')), '../iife/paypal-js.js')
    const dom = new JSDOM('<!doctype html><html><head></head><body></body></html>', {
      url: 'http://localhost:3000/payment/card',
      runScripts: 'dangerously',
      resources: 'usable',
      // quiet: one test makes a script fail to load on purpose
      virtualConsole: new VirtualConsole(),
    })
    const loader = dom.window.document.createElement('script')
    loader.textContent = readFileSync(loaderPath, 'utf8')
    dom.window.document.head.appendChild(loader)
    return dom.window as unknown as typeof dom.window & {
      paypalLoadScript(options: Record<string, string>): Promise<PayPalNamespace>
    }
  }

  it('builds the script URL from the options, loads it, and exposes the data-namespace global', async () => {
    const window = pageWithLoader()
    const namespace = await window.paypalLoadScript({
      clientId: fake.clientId,
      sdkBaseUrl: fake.sdkBaseUrl,
      currency: 'USD',
      intent: 'capture',
      dataNamespace: 'paypalLocal',
    })
    const tag = window.document.querySelector('script[src]')!
    expect(tag.getAttribute('src')).toBe(
      `${fake.sdkBaseUrl}?client-id=${fake.clientId}&currency=USD&intent=capture`,
    )
    expect(typeof namespace.Buttons).toBe('function')
    expect((window as unknown as Record<string, unknown>).paypalLocal).toBe(namespace)
    window.close()
  })

  it('fails to load with a client id PayPal does not know', async () => {
    const window = pageWithLoader()
    await expect(
      window.paypalLoadScript({ clientId: 'someone-else', sdkBaseUrl: fake.sdkBaseUrl }),
    ).rejects.toThrow(/failed to load/)
    window.close()
  })
})
