/**
 * Challenges: a player challenges another by id; the other accepts (the match starts) or declines with a reason; or it
 * is cancelled or expires.
 */
import { randomUUID } from 'node:crypto'
import { z } from 'zod'
import type { Database } from '../store/database.ts'
import type { JobQueue } from '../store/jobs.ts'
import type { Caller } from './caller.ts'
import type { Catalog } from './catalog.ts'
import { queueDue } from './due-work.ts'
import { ServiceError, parseInput } from './errors.ts'
import type { CompetitionEventType, MatchEvents } from './match-events.ts'
import type { MatchService, MatchView } from './matches.ts'
import type { PlayerService, PlayerView } from './players.ts'
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
  twoSeatGame,
} from './offers.ts'
import { clockInput, gameIdSchema, idSchema } from './schemas.ts'

export const DECLINE_REASONS = [
  'GENERIC',
  'LATER',
  'TOO_FAST',
  'TOO_SLOW',
  'TIME_CONTROL',
  'RATED',
  'CASUAL',
  'GAME',
  'DECK',
  'NO_BOT',
  'ONLY_BOT',
] as const
export type ChallengeStatus = 'PENDING' | 'ACCEPTED' | 'DECLINED' | 'CANCELLED' | 'EXPIRED'

/** myChallenges lists at most this many (the newest). */
export const MY_CHALLENGES_LIMIT = 200

export const challengeInput = z.strictObject({
  game: gameIdSchema,
  opponent: idSchema,
  ...deckFields,
  options: z.record(z.string(), z.unknown()).nullish(),
  clock: clockInput.nullish(),
  rated: z.boolean().nullish(),
  duplicate: z.boolean().nullish(),
  expiresInSeconds,
})
const acceptInput = deckChoice.extend({ id: idSchema })
const declineInput = z.strictObject({ id: idSchema, reason: z.enum(DECLINE_REASONS).nullish() })
const myChallengesArgs = z.strictObject({
  status: z.enum(['PENDING', 'ACCEPTED', 'DECLINED', 'CANCELLED', 'EXPIRED']).nullish(),
})

interface ChallengeRow {
  id: string
  game: string
  challengerId: string
  opponentId: string
  deck: unknown
  options: unknown
  clock: unknown
  rated: boolean
  duplicate: boolean
  status: ChallengeStatus
  declineReason: string | null
  matchId: string | null
  createdAt: Date | string
  expiresAt: Date | string
}

export interface ChallengeView {
  id: string
  game: string
  challenger: PlayerView
  opponent: PlayerView
  rated: boolean
  duplicate: boolean
  clock: unknown
  options: unknown
  status: ChallengeStatus
  declineReason: string | null
  createdAt: string
  expiresAt: string
  matches: MatchView[]
}

const COLUMNS = `id, game, "challengerId", "opponentId", deck, options, clock, rated, duplicate, status, "declineReason", "matchId", "createdAt", "expiresAt"`

export class ChallengeService {
  constructor(
    private readonly db: Database,
    private readonly catalog: Catalog,
    private readonly matches: MatchService,
    private readonly players: PlayerService,
    private readonly events: MatchEvents,
    private readonly jobs: JobQueue | null,
  ) {}

  async create(raw: unknown, caller: Caller): Promise<ChallengeView> {
    const me = await this.players.require(caller)
    const input = parseInput(challengeInput, raw)
    if (input.opponent === me.id) throw new ServiceError('BAD_USER_INPUT', 'opponent: a player cannot challenge itself')
    const engine = twoSeatGame(this.catalog, input.game)
    const opponent = await this.players.get(input.opponent)
    if (!opponent) throw new ServiceError('NOT_FOUND', `opponent: no player ${input.opponent}`)
    if (await this.players.blocks(opponent.id, me.id))
      throw new ServiceError('INVITATION_BLOCKED', `${opponent.name} does not accept invitations from this player`)
    const options = this.matches.parseOptions(engine, input.options ?? {})
    const deck = await offeredDeck(this.catalog, this.matches, engine.id, input, 'deck')
    const seconds = input.expiresInSeconds ?? DEFAULT_EXPIRY_SECONDS
    const now = new Date()
    const row: ChallengeRow = {
      id: randomUUID(),
      game: engine.id,
      challengerId: me.id,
      opponentId: opponent.id,
      deck: deck.deck,
      options,
      clock: input.clock ?? null,
      rated: input.rated ?? false,
      duplicate: input.duplicate ?? false,
      status: 'PENDING',
      declineReason: null,
      matchId: null,
      createdAt: now,
      expiresAt: new Date(now.getTime() + seconds * 1000),
    }
    const written = await changeAndTell<ChallengeRow>(
      this.db,
      this.events,
      `INSERT INTO "Challenge" (id, game, "challengerId", "opponentId", deck, "deckId", options, clock, rated, duplicate, "createdAt", "expiresAt")
       VALUES ($1, $2, $3, $4, $5::jsonb, $6, $7::jsonb, $8::jsonb, $9, $12, $10::timestamptz, $11::timestamptz) RETURNING ${COLUMNS}`,
      [
        row.id,
        row.game,
        row.challengerId,
        row.opponentId,
        JSON.stringify(deck.deck),
        deck.deckId,
        JSON.stringify(options),
        row.clock ? JSON.stringify(row.clock) : null,
        row.rated,
        now.toISOString(),
        (row.expiresAt as Date).toISOString(),
        row.duplicate,
      ],
      await this.notices(row, 'challengeCreated'),
      null,
    )
    await queueDue(this.jobs, 'challenge', row.id, row.expiresAt as Date)
    return this.view(written!, { caller })
  }

