import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { users } from './users'

/**
 * What staff did and why: every admin action on a trader's account, user or money is a row here
 * (actor, action, target, the reason typed by the admin, details), and every money event (actor
 * null when the system did it). Rows are only ever appended: no code updates or deletes them
 * (audit-append-only.test.ts scans the source) and a trigger refuses UPDATE, DELETE and TRUNCATE.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    actorUserId: uuid('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    reason: text('reason'),
    details: jsonb('details').$type<Record<string, unknown>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('audit_log_target_idx').on(t.targetType, t.targetId, t.createdAt),
    index('audit_log_actor_idx').on(t.actorUserId, t.createdAt),
    // /admin/audit and its export page newest first (keyset on created_at, id)
    index('audit_log_created_at_idx').on(t.createdAt, t.id),
  ],
)

export type AuditRow = typeof auditLog.$inferSelect
