import type { TradingCredentials } from '@tp/api'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { MetaApiFake } from '../src/integrations/trading-platform/metaapi/fake/metaapi-fake'
import type { MetaApiPlatform } from '../src/integrations/trading-platform/metaapi/metaapi-platform'
import { createTestApp, waitForAccountStatus, type TestApp } from './support'
import { waitFor } from './support/wait-for'

// Accounts on MetaApi (TRADING_PLATFORM=metaapi; decisions 0042, 0043) in the whole app against
// the MetaApi fake: provisioning makes a broker demo account and adds it to MetaApi with MetaStats
// and risk management, the trader sees the broker's login and server; the poller feeds the risk
// monitor, so equity dropped on the fake below the floor fails the account, closes its positions
// through MetaApi's trade endpoint and undeploys it.

let app: TestApp
let metaApi: MetaApiPlatform
let fake: MetaApiFake

beforeAll(async () => {
  app = await createTestApp({ env: { TRADING_PLATFORM: 'metaapi' } })
  metaApi = app.ctx.trading.router.adapter('metaapi') as MetaApiPlatform
  fake = metaApi.fake!
})
afterAll(async () => {
  await app?.close()
})

describe('accounts on MetaApi', () => {
  it('provisioning creates the broker account and the MetaApi account; the trader sees its login and server', async () => {
    const trader = await app.createUser()
    const account = await app.createTradingAccount(trader, { sizeK: 50, platform: 'mt4' })
    expect(account).toMatchObject({ adapter: 'metaapi', status: 'active' })
    const metaApiAccount = fake.accounts.get(account.externalId!)!
    expect(metaApiAccount).toMatchObject({
      login: account.login,
      platform: 'mt4',
      state: 'DEPLOYED',
      metastatsApiEnabled: true,
      riskManagementApiEnabled: true,
    })
    const broker = fake.broker(account.login!)
    expect(broker.balanceCents).toBe(5_000_000)
    const credentials = await app.get<TradingCredentials>(
      `/api/trading/accounts/${account.id}/credentials`,
      { token: trader.token },
    )
    expect(credentials.status, credentials.text).toBe(200)
    expect(credentials.body).toMatchObject({
      login: account.login,
      server: broker.server,
      password: broker.password,
    })
  })

  it('fails the account when its equity at the broker crosses the floor; positions closed, account undeployed', async () => {
    const trader = await app.createUser()
    const account = await app.createTradingAccount(trader, { sizeK: 100 })
    const login = account.login!
    fake.openPosition(login, {
      symbol: 'EURUSD',
      side: 'buy',
      volume: 1,
      openPrice: 1.08,
      profitCents: 0,
    })
    const reads = () =>
      fake.requests.filter(
        (request) =>
          request.path.endsWith(`/${account.externalId}/account-information`) &&
          request.status === 200,
      ).length
    await waitFor(() => reads() >= 2, { what: 'the account polled' })
    fake.setEquity(login, 8_900_000) // below the 10% max loss floor of $90,000
    const failed = await waitForAccountStatus(app.db, account.id, 'failed', { what: 'the breach' })
    expect(failed.isTradingEnabled).toBe(false)
    // closed by the firm through MetaApi's trade endpoint
    await waitFor(() => fake.broker(login).positions.length === 0, {
      what: 'the positions closed',
    })
    await app.mailbox.waitFor({ to: trader.user.email, subject: /breached the/ })
    await waitFor(() => fake.accounts.get(account.externalId!)!.state === 'UNDEPLOYED', {
      what: 'the ended account undeployed',
      timeoutMs: 20_000,
    })
  })
})
