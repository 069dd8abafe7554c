import { stringify } from 'csv-stringify/sync'
import { asc, eq } from 'drizzle-orm'
import { NEWSLETTER_CSV_COLUMNS } from '@tp/api'
import type { AppContext } from '../../context'
import { newsletterSubscribers } from '../../db/schema'
import { neutralizeFormula } from '../../lib/csv'
import { recordAudit } from '../access/access-policy'
import type { Caller } from '../access/authenticate'

/**
 * The confirmed newsletter subscribers as CSV (email, subscribed_at, confirmed_at; ISO 8601 UTC),
 * oldest confirmation first. Pending and unsubscribed addresses are not in it. The export is
 * audited (decision 0036).
 */
export async function exportNewsletterSubscribers(
  ctx: AppContext,
  caller: Caller,
): Promise<string> {
  const rows = await ctx.db
    .select({
      email: newsletterSubscribers.email,
      createdAt: newsletterSubscribers.createdAt,
      confirmedAt: newsletterSubscribers.confirmedAt,
    })
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.status, 'confirmed'))
    .orderBy(asc(newsletterSubscribers.confirmedAt), asc(newsletterSubscribers.email))
  await recordAudit(ctx, {
    actor: caller,
    action: 'export.newsletter-subscribers',
    targetType: 'export',
    targetId: 'newsletter-subscribers',
    details: { rows: rows.length },
  })
  return stringify(
    rows.map((row) => [
      // a cell starting with = + - @ would run as a formula in a spreadsheet
      neutralizeFormula(row.email),
      row.createdAt.toISOString(),
      row.confirmedAt?.toISOString() ?? '',
    ]),
    { header: true, columns: [...NEWSLETTER_CSV_COLUMNS] },
  )
}
