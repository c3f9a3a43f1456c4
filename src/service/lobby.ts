/** The lobby: joining open and reserved seats, leaving, the open-match list, a player's inbox, rematches. */
import { randomUUID } from 'node:crypto'
import type { AnyEngine } from '../kernel/index.ts'
import type { Seat } from '../generated/prisma/client.ts'
import type { Database } from '../store/database.ts'
import { clockSpec, earliestReminder, type ClockSpec } from './clock.ts'
import { awaySeats } from './vacations.ts'
import { noticesParam } from './deliveries.ts'
import { noticeWritesSql } from './player-events.ts'
import type { Caller } from './caller.ts'
import type { Catalog } from './catalog.ts'
import { ServiceError, parseInput } from './errors.ts'
import type { MatchEvents } from './match-events.ts'
import { newSnapshot, type MatchStatusName, type NewMatch, type Snapshot } from './match-store.ts'
import { usesSets, type MatchService, type MatchView } from './matches.ts'
import type { PlayerService } from './players.ts'
import { gameIdSchema, joinMatchInput, myMatchesArgs, seatArgs, type JoinMatchInput } from './schemas.ts'
import { finalSeed, seedCommitment, sha256Hex } from './seeds.ts'
import { hashToken, newSeatToken, newSeed } from './tokens.ts'

export interface SeatTokenView {
  seat: number
  token: string
}

const INBOX_LIMIT = 200

/** A WAITING match as `startIfFull` reads it, with its row's transaction id (xmin) to guard the start by. */
interface WaitingRow {
  xmin: string
  status: MatchStatusName
  game: string
  /** The ruleset version the match was created under: its engine sets it up. */
  rulesVersion: string
  seed: string
  seedSource: 'SERVER' | 'CLIENT'
  options: unknown
  seats: { deck: unknown; entropy: string | null }[]
}

export class LobbyService {
  constructor(
    private readonly db: Database,
    private readonly catalog: Catalog,
    private readonly matches: MatchService,
    private readonly players: PlayerService,
    private readonly events: MatchEvents,
  ) {}

  /**
   * Claims one seat: with an invitation code, a seat reserved for the caller's player, or (in a public
   * match) any open seat. Exactly one of two racing joiners gets a seat (the claim is guarded by the
   * seat being empty); the other gets SEAT_TAKEN. The last join runs setup.
   */
  async join(raw: JoinMatchInput, caller: Caller): Promise<{ match: MatchView; seat: SeatTokenView }> {
    const input = parseInput(joinMatchInput, raw)
    const player = await this.players.fromCaller(caller)
    const row = await this.db.prisma.match.findUnique({
      where: { id: input.matchId },
      include: { seats: { orderBy: { index: 'asc' } } },
    })
    if (!row) throw new ServiceError('NOT_FOUND', `no match ${input.matchId}`)
    if (row.status === 'FINISHED' || row.status === 'ABORTED')
      throw new ServiceError('MATCH_FINISHED', 'the match is over')
    if (row.status !== 'WAITING') throw new ServiceError('SEAT_TAKEN', 'the match has started: every seat is taken')
    const free = row.seats.filter(s => s.deck === null)
    let seat: (typeof row.seats)[number] | undefined
    if (input.inviteCode != null) {
      seat = row.seats.find(s => s.inviteHash === hashToken(input.inviteCode!))
      if (!seat) throw new ServiceError('INVITE_INVALID', 'no seat of this match has that invitation code')
    } else if (input.seat != null) {
      seat = row.seats[input.seat]
      if (!seat) throw new ServiceError('BAD_USER_INPUT', `the match has no seat ${input.seat}`)
      const mine = player !== null && seat.playerId === player.id
      if (seat.deck === null && !mine && !(seat.open && row.public))
        throw new ServiceError('INVITE_INVALID', `seat ${input.seat} needs its invitation code`)
    } else {
      seat =
        free.find(s => player !== null && s.playerId === player.id) ??
        (row.public ? free.find(s => s.open && s.playerId === null) : undefined)
      if (!seat)
        throw new ServiceError(
          free.length ? 'INVITE_INVALID' : 'SEAT_TAKEN',
          free.length ? 'joining this match needs an invitation code' : 'every seat is taken',
        )
    }
    if (seat.deck !== null) throw new ServiceError('SEAT_TAKEN', `seat ${seat.index} is taken`)
    if (seat.playerId !== null && seat.playerId !== player?.id && !seat.open)
      throw new ServiceError('INVITE_INVALID', `seat ${seat.index} is reserved for another player`)
    if (row.rated && !player)
      throw new ServiceError('UNAUTHENTICATED', 'a seat of a rated match is joined only with a player key')
    // The match's own ruleset version checks the joiner's deck and deals it, however long it waited.
    const engine = this.catalog.engineOf(row)
    const deck = await this.joiningDeck(engine, row.rulesVersion, input, seat)
    // A match with homebrew cards is never rated: a rated match's open seat takes no deck with sets.
    if (row.rated && usesSets(deck.deck))
      throw new ServiceError(
        'BAD_USER_INPUT',
        "a rated match cannot use card sets: join with a deck that names no sets (leave out the deck's sets)",
      )
    const token = newSeatToken()
    const claimed = await this.db.sql.query<{ index: number }>(
      `UPDATE "Seat" s SET deck = $3::jsonb, "deckId" = $4, "tokenHash" = $5, "playerId" = COALESCE(s."playerId", $6), name = COALESCE($7, s.name), entropy = $8
        WHERE s."matchId" = $1 AND s.index = $2 AND s.deck IS NULL
          AND EXISTS (SELECT 1 FROM "Match" m WHERE m.id = $1 AND m.status = 'WAITING')
        RETURNING s.index`,
      [
        row.id,
        seat.index,
        JSON.stringify(deck.deck),
        deck.deckId,
        hashToken(token),
        player?.id ?? null,
        input.name ?? player?.name ?? null,
        input.entropy ?? null,
      ],
    )
    if (claimed.length === 0) throw new ServiceError('SEAT_TAKEN', `seat ${seat.index} was taken first`)
    // The match row records the join (retention counts from the last join or leave). Only after a claim, and
    // before this joiner's own start: a start that read the row before it then writes nothing, and this one's runs.
    await this.db.sql.query(`UPDATE "Match" SET "updatedAt" = now() WHERE id = $1 AND status = 'WAITING'`, [row.id])
    this.matches.store.forget(row.id)
    await this.startIfFull(row.id)
    const snap = await this.matches.mustFind(row.id)
    return { match: this.matches.toView(engine, snap, seat.index), seat: { seat: seat.index, token } }
  }

