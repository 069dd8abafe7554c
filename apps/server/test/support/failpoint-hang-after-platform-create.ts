import { SimulatedPlatform } from '../../src/integrations/trading-platform/simulated/simulated-platform'

// A failpoint for crash tests, loaded with `--import` into a server process (never into the app
// itself): the trading platform creates the account, then its answer never comes back. The line
// printed tells the test the account exists on the platform, and it kills the process there.

export const FAILPOINT_MARK = 'FAILPOINT platform-account-created'

const createAccount = SimulatedPlatform.prototype.createAccount
SimulatedPlatform.prototype.createAccount = async function (input) {
  await createAccount.call(this, input)
  process.stdout.write(`\n${FAILPOINT_MARK} ${input.requestId}\n`)
  return new Promise(() => {})
}
