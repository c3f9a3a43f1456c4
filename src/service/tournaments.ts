/**
 * Server-run tournaments (Swiss, round-robin): entry until the start, rounds paired once on the job queue, results,
 * standings.
 */
import { randomUUID } from 'node:crypto'
import { z } from 'zod'
import type { Database } from '../store/database.ts'
import type { JobQueue } from '../store/jobs.ts'
import type { Caller } from './caller.ts'
import type { Catalog } from './catalog.ts'
import { noticesParam, type Notice } from './deliveries.ts'
import { noticeWritesSql } from './player-events.ts'
import { queueDue } from './due-work.ts'
import { ServiceError, parseInput } from './errors.ts'
import type { MatchEvents } from './match-events.ts'
import type { MatchService } from './matches.ts'
import { changeAndTell, competitionNotice, deckChoice, iso, offerClock, offeredDeck, twoSeatGame } from './offers.ts'
import type { PlayerService, PlayerView } from './players.ts'
import type { RatingService } from './ratings.ts'
import { clockInput, gameIdSchema, idSchema } from './schemas.ts'
import { roundRobinRound, roundRobinRounds, standings, swissRound, type Board } from './tournament-pairing.ts'

export type TournamentStatus = 'OPEN' | 'RUNNING' | 'FINISHED' | 'CANCELLED'
export const TOURNAMENT_FORMATS = ['SWISS', 'ROUND_ROBIN'] as const

/** Entrants of one tournament, at most (also maxEntrants' default). */
export const MAX_TOURNAMENT_ENTRANTS = 256
/** Rounds of a Swiss tournament, at most. */
export const MAX_SWISS_ROUNDS = 50
/** tournaments(game, status) lists at most this many (the newest). */
export const TOURNAMENTS_LIST_LIMIT = 200
/** A tournament starts at most this far ahead. */
const MAX_START_AHEAD_MS = 365 * 86_400_000
const MAX_ROUND_SECONDS = 1_209_600

/**
 * The job that pairs a tournament's next round once its current one has ended: `{ id, round }` (the round that ended).
 */
export const JOB_TOURNAMENT_ROUND = 'tournament-round'
/** The job that ends a round's matches still ACTIVE `roundSeconds` after it began: `{ id, round }`. */
export const JOB_TOURNAMENT_DEADLINE = 'tournament-deadline'
/** The endReason of a match ended by its round's deadline (FINISHED, no winner: half a point each). */
export const ROUND_DEADLINE_REASON = 'roundDeadline'

export const tournamentInput = z
  .strictObject({
    game: gameIdSchema,
    name: z.string().trim().min(1).max(100),
    format: z.enum(TOURNAMENT_FORMATS),
    rounds: z.number().int().min(1, 'rounds: at least 1').max(MAX_SWISS_ROUNDS).nullish(),
    startsAt: z.iso.datetime({ offset: true, message: 'startsAt: an ISO 8601 time' }),
    minEntrants: z.number().int().min(2, 'minEntrants: at least 2').max(MAX_TOURNAMENT_ENTRANTS).nullish(),
    maxEntrants: z.number().int().min(2).max(MAX_TOURNAMENT_ENTRANTS).nullish(),
    rated: z.boolean().nullish(),
    duplicate: z.boolean().nullish(),
    clock: clockInput.nullish(),
    options: z.record(z.string(), z.unknown()).nullish(),
    roundSeconds: z.number().int().min(1).max(MAX_ROUND_SECONDS).nullish(),
  })
  .refine(t => (t.format === 'SWISS') === (t.rounds != null), {
    message: 'rounds: given for a Swiss tournament (at least 1), and only for one',
    path: ['rounds'],
  })
  .refine(t => t.maxEntrants == null || (t.minEntrants ?? 2) <= t.maxEntrants, {
    message: 'maxEntrants: below minEntrants',
    path: ['maxEntrants'],
  })
const joinInput = deckChoice.extend({ id: idSchema })
const listArgs = z.strictObject({
  game: gameIdSchema.nullish(),
  status: z.enum(['OPEN', 'RUNNING', 'FINISHED', 'CANCELLED']).nullish(),
})

