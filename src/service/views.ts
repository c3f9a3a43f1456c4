/** The outputs of every use case as zod schemas: OpenAPI publishes them, and a test parses real answers with them. */
import { z } from 'zod'
import { CLOCK_KINDS } from './clock.ts'
import { cardFacetsSchema, deckRulesSchema, deckReportSchema, gameEventSchema } from '../kernel/index.ts'

const json = z.unknown()
const iso = z.string().describe('ISO 8601 time')
const seat = z.number().int().min(0)

export const errorView = z
  .object({ code: z.string().describe('The error code (see README: Errors)'), message: z.string() })
  .catchall(json)
  .describe('Every error: a code, a message and the details of that code (rule, reason, violations, issues, currentVersion)')

export const gameView = z.object({
  id: z.string(),
  name: z.string(),
  minSeats: z.number().int(),
  maxSeats: z.number().int(),
  deckSchema: json.describe('JSON Schema of a deck'),
  actionSchema: json.describe('JSON Schema of an action'),
  optionsSchema: json.describe('JSON Schema of the match options'),
  sampleDecks: z.array(z.object({ name: z.string(), deck: json })).describe('Ready-to-play legal decks'),
  deckRules: deckRulesSchema.nullable(),
  viewSchema: json,
  eventSchema: json,
  bots: z.array(z.string()),
})

export const cardView = z.object({ id: z.string(), name: z.string().describe('The printed name'), type: z.string(), data: json }).extend(cardFacetsSchema.shape)

export const deckReportView = deckReportSchema

export const deckView = z.object({
  id: z.string(),
  game: z.string(),
  name: z.string(),
  deck: json,
  legal: z.boolean(),
  createdAt: iso,
  updatedAt: iso,
  ownerId: z.string().nullable().describe('The owning player; null for a deck saved without a player key'),
  editToken: z.string().optional().describe('Only when saved without a player key, and only here: the bearer token that may update or delete the deck'),
})

const seconds = z.number().int().nullable()
export const seatClockView = z.object({
  seat,
  timeLeftSeconds: z.number().describe('At the moment of the answer; a seat not to act: the time it would have if asked now'),
  running: z.boolean().describe('In toAct and not stopped by a vacation'),
  deadline: iso.nullable(),
  away: z.boolean().describe('Its player is on vacation and this clock stops for it'),
  autoplays: z.number().int().describe('Decisions in a row Arbiter played for it on timeout'),
})
export const clockView = z.object({
  kind: z.enum(CLOCK_KINDS),
  perMoveSeconds: seconds.describe('PER_MOVE, and DAYS (days × 86400)'),
  perTurnSeconds: seconds,
  initialSeconds: seconds,
  incrementSeconds: seconds,
  maxSeconds: seconds,
  days: seconds,
  onTimeout: z.enum(['FORFEIT', 'AUTOPLAY']),
  reminderAt: z.number(),
  maxAutoplays: z.number().int(),
  vacation: z.boolean(),
  deadline: iso.nullable().describe('The earliest deadline of the seats whose time runs'),
  seats: z.array(seatClockView),
})

export const matchView = z.object({
  id: z.string(),
  game: z.string(),
  version: z.number().int().describe('Number of actions applied so far'),
  status: z.enum(['WAITING', 'ACTIVE', 'FINISHED', 'ABORTED']),
  seat: seat.nullable().describe("The caller's seat, null for a spectator"),
  toAct: z.array(seat),
  winners: z.array(seat).nullable(),
  seats: z.array(z.object({ seat, name: z.string().nullable(), playerId: z.string().nullable(), joined: z.boolean(), bot: z.string().nullable() })),
  view: json.describe("The game's view for the caller (Game.viewSchema)"),
  createdAt: iso,
  updatedAt: iso,
  clock: clockView.nullable(),
  turn: z.number().int().nullable().describe("The game's turn number (null while WAITING): yourTurn and reminders go once per seat and turn"),
  endReason: z.string().nullable(),
  seedCommitment: z.string(),
  seedSource: z.enum(['SERVER', 'CLIENT']),
})

export const legalActionView = z.object({ id: z.string(), label: z.string().describe('The action in words'), action: json })
/** A streamed line's match: a bot that reads the stream needs nothing else to decide. */
export const streamedMatchView = matchView.extend({
  legalActions: z
    .array(legalActionView)
    .optional()
    .describe(
      "The caller's choices at this version, as Match.legalActions without a seat lists them (empty while none of its seats is to act, and for a spectator); absent when a newer version was committed meanwhile (a later line brings it)",
    ),
})
export const eventView = gameEventSchema
export const logEntryView = z.object({ seq: z.number().int(), seat: seat.nullable(), action: json, events: z.array(eventView), at: iso, label: z.string() })
export const actionResultView = z.object({ match: matchView, events: z.array(eventView), legalActions: z.array(legalActionView) })
export const seatTokenView = z.object({ seat, token: z.string() })
export const createdMatchView = z.object({ match: matchView, seats: z.array(seatTokenView), invites: z.array(z.object({ seat, code: z.string() })) })
export const joinedMatchView = z.object({ match: matchView, seat: seatTokenView })

export const playerView = z.object({
  id: z.string(),
  name: z.string(),
  bot: z.boolean(),
  webhookUrl: z.string().nullable(),
  webhookPaused: z.string().nullable(),
  awayUntil: iso.nullable().describe('When its vacation ends; null when it is not away'),
  vacationDaysLeft: z.number().int().nullable().describe("The caller's own player only: days left of this year's vacation allowance"),
})
export const createdPlayerView = z.object({ player: playerView, key: z.string().describe('The player key, shown only here') })
export const deliveryView = z.object({
  id: z.string(),
  type: z.string(),
  matchId: z.string().nullable(),
  status: z.enum(['pending', 'delivered', 'failed', 'paused']),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  at: iso,
})
export const playerEventView = z.object({
  type: z.enum(['invited', 'matchStarted', 'yourTurn', 'reminder', 'matchFinished', 'rematchOffered', 'webhookPaused']),
  matchId: z.string().nullable(),
  at: iso,
  match: streamedMatchView.nullable(),
})
export const verificationView = z.object({ ok: z.boolean(), seed: z.string(), seedCommitment: z.string(), replayedVersion: z.number().int(), message: z.string().nullable() })
export const matchExportView = z.object({
  id: z.string(),
  game: z.string(),
  options: json,
  seed: z.string(),
  seedCommitment: z.string(),
  seedSource: z.enum(['SERVER', 'CLIENT']),
  setupSeed: z.string(),
  seats: z.array(z.object({ seat, name: z.string().nullable(), deck: json, entropy: z.string().nullable(), bot: json })),
  status: z.enum(['WAITING', 'ACTIVE', 'FINISHED', 'ABORTED']),
  winners: z.array(seat),
  endReason: z.string().nullable(),
  log: z.array(z.object({ seq: z.number().int(), seat: seat.nullable(), kind: z.string(), action: json, events: json, at: iso })),
  version: z.number().int(),
  derivation: z.string(),
})
