/** The REST mirror of the GraphQL API: same service calls, same error codes; every route typed for OpenAPI. */
import { Readable } from 'node:stream'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { z } from 'zod'
import { ServiceError, type Caller, type ErrorCode, type Services } from '../../service/index.ts'
import {
  CARD_PAGE_MAX,
  createMatchInput,
  joinMatchFields,
  saveDeckInput,
  submitActionFields,
  updateDeckInput,
} from '../../service/schemas.ts'
import { afterFromRequest } from '../../service/player-events.ts'
import * as v from '../../service/views.ts'
import { exportLineView, exportQuery } from '../../service/dataset-export.ts'
import { LANGUAGES } from '../../kernel/index.ts'
import { bearerToken } from '../auth.ts'
import type { MatchWatchers } from '../match-watch.ts'
import type { UpdateBus } from '../updates.ts'
import { fullMatch, fullPlayer } from './match-json.ts'
import { ndjson, openapi, responses } from './openapi.ts'
import { streamMatch, streamPlayerEvents, type StreamLimits } from './stream.ts'

function caller(req: FastifyRequest): Caller {
  return { token: bearerToken(req.headers.authorization), address: req.ip, language: req.language }
}

const input = (schema: z.ZodType, example?: unknown) => openapi(schema, 'input', example)
const idParam = { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] }
const bearer = [{ seatToken: [] }]
const playerBearer = [{ playerKey: [] }]
const deckBearer: Record<string, string[]>[] = [{ playerKey: [] }, { deckEditToken: [] }]

// The match id comes from the path; the service parses the whole input with submitActionInput.
const actionBody = submitActionFields.omit({ matchId: true })
const logQuery = z.object({
  after: z.coerce.number().int().min(0).optional(),
  limit: z.coerce.number().int().min(1).max(500).optional(),
})
const viewQuery = z.object({
  minVersion: z.coerce.number().int().min(0).optional(),
  seat: z.coerce.number().int().min(0).max(7).optional(),
})
const streamQuery = viewQuery.pick({ seat: true })
const seatBody = z.object({ seat: z.number().int().min(0).max(7).nullish() })
const playerBody = z.object({
  name: z.string(),
  bot: z.boolean().nullish(),
  language: z.string().nullish().describe('en, tr or pt-BR: the language of words for this player'),
})
const languageBody = z.object({
  language: z.string().nullable().describe('en, tr or pt-BR; null removes the preference'),
})
const webhookBody = z.object({ url: z.string().nullish(), secret: z.string().nullish() })
const inboxQuery = z.object({
  status: z.enum(['WAITING', 'ACTIVE', 'FINISHED', 'ABORTED']).optional(),
  toAct: z.enum(['true', 'false']).optional(),
})
const gameQuery = z.object({ game: z.string().optional() })
const blockBody = z.object({ blocked: z.boolean().optional() })
const vacationBody = z.object({ days: z.number().int() })
const limitQuery = z.object({ limit: z.coerce.number().int().min(1).max(200).optional() })
const joinBody = joinMatchFields.omit({ matchId: true })
const deckBody = z.object({ deck: z.unknown() })
const cardSetBody = z.object({ game: z.string(), name: z.string(), cards: z.array(z.unknown()) })
const cardSetUpdateBody = z.object({ name: z.string().nullish(), cards: z.array(z.unknown()).nullish() })
const testCardBody = z.object({
  card: z.unknown(),
  scenario: z.unknown().optional(),
  sets: z.array(z.string()).nullish(),
})
const versionQuery = z.object({ version: z.coerce.number().int().min(1).max(1_000_000_000).optional() })
const validateBody = deckBody.extend({ rulesVersion: z.string().nullish() })
const deckUpdateBody = updateDeckInput.omit({ id: true })
const deleted = z.object({ id: z.string(), deleted: z.literal(true) })
const afterDescription =
  'The seq of the last event the client has: every kept event after it is sent first (no pending state)'
const streamAfterQuery = z.object({
  after: z.string().regex(/^\d+$/).optional().describe(`${afterDescription}; wins over Last-Event-ID`),
})
const lastEventIdHeader = z.object({
  'last-event-id': z.string().regex(/^\d+$/).optional().describe(`${afterDescription} (as the query parameter after)`),
})

// The query string of GraphQL's cards(game, search, filter, first, after), flattened; lists are comma-separated.
const list = z
  .string()
  .optional()
  .transform(s =>
    s
      ? s
          .split(',')
          .map(x => x.trim())
          .filter(Boolean)
      : undefined,
  )
  .describe('Comma-separated: any of these')
const intQuery = z.coerce.number().int().optional()
const cardsQuery = z.object({
  search: z
    .string()
    .optional()
    .describe('Words that must all appear in the id, name, type, text, tags or colours (folded)'),
  query: z
    .string()
    .optional()
    .describe('The card query language, e.g. type:unit cost<=2 -tag:merc order:power dir:desc'),
  type: list,
  colour: list,
  tag: list,
  minCost: intQuery,
  maxCost: intQuery,
  minRam: intQuery,
  maxRam: intQuery,
  first: z.coerce
    .number()
    .int()
    .min(1)
    .max(CARD_PAGE_MAX)
    .optional()
    .describe(`At most ${CARD_PAGE_MAX}; all when absent`),
  after: z.string().optional().describe('The id of the last card of the previous page'),
})