  /**
   * The deck a joiner plays: the one it gives, else (accepting an invitation) the one its creator proposed.
   * A proposed saved deck deleted since is played from the list kept with the invitation.
   */
  private async joiningDeck(
    engine: AnyEngine,
    rulesVersion: string,
    input: JoinMatchInput,
    seat: Seat,
  ): Promise<{ deck: unknown; deckId: string | null }> {
    if (input.deck != null || input.deckId != null)
      return this.matches.seatDeck(engine, input, seat.index, rulesVersion)
    if (seat.proposedDeck === null)
      throw new ServiceError('BAD_USER_INPUT', 'give one of deckId or deck: this seat has no proposed deck')
    const saved =
      seat.proposedDeckId !== null && (await this.db.prisma.deck.count({ where: { id: seat.proposedDeckId } })) > 0
    return { deck: seat.proposedDeck, deckId: saved ? seat.proposedDeckId : null }
  }

  /**
   * Runs setup once every seat has joined; of racing last joiners, one starts it (guarded by WAITING). The
   * match and its seats are read by one statement, and the start is guarded by the match row's transaction id
   * (xmin): a leave (which updates the match row with the seat) committed after the read makes the start write
   * nothing, so a match never starts with a seat a racing leave emptied.
   */
  private async startIfFull(matchId: string): Promise<void> {
    const rows = await this.db.sql.query<WaitingRow>(
      `SELECT m.xmin::text AS xmin, m.status, m.game, m."rulesVersion", m.seed, m."seedSource", m.options,
              (SELECT json_agg(json_build_object('deck', s.deck, 'entropy', s.entropy) ORDER BY s.index) FROM "Seat" s WHERE s."matchId" = m.id) AS seats
         FROM "Match" m WHERE m.id = $1`,
      [matchId],
    )
    const row = rows[0]
    if (!row || row.status !== 'WAITING' || row.seats.some(s => s.deck === null)) return
    const engine = this.catalog.engineOf(row)
    const seed = finalSeed(
      row.seed,
      row.seedSource,
      row.seats.map(s => s.entropy),
    )
    // The started match as it will be written, so that its first notices' webhook rows are written with it.
    const waiting = await this.matches.mustFind(matchId)
    const away = await awaySeats(
      this.db,
      waiting.clock,
      waiting.seats.map(s => s.playerId),
    )
    const decks = row.seats.map(s => s.deck)
    const first = this.matches.start(
      engine,
      decks,
      engine.schemas.options.parse(row.options),
      seed,
      waiting.clock,
      away,
      await this.matches.setsFor(decks),
    )
    const snap: Snapshot = {
      ...waiting,
      state: first.state,
      status: first.status,
      winners: first.winners,
      deadline: first.deadline,
      turns: first.turns,
      updatedAt: new Date(),
    }
    const plan = this.events.startPlan(snap)
    const won = await this.db.sql.query<{ deliveries: string[] }>(
      `WITH m AS (
         UPDATE "Match" SET state = $2::json, status = $3::"MatchStatus", winners = $4::int[], deadline = $5::timestamptz, "updatedAt" = now(),
                turns = $8::jsonb, "remindAt" = $9::timestamptz
          WHERE id = $1 AND status = 'WAITING' AND xmin = $7::text::xid RETURNING id
       ), ${noticeWritesSql('$1', '$6', 'm')}
       SELECT ARRAY(SELECT id FROM w) AS deliveries FROM m`,
      [
        matchId,
        JSON.stringify(first.state),
        first.status,
        first.winners,
        first.deadline?.toISOString() ?? null,
        noticesParam(plan.notices),
        row.xmin,
        JSON.stringify(first.turns),
        earliestReminder(first.turns)?.toISOString() ?? null,
      ],
    )
    this.matches.store.forget(matchId)
    if (won.length === 0) return
    await this.events.started(snap, plan, won[0]!.deliveries)
  }