interface TournamentRow {
  id: string
  game: string
  name: string
  format: (typeof TOURNAMENT_FORMATS)[number]
  status: TournamentStatus
  rated: boolean
  duplicate: boolean
  rounds: number
  currentRound: number
  startsAt: Date | string
  minEntrants: number
  maxEntrants: number
  clock: unknown
  options: unknown
  roundSeconds: number | null
  createdBy: string | null
  roundStartedAt: Date | string | null
}

interface EntrantRow {
  playerId: string
  deck: unknown
  joinOrder: string | number
  withdrawn: boolean
  joinedAt: Date | string
}

interface PairingRow extends Board {
  board: number
  matchId: string | null
}

export interface TournamentPairingView {
  round: number
  players: PlayerView[]
  bye: boolean
  matchId: string | null
  points: number[] | null
}

export interface TournamentView {
  id: string
  game: string
  name: string
  format: TournamentRow['format']
  status: TournamentStatus
  rated: boolean
  duplicate: boolean
  rounds: number
  currentRound: number
  startsAt: string
  minEntrants: number
  maxEntrants: number
  roundSeconds: number | null
  createdBy: PlayerView | null
  clock: unknown
  options: unknown
  entrants: { player: PlayerView; joinedAt: string; withdrawn: boolean }[]
  pairings: TournamentPairingView[]
  standings: (Omit<ReturnType<typeof standings>[number], 'playerId'> & { player: PlayerView })[]
}

const COLUMNS = `id, game, name, format, status, rated, duplicate, rounds, "currentRound", "startsAt", "minEntrants", "maxEntrants", clock, options, "roundSeconds", "createdBy", "roundStartedAt"`

/** What seat `seat` of the ended match `m` scored: win 1, draw (both or neither a winner) 0.5, loss 0; ABORTED: 0. */
const scoreSql = (m: string, seat: string) => `CASE WHEN ${m}.status = 'ABORTED' THEN 0
  WHEN (0 = ANY(${m}.winners)) = (1 = ANY(${m}.winners)) THEN 0.5 WHEN ${seat} = ANY(${m}.winners) THEN 1 ELSE 0 END`

/**
 * The points of a decided pairing, in the seat order of its match `m`: that match's scores, or, for a duplicate pair
 * (`t` its twin, where the players sit the other way round), the mean of each player's scores in the two.
 */
const POINTS_SQL = `ARRAY(SELECT (CASE WHEN t.id IS NULL THEN ${scoreSql('m', 'i')}
                                 ELSE (${scoreSql('m', 'i')} + ${scoreSql('t', '1 - i')}) / 2.0 END)::float8
                            FROM generate_series(0, 1) AS i ORDER BY i)`

export class TournamentService {
  constructor(
    private readonly db: Database,
    private readonly catalog: Catalog,
    private readonly matches: MatchService,
    private readonly players: PlayerService,
    private readonly ratings: RatingService,
    private readonly events: MatchEvents,
    private readonly jobs: JobQueue | null,
    /** Whether the caller bears the operator key (ARBITER_ADMIN_KEY). */
    private readonly isOperator: (caller: Caller) => boolean,
  ) {}

  /** By a player (its key) or the operator; OPEN for entrants until `startsAt`. */
  async create(raw: unknown, caller: Caller): Promise<TournamentView> {
    const me = await this.players.fromCaller(caller)
    if (!me && !this.isOperator(caller))
      throw new ServiceError(
        'UNAUTHENTICATED',
        'this needs a player key (createPlayer) or the operator key: Authorization: Bearer <key>',
      )
    const input = parseInput(tournamentInput, raw)
    const startsAt = new Date(input.startsAt)
    if (startsAt.getTime() > Date.now() + MAX_START_AHEAD_MS)
      throw new ServiceError('BAD_USER_INPUT', 'startsAt: at most a year ahead')
    const engine = twoSeatGame(this.catalog, input.game)
    const options = this.matches.parseOptions(engine, input.options ?? {})
    const rows = await this.db.sql.query<TournamentRow>(
      `INSERT INTO "Tournament" (id, game, name, format, rated, rounds, "startsAt", "minEntrants", "maxEntrants", clock, options, "roundSeconds", "createdBy", duplicate)
       VALUES ($1, $2, $3, $4, $5, $6, $7::timestamptz, $8, $9, $10::jsonb, $11::jsonb, $12, $13, $14) RETURNING ${COLUMNS}`,
      [
        randomUUID(),
        engine.id,
        input.name,
        input.format,
        input.rated ?? false,
        input.rounds ?? 0,
        startsAt.toISOString(),
        input.minEntrants ?? 2,
        input.maxEntrants ?? MAX_TOURNAMENT_ENTRANTS,
        input.clock ? JSON.stringify(input.clock) : null,
        JSON.stringify(options),
        input.roundSeconds ?? null,
        me?.id ?? null,
        input.duplicate ?? false,
      ],
    )
    const row = rows[0]!
    await queueDue(this.jobs, 'tournament', row.id, startsAt)
    return this.view(row)
  }

