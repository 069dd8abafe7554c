import type { EvaluationInput, Rulebook } from '@tp/domain'
import type { AppContext } from '../../context'
import type { Caller } from '../access/authenticate'
import { loadAccountFor } from '../access/access-policy'
import { buildEngineInput } from './engine-input'

/**
 * The account's evaluation ledger as the engine reads it, to replay with
 * `npm run engine -- evaluate`, with the file name to download it as: owner or admin.
 */
export async function exportEngineInput(
  ctx: AppContext,
  caller: Caller,
  input: { accountId: string },
): Promise<{
  filename: string
  input: { rules: Rulebook; history: EvaluationInput['history'] }
}> {
  const row = await loadAccountFor(ctx, caller, input.accountId, 'read')
  return {
    filename: `account-${row.login ?? row.id}-history.json`,
    input: await buildEngineInput(ctx, row),
  }
}