  /** WAITING only: frees the caller's seat (an open seat becomes open again, a reserved one stays reserved). */
  async leave(raw: { matchId: string; seat?: number | null }, caller: Caller): Promise<MatchView> {
    const args = parseInput(seatArgs, raw)
    const snap = await this.matches.mustFind(args.matchId)
    const seat = (await this.matches.seatOf(snap, caller, true, args.seat))!
    if (snap.status !== 'WAITING')
      throw new ServiceError('ILLEGAL_ACTION', 'only a WAITING match can be left: resign or abort instead')
    const row = snap.seats[seat]!
    if (!row.open && row.playerId === null)
      throw new ServiceError('ILLEGAL_ACTION', 'this seat was filled at creation: abort the match instead')
    // The match row is updated with the seat, and only while WAITING: a start racing this leave either
    // commits first (then this finds the match ACTIVE and frees nothing) or sees the row change and starts nothing.
    const left = await this.db.sql.query(
      `WITH m AS (UPDATE "Match" SET "updatedAt" = now() WHERE id = $1 AND status = 'WAITING' RETURNING id)
       UPDATE "Seat" SET deck = NULL, "deckId" = NULL, "tokenHash" = NULL, entropy = NULL,
              "playerId" = CASE WHEN open THEN NULL ELSE "playerId" END, name = CASE WHEN open THEN NULL ELSE name END
         FROM m WHERE "Seat"."matchId" = m.id AND "Seat".index = $2
       RETURNING "Seat".index`,
      [snap.id, seat],
    )
    this.matches.store.forget(snap.id)
    const after = await this.matches.mustFind(snap.id)
    if (left.length === 0) {
      throw after.status === 'ACTIVE'
        ? new ServiceError('ILLEGAL_ACTION', 'the match started first: resign or abort instead')
        : new ServiceError('MATCH_FINISHED', 'the match is over')
    }
    return this.matches.toView(this.catalog.engineOf(snap), after, null)
  }

  /**
   * The invited player refuses its invitation (a seat reserved for it, not joined): the match ends ABORTED
   * with endReason "declined". `seat` chooses among several seats reserved for it.
   */
  async decline(raw: { matchId: string; seat?: number | null }, caller: Caller): Promise<MatchView> {
    const args = parseInput(seatArgs, raw)
    const me = await this.players.require(caller)
    const snap = await this.matches.mustFind(args.matchId)
    if (snap.status === 'FINISHED' || snap.status === 'ABORTED')
      throw new ServiceError('MATCH_FINISHED', 'the match is over')
    const invited = snap.seats.filter(
      s => s.playerId === me.id && !s.joined && !s.open && (args.seat == null || s.index === args.seat),
    )
    if (snap.status !== 'WAITING' || invited.length === 0) {
      throw new ServiceError(
        'INVITE_INVALID',
        `no seat of this match${args.seat == null ? '' : ` (seat ${args.seat})`} is an invitation to this player`,
      )
    }
    const done = await this.matches.abortWaiting(snap, 'declined')
    if (done === null) return this.decline(raw, caller)
    return this.matches.toView(this.catalog.engineOf(done), done, null)
  }

