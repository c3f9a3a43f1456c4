/** What follows a committed change: pushes, player notifications, webhooks, deadlines and bot moves. */
import { createHmac } from 'node:crypto'
import type { JobQueue } from '../store/jobs.ts'
import type { Database } from '../store/database.ts'
import type { Catalog } from './catalog.ts'
import type { Snapshot } from './match-store.ts'
import type { MatchService, MatchView } from './matches.ts'

export type PlayerEventType = 'invited' | 'matchStarted' | 'yourTurn' | 'reminder' | 'matchFinished' | 'rematchOffered'

export interface PlayerEventPayload {
  type: PlayerEventType
  matchId: string | null
  at: string
}

/** Carries changes to listeners in every process (GraphQL subscriptions, NDJSON streams). */
export interface Publisher {
  match(matchId: string, version: number): void
  player(playerId: string, event: PlayerEventPayload): void
}

export const JOBS = { deadline: 'deadline', reminder: 'reminder', botMove: 'bot-move', webhook: 'webhook', sweep: 'sweep' } as const

/** Webhook retries: 1 s, 2 s, 4 s, … (pg-boss's exponential backoff), 8 attempts in all. */
export const WEBHOOK_RETRIES = 7

export function signature(body: string, secret: string): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`
}

export class MatchEvents {
  constructor(
    private readonly db: Database,
    private readonly catalog: Catalog,
    private readonly matches: MatchService,
    private readonly publisher: Publisher,
    private readonly jobs: JobQueue | null,
    private readonly log: (err: unknown, what: string) => void,
  ) {}

  /** A new match: invitations for reserved seats, and the start if every seat was filled. */
  async created(snap: Snapshot): Promise<void> {
    await this.guard('created', async () => {
      for (const s of snap.seats) if (s.playerId && !s.joined) await this.notify(s.playerId, 'invited', snap)
      if (snap.status === 'ACTIVE') await this.started(snap)
    })
  }

  /** Setup has run: every seat's player hears of it, then the first turn follows. */
  async started(snap: Snapshot): Promise<void> {
    await this.guard('started', async () => {
      this.publisher.match(snap.id, snap.version)
      for (const p of playersOf(snap)) await this.notify(p, 'matchStarted', snap)
      await this.turns(null, snap)
    })
  }

  /**
   * Runs after every committed version; never throws (the change is already acknowledged). `webhooks`: the
   * match's players that have one, when the commit read them (else each notified player is looked up).
   */
  async committed(before: Snapshot, after: Snapshot, webhooks?: ReadonlySet<string>): Promise<void> {
    await this.guard('committed', async () => {
      this.publisher.match(after.id, after.version)
      await this.turns(before, after, webhooks)
    })
  }

  async notify(playerId: string, type: PlayerEventType, snap: Snapshot, webhooks?: ReadonlySet<string>): Promise<void> {
    const event: PlayerEventPayload = { type, matchId: snap.id, at: new Date().toISOString() }
    this.publisher.player(playerId, event)
    if (!this.jobs || (webhooks && !webhooks.has(playerId))) return
    const player = await this.db.prisma.player.findUnique({ where: { id: playerId } })
    if (!player?.webhookUrl) return
    const seat = snap.seats.find((s) => s.playerId === playerId && (s.joined || snap.status === 'WAITING'))
    const match: MatchView = this.matches.toView(this.catalog.engine(snap.game), snap, seat?.joined ? seat.index : null)
    const delivery = await this.db.prisma.webhookDelivery.create({
      data: { playerId, type, matchId: snap.id, url: player.webhookUrl, body: JSON.stringify({ ...event, match }) },
    })
    await this.jobs.send(JOBS.webhook, { id: delivery.id }, { retryLimit: WEBHOOK_RETRIES, retryDelaySeconds: 1, retryBackoff: true })
  }

  /** Tells seats that became due, the end to everyone, and schedules the clock and bot moves. */
  private async turns(before: Snapshot | null, after: Snapshot, webhooks?: ReadonlySet<string>): Promise<void> {
    if (after.status === 'FINISHED' || after.status === 'ABORTED') {
      if (before?.status !== after.status) for (const p of playersOf(after)) await this.notify(p, 'matchFinished', after, webhooks)
      return
    }
    if (after.status !== 'ACTIVE') return
    const engine = this.catalog.engine(after.game)
    const toAct = engine.status(after.state).toAct
    const wasToAct = before && before.status === 'ACTIVE' ? engine.status(before.state).toAct : []
    for (const seat of toAct) {
      const p = after.seats[seat]?.playerId
      if (p && !wasToAct.includes(seat)) await this.notify(p, 'yourTurn', after, webhooks)
    }
    if (!this.jobs) return
    const job = { matchId: after.id, version: after.version }
    const key = `${after.id}:${after.version}`
    if (after.deadline && after.clock) {
      await this.jobs.send(JOBS.deadline, job, { startAfter: after.deadline, singletonKey: key })
      if (after.clock.reminderAt > 0) {
        const at = new Date(Date.now() + after.clock.perMoveSeconds * 1000 * after.clock.reminderAt)
        await this.jobs.send(JOBS.reminder, job, { startAfter: at, singletonKey: key })
      }
    }
    if (toAct.some((s) => after.seats[s]?.bot)) await this.jobs.send(JOBS.botMove, job, { singletonKey: key })
  }

  private async guard(what: string, fn: () => Promise<void>): Promise<void> {
    try {
      await fn()
    } catch (err) {
      this.log(err, `after a committed change (${what})`)
    }
  }
}

function playersOf(snap: Snapshot): string[] {
  return [...new Set(snap.seats.flatMap((s) => (s.playerId ? [s.playerId] : [])))]
}
