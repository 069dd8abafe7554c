import { describe, expect, it, vi } from 'vitest'
import type { AppContext } from '../src/context'
import type { PlatformKind } from '../src/integrations/trading-platform/trading-platform'
import { NewsRule } from '../src/risk/news-rule'
import { PolicyRule } from '../src/risk/policy-rule'

// The rules checked after the fact listen to every account event beside the risk monitor. The
// simulated server's equity events are every tick of every account: a rule must drop them without
// touching the database or the platform (at 100k accounts a read per account's first tick starved
// the tick path), and read a polled account (MT5 Web API, MetaApi) once, at its first sight.

function contextWith(kind: PlatformKind) {
  const select = vi.fn(() => ({
    from: () => ({ where: () => Promise.resolve([]) }),
  }))
  const listPositions = vi.fn(() => Promise.resolve([]))
  const ctx = {
    db: { select },
    logger: { error: vi.fn(), info: vi.fn(), warn: vi.fn() },
    trading: {
      router: { kindOf: () => kind },
      platform: { subscribe: () => () => {}, listPositions },
    },
  } as unknown as AppContext
  return { ctx, select, listPositions }
}

const equity = (tMs: number) => ({ type: 'equity' as const, tMs, balance: 1, equity: 1 })

describe.each([
  ['news rule', (ctx: AppContext) => new NewsRule(ctx)],
  ['policy rule', (ctx: AppContext) => new PolicyRule(ctx)],
])('the %s', (_name, build) => {
  it("drops the simulated server's equity events with no database read", async () => {
    const { ctx, select, listPositions } = contextWith('simulated')
    const rule = build(ctx)
    for (let i = 0; i < 1_000; i++) rule.onAccountEvent(`sim-${i}`, equity(i))
    await rule.idle()
    expect(select).not.toHaveBeenCalled()
    expect(listPositions).not.toHaveBeenCalled()
  })

  it('looks a polled account up at its first equity event, and again only until it exists', async () => {
    const { ctx, select } = contextWith('mt5-webapi')
    const rule = build(ctx)
    rule.onAccountEvent('mt5-1', equity(1))
    rule.onAccountEvent('mt5-1', equity(2)) // swept already: nothing more
    await rule.idle()
    expect(select).toHaveBeenCalledTimes(1)
    // not provisioned yet (no row): asked again at its next equity
    rule.onAccountEvent('mt5-1', equity(3))
    await rule.idle()
    expect(select).toHaveBeenCalledTimes(2)
  })
})
