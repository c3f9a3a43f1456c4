/** The background jobs: move deadlines and reminders, bot seats' moves, webhook deliveries, the sweep. */
import type { Database } from '../store/database.ts'
import type { JobQueue } from '../store/jobs.ts'
import type { Catalog } from './catalog.ts'
import { MovePool } from '../bots/move-pool.ts'
import { chooseBotMove } from './bot-moves.ts'
import {
  claimAttempt,
  deliveryFailed,
  deliverySucceeded,
  HELD_TEXT,
  lostDeliveries,
  retryDelayMs,
  sendDelivery,
  stuckDeliveries,
} from './deliveries.ts'
import { DEFAULT_JOB_SETTINGS, type JobSettings } from './job-settings.ts'
import { DEFAULT_RETENTION, pruneOld, type RetentionSettings } from './retention.ts'
import { pruneQuotas } from './quotas.ts'
import { JOBS, signature, type MatchEvents } from './match-events.ts'
import { lateSeats } from './clock.ts'
import type { VacationService } from './vacations.ts'
import type { Snapshot } from './match-store.ts'
import type { MatchService, Step } from './matches.ts'
import type { ServiceMetrics } from './metrics.ts'
import { failureText, postWebhook, WebhookRefused } from './webhook-post.ts'
import { refusedTarget, type WebhookPolicy } from './webhook-targets.ts'

/** A delivery whose player has another in flight is looked at again this much later. */
const PLAYER_BUSY_RETRY_MS = 1_000

export class BackgroundWork {
  private readonly moves = new MovePool()

  constructor(
    private readonly db: Database,
    private readonly catalog: Catalog,
    private readonly matches: MatchService,
    private readonly events: MatchEvents,
    private readonly jobs: JobQueue,
    private readonly metrics: ServiceMetrics,
    private readonly webhooks: WebhookPolicy,
    private readonly log: (err: unknown, what: string) => void,
    private readonly settings: JobSettings = DEFAULT_JOB_SETTINGS,
    private readonly retention: RetentionSettings = DEFAULT_RETENTION,
    private readonly vacations: VacationService | null = null,
  ) {}

  async start(): Promise<void> {
    const { jobWorkers, webhookConcurrency } = this.settings
    await this.jobs.work(JOBS.deadline, d => this.deadline(String(d.matchId), Number(d.version)), jobWorkers)
    await this.jobs.work(JOBS.reminder, d => this.reminder(String(d.matchId), Number(d.version)), jobWorkers)
    await this.jobs.work(JOBS.botMove, d => this.botMove(String(d.matchId), Number(d.version)), jobWorkers)
    await this.jobs.work(JOBS.webhook, d => this.deliver(String(d.id)), webhookConcurrency)
    await this.jobs.work(
      JOBS.vacationEnd,
      async d => this.vacations?.expire(String(d.playerId), new Date(String(d.until))),
      jobWorkers,
    )
    await this.jobs.schedule(JOBS.sweep, '* * * * *', () => this.sweep())
  }

  async stop(): Promise<void> {
    await this.moves.close()
  }

  /** The snapshot as the database has it now, if it is still at `version` and ACTIVE. */
  private async current(matchId: string, version: number): Promise<Snapshot | null> {
    this.matches.store.forget(matchId)
    const snap = await this.matches.find(matchId)
    return snap && snap.version === version && snap.status === 'ACTIVE' ? snap : null
  }

  /**
   * A seat to act ran out of time: it forfeits, or Arbiter moves for it, by the clock's policy. Under AUTOPLAY a seat
   * Arbiter already played `maxAutoplays` decisions in a row for forfeits instead, and the match is aborted when no
   * seat has made a decision of its own by then. A job that runs early (its version's earliest deadline moved on
   * no other seat) runs again at the deadline.
   */
  async deadline(matchId: string, version: number): Promise<void> {
    const snap = await this.current(matchId, version)
    if (!snap?.deadline || !snap.clock) return
    const late = lateSeats(snap.turns)
    if (late.length === 0) {
      await this.jobs.send(
        JOBS.deadline,
        { matchId, version },
        { startAfter: snap.deadline, singletonKey: `${matchId}:${version}:late` },
      )
      return
    }
    const engine = this.catalog.engineOf(snap)
    const policy = snap.clock.onTimeout
    let at = snap
    for (const seat of late) {
      if (at.status !== 'ACTIVE' || !engine.status(at.state).toAct.includes(seat)) continue
      const exhausted = policy === 'AUTOPLAY' && (at.turns?.seats[seat]?.autoplays ?? 0) >= snap.clock.maxAutoplays
      let step: Step
      if (policy === 'AUTOPLAY' && !exhausted) {
        step = this.matches.moveStep(
          engine,
          at,
          seat,
          await chooseBotMove(this.moves, engine, at, seat, null),
          'autoplay',
        )
      } else if (exhausted && !(await this.anyOwnDecision(matchId))) {
        step = this.matches.timeoutAbortStep(at, seat)
      } else {
        step = this.matches.resignStep(engine, at, seat, 'timeout')
      }
      const next = this.matches.afterStep(at, step)
      if (!(await this.matches.commit(at, step, null, next))) return
      at = next
      // AUTOPLAY makes one move, for the first late seat: the new version's deadline job moves for any other seat still
      // late.
      if (step.kind === 'autoplay') return
    }
  }

