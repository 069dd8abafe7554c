import type pg from 'pg'

// node-postgres writes each message of an extended-protocol query (Bind, Describe, Execute,
// Sync, and Parse the first time) to the socket on its own: four to five write system calls and
// as many TCP segments per query, which on a hot read route cost more of the app's CPU than
// building its answer (decision 0028). Corking the socket while the client submits a query
// sends them in one writev.

type Pulsing = { connection?: { stream?: { cork?(): void; uncork?(): void } } }

/** `Client` whose queries each go to the server in one socket write. */
export function corkedClient(Client: typeof pg.Client): typeof pg.Client {
  const pulse = (Client.prototype as unknown as { _pulseQueryQueue?: () => void })._pulseQueryQueue
  if (typeof pulse !== 'function') return Client
  class CorkedClient extends Client {}
  Object.defineProperty(CorkedClient.prototype, '_pulseQueryQueue', {
    configurable: true,
    writable: true,
    value: function (this: Pulsing) {
      const stream = this.connection?.stream
      if (!stream?.cork || !stream.uncork) return pulse.call(this)
      stream.cork()
      try {
        pulse.call(this)
      } finally {
        stream.uncork()
      }
    },
  })
  return CorkedClient
}
