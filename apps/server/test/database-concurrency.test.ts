import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startEmbeddedPostgres, type EmbeddedPostgres } from '../src/db/embedded-postgres'
import type { OpenDatabase } from '../src/db/open-database'
import { currentTemplate, openDatabaseFromTemplate } from './support'

// The app reaches PGlite over the wire protocol with a pool of connections multiplexed onto one
// backend (src/db/embedded-postgres.ts). These run on the backend of the test project (PGlite
// over the socket, or PostgreSQL), so both must give the same, correct answers.

let database: OpenDatabase
beforeAll(async () => {
  database = await openDatabaseFromTemplate(await currentTemplate())
  await database.pool.query(
    'create table concurrency_probe (id int primary key, owner text not null)',
  )
})
afterAll(async () => {
  await database?.close()
})

const pool = () => database.pool

describe('concurrent queries over pooled connections', () => {
  it('answers parallel parameterized queries of different shapes each with its own result', async () => {
    const results = await Promise.all(
      Array.from({ length: 120 }, async (_, i) => {
        const { rows } =
          i % 2 === 0
            ? await pool().query(`select $1::int as n, $2::text as s, ${i} as k`, [i, `text-${i}`])
            : await pool().query(`select $2::text as s, $1::int * 2 as n, ${i} as k`, [
                i,
                `text-${i}`,
              ])
        return { i, row: rows[0] as { n: number; s: string; k: number } }
      }),
    )
    for (const { i, row } of results) {
      expect(row).toEqual({ n: i % 2 === 0 ? i : i * 2, s: `text-${i}`, k: i })
    }
  })

  it('keeps large parameters (several TCP chunks) intact while small queries run alongside', async () => {
    const big = 'x'.repeat(400_000)
    const results = await Promise.all(
      Array.from({ length: 45 }, async (_, i) => {
        if (i % 3 === 0) {
          const { rows } = await pool().query(`select length($1::text) as len, ${i} as k`, [big])
          return rows[0].len === big.length && rows[0].k === i
        }
        const { rows } = await pool().query(`select $1::int + 1 as n, ${i} as k`, [i])
        return rows[0].n === i + 1 && rows[0].k === i
      }),
    )
    expect(results.every(Boolean)).toBe(true)
  })

  it('runs interleaved transactions correctly: commits persist, rollbacks vanish, readers see no partial state', async () => {
    const transactions = Array.from({ length: 16 }, async (_, i) => {
      const client = await pool().connect()
      try {
        await client.query('begin')
        await client.query('insert into concurrency_probe (id, owner) values ($1, $2)', [
          i,
          `tx-${i}`,
        ])
        // yield between statements so the transactions of other clients interleave with this one
        await new Promise((resolve) => setImmediate(resolve))
        await client.query('update concurrency_probe set owner = owner || $2 where id = $1', [
          i,
          '!',
        ])
        const { rows } = await client.query('select owner from concurrency_probe where id = $1', [
          i,
        ])
        await client.query(i % 2 === 0 ? 'commit' : 'rollback')
        return rows[0]?.owner as string
      } finally {
        client.release()
      }
    })
    // readers running meanwhile never see a row that is later rolled back
    const readers = Array.from({ length: 16 }, async () => {
      const { rows } = await pool().query('select id from concurrency_probe where id % 2 = 1')
      return rows.length
    })
    const [owners, oddRowsSeen] = await Promise.all([
      Promise.all(transactions),
      Promise.all(readers),
    ])
    expect(owners).toEqual(Array.from({ length: 16 }, (_, i) => `tx-${i}!`))
    expect(oddRowsSeen.every((count) => count === 0)).toBe(true)
    const { rows } = await pool().query('select id, owner from concurrency_probe order by id')
    expect(rows).toEqual([0, 2, 4, 6, 8, 10, 12, 14].map((id) => ({ id, owner: `tx-${id}!` })))
  })

  it('recovers from an error inside a transaction', async () => {
    const client = await pool().connect()
    try {
      await client.query('begin')
      await expect(client.query('select 1 / 0')).rejects.toThrow(/division by zero/)
      await client.query('rollback')
    } finally {
      client.release()
    }
    expect((await pool().query('select 42 as answer')).rows[0].answer).toBe(42)
  })
})

describe('the embedded server itself', () => {
  let embedded: EmbeddedPostgres
  beforeAll(async () => {
    embedded = await startEmbeddedPostgres({ waitTimeoutMs: 300 })
  })
  afterAll(async () => {
    await embedded?.stop()
  })

  async function connect() {
    const client = new pg.Client({ connectionString: embedded.url })
    client.on('error', () => {}) // a dropped connection is what some tests do on purpose
    await client.connect()
    return client
  }

  it('rolls back the transaction of a client that disconnects in the middle of it', async () => {
    const observer = await connect()
    await observer.query('create table dropped (id int)')

    const quitter = await connect()
    await quitter.query('begin')
    await quitter.query('insert into dropped values (1)')
    const ended = new Promise((resolve) => quitter.once('end', resolve))
    ;(
      quitter as unknown as { connection: { stream: { destroy(): void } } }
    ).connection.stream.destroy()
    await ended

    // the backend is free again and the half-done insert is gone
    const { rows } = await observer.query('select count(*)::int as c from dropped')
    expect(rows[0].c).toBe(0)
    await observer.end()
  })

  it('refuses, rather than hangs, a query that waits on a transaction held by another connection', async () => {
    const holder = await connect()
    const waiter = await connect()
    await holder.query('begin')
    await expect(waiter.query('select 1')).rejects.toMatchObject({ code: '55P03' })
    await holder.query('commit')
    // both connections are usable afterwards
    expect((await waiter.query('select 2 as n')).rows[0].n).toBe(2)
    await holder.end()
    await waiter.end()
  })
})
