/**
 * Work due at a time stored on a row (a challenge's or seek's expiry, a tournament's start): its job, a resend when
 * early, the sweep for lost ones.
 */
import type { Database } from '../store/database.ts'
import type { JobQueue } from '../store/jobs.ts'

/** The queue of every due item: `{ kind, id }` (named for its first use; queued jobs stay valid). */
export const JOB_DUE = 'offer-expiry'

export type DueKindName = 'challenge' | 'seek' | 'tournament'

/** Where an item's time is kept and what to do at it. */
export interface DueKind {
  table: 'Challenge' | 'Seek' | 'Tournament'
  /** The status while the work is still to do. */
  waiting: string
  /** The column holding its time. */
  column: 'expiresAt' | 'startsAt'
  /** Does the work when due: false when it was not (not due yet by this process's clock, or no longer waiting). */
  run(id: string): Promise<boolean>
}

/** Queues an item's job for its time (once per item: its kind and id as the singleton key). */
export async function queueDue(jobs: JobQueue | null, kind: DueKindName, id: string, at: Date): Promise<void> {
  await jobs?.send(JOB_DUE, { kind, id }, { startAfter: at, singletonKey: `${kind}:${id}` })
}

export class DueWork {
  constructor(
    private readonly db: Database,
    private readonly jobs: JobQueue,
    private readonly kinds: Record<DueKindName, DueKind>,
    private readonly log: (err: unknown, what: string) => void,
  ) {}

  async start(): Promise<void> {
    await this.jobs.work(JOB_DUE, d => this.run(String(d.kind), String(d.id)))
  }

  /** Runs one item; one whose job ran before its time (another process's clock) is sent again for then. */
  async run(kindName: string, id: string): Promise<void> {
    const kind = this.kinds[kindName as DueKindName]
    if (!kind || (await kind.run(id))) return
    const rows = await this.db.sql.query<{ at: Date | string }>(
      `SELECT "${kind.column}" AS at FROM "${kind.table}" WHERE id = $1 AND status = $2`,
      [id, kind.waiting],
    )
    const at = rows[0] ? new Date(rows[0].at) : null
    if (at && at.getTime() > Date.now())
      await this.jobs.send(JOB_DUE, { kind: kindName, id }, { startAfter: at, singletonKey: `${kindName}:${id}:late` })
  }

  /** Items of every kind past their time and still waiting (their job lost or late), oldest first, each run now. */
  async sweep(limit = 100): Promise<void> {
    for (const [name, kind] of Object.entries(this.kinds)) {
      const rows = await this.db.sql.query<{ id: string }>(
        `SELECT id FROM "${kind.table}" WHERE status = $1 AND "${kind.column}" <= now() ORDER BY "${kind.column}" LIMIT $2`,
        [kind.waiting, limit],
      )
      for (const r of rows) {
        try {
          await this.run(name, r.id)
        } catch (err) {
          this.log(err, `running the ${name} ${r.id} past its time`)
        }
      }
    }
  }
}
