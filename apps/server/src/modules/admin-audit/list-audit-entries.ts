import { sql } from 'drizzle-orm'
import type { Role } from '@tp/api'
import type { AdminAuditFilters, AuditEntry } from '@tp/api/admin-audit'
import type { AppContext } from '../../context'
import { auditWhereOf } from './audit-filters'

// The /admin/audit page (issue 14 item 7): the append-only audit log searched, filtered, sorted
// by time and paged in the database, each entry with its actor's email and role and its details.

export type ListAuditQuery = AdminAuditFilters & {
  page: number
  pageSize: number
  dir: 'asc' | 'desc'
}

export type AuditRowSql = {
  id: string
  created_at: Date | string
  actor_user_id: string | null
  actor_email: string | null
  actor_role: Role | null
  action: string
  target_type: string
  target_id: string
  reason: string | null
  details: Record<string, unknown> | null
}

export const auditColumns = sql`l.id, l.created_at, l.actor_user_id, u.email as actor_email,
  u.role as actor_role, l.action, l.target_type, l.target_id, l.reason, l.details`

export function toAuditEntry(row: AuditRowSql): AuditEntry {
  return {
    id: row.id,
    createdAt: new Date(row.created_at).toISOString(),
    actorId: row.actor_user_id,
    actorEmail: row.actor_email,
    actorRole: row.actor_role,
    action: row.action,
    targetType: row.target_type,
    targetId: row.target_id,
    reason: row.reason,
    details: row.details,
  }
}

export async function listAuditEntries(ctx: AppContext, query: ListAuditQuery) {
  const where = auditWhereOf(query)
  const direction = sql.raw(query.dir === 'asc' ? 'asc' : 'desc')
  const [rows, counted] = await Promise.all([
    ctx.db.execute<AuditRowSql>(sql`
      select ${auditColumns}
      from audit_log l left join users u on u.id = l.actor_user_id
      where ${where}
      order by l.created_at ${direction}, l.id ${direction}
      limit ${query.pageSize} offset ${(query.page - 1) * query.pageSize}`),
    ctx.db.execute<{ total: string | number }>(sql`
      select count(*) as total
      from audit_log l left join users u on u.id = l.actor_user_id
      where ${where}`),
  ])
  return {
    entries: rows.rows.map(toAuditEntry),
    page: query.page,
    pageSize: query.pageSize,
    total: Number(counted.rows[0]?.total ?? 0),
  }
}
