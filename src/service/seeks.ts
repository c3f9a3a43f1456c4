/** Seeks: open, persistent requests to play that anyone else may accept (within the rating range), or that expire. */
import { randomUUID } from 'node:crypto'
import { z } from 'zod'
import type { Database } from '../store/database.ts'
import type { JobQueue } from '../store/jobs.ts'
import type { Caller } from './caller.ts'
import type { Catalog } from './catalog.ts'
import { queueDue } from './due-work.ts'
import { ServiceError, parseInput } from './errors.ts'
import type { MatchEvents } from './match-events.ts'
import type { MatchService, MatchView } from './matches.ts'
import type { PlayerService, PlayerView } from './players.ts'
import type { RatingService } from './ratings.ts'
import {
  changeAndTell,
  competitionNotice,
  deckChoice,
  deckFields,
  DEFAULT_EXPIRY_SECONDS,
  expiresInSeconds,
  iso,
  matchFor,
  offerClock,
  offeredDeck,
} from './offers.ts'
import { clockInput, gameIdSchema, idSchema } from './schemas.ts'

export type SeekStatus = 'OPEN' | 'ACCEPTED' | 'CANCELLED' | 'EXPIRED'

/** seeks(game) lists at most this many (the oldest). */
export const SEEKS_LIST_LIMIT = 500

const ratingBound = z.number().int().min(-10_000).max(10_000).nullish()
export const seekInput = z.strictObject({
  game: gameIdSchema,
  ...deckFields,
  options: z.record(z.string(), z.unknown()).nullish(),
  clock: clockInput.nullish(),
  rated: z.boolean().nullish(),
  ratingRange: z
    .strictObject({ min: ratingBound, max: ratingBound })
    .refine(r => r.min == null || r.max == null || r.min <= r.max, 'ratingRange: min is above max')
    .nullish(),
  expiresInSeconds,
})
const acceptInput = deckChoice.extend({ id: idSchema })

interface SeekRow {
  id: string
  game: string
  playerId: string
  deck: unknown
  options: unknown
  clock: unknown
  rated: boolean
  ratingMin: number | null
  ratingMax: number | null
  status: SeekStatus
  matchId: string | null
  createdAt: Date | string
  expiresAt: Date | string
}

export interface SeekView {
  id: string
  game: string
  player: PlayerView
  rated: boolean
  clock: unknown
  options: unknown
  ratingRange: { min: number | null; max: number | null } | null
  status: SeekStatus
  createdAt: string
  expiresAt: string
  match: MatchView | null
}

const COLUMNS = `id, game, "playerId", deck, options, clock, rated, "ratingMin", "ratingMax", status, "matchId", "createdAt", "expiresAt"`

export class SeekService {
  constructor(
    private readonly db: Database,
    private readonly catalog: Catalog,
    private readonly matches: MatchService,
    private readonly players: PlayerService,
    private readonly ratings: RatingService,
    private readonly events: MatchEvents,
    private readonly jobs: JobQueue | null,
  ) {}

  async create(raw: unknown, caller: Caller): Promise<SeekView> {
    const me = await this.players.require(caller)
    const input = parseInput(seekInput, raw)
    const { engine, ...deck } = await offeredDeck(this.catalog, this.matches, input.game, input, 'deck')
    const options = this.matches.parseOptions(engine, input.options ?? {})
    const now = new Date()
    const expiresAt = new Date(now.getTime() + (input.expiresInSeconds ?? DEFAULT_EXPIRY_SECONDS) * 1000)
    const rows = await this.db.sql.query<SeekRow>(
      `INSERT INTO "Seek" (id, game, "playerId", deck, "deckId", options, clock, rated, "ratingMin", "ratingMax", "createdAt", "expiresAt")
       VALUES ($1, $2, $3, $4::jsonb, $5, $6::jsonb, $7::jsonb, $8, $9, $10, $11::timestamptz, $12::timestamptz) RETURNING ${COLUMNS}`,
      [
        randomUUID(),
        engine.id,
        me.id,
        JSON.stringify(deck.deck),
        deck.deckId,
        JSON.stringify(options),
        input.clock ? JSON.stringify(input.clock) : null,
        input.rated ?? false,
        input.ratingRange?.min ?? null,
        input.ratingRange?.max ?? null,
        now.toISOString(),
        expiresAt.toISOString(),
      ],
    )
    const row = rows[0]!
    await queueDue(this.jobs, 'seek', row.id, expiresAt)
    return this.view(row, { caller })
  }