  /**
   * Whether any seat of the match has made a decision of its own (a move, or its bot's), not one Arbiter played on
   * timeout.
   */
  private async anyOwnDecision(matchId: string): Promise<boolean> {
    const rows = await this.db.sql.query(
      `SELECT 1 FROM "Action" WHERE "matchId" = $1 AND kind IN ('move', 'bot') LIMIT 1`,
      [matchId],
    )
    return rows.length > 0
  }

  /**
   * The players of the seats whose reminder is due at `version` hear that their time runs out (once per seat and turn,
   * however often this runs).
   */
  async reminder(matchId: string, version: number): Promise<void> {
    const snap = await this.current(matchId, version)
    if (!snap) return
    await this.events.remind(snap)
  }

  /** A bot seat is to act: it moves (one job per version, so never twice for one decision). */
  async botMove(matchId: string, version: number): Promise<void> {
    const snap = await this.current(matchId, version)
    if (!snap) return
    const engine = this.catalog.engineOf(snap)
    const seat = engine.status(snap.state).toAct.find(s => snap.seats[s]?.bot)
    if (seat === undefined) return
    const action = await chooseBotMove(this.moves, engine, snap, seat, snap.seats[seat]!.bot)
    await this.matches.commit(snap, this.matches.moveStep(engine, snap, seat, action, 'bot'), null)
  }

  /**
   * POSTs one delivery. The attempt is claimed first (guarded by the attempts read), so that of two jobs
   * for one delivery running at once only one POSTs; a delivery no longer pending is never sent again. A
   * failure (non-2xx, timeout, refused connection) queues the next attempt after its backoff; a target the
   * webhook policy refuses fails at once, unsent.
   */
  async deliver(id: string): Promise<void> {
    const d = await this.db.prisma.webhookDelivery.findUnique({ where: { id }, include: { player: true } })
    if (!d || d.status !== 'pending' || !d.player.webhookSecret) return
    if (d.player.webhookPaused !== null) {
      // Held until setWebhook resumes the webhook (which queues it again).
      await this.db.prisma.webhookDelivery.updateMany({
        where: { id, status: 'pending', attempts: d.attempts },
        data: { status: 'paused', lastError: HELD_TEXT, updatedAt: new Date() },
      })
      return
    }
    const attempts = d.attempts + 1
    const { webhookTimeoutMs, webhookConnectTimeoutMs } = this.settings
    const claim = await claimAttempt(this.db, id, d.attempts, webhookTimeoutMs / 1000 + 1)
    // The player's other delivery is in flight: this one waits its turn without spending an attempt.
    if (claim === 'busy') return sendDelivery(this.jobs, id, undefined, new Date(Date.now() + PLAYER_BUSY_RETRY_MS))
    if (claim === 'gone') return
    const refused = await refusedTarget(this.webhooks, d.url)
    if (refused) {
      await this.db.prisma.webhookDelivery.update({
        where: { id },
        data: { status: 'failed', lastError: `refused: ${refused}`, updatedAt: new Date(), inFlightUntil: null },
      })
      await this.failedForGood(d.playerId, `refused: ${refused}`)
      return
    }
    let error: string | null = null
    let refusedNow = false
    try {
      const headers = {
        'content-type': 'application/json',
        'x-arbiter-signature': signature(d.body, d.player.webhookSecret),
        'x-arbiter-delivery': d.id,
      }
      const code = await postWebhook(d.url, headers, d.body, this.webhooks, webhookTimeoutMs, webhookConnectTimeoutMs)
      if (code < 200 || code >= 300) error = failureText(new Error('status'), webhookTimeoutMs)
    } catch (e) {
      refusedNow = e instanceof WebhookRefused
      error = failureText(e, webhookTimeoutMs)
    }
    const status =
      error === null ? 'delivered' : refusedNow || attempts >= this.settings.webhookAttempts ? 'failed' : 'pending'
    await this.db.prisma.webhookDelivery.update({
      where: { id },
      data: { status, lastError: error, updatedAt: new Date(), inFlightUntil: null },
    })
    if (status === 'delivered') await deliverySucceeded(this.db, d.playerId)
    if (status === 'failed') await this.failedForGood(d.playerId, error!)
    // The next attempt is a job of its own, due after the backoff: it runs in its turn among the deliveries due before
    // it.
    if (status === 'pending')
      await sendDelivery(this.jobs, id, undefined, new Date(Date.now() + retryDelayMs(attempts)))
  }