  /** Public WAITING matches with a free open seat, newest first. */
  async openMatches(game?: string | null): Promise<MatchView[]> {
    const g = game == null ? undefined : parseInput(gameIdSchema, game, 'game')
    const rows = await this.db.prisma.match.findMany({
      where: {
        status: 'WAITING',
        public: true,
        ...(g ? { game: g } : {}),
        seats: { some: { open: true, tokenHash: null } },
      },
      orderBy: { createdAt: 'desc' },
      take: 100,
      select: { id: true },
    })
    return this.views(
      rows.map(r => r.id),
      null,
    )
  }

  /**
   * The caller's inbox: every match it holds a seat in (or is invited to), the nearest deadline first, then the
   * latest change; at most INBOX_LIMIT. The query filters and orders: with `toAct`, only ACTIVE matches where the
   * player has joined a seat are read (page by page, as whose turn it is lives in the state), so that no number
   * of invitations or other matches can push out one where the player must act.
   */
  async myMatches(
    caller: Caller,
    raw: { status?: MatchStatusName | null; toAct?: boolean | null },
  ): Promise<MatchView[]> {
    const args = parseInput(myMatchesArgs, raw)
    const me = await this.players.require(caller)
    const toAct = args.toAct === true
    if (toAct && args.status != null && args.status !== 'ACTIVE') return []
    const out: MatchView[] = []
    for (let offset = 0; out.length < INBOX_LIMIT; offset += INBOX_LIMIT) {
      const rows = await this.db.sql.query<{ id: string }>(
        `SELECT m.id FROM "Match" m
          WHERE EXISTS (SELECT 1 FROM "Seat" s WHERE s."matchId" = m.id AND s."playerId" = $1 AND ($3 = false OR s.deck IS NOT NULL))
            AND ($2::text IS NULL OR m.status::text = $2::text) AND ($3 = false OR m.status = 'ACTIVE')
          ORDER BY m.deadline ASC NULLS LAST, m."updatedAt" DESC, m.id
          LIMIT $4 OFFSET $5`,
        [me.id, toAct ? 'ACTIVE' : (args.status ?? null), toAct, INBOX_LIMIT, offset],
      )
      const views = await this.views(
        rows.map(r => r.id),
        caller,
      )
      out.push(...(toAct ? views.filter(v => v.seat !== null && v.toAct.includes(v.seat)) : views))
      if (rows.length < INBOX_LIMIT) break
    }
    return out.slice(0, INBOX_LIMIT)
  }

  private async views(ids: string[], caller: Caller | null): Promise<MatchView[]> {
    const snaps = await Promise.all(ids.map(id => this.matches.find(id)))
    const out: MatchView[] = []
    for (const snap of snaps) {
      if (!snap) continue
      const seat = caller ? await this.matches.seatOf(snap, caller, false) : null
      out.push(this.matches.toView(this.catalog.engineOf(snap), snap, seat))
    }
    return out
  }

