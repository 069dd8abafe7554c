import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { passwordResetTokens, rateLimitCounters, refreshTokens } from '../src/db/schema'
import { cleanExpiredRecordsJob } from '../src/jobs/clean-expired-records'
import { createTestApp, type TestApp } from './support'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t?.close()
})

describe('the hourly clean-up job', () => {
  it('drops expired refresh tokens, used reset tokens and old counters, and keeps live ones', async () => {
    const old = await t.createUser()
    await t.post('/api/auth/login', { email: old.user.email, password: 'wrong-password' })
    await t.db.insert(passwordResetTokens).values({
      userId: old.user.id,
      tokenHash: 'old-reset',
      createdAt: t.clock.now(),
      expiresAt: new Date(t.clock.now().getTime() + 3_600_000),
    })

    t.clock.advance({ days: 32 })
    try {
      const current = await t.createUser()
      await cleanExpiredRecordsJob.handle(t.ctx, undefined)

      const refreshOwners = (await t.db.select().from(refreshTokens)).map((r) => r.userId)
      expect(refreshOwners).toEqual([current.user.id])
      expect(await t.db.select().from(passwordResetTokens)).toEqual([])
      expect(await t.db.select().from(rateLimitCounters)).toEqual([])
    } finally {
      t.clock.reset()
    }
  })
})
