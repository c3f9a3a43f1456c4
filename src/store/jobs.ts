/** The background job queue (pg-boss on the same PostgreSQL, or on the embedded PGlite through its SQL port). */
import pg from 'pg'
import PgBoss from 'pg-boss'
import type { Database } from './database.ts'

export interface SendOptions {
  /** Not before this time. */
  startAfter?: Date
  /**
   * A job's key. On pg-boss's standard queues it drops a repeat only with `singletonSeconds`; alone it is a label,
   * so every handler must tolerate a repeat (the deadline and bot-move jobs re-check the match version).
   */
  singletonKey?: string
  /** With `singletonKey`: one job per key per window of this many seconds, whatever its state. */
  singletonSeconds?: number
  retryLimit?: number
  retryDelaySeconds?: number
  retryBackoff?: boolean
}

export type JobHandler = (data: Record<string, unknown>) => Promise<void>

/**
 * Jobs run exactly once across every process sharing the database (pg-boss fetches with SKIP LOCKED), those of one
 * queue in the order they are due (`duePriority`); a handler that throws is retried as its job was sent. Handlers must
 * themselves be safe to run again after a crash mid-way: all of ours are guarded by the match version they were
 * scheduled for.
 */
export interface JobQueue {
  send(queue: string, data: Record<string, unknown>, opts?: SendOptions): Promise<void>
  /**
   * Runs `handler` for the queue's jobs, `workers` of them at once in this process (one slow job holds back no other).
   */
  work(queue: string, handler: JobHandler, workers?: number): Promise<void>
  /** Runs `queue` on the cron schedule (once per tick across all processes). */
  schedule(queue: string, cron: string, handler: JobHandler): Promise<void>
  /** Jobs waiting (created or retrying) in `queue`. */
  size(queue: string): Promise<number>
  stop(): Promise<void>
}

/** Seconds are counted from here for `duePriority`, so that a due time fits pg-boss's integer priority until 2094. */
const PRIORITY_EPOCH_MS = Date.UTC(2026, 0, 1)

/**
 * pg-boss fetches a queue's due jobs by priority, then by when they were created: a job's priority is its due time
 * (earlier is higher), so that of a backlog of due jobs the one due first runs first. A retry queued when the attempt
 * before it failed is then taken in its turn, not ahead of later jobs due before it (nor behind them).
 */
export function duePriority(due: Date): number {
  return -Math.floor((due.getTime() - PRIORITY_EPOCH_MS) / 1000)
}

// pg-boss's floor; a job sent by this process is picked up at once anyway (notifyWorker).
const POLL_SECONDS = 0.5

// A session advisory lock of our own, held while pg-boss creates its schema or a queue.
const QUEUE_SETUP_LOCK = 72707370

/**
 * Runs `fn` while no other process sharing the PostgreSQL database runs its own: pg-boss's create_queue attaches a
 * partition to its job table, and processes doing so at once deadlock (a fleet started together on a new database).
 * The lock is taken on a connection of its own, so its waiters are never part of pg-boss's transactions.
 */
async function serialisedSetup<T>(db: Database, fn: () => Promise<T>): Promise<T> {
  if (db.kind !== 'postgres' || !db.url) return fn()
  const client = new pg.Client({ connectionString: db.url })
  await client.connect()
  try {
    await client.query('SELECT pg_advisory_lock($1)', [QUEUE_SETUP_LOCK])
    return await fn()
  } finally {
    // Ending the session releases its lock.
    await client.end()
  }
}

export async function openJobQueue(db: Database, onError: (err: unknown) => void): Promise<JobQueue> {
  const boss =
    db.kind === 'postgres' && db.url
      ? new PgBoss({ connectionString: db.url, max: 3, schema: 'pgboss' })
      : new PgBoss({
          db: { executeSql: (text: string, values?: unknown[]) => db.raw(text, values) },
          schema: 'pgboss',
        } as unknown as PgBoss.ConstructorOptions)
  boss.on('error', onError)
  await serialisedSetup(db, () => boss.start())
  const workers = new Map<string, string[]>()
  const created = new Set<string>()
  const ensure = async (queue: string) => {
    if (created.has(queue)) return
    if (!(await boss.getQueue(queue))) await serialisedSetup(db, () => boss.createQueue(queue))
    created.add(queue)
  }
  const jobs: JobQueue = {
    async send(queue, data, opts = {}) {
      await ensure(queue)
      await boss.send(queue, data, {
        startAfter: opts.startAfter,
        priority: duePriority(opts.startAfter ?? new Date()),
        singletonKey: opts.singletonKey,
        singletonSeconds: opts.singletonSeconds,
        retryLimit: opts.retryLimit ?? 3,
        retryDelay: opts.retryDelaySeconds ?? 1,
        retryBackoff: opts.retryBackoff ?? false,
      })
      // Every local worker of the queue is woken (one busy with a slow job would not fetch it).
      if (!opts.startAfter || opts.startAfter.getTime() <= Date.now())
        for (const id of workers.get(queue) ?? []) boss.notifyWorker(id)
    },
    async work(queue, handler, count = 1) {
      await ensure(queue)
      for (let i = 0; i < count; i++) {
        const id = await boss.work(queue, { pollingIntervalSeconds: POLL_SECONDS, batchSize: 1 }, async ([job]) => {
          if (job) await handler(job.data as Record<string, unknown>)
        })
        workers.set(queue, [...(workers.get(queue) ?? []), id])
      }
    },
    async schedule(queue, cron, handler) {
      await ensure(queue)
      await boss.schedule(queue, cron)
      await jobs.work(queue, handler)
    },
    async size(queue) {
      await ensure(queue)
      return boss.getQueueSize(queue)
    },
    async stop() {
      await boss.stop({ graceful: true, wait: true, timeout: 5_000, close: true })
    },
  }
  return jobs
}
