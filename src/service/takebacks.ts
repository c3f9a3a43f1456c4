/**
 * Takebacks: a seat asks to return the match to an earlier version; every other seat accepts or declines; refused past
 * a die roll or a reveal.
 */
import { DEFAULT_LANGUAGE } from '../kernel/index.ts'
import { serviceMessages } from './messages/index.ts'
import { z } from 'zod'
import { undoBlock } from '../kernel/takeback.ts'
import type { Database } from '../store/database.ts'
import type { Caller } from './caller.ts'
import type { Catalog } from './catalog.ts'
import { noticesParam, type Notice } from './deliveries.ts'
import { ServiceError, parseInput } from './errors.ts'
import type { MatchEvents, PlayerEventType } from './match-events.ts'
import type { Snapshot } from './match-store.ts'
import type { MatchHistory, MatchService, MatchView, Step } from './matches.ts'
import { noticeWritesSql } from './player-events.ts'
import { idSchema, seatIndex } from './schemas.ts'
import { inOrderOf, turnLoader } from './turn-loader.ts'

/** The pending request as the API shows it: who asked, back to which version, who accepted so far, when. */
export interface TakebackView {
  seat: number
  toVersion: number
  accepted: number[]
  at: string
}

/** As stored on the match: with the version it was asked at (any new version of the match ends it). */
interface StoredTakeback extends TakebackView {
  version: number
}

const requestArgs = z.strictObject({ matchId: idSchema, toVersion: z.number().int(), seat: seatIndex.nullish() })
const answerArgs = z.strictObject({ matchId: idSchema, accept: z.boolean(), seat: seatIndex.nullish() })

/**
 * The kinds of logged steps a takeback may undo: decisions (a seat's, a bot's, Arbiter's on timeout) and what changes
 * no state.
 */
const DECISIONS = new Set(['move', 'bot', 'autoplay'])
const STATELESS = new Set(['vacation', 'takeback'])

export class TakebackService {
  // Reads asked for in the same turn of the event loop (one version streamed to many watchers) share one query.
  private readonly requests = turnLoader<string, StoredTakeback | null>(ids => this.storedMany(ids))

  constructor(
    private readonly db: Database,
    private readonly catalog: Catalog,
    private readonly matches: MatchService,
    private readonly events: MatchEvents,
  ) {}

  /** The pending request of an ACTIVE match (null: none, or the match moved on since it was asked: it lapsed). */
  async current(matchId: string): Promise<TakebackView | null> {
    const stored = await this.stored(matchId)
    if (!stored) return null
    const { version: _version, ...view } = stored
    return view
  }

  private stored(matchId: string): Promise<StoredTakeback | null> {
    return this.requests.load(matchId)
  }

  private async storedMany(ids: readonly string[]): Promise<(StoredTakeback | null)[]> {
    const rows = await this.db.sql.query<{ id: string; takeback: StoredTakeback | null }>(
      `SELECT id, CASE WHEN status = 'ACTIVE' AND (takeback->>'version')::int = version THEN takeback END AS takeback
         FROM "Match" WHERE id = ANY($1::text[])`,
      [[...new Set(ids)]],
    )
    return inOrderOf(ids, rows, r => r.takeback)
  }

  /**
   * The caller's seat asks to return the match to `toVersion`. Refused at once (TAKEBACK_REFUSED) when the match
   * does not allow takebacks, or when a step since `toVersion` used the random generator or let a seat see something
   * hidden from it (kernel/takeback.ts). Otherwise pending, and every other seat's player gets takebackOffered; with
   * no other seat to ask (the others are bots) it is done at once.
   */
  async request(caller: Caller, raw: unknown): Promise<MatchView> {
    const a = parseInput(requestArgs, raw)
    const { snap, seat } = await this.activeSeat(a.matchId, caller, a.seat)
    if (a.toVersion < 0 || a.toVersion >= snap.version) {
      throw new ServiceError(
        'BAD_USER_INPUT',
        `toVersion: 0 to ${snap.version - 1} (an earlier version of this match, now at ${snap.version}), not ${a.toVersion}`,
      )
    }
    if (!(await this.allowed(snap.id)))
      throw refused('NOT_ALLOWED', 'this match does not allow takebacks (created with takebacks: false, or rated)')
    const before = await this.rawRequest(snap.id)
    if (await this.stored(snap.id))
      throw new ServiceError(
        'ILLEGAL_ACTION',
        'a takeback is already pending in this match: answer it (answerTakeback) or wait for its end',
      )
    const history = await this.matches.history(snap.id)
    // Read at the snapshot's version: a newer log is checked by the write's version guard.
    if (history.version !== snap.version)
      throw new ServiceError('VERSION_CONFLICT', 'the match changed meanwhile; read it and ask again')
    this.check(snap, history, a.toVersion)
    const request: StoredTakeback = {
      seat,
      toVersion: a.toVersion,
      accepted: [],
      at: new Date().toISOString(),
      version: snap.version,
    }
    if (this.answerers(snap, seat).length === 0) return this.takeBack(snap, before, request, seat)
    await this.write(
      snap,
      before,
      request,
      this.notices(snap, 'takebackOffered', s => s !== seat),
    )
    return this.view(snap, seat)
  }