async function* ndjsonLines(values: AsyncIterable<unknown>): AsyncIterable<string> {
  for await (const value of values) yield `${JSON.stringify(value)}\n`
}

const importBody = z.object({ text: z.string(), format: z.string().nullish() })
const exportBody = z.object({ deck: z.unknown(), format: z.string().nullish() })
const formatQuery = z.object({ format: z.string().optional() })
const chatQuery = z.object({
  room: z.enum(['PLAYERS', 'SPECTATORS']).optional(),
  limit: z
    .string()
    .regex(/^\d{1,4}$/, 'limit must be a whole number')
    .transform(Number)
    .optional()
    .describe('1 to 500 (default 100)'),
})
const chatBody = z.object({
  text: z.string(),
  room: z.enum(['PLAYERS', 'SPECTATORS']).nullish(),
  seat: z.number().int().nullish(),
})
const muteBody = z.object({ muted: z.boolean().nullish() })
const drawAnswerBody = z.object({ accept: z.boolean(), seat: z.number().int().nullish() })
const takebackBody = z.object({ toVersion: z.number().int(), seat: z.number().int().nullish() })

function cardsInput(game: string, query: unknown): unknown {
  const q = parse(cardsQuery, query)
  const filter = {
    types: q.type,
    colours: q.colour,
    tags: q.tag,
    minCost: q.minCost,
    maxCost: q.maxCost,
    minRam: q.minRam,
    maxRam: q.maxRam,
  }
  return { game, search: q.search, query: q.query, filter, first: q.first, after: q.after }
}

function parse<T>(schema: z.ZodType<T>, value: unknown): T {
  const r = schema.safeParse(value ?? {})
  if (!r.success) throw new ServiceError('BAD_USER_INPUT', r.error.issues[0]?.message ?? 'malformed request')
  return r.data
}

const MATCH_ERRORS: ErrorCode[] = ['NOT_FOUND', 'UNAUTHENTICATED']
const SEAT_ERRORS: ErrorCode[] = [
  'NOT_FOUND',
  'UNAUTHENTICATED',
  'NOT_YOUR_DECISION',
  'MATCH_FINISHED',
  'MATCH_NOT_STARTED',
  'ILLEGAL_ACTION',
]

