import { eq } from 'drizzle-orm'
import type { AppContext } from '../../context'
import { capturedEmails } from '../../db/schema'
import { AppError } from '../../lib/errors'
import { toMailSummary } from './list-captured-emails'

/** One captured email with its text and HTML; NOT_FOUND when there is none with this id. */
export async function getCapturedEmail(ctx: AppContext, id: string) {
  const [row] = await ctx.db.select().from(capturedEmails).where(eq(capturedEmails.id, id))
  if (!row) throw new AppError('NOT_FOUND')
  return { ...toMailSummary(row), text: row.text, html: row.html }
}