  /**
   * The challenged player accepts with its deck: the match starts at once, challenger in seat 0 (a duplicate pair: both
   * matches, the second with the seats swapped).
   */
  async accept(raw: unknown, caller: Caller): Promise<ChallengeView> {
    const me = await this.players.require(caller)
    const input = parseInput(acceptInput, raw)
    const row = await this.visible(input.id, me.id)
    if (row.opponentId !== me.id)
      throw new ServiceError(
        'BAD_USER_INPUT',
        'only the challenged player accepts a challenge (the challenger may cancel it)',
      )
    this.mustBePending(row)
    const deck = await offeredDeck(this.catalog, this.matches, row.game, input, 'deck')
    const matchId = randomUUID()
    // Claimed first, so that of two accepts only one creates a match; given back if the match cannot be created.
    const claimed = await this.db.sql.query(
      `UPDATE "Challenge" SET status = 'ACCEPTED', "matchId" = $2, "updatedAt" = now() WHERE id = $1 AND status = 'PENDING' AND "expiresAt" > now() RETURNING id`,
      [row.id, matchId],
    )
    if (claimed.length === 0) throw this.closed(await this.visible(row.id, me.id))
    const match = {
      game: row.game,
      seats: [
        { player: row.challengerId, deck: row.deck },
        deck.deckId ? { player: me.id, deckId: deck.deckId } : { player: me.id, deck: deck.deck },
      ],
      options: row.options as Record<string, unknown>,
      clock: row.clock as never,
      rated: row.rated,
    }
    try {
      if (row.duplicate) await this.matches.createPair(match, caller, { ids: [matchId, randomUUID()] })
      else await this.matches.create(match, caller, { id: matchId })
    } catch (e) {
      await this.db.sql.query(
        `UPDATE "Challenge" SET status = 'PENDING', "matchId" = NULL WHERE id = $1 AND "matchId" = $2`,
        [row.id, matchId],
      )
      throw e
    }
    const accepted: ChallengeRow = { ...row, status: 'ACCEPTED', matchId }
    const told = await changeAndTell<ChallengeRow>(
      this.db,
      this.events,
      `SELECT ${COLUMNS} FROM "Challenge" WHERE id = $1`,
      [row.id],
      await this.notices(accepted, 'challengeAccepted'),
      matchId,
    )
    return this.view(told ?? accepted, { caller })
  }

  async decline(raw: unknown, caller: Caller): Promise<ChallengeView> {
    const me = await this.players.require(caller)
    const input = parseInput(declineInput, raw)
    const row = await this.visible(input.id, me.id)
    if (row.opponentId !== me.id)
      throw new ServiceError(
        'BAD_USER_INPUT',
        'only the challenged player declines a challenge (the challenger may cancel it)',
      )
    const reason = input.reason ?? 'GENERIC'
    return this.close(row, me.id, 'DECLINED', reason, 'challengeDeclined', caller)
  }

  async cancel(id: string, caller: Caller): Promise<ChallengeView> {
    const me = await this.players.require(caller)
    const row = await this.visible(parseInput(idSchema, id, 'id'), me.id)
    if (row.challengerId !== me.id)
      throw new ServiceError(
        'BAD_USER_INPUT',
        'only the challenger cancels a challenge (the challenged player may decline it)',
      )
    return this.close(row, me.id, 'CANCELLED', null, 'challengeCancelled', caller)
  }

  /**
   * The challenge's time has come: EXPIRED, and both players told; false when it was no longer PENDING or is not due.
   */
  async expire(id: string): Promise<boolean> {
    const row = await this.find(id)
    if (!row || row.status !== 'PENDING') return false
    const expired: ChallengeRow = { ...row, status: 'EXPIRED' }
    const done = await changeAndTell<ChallengeRow>(
      this.db,
      this.events,
      `UPDATE "Challenge" SET status = 'EXPIRED', "updatedAt" = now() WHERE id = $1 AND status = 'PENDING' AND "expiresAt" <= now() RETURNING ${COLUMNS}`,
      [id],
      await this.notices(expired, 'challengeExpired'),
      null,
    )
    return done !== null
  }