  /** Joins with a deck while OPEN (joining again changes nothing). */
  async join(raw: unknown, caller: Caller): Promise<TournamentView> {
    const me = await this.players.require(caller)
    const input = parseInput(joinInput, raw)
    const t = await this.mustFind(input.id)
    if (t.status !== 'OPEN') throw started(t)
    const deck = await offeredDeck(this.catalog, this.matches, t.game, input, 'deck')
    // The tournament's row locked: a start (which locks it too) counts every entrant that got in before it.
    await this.db.transaction(async tx => {
      const [locked] = await tx.query<{ status: TournamentStatus; maxEntrants: number }>(
        `SELECT status, "maxEntrants" FROM "Tournament" WHERE id = $1 FOR UPDATE`,
        [t.id],
      )
      if (locked!.status !== 'OPEN') throw started(locked!)
      const [count] = await tx.query<{ n: number; mine: number }>(
        `SELECT count(*)::int AS n, count(*) FILTER (WHERE "playerId" = $2)::int AS mine FROM "TournamentEntrant" WHERE "tournamentId" = $1`,
        [t.id, me.id],
      )
      if (count!.mine > 0) return
      if (count!.n >= locked!.maxEntrants)
        throw new ServiceError('BAD_USER_INPUT', `the tournament is full (maxEntrants ${locked!.maxEntrants})`)
      await tx.query(
        `INSERT INTO "TournamentEntrant" ("tournamentId", "playerId", deck, "joinedAt") VALUES ($1, $2, $3::jsonb, clock_timestamp())`,
        [t.id, me.id, JSON.stringify(deck.deck)],
      )
    })
    return this.view((await this.find(t.id))!)
  }

  /** Leaves: while OPEN the entry is gone; once RUNNING the entrant is not paired again and its results stand. */
  async withdraw(id: string, caller: Caller): Promise<TournamentView> {
    const me = await this.players.require(caller)
    const t = await this.mustFind(parseInput(idSchema, id, 'id'))
    if (t.status === 'FINISHED' || t.status === 'CANCELLED')
      throw new ServiceError('BAD_USER_INPUT', `the tournament is ${t.status}`)
    const done =
      t.status === 'OPEN'
        ? await this.db.sql.query(
            `DELETE FROM "TournamentEntrant" WHERE "tournamentId" = $1 AND "playerId" = $2 AND EXISTS (SELECT 1 FROM "Tournament" WHERE id = $1 AND status = 'OPEN') RETURNING "playerId"`,
            [t.id, me.id],
          )
        : await this.db.sql.query(
            `UPDATE "TournamentEntrant" SET withdrawn = true WHERE "tournamentId" = $1 AND "playerId" = $2 RETURNING "playerId"`,
            [t.id, me.id],
          )
    if (done.length === 0) {
      const now = await this.mustFind(t.id)
      if (now.status !== t.status) return this.withdraw(id, caller)
      throw new ServiceError('NOT_FOUND', 'this player has not joined the tournament')
    }
    return this.view((await this.find(t.id))!)
  }

  /** Its creator or the operator starts it now, while OPEN; TOO_FEW_ENTRANTS below `minEntrants`. */
  async start(id: string, caller: Caller): Promise<TournamentView> {
    const t = await this.mustFind(parseInput(idSchema, id, 'id'))
    await this.mustOwn(t, caller)
    if (t.status !== 'OPEN') throw started(t)
    const begun = await this.begin(t.id, true)
    if (!begun) throw started((await this.find(t.id))!)
    await this.advance(t.id)
    return this.view((await this.find(t.id))!)
  }

