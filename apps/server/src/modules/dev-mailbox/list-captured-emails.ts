import { desc } from 'drizzle-orm'
import type { AppContext } from '../../context'
import { capturedEmails, type CapturedEmailRow } from '../../db/schema'

const MAILBOX_PAGE = 100

/** One captured email without its bodies, as the mailbox lists it. */
export function toMailSummary(row: Omit<CapturedEmailRow, 'text' | 'html' | 'messageId'>) {
  return {
    id: row.id,
    from: row.from,
    to: row.to,
    subject: row.subject,
    links: row.links,
    receivedAt: row.receivedAt.toISOString(),
  }
}

/** The newest captured emails (a page of them), newest first. */
export async function listCapturedEmails(ctx: AppContext) {
  const rows = await ctx.db
    .select({
      id: capturedEmails.id,
      from: capturedEmails.from,
      to: capturedEmails.to,
      subject: capturedEmails.subject,
      links: capturedEmails.links,
      receivedAt: capturedEmails.receivedAt,
    })
    .from(capturedEmails)
    .orderBy(desc(capturedEmails.receivedAt), desc(capturedEmails.id))
    .limit(MAILBOX_PAGE)
  return rows.map(toMailSummary)
}
