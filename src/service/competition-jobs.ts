/**
 * The competition's background jobs: expiries and tournament starts at their time, the ladder's and tournaments'
 * rounds, and a sweep for lost ones and unrated matches.
 */
import type { Database } from '../store/database.ts'
import type { JobQueue } from '../store/jobs.ts'
import type { ChallengeService } from './challenges.ts'
import { DueWork } from './due-work.ts'
import { JOB_LADDER_PAIR, type LadderService } from './ladder.ts'
import type { RatingService } from './ratings.ts'
import type { SeekService } from './seeks.ts'
import { JOB_TOURNAMENT_DEADLINE, JOB_TOURNAMENT_ROUND, type TournamentService } from './tournaments.ts'

export const JOB_COMPETITION_SWEEP = 'competition-sweep'

export class CompetitionJobs {
  private readonly due: DueWork

  constructor(
    db: Database,
    private readonly jobs: JobQueue,
    challenges: ChallengeService,
    seeks: SeekService,
    private readonly ratings: RatingService,
    private readonly ladder: LadderService,
    private readonly tournaments: TournamentService,
    private readonly log: (err: unknown, what: string) => void,
  ) {
    this.due = new DueWork(
      db,
      jobs,
      {
        challenge: { table: 'Challenge', waiting: 'PENDING', column: 'expiresAt', run: id => challenges.expire(id) },
        seek: { table: 'Seek', waiting: 'OPEN', column: 'expiresAt', run: id => seeks.expire(id) },
        tournament: {
          table: 'Tournament',
          waiting: 'OPEN',
          column: 'startsAt',
          run: id => tournaments.startAtTime(id),
        },
      },
      log,
    )
  }

  async start(): Promise<void> {
    await this.due.start()
    await this.jobs.schedule(JOB_COMPETITION_SWEEP, '* * * * *', () => this.sweep())
    await this.jobs.work(JOB_LADDER_PAIR, () => this.ladderRound())
    // Each round is paired once whichever process runs the job (TournamentService.advance claims it in the database).
    await this.jobs.work(JOB_TOURNAMENT_ROUND, d => this.tournaments.advance(String(d.id)))
    await this.jobs.work(JOB_TOURNAMENT_DEADLINE, d => this.tournaments.roundDeadline(String(d.id), Number(d.round)))
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
    await this.jobs.send(
      JOB_LADDER_PAIR,
      { slot },
      {
        startAfter: new Date(slot * ms),
        singletonKey: `ladder:${slot}`,
        singletonSeconds: this.ladder.settings.intervalSeconds,
      },
    )
  }

  /**
   * Once a minute across all processes: expiries and starts whose job was lost, rated matches whose update was,
   * tournaments' lost rounds.
   */
  async sweep(): Promise<void> {
    await this.isolated('running due items', () => this.due.sweep())
    await this.isolated('rating missed matches', async () => void (await this.ratings.rateMissed()))
    await this.isolated('settling missed ladder matches', () => this.ladder.settleMissed())
    await this.isolated('repairing running tournaments', () => this.tournaments.repair())
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