  /** Its creator or the operator cancels it before it has finished; every entrant is told. */
  async cancel(id: string, caller: Caller): Promise<TournamentView> {
    const t = await this.mustFind(parseInput(idSchema, id, 'id'))
    await this.mustOwn(t, caller)
    const done = await this.close(t.id, 'CANCELLED', `status IN ('OPEN', 'RUNNING')`, 'tournamentCancelled')
    if (!done)
      throw new ServiceError(
        'BAD_USER_INPUT',
        `the tournament is ${(await this.find(t.id))!.status}: only an OPEN or RUNNING one is cancelled`,
      )
    return this.view((await this.find(t.id))!)
  }

  /**
   * The start time has come: RUNNING with round 1 paired, or CANCELLED (entrants told) with fewer than minEntrants.
   * False when it was no longer OPEN or is not due (DueWork sends an early job again).
   */
  async startAtTime(id: string): Promise<boolean> {
    const t = await this.find(id)
    if (!t || t.status !== 'OPEN' || new Date(t.startsAt).getTime() > Date.now()) return false
    if (await this.begin(id, false)) await this.advance(id)
    else
      await this.close(
        id,
        'CANCELLED',
        `status = 'OPEN' AND (SELECT count(*) FROM "TournamentEntrant" e WHERE e."tournamentId" = t.id) < t."minEntrants"`,
        'tournamentCancelled',
      )
    return true
  }

