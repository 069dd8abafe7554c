import PgBoss from 'pg-boss'
import type pg from 'pg'
import type { z } from 'zod'
import type { AppContext } from '../context'
import type { Logger } from '../lib/logger'

// Background work runs through pg-boss on the app's own database (schema "pgboss"): jobs
// survive restarts, failed ones are retried with backoff, and any number of server processes
// share the queues. Each job is defined once (name, payload schema, retry policy, handler).

export type JobDefinition<T> = {
  name: string
  /** The payload is checked when sent and again when worked (it crossed the database). */
  schema: z.ZodType<T>
  retryLimit?: number
  retryDelaySeconds?: number
  expireInSeconds?: number
  /** Cron expression (UTC) for jobs that run on a schedule. */
  cron?: string
  /** pg-boss queue policy; "stately": at most one job per singleton key per state */
  policy?: 'standard' | 'stately'
  handle(ctx: AppContext, data: T): Promise<void>
}

export function defineJob<T>(definition: JobDefinition<T>): JobDefinition<T> {
  return definition
}

export interface Jobs {
  enqueue<T>(job: JobDefinition<T>, data: T): Promise<void>
  /** Runs the job at `startAfter`; one job per singleton key is queued at a time. */
  schedule<T>(
    job: JobDefinition<T>,
    data: T,
    options: { startAfter: Date; singletonKey: string },
  ): Promise<void>
}

export const BOSS_SCHEMA = 'pgboss'

/**
 * pg-boss statements in flight at once (decision 0040). Every queue's worker polls on the same
 * interval, started together, so their fetches arrive as one burst; on PGlite, where statements
 * run one at a time, a query of the app arriving after that burst waited for all of it (17
 * fetches, tens of ms) on top of a risk-ledger flush statement. Held here, the rest of a burst
 * waits in the app's process, and the database's queue holds at most this many of them.
 */
export const BOSS_STATEMENTS_IN_FLIGHT = 2

/** Runs at most `limit` of the calls given to it at once, the others in the order they came. */
export type ConcurrencyLimit = (<T>(call: () => Promise<T>) => Promise<T>) & {
  /** resolves once no call is running or waiting */
  idle(): Promise<void>
}

export function limitConcurrency(limit: number): ConcurrencyLimit {
  let running = 0
  const waiting: (() => void)[] = []
  let idlers: (() => void)[] = []
  const run = async <T>(call: () => Promise<T>): Promise<T> => {
    if (running >= limit) await new Promise<void>((resolve) => waiting.push(resolve))
    else running++
    try {
      return await call()
    } finally {
      // the slot passes straight to the next waiting call, if any
      const next = waiting.shift()
      if (next) next()
      else if (--running === 0) {
        for (const idler of idlers) idler()
        idlers = []
      }
    }
  }
  return Object.assign(run, {
    idle: () =>
      running === 0 ? Promise.resolve() : new Promise<void>((resolve) => idlers.push(resolve)),
  })
}

const bossStatements = new WeakMap<PgBoss, ConcurrencyLimit>()

/**
 * Resolves once every statement pg-boss gave the pool has answered: after `boss.stop`, before the
 * pool ends (pg-boss completes a job without waiting for it, so its statement may still be held).
 */
export function bossStatementsSettled(boss: PgBoss): Promise<void> {
  return bossStatements.get(boss)?.idle() ?? Promise.resolve()
}

/** pg-boss on our pool, so it follows the app to PGlite or PostgreSQL alike. */
export function createBoss(pool: pg.Pool, options: { isMaintaining?: boolean } = {}): PgBoss {
  const isMaintaining = options.isMaintaining ?? true
  const limited = limitConcurrency(BOSS_STATEMENTS_IN_FLIGHT)
  const boss = new PgBoss({
    db: { executeSql: (text, values) => limited(() => pool.query(text, values)) },
    schema: BOSS_SCHEMA,
    supervise: isMaintaining,
    schedule: isMaintaining,
  })
  bossStatements.set(boss, limited)
  return boss
}

export class JobRunner implements Jobs {
  private readonly workerIds = new Map<string, string>()
  /** job handlers running now, and who waits for none to be */
  private running = 0
  private idlers: (() => void)[] = []

  constructor(
    private readonly boss: PgBoss,
    private readonly logger: Logger,
  ) {}

  /** Creates the queues (idempotent) so jobs can be sent before any worker runs. */
  async createQueues(definitions: JobDefinition<never>[]) {
    for (const job of definitions) {
      await this.boss.createQueue(job.name, {
        name: job.name,
        retryLimit: job.retryLimit ?? 5,
        retryDelay: job.retryDelaySeconds ?? 5,
        retryBackoff: true,
        expireInSeconds: job.expireInSeconds ?? 5 * 60,
        ...(job.policy ? { policy: job.policy } : {}),
      })
      if (job.cron) await this.boss.schedule(job.name, job.cron, {}, { tz: 'UTC' })
    }
  }

  async startWorkers(ctx: AppContext, definitions: JobDefinition<never>[]) {
    for (const job of definitions as JobDefinition<unknown>[]) {
      const id = await this.boss.work<unknown>(
        job.name,
        { pollingIntervalSeconds: 2, batchSize: 1 },
        async ([received]) => {
          if (!received) return
          this.running++
          try {
            await job.handle(ctx, job.schema.parse(received.data))
          } catch (error) {
            this.logger.warn({ err: error, job: job.name, jobId: received.id }, 'job failed')
            throw error
          } finally {
            if (--this.running === 0) for (const idler of this.idlers.splice(0)) idler()
            // look for the next job right away rather than after a polling interval: the
            // queue is drained at once, then polled again when it is empty
            this.wake(job.name)
          }
        },
      )
      this.workerIds.set(job.name, id)
    }
  }

  /**
   * Resolves once no job handler runs, or after `timeoutMs`: a stop whose graceful wait ran out
   * lets the handlers still running finish (and pg-boss record how) before the pool ends.
   */
  handlersSettled(timeoutMs: number): Promise<void> {
    if (this.running === 0) return Promise.resolve()
    return new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, timeoutMs)
      this.idlers.push(() => {
        clearTimeout(timer)
        resolve()
      })
    })
  }

  async enqueue<T>(job: JobDefinition<T>, data: T) {
    await this.boss.send(job.name, job.schema.parse(data) as object)
    // this process's worker takes it now instead of at its next poll
    this.wake(job.name)
  }

  async schedule<T>(
    job: JobDefinition<T>,
    data: T,
    options: { startAfter: Date; singletonKey: string },
  ) {
    await this.boss.send(job.name, job.schema.parse(data) as object, {
      startAfter: options.startAfter,
      singletonKey: options.singletonKey,
    })
  }

  private wake(queue: string) {
    const workerId = this.workerIds.get(queue)
    if (workerId) this.boss.notifyWorker(workerId)
  }
}
