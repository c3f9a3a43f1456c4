/**
 * Ratings: each player's Glicko-2 rating per game, updated once when a rated match finishes (a duplicate pair: once
 * when its second match ends); history and leaderboards.
 */
import { z } from 'zod'
import type { Database } from '../store/database.ts'
import type { SqlClient } from '../store/sql.ts'
import type { Catalog } from './catalog.ts'
import { ServiceError, parseInput } from './errors.ts'
import { glicko2Update, GLICKO2_START, type Glicko2Rating, type Glicko2Result } from './glicko2.ts'
import { gameIdSchema, idSchema } from './schemas.ts'

export interface RatingView {
  game: string
  rating: number
  deviation: number
  volatility: number
  /** Rated results counted. */
  games: number
}

export interface RatingChangeView {
  matches: string[]
  at: string
  rating: number
  deviation: number
  volatility: number
  change: number
}

export interface LeaderboardRow {
  rank: number
  playerId: string
  rating: RatingView
}

export const LEADERBOARD_MAX = 500
const leaderboardArgs = z.strictObject({
  game: gameIdSchema,
  first: z.number().int().min(1).max(LEADERBOARD_MAX).nullish(),
  after: idSchema.nullish(),
})
const historyArgs = z.strictObject({ player: idSchema, game: gameIdSchema })

/** A rated match is rated by the sweep if its own update was lost (a crash between its commit and the update). */
export const UNRATED_GRACE_SECONDS = 5

interface RatingRow {
  playerId: string
  game: string
  rating: number
  deviation: number
  volatility: number
  games: number
}

/**
 * Each seat's player's results in one match: against each other player, 1 when placed ahead, 0.5 level, 0 behind.
 * The engines tell winners only, so a winner is ahead of every other seat and seats both among (or both outside)
 * the winners are level; a player holding several seats plays none of its own.
 */
export function pairResults(
  seats: readonly (string | null)[],
  winners: readonly number[],
): Map<string, { opponent: string; score: number }[]> {
  const out = new Map<string, { opponent: string; score: number }[]>()
  seats.forEach((me, i) => {
    if (me === null) return
    const mine = out.get(me) ?? []
    seats.forEach((them, j) => {
      if (them === null || them === me || i === j) return
      const a = winners.includes(i)
      const b = winners.includes(j)
      mine.push({ opponent: them, score: a === b ? 0.5 : a ? 1 : 0 })
    })
    out.set(me, mine)
  })
  return out
}

/**
 * A duplicate pair's results: each player's mean score against each opponent over the pair's matches (one result per
 * opponent, so a pair of two-seat matches is one result for each player).
 */
export function meanResults(
  matches: readonly Map<string, { opponent: string; score: number }[]>[],
): Map<string, { opponent: string; score: number }[]> {
  const scores = new Map<string, Map<string, number[]>>()
  for (const results of matches)
    for (const [player, list] of results) {
      const mine = scores.get(player) ?? new Map<string, number[]>()
      for (const r of list) mine.set(r.opponent, [...(mine.get(r.opponent) ?? []), r.score])
      scores.set(player, mine)
    }
  return new Map(
    [...scores].map(([player, mine]) => [
      player,
      [...mine].map(([opponent, all]) => ({ opponent, score: all.reduce((a, b) => a + b, 0) / all.length })),
    ]),
  )
}

export class RatingService {
  constructor(
    private readonly db: Database,
    private readonly catalog: Catalog,
    private readonly log: (err: unknown, what: string) => void,
  ) {}

  /**
   * A match ended: when it is rated and FINISHED, its players' ratings are updated, once however many processes
   * call this (its RatedMatch row is written in the transaction that writes the ratings, and the second caller's
   * insert waits for the first's commit, then writes nothing). Each player's result against every opponent is one
   * rating period, computed from the ratings all of them had just before. A duplicate pair is rated once both its
   * matches have ended, as one result per player (its mean score), with both RatedMatch rows; when either ended
   * ABORTED the pair changes nothing (its rows are written all the same, so that nobody tries again). Never throws
   * (the sweep retries).
   */
  async matchEnded(matchId: string): Promise<boolean> {
    try {
      // A player's updates apply in the order its matches ended: an earlier one not rated yet (ended on another
      // process a moment before, its update still to come) is rated first.
      for (const earlier of await this.unratedBefore(matchId)) await this.db.transaction(tx => this.rate(tx, earlier))
      return await this.db.transaction(tx => this.rate(tx, matchId))
    } catch (err) {
      this.log(err, `rating match ${matchId}`)
      return false
    }
  }

