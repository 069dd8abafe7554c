import type { CertificateKind } from '@tp/domain/certificates'
import { sql } from 'drizzle-orm'
import { z } from 'zod'
import type { AppContext } from '../../context'
import { defineJob } from '../../jobs/job-runner'
import { issueCertificateJob } from './issue-certificate'

// The safety net of exactly-once issuance: a crash between a milestone's commit and the queueing
// of its certificate would lose it, and one during rendering would leave it without files. Every
// minute this job queues the issue job again for each account past a lifecycle milestone that has
// no certificate yet (a passed phase 1 or phase 2, an activated Instant Funding account) and for
// each certificate left unrendered for a minute; the issue job does the rest exactly once. Payout
// certificates are asked for by the payouts module, which retries its own paid step.

const BATCH = 200

type Missing = {
  account_id: string
  kind: CertificateKind
  payout_id: string | null
  amount_cents: number | null
}

export async function sweepCertificates(ctx: AppContext): Promise<number> {
  const staleBefore = new Date(ctx.clock.now().getTime() - 60_000)
  const result = await ctx.db.execute<Missing>(sql`
    with milestones as (
      select a.id as account_id,
        case when a.stage = 'phase1' then 'phase1'
          when a.stage = 'phase2' then 'funded'
          else 'instantFunding' end as kind
      from trading_accounts a
      where (a.status = 'passed' and a.stage in ('phase1', 'phase2'))
        or (a.plan_key = 'instantFund.funded' and a.started_at is not null)
    )
    select m.account_id, m.kind, null::uuid as payout_id, null::bigint as amount_cents
    from milestones m
    where not exists (
      select 1 from certificates c where c.account_id = m.account_id and c.kind = m.kind)
    union all
    select c.account_id, c.kind, c.payout_id, (c.data->>'amountCents')::bigint
    from certificates c
    where c.rendered_at is null and c.issued_at < ${staleBefore}
    limit ${BATCH}`)
  for (const row of result.rows) {
    await ctx.jobs.enqueue(issueCertificateJob, {
      accountId: row.account_id,
      kind: row.kind,
      ...(row.payout_id ? { payoutId: row.payout_id } : {}),
      ...(row.amount_cents !== null ? { amountCents: Number(row.amount_cents) } : {}),
    })
  }
  return result.rows.length
}

export const sweepCertificatesJob = defineJob({
  name: 'certificates.sweep',
  schema: z.unknown(),
  cron: '* * * * *',
  retryLimit: 0,
  handle: async (ctx) => {
    const queued = await sweepCertificates(ctx)
    if (queued > 0) ctx.logger.info({ queued }, 'certificates: queued missing issues')
  },
})
