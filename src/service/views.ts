/** The outputs of every use case as zod schemas: OpenAPI publishes them, and a test parses real answers with them. */
import { z } from 'zod'
import { CLOCK_KINDS } from './clock.ts'
import {
  cardFacetsSchema,
  deckRulesSchema,
  deckReportSchema,
  encodingLayoutSchema,
  gameEventSchema,
  violationSchema,
} from '../kernel/index.ts'

const json = z.unknown()
const iso = z.string().describe('ISO 8601 time')
const seat = z.number().int().min(0)

export const errorView = z
  .object({ code: z.string().describe('The error code (see README: Errors)'), message: z.string() })
  .catchall(json)
  .describe(
    'Every error: a code, a message and the details of that code (rule, reason, violations, issues, currentVersion)',
  )

export const gameView = z.object({
  id: z.string(),
  name: z.string(),
  minSeats: z.number().int(),
  maxSeats: z.number().int(),
  draws: z.boolean().describe('The game has a draw result: draw offers are allowed'),
  deckSchema: json.describe('JSON Schema of a deck'),
  actionSchema: json.describe('JSON Schema of an action'),
  optionsSchema: json.describe('JSON Schema of the match options'),
  sampleDecks: z.array(z.object({ name: z.string(), deck: json })).describe('Ready-to-play legal decks'),
  deckRules: deckRulesSchema.nullable(),
  viewSchema: json,
  eventSchema: json,
  bots: z.array(z.string()),
  observationShape: encodingLayoutSchema.describe(
    "The observation vector's layout (encodeObservation of a seat's view): consecutive named slices",
  ),
  actionSpace: encodingLayoutSchema.describe(
    'The fixed action space: one slice per action type, each describing how parameters map to offsets',
  ),
  cardSchema: json.describe('JSON Schema of one card of a card set'),
  vocabulary: json.describe(
    'The effect vocabulary: operations, conditions, triggers, targets and durations, each word with an example card',
  ),
  rulesVersion: z.string().describe('The current ruleset version (semantic; docs/rules/versions.md is the changelog)'),
  rulesVersions: z
    .array(z.string())
    .describe('Every version this server can validate against and replay, newest first'),
})

export const cardView = z
  .object({ id: z.string(), name: z.string().describe('The printed name'), type: z.string(), data: json })
  .extend(cardFacetsSchema.shape)

export const deckReportView = deckReportSchema

export const cardSearchView = z.object({
  cards: z.array(cardView),
  total: z.number().int().describe('Every match before paging'),
  suggestions: z
    .array(cardView)
    .describe('Only when nothing matched: up to 5 cards with the nearest names, nearest first'),
})

const keyCount = z.object({ key: z.string(), count: z.number().int() })
/** Deck statistics as REST gives them (GraphQL adds drawChance(card, turn)). */
export const deckStatsView = z.object({
  cards: z.number().int(),
  costCurve: z.array(z.object({ cost: z.number().int().nullable(), count: z.number().int() })),
  averageCost: z.number().nullable(),
  byType: z.array(keyCount),
  byColour: z.array(keyCount),
  ram: z.array(z.object({ colour: z.string(), limit: z.number().int(), highest: z.number().int() })),
  sellable: z.number().int(),
})

export const deckValidationView = deckReportSchema.extend({
  rulesVersion: z.string().describe('The ruleset version the deck was checked against'),
  stats: deckStatsView.nullable().describe("Null for a deck that does not fit the game's deck schema"),
})

export const deckImportView = z.object({
  format: z.string(),
  deck: json.describe('The deck read, in normal form'),
  validation: deckValidationView,
  problems: z.array(
    z.object({ line: z.number().int(), text: z.string(), message: z.string(), suggestions: z.array(z.string()) }),
  ),
})
export const deckTextView = z.object({ format: z.string(), text: z.string() })
export const deckCodeView = z.object({ code: z.string() })
export const decodedDeckView = z.object({ game: z.string(), deck: json, catalogueVersion: z.number().int() })

export const deckView = z.object({
  id: z.string(),
  game: z.string(),
  name: z.string(),
  deck: json,
  legal: z.boolean().describe("Judged when read, against the game's current rules"),
  violations: z.array(violationSchema),
  rulesVersion: z.string().describe('The version `legal` and `violations` were judged against'),
  normalised: z
    .array(z.object({ given: z.string(), card: z.string() }))
    .describe("In a save's or update's answer: the references rewritten to card ids"),
  createdAt: iso,
  updatedAt: iso,
  ownerId: z.string().nullable().describe('The owning player; null for a deck saved without a player key'),
  editToken: z
    .string()
    .optional()
    .describe(
      'Only when saved without a player key, and only here: the bearer token that may update or delete the deck',
    ),
})