  /**
   * The caller's seat answers the pending request (the requester's own decline withdraws it). Decline: it ends, the
   * requester's player gets takebackDeclined. Accept: once every other seat has, the match moves on to a new version
   * whose state is the state of `toVersion` (a logged action of kind takeback, which replay follows), and the
   * requester's player gets takebackAccepted.
   */
  async answer(caller: Caller, raw: unknown): Promise<MatchView> {
    const a = parseInput(answerArgs, raw)
    const { snap, seat } = await this.activeSeat(a.matchId, caller, a.seat)
    const before = await this.rawRequest(snap.id)
    const request = await this.stored(snap.id)
    if (!request || request.version !== snap.version)
      throw new ServiceError('ILLEGAL_ACTION', 'no takeback is pending in this match')
    if (request.seat === seat) {
      // The requester's own "no" withdraws the request (nobody is told: the others were only asked).
      if (a.accept)
        throw new ServiceError('ILLEGAL_ACTION', 'a seat does not accept its own takeback request (false withdraws it)')
      await this.write(snap, before, null, [])
      return this.view(snap, seat)
    }
    if (request.accepted.includes(seat))
      throw new ServiceError('ILLEGAL_ACTION', `seat ${seat} has already accepted the takeback`)
    if (!a.accept) {
      await this.write(
        snap,
        before,
        null,
        this.notices(snap, 'takebackDeclined', s => s === request.seat),
      )
      return this.view(snap, seat)
    }
    const accepted = [...request.accepted, seat].sort((x, y) => x - y)
    if (this.answerers(snap, request.seat).some(s => !accepted.includes(s))) {
      await this.write(snap, before, { ...request, accepted }, [])
      return this.view(snap, seat)
    }
    return this.takeBack(snap, before, { ...request, accepted }, seat)
  }

  /**
   * Commits the return to `request.toVersion`. The request is cleared first, guarded like every write of it, so
   * that a decline written meanwhile wins; the step itself is guarded by the version, so that a decision committed
   * meanwhile wins (and the request lapses with its version).
   */
  private async takeBack(
    snap: Snapshot,
    before: string | null,
    request: StoredTakeback,
    seat: number,
  ): Promise<MatchView> {
    await this.write(snap, before, null, [])
    const history = await this.matches.history(snap.id)
    if (history.version !== snap.version)
      throw new ServiceError('VERSION_CONFLICT', 'the match changed meanwhile: the takeback lapsed')
    // Stored in English, as every label; match-words relabels it in the reader's language.
    const label = serviceMessages(DEFAULT_LANGUAGE)('log.takeback', { version: request.toVersion })
    const requester = snap.seats[request.seat]?.playerId
    const step: Step = {
      kind: 'takeback',
      seat: request.seat,
      action: { type: 'takeback', toVersion: request.toVersion },
      events: [],
      // As stored (JSON): the replayed state of toVersion, which is what that version stored.
      state: JSON.parse(JSON.stringify(history.states[request.toVersion])),
      status: 'ACTIVE',
      winners: null,
      endReason: null,
      label,
      publicLabel: label,
      tell: { playerIds: requester ? [requester] : [], type: 'takebackAccepted' },
    }
    if (!(await this.matches.commit(snap, step, null)))
      throw new ServiceError('VERSION_CONFLICT', 'the match changed meanwhile: the takeback lapsed')
    const done = await this.matches.mustFind(snap.id, snap.version + 1)
    return this.matches.toView(this.catalog.engineOf(done), done, seat)
  }