  /** The challenge, for its two players only (null for anyone else, as for no challenge). */
  async get(id: string, caller: Caller): Promise<ChallengeView | null> {
    const me = await this.players.fromCaller(caller)
    const r = idSchema.safeParse(id)
    if (!me || !r.success) return null
    const row = await this.find(r.data)
    if (!row || (row.challengerId !== me.id && row.opponentId !== me.id)) return null
    return this.view(row, { caller })
  }

  /** The caller's challenges, sent and received, newest first. */
  async mine(caller: Caller, raw: { status?: string | null } = {}): Promise<ChallengeView[]> {
    const me = await this.players.require(caller)
    const args = parseInput(myChallengesArgs, { status: raw.status ?? null })
    const rows = await this.db.sql.query<ChallengeRow>(
      `SELECT ${COLUMNS} FROM "Challenge" WHERE ("challengerId" = $1 OR "opponentId" = $1) AND ($2::text IS NULL OR status = $2)
        ORDER BY "createdAt" DESC, id LIMIT ${MY_CHALLENGES_LIMIT}`,
      [me.id, args.status ?? null],
    )
    return Promise.all(rows.map(r => this.view(r, { caller })))
  }

  private async close(
    row: ChallengeRow,
    me: string,
    status: ChallengeStatus,
    reason: string | null,
    type: CompetitionEventType,
    caller: Caller,
  ): Promise<ChallengeView> {
    this.mustBePending(row)
    const done = await changeAndTell<ChallengeRow>(
      this.db,
      this.events,
      `UPDATE "Challenge" SET status = $2, "declineReason" = $3, "updatedAt" = now() WHERE id = $1 AND status = 'PENDING' AND "expiresAt" > now() RETURNING ${COLUMNS}`,
      [row.id, status, reason],
      await this.notices({ ...row, status, declineReason: reason }, type),
      null,
    )
    if (!done) throw this.closed(await this.visible(row.id, me))
    return this.view(done, { caller })
  }

  private mustBePending(row: ChallengeRow): void {
    if (row.status !== 'PENDING' || new Date(row.expiresAt).getTime() <= Date.now()) throw this.closed(row)
  }

  private closed(row: ChallengeRow): ServiceError {
    const status = row.status === 'PENDING' ? 'EXPIRED' : row.status
    return new ServiceError('CHALLENGE_CLOSED', `the challenge is ${status}, no longer PENDING`)
  }

  private async find(id: string): Promise<ChallengeRow | null> {
    const rows = await this.db.sql.query<ChallengeRow>(`SELECT ${COLUMNS} FROM "Challenge" WHERE id = $1`, [id])
    return rows[0] ?? null
  }

  /** The row, if `playerId` is one of its two players; NOT_FOUND otherwise (as for no challenge). */
  private async visible(id: string, playerId: string): Promise<ChallengeRow> {
    const row = await this.find(parseInput(idSchema, id, 'id'))
    if (!row || (row.challengerId !== playerId && row.opponentId !== playerId))
      throw new ServiceError('NOT_FOUND', `no challenge ${id}`)
    return row
  }

  /** One notice per player of the challenge, each body with the challenge as that player sees it. */
  private async notices(row: ChallengeRow, type: CompetitionEventType) {
    return Promise.all(
      [row.challengerId, row.opponentId].map(async p =>
        competitionNotice(
          p,
          type,
          { challengeId: row.id, matchId: row.matchId },
          this.jobs ? { challenge: await this.view(row, { playerId: p }) } : null,
        ),
      ),
    )
  }

  private async view(row: ChallengeRow, who: { caller: Caller } | { playerId: string }): Promise<ChallengeView> {
    const [challenger, opponent, match] = await Promise.all([
      this.players.publicView(row.challengerId),
      this.players.publicView(row.opponentId),
      row.matchId ? matchFor(this.matches, this.catalog, row.matchId, who) : null,
    ])
    const twin = match?.twin ? await matchFor(this.matches, this.catalog, match.twin, who) : null
    return {
      id: row.id,
      game: row.game,
      challenger: challenger!,
      opponent: opponent!,
      rated: row.rated,
      duplicate: row.duplicate,
      clock: offerClock(row.clock),
      options: row.options,
      status: row.status,
      declineReason: row.declineReason,
      createdAt: iso(row.createdAt),
      expiresAt: iso(row.expiresAt),
      matches: [match, twin].filter((m): m is MatchView => m !== null),
    }
  }
}