  /**
   * Anyone but the seeker accepts with its deck (within the rating range): the match starts at once, seeker in seat 0.
   */
  async accept(raw: unknown, caller: Caller): Promise<SeekView> {
    const me = await this.players.require(caller)
    const input = parseInput(acceptInput, raw)
    const row = await this.find(input.id)
    if (!row) throw new ServiceError('NOT_FOUND', `no seek ${input.id}`)
    if (row.playerId === me.id)
      throw new ServiceError('BAD_USER_INPUT', 'a player cannot accept its own seek (cancelSeek withdraws it)')
    this.mustBeOpen(row)
    const mine = await this.ratings.current(me.id, row.game)
    if (
      (row.ratingMin !== null && mine.rating < row.ratingMin) ||
      (row.ratingMax !== null && mine.rating > row.ratingMax)
    ) {
      throw new ServiceError(
        'RATING_OUT_OF_RANGE',
        `this seek is for ratings ${row.ratingMin ?? '…'} to ${row.ratingMax ?? '…'}; the player's ${row.game} rating is ${mine.rating}`,
      )
    }
    const deck = await offeredDeck(this.catalog, this.matches, row.game, input, 'deck')
    const matchId = randomUUID()
    // Claimed first, so that of two accepters only one gets the match; given back if the match cannot be created.
    const claimed = await this.db.sql.query(
      `UPDATE "Seek" SET status = 'ACCEPTED', "matchId" = $2, "updatedAt" = now() WHERE id = $1 AND status = 'OPEN' AND "expiresAt" > now() RETURNING id`,
      [row.id, matchId],
    )
    if (claimed.length === 0) throw this.closed((await this.find(row.id))!)
    try {
      await this.matches.create(
        {
          game: row.game,
          seats: [
            { player: row.playerId, deck: row.deck },
            deck.deckId ? { player: me.id, deckId: deck.deckId } : { player: me.id, deck: deck.deck },
          ],
          options: row.options as Record<string, unknown>,
          clock: row.clock as never,
          rated: row.rated,
        },
        caller,
        { id: matchId },
      )
    } catch (e) {
      await this.db.sql.query(`UPDATE "Seek" SET status = 'OPEN', "matchId" = NULL WHERE id = $1 AND "matchId" = $2`, [
        row.id,
        matchId,
      ])
      throw e
    }
    const accepted: SeekRow = { ...row, status: 'ACCEPTED', matchId }
    const notice = competitionNotice(
      row.playerId,
      'seekAccepted',
      { seekId: row.id, matchId },
      this.jobs ? { seek: await this.view(accepted, { playerId: row.playerId }) } : null,
    )
    const told = await changeAndTell<SeekRow>(
      this.db,
      this.events,
      `SELECT ${COLUMNS} FROM "Seek" WHERE id = $1`,
      [row.id],
      [notice],
      matchId,
    )
    return this.view(told ?? accepted, { caller })
  }

  async cancel(id: string, caller: Caller): Promise<SeekView> {
    const me = await this.players.require(caller)
    const row = await this.find(parseInput(idSchema, id, 'id'))
    if (!row) throw new ServiceError('NOT_FOUND', `no seek ${id}`)
    if (row.playerId !== me.id) throw new ServiceError('BAD_USER_INPUT', 'only the seeker cancels its seek')
    this.mustBeOpen(row)
    const rows = await this.db.sql.query<SeekRow>(
      `UPDATE "Seek" SET status = 'CANCELLED', "updatedAt" = now() WHERE id = $1 AND status = 'OPEN' AND "expiresAt" > now() RETURNING ${COLUMNS}`,
      [row.id],
    )
    if (!rows[0]) throw this.closed((await this.find(row.id))!)
    return this.view(rows[0], { caller })
  }

  /** The seek's time has come: EXPIRED, and the seeker told; false when it was no longer OPEN or is not due. */
  async expire(id: string): Promise<boolean> {
    const row = await this.find(id)
    if (!row || row.status !== 'OPEN') return false
    const expired: SeekRow = { ...row, status: 'EXPIRED' }
    const notice = competitionNotice(
      row.playerId,
      'seekExpired',
      { seekId: row.id },
      this.jobs ? { seek: await this.view(expired, { playerId: row.playerId }) } : null,
    )
    const done = await changeAndTell<SeekRow>(
      this.db,
      this.events,
      `UPDATE "Seek" SET status = 'EXPIRED', "updatedAt" = now() WHERE id = $1 AND status = 'OPEN' AND "expiresAt" <= now() RETURNING ${COLUMNS}`,
      [id],
      [notice],
      null,
    )
    return done !== null
  }

  async get(id: string, caller: Caller): Promise<SeekView | null> {
    const r = idSchema.safeParse(id)
    if (!r.success) return null
    const row = await this.find(r.data)
    return row ? this.view(row, { caller }) : null
  }

  /** The OPEN seeks (of one game), oldest first. */
  async list(game: string | null | undefined, caller: Caller): Promise<SeekView[]> {
    const g = parseInput(gameIdSchema.nullish(), game, 'game')
    const rows = await this.db.sql.query<SeekRow>(
      `SELECT ${COLUMNS} FROM "Seek" WHERE status = 'OPEN' AND "expiresAt" > now() AND ($1::text IS NULL OR game = $1)
        ORDER BY "createdAt", id LIMIT ${SEEKS_LIST_LIMIT}`,
      [g ?? null],
    )
    return Promise.all(rows.map(r => this.view(r, { caller })))
  }

  private mustBeOpen(row: SeekRow): void {
    if (row.status !== 'OPEN' || new Date(row.expiresAt).getTime() <= Date.now()) throw this.closed(row)
  }

  private closed(row: SeekRow): ServiceError {
    return new ServiceError(
      'SEEK_CLOSED',
      `the seek is ${row.status === 'OPEN' ? 'EXPIRED' : row.status}, no longer OPEN`,
    )
  }

  private async find(id: string): Promise<SeekRow | null> {
    const rows = await this.db.sql.query<SeekRow>(`SELECT ${COLUMNS} FROM "Seek" WHERE id = $1`, [
      parseInput(idSchema, id, 'id'),
    ])
    return rows[0] ?? null
  }

  private async view(row: SeekRow, who: { caller: Caller } | { playerId: string }): Promise<SeekView> {
    const [player, match] = await Promise.all([
      this.players.publicView(row.playerId),
      row.matchId ? matchFor(this.matches, this.catalog, row.matchId, who) : null,
    ])
    return {
      id: row.id,
      game: row.game,
      player: player!,
      rated: row.rated,
      clock: offerClock(row.clock),
      options: row.options,
      ratingRange: row.ratingMin === null && row.ratingMax === null ? null : { min: row.ratingMin, max: row.ratingMax },
      status: row.status,
      createdAt: iso(row.createdAt),
      expiresAt: iso(row.expiresAt),
      match,
    }
  }
}
