import type { Env } from '../../config/env'
import type { Clock } from '../../lib/clock'
import { startOxaPayFake, type OxaPayFake } from '../oxapay/fake/oxapay-fake'
import type { OxaPay } from '../oxapay/oxapay'
import { createOxaPayClient } from '../oxapay/oxapay-client'
import { startPayPalFake, type PayPalFake } from '../paypal/fake/paypal-fake'
import type { PayPal } from '../paypal/paypal'
import { createPayPalClient } from '../paypal/paypal-client'

// The payment providers the app talks to: PayPal for cards, OxaPay for crypto. Configured: their
// real hosts with the firm's keys. Not configured, outside production: local fakes that speak the
// same HTTP on loopback (docs/decisions/0008), so checkout works offline end to end. Not
// configured in production: that method is unavailable (503) rather than faked.

export type PaymentProviders = {
  paypal: PayPal | null
  /** what the browser's PayPal buttons load */
  paypalBrowser: { clientId: string; sdkBaseUrl: string }
  oxapay: OxaPay
  callbackBaseUrl: string
  fakes: { paypal: PayPalFake | null; oxapay: OxaPayFake | null }
  close(): Promise<void>
}

export async function startPaymentProviders(env: Env, clock: Clock): Promise<PaymentProviders> {
  const fakes: PaymentProviders['fakes'] = { paypal: null, oxapay: null }
  let paypal: PayPal | null = null
  let paypalBrowser = { clientId: '', sdkBaseUrl: env.PAYPAL_SDK_BASE_URL }
  if (env.PAYPAL_CLIENT_ID) {
    paypal = createPayPalClient({
      apiBase: env.PAYPAL_API_BASE,
      clientId: env.PAYPAL_CLIENT_ID,
      clientSecret: env.PAYPAL_CLIENT_SECRET!,
      webhookId: env.PAYPAL_WEBHOOK_ID!,
      certHostAllowList: env.PAYPAL_CERT_HOSTS,
      clock,
    })
    paypalBrowser = { clientId: env.PAYPAL_CLIENT_ID, sdkBaseUrl: env.PAYPAL_SDK_BASE_URL }
  } else if (env.canUseFakes) {
    const fake = await startPayPalFake({ webhookUrl: `${env.APP_URL}/api/payment/paypal/webhook` })
    fakes.paypal = fake
    paypal = createPayPalClient({
      apiBase: fake.apiBase,
      clientId: fake.clientId,
      clientSecret: fake.clientSecret,
      webhookId: fake.webhookId,
      certHostAllowList: [fake.certHost],
      clock,
    })
    paypalBrowser = { clientId: fake.clientId, sdkBaseUrl: fake.sdkBaseUrl }
  }

  let oxapay: OxaPay
  if (env.OXAPAY_MERCHANT_API_KEY || !env.canUseFakes) {
    oxapay = createOxaPayClient({
      apiBase: env.OXAPAY_API_BASE,
      merchantApiKey: env.OXAPAY_MERCHANT_API_KEY ?? '',
      ...(env.OXAPAY_PAYOUT_API_KEY ? { payoutApiKey: env.OXAPAY_PAYOUT_API_KEY } : {}),
      clock,
    })
  } else {
    const fake = await startOxaPayFake({ clock })
    fakes.oxapay = fake
    oxapay = createOxaPayClient({
      apiBase: fake.apiBase,
      merchantApiKey: fake.merchantApiKey,
      payoutApiKey: fake.payoutApiKey,
      clock,
    })
  }

  return {
    paypal,
    paypalBrowser,
    oxapay,
    callbackBaseUrl: env.APP_URL,
    fakes,
    async close() {
      await fakes.paypal?.close()
      await fakes.oxapay?.close()
    },
  }
}
