import { sql } from 'drizzle-orm'
import { adminExportColumns, type AdminAuditFilters } from '@tp/api/admin-audit'
import type { AppContext } from '../../context'
import { auditWhereOf } from '../admin-audit/audit-filters'
import { auditColumns, toAuditEntry, type AuditRowSql } from '../admin-audit/list-audit-entries'
import type { Caller } from '../access/authenticate'
import { auditExport, cellsOf, keysetPages, type CsvExport, type KeysetRow } from './csv-export'

/**
 * The audit log as CSV with the page's filters, newest first; the export is itself an entry,
 * written before the read (so it is in the file it makes).
 */
export async function exportAuditEntries(
  ctx: AppContext,
  caller: Caller,
  filters: AdminAuditFilters,
  pageSize?: number,
): Promise<CsvExport> {
  await auditExport(ctx, caller, 'audit', filters)
  const where = auditWhereOf(filters)
  const pages = keysetPages<AuditRowSql & KeysetRow>(async (after, size) => {
    const result = await ctx.db.execute<AuditRowSql & KeysetRow>(sql`
      select ${auditColumns}, l.created_at::text as cursor_at
      from audit_log l left join users u on u.id = l.actor_user_id
      where ${where}
        ${after ? sql`and (l.created_at, l.id) < (${after.at}::timestamptz, ${after.id}::uuid)` : sql``}
      order by l.created_at desc, l.id desc
      limit ${size}`)
    return result.rows
  }, pageSize)
  return {
    name: 'audit',
    columns: adminExportColumns.audit,
    pages: cellsOf(pages, (row) => {
      const entry = toAuditEntry(row)
      return [
        entry.id,
        entry.createdAt,
        entry.actorEmail ?? 'system',
        entry.action,
        entry.targetType,
        entry.targetId,
        entry.reason,
        entry.details ? JSON.stringify(entry.details) : null,
      ]
    }),
  }
}
