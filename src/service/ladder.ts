/**
 * The bot ladder: bots opt in per game; a job pairs them on the queue (nearest ratings first), and 3 timeouts in a row
 * take a bot off.
 */
import { randomUUID } from 'node:crypto'
import { z } from 'zod'
import type { Database } from '../store/database.ts'
import type { JobQueue } from '../store/jobs.ts'
import type { Caller } from './caller.ts'
import type { Catalog } from './catalog.ts'
import { ServiceError, parseInput } from './errors.ts'
import type { MatchEvents } from './match-events.ts'
import type { MatchService } from './matches.ts'
import { changeAndTell, competitionNotice, deckFields, offeredDeck } from './offers.ts'
import type { PlayerService, PlayerView } from './players.ts'
import type { RatingService } from './ratings.ts'
import { gameIdSchema } from './schemas.ts'

export interface LadderSettings {
  /** LADDER_INTERVAL_SECONDS: how often the pairing job runs. */
  intervalSeconds: number
  /** LADDER_GAMES_PER_DAY: ladder matches per bot per UTC day, at most. */
  gamesPerDay: number
  /** LADDER_MOVE_SECONDS: the clock of a ladder match, per move (FORFEIT). */
  moveSeconds: number
}

export const DEFAULT_LADDER: LadderSettings = { intervalSeconds: 30, gamesPerDay: 100, moveSeconds: 60 }

function positive(raw: string | undefined, fallback: number): number {
  const n = Number(raw)
  return raw !== undefined && raw.trim() !== '' && Number.isInteger(n) && n > 0 ? n : fallback
}

export function ladderFromEnv(env: Record<string, string | undefined>): LadderSettings {
  return {
    intervalSeconds: positive(env.LADDER_INTERVAL_SECONDS, DEFAULT_LADDER.intervalSeconds),
    gamesPerDay: positive(env.LADDER_GAMES_PER_DAY, DEFAULT_LADDER.gamesPerDay),
    moveSeconds: positive(env.LADDER_MOVE_SECONDS, DEFAULT_LADDER.moveSeconds),
  }
}

/** Lost ladder matches by timeout in a row that take a bot off that ladder. */
export const LADDER_TIMEOUTS_IN_ROW = 3
export const JOB_LADDER_PAIR = 'ladder-pair'

const ladderInput = z.strictObject({ game: gameIdSchema, ...deckFields })

export interface LadderEntryView {
  game: string
  active: boolean
  removedReason: string | null
  gamesToday: number
  lastOpponent: PlayerView | null
}

interface Candidate {
  playerId: string
  deck: unknown
  lastOpponentId: string | null
  rating: number
}

export class LadderService {
  constructor(
    private readonly db: Database,
    private readonly catalog: Catalog,
    private readonly matches: MatchService,
    private readonly players: PlayerService,
    private readonly ratings: RatingService,
    private readonly events: MatchEvents,
    private readonly jobs: JobQueue | null,
    readonly settings: LadderSettings,
  ) {}

  /** A bot player opts in to a game's ladder with its deck (again: back on, with the new deck). */
  async join(raw: unknown, caller: Caller): Promise<LadderEntryView> {
    const me = await this.players.require(caller)
    const input = parseInput(ladderInput, raw, 'ladder')
    if (!me.bot) throw new ServiceError('NOT_A_BOT', 'only a bot player (createPlayer(bot: true)) joins the ladder')
    const { engine, ...deck } = await offeredDeck(this.catalog, this.matches, input.game, input, 'ladder')
    await this.db.prisma.ladderEntry.upsert({
      where: { playerId_game: { playerId: me.id, game: engine.id } },
      create: { playerId: me.id, game: engine.id, deck: deck.deck as object },
      update: { deck: deck.deck as object, active: true, removedReason: null, timeoutsInRow: 0, updatedAt: new Date() },
    })
    return (await this.entries(me.id, engine.id))[0]!
  }

  async leave(game: string, caller: Caller): Promise<LadderEntryView> {
    const me = await this.players.require(caller)
    const g = parseInput(gameIdSchema, game, 'game')
    const done = await this.db.prisma.ladderEntry.updateMany({
      where: { playerId: me.id, game: g },
      data: { active: false, updatedAt: new Date() },
    })
    if (done.count === 0) throw new ServiceError('NOT_FOUND', `this player is not on the ${g} ladder`)
    return (await this.entries(me.id, g))[0]!
  }

