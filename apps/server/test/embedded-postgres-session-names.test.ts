import pg from 'pg'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { startEmbeddedPostgres, type EmbeddedPostgres } from '../src/db/embedded-postgres'
import { waitFor } from './support/wait-for'

// PGlite is one session behind the wire server, yet each client believes it has its own
// (decision 0006): named prepared statements must not collide between connections (the hot reads
// prepare the same names on every connection, 0024), a connection's statements go with it, and a
// notice committed on one connection reaches the others, as a server's listening sessions would.

let embedded: EmbeddedPostgres
const clients: pg.Client[] = []

async function connect(): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: embedded.url })
  await client.connect()
  clients.push(client)
  return client
}

beforeAll(async () => {
  embedded = await startEmbeddedPostgres()
})
afterAll(async () => {
  for (const client of clients) await client.end().catch(() => {})
  await embedded?.stop()
})

it('lets every connection prepare the same statement name, and drops them with it', async () => {
  const [a, b, observer] = [await connect(), await connect(), await connect()]
  for (let i = 0; i < 3; i++) {
    const fromA = await a.query({ name: 'same', text: 'select $1::int + 1 as v', values: [i] })
    const fromB = await b.query({ name: 'same', text: "select $1::text || '!' as v", values: [i] })
    expect(fromA.rows[0]).toEqual({ v: i + 1 })
    expect(fromB.rows[0]).toEqual({ v: `${i}!` })
  }
  const prepared = async () =>
    (await observer.query<{ n: number }>('select count(*)::int as n from pg_prepared_statements'))
      .rows[0]!.n
  expect(await prepared()).toBe(2)
  await a.end()
  await waitFor(async () => (await prepared()) === 1, { what: "a's statement to be dropped" })
})

it('hands a notice committed on one connection to every other connection', async () => {
  const [writer, listener] = [await connect(), await connect()]
  const heard: string[] = []
  writer.on('notification', (message) => heard.push(`writer:${message.payload}`))
  listener.on('notification', (message) => heard.push(`listener:${message.payload}`))
  await listener.query('listen session_names_test')
  await writer.query('begin')
  await writer.query(`select pg_notify('session_names_test', 'one')`)
  await writer.query(`select 1`)
  expect(heard).toEqual([]) // nothing before the commit
  await writer.query('commit')
  await waitFor(() => heard.includes('listener:one'), {
    what: 'the notice on the other connection',
  })
})