const seconds = z.number().int().nullable()
export const seatClockView = z.object({
  seat,
  timeLeftSeconds: z
    .number()
    .describe('At the moment of the answer; a seat not to act: the time it would have if asked now'),
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
  seats: z.array(
    z.object({
      seat,
      name: z.string().nullable(),
      playerId: z.string().nullable(),
      joined: z.boolean(),
      bot: z.string().nullable(),
    }),
  ),
  view: json.describe("The game's view for the caller (Game.viewSchema)"),
  createdAt: iso,
  updatedAt: iso,
  clock: clockView.nullable(),
  turn: z
    .number()
    .int()
    .nullable()
    .describe("The game's turn number (null while WAITING): yourTurn and reminders go once per seat and turn"),
  endReason: z.string().nullable(),
  seedCommitment: z.string(),
  seedSource: z.enum(['SERVER', 'CLIENT']),
  rated: z.boolean().describe("Its end updates the players' ratings"),
  tournament: z.string().nullable().describe('The tournament it is a pairing of (null: none)'),
  twin: z
    .string()
    .nullable()
    .describe('The other match of its duplicate pair: same seed and decks per seat, seats swapped (null: none)'),
  cardSets: z.array(z.string()).describe('The card sets its decks use, "<id>@<version>" ([] for none)'),
  rulesVersion: z.string().describe('The ruleset version the match was created under; its replay uses it'),
})

export const legalActionView = z.object({
  id: z.string(),
  label: z.string().describe('The action in words'),
  action: json,
})
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
export const logEntryView = z.object({
  seq: z.number().int(),
  seat: seat.nullable(),
  action: json,
  events: z.array(eventView),
  at: iso,
  label: z.string(),
  eventTexts: z
    .array(z.string())
    .describe("The entry's events in words, one line each, as the transcript writes them (redacted for the caller)"),
})
export const actionResultView = z.object({
  match: matchView,
  events: z.array(eventView),
  legalActions: z.array(legalActionView),
})
export const seatTokenView = z.object({ seat, token: z.string() })
export const createdMatchView = z.object({
  match: matchView,
  seats: z.array(seatTokenView),
  invites: z.array(z.object({ seat, code: z.string() })),
})
export const joinedMatchView = z.object({ match: matchView, seat: seatTokenView })

export const playerView = z.object({
  id: z.string(),
  name: z.string(),
  bot: z.boolean(),
  webhookUrl: z.string().nullable(),
  webhookPaused: z.string().nullable(),
  awayUntil: iso.nullable().describe('When its vacation ends; null when it is not away'),
  vacationDaysLeft: z
    .number()
    .int()
    .nullable()
    .describe("The caller's own player only: days left of this year's vacation allowance"),
  blocked: z.boolean().nullable().describe('The operator only: whether the player is blocked; null for everyone else'),
  language: z
    .string()
    .nullable()
    .describe("The caller's own player only: its language (en, tr, pt-BR) for words; null: none chosen"),
})
/** A Glicko-2 rating (ratings.ts): here, because a player's REST view carries its ratings. */
export const ratingView = z.object({
  game: z.string(),
  rating: z.number(),
  deviation: z.number(),
  volatility: z.number(),
  games: z.number().int().describe('Rated results counted'),
})
export const ladderEntryView = z.object({
  game: z.string(),
  active: z.boolean(),
  removedReason: z.string().nullable(),
  gamesToday: z.number().int(),
  lastOpponent: playerView.nullable(),
})
/** A player as REST sends it (GET /players/me, each seat's player): every field of GraphQL's Player. */
export const fullPlayerView = playerView.extend({
  ratings: z.array(ratingView).describe('One per game served, in the order of GET /api/games'),
  ladder: z.array(ladderEntryView).describe("The caller's own ladder entries ([] for anyone else)"),
})
export const adminActionView = z.object({
  id: z.string(),
  action: z.enum(['abortMatch', 'blockPlayer', 'unblockPlayer', 'deleteChatMessage']),
  targetId: z.string(),
  by: z.string().describe('The X-Arbiter-Operator header of the request, else "admin"'),
  reason: z.string().nullable(),
  at: iso,
})
/**
 * A match as REST reads it (GET /matches/{id}, the inbox, stream lines): every field of GraphQL's Match but log,
 * transcript and chat (their own routes).
 */
