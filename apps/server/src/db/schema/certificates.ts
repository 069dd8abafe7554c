import { sql } from 'drizzle-orm'
import { index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import type { CertificateData } from '@tp/domain/certificates'
import { tradingAccounts } from './trading'
import { users } from './users'

// Certificates (issue 13 items 1-3): one row per milestone, exactly once by `issue_key`
// (account:kind, or account:payout:<payout id>). `data` is what the certificate states, as signed;
// `hash` is the HMAC-SHA256 of its canonical text under CERTIFICATE_KEY, the public name of the
// certificate and of its files in storage (certificates/{hash}/certificate.png|pdf). `rendered_at`
// is set once both files are stored; until then the issue job (or its retry) renders them.

export const certificates = pgTable(
  'certificates',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id')
      .notNull()
      .references(() => tradingAccounts.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    /** the payout a payout certificate is for (the payouts module's id; no foreign key) */
    payoutId: uuid('payout_id'),
    issueKey: text('issue_key').notNull(),
    hash: text('hash').notNull(),
    data: jsonb('data').$type<CertificateData>().notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    renderedAt: timestamp('rendered_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('certificates_issue_key').on(t.issueKey),
    uniqueIndex('certificates_hash').on(t.hash),
    index('certificates_user').on(t.userId, t.issuedAt),
    index('certificates_unrendered')
      .on(t.issuedAt)
      .where(sql`${t.renderedAt} is null`),
  ],
)

export type CertificateRow = typeof certificates.$inferSelect
