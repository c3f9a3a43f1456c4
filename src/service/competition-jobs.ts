/** The competition's background jobs: each challenge's and seek's expiry at its time, the ladder's pairing rounds, and a sweep for lost ones and unrated matches. */
import type { Database } from '../store/database.ts'
import type { JobQueue } from '../store/jobs.ts'
import type { ChallengeService } from './challenges.ts'
import { JOB_LADDER_PAIR, type LadderService } from './ladder.ts'
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
    private readonly ladder: LadderService,
    private readonly log: (err: unknown, what: string) => void,
  ) {}

  async start(): Promise<void> {
    await this.jobs.work(JOB_OFFER_EXPIRY, (d) => this.expire(d.kind === 'seek' ? 'seek' : 'challenge', String(d.id)))
    await this.jobs.schedule(JOB_COMPETITION_SWEEP, '* * * * *', () => this.sweep())
    await this.jobs.work(JOB_LADDER_PAIR, () => this.ladderRound())
    await this.nextLadderRound()
  }

  /** One pairing round of the ladder, then the next one queued (every LADDER_INTERVAL_SECONDS). */
  async ladderRound(): Promise<void> {
    try {
      await this.ladder.pair()
    } finally {
      await this.nextLadderRound()
    }
  }

  /**
   * Queues the round of the next interval slot; its slot number as the singleton key, so that every process (each
   * queueing it at its start, after each round and from the sweep) queues it once.
   */
  private async nextLadderRound(): Promise<void> {
    const ms = this.ladder.settings.intervalSeconds * 1000
    const slot = Math.floor(Date.now() / ms) + 1
    await this.jobs.send(JOB_LADDER_PAIR, { slot }, { startAfter: new Date(slot * ms), singletonKey: `ladder:${slot}`, singletonSeconds: this.ladder.settings.intervalSeconds })
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
    await this.isolated('settling missed ladder matches', () => this.ladder.settleMissed())
    // A round lost with its process (between running and queueing the next) stops the ladder for no longer than this.
    await this.isolated('queueing the ladder', () => this.nextLadderRound())
  }

  private async isolated(what: string, fn: () => Promise<void>): Promise<void> {
    try {
      await fn()
    } catch (err) {
      this.log(err, what)
    }
  }
}