  /** The caller's own entries (none for anyone else). */
  async mine(playerId: string, caller: Caller): Promise<LadderEntryView[]> {
    const me = await this.players.fromCaller(caller)
    return me?.id === playerId ? this.entries(playerId) : []
  }

  private async entries(playerId: string, game?: string): Promise<LadderEntryView[]> {
    const rows = await this.db.prisma.ladderEntry.findMany({
      where: { playerId, ...(game ? { game } : {}) },
      orderBy: { game: 'asc' },
    })
    return Promise.all(
      rows.map(async r => ({
        game: r.game,
        active: r.active,
        removedReason: r.removedReason,
        gamesToday: await this.gamesToday(playerId, r.game),
        lastOpponent: r.lastOpponentId ? await this.players.publicView(r.lastOpponentId) : null,
      })),
    )
  }

  private async gamesToday(playerId: string, game: string): Promise<number> {
    const rows = await this.db.sql.query<{ n: string | number }>(
      `SELECT count(*) AS n FROM "LadderGame" WHERE game = $1 AND $2 = ANY(players) AND "createdAt" >= date_trunc('day', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'`,
      [game, playerId],
    )
    return Number(rows[0]?.n ?? 0)
  }

  /**
   * One pairing round for every game: the active bots not in an ACTIVE ladder match of it and under the daily cap,
   * paired nearest ratings first (never a bot with its previous ladder opponent). The number of matches made.
   */
  async pair(): Promise<number> {
    let made = 0
    for (const g of this.catalog.games()) {
      const free = await this.db.sql.query<Omit<Candidate, 'rating'>>(
        `SELECT e."playerId", e.deck, e."lastOpponentId" FROM "LadderEntry" e
          WHERE e.game = $1 AND e.active
            AND NOT EXISTS (SELECT 1 FROM "LadderGame" l JOIN "Match" m ON m.id = l."matchId"
                             WHERE l.game = $1 AND e."playerId" = ANY(l.players) AND m.status IN ('ACTIVE', 'WAITING'))
            AND (SELECT count(*) FROM "LadderGame" l WHERE l.game = $1 AND e."playerId" = ANY(l.players)
                  AND l."createdAt" >= date_trunc('day', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC') < $2
          ORDER BY e."playerId"`,
        [g.id, this.settings.gamesPerDay],
      )
      if (free.length < 2) continue
      const bots: Candidate[] = await Promise.all(
        free.map(async b => ({ ...b, rating: (await this.ratings.current(b.playerId, g.id)).rating })),
      )
      for (const [a, b] of nearestPairs(bots)) if (await this.start(g.id, a, b)) made++
    }
    return made
  }

  /** A ladder match: both told `ladderPaired` (written with the LadderGame row), then the match starts as usual. */
  private async start(game: string, a: Candidate, b: Candidate): Promise<boolean> {
    const matchId = randomUUID()
    const seats = Math.random() < 0.5 ? [a, b] : [b, a]
    const notices = seats.map(p =>
      competitionNotice(p.playerId, 'ladderPaired', { matchId, game }, this.jobs ? {} : null),
    )
    const claimed = await changeAndTell(
      this.db,
      this.events,
      `INSERT INTO "LadderGame" ("matchId", game, players) VALUES ($1, $2, $3::text[]) RETURNING "matchId"`,
      [matchId, game, seats.map(s => s.playerId)],
      notices,
      matchId,
    )
    if (!claimed) return false
    try {
      await this.matches.create(
        {
          game,
          seats: seats.map(s => ({ player: s.playerId, deck: s.deck })),
          clock: { perMoveSeconds: this.settings.moveSeconds, onTimeout: 'FORFEIT' },
          rated: true,
        },
        {},
        { id: matchId },
      )
    } catch (e) {
      await this.db.sql.query(`DELETE FROM "LadderGame" WHERE "matchId" = $1`, [matchId])
      throw e
    }
    await this.db.sql.query(
      `UPDATE "LadderEntry" SET "lastOpponentId" = CASE "playerId" WHEN $2 THEN $3 ELSE $2 END, "updatedAt" = now() WHERE game = $1 AND "playerId" IN ($2, $3)`,
      [game, a.playerId, b.playerId],
    )
    return true
  }