  /** TAKEBACK_REFUSED when a step since `toVersion` cannot be undone. */
  private check(snap: Snapshot, history: MatchHistory, toVersion: number): void {
    const engine = this.catalog.engineOf(snap)
    for (const entry of history.log) {
      if (entry.seq <= toVersion || STATELESS.has(entry.kind)) continue
      if (!DECISIONS.has(entry.kind))
        throw refused('NOT_ALLOWED', `version ${entry.seq} is a ${entry.kind}, which is not taken back`)
      const step = {
        before: history.states[entry.seq - 1],
        after: history.states[entry.seq],
        seat: entry.seat!,
        action: entry.action,
        events: entry.events,
      }
      const block = undoBlock(engine, step, snap.seats.length)
      if (block === 'RANDOM_USED')
        throw refused(
          block,
          `the random generator was used since version ${toVersion} (version ${entry.seq}): a roll or a shuffle is never taken back`,
        )
      if (block === 'HIDDEN_REVEALED')
        throw refused(
          block,
          `something hidden became known to a seat since version ${toVersion} (version ${entry.seq}): it is never taken back`,
        )
    }
  }

  /**
   * The seats that must accept a request of `seat`: every other seat but a bot's (a bot has no one to ask, and agrees).
   */
  private answerers(snap: Snapshot, seat: number): number[] {
    return snap.seats.filter(s => s.index !== seat && !s.bot).map(s => s.index)
  }

  private async allowed(matchId: string): Promise<boolean> {
    const rows = await this.db.sql.query<{ allowed: boolean }>(
      `SELECT COALESCE(takebacks, NOT rated) AS allowed FROM "Match" WHERE id = $1`,
      [matchId],
    )
    return rows[0]?.allowed ?? false
  }

  /** An ACTIVE match and the caller's seat in it. */
  private async activeSeat(
    matchId: string,
    caller: Caller,
    seatArg: number | null | undefined,
  ): Promise<{ snap: Snapshot; seat: number }> {
    this.matches.store.forget(matchId)
    const snap = await this.matches.mustFind(matchId)
    const seat = (await this.matches.seatOf(snap, caller, true, seatArg))!
    if (snap.status === 'WAITING') throw new ServiceError('MATCH_NOT_STARTED', 'the match has not started')
    if (snap.status !== 'ACTIVE') throw new ServiceError('MATCH_FINISHED', 'the match is over')
    return { snap, seat }
  }

  private async rawRequest(matchId: string): Promise<string | null> {
    const rows = await this.db.sql.query<{ takeback: string | null }>(
      `SELECT takeback::text AS takeback FROM "Match" WHERE id = $1`,
      [matchId],
    )
    return rows[0]?.takeback ?? null
  }

  /** The events `type` to the players of the seats `to` picks (each player once). */
  private notices(snap: Snapshot, type: PlayerEventType, to: (seat: number) => boolean): Notice[] {
    const players = [...new Set(snap.seats.flatMap(s => (s.playerId && s.joined && to(s.index) ? [s.playerId] : [])))]
    return players.map(p => this.events.notice(p, type, snap))
  }

  /**
   * Replaces the stored request with `next`, with the notices' events, only if the match is still ACTIVE at the
   * version read and its request is still the one read (`before`, as text): VERSION_CONFLICT otherwise.
   */
  private async write(
    snap: Snapshot,
    before: string | null,
    next: StoredTakeback | null,
    notices: Notice[],
  ): Promise<void> {
    const rows = await this.db.sql.query<{ deliveries: string[] }>(
      `WITH u AS (
         UPDATE "Match" SET takeback = $2::jsonb
          WHERE id = $1 AND status = 'ACTIVE' AND version = $3 AND takeback IS NOT DISTINCT FROM $4::jsonb
         RETURNING id
       ), ${noticeWritesSql('$1', '$5', 'u')}
       SELECT ARRAY(SELECT id FROM w) AS deliveries FROM u`,
      [snap.id, next ? JSON.stringify(next) : null, snap.version, before, noticesParam(notices)],
    )
    if (rows.length === 0)
      throw new ServiceError('VERSION_CONFLICT', 'the match changed meanwhile; read it and try again')
    await this.events.told(notices, rows[0]!.deliveries)
  }

  private view(snap: Snapshot, seat: number): MatchView {
    return this.matches.toView(this.catalog.engineOf(snap), snap, seat)
  }
}

function refused(reason: 'RANDOM_USED' | 'HIDDEN_REVEALED' | 'NOT_ALLOWED', message: string): ServiceError {
  return new ServiceError('TAKEBACK_REFUSED', message, { reason })
}