  /**
   * The rated matches FINISHED before this one, sharing a player with it, and not rated yet; in the order they ended
   * (a duplicate pair's end is its second match's, and its own twin is not one of them).
   */
  private async unratedBefore(matchId: string): Promise<string[]> {
    const rows = await this.db.sql.query<{ id: string }>(
      `SELECT DISTINCT o.id, greatest(o."updatedAt", ot."updatedAt") AS ended FROM "Match" m
         LEFT JOIN "Match" mt ON mt.id = m."twinId"
         JOIN "Seat" s ON s."matchId" = m.id AND s."playerId" IS NOT NULL
         JOIN "Seat" os ON os."playerId" = s."playerId" AND os."matchId" <> m.id
         JOIN "Match" o ON o.id = os."matchId"
         LEFT JOIN "Match" ot ON ot.id = o."twinId"
        WHERE m.id = $1 AND m.rated AND o.rated AND o.status = 'FINISHED' AND o.id IS DISTINCT FROM m."twinId"
          AND (ot.id IS NULL OR ot.status IN ('FINISHED', 'ABORTED'))
          AND greatest(o."updatedAt", ot."updatedAt") <= greatest(m."updatedAt", mt."updatedAt")
          AND NOT EXISTS (SELECT 1 FROM "RatedMatch" r WHERE r."matchId" = o.id)
        ORDER BY ended, o.id`,
      [matchId],
    )
    return rows.map(r => r.id)
  }

  private async rate(tx: SqlClient, matchId: string): Promise<boolean> {
    // A match is due when FINISHED; a duplicate pair when both have ended, one at least FINISHED. Its rows are claimed
    // in id order, so that two claims of one pair wait for each other rather than deadlock.
    const claimed = await tx.query<{
      id: string
      game: string
      status: string
      winners: number[]
      seats: (string | null)[]
    }>(
      `WITH due AS (
         SELECT m.id, m."twinId" FROM "Match" m LEFT JOIN "Match" t ON t.id = m."twinId"
          WHERE m.id = $1 AND m.rated AND CASE WHEN m."twinId" IS NULL THEN m.status = 'FINISHED'
                ELSE m.status IN ('FINISHED', 'ABORTED') AND t.status IN ('FINISHED', 'ABORTED') AND 'FINISHED' IN (m.status, t.status) END
       ), c AS (
         INSERT INTO "RatedMatch" ("matchId") SELECT x FROM due, unnest(ARRAY[due.id, due."twinId"]) AS x WHERE x IS NOT NULL ORDER BY x
         ON CONFLICT DO NOTHING RETURNING "matchId"
       )
       SELECT m.id, m.game, m.status, m.winners, ARRAY(SELECT s."playerId" FROM "Seat" s WHERE s."matchId" = m.id ORDER BY s.index) AS seats
         FROM c JOIN "Match" m ON m.id = c."matchId" ORDER BY m."createdAt", m.id`,
      [matchId],
    )
    const match = claimed[0]
    if (!match) return false
    if (claimed.some(m => m.status !== 'FINISHED')) return true
    const results =
      claimed.length === 1
        ? pairResults(match.seats, match.winners)
        : meanResults(claimed.map(m => pairResults(m.seats, m.winners)))
    const players = [...results.keys()].filter(p => results.get(p)!.length > 0).sort()
    if (players.length === 0) return true
    // Sorted, so that two matches sharing players lock their rows in the same order (no deadlock).
    await tx.query(
      `INSERT INTO "Rating" ("playerId", game, rating, deviation, volatility) SELECT p, $2, $3, $4, $5 FROM unnest($1::text[]) AS p ORDER BY p
       ON CONFLICT DO NOTHING`,
      [players, match.game, GLICKO2_START.rating, GLICKO2_START.deviation, GLICKO2_START.volatility],
    )
    const rows = await tx.query<RatingRow>(
      `SELECT "playerId", game, rating, deviation, volatility, games FROM "Rating" WHERE game = $2 AND "playerId" = ANY($1::text[]) ORDER BY "playerId" FOR UPDATE`,
      [players, match.game],
    )
    const before = new Map(rows.map(r => [r.playerId, r]))
    const updates = players.map(p => {
      const period: Glicko2Result[] = results.get(p)!.map(r => ({ opponent: before.get(r.opponent)!, score: r.score }))
      const next: Glicko2Rating = glicko2Update(before.get(p)!, period)
      return { playerId: p, ...next, games: period.length, change: next.rating - before.get(p)!.rating }
    })
    // Stamped with the time of the write (clock_timestamp, not the transaction's start): the rows were locked before
    // it, so a player's history in time order is the order its updates applied in.
    await tx.query(
      `WITH u AS (SELECT * FROM jsonb_to_recordset($1::jsonb) AS u("playerId" text, rating float8, deviation float8, volatility float8, games int, change float8)),
            r AS (UPDATE "Rating" t SET rating = u.rating, deviation = u.deviation, volatility = u.volatility, games = t.games + u.games, "updatedAt" = now()
                    FROM u WHERE t."playerId" = u."playerId" AND t.game = $2)
       INSERT INTO "RatingChange" (id, "playerId", game, matches, at, rating, deviation, volatility, change)
       SELECT gen_random_uuid()::text, u."playerId", $2, $3::text[], clock_timestamp(), u.rating, u.deviation, u.volatility, u.change FROM u`,
      [JSON.stringify(updates), match.game, claimed.map(m => m.id)],
    )
    return true
  }