export const fullMatchView = streamedMatchView.extend({
  seats: z.array(
    z.object({
      seat,
      name: z.string().nullable(),
      playerId: z.string().nullable(),
      joined: z.boolean(),
      bot: z.string().nullable(),
      player: fullPlayerView.nullable().describe("The seat's player, as anyone sees it"),
    }),
  ),
  seed: z.string().nullable().describe('Null until the match is FINISHED or ABORTED'),
  rematch: z.string().nullable().describe("The rematch's match id, once it started"),
  endReasonText: z
    .string()
    .nullable()
    .describe('Why it ended, in words in the request’s language (endReason stays the code); null while not ended'),
  drawOffer: z
    .object({ seat, accepted: z.array(seat).describe('The other seats that accepted so far'), at: iso })
    .nullable()
    .describe("The standing draw offer (null: none, or withdrawn by the offerer's decision since)"),
  takeback: z
    .object({
      seat,
      toVersion: z.number().int(),
      accepted: z.array(seat).describe('The other seats that accepted so far'),
      at: iso,
    })
    .nullable()
    .describe('The pending takeback request (null: none, or it lapsed: the match moved on since it was asked)'),
})
export const createdPlayerView = z.object({
  player: playerView,
  key: z.string().describe('The player key, shown only here'),
})
export const deliveryView = z.object({
  id: z.string(),
  type: z.string(),
  matchId: z.string().nullable(),
  status: z.enum(['pending', 'delivered', 'failed', 'paused']),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  at: iso,
})
export const chatMessageView = z.object({
  id: z.string(),
  matchId: z.string(),
  room: z.enum(['PLAYERS', 'SPECTATORS']),
  seat: z.number().int().nullable().describe("The writer's seat (PLAYERS); null for a spectator"),
  playerId: z.string().nullable().describe("The writer's player; null for a seat held by a seat token alone"),
  text: z.string(),
  at: iso,
})
export const playerEventView = z.object({
  type: z.enum([
    'invited',
    'matchStarted',
    'yourTurn',
    'reminder',
    'matchFinished',
    'rematchOffered',
    'webhookPaused',
    'challengeCreated',
    'challengeAccepted',
    'challengeDeclined',
    'challengeCancelled',
    'challengeExpired',
    'seekAccepted',
    'seekExpired',
    'ladderPaired',
    'ladderRemoved',
    'chat',
    'drawOffered',
    'drawDeclined',
    'takebackOffered',
    'takebackAccepted',
    'takebackDeclined',
    'synced',
  ]),
  matchId: z.string().nullable(),
  at: iso,
  seq: z
    .number()
    .int()
    .min(0)
    .nullable()
    .describe(
      "The player's events are numbered 1, 2, … (the same on the stream, the subscription and the webhook); null for a pending item; on synced, the latest seq (0 if none)",
    ),
  pending: z
    .boolean()
    .describe(
      'An item of the pending state sent when a stream opens without after (what waits for the player now), not an event',
    ),
  challengeId: z.string().optional().describe("A challenge's events: its id"),
  seekId: z.string().optional().describe("A seek's events: its id"),
  game: z.string().optional().describe("The ladder's events: the game"),
  chat: chatMessageView.optional().describe('chat: the message (absent once the operator deleted it)'),
  match: fullMatchView.nullable(),
})
export const verificationView = z.object({
  ok: z.boolean(),
  seed: z.string(),
  seedCommitment: z.string(),
  replayedVersion: z.number().int(),
  message: z.string().nullable(),
})
export const matchExportView = z.object({
  id: z.string(),
  game: z.string(),
  options: json,
  seed: z.string(),
  seedCommitment: z.string(),
  seedSource: z.enum(['SERVER', 'CLIENT']),
  setupSeed: z.string(),
  seats: z.array(
    z.object({ seat, name: z.string().nullable(), deck: json, entropy: z.string().nullable(), bot: json }),
  ),
  status: z.enum(['WAITING', 'ACTIVE', 'FINISHED', 'ABORTED']),
  winners: z.array(seat),
  endReason: z.string().nullable(),
  log: z.array(
    z.object({ seq: z.number().int(), seat: seat.nullable(), kind: z.string(), action: json, events: json, at: iso }),
  ),
  cardSets: z
    .array(
      z.object({ id: z.string(), version: z.number().int(), name: z.string(), game: z.string(), cards: z.array(json) }),
    )
    .describe('The card sets the decks use, whole ([] for none)'),
  version: z.number().int(),
  derivation: z.string(),
})

export const cardSetView = z.object({
  id: z.string(),
  game: z.string(),
  name: z.string(),
  version: z.number().int().describe('1 for the first version; each update adds one'),
  ref: z.string().describe('What a deck\'s sets lists for this version: "<id>@<version>"'),
  cards: z.array(cardView).describe('The cards as stored (data), each with its generated text'),
  ownerId: z.string(),
  createdAt: iso,
})

export const cardTestView = z.object({
  card: cardView.describe('The card as validated, with its generated text'),
  legalActions: z.array(legalActionView).describe("Seat 0's legal actions in the scenario, before playing the card"),
  played: legalActionView.nullable().describe('The action that played the card; null when no listed action could'),
  events: z
    .array(gameEventSchema)
    .describe("The events of playing it and of its resolving, up to seat 0's next decision"),
  eventTexts: z.array(z.string()).describe('Those events in words'),
  view: json.describe("Seat 0's view afterwards"),
})