  /**
   * FINISHED only. Records the caller's offer and returns the token its seat will hold in the rematch
   * (derived from the caller's own secret, so asking again gives the same one). When every seat has
   * offered (bots always do), the rematch starts: same decks, the first seat rotated, a new server seed.
   */
  async offerRematch(
    raw: { matchId: string; seat?: number | null },
    caller: Caller,
  ): Promise<{ match: MatchView; seat: SeatTokenView }> {
    const args = parseInput(seatArgs, raw)
    const snap = await this.matches.mustFind(args.matchId)
    const seat = (await this.matches.seatOf(snap, caller, true, args.seat))!
    if (snap.status !== 'FINISHED') throw new ServiceError('ILLEGAL_ACTION', 'only a finished match can be rematched')
    const n = snap.seats.length
    const newSeat = (seat - 1 + n) % n
    const token = sha256Hex(`rematch:${snap.id}:${seat}:${caller.token}`)
    // The other seats' players hear of the offer while they have not offered (nor the rematch started): their
    // webhook rows are written by the offer's own statement, for the seats it finds so.
    const notices = snap.seats.flatMap(s =>
      s.playerId && s.index !== seat
        ? [{ ...this.events.notice(s.playerId, 'rematchOffered', snap), seat: s.index }]
        : [],
    )
    const offers = await this.db.sql.query<{
      rematchOffers: Record<string, string>
      rematchId: string | null
      deliveries: string[]
    }>(
      `WITH m AS (
         UPDATE "Match" SET "rematchOffers" = "rematchOffers" || jsonb_build_object($2::text, $3::text) WHERE id = $1 RETURNING "rematchOffers", "rematchId"
       ), ${noticeWritesSql('$1', '$4', 'm', `m."rematchId" IS NULL AND m."rematchOffers" -> n.seat::text IS NULL`)}
       SELECT "rematchOffers", "rematchId", ARRAY(SELECT id FROM w) AS deliveries FROM m`,
      [snap.id, String(seat), hashToken(token), noticesParam(notices)],
    )
    const offered = offers[0]!.rematchOffers
    let rematchId = offers[0]!.rematchId
    if (!rematchId) {
      await this.events.told(
        notices.filter(n => !offered[n.seat]),
        offers[0]!.deliveries,
      )
      if (snap.seats.every(s => s.bot || offered[s.index])) rematchId = await this.startRematch(snap, offered)
    }
    const engine = this.catalog.engineOf(snap)
    const match = rematchId ? await this.matches.mustFind(rematchId) : snap
    return { match: this.matches.toView(engine, match, rematchId ? newSeat : seat), seat: { seat: newSeat, token } }
  }

  async rematchOf(matchId: string): Promise<string | null> {
    return (
      (await this.db.prisma.match.findUnique({ where: { id: matchId }, select: { rematchId: true } }))?.rematchId ??
      null
    )
  }

  /**
   * Creates the rematch, and names it on the finished match, in one statement with its start's webhook rows;
   * of racing last offerers, one creates it and the others get its id.
   */
  private async startRematch(snap: Snapshot, offered: Record<string, string>): Promise<string> {
    const old = await this.db.prisma.match.findUniqueOrThrow({
      where: { id: snap.id },
      include: { seats: { orderBy: { index: 'asc' } } },
    })
    if (old.rematchId) return old.rematchId
    const n = old.seats.length
    const seats = old.seats.map((_, j) => old.seats[(j + 1) % n]!)
    const engine = this.catalog.engine(old.game)
    const seed = newSeed()
    const options = engine.schemas.options.parse(old.options)
    const clock = clockSpec(old.clock as Partial<ClockSpec> | null)
    const away = await awaySeats(
      this.db,
      clock,
      seats.map(s => s.playerId),
    )
    const first = this.matches.start(
      engine,
      seats.map(s => s.deck),
      options,
      finalSeed(
        seed,
        'SERVER',
        seats.map(() => null),
      ),
      clock,
      away,
      await this.matches.setsFor(seats.map(s => s.deck)),
    )
    const rematch: NewMatch = {
      id: randomUUID(),
      tournament: null,
      twin: null,
      game: old.game,
      // A rematch is a new match: under the current rules.
      rulesVersion: this.catalog.rules.current(old.game),
      options: old.options,
      seed,
      seedCommitment: seedCommitment(seed),
      seedSource: 'SERVER',
      public: false,
      // A rated match's rematch is rated too (its seats are the same players).
      rated: old.rated,
      clock,
      state: first.state,
      status: first.status,
      winners: first.winners,
      deadline: first.deadline,
      turns: first.turns,
      createdAt: new Date(),
      seats: seats.map((s, j) => ({
        index: j,
        name: s.name,
        tokenHash: s.bot ? null : offered[s.index]!,
        deck: s.deck,
        deckId: s.deckId,
        playerId: s.playerId,
        open: false,
        inviteHash: null,
        bot: s.bot as Snapshot['seats'][number]['bot'],
        entropy: null,
      })),
    }
    const plan = this.events.startPlan(newSnapshot(rematch))
    const deliveries = await this.matches.store.create(rematch, plan.notices, snap.id)
    if (deliveries === null)
      return (await this.db.prisma.match.findUniqueOrThrow({ where: { id: snap.id } })).rematchId!
    await this.events.started(await this.matches.mustFind(rematch.id), plan, deliveries)
    return rematch.id
  }
}