  /**
   * OPEN → RUNNING when it has minEntrants (a round-robin's rounds set from its entrants): true; else false, or
   * TOO_FEW_ENTRANTS for `startTournament`. The row is locked first, so that the entrants counted are all there are.
   */
  private async begin(id: string, asked: boolean): Promise<boolean> {
    return this.db.transaction(async tx => {
      const [t] = await tx.query<TournamentRow>(`SELECT ${COLUMNS} FROM "Tournament" WHERE id = $1 FOR UPDATE`, [id])
      if (!t || t.status !== 'OPEN') return false
      const [count] = await tx.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM "TournamentEntrant" WHERE "tournamentId" = $1`,
        [id],
      )
      if (count!.n < t.minEntrants) {
        if (asked)
          throw new ServiceError(
            'TOO_FEW_ENTRANTS',
            `the tournament has ${count!.n} entrants, fewer than its minEntrants (${t.minEntrants})`,
          )
        return false
      }
      const rounds = t.format === 'ROUND_ROBIN' ? roundRobinRounds(count!.n) : t.rounds
      await tx.query(`UPDATE "Tournament" SET status = 'RUNNING', rounds = $2, "updatedAt" = now() WHERE id = $1`, [
        id,
        rounds,
      ])
      return true
    })
  }

  /**
   * Pairs the next round once every match of the current one has ended (or FINISHES the tournament after its last
   * round, or when fewer than 2 entrants are left to pair). Whatever the number of processes calling it, each round
   * is paired once: the round is claimed by moving `currentRound` from the round that ended, in the statement that
   * writes its pairings and the entrants' notices; its matches are made after it by the process that claimed it.
   */
  async advance(id: string): Promise<void> {
    // A round of byes only (every other entrant withdrawn) is decided at once: on to the next.
    for (;;) {
      const t = await this.find(id)
      if (!t || t.status !== 'RUNNING') return
      const boards = await this.boards(id)
      const round = t.currentRound
      if (boards.some(b => b.round === round && b.points === null)) return
      const entrants = await this.entrants(id)
      const plan = round < t.rounds ? await this.plan(t, entrants, boards, round + 1) : null
      if (!plan) {
        await this.close(id, 'FINISHED', `status = 'RUNNING' AND "currentRound" = ${round}`, 'tournamentFinished')
        return
      }
      const paired = await this.pairRound(t, round + 1, plan, entrants)
      if (!paired || paired.some(b => b.matchId !== null)) return
    }
  }

  /** The boards of round `round`: Swiss by standings, round-robin by the circle; null when no round can be paired. */
  private async plan(
    t: TournamentRow,
    entrants: EntrantRow[],
    boards: PairingRow[],
    round: number,
  ): Promise<Omit<PairingRow, 'round' | 'board'>[] | null> {
    const active = entrants.filter(e => !e.withdrawn)
    if (active.length < 2) return null
    if (t.format === 'ROUND_ROBIN') {
      const circle = roundRobinRound(
        entrants.map(e => e.playerId),
        round,
      )
      const out = new Set(entrants.filter(e => e.withdrawn).map(e => e.playerId))
      // An entrant whose opponent withdrew has a bye that round.
      const byes = [circle.bye, ...circle.pairs.flatMap(([a, b]) => (out.has(a) ? [b] : out.has(b) ? [a] : []))].filter(
        (p): p is string => p !== null && !out.has(p),
      )
      return [
        ...circle.pairs
          .filter(([a, b]) => !out.has(a) && !out.has(b))
          .map(players => ({ players, matchId: randomUUID(), points: null })),
        ...byes.map(p => ({ players: [p], matchId: null, points: [1] })),
      ]
    }
    const table = standings(
      entrants.map(e => ({ playerId: e.playerId, order: Number(e.joinOrder), withdrawn: e.withdrawn })),
      boards,
    )
    const points = new Map(table.map(s => [s.playerId, s.points]))
    const swiss = await Promise.all(
      active.map(async e => ({
        playerId: e.playerId,
        points: points.get(e.playerId) ?? 0,
        rating: (await this.ratings.current(e.playerId, t.game)).rating,
        order: Number(e.joinOrder),
      })),
    )
    const plan = swissRound(swiss, boards)
    if (!plan) return null
    return [
      ...plan.pairs.map(players => ({ players, matchId: randomUUID(), points: null })),
      ...(plan.bye ? [{ players: [plan.bye], matchId: null, points: [1] }] : []),
    ]
  }

  /** Claims round `round` with its boards and notices (null: another process claimed it), then starts its matches. */
  private async pairRound(
    t: TournamentRow,
    round: number,
    plan: Omit<PairingRow, 'round' | 'board'>[],
    entrants: EntrantRow[],
  ): Promise<PairingRow[] | null> {
    const boards: PairingRow[] = plan.map((b, i) => ({ ...b, round, board: i + 1 }))
    const notices: Notice[] = [
      ...entrants
        .filter(e => !e.withdrawn)
        .map(e =>
          competitionNotice(e.playerId, 'tournamentRoundStarted', { tournamentId: t.id, round }, this.jobs ? {} : null),
        ),
      ...boards.flatMap(b =>
        b.players.map(p =>
          competitionNotice(
            p,
            'tournamentPairing',
            { tournamentId: t.id, round, matchId: b.matchId },
            this.jobs ? {} : null,
          ),
        ),
      ),
    ]
    // One statement: the round claimed, its boards and every notice written together, or nothing.
    const claimed = await this.db.sql.query<{ deliveries: string[] }>(
      `WITH c AS (
         UPDATE "Tournament" SET "currentRound" = $2, "roundStartedAt" = now(), "updatedAt" = now() WHERE id = $1 AND status = 'RUNNING' AND "currentRound" = $2 - 1 RETURNING id
       ), p AS (
         INSERT INTO "TournamentPairing" ("tournamentId", round, board, players, "matchId", points)
         SELECT c.id, $2, b.board, b.players, b."matchId", b.points FROM c, jsonb_to_recordset($3::jsonb) AS b(board int, players text[], "matchId" text, points float8[])
       ), ${noticeWritesSql('NULL', '$4', 'c')}
       SELECT ARRAY(SELECT id FROM w) AS deliveries FROM c`,
      [t.id, round, JSON.stringify(boards), noticesParam(notices)],
    )
    if (!claimed[0]) return null
    await this.events.told(notices, claimed[0].deliveries)
    await this.startMatches(t, boards)
    if (t.roundSeconds && boards.some(b => b.matchId)) {
      await this.jobs?.send(
        JOB_TOURNAMENT_DEADLINE,
        { id: t.id, round },
        {
          startAfter: new Date(Date.now() + t.roundSeconds * 1000),
          singletonKey: `tournament-deadline:${t.id}:${round}`,
        },
      )
    }
    return boards
  }

  /**
   * Each board's match (a duplicate tournament's: its pair, the board's match first), ACTIVE at once with both
   * entrants' decks; one already made (by an earlier try) is left.
   */
  private async startMatches(t: TournamentRow, boards: readonly PairingRow[]): Promise<void> {
    const decks = new Map((await this.entrants(t.id)).map(e => [e.playerId, e.deck]))
    for (const b of boards) {
      if (!b.matchId || (await this.matches.find(b.matchId))) continue
      const match = {
        game: t.game,
        seats: b.players.map(p => ({ player: p, deck: decks.get(p) })),
        options: t.options as Record<string, unknown>,
        clock: t.clock as never,
        rated: t.rated,
      }
      if (t.duplicate) await this.matches.createPair(match, {}, { ids: [b.matchId, randomUUID()], tournament: t.id })
      else await this.matches.create(match, {}, { id: b.matchId, tournament: t.id })
    }
  }

  /**
   * A match ended: its board's points are written once (a duplicate pair's once both its matches have ended); when it
   * was the round's last, the next round is queued.
   */
  async matchEnded(matchId: string): Promise<void> {
    const rows = await this.db.sql.query<{ tournamentId: string; round: number }>(
      `UPDATE "TournamentPairing" p SET points = ${POINTS_SQL} FROM "Match" m LEFT JOIN "Match" t ON t.id = m."twinId"
        WHERE p."matchId" = m.id AND (m.id = $1 OR m."twinId" = $1) AND p.points IS NULL
          AND m.status IN ('FINISHED', 'ABORTED') AND (t.id IS NULL OR t.status IN ('FINISHED', 'ABORTED'))
        RETURNING p."tournamentId", p.round`,
      [matchId],
    )
    const r = rows[0]
    if (!r) return
    const open = await this.db.sql.query(
      `SELECT 1 FROM "TournamentPairing" WHERE "tournamentId" = $1 AND round = $2 AND points IS NULL LIMIT 1`,
      [r.tournamentId, r.round],
    )
    if (open.length > 0) return
    if (this.jobs)
      await this.jobs.send(
        JOB_TOURNAMENT_ROUND,
        { id: r.tournamentId, round: r.round },
        { singletonKey: `tournament-round:${r.tournamentId}:${r.round}` },
      )
    else await this.advance(r.tournamentId)
  }

  /**
   * The round's deadline: its matches still ACTIVE (both of a duplicate pair) end FINISHED with no winner (half a point
   * each), then the next round.
   */
  async roundDeadline(id: string, round: number): Promise<void> {
    const t = await this.find(id)
    if (!t || t.status !== 'RUNNING' || t.currentRound !== round) return
    for (const b of await this.boards(id)) {
      if (b.round !== round || b.points !== null || !b.matchId) continue
      const twin = (await this.matches.find(b.matchId))?.twin
      for (const m of twin ? [b.matchId, twin] : [b.matchId]) await this.matches.endUndecided(m, ROUND_DEADLINE_REASON)
      await this.matchEnded(b.matchId)
    }
    await this.advance(id)
  }

  /**
   * For the sweep: RUNNING tournaments whose round's matches were not all made, or ended without their points
   * written, or whose deadline or next round was lost; each put right.
   */
  async repair(): Promise<void> {
    const rows = await this.db.sql.query<TournamentRow>(
      `SELECT ${COLUMNS} FROM "Tournament" WHERE status = 'RUNNING' ORDER BY "updatedAt" LIMIT 100`,
    )
    for (const t of rows) {
      const current = (await this.boards(t.id)).filter(b => b.round === t.currentRound)
      await this.startMatches(t, current)
      for (const b of current) if (b.matchId && b.points === null) await this.matchEnded(b.matchId)
      const late =
        t.roundSeconds !== null &&
        t.roundStartedAt !== null &&
        new Date(t.roundStartedAt).getTime() + t.roundSeconds * 1000 <= Date.now()
      if (late) await this.roundDeadline(t.id, t.currentRound)
      else await this.advance(t.id)
    }
  }

  async get(id: string): Promise<TournamentView | null> {
    const r = idSchema.safeParse(id)
    if (!r.success) return null
    const t = await this.find(r.data)
    return t ? this.view(t) : null
  }

  /** Tournaments (of one game, in one status), newest first. */
  async list(raw: { game?: string | null; status?: string | null }): Promise<TournamentView[]> {
    const args = parseInput(listArgs, { game: raw.game ?? null, status: raw.status ?? null })
    const rows = await this.db.sql.query<TournamentRow>(
      `SELECT ${COLUMNS} FROM "Tournament" WHERE ($1::text IS NULL OR game = $1) AND ($2::text IS NULL OR status = $2)
        ORDER BY "createdAt" DESC, id LIMIT ${TOURNAMENTS_LIST_LIMIT}`,
      [args.game ?? null, args.status ?? null],
    )
    return Promise.all(rows.map(r => this.view(r)))
  }

  /**
   * Ends it (FINISHED or CANCELLED) once, guarded by `where` on the row `t`, and tells every entrant; false when the
   * guard failed.
   */
  private async close(
    id: string,
    status: 'FINISHED' | 'CANCELLED',
    where: string,
    type: 'tournamentFinished' | 'tournamentCancelled',
  ): Promise<boolean> {
    const notices = (await this.entrants(id)).map(e =>
      competitionNotice(e.playerId, type, { tournamentId: id }, this.jobs ? {} : null),
    )
    const done = await changeAndTell<{ id: string }>(
      this.db,
      this.events,
      `UPDATE "Tournament" t SET status = $2, "updatedAt" = now() WHERE t.id = $1 AND ${where} RETURNING t.id`,
      [id, status],
      notices,
      null,
    )
    return done !== null
  }

  private async mustOwn(t: TournamentRow, caller: Caller): Promise<void> {
    if (this.isOperator(caller)) return
    const me = await this.players.require(caller)
    if (t.createdBy !== me.id)
      throw new ServiceError('BAD_USER_INPUT', "only the tournament's creator or the operator starts or cancels it")
  }

  private async find(id: string): Promise<TournamentRow | null> {
    const rows = await this.db.sql.query<TournamentRow>(`SELECT ${COLUMNS} FROM "Tournament" WHERE id = $1`, [id])
    return rows[0] ?? null
  }

  private async mustFind(id: string): Promise<TournamentRow> {
    const t = await this.find(parseInput(idSchema, id, 'id'))
    if (!t) throw new ServiceError('NOT_FOUND', `no tournament ${id}`)
    return t
  }

  private async entrants(id: string): Promise<EntrantRow[]> {
    return this.db.sql.query<EntrantRow>(
      `SELECT "playerId", deck, "joinOrder", withdrawn, "joinedAt" FROM "TournamentEntrant" WHERE "tournamentId" = $1 ORDER BY "joinOrder"`,
      [id],
    )
  }

  private async boards(id: string): Promise<PairingRow[]> {
    return this.db.sql.query<PairingRow>(
      `SELECT round, board, players, "matchId", points FROM "TournamentPairing" WHERE "tournamentId" = $1 ORDER BY round, board`,
      [id],
    )
  }

  private async view(t: TournamentRow): Promise<TournamentView> {
    const [entrants, boards] = await Promise.all([this.entrants(t.id), this.boards(t.id)])
    const ids = new Set([...entrants.map(e => e.playerId), ...(t.createdBy ? [t.createdBy] : [])])
    const people = await this.players.publicViews([...ids])
    const table = standings(
      entrants.map(e => ({ playerId: e.playerId, order: Number(e.joinOrder), withdrawn: e.withdrawn })),
      boards,
    )
    return {
      id: t.id,
      game: t.game,
      name: t.name,
      format: t.format,
      status: t.status,
      rated: t.rated,
      duplicate: t.duplicate,
      rounds: t.rounds,
      currentRound: t.currentRound,
      startsAt: iso(t.startsAt),
      minEntrants: t.minEntrants,
      maxEntrants: t.maxEntrants,
      roundSeconds: t.roundSeconds,
      createdBy: t.createdBy ? (people.get(t.createdBy) ?? null) : null,
      clock: offerClock(t.clock),
      options: t.options,
      entrants: entrants.map(e => ({
        player: people.get(e.playerId)!,
        joinedAt: iso(e.joinedAt),
        withdrawn: e.withdrawn,
      })),
      pairings: boards.map(b => ({
        round: b.round,
        players: b.players.map(p => people.get(p)!),
        bye: b.players.length === 1,
        matchId: b.matchId,
        points: b.points,
      })),
      standings:
        t.status === 'OPEN' ? [] : table.map(({ playerId, ...s }) => ({ ...s, player: people.get(playerId)! })),
    }
  }
}

function started(t: { status: TournamentStatus }): ServiceError {
  return new ServiceError('TOURNAMENT_STARTED', `the tournament is ${t.status}, no longer OPEN`)
}
