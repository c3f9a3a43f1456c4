/** The competition's background jobs: each challenge's and seek's expiry at its time, and a sweep for lost ones and unrated matches. */
import type { Database } from '../store/database.ts'
import type { JobQueue } from '../store/jobs.ts'
import type { ChallengeService } from './challenges.ts'
import { JOB_OFFER_EXPIRY } from './offers.ts'
import type { RatingService } from './ratings.ts'
import type { SeekService } from './seeks.ts'

export const JOB_COMPETITION_SWEEP = 'competition-sweep'

export class CompetitionJobs {
  constructor(
    private readonly db: Database,
    private readonly jobs: JobQueue,
    private readonly challenges: ChallengeService,
    private readonly seeks: SeekService,
    private readonly ratings: RatingService,
    private readonly log: (err: unknown, what: string) => void,
  ) {}

  async start(): Promise<void> {
    await this.jobs.work(JOB_OFFER_EXPIRY, (d) => this.expire(d.kind === 'seek' ? 'seek' : 'challenge', String(d.id)))
    await this.jobs.schedule(JOB_COMPETITION_SWEEP, '* * * * *', () => this.sweep())
  }

  /** Expires one challenge or seek; a job that ran before its time (another process's clock) is sent again for then. */
  async expire(kind: 'challenge' | 'seek', id: string): Promise<void> {
    if (kind === 'challenge' ? await this.challenges.expire(id) : await this.seeks.expire(id)) return
    const row =
      kind === 'challenge'
        ? await this.db.prisma.challenge.findUnique({ where: { id }, select: { status: true, expiresAt: true } })
        : await this.db.prisma.seek.findUnique({ where: { id }, select: { status: true, expiresAt: true } })
    const open = row && (row.status === 'PENDING' || row.status === 'OPEN')
    if (open && row.expiresAt.getTime() > Date.now()) await this.jobs.send(JOB_OFFER_EXPIRY, { kind, id }, { startAfter: row.expiresAt, singletonKey: `${kind}:${id}:late` })
  }

  /** Once a minute across all processes: challenges and seeks past their time whose job was lost, and rated matches whose update was. */
  async sweep(): Promise<void> {
    for (const id of await this.challenges.overdue()) await this.isolated(`expiring challenge ${id}`, () => this.expire('challenge', id))
    for (const id of await this.seeks.overdue()) await this.isolated(`expiring seek ${id}`, () => this.expire('seek', id))
    await this.isolated('rating missed matches', async () => void (await this.ratings.rateMissed()))
  }

  private async isolated(what: string, fn: () => Promise<void>): Promise<void> {
    try {
      await fn()
    } catch (err) {
      this.log(err, what)
    }
  }
}
