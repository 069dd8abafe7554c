import { currentRulebookVersion } from '@tp/domain'
import { count, eq } from 'drizzle-orm'
import { afterAll, beforeAll, expect, it, vi } from 'vitest'
import { capturedEmails, challenges, evaluationEvents, tradingAccounts } from '../src/db/schema'
import { provisionStageAccount } from '../src/modules/accounts/provision-account'
import { createTestApp, type TestApp } from './support'

// An attempt that made the account active but failed (or died) before its evaluation started and
// its credentials email was queued: the retry finds the account active and finishes the job, so
// the trader is neither left without credentials nor traded without rules.

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  vi.restoreAllMocks()
  await t?.close()
})

it('a retry after an attempt failed past activation starts the evaluation and emails the credentials once', async () => {
  const trader = await t.createUser({ email: 'half-done@tradepeak.test' })
  const [challenge] = await t.db
    .insert(challenges)
    .values({
      userId: trader.user.id,
      challengeType: 'twoPhase',
      sizeK: 25,
      platform: 'mt5',
      rulebookVersion: currentRulebookVersion,
    })
    .returning()
  const risk = t.ctx.trading.risk
  const track = vi.spyOn(risk, 'track').mockRejectedValueOnce(new Error('database went away'))

  const input = { challengeId: challenge!.id, stage: 'phase1' as const }
  await expect(provisionStageAccount(t.ctx, input)).rejects.toThrow('database went away')
  const [halfDone] = await t.db
    .select()
    .from(tradingAccounts)
    .where(eq(tradingAccounts.challengeId, challenge!.id))
  expect(halfDone?.status).toBe('active')
  expect(risk.get(halfDone!.id)).toBeUndefined()
  await t.waitForJobs()
  const credentialsTo = async () =>
    (await t.mailbox.list({ to: trader.user.email, subject: /account is ready/ })).length
  expect(await credentialsTo()).toBe(0)

  // the job's retry, past the lease
  t.clock.advance({ minutes: 2 })
  const retried = await provisionStageAccount(t.ctx, input)
  expect(retried.id).toBe(halfDone!.id)
  expect(risk.get(halfDone!.id)).toBeDefined()
  const [start] = await t.db
    .select()
    .from(evaluationEvents)
    .where(eq(evaluationEvents.accountId, halfDone!.id))
  expect(start).toMatchObject({ kind: 'snapshot', balance: 2_500_000, equity: 2_500_000 })
  expect(start!.tMs).toBe(halfDone!.startedAt!.getTime())
  await t.mailbox.waitFor({ to: trader.user.email, subject: /Phase 1 account is ready/ })
  await t.waitForJobs()

  // later calls (a duplicate notice, another retry) change nothing
  await provisionStageAccount(t.ctx, input)
  await t.waitForJobs()
  expect(await credentialsTo()).toBe(1)
  const [events] = await t.db
    .select({ n: count() })
    .from(evaluationEvents)
    .where(eq(evaluationEvents.accountId, halfDone!.id))
  expect(events?.n).toBe(1)
  const [row] = await t.db
    .select()
    .from(tradingAccounts)
    .where(eq(tradingAccounts.id, halfDone!.id))
  expect(row?.credentialsSentAt).not.toBeNull()
  expect(track).toHaveBeenCalledTimes(2)
  expect(await t.db.select({ n: count() }).from(capturedEmails)).toEqual([{ n: 1 }])
})
