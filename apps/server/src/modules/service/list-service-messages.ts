import { and, count, desc, eq, type SQL } from 'drizzle-orm'
import {
  partnershipTypeLabels,
  type AdminMessagesResponse,
  type ServiceMessageKind,
  type ServiceMessageStatus,
} from '@tp/api'
import type { AppContext } from '../../context'
import { serviceMessages, type ServiceMessageRow } from '../../db/schema'

const PREVIEW_LENGTH = 140

/** The subject column of the inbox: a contact's subject, an application's partnership type. */
export function subjectOf(row: ServiceMessageRow): string | null {
  if (row.kind === 'partner' && row.partnershipType) {
    return `${partnershipTypeLabels[row.partnershipType]} partnership`
  }
  return row.subject
}

export function summaryOf(row: ServiceMessageRow) {
  const flat = row.message.replace(/\s+/g, ' ').trim()
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    name: row.name,
    email: row.email,
    subject: subjectOf(row),
    preview: flat.length > PREVIEW_LENGTH ? `${flat.slice(0, PREVIEW_LENGTH - 3)}...` : flat,
    createdAt: row.createdAt.toISOString(),
    answeredAt: row.answeredAt?.toISOString() ?? null,
  }
}

/** The admin inbox: contact messages and partner applications, newest first, a page at a time. */
export async function listServiceMessages(
  ctx: AppContext,
  query: {
    kind?: ServiceMessageKind | undefined
    status?: ServiceMessageStatus | undefined
    page: number
    pageSize: number
  },
): Promise<AdminMessagesResponse> {
  const conditions: SQL[] = []
  if (query.kind) conditions.push(eq(serviceMessages.kind, query.kind))
  if (query.status) conditions.push(eq(serviceMessages.status, query.status))
  const where = conditions.length ? and(...conditions) : undefined
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select()
      .from(serviceMessages)
      .where(where)
      .orderBy(desc(serviceMessages.createdAt), desc(serviceMessages.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    ctx.db.select({ value: count() }).from(serviceMessages).where(where),
  ])
  return {
    messages: rows.map(summaryOf),
    page: query.page,
    pageSize: query.pageSize,
    total: total?.value ?? 0,
  }
}
