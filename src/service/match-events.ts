/** What follows a committed change: pushes, player notifications, webhooks, deadlines and bot moves. */
import { createHmac } from 'node:crypto'
import type { JobQueue } from '../store/jobs.ts'
import { dueReminders, earliestReminder } from './clock.ts'
import { JOB_WEBHOOK, sendDelivery, type Notice } from './deliveries.ts'
import type { Catalog } from './catalog.ts'
import type { ChatMessageView } from './chat.ts'
import type { Snapshot } from './match-store.ts'
import type { MatchService, MatchView } from './matches.ts'
import type { PlayerEventStore } from './player-events.ts'

export type PlayerEventType =
  | 'invited'
  | 'matchStarted'
  | 'yourTurn'
  | 'reminder'
  | 'matchFinished'
  | 'rematchOffered'
  | 'webhookPaused'
  | 'chat'
  | 'drawOffered'
  | 'drawDeclined'
  | 'takebackOffered'
  | 'takebackAccepted'
  | 'takebackDeclined'
  | 'deckLabProgress'
  | 'deckLabFinished'
  | CompetitionEventType
  // Only on a stream or subscription: it has sent what was pending or missed (see player-events.ts).
  | 'synced'

/** The events of challenges, seeks, the ladder and tournaments, told through the same path as the match events. */
export type CompetitionEventType =
  | 'challengeCreated'
  | 'challengeAccepted'
  | 'challengeDeclined'
  | 'challengeCancelled'
  | 'challengeExpired'
  | 'seekAccepted'
  | 'seekExpired'
  | 'ladderPaired'
  | 'ladderRemoved'
  | 'tournamentRoundStarted'
  | 'tournamentPairing'
  | 'tournamentFinished'
  | 'tournamentCancelled'

export interface PlayerEventPayload {
  type: PlayerEventType
  matchId: string | null
  at: string
  /** A challenge's events: the challenge. */
  challengeId?: string
  /** A seek's events: the seek. */
  seekId?: string
  /** The ladder's events: the game. */
  game?: string
  /** A tournament's events: the tournament. */
  tournamentId?: string
  /** tournamentRoundStarted, tournamentPairing: the round (1, 2, …). */
  round?: number
  /** A `chat` event: the message. */
  chat?: ChatMessageView
  /** deckLabProgress, deckLabFinished: the run. */
  deckLabRunId?: string
}

/** Carries changes to listeners in every process (GraphQL subscriptions, NDJSON streams). */
export interface Publisher {
  match(matchId: string, version: number): void
  player(playerId: string, event: PlayerEventPayload): void
  /** A chat message was posted (chat.ts): every process delivers it to the match's streams and chatPosted. */
  chat?(message: ChatMessageView): void
  /** The operator blocked or unblocked the player whose key has hash `keyHash`: every process forgets that key. */
  blocked?(playerId: string, keyHash: string): void
}

export const JOBS = {
  deadline: 'deadline',
  reminder: 'reminder',
  botMove: 'bot-move',
  webhook: JOB_WEBHOOK,
  sweep: 'sweep',
  vacationEnd: 'vacation-end',
} as const

