import { sql } from 'drizzle-orm'
import { adminExportColumns } from '@tp/api/admin-audit'
import type { AppContext } from '../../context'
import type { Caller } from '../access/authenticate'
import { openStatuses } from '../payouts/payout-records'
import { auditExport, cellsOf, keysetPages, type CsvExport, type KeysetRow } from './csv-export'

type PayoutExportRow = KeysetRow & {
  email: string
  account_id: string
  status: string
  method_kind: string
  profit_cents: string | number
  split_percent: number
  trader_share_cents: string | number
  fee_refund_cents: string | number
  late_bonus_cents: string | number
  withdrawn_cents: string | number
  requested_at: Date | string
  reviewed_at: Date | string | null
  paid_at: Date | string | null
  reference: string | null
  rejection_reason: string | null
}

const at = (value: Date | string | null) => (value === null ? null : new Date(value))

/**
 * The payouts as CSV with the queue's filter (open: open requests and owed late bonuses, as the
 * queue shows them; all), newest request first (audited).
 */
export async function exportPayouts(
  ctx: AppContext,
  caller: Caller,
  filters: { status: 'open' | 'all' },
  pageSize?: number,
): Promise<CsvExport> {
  await auditExport(ctx, caller, 'payouts', filters)
  const open = sql.join(
    openStatuses.map((status) => sql`${status}`),
    sql`, `,
  )
  const byStatus =
    filters.status === 'open'
      ? sql`and (p.status in (${open}) or (p.late_bonus_owed_at is not null and p.late_bonus_paid_at is null))`
      : sql``
  const pages = keysetPages<PayoutExportRow>(async (after, size) => {
    const result = await ctx.db.execute<PayoutExportRow>(sql`
      select p.id, p.requested_at::text as cursor_at, u.email, p.account_id, p.status,
        p.method_kind, p.profit_cents, p.split_percent, p.trader_share_cents, p.fee_refund_cents,
        p.late_bonus_cents, p.withdrawn_cents, p.requested_at, p.reviewed_at, p.paid_at,
        p.reference, p.rejection_reason
      from payouts p join users u on u.id = p.user_id
      where true ${byStatus}
        ${after ? sql`and (p.requested_at, p.id) < (${after.at}::timestamptz, ${after.id}::uuid)` : sql``}
      order by p.requested_at desc, p.id desc
      limit ${size}`)
    return result.rows
  }, pageSize)
  return {
    name: 'payouts',
    columns: adminExportColumns.payouts,
    pages: cellsOf(pages, (row) => [
      row.id,
      row.email,
      row.account_id,
      row.status,
      row.method_kind,
      Number(row.profit_cents),
      row.split_percent,
      Number(row.trader_share_cents),
      Number(row.fee_refund_cents),
      Number(row.late_bonus_cents),
      Number(row.withdrawn_cents),
      new Date(row.requested_at),
      at(row.reviewed_at),
      at(row.paid_at),
      row.reference,
      row.rejection_reason,
    ]),
  }
}
