import { describe, expect, it } from 'vitest'
import { StatementSize, writeInStatements } from '../src/risk/statement-size'

describe('flush statement sizes (risk monitor)', () => {
  it('aims each statement at the target time from the measured cost per row', () => {
    const size = new StatementSize({ min: 10, initial: 100, max: 1_000 }, 10)
    // 100 rows in 40 ms: 0.4 ms a row -> 25 rows for 10 ms
    size.record(100, 40)
    expect(size.rows).toBe(25)
  })

  it('grows by at most half at a time and never beyond the bounds', () => {
    const size = new StatementSize({ min: 10, initial: 100, max: 400 }, 10)
    size.record(100, 1) // 0.01 ms a row would allow 1,000
    expect(size.rows).toBe(150)
    for (let i = 0; i < 20; i++) size.record(size.rows, 0.5)
    expect(size.rows).toBe(400)
    for (let i = 0; i < 20; i++) size.record(size.rows, 1_000)
    expect(size.rows).toBe(10)
  })

  it('writes every item once, in order, each statement after `before`', async () => {
    const size = new StatementSize({ min: 3, initial: 4, max: 8 }, 10)
    const items = Array.from({ length: 30 }, (_, i) => i)
    const written: number[][] = []
    const order: string[] = []
    let counted = 0
    await writeInStatements(
      items,
      size,
      async () => void order.push('before'),
      async (chunk) => {
        order.push('write')
        written.push(chunk)
      },
      (count) => (counted += count),
    )
    expect(written.flat()).toEqual(items)
    expect(counted).toBe(30)
    expect(written.every((chunk) => chunk.length >= 1 && chunk.length <= 8)).toBe(true)
    expect(order.slice(0, 4)).toEqual(['before', 'write', 'before', 'write'])
  })
})