  /**
   * Rated matches FINISHED a while ago and not rated (their update was lost), oldest end first; each rated now. A
   * duplicate pair's match waits for its twin's end.
   */
  async rateMissed(limit = 100): Promise<number> {
    const rows = await this.db.sql.query<{ id: string }>(
      `SELECT m.id FROM "Match" m LEFT JOIN "Match" t ON t.id = m."twinId"
        WHERE m.rated AND m.status = 'FINISHED' AND (t.id IS NULL OR t.status IN ('FINISHED', 'ABORTED'))
          AND greatest(m."updatedAt", t."updatedAt") < now() - make_interval(secs => $1)
          AND NOT EXISTS (SELECT 1 FROM "RatedMatch" r WHERE r."matchId" = m.id)
        ORDER BY greatest(m."updatedAt", t."updatedAt") LIMIT $2`,
      [UNRATED_GRACE_SECONDS, limit],
    )
    let n = 0
    for (const r of rows) if (await this.matchEnded(r.id)) n++
    return n
  }

  /** One rating per game this server hosts, in the catalogue's order (the start values before any rated result). */
  async of(playerId: string): Promise<RatingView[]> {
    const rows = await this.db.prisma.rating.findMany({ where: { playerId } })
    const byGame = new Map(rows.map(r => [r.game, r]))
    return this.catalog.games().map(g => ratingView(byGame.get(g.id) ?? { game: g.id, ...GLICKO2_START, games: 0 }))
  }

  /** The player's rating for one game (the start values before any rated result). */
  async current(playerId: string, game: string): Promise<RatingView> {
    const row = await this.db.prisma.rating.findUnique({ where: { playerId_game: { playerId, game } } })
    return ratingView(row ?? { game, ...GLICKO2_START, games: 0 })
  }

  async history(raw: { player: string; game: string }): Promise<RatingChangeView[]> {
    const args = parseInput(historyArgs, raw)
    const rows = await this.db.prisma.ratingChange.findMany({
      where: { playerId: args.player, game: args.game },
      orderBy: [{ at: 'asc' }, { id: 'asc' }],
    })
    return rows.map(r => ({
      matches: r.matches,
      at: r.at.toISOString(),
      rating: r.rating,
      deviation: r.deviation,
      volatility: r.volatility,
      change: r.change,
    }))
  }

  /**
   * Players with a rated result, by rating (highest first), then deviation (lowest first), then id; `after`: the
   * previous page's last player.
   */
  async leaderboard(raw: { game: string; first?: number | null; after?: string | null }): Promise<LeaderboardRow[]> {
    const args = parseInput(leaderboardArgs, raw)
    if (!this.catalog.game(args.game)) throw new ServiceError('NOT_FOUND', `unknown game '${args.game}'`)
    const rows = await this.db.sql.query<RatingRow & { rank: string | number }>(
      `WITH ranked AS (
         SELECT "playerId", game, rating, deviation, volatility, games,
                row_number() OVER (ORDER BY rating DESC, deviation ASC, "playerId" ASC) AS rank
           FROM "Rating" WHERE game = $1 AND games >= 1
       )
       SELECT * FROM ranked
        WHERE rank > COALESCE((SELECT rank FROM ranked WHERE "playerId" = $3), 0)
        ORDER BY rank LIMIT $2`,
      [args.game, args.first ?? 50, args.after ?? null],
    )
    if (args.after != null && rows.length === 0) {
      const on = await this.db.prisma.rating.count({
        where: { playerId: args.after, game: args.game, games: { gte: 1 } },
      })
      if (on === 0)
        throw new ServiceError('BAD_USER_INPUT', `after: player ${args.after} is not on the ${args.game} leaderboard`)
    }
    return rows.map(r => ({ rank: Number(r.rank), playerId: r.playerId, rating: ratingView(r) }))
  }
}

function ratingView(r: {
  game: string
  rating: number
  deviation: number
  volatility: number
  games: number
}): RatingView {
  return { game: r.game, rating: r.rating, deviation: r.deviation, volatility: r.volatility, games: r.games }
}
