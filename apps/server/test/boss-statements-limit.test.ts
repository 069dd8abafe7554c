import type pg from 'pg'
import { describe, expect, it } from 'vitest'
import {
  BOSS_STATEMENTS_IN_FLIGHT,
  bossStatementsSettled,
  createBoss,
  limitConcurrency,
} from '../src/jobs/job-runner'

// Decision 0040: pg-boss's statements reach the database at most BOSS_STATEMENTS_IN_FLIGHT at a
// time, so a burst of its workers' polls never queues ahead of the app's own queries on PGlite.

/** A pool whose queries answer when the test says, counting how many are in flight. */
function heldPool() {
  const held: (() => void)[] = []
  let inFlight = 0
  let maxInFlight = 0
  const pool = {
    query: () => {
      inFlight++
      maxInFlight = Math.max(maxInFlight, inFlight)
      return new Promise((resolve) =>
        held.push(() => {
          inFlight--
          resolve({ rows: [] })
        }),
      )
    },
  }
  return {
    pool: pool as unknown as pg.Pool,
    held,
    inFlight: () => inFlight,
    maxInFlight: () => maxInFlight,
  }
}

/** Lets every settled promise's continuation run. */
const settle = () => new Promise((resolve) => setImmediate(resolve))

describe("pg-boss's statements in flight", () => {
  it('are at most the limit; the others go in the order they came, each once', async () => {
    const run = limitConcurrency(2)
    const order: number[] = []
    const gates: (() => void)[] = []
    const calls = [0, 1, 2, 3, 4].map((i) =>
      run(async () => {
        order.push(i)
        await new Promise<void>((resolve) => gates.push(resolve))
        return i * 10
      }),
    )
    await settle()
    expect(order).toEqual([0, 1])
    gates.shift()!()
    await settle()
    expect(order).toEqual([0, 1, 2])
    while (gates.length > 0) {
      gates.shift()!()
      await settle()
    }
    expect(await Promise.all(calls)).toEqual([0, 10, 20, 30, 40])
    expect(order).toEqual([0, 1, 2, 3, 4])
  })

  it('frees the slot of a statement that failed', async () => {
    const run = limitConcurrency(1)
    await expect(run(() => Promise.reject(new Error('refused')))).rejects.toThrow('refused')
    expect(await run(async () => 'next')).toBe('next')
  })

  it("hold a burst of the workers' polls in the app's process", async () => {
    const { pool, held, inFlight, maxInFlight } = heldPool()
    const boss = createBoss(pool, { isMaintaining: false })
    const db = (
      boss as unknown as { getDb(): { executeSql(text: string): Promise<unknown> } }
    ).getDb()
    const burst = Array.from({ length: 17 }, () => db.executeSql('select 1'))
    let isSettled = false
    // what a server's stop awaits before its pool ends: every statement held back answered
    void bossStatementsSettled(boss).then(() => (isSettled = true))
    await settle()
    expect(inFlight()).toBe(BOSS_STATEMENTS_IN_FLIGHT)
    while (held.length > 0) {
      expect(isSettled).toBe(false)
      held.shift()!()
      await settle()
    }
    await Promise.all(burst)
    expect(isSettled).toBe(true)
    expect(maxInFlight()).toBe(BOSS_STATEMENTS_IN_FLIGHT)
    await bossStatementsSettled(boss) // and at once when nothing is held
  })
})
