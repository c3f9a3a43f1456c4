/**
 * Draw offers, in games with a draw result (Game.draws): offer, accept (all: FINISHED, winners []), decline, withdrawn
 * by the offerer's next decision.
 */
import { z } from 'zod'
import type { Database } from '../store/database.ts'
import type { Caller } from './caller.ts'
import type { Catalog } from './catalog.ts'
import { noticesParam, type Notice } from './deliveries.ts'
import { ServiceError, parseInput } from './errors.ts'
import type { MatchEvents, PlayerEventType } from './match-events.ts'
import type { Snapshot } from './match-store.ts'
import type { MatchService, MatchView, Step } from './matches.ts'
import { noticeWritesSql } from './player-events.ts'
import { idSchema, seatArgs, seatIndex } from './schemas.ts'
import { inOrderOf, turnLoader } from './turn-loader.ts'

/** The standing offer as the API shows it: who offered, who accepted so far, when. */
export interface DrawOfferView {
  seat: number
  accepted: number[]
  at: string
}

/** As stored on the match: with the version it was made at (a decision of the offerer after it withdraws it). */
interface StoredOffer extends DrawOfferView {
  version: number
}

export const DRAW_AGREED = 'draw agreed'

const answerArgs = z.strictObject({ matchId: idSchema, accept: z.boolean(), seat: seatIndex.nullish() })

export class DrawService {
  // Reads asked for in the same turn of the event loop (one version streamed to many watchers) share one query.
  private readonly offers = turnLoader<string, StoredOffer | null>(ids => this.storedMany(ids))

  constructor(
    private readonly db: Database,
    private readonly catalog: Catalog,
    private readonly matches: MatchService,
    private readonly events: MatchEvents,
  ) {}

  /** The standing offer of an ACTIVE match (null: none, or the offerer decided since: withdrawn). */
  async current(matchId: string): Promise<DrawOfferView | null> {
    const stored = await this.stored(matchId)
    if (!stored) return null
    const { version: _version, ...view } = stored
    return view
  }

  private stored(matchId: string): Promise<StoredOffer | null> {
    return this.offers.load(matchId)
  }

  private async storedMany(ids: readonly string[]): Promise<(StoredOffer | null)[]> {
    const rows = await this.db.sql.query<{ id: string; offer: StoredOffer | null }>(
      `SELECT m.id, CASE WHEN m.status = 'ACTIVE' AND NOT EXISTS (
                SELECT 1 FROM "Action" a
                 WHERE a."matchId" = m.id AND a.seq > (m."drawOffer"->>'version')::int AND a.seat = (m."drawOffer"->>'seat')::int AND a.kind IN ('move', 'bot'))
              THEN m."drawOffer" END AS offer
         FROM "Match" m WHERE m.id = ANY($1::text[])`,
      [[...new Set(ids)]],
    )
    return inOrderOf(ids, rows, r => r.offer)
  }

  /**
   * The caller's seat offers a draw: every other seat's player gets drawOffered. One offer at a time (ILLEGAL_ACTION).
   */
  async offer(caller: Caller, raw: unknown): Promise<MatchView> {
    const a = parseInput(seatArgs, raw)
    const { snap, seat } = await this.activeSeat(a.matchId, caller, a.seat)
    const before = await this.rawOffer(snap.id)
    if (await this.stored(snap.id))
      throw new ServiceError(
        'ILLEGAL_ACTION',
        'a draw offer already stands in this match: answer it (answerDraw) or wait for its end',
      )
    const offer: StoredOffer = { seat, accepted: [], at: new Date().toISOString(), version: snap.version }
    await this.write(
      snap,
      before,
      offer,
      this.notices(snap, 'drawOffered', s => s !== seat),
    )
    return this.view(snap, seat)
  }

  /**
   * The caller's seat answers the standing offer. Decline: the offer ends and the offerer's player gets
   * drawDeclined. Accept: once every other seat has accepted, the match is FINISHED with winners [] (a logged
   * action of kind draw, which changes no state, so that the log still replays to the stored state).
   */
  async answer(caller: Caller, raw: unknown): Promise<MatchView> {
    const a = parseInput(answerArgs, raw)
    const { snap, seat } = await this.activeSeat(a.matchId, caller, a.seat)
    const before = await this.rawOffer(snap.id)
    const offer = await this.stored(snap.id)
    if (!offer) throw new ServiceError('ILLEGAL_ACTION', 'no draw offer stands in this match')
    if (offer.seat === seat) throw new ServiceError('ILLEGAL_ACTION', 'a seat does not answer its own draw offer')
    if (offer.accepted.includes(seat))
      throw new ServiceError('ILLEGAL_ACTION', `seat ${seat} has already accepted the draw offer`)
    if (!a.accept) {
      await this.write(
        snap,
        before,
        null,
        this.notices(snap, 'drawDeclined', s => s === offer.seat),
      )
      return this.view(snap, seat)
    }
    const accepted = [...offer.accepted, seat].sort((x, y) => x - y)
    const all = snap.seats.every(s => s.index === offer.seat || accepted.includes(s.index))
    if (!all) {
      await this.write(snap, before, { ...offer, accepted }, [])
      return this.view(snap, seat)
    }
    const label = 'the draw offer was accepted: the match is drawn'
    const step: Step = {
      kind: 'draw',
      seat,
      action: { type: 'draw' },
      events: [],
      state: snap.state,
      status: 'FINISHED',
      winners: [],
      endReason: DRAW_AGREED,
      label,
      publicLabel: label,
    }
    if (!(await this.matches.commit(snap, step, null)))
      throw new ServiceError('VERSION_CONFLICT', 'the match changed meanwhile; read it and answer again')
    const done = await this.matches.mustFind(snap.id, snap.version + 1)
    return this.matches.toView(this.catalog.engineOf(done), done, seat)
  }

  /** An ACTIVE match of a game with a draw result, and the caller's seat in it. */
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
    const engine = this.catalog.engineOf(snap)
    if (!engine.draws)
      throw new ServiceError('ILLEGAL_ACTION', `${engine.name} has no draw result: a draw cannot be offered`)
    return { snap, seat }
  }

  private async rawOffer(matchId: string): Promise<string | null> {
    const rows = await this.db.sql.query<{ offer: string | null }>(
      `SELECT "drawOffer"::text AS offer FROM "Match" WHERE id = $1`,
      [matchId],
    )
    return rows[0]?.offer ?? null
  }

  /** The events `type` to the players of the seats `to` picks (not the acting player twice). */
  private notices(snap: Snapshot, type: PlayerEventType, to: (seat: number) => boolean): Notice[] {
    const players = [...new Set(snap.seats.flatMap(s => (s.playerId && s.joined && to(s.index) ? [s.playerId] : [])))]
    return players.map(p => this.events.notice(p, type, snap))
  }

  /**
   * Replaces the stored offer with `next`, with the notices' events, only if the match is still ACTIVE at the
   * version read and its offer is still the one read (`before`, as text): VERSION_CONFLICT otherwise.
   */
  private async write(
    snap: Snapshot,
    before: string | null,
    next: StoredOffer | null,
    notices: Notice[],
  ): Promise<void> {
    const rows = await this.db.sql.query<{ deliveries: string[] }>(
      `WITH u AS (
         UPDATE "Match" SET "drawOffer" = $2::jsonb
          WHERE id = $1 AND status = 'ACTIVE' AND version = $3 AND "drawOffer" IS NOT DISTINCT FROM $4::jsonb
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
