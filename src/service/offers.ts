/**
 * What challenges, seeks, the ladder and tournaments share: the offered deck, the expiry, player-event notices written
 * with a change, views of their matches.
 */
import { z } from 'zod'
import type { AnyEngine } from '../kernel/index.ts'
import type { Database } from '../store/database.ts'
import type { Caller } from './caller.ts'
import type { Catalog } from './catalog.ts'
import { noticesParam, type Notice } from './deliveries.ts'
import { noticeWritesSql } from './player-events.ts'
import { ServiceError } from './errors.ts'
import type { CompetitionEventType, MatchEvents } from './match-events.ts'
import type { MatchService, MatchView } from './matches.ts'
import { idSchema } from './schemas.ts'

/**
 * Challenges and seeks expire this long after creation unless told otherwise (`expiresInSeconds`), and at most this
 * long.
 */
export const DEFAULT_EXPIRY_SECONDS = 86_400
export const MAX_EXPIRY_SECONDS = 1_209_600

export const expiresInSeconds = z
  .number()
  .int()
  .min(1, `expiresInSeconds: from 1 to ${MAX_EXPIRY_SECONDS} (14 days)`)
  .max(MAX_EXPIRY_SECONDS, `expiresInSeconds: from 1 to ${MAX_EXPIRY_SECONDS} (14 days)`)
  .nullish()

/** A deck as offered: the list, a saved deck's id, or the name of one of the game's sample decks (exactly one). */
export const deckFields = {
  deck: z.unknown().optional(),
  deckId: idSchema.nullish(),
  sampleDeck: z.string().min(1).max(100).nullish(),
}
export const deckChoice = z.strictObject(deckFields)
export type DeckChoice = z.infer<typeof deckChoice>

/** The game of an offer: one played by two seats (every offer pairs two players); BAD_USER_INPUT otherwise. */
export function twoSeatGame(catalog: Catalog, game: string): AnyEngine {
  const engine = catalog.engine(game)
  if (engine.seats.min > 2 || engine.seats.max < 2)
    throw new ServiceError('BAD_USER_INPUT', `${engine.name} is not played by two seats`)
  return engine
}

/**
 * An entry of a challenge, seek, ladder or tournament: its game (played by two seats) and the offered deck, checked
 * as a seat's would be; NOT_FOUND, DECK_ILLEGAL or BAD_USER_INPUT before anything is written.
 */
export async function offeredDeck(
  catalog: Catalog,
  matches: MatchService,
  game: string,
  choice: DeckChoice,
  what: string,
): Promise<{ engine: AnyEngine; deck: unknown; deckId: string | null }> {
  const engine = twoSeatGame(catalog, game)
  return { engine, ...(await deckFor(matches, engine, choice, what)) }
}

async function deckFor(
  matches: MatchService,
  engine: AnyEngine,
  choice: DeckChoice,
  what: string,
): Promise<{ deck: unknown; deckId: string | null }> {
  const given = [choice.deck != null, choice.deckId != null, choice.sampleDeck != null].filter(Boolean).length
  if (given !== 1) throw new ServiceError('BAD_USER_INPUT', `${what}: give exactly one of deck, deckId or sampleDeck`)
  if (choice.sampleDeck != null) {
    const sample = engine.sampleDecks().find(d => d.name === choice.sampleDeck)
    if (!sample)
      throw new ServiceError(
        'BAD_USER_INPUT',
        `${what}: ${engine.id} has no sample deck "${choice.sampleDeck}" (Game.sampleDecks: ${engine
          .sampleDecks()
          .map(d => d.name)
          .join(', ')})`,
      )
    return { deck: engine.schemas.deck.parse(sample.deck), deckId: null }
  }
  return matches.seatDeck(engine, { deck: choice.deck, deckId: choice.deckId }, 0)
}

/** The clock as stored with an offer and shown on it (no deadline before there is a match). */
export function offerClock(clock: unknown): unknown {
  return clock ? { ...(clock as object), deadline: null } : null
}

/**
 * Runs one guarded change (`changeSql`, a data-modifying statement RETURNING a row) with the webhook rows of its
 * notices, in one statement: nothing is written when the change is not, and a crash after it loses no delivery
 * (the sweep queues it). The changed row (as JSON) and the delivery ids, or null when the guard failed.
 */
export async function changeAndTell<T>(
  db: Database,
  events: MatchEvents,
  changeSql: string,
  params: unknown[],
  notices: Notice[],
  matchId: string | null,
): Promise<T | null> {
  const n = params.length
  const rows = await db.sql.query<{ row: T; deliveries: string[] }>(
    `WITH c AS (${changeSql}), ${noticeWritesSql(`$${n + 1}`, `$${n + 2}`, 'c')}
     SELECT row_to_json(c) AS row, ARRAY(SELECT id FROM w) AS deliveries FROM c`,
    [...params, matchId, noticesParam(notices)],
  )
  const hit = rows[0]
  if (!hit) return null
  await events.told(notices, hit.deliveries)
  return hit.row
}

/**
 * A notice of a challenge, seek, ladder or tournament event: `body` (null when no webhooks are sent) carries the object
 * as the player sees it.
 */
export function competitionNotice(
  playerId: string,
  type: CompetitionEventType,
  ids: {
    challengeId?: string
    seekId?: string
    game?: string
    matchId?: string | null
    tournamentId?: string
    round?: number
  },
  body: Record<string, unknown> | null,
): Notice {
  const event = {
    type,
    matchId: ids.matchId ?? null,
    at: new Date().toISOString(),
    ...(ids.challengeId ? { challengeId: ids.challengeId } : {}),
    ...(ids.seekId ? { seekId: ids.seekId } : {}),
    ...(ids.game ? { game: ids.game } : {}),
    ...(ids.tournamentId ? { tournamentId: ids.tournamentId } : {}),
    ...(ids.round != null ? { round: ids.round } : {}),
  }
  return { playerId, event, body: body ? JSON.stringify({ ...event, ...body }) : null }
}

/** A match as one of its players sees it (for a webhook body), or as the caller does. */
export async function matchFor(
  matches: MatchService,
  catalog: Catalog,
  matchId: string,
  who: { playerId: string } | { caller: Caller },
): Promise<MatchView | null> {
  if ('caller' in who) return matches.getForEvent(matchId, who.caller)
  const snap = await matches.find(matchId)
  if (!snap) return null
  const seat = snap.seats.find(s => s.playerId === who.playerId && s.joined)
  return matches.toView(catalog.engineOf(snap), snap, seat?.index ?? null)
}

/** Times from the database come back as Dates (Prisma) or, through row_to_json, as text. */
export function iso(v: Date | string): string {
  return (v instanceof Date ? v : new Date(/[zZ]|[+-]\d\d:?\d\d$/.test(v) ? v : `${v}Z`)).toISOString()
}
