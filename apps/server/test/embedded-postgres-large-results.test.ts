import { afterAll, beforeAll, expect, it } from 'vitest'
import { startEmbeddedPostgres, type EmbeddedPostgres } from '../src/db/embedded-postgres'
import { createPool } from '../src/db/client'

// A result larger than a socket buffer: the embedded server's writes queue up while the reader
// (node-postgres, in this very process) is busy, so queued bytes must not change under it.
// Regression: they were views of PGlite's memory and came out corrupted ("offset out of range").

let embedded: EmbeddedPostgres
beforeAll(async () => {
  embedded = await startEmbeddedPostgres()
})
afterAll(async () => {
  await embedded?.stop()
})

it('returns tens of megabytes intact to several readers at once', async () => {
  const pool = createPool(embedded.url, 4)
  try {
    const results = await Promise.all(
      Array.from({ length: 4 }, (_, i) =>
        pool
          .query<{ n: number; payload: string }>(
            `select n, repeat(md5(n::text), 8) as payload from generate_series(1, 60000) as n`,
          )
          .then((result) => ({ i, rows: result.rows })),
      ),
    )
    for (const { rows } of results) {
      expect(rows).toHaveLength(60_000)
      expect(rows.every((row, index) => row.n === index + 1 && row.payload.length === 256)).toBe(
        true,
      )
    }
  } finally {
    await pool.end()
  }
})
