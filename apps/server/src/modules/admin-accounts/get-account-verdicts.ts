import { and, desc, eq, inArray } from 'drizzle-orm'
import { evaluate } from '@tp/domain'
import type { AdminVerdictsResponse } from '@tp/api'
import type { AppContext } from '../../context'
import { auditLog } from '../../db/schema'
import type { Caller } from '../access/authenticate'
import { loadAccountFor } from '../access/access-policy'
import { findBreach } from '../accounts/account-state'
import { buildEngineInput } from '../trading/engine-input'
import { MANUAL_FAIL, MANUAL_PASS } from './manual-verdict'

type Verdicts = AdminVerdictsResponse['data']

/**
 * The account's live verdict (its recorded status and stored breach) beside the engine's replay
 * of its export: `evaluate` from @tp/domain on buildEngineInput, what `npm run engine -- evaluate`
 * runs on the downloaded file. Every difference is named; a manual override explains one.
 */
export async function getAccountVerdicts(
  ctx: AppContext,
  caller: Caller,
  input: { accountId: string },
): Promise<Verdicts> {
  const row = await loadAccountFor(ctx, caller, input.accountId, 'read')
  const engineInput = await buildEngineInput(ctx, row)
  const verdict = evaluate(engineInput.rules, engineInput.history)
  const breach = row.status === 'failed' ? await findBreach(ctx, row.id) : null
  const live: Verdicts['live'] = {
    status: row.status === 'passed' ? 'passed' : row.status === 'failed' ? 'failed' : 'active',
    breach: breach
      ? { rule: breach.rule, t: breach.t, equity: breach.equity / 100, floor: breach.floor / 100 }
      : null,
    passedAt: row.status === 'passed' && row.endedAt ? row.endedAt.toISOString() : null,
  }
  const [override] = await ctx.db
    .select()
    .from(auditLog)
    .where(
      and(
        eq(auditLog.targetType, 'trading-account'),
        eq(auditLog.targetId, row.id),
        inArray(auditLog.action, [MANUAL_PASS, MANUAL_FAIL]),
      ),
    )
    .orderBy(desc(auditLog.createdAt))
    .limit(1)
  return {
    live,
    replayed: {
      status: verdict.status,
      breach: verdict.breach,
      passedAt: verdict.passedAt,
      objectives: verdict.objectives,
    },
    differences: differencesOf(live, verdict),
    override: override
      ? {
          action: override.action === MANUAL_PASS ? 'pass' : 'fail',
          reason: override.reason ?? '',
          at: override.createdAt.toISOString(),
          engineStatus: (override.details?.engineStatus ?? 'active') as 'active',
        }
      : null,
  }
}

function differencesOf(live: Verdicts['live'], replayed: Verdicts['replayed']): string[] {
  const differences: string[] = []
  if (live.status !== replayed.status) {
    differences.push(`status: live ${live.status}, engine ${replayed.status}`)
  }
  if (live.breach && replayed.breach) {
    if (live.breach.rule !== replayed.breach.rule) {
      differences.push(`breach rule: live ${live.breach.rule}, engine ${replayed.breach.rule}`)
    }
    if (Date.parse(live.breach.t) !== Date.parse(replayed.breach.t)) {
      differences.push(`breach time: live ${live.breach.t}, engine ${replayed.breach.t}`)
    }
  }
  return differences
}