  /**
   * A rated match ended: if it is a ladder match not settled yet, each bot that lost it by timeout counts one more in a
   * row (the third takes it off the ladder, told by `ladderRemoved`); any other end resets the count.
   */
  async matchEnded(matchId: string): Promise<void> {
    const rows = await this.db.sql.query<{
      game: string
      players: string[]
      winners: number[]
      endReason: string | null
      seats: (string | null)[]
    }>(
      `WITH l AS (UPDATE "LadderGame" SET settled = true WHERE "matchId" = $1 AND NOT settled RETURNING game, players)
       SELECT l.game, l.players, m.winners, m."endReason", ARRAY(SELECT s."playerId" FROM "Seat" s WHERE s."matchId" = m.id ORDER BY s.index) AS seats
         FROM l JOIN "Match" m ON m.id = $1 WHERE m.status = 'FINISHED'`,
      [matchId],
    )
    const m = rows[0]
    if (!m) return
    const timedOut = m.endReason === 'timeout' ? m.seats.filter((p, i) => p !== null && !m.winners.includes(i)) : []
    for (const p of m.players) {
      const lost = timedOut.includes(p)
      const counted = await this.db.sql.query<{ timeoutsInRow: number }>(
        `UPDATE "LadderEntry" SET "timeoutsInRow" = CASE WHEN $3 THEN "timeoutsInRow" + 1 ELSE 0 END, "updatedAt" = now()
          WHERE "playerId" = $1 AND game = $2 RETURNING "timeoutsInRow"`,
        [p, m.game, lost],
      )
      if ((counted[0]?.timeoutsInRow ?? 0) < LADDER_TIMEOUTS_IN_ROW) continue
      // Taken off once: the update is guarded by `active`, and the notice's webhook row is written with it.
      await changeAndTell(
        this.db,
        this.events,
        `UPDATE "LadderEntry" SET active = false, "removedReason" = $3, "updatedAt" = now() WHERE "playerId" = $1 AND game = $2 AND active RETURNING "playerId"`,
        [p, m.game, `lost ${LADDER_TIMEOUTS_IN_ROW} ladder matches in a row by timeout`],
        [competitionNotice(p, 'ladderRemoved', { game: m.game }, this.jobs ? {} : null)],
        null,
      )
    }
  }

  /** Ladder matches ended a while ago and not settled (their settlement was lost), oldest first. */
  async settleMissed(): Promise<void> {
    const rows = await this.db.sql.query<{ matchId: string }>(
      `SELECT l."matchId" FROM "LadderGame" l JOIN "Match" m ON m.id = l."matchId"
        WHERE NOT l.settled AND m.status IN ('FINISHED', 'ABORTED') AND m."updatedAt" < now() - interval '5 seconds' ORDER BY m."updatedAt" LIMIT 100`,
    )
    for (const r of rows) await this.matchEnded(r.matchId)
  }
}

/** Pairs bots nearest in rating first (ties by id), skipping a pair that met in either bot's previous ladder match. */
export function nearestPairs<T extends { playerId: string; rating: number; lastOpponentId: string | null }>(
  bots: readonly T[],
): [T, T][] {
  const candidates: { a: T; b: T; gap: number }[] = []
  for (let i = 0; i < bots.length; i++) {
    for (let j = i + 1; j < bots.length; j++) {
      const [a, b] = [bots[i]!, bots[j]!]
      if (a.lastOpponentId === b.playerId || b.lastOpponentId === a.playerId) continue
      candidates.push({ a, b, gap: Math.abs(a.rating - b.rating) })
    }
  }
  candidates.sort(
    (x, y) => x.gap - y.gap || `${x.a.playerId}${x.b.playerId}`.localeCompare(`${y.a.playerId}${y.b.playerId}`),
  )
  const taken = new Set<string>()
  const out: [T, T][] = []
  for (const c of candidates) {
    if (taken.has(c.a.playerId) || taken.has(c.b.playerId)) continue
    taken.add(c.a.playerId)
    taken.add(c.b.playerId)
    out.push([c.a, c.b])
  }
  return out
}
