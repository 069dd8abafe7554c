import { sql } from 'drizzle-orm'
import { adminExportColumns } from '@tp/api/admin-audit'
import type { OrderStatus } from '@tp/api'
import type { AppContext } from '../../context'
import type { Caller } from '../access/authenticate'
import { auditExport, cellsOf, keysetPages, type CsvExport, type KeysetRow } from './csv-export'

type OrderExportRow = KeysetRow & {
  number: string | number
  email: string
  status: OrderStatus
  challenge_type: string
  platform: string
  size_k: number
  method: string
  coupon_code: string | null
  total_cents: string | number
  currency: string
  created_at: Date | string
  paid_at: Date | string | null
  review_reason: string | null
}

/** The orders as CSV with the orders page's filter (status), newest first (audited). */
export async function exportOrders(
  ctx: AppContext,
  caller: Caller,
  filters: { status?: OrderStatus | undefined },
  pageSize?: number,
): Promise<CsvExport> {
  await auditExport(ctx, caller, 'orders', filters)
  const byStatus = filters.status ? sql`and o.status = ${filters.status}` : sql``
  const pages = keysetPages<OrderExportRow>(async (after, size) => {
    const result = await ctx.db.execute<OrderExportRow>(sql`
      select o.id, o.created_at::text as cursor_at, o.number, u.email, o.status,
        o.challenge_type, o.platform, o.size_k, o.method, o.coupon_code, o.total_cents,
        o.currency, o.created_at, o.paid_at, o.review_reason
      from orders o join users u on u.id = o.user_id
      where true ${byStatus}
        ${after ? sql`and (o.created_at, o.id) < (${after.at}::timestamptz, ${after.id}::uuid)` : sql``}
      order by o.created_at desc, o.id desc
      limit ${size}`)
    return result.rows
  }, pageSize)
  return {
    name: 'orders',
    columns: adminExportColumns.orders,
    pages: cellsOf(pages, (row) => [
      row.id,
      Number(row.number),
      row.email,
      row.status,
      row.challenge_type,
      row.platform,
      row.size_k,
      row.method,
      row.coupon_code,
      Number(row.total_cents),
      row.currency,
      new Date(row.created_at),
      row.paid_at === null ? null : new Date(row.paid_at),
      row.review_reason,
    ]),
  }
}
