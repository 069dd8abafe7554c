import type { AdminRiskResponse } from '@tp/api'
import type { AppContext } from '../../context'
import { breachWindowStart, listRecentBreaches } from './list-recent-breaches'
import { rankNearestAccounts } from './rank-nearest-accounts'

/** GET /api/admin/risk: the ranking now and the last 24 hours' breaches (the page's first state). */
export async function getRiskView(ctx: AppContext): Promise<AdminRiskResponse['data']> {
  const since = breachWindowStart(ctx)
  const [nearest, recent] = await Promise.all([
    rankNearestAccounts(ctx),
    listRecentBreaches(ctx, { since }),
  ])
  return { nearest, since: since.toISOString(), breaches: recent }
}