  /**
   * A delivery failed for good: counted, and at WEBHOOK_PAUSE_AFTER in a row the webhook pauses and its player hears
   * it.
   */
  private async failedForGood(playerId: string, error: string): Promise<void> {
    if (await deliveryFailed(this.db, playerId, this.settings.webhookPauseAfter, error))
      await this.events.webhookPaused(playerId)
  }

  /**
   * Once a minute, across all processes: deadlines, reminders and webhook deliveries whose job was lost, stuck
   * bot seats, expired keys. Only matches of the games this server hosts (servers with other games may share the
   * database); each item on its own, so that one that fails (and is logged) does not hold back the rest.
   */
  async sweep(): Promise<void> {
    const games = this.catalog.games().map(g => g.id)
    const late = await this.db.sql.query<{ id: string; version: number }>(
      `SELECT id, version FROM "Match" WHERE status = 'ACTIVE' AND game = ANY($1::text[]) AND deadline < now() - interval '10 seconds' ORDER BY deadline LIMIT 100`,
      [games],
    )
    for (const m of late)
      await this.isolated(`the sweep's late deadline of match ${m.id}`, () => this.deadline(m.id, m.version))
    // Reminders due more than 30 s ago and not claimed: their job was lost (a crash between a commit and its queueing).
    const unreminded = await this.db.sql.query<{ id: string; version: number }>(
      `SELECT id, version FROM "Match"
        WHERE status = 'ACTIVE' AND game = ANY($1::text[]) AND "remindAt" < now() - interval '30 seconds' AND deadline > now()
        LIMIT 100`,
      [games],
    )
    for (const m of unreminded)
      await this.isolated(`the sweep's reminder in match ${m.id}`, () => this.reminder(m.id, m.version))
    const bots = await this.db.sql.query<{ id: string; version: number }>(
      `SELECT m.id, m.version FROM "Match" m WHERE m.status = 'ACTIVE' AND m.game = ANY($1::text[]) AND m."updatedAt" < now() - interval '30 seconds'
          AND EXISTS (SELECT 1 FROM "Seat" s WHERE s."matchId" = m.id AND s.bot IS NOT NULL) LIMIT 100`,
      [games],
    )
    for (const p of (await this.vacations?.expired()) ?? [])
      await this.isolated(`the sweep's end of the vacation of player ${p.id}`, () =>
        this.vacations!.expire(p.id, p.awayUntil),
      )
    for (const m of bots)
      await this.isolated(`the sweep's bot move in match ${m.id}`, () => this.botMove(m.id, m.version))
    // The delivery id as singleton key: a sweep finding a delivery whose job is merely late queues no second one.
    for (const id of await lostDeliveries(this.db)) await sendDelivery(this.jobs, id, id)
    // In flight at a crash (or its retry lost): sent again within minutes, not at the job's 15-minute expiry, and
    // once delivered never again (deliver() sends only a pending delivery), so delivery stays at least once.
    for (const id of await stuckDeliveries(this.db)) await sendDelivery(this.jobs, id, id)
    await this.matches.store.expireIdempotencyKeys()
    await this.isolated("the sweep's retention", async () => void (await pruneOld(this.db, this.retention)))
    await this.isolated("the sweep's quota pruning", async () => void (await pruneQuotas(this.db)))
    for (const queue of Object.values(JOBS)) this.metrics.queueDepth(queue, await this.jobs.size(queue))
  }

  private async isolated(what: string, fn: () => Promise<void>): Promise<void> {
    try {
      await fn()
    } catch (err) {
      this.log(err, what)
    }
  }
}
