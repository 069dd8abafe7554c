import { seedDemoTrading } from '../../src/modules/scenarios/seed-demo-trading'
import { createTestApp, type TestApp, type TestUser } from './create-test-app'

/** An app with `npm start`'s demo data: the demo trader and the accounts seedDemoTrading gives them. */
export async function createDemoTraderApp(): Promise<{ app: TestApp; trader: TestUser }> {
  const app = await createTestApp()
  const trader = await app.createUser({ email: app.env.DEMO_TRADER_EMAIL })
  // a BTCUSD quote for the seeded BTCUSD trades
  app.simulated.pushTick({
    symbol: 'BTCUSD',
    bid: 6_500_000,
    ask: 6_502_500,
    tMs: app.clock.now().getTime(),
  })
  await seedDemoTrading(app.ctx)
  return { app, trader }
}