export async function restRoutes(
  app: FastifyInstance,
  opts: { services: Services; watchers: MatchWatchers; bus: UpdateBus; streams: StreamLimits },
): Promise<void> {
  const { catalog, decks, cardSets, matches, players, lobby, verification, vacations } = opts.services
  // zod (inside the services) is the one validator; the route schemas only document the API, and answers are sent
  // as the services made them (a serializer built from the documented schema would drop what it does not list).
  app.setValidatorCompiler(() => value => ({ value }))
  app.setSerializerCompiler(() => data => JSON.stringify(data))

  // Examples from the games served: their own sample decks and a real opening action.
  const example = catalog.games().find(g => g.sampleDecks.length > 0)
  const sampleDeck = example?.sampleDecks[0]
  const sampleAction = example ? catalog.sampleAction(example.id) : null
  const sampleCard = example ? catalog.cards({ game: example.id, first: 1 }) : undefined

  app.get(
    '/games',
    {
      schema: {
        operationId: 'listGames',
        tags: ['games'],
        summary: 'Every game served',
        response: responses({ schema: z.array(v.gameView), description: 'The games' }),
      },
    },
    async () => catalog.games(),
  )

  app.get<{ Params: { id: string } }>(
    '/games/:id',
    {
      schema: {
        operationId: 'getGame',
        tags: ['games'],
        summary: 'One game, with its schemas, sample decks and deck rules',
        params: idParam,
        response: responses({ schema: v.gameView, description: 'The game' }, ['NOT_FOUND']),
      },
    },
    async req => {
      const g = catalog.game(req.params.id)
      if (!g) throw new ServiceError('NOT_FOUND', `unknown game '${req.params.id}'`)
      return g
    },
  )

  app.get<{ Params: { id: string } }>(
    '/games/:id/cards',
    {
      schema: {
        operationId: 'listCards',
        tags: ['games'],
        summary: 'Search and filter the cards of a game, a page at a time (as GraphQL cards)',
        params: idParam,
        querystring: input(cardsQuery),
        response: responses(
          { schema: z.array(v.cardView), description: 'The cards found, in catalogue order', example: sampleCard },
          ['NOT_FOUND', 'QUERY_SYNTAX'],
        ),
      },
    },
    async req => catalog.cards(cardsInput(req.params.id, req.query)),
  )

  app.get<{ Params: { id: string } }>(
    '/games/:id/card-search',
    {
      schema: {
        operationId: 'searchCards',
        tags: ['games'],
        summary: 'As listCards, with the number of matches and, when nothing matched, the cards with the nearest names',
        params: idParam,
        querystring: input(cardsQuery),
        response: responses(
          { schema: v.cardSearchView, description: 'The cards found, their number before paging, and suggestions' },
          ['NOT_FOUND', 'QUERY_SYNTAX'],
        ),
      },
    },
    async req => catalog.searchCards(cardsInput(req.params.id, req.query)),
  )

  app.post<{ Params: { id: string } }>(
    '/games/:id/import-deck',
    {
      schema: {
        operationId: 'importDeck',
        tags: ['decks'],
        summary:
          'Read a deck list (format: plain, or one of Game.deckFormats): the deck in normal form, its validation and every line left out',
        params: idParam,
        body: input(importBody, { text: '3x Kiroshi Optics\n2 Delamain Cab', format: 'plain' }),
        response: responses({ schema: v.deckImportView, description: 'The deck read' }, ['NOT_FOUND'], true),
      },
    },
    async req => decks.tools.importDeck({ ...parse(importBody, req.body), game: req.params.id }),
  )

  app.post<{ Params: { id: string } }>(
    '/games/:id/export-deck',
    {
      schema: {
        operationId: 'exportDeck',
        tags: ['decks'],
        summary: 'A deck as text in a format (default plain)',
        params: idParam,
        body: input(exportBody, sampleDeck ? { deck: sampleDeck.deck, format: 'plain' } : undefined),
        response: responses(
          { schema: v.deckTextView, description: 'The deck as text' },
          ['NOT_FOUND', 'DECK_ILLEGAL'],
          true,
        ),
      },
    },
    async req => decks.tools.exportDeck({ ...parse(exportBody, req.body), game: req.params.id }),
  )

  app.post<{ Params: { id: string } }>(
    '/games/:id/deck-code',
    {
      schema: {
        operationId: 'deckCode',
        tags: ['decks'],
        summary: "A deck's share code",
        params: idParam,
        body: input(deckBody, sampleDeck ? { deck: sampleDeck.deck } : undefined),
        response: responses({ schema: v.deckCodeView, description: 'The code' }, ['NOT_FOUND', 'DECK_ILLEGAL'], true),
      },
    },
    async req => ({ code: decks.tools.deckCode({ game: req.params.id, deck: parse(deckBody, req.body).deck }) }),
  )

  app.get<{ Params: { code: string } }>(
    '/deck-codes/:code',
    {
      schema: {
        operationId: 'deckFromCode',
        tags: ['decks'],
        summary: 'The deck of a share code, in current card ids',
        params: { type: 'object', properties: { code: { type: 'string' } }, required: ['code'] },
        response: responses({ schema: v.decodedDeckView, description: 'The deck' }, ['DECK_CODE_INVALID']),
      },
    },
    async req => decks.tools.deckFromCode(req.params.code),
  )

  app.get<{ Params: { id: string } }>(
    '/decks/:id/export',
    {
      schema: {
        operationId: 'exportSavedDeck',
        tags: ['decks'],
        summary: 'A saved deck as text in a format (default plain)',
        params: idParam,
        querystring: input(formatQuery),
        response: responses({ schema: v.deckTextView, description: 'The deck as text' }, ['NOT_FOUND']),
      },
    },
    async req => decks.exportDeck({ deckId: req.params.id, format: parse(formatQuery, req.query).format }),
  )

  app.post<{ Params: { id: string } }>(
    '/games/:id/validate-deck',
    {
      schema: {
        operationId: 'validateDeck',
        tags: ['decks'],
        summary: 'Check a deck without storing it; unknown cards come with the nearest names',
        params: idParam,
        body: input(validateBody, sampleDeck ? { deck: sampleDeck.deck } : undefined),
        response: responses(
          { schema: v.deckValidationView, description: 'Whether the deck is legal, and why not, with its statistics' },
          ['NOT_FOUND', 'RULES_VERSION_UNKNOWN'],
          true,
        ),
      },
    },
    async req => {
      const body = parse(validateBody, req.body)
      const { deck, sets } = await cardSets.resolve(req.params.id, body.deck)
      return decks.tools.validate(req.params.id, deck, body.rulesVersion, sets)
    },
  )

  app.post(
    '/decks',
    {
      schema: {
        operationId: 'saveDeck',
        tags: ['decks'],
        summary:
          'Store a deck in normal form, legal or not (a draft): owned by the player of the bearer key, or else answered with its edit token (once)',
        body: input(
          saveDeckInput,
          example && sampleDeck ? { game: example.id, name: sampleDeck.name, deck: sampleDeck.deck } : undefined,
        ),
        security: [{ playerKey: [] }, {}],
        response: responses(
          { status: 201, schema: v.deckView, description: 'The stored deck' },
          ['NOT_FOUND', 'DECK_ILLEGAL'],
          true,
        ),
      },
    },
    async (req, reply) => {
      reply.status(201)
      return decks.save(req.body as never, caller(req))
    },
  )

  app.get<{ Params: { id: string } }>(
    '/decks/:id',
    {
      schema: {
        operationId: 'getDeck',
        tags: ['decks'],
        params: idParam,
        response: responses({ schema: v.deckView, description: 'The deck' }, ['NOT_FOUND']),
      },
    },
    async req => {
      const d = await decks.get(req.params.id)
      if (!d) throw new ServiceError('NOT_FOUND', `no deck ${req.params.id}`)
      return d
    },
  )

  app.patch<{ Params: { id: string } }>(
    '/decks/:id',
    {
      schema: {
        operationId: 'updateDeck',
        tags: ['decks'],
        summary: "Rename a deck or replace its list (checked again), with its owner's player key or its edit token",
        params: idParam,
        body: input(deckUpdateBody, sampleDeck ? { name: `${sampleDeck.name} (mine)` } : undefined),
        security: deckBearer,
        response: responses(
          { schema: v.deckView, description: 'The deck as stored now' },
          ['NOT_FOUND', 'UNAUTHENTICATED', 'NOT_DECK_OWNER', 'DECK_ILLEGAL'],
          true,
        ),
      },
    },
    async req => decks.update({ ...(req.body as object), id: req.params.id } as never, caller(req)),
  )

  app.delete<{ Params: { id: string } }>(
    '/decks/:id',
    {
      schema: {
        operationId: 'deleteDeck',
        tags: ['decks'],
        summary: "Delete a deck, with its owner's player key or its edit token (matches dealt it keep their copy)",
        params: idParam,
        security: deckBearer,
        response: responses({ schema: deleted, description: 'The deck is gone' }, [
          'NOT_FOUND',
          'UNAUTHENTICATED',
          'NOT_DECK_OWNER',
        ]),
      },
    },
    async req => ({ id: req.params.id, deleted: await decks.delete(req.params.id, caller(req)) }),
  )

  app.post(
    '/card-sets',
    {
      schema: {
        operationId: 'createCardSet',
        tags: ['card sets'],
        summary:
          "Create a homebrew card set (version 1), owned by the player of the bearer key; every card is checked by the game's card schema",
        body: input(cardSetBody),
        security: playerBearer,
        response: responses(
          { status: 201, schema: v.cardSetView, description: 'The set' },
          ['NOT_FOUND', 'UNAUTHENTICATED', 'CARD_INVALID', 'CARD_SET_LIMIT'],
          true,
        ),
      },
    },
    async (req, reply) => {
      const body = parse(cardSetBody, req.body)
      const set = await cardSets.create(body, caller(req))
      reply.status(201)
      return set
    },
  )

  app.get<{ Params: { id: string } }>(
    '/card-sets/:id',
    {
      schema: {
        operationId: 'getCardSet',
        tags: ['card sets'],
        summary: 'A card set: the given version, else the newest',
        params: idParam,
        querystring: input(versionQuery),
        response: responses({ schema: v.cardSetView, description: 'The set' }, ['NOT_FOUND']),
      },
    },
    async req => {
      const set = await cardSets.get({ id: req.params.id, version: parse(versionQuery, req.query).version })
      if (!set) throw new ServiceError('NOT_FOUND', `no card set ${req.params.id}`)
      return set
    },
  )

  app.patch<{ Params: { id: string } }>(
    '/card-sets/:id',
    {
      schema: {
        operationId: 'updateCardSet',
        tags: ['card sets'],
        summary: "A new version of the caller's set: a new name, new cards, or both",
        params: idParam,
        body: input(cardSetUpdateBody),
        security: playerBearer,
        response: responses(
          { schema: v.cardSetView, description: 'The new version' },
          ['NOT_FOUND', 'UNAUTHENTICATED', 'NOT_CARD_SET_OWNER', 'CARD_INVALID', 'CARD_SET_LIMIT'],
          true,
        ),
      },
    },
    async req => cardSets.update({ ...parse(cardSetUpdateBody, req.body), id: req.params.id }, caller(req)),
  )

  app.post<{ Params: { id: string } }>(
    '/games/:id/test-card',
    {
      schema: {
        operationId: 'testCard',
        tags: ['card sets'],
        summary:
          'Play one card in a scenario (README, Homebrew cards), without a match: the legal actions, the events and the view after',
        params: idParam,
        body: input(testCardBody),
        response: responses(
          { schema: v.cardTestView, description: 'What the card did' },
          ['NOT_FOUND', 'CARD_INVALID', 'RULES_LOOP'],
          true,
        ),
      },
    },
    async req => cardSets.testCard({ ...parse(testCardBody, req.body), game: req.params.id }),
  )

  app.get(
    '/players/me/card-sets',
    {
      schema: {
        operationId: 'listMyCardSets',
        tags: ['card sets'],
        summary: "The caller's card sets, newest version of each, the latest changed first",
        querystring: input(gameQuery),
        security: playerBearer,
        response: responses({ schema: z.array(v.cardSetView), description: 'The sets' }, ['UNAUTHENTICATED']),
      },
    },
    async req => cardSets.mine(caller(req), { game: parse(gameQuery, req.query).game }),
  )

  app.get(
    '/players/me/decks',
    {
      schema: {
        operationId: 'listMyDecks',
        tags: ['decks'],
        summary: "The caller's saved decks, the latest changed first",
        querystring: input(gameQuery),
        security: playerBearer,
        response: responses({ schema: z.array(v.deckView), description: 'The decks' }, ['UNAUTHENTICATED']),
      },
    },
    async req => decks.mine(caller(req), { game: parse(gameQuery, req.query).game }),
  )

  app.post(
    '/matches',
    {
      schema: {
        operationId: 'createMatch',
        tags: ['matches'],
        summary: 'Create a match; returns each seat token once',
        body: input(
          createMatchInput,
          example && sampleDeck
            ? {
                game: example.id,
                seats: [
                  { deck: sampleDeck.deck, name: 'Ann' },
                  { deck: sampleDeck.deck, name: 'Bob' },
                ],
              }
            : undefined,
        ),
        security: [{ playerKey: [] }, {}],
        response: responses(
          { status: 201, schema: v.createdMatchView, description: 'The match and its seat tokens' },
          ['NOT_FOUND', 'DECK_ILLEGAL', 'ILLEGAL_ACTION', 'UNAUTHENTICATED', 'INVITATION_BLOCKED'],
          true,
        ),
      },
    },
    async (req, reply) => {
      reply.status(201)
      return matches.create(req.body as never, caller(req))
    },
  )

  app.get<{ Params: { id: string } }>(
    '/matches/:id',
    {
      schema: {
        operationId: 'getMatch',
        tags: ['matches'],
        summary: "The caller's view (spectator without a token)",
        params: idParam,
        querystring: input(viewQuery),
        security: bearer,
        response: responses(
          {
            schema: v.fullMatchView,
            description:
              'The match as the caller sees it, with every field of GraphQL’s Match but log, transcript and chat',
          },
          MATCH_ERRORS,
        ),
      },
    },
    async req => {
      const q = parse(viewQuery, req.query)
      const m = await matches.get(req.params.id, caller(req), q.minVersion ?? 0, q.seat)
      if (!m) throw new ServiceError('NOT_FOUND', `no match ${req.params.id}`)
      return fullMatch(opts.services, m, caller(req))
    },
  )

  app.get<{ Params: { id: string } }>(
    '/matches/:id/log',
    {
      schema: {
        operationId: 'getMatchLog',
        tags: ['matches'],
        summary: 'The action log after seq `after`, at most `limit` entries (default 100, at most 500)',
        params: idParam,
        querystring: input(logQuery),
        security: bearer,
        response: responses(
          { schema: z.array(v.logEntryView), description: 'Log entries, redacted for the caller' },
          MATCH_ERRORS,
        ),
      },
    },
    async req => matches.log(req.params.id, caller(req), parse(logQuery, req.query)),
  )

  app.get<{ Params: { id: string } }>(
    '/matches/:id/transcript',
    {
      schema: {
        operationId: 'getTranscript',
        tags: ['matches'],
        summary: 'The match in words, redacted for the caller',
        params: idParam,
        security: bearer,
        response: responses({ schema: z.array(z.string()), description: 'One line per action or event' }, MATCH_ERRORS),
      },
    },
    async req => matches.transcript(req.params.id, caller(req)),
  )

  app.get<{ Params: { id: string } }>(
    '/matches/:id/legal-actions',
    {
      schema: {
        operationId: 'listLegalActions',
        tags: ['matches'],
        summary:
          "The caller's legal actions; each id may be submitted as actionId while the match stays at this version",
        params: idParam,
        querystring: input(viewQuery),
        security: bearer,
        response: responses(
          { schema: z.array(v.legalActionView), description: 'The choices of the caller now' },
          MATCH_ERRORS,
        ),
      },
    },
    async req => {
      const q = parse(viewQuery, req.query)
      return matches.legalActions(req.params.id, caller(req), { seat: q.seat, minVersion: q.minVersion ?? 0 })
    },
  )

  app.post<{ Params: { id: string } }>(
    '/matches/:id/join',
    {
      schema: {
        operationId: 'joinMatch',
        tags: ['lobby'],
        summary: 'Take an open or reserved seat with a deck',
        params: idParam,
        body: input(
          joinBody,
          sampleDeck
            ? { inviteCode: '<the code from createMatch>', deck: sampleDeck.deck, entropy: "bob's dice" }
            : undefined,
        ),
        security: playerBearer,
        response: responses(
          { schema: v.joinedMatchView, description: 'The match and the seat token' },
          ['NOT_FOUND', 'UNAUTHENTICATED', 'SEAT_TAKEN', 'INVITE_INVALID', 'DECK_ILLEGAL', 'ILLEGAL_ACTION'],
          true,
        ),
      },
    },
    async req => lobby.join({ ...(req.body as object), matchId: req.params.id } as never, caller(req)),
  )

  for (const [path, operationId, summary, view, run] of [
    [
      'leave',
      'leaveMatch',
      'WAITING only: free the caller’s seat',
      v.matchView,
      (a: { matchId: string; seat?: number | null }, c: Caller) => lobby.leave(a, c),
    ],
    [
      'decline',
      'declineInvitation',
      'Refuse an invitation: the match ends ABORTED (endReason "declined")',
      v.matchView,
      (a: { matchId: string; seat?: number | null }, c: Caller) => lobby.decline(a, c),
    ],
    [
      'resign',
      'resign',
      'Resign the caller’s seat (any time while ACTIVE)',
      v.matchView,
      (a: { matchId: string; seat?: number | null }, c: Caller) => matches.resign(a, c),
    ],
    [
      'abort',
      'abort',
      'Abort: while WAITING, or before every seat has moved',
      v.matchView,
      (a: { matchId: string; seat?: number | null }, c: Caller) => matches.abort(a, c),
    ],
    [
      'rematch',
      'offerRematch',
      'Offer a rematch of a FINISHED match',
      v.joinedMatchView,
      (a: { matchId: string; seat?: number | null }, c: Caller) => lobby.offerRematch(a, c),
    ],
  ] as const) {
    app.post<{ Params: { id: string } }>(
      `/matches/:id/${path}`,
      {
        schema: {
          operationId,
          tags: ['lobby'],
          summary,
          params: idParam,
          body: input(seatBody, {}),
          security: bearer,
          response: responses({ schema: view, description: 'The match after it' }, SEAT_ERRORS, true),
        },
      },
      async req => run({ matchId: req.params.id, seat: parse(seatBody, req.body).seat }, caller(req)),
    )
  }

  app.get(
    '/matches/export',
    {
      schema: {
        operationId: 'exportMatches',
        tags: ['matches'],
        summary:
          'Finished matches as dataset lines (NDJSON, the format of `arbiter sim --out` games.jsonl), oldest end first, a page at a time',
        querystring: input(exportQuery),
        response: ndjson(
          exportLineView,
          'One finished match per line; pass the last line’s id as `after` for the next page',
          ['NOT_FOUND'],
        ),
      },
    },
    async (req, reply) => {
      const page = await verification.exportFinished(req.query)
      void reply.type('application/x-ndjson')
      return Readable.from(ndjsonLines(page))
    },
  )

  app.get<{ Params: { id: string } }>(
    '/matches/:id/export',
    {
      schema: {
        operationId: 'exportMatch',
        tags: ['matches'],
        summary: 'After the end: decks, options, seed, entropies and the full log, to replay and check',
        params: idParam,
        response: responses({ schema: v.matchExportView, description: 'Everything needed to replay the match' }, [
          'NOT_FOUND',
          'ILLEGAL_ACTION',
        ]),
      },
    },
    async req => verification.export(req.params.id),
  )

  app.get<{ Params: { id: string } }>(
    '/matches/:id/verify',
    {
      schema: {
        operationId: 'verifyMatch',
        tags: ['matches'],
        summary: 'After the end: the seed against its commitment, the replay against the snapshot',
        params: idParam,
        response: responses({ schema: v.verificationView, description: 'The verdict' }, [
          'NOT_FOUND',
          'ILLEGAL_ACTION',
        ]),
      },
    },
    async req => verification.verify(req.params.id),
  )

  app.get(
    '/open-matches',
    {
      schema: {
        operationId: 'listOpenMatches',
        tags: ['lobby'],
        summary: 'Public WAITING matches with a free seat',
        querystring: input(gameQuery),
        response: responses({ schema: z.array(v.matchView), description: 'The matches' }),
      },
    },
    async req => lobby.openMatches(parse(gameQuery, req.query).game),
  )

  app.post(
    '/players',
    {
      schema: {
        operationId: 'createPlayer',
        tags: ['players'],
        summary: 'Create a player; its key is returned once',
        body: input(playerBody, { name: 'Ann' }),
        response: responses(
          { status: 201, schema: v.createdPlayerView, description: 'The player and its key' },
          [],
          true,
        ),
      },
    },
    async (req, reply) => {
      reply.status(201)
      return players.create(parse(playerBody, req.body), caller(req))
    },
  )

  app.get(
    '/players/me',
    {
      schema: {
        operationId: 'getMe',
        tags: ['players'],
        security: playerBearer,
        response: responses(
          { schema: v.fullPlayerView, description: 'The player of the key, with every field of GraphQL’s Player' },
          ['UNAUTHENTICATED'],
        ),
      },
    },
    async req => {
      const me = await players.me(caller(req))
      if (!me) throw new ServiceError('UNAUTHENTICATED', 'this needs a player key: Authorization: Bearer <key>')
      return fullPlayer(opts.services, me, caller(req))
    },
  )

  app.post(
    '/players/me/key',
    {
      schema: {
        operationId: 'rotatePlayerKey',
        tags: ['players'],
        summary:
          'Replace the caller’s key (only while it is current): the new one is returned once; the old one stops working (within 30 s on other servers) and its streams end (within 10 s)',
        security: playerBearer,
        response: responses({ schema: v.createdPlayerView, description: 'The player and its new key' }, [
          'UNAUTHENTICATED',
        ]),
      },
    },
    async req => players.rotateKey(caller(req)),
  )

  app.put(
    '/players/me/webhook',
    {
      schema: {
        operationId: 'setWebhook',
        tags: ['players'],
        summary: 'Set (or, with a null url, remove) the webhook',
        body: input(webhookBody, { url: 'https://example.com/arbiter-hook', secret: 'a long shared secret' }),
        security: playerBearer,
        response: responses({ schema: v.playerView, description: 'The player' }, ['UNAUTHENTICATED'], true),
      },
    },
    async req => players.setWebhook(caller(req), parse(webhookBody, req.body)),
  )

  app.put(
    '/players/me/language',
    {
      schema: {
        operationId: 'setLanguage',
        tags: ['players'],
        summary:
          'Set (or, with null, remove) the language of words in answers to the player key, its seats’ tokens and its webhooks',
        body: input(languageBody, { language: 'tr' }),
        security: playerBearer,
        response: responses({ schema: v.playerView, description: 'The player' }, ['UNAUTHENTICATED'], true),
      },
    },
    async req => players.setLanguage(caller(req), parse(languageBody, req.body).language),
  )

  app.get(
    '/languages',
    {
      schema: {
        operationId: 'listLanguages',
        tags: ['games'],
        summary: 'The language codes the service speaks',
        response: responses({ schema: z.array(z.string()), description: 'en, tr, pt-BR' }),
      },
    },
    async () => [...LANGUAGES],
  )

  app.post(
    '/players/me/vacation',
    {
      schema: {
        operationId: 'startVacation',
        tags: ['players'],
        summary:
          'Go away for `days` (1 to what is left of VACATION_DAYS_PER_YEAR this year): the clocks of the caller’s seats stop in every ACTIVE match whose clock allows vacations',
        body: input(vacationBody, { days: 7 }),
        security: playerBearer,
        response: responses(
          { schema: v.playerView, description: 'The player, with awayUntil and vacationDaysLeft' },
          ['UNAUTHENTICATED', 'VACATION_EXHAUSTED', 'ILLEGAL_ACTION'],
          true,
        ),
      },
    },
    async req => vacations.start(caller(req), parse(vacationBody, req.body).days),
  )

  app.delete(
    '/players/me/vacation',
    {
      schema: {
        operationId: 'endVacation',
        tags: ['players'],
        summary:
          'End the caller’s vacation now (whole days not begun are given back); its clocks run again from where they stopped',
        security: playerBearer,
        response: responses({ schema: v.playerView, description: 'The player' }, ['UNAUTHENTICATED']),
      },
    },
    async req => vacations.end(caller(req)),
  )

  app.post<{ Params: { id: string } }>(
    '/players/:id/block-invitations',
    {
      schema: {
        operationId: 'blockInvitations',
        tags: ['players'],
        summary: 'Refuse (or, with blocked: false, accept again) every invitation from the player {id}',
        params: idParam,
        body: input(blockBody, { blocked: true }),
        security: playerBearer,
        response: responses(
          { schema: blockBody.required(), description: 'Whether that player’s invitations are now refused' },
          ['NOT_FOUND', 'UNAUTHENTICATED'],
          true,
        ),
      },
    },
    async req => ({
      blocked: await players.blockInvitations(caller(req), {
        from: req.params.id,
        blocked: parse(blockBody, req.body).blocked,
      }),
    }),
  )

  app.get(
    '/players/me/webhook-deliveries',
    {
      schema: {
        operationId: 'listWebhookDeliveries',
        tags: ['players'],
        summary: "The caller's webhook deliveries, newest first",
        querystring: input(limitQuery),
        security: playerBearer,
        response: responses({ schema: z.array(v.deliveryView), description: 'The deliveries' }, ['UNAUTHENTICATED']),
      },
    },
    async req => players.deliveries(caller(req), parse(limitQuery, req.query).limit),
  )

  app.get(
    '/players/me/matches',
    {
      schema: {
        operationId: 'listMyMatches',
        tags: ['players'],
        summary: 'The inbox: the caller’s matches, nearest deadline first',
        querystring: input(inboxQuery),
        security: playerBearer,
        response: responses(
          {
            schema: z.array(v.fullMatchView),
            description: 'The matches, each with every field of GraphQL’s Match but log, transcript and chat',
          },
          ['UNAUTHENTICATED'],
        ),
      },
    },
    async req => {
      const q = parse(inboxQuery, req.query)
      const who = caller(req)
      const list = await lobby.myMatches(who, {
        status: q.status,
        toAct: q.toAct === undefined ? undefined : q.toAct === 'true',
      })
      return Promise.all(list.map(m => fullMatch(opts.services, m, who)))
    },
  )

  app.get<{ Querystring: { after?: string }; Headers: { 'last-event-id'?: string } }>(
    '/players/me/stream',
    {
      schema: {
        operationId: 'streamPlayerEvents',
        tags: ['players'],
        summary:
          "The caller's PlayerEvents as NDJSON (one JSON object per line; an empty line every 20 s keeps the connection alive). Without `after`: the pending state first (pending: true, seq: null), then a synced line (seq: the latest), then each new event. With `after` (or Last-Event-ID): every kept event with a greater seq, in order, then synced, then new events",
        querystring: input(streamAfterQuery),
        headers: input(lastEventIdHeader),
        security: playerBearer,
        response: ndjson(v.playerEventView, 'One PlayerEvent per line, with the match as the player sees it', [
          'UNAUTHENTICATED',
        ]),
      },
    },
    async (req, reply) =>
      streamPlayerEvents(
        reply,
        opts.services,
        opts.bus,
        caller(req),
        afterFromRequest(req.query.after, req.headers['last-event-id']),
        opts.streams,
      ),
  )

  app.post<{ Params: { id: string } }>(
    '/matches/:id/actions',
    {
      schema: {
        operationId: 'submitAction',
        tags: ['matches'],
        summary: 'Submit an action (or an actionId) for the caller’s seat',
        params: idParam,
        body: input(
          actionBody,
          sampleAction ? { action: sampleAction, expectedVersion: 0, idempotencyKey: 'my-turn-1' } : undefined,
        ),
        security: bearer,
        response: responses(
          { schema: v.actionResultView, description: "The events, the match after them and the caller's next choices" },
          [...SEAT_ERRORS, 'VERSION_CONFLICT', 'IDEMPOTENCY_KEY_REUSED'],
          true,
        ),
      },
    },
    async req => matches.submit({ ...(req.body as object), matchId: req.params.id }, caller(req)),
  )

  app.post<{ Params: { id: string } }>(
    '/matches/:id/draw',
    {
      schema: {
        operationId: 'offerDraw',
        tags: ['matches'],
        summary:
          "Offer a draw (ACTIVE, in a game with a draw result: Game.draws; else ILLEGAL_ACTION); withdrawn by the offerer's next decision",
        params: idParam,
        body: input(seatBody, {}),
        security: bearer,
        response: responses(
          { schema: v.matchView, description: 'The match' },
          [...SEAT_ERRORS, 'VERSION_CONFLICT'],
          true,
        ),
      },
    },
    async req =>
      opts.services.draws.offer(caller(req), { matchId: req.params.id, seat: parse(seatBody, req.body).seat }),
  )

  app.post<{ Params: { id: string } }>(
    '/matches/:id/draw/answer',
    {
      schema: {
        operationId: 'answerDraw',
        tags: ['matches'],
        summary:
          'Answer the standing draw offer: all other seats accept → FINISHED, winners [], endReason "draw agreed"; one declines → the offer ends',
        params: idParam,
        body: input(drawAnswerBody, { accept: true }),
        security: bearer,
        response: responses(
          { schema: v.matchView, description: 'The match after it' },
          [...SEAT_ERRORS, 'VERSION_CONFLICT'],
          true,
        ),
      },
    },
    async req => opts.services.draws.answer(caller(req), { ...(req.body as object), matchId: req.params.id }),
  )

  app.post<{ Params: { id: string } }>(
    '/matches/:id/takeback',
    {
      schema: {
        operationId: 'requestTakeback',
        tags: ['matches'],
        summary:
          'Ask to return the match to version toVersion (0 ≤ toVersion < version): every other seat answers. TAKEBACK_REFUSED (reason RANDOM_USED, HIDDEN_REVEALED or NOT_ALLOWED) past a roll, a shuffle or a reveal, or where the match does not allow takebacks; one request at a time (ILLEGAL_ACTION); any new version ends it',
        params: idParam,
        body: input(takebackBody, { toVersion: 0 }),
        security: bearer,
        response: responses(
          {
            schema: v.matchView,
            description: 'The match, with the request pending (or taken back at once when no other seat is to ask)',
          },
          [...SEAT_ERRORS, 'VERSION_CONFLICT', 'TAKEBACK_REFUSED'],
          true,
        ),
      },
    },
    async req => opts.services.takebacks.request(caller(req), { ...(req.body as object), matchId: req.params.id }),
  )

  app.post<{ Params: { id: string } }>(
    '/matches/:id/takeback/answer',
    {
      schema: {
        operationId: 'answerTakeback',
        tags: ['matches'],
        summary:
          "Answer the pending takeback: all other seats accept → a new version whose state is that of toVersion; one declines → the request ends; the requester's own accept: false withdraws it",
        params: idParam,
        body: input(drawAnswerBody, { accept: true }),
        security: bearer,
        response: responses(
          { schema: v.matchView, description: 'The match after it' },
          [...SEAT_ERRORS, 'VERSION_CONFLICT'],
          true,
        ),
      },
    },
    async req => opts.services.takebacks.answer(caller(req), { ...(req.body as object), matchId: req.params.id }),
  )

  app.get<{ Params: { id: string } }>(
    '/matches/:id/chat',
    {
      schema: {
        operationId: 'listChat',
        tags: ['chat'],
        summary:
          "The room's last messages (default 100, at most 500), oldest first, without those of players the caller muted; [] for a caller who may not read the room (PLAYERS: the seats only)",
        params: idParam,
        querystring: input(chatQuery),
        security: bearer,
        response: responses({ schema: z.array(v.chatMessageView), description: 'The messages' }, MATCH_ERRORS),
      },
    },
    async req => opts.services.chat.list(req.params.id, caller(req), parse(chatQuery, req.query)),
  )

  app.post<{ Params: { id: string } }>(
    '/matches/:id/chat',
    {
      schema: {
        operationId: 'sendChat',
        tags: ['chat'],
        summary:
          'Post a chat message (PLAYERS: a seat; SPECTATORS: any player key, when the match has spectatorChat). text: 1–500 characters after trimming, no control characters but tab and newline; at most CHAT_MESSAGES_PER_MINUTE per player a minute (RATE_LIMITED)',
        params: idParam,
        body: input(chatBody, { text: 'good game!' }),
        security: bearer,
        response: responses(
          { schema: v.chatMessageView, description: 'The message' },
          [...MATCH_ERRORS, 'ILLEGAL_ACTION', 'RATE_LIMITED'],
          true,
        ),
      },
    },
    async req => opts.services.chat.send(caller(req), { ...(req.body as object), matchId: req.params.id }),
  )

  app.post<{ Params: { id: string } }>(
    '/players/:id/mute',
    {
      schema: {
        operationId: 'mutePlayer',
        tags: ['chat'],
        summary: "The caller no longer receives that player's messages anywhere; muted: false undoes it",
        params: idParam,
        body: input(muteBody, { muted: true }),
        security: playerBearer,
        response: responses({ schema: z.boolean(), description: 'true' }, ['NOT_FOUND', 'UNAUTHENTICATED'], true),
      },
    },
    async req => opts.services.chat.mute(caller(req), { ...(req.body as object), playerId: req.params.id }),
  )

  app.get<{ Params: { id: string } }>(
    '/matches/:id/stream',
    {
      schema: {
        operationId: 'streamMatch',
        tags: ['matches'],
        summary:
          "A stream of the caller's view (NDJSON): the current view, then one line per action (and one when a waiting match starts), until the match ends",
        params: idParam,
        querystring: input(streamQuery),
        security: bearer,
        response: ndjson(
          v.fullMatchView,
          "One Match per line: the current view, then every newer version, with the caller's choices",
          MATCH_ERRORS,
        ),
      },
    },
    async (req, reply) =>
      streamMatch(
        req,
        reply,
        opts.services,
        opts.watchers,
        caller(req),
        parse(streamQuery, req.query).seat ?? null,
        opts.streams,
        opts.bus,
      ),
  )
}
