import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { startMt5Fake } from '../src/integrations/trading-platform/mt5-webapi/fake/mt5-fake'

// The local MT5 server keeps its accounts between runs in development (under DATA_DIR), so the
// app's MT5 accounts still exist on it after `npm start` is restarted.

const dirs: string[] = []
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true })
})

describe('the MT5 fake with a state file', () => {
  it('finds its users, positions and deals again after a restart, and never reuses a login', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'tp-mt5-fake-'))
    dirs.push(dir)
    const stateFile = path.join(dir, 'mt5-webapi-fake.json')
    const first = await startMt5Fake({ stateFile })
    const user = first.seedUser({
      group: 'demo\\tradepeak',
      name: 'Kept',
      balanceCents: 10_000_000,
      leverage: 30,
    })
    const usersBefore = [...first.users.values()]
    const positionsBefore = [...first.positions.values()]
    const dealsBefore = [...first.deals]
    await first.close()

    const second = await startMt5Fake({ stateFile })
    try {
      expect([...second.users.values()]).toEqual(usersBefore)
      expect([...second.positions.values()]).toEqual(positionsBefore)
      expect(second.deals).toEqual(dealsBefore)
      const next = second.seedUser({
        group: 'demo\\tradepeak',
        name: 'New',
        balanceCents: 1_000_000,
        leverage: 30,
      })
      expect(next.login).not.toBe(user.login)
    } finally {
      await second.close()
    }
  })

  it('keeps nothing without one', async () => {
    const first = await startMt5Fake()
    first.seedUser({ group: 'demo\\tradepeak', name: 'Gone', balanceCents: 1, leverage: 30 })
    await first.close()
    const second = await startMt5Fake()
    expect(second.users.size).toBe(0)
    await second.close()
  })
})
