import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditLog } from '../src/db/schema'
import { createTestApp, type TestApp } from './support'

// The audit log is append-only (issue 14 item 7, decision 0036): no code path of the server
// updates or deletes its rows (Drizzle or raw SQL: this file scans the source), and the database
// refuses it anyway (the trigger of migration 0017).

const serverSource = path.resolve(__dirname, '../src')

/** Every way of changing or removing audit_log rows the scan knows, Drizzle and SQL. */
const changesAuditLog: RegExp[] = [
  // Drizzle: db.update(auditLog), tx.delete(auditLog), also with spaces or line breaks
  /\.\s*(update|delete)\s*\(\s*(schema\.)?auditLog\b/,
  // raw SQL: update audit_log, delete from audit_log, truncate [table] audit_log (quoted or not)
  /\bupdate\s+(only\s+)?("?public"?\.)?"?audit_log"?\s+set\b/i,
  /\bdelete\s+from\s+(only\s+)?("?public"?\.)?"?audit_log\b/i,
  /\btruncate\s+(table\s+)?(only\s+)?("?public"?\.)?"?audit_log\b/i,
  // a trigger or rule dropped, or the table itself
  /\bdrop\s+(trigger|table)\s+(if\s+exists\s+)?"?audit_log/i,
]

async function sourceFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true })
  const files = await Promise.all(
    entries.map((entry) => {
      const full = path.join(dir, entry.name)
      if (entry.isDirectory()) return sourceFiles(full)
      return /\.(ts|sql)$/.test(entry.name) ? [full] : []
    }),
  )
  return files.flat()
}

function offences(text: string): string[] {
  return changesAuditLog.flatMap((pattern) => {
    const match = pattern.exec(text)
    return match ? [match[0]] : []
  })
}

describe('no update or delete path for the audit log exists in the code', () => {
  it('finds each way of changing the log in a sample (the scan can fail)', () => {
    const samples = [
      'await ctx.db.update(auditLog).set({ reason: null })',
      'await tx\n  .delete(auditLog)\n  .where(eq(auditLog.id, id))',
      "await db.execute(sql`UPDATE audit_log SET reason = ''`)",
      'await db.execute(sql`delete from "audit_log" where true`)',
      'TRUNCATE TABLE audit_log',
      'DROP TRIGGER IF EXISTS "audit_log_append_only" ON audit_log',
    ]
    for (const sample of samples) expect(offences(sample), sample).not.toEqual([])
    // what appends and reads is fine
    expect(offences('await db.insert(auditLog).values(entry)')).toEqual([])
    expect(offences('select * from audit_log l order by l.created_at')).toEqual([])
    expect(
      offences('CREATE TRIGGER x BEFORE UPDATE OR DELETE OR TRUNCATE ON "audit_log" FOR EACH'),
    ).toEqual([])
  })

  it('finds none in the server source (routes, use-cases, jobs, migrations)', async () => {
    const files = await sourceFiles(serverSource)
    expect(files.length).toBeGreaterThan(100)
    const found: string[] = []
    for (const file of files) {
      for (const offence of offences(await readFile(file, 'utf8'))) {
        found.push(`${path.relative(serverSource, file)}: ${offence}`)
      }
    }
    expect(found).toEqual([])
  })
})

describe('the database refuses to change the audit log', () => {
  let app: TestApp
  beforeAll(async () => {
    app = await createTestApp()
  })
  afterAll(async () => {
    await app?.close()
  })

  it('refuses UPDATE, DELETE and TRUNCATE, and keeps the rows', async () => {
    const admin = await app.createUser({ role: 'admin' })
    await app.db.insert(auditLog).values({
      actorUserId: admin.user.id,
      action: 'user.update',
      targetType: 'user',
      targetId: admin.user.id,
      reason: 'kept forever',
      createdAt: app.clock.now(),
    })
    const attempts = [
      sql`update audit_log set reason = 'rewritten'`,
      sql`delete from audit_log`,
      sql`truncate audit_log`,
    ]
    /** The database's own message of the refusal (Drizzle wraps it as the cause). */
    const refusal = async (attempt: PromiseLike<unknown>): Promise<string> => {
      try {
        await attempt
      } catch (error) {
        const cause = (error as { cause?: { message?: string } }).cause
        return cause?.message ?? (error as Error).message
      }
      return 'allowed'
    }
    for (const attempt of attempts) {
      expect(await refusal(app.db.execute(attempt))).toMatch(
        /^audit_log is append-only: \w+ refused$/,
      )
    }
    // and through Drizzle, as code would
    expect(await refusal(app.db.update(auditLog).set({ reason: 'rewritten' }))).toBe(
      'audit_log is append-only: UPDATE refused',
    )
    expect(await refusal(app.db.delete(auditLog))).toBe('audit_log is append-only: DELETE refused')
    const rows = await app.db.execute<{ reason: string }>(
      sql`select reason from audit_log where reason = 'kept forever'`,
    )
    expect(rows.rows).toEqual([{ reason: 'kept forever' }])
  })
})
