import { and, arrayContains, desc, gt, type SQL } from 'drizzle-orm'
import type { Database } from '../../src/db/client'
import { capturedEmails, type CapturedEmailRow } from '../../src/db/schema'

export type MailQuery = { to?: string; subject?: string | RegExp }

/**
 * Reads what the local SMTP capture stored. Mail leaves through a background job, so tests wait
 * for it with `waitFor` (polling the database until it arrives or the time is up).
 */
export class Mailbox {
  constructor(private readonly db: Database) {}

  async list(query: MailQuery = {}): Promise<CapturedEmailRow[]> {
    const conditions: SQL[] = []
    if (query.to) conditions.push(arrayContains(capturedEmails.to, [query.to.toLowerCase()]))
    const rows = await this.db
      .select()
      .from(capturedEmails)
      .where(conditions.length ? and(...conditions) : undefined)
      .orderBy(desc(capturedEmails.receivedAt))
    return rows.filter((row) => matchesSubject(row, query.subject))
  }

  /** The first message matching `query` received after `since` (default: any time). */
  async waitFor(
    query: MailQuery,
    options: { timeoutMs?: number; since?: Date } = {},
  ): Promise<CapturedEmailRow> {
    const deadline = Date.now() + (options.timeoutMs ?? 15_000)
    for (;;) {
      const since = options.since
      const rows = await this.db
        .select()
        .from(capturedEmails)
        .where(since ? gt(capturedEmails.receivedAt, since) : undefined)
        .orderBy(desc(capturedEmails.receivedAt))
      const found = rows.find(
        (row) =>
          (!query.to || row.to.includes(query.to.toLowerCase())) &&
          matchesSubject(row, query.subject),
      )
      if (found) return found
      if (Date.now() > deadline) {
        throw new Error(`no email matching ${JSON.stringify(query)} arrived in time`)
      }
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
  }

  /** The reset link of the newest password reset email to `to`. */
  async waitForResetLink(to: string, since?: Date): Promise<string> {
    const email = await this.waitFor({ to, subject: /reset/i }, since ? { since } : {})
    const link = email.links.find((candidate) => candidate.includes('/reset-password?token='))
    if (!link) throw new Error('the reset email has no reset link')
    return link
  }
}

function matchesSubject(row: CapturedEmailRow, subject: MailQuery['subject']) {
  if (!subject) return true
  return typeof subject === 'string' ? row.subject === subject : subject.test(row.subject)
}