export function signature(body: string, secret: string): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`
}

/** What a change will tell: the notices (with webhook bodies) and the seats to act after it. */
export interface Plan {
  notices: Notice[]
  toAct: number[]
}

export class MatchEvents {
  constructor(
    private readonly catalog: Catalog,
    private readonly matches: MatchService,
    private readonly publisher: Publisher,
    private readonly jobs: JobQueue | null,
    private readonly log: (err: unknown, what: string) => void,
    private readonly kept: PlayerEventStore,
  ) {}

  /** What a new match tells: invitations for reserved seats, and the start's notices if every seat was filled. */
  createdPlan(snap: Snapshot): Plan {
    const invited = snap.seats.flatMap(s => (s.playerId && !s.joined ? [this.notice(s.playerId, 'invited', snap)] : []))
    if (snap.status !== 'ACTIVE') return { notices: invited, toAct: [] }
    const start = this.startPlan(snap)
    return { notices: [...invited, ...start.notices], toAct: start.toAct }
  }

  /** A new match was written with the webhook rows `deliveries` of `plan` (its `createdPlan`). */
  async created(snap: Snapshot, plan: Plan, deliveries: string[]): Promise<void> {
    await this.guard('created', async () => {
      if (snap.status === 'ACTIVE') this.publisher.match(snap.id, snap.version)
      await this.tell(plan.notices, deliveries)
      await this.schedule(snap, plan.toAct)
    })
  }

  /**
   * Setup has run, and wrote the webhook rows `deliveries` of `plan` (its `startPlan`): every seat's player hears of
   * it, then the first turn follows.
   */
  async started(snap: Snapshot, plan: Plan, deliveries: string[]): Promise<void> {
    await this.guard('started', async () => {
      this.publisher.match(snap.id, snap.version)
      await this.tell(plan.notices, deliveries)
      await this.schedule(snap, plan.toAct)
    })
  }

  /** What the start of `snap` tells: matchStarted to every player, then as `plan` from nothing. */
  startPlan(snap: Snapshot): Plan {
    const first = this.plan(null, snap)
    return {
      notices: [...playersOf(snap).map(p => this.notice(p, 'matchStarted', snap)), ...first.notices],
      toAct: first.toAct,
    }
  }

  /**
   * Who hears what when `before` becomes `after`: a seat asked to decide for the first time in this turn of the
   * game gets yourTurn (once per turn, not per decision: clock.ts keeps the turn each seat was last asked in),
   * everyone gets matchFinished at the end. Run before the commit, so that the webhook rows are written by it: `after`
   * must carry the version it will be committed as. Bodies are built only for the players told.
   */
  plan(before: Snapshot | null, after: Snapshot): Plan {
    if (after.status === 'FINISHED' || after.status === 'ABORTED') {
      const ended = before?.status !== after.status
      return { notices: ended ? playersOf(after).map(p => this.notice(p, 'matchFinished', after)) : [], toAct: [] }
    }
    if (after.status !== 'ACTIVE') return { notices: [], toAct: [] }
    const engine = this.catalog.engineOf(after)
    const toAct = engine.status(after.state).toAct
    const asked = (snap: Snapshot | null, seat: number) =>
      (snap?.status === 'ACTIVE' ? snap.turns?.seats[seat]?.asked : null) ?? null
    const notices: Notice[] = []
    for (const seat of toAct) {
      const p = after.seats[seat]?.playerId
      if (p && asked(after, seat) !== asked(before, seat)) notices.push(this.notice(p, 'yourTurn', after))
    }
    return { notices, toAct }
  }

  /**
   * Runs after every committed version; never throws (the change is already acknowledged). `plan` and
   * `deliveries`: what the commit planned and the webhook rows it wrote.
   */
  async committed(after: Snapshot, plan: Plan, deliveries: string[]): Promise<void> {
    await this.guard('committed', async () => {
      this.publisher.match(after.id, after.version)
      await this.tell(plan.notices, deliveries)
      await this.schedule(after, plan.toAct)
    })
  }

  /**
   * The reminders due at version `snap.version`, to the player of each seat whose `reminderAt` of its time has run,
   * each claimed on the match (per seat and turn) with its webhook rows: a job run again (a retry after a crash), the
   * sweep after it or a later version of the same turn sends nothing twice, and a crash after the claim loses no
   * row (the sweep queues it). Then the next reminder of this version, if any, is queued.
   */
  async remind(snap: Snapshot, now = Date.now()): Promise<void> {
    const later = (snap.turns?.seats ?? []).flatMap(s =>
      s.deadline !== null && s.remindAt !== null && s.remindAt > now ? [s.remindAt] : [],
    )
    const next = later.length ? new Date(Math.min(...later)) : null
    let claimed = false
    for (const { seat, turn } of dueReminders(snap.turns, now)) {
      const player = snap.seats[seat]?.playerId
      if (!player) continue
      const notices = [this.notice(player, 'reminder', snap)]
      const deliveries = await this.matches.store.claimReminder(snap.id, snap.version, seat, turn, next, notices)
      claimed ||= deliveries !== null
      if (deliveries !== null) await this.tell(notices, deliveries)
    }
    if (!claimed) await this.matches.store.remindersDone(snap.id, snap.version, next)
    if (next && this.jobs)
      await this.jobs.send(
        JOBS.reminder,
        { matchId: snap.id, version: snap.version },
        { startAfter: next, singletonKey: `${snap.id}:${snap.version}:${next.getTime()}` },
      )
  }

  /**
   * The player's webhook was paused: kept and told on its stream and subscription, never on the paused webhook itself.
   */
  async webhookPaused(playerId: string): Promise<void> {
    const event: PlayerEventPayload = { type: 'webhookPaused', matchId: null, at: new Date().toISOString() }
    await this.guard('webhookPaused', () => this.kept.append(playerId, [event]))
    this.publisher.player(playerId, event)
  }

  /** The event and, when webhooks are sent, its body: the event with the match as that player sees it. */
  notice(playerId: string, type: PlayerEventType, snap: Snapshot): Notice {
    const event: PlayerEventPayload = { type, matchId: snap.id, at: new Date().toISOString() }
    if (!this.jobs) return { playerId, event, body: null }
    const seat = snap.seats.find(s => s.playerId === playerId && (s.joined || snap.status === 'WAITING'))
    const match: MatchView = this.matches.toView(this.catalog.engineOf(snap), snap, seat?.joined ? seat.index : null)
    return { playerId, event, body: JSON.stringify({ ...event, match }) }
  }

  /** After a change that wrote the notices' delivery rows itself: publishes them and queues the rows; never throws. */
  async told(notices: readonly Notice[], deliveries: string[]): Promise<void> {
    await this.guard('told', () => this.tell(notices, deliveries))
  }

  /** Publishes the notices and queues their deliveries, written by the change itself. */
  private async tell(notices: readonly Notice[], deliveries: string[]): Promise<void> {
    for (const n of notices) this.publisher.player(n.playerId, n.event)
    if (!this.jobs) return
    for (const id of deliveries) await sendDelivery(this.jobs, id)
  }

  /** The clock's deadline and reminder, and a bot seat's move, for the version `after`. */
  private async schedule(after: Snapshot, toAct: number[]): Promise<void> {
    if (!this.jobs || after.status !== 'ACTIVE') return
    const job = { matchId: after.id, version: after.version }
    const key = `${after.id}:${after.version}`
    if (after.deadline && after.clock) {
      await this.jobs.send(JOBS.deadline, job, { startAfter: after.deadline, singletonKey: key })
      // A reminder time already passed was due at an earlier version, whose job sent it (or the sweep will).
      const at = earliestReminder(after.turns)
      if (at && at.getTime() > Date.now())
        await this.jobs.send(JOBS.reminder, job, { startAfter: at, singletonKey: key })
    }
    if (toAct.some(s => after.seats[s]?.bot)) await this.jobs.send(JOBS.botMove, job, { singletonKey: key })
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
  return [...new Set(snap.seats.flatMap(s => (s.playerId ? [s.playerId] : [])))]
}
