import { sql, type SQL } from 'drizzle-orm'
import type { AdminAuditFilters } from '@tp/api/admin-audit'
import { escapeLike } from '../admin/list-users'

// The audit log's filters (issue 14 item 7), one SQL condition over `audit_log l left join users u
// on u.id = l.actor_user_id`, shared by the /admin/audit page and its CSV export.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** The first instant after a UTC day (YYYY-MM-DD). */
function dayAfter(day: string): string {
  const next = new Date(`${day}T00:00:00.000Z`)
  next.setUTCDate(next.getUTCDate() + 1)
  return next.toISOString()
}

export function auditWhereOf(filters: AdminAuditFilters): SQL {
  const conditions: SQL[] = [sql`true`]
  if (filters.search) {
    const pattern = `%${escapeLike(filters.search.toLowerCase())}%`
    conditions.push(sql`(lower(l.action) like ${pattern} or lower(l.target_id) like ${pattern}
      or lower(coalesce(l.reason, '')) like ${pattern} or coalesce(u.email, '') like ${pattern}
      or lower(coalesce(l.details::text, '')) like ${pattern})`)
  }
  if (filters.actor) {
    if (filters.actor.toLowerCase() === 'system') conditions.push(sql`l.actor_user_id is null`)
    else {
      const pattern = `%${escapeLike(filters.actor.toLowerCase())}%`
      conditions.push(sql`u.email like ${pattern}`)
    }
  }
  if (filters.target) {
    const target = filters.target
    if (UUID.test(target)) {
      // a user's id finds what was done to the user and to their orders, accounts and payouts
      const id = target.toLowerCase()
      conditions.push(sql`(l.target_id = ${id} or l.details->>'userId' = ${id}
        or l.target_id in (select o.id::text from orders o where o.user_id = ${id}::uuid)
        or l.target_id in (select a.id::text from trading_accounts a where a.user_id = ${id}::uuid)
        or l.target_id in (select p.id::text from payouts p where p.user_id = ${id}::uuid))`)
    } else {
      conditions.push(sql`l.target_id = ${target}`)
    }
  }
  if (filters.kind) conditions.push(sql`l.action like ${`${filters.kind}.%`}`)
  if (filters.from)
    conditions.push(sql`l.created_at >= ${`${filters.from}T00:00:00.000Z`}::timestamptz`)
  if (filters.to) conditions.push(sql`l.created_at < ${dayAfter(filters.to)}::timestamptz`)
  return sql.join(conditions, sql` and `)
}
