/**
 * How many rows the next statement of one kind of flush write carries, so that each statement
 * holds the database (on PGlite, every other query of the app: decision 0006) for about
 * `targetMs`. Row counts alone do not bound that time: a row's cost differs by kind (a checkpoint
 * rewrites an account row, several times a ledger row) and with the machine's load. Each
 * statement's time (from sending it to its answer) per row is averaged over the last few
 * statements; the next size aims at the target with that cost, grows by at most half at a time
 * and stays within [min, max] (the floor bounds how many statements a large flush takes on a
 * loaded machine).
 */
export class StatementSize {
  private size: number
  private perRowMs = NaN

  constructor(
    private readonly bounds: { min: number; initial: number; max: number },
    private readonly targetMs: number,
  ) {
    this.size = bounds.initial
  }

  get rows(): number {
    return this.size
  }

  /** `rows` written by one statement that took `ms` (send to answer). */
  record(rows: number, ms: number): void {
    if (rows <= 0) return
    const perRowMs = Math.max(ms, 0.01) / rows
    this.perRowMs = Number.isNaN(this.perRowMs) ? perRowMs : 0.7 * this.perRowMs + 0.3 * perRowMs
    const aimed = Math.floor(this.targetMs / this.perRowMs)
    const next = Math.min(aimed, Math.ceil(this.size * 1.5))
    this.size = Math.min(this.bounds.max, Math.max(this.bounds.min, next))
  }
}

/**
 * Resolves on the event loop's next check phase: the I/O that arrived meanwhile (an HTTP request,
 * its query) is handled first.
 */
export const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve))

/**
 * Writes `items` in statements sized by `size`, one after the other, each after a turn of the
 * event loop (the requests that arrived during the previous statement send their queries first,
 * so on PGlite they wait for one statement, not two; and the API loop never runs two statements'
 * preparation back to back: decision 0050) and after `before()` (a breach or pass waiting to be
 * stored goes ahead). `onWritten(count)` after each.
 */
export async function writeInStatements<T>(
  items: T[],
  size: StatementSize,
  before: () => Promise<void>,
  write: (chunk: T[]) => Promise<void>,
  onWritten: (count: number) => void = () => {},
): Promise<void> {
  for (let at = 0; at < items.length;) {
    await yieldToEventLoop()
    await before()
    const chunk = items.slice(at, at + size.rows)
    const t0 = performance.now()
    await write(chunk)
    size.record(chunk.length, performance.now() - t0)
    at += chunk.length
    onWritten(chunk.length)
  }
}
