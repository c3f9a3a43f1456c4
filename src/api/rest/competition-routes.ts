/** The REST mirror of ratings, challenges, seeks and the ladder: the same service calls and error codes as GraphQL. */
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { z } from 'zod'
import { ServiceError, type Caller, type ErrorCode, type Services } from '../../service/index.ts'
import { challengeInput } from '../../service/challenges.ts'
import * as cv from '../../service/competition-views.ts'
import { deckChoice } from '../../service/offers.ts'
import { LEADERBOARD_MAX } from '../../service/ratings.ts'
import { seekInput } from '../../service/seeks.ts'
import { bearerToken } from '../auth.ts'
import { playerById } from '../graphql/competition-resolvers.ts'
import { openapi, responses } from './openapi.ts'

function caller(req: FastifyRequest): Caller {
  return { token: bearerToken(req.headers.authorization), address: req.ip, language: req.language }
}

function parse<T>(schema: z.ZodType<T>, value: unknown): T {
  const r = schema.safeParse(value ?? {})
  if (!r.success) throw new ServiceError('BAD_USER_INPUT', r.error.issues[0]?.message ?? 'malformed request')
  return r.data
}

const input = (schema: z.ZodType, example?: unknown) => openapi(schema, 'input', example)
const idParam = { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] }
const gameParam = { type: 'object', properties: { game: { type: 'string' } }, required: ['game'] }
const playerBearer = [{ playerKey: [] }]
const gameQuery = z.object({ game: z.string().optional() })
const historyQuery = z.object({ game: z.string() })
const leaderboardQuery = z.object({
  first: z.coerce.number().int().min(1).max(LEADERBOARD_MAX).optional(),
  after: z.string().optional(),
})
const statusQuery = z.object({ status: z.enum(['PENDING', 'ACCEPTED', 'DECLINED', 'CANCELLED', 'EXPIRED']).optional() })
const declineBody = z.object({ reason: z.string().nullish() })
const OFFER_ERRORS: ErrorCode[] = ['NOT_FOUND', 'UNAUTHENTICATED', 'DECK_ILLEGAL']

export async function competitionRoutes(app: FastifyInstance, opts: { services: Services }): Promise<void> {
  const { ratings, challenges, seeks, players, ladder } = opts.services
  app.setValidatorCompiler(() => value => ({ value }))
  app.setSerializerCompiler(() => data => JSON.stringify(data))

  app.get<{ Params: { id: string } }>(
    '/players/:id',
    {
      schema: {
        operationId: 'getPlayer',
        tags: ['ratings'],
        summary: 'A player with its ratings (one per game served); webhookUrl only for the caller’s own player',
        params: idParam,
        response: responses({ schema: cv.playerWithRatingsView, description: 'The player' }, ['NOT_FOUND']),
      },
    },
    async req => {
      const p = await playerById(opts.services, req.params.id, { caller: caller(req) })
      if (!p) throw new ServiceError('NOT_FOUND', `no player ${req.params.id}`)
      return { ...p, ratings: await ratings.of(p.id) }
    },
  )

  app.get<{ Params: { id: string } }>(
    '/players/:id/rating-history',
    {
      schema: {
        operationId: 'getRatingHistory',
        tags: ['ratings'],
        summary: "The player's rating changes for one game, oldest first",
        params: idParam,
        querystring: input(historyQuery),
        response: responses({ schema: z.array(cv.ratingChangeView), description: 'One change per rated match' }),
      },
    },
    async req => ratings.history({ player: req.params.id, game: parse(historyQuery, req.query).game }),
  )

  app.get<{ Params: { id: string } }>(
    '/games/:id/leaderboard',
    {
      schema: {
        operationId: 'getLeaderboard',
        tags: ['ratings'],
        summary: `Players with a rated result, by rating, then deviation, then id; \`after\`: the previous page's last player id; \`first\`: 1 to ${LEADERBOARD_MAX} (default 50)`,
        params: idParam,
        querystring: input(leaderboardQuery),
        response: responses({ schema: z.array(cv.leaderboardEntryView), description: 'The page' }, ['NOT_FOUND']),
      },
    },
    async req => {
      const q = parse(leaderboardQuery, req.query)
      const rows = await ratings.leaderboard({ game: req.params.id, first: q.first, after: q.after })
      return Promise.all(
        rows.map(async r => ({ rank: r.rank, player: await players.publicView(r.playerId), rating: r.rating })),
      )
    },
  )

  app.post(
    '/challenges',
    {
      schema: {
        operationId: 'createChallenge',
        tags: ['challenges'],
        summary: 'Challenge a player with the caller’s deck (exactly one of deck, deckId, sampleDeck)',
        body: input(challengeInput),
        security: playerBearer,
        response: responses(
          { status: 201, schema: cv.challengeView, description: 'The PENDING challenge' },
          [...OFFER_ERRORS, 'INVITATION_BLOCKED'],
          true,
        ),
      },
    },
    async (req, reply) => {
      reply.status(201)
      return challenges.create(req.body, caller(req))
    },
  )

  app.get<{ Params: { id: string } }>(
    '/challenges/:id',
    {
      schema: {
        operationId: 'getChallenge',
        tags: ['challenges'],
        summary: 'A challenge, for its two players only (NOT_FOUND for anyone else)',
        params: idParam,
        security: playerBearer,
        response: responses({ schema: cv.challengeView, description: 'The challenge' }, ['NOT_FOUND']),
      },
    },
    async req => {
      const c = await challenges.get(req.params.id, caller(req))
      if (!c) throw new ServiceError('NOT_FOUND', `no challenge ${req.params.id}`)
      return c
    },
  )

  app.get(
    '/players/me/challenges',
    {
      schema: {
        operationId: 'listMyChallenges',
        tags: ['challenges'],
        summary: "The caller's challenges, sent and received, newest first",
        querystring: input(statusQuery),
        security: playerBearer,
        response: responses({ schema: z.array(cv.challengeView), description: 'The challenges' }, ['UNAUTHENTICATED']),
      },
    },
    async req => challenges.mine(caller(req), parse(statusQuery, req.query)),
  )

  const challengeActions = [
    [
      'accept',
      'acceptChallenge',
      'The challenged player accepts with its deck: the match starts, challenger in seat 0',
      deckChoice,
      (id: string, body: unknown, c: Caller) => challenges.accept({ ...(body as object), id }, c),
    ],
    [
      'decline',
      'declineChallenge',
      'The challenged player declines, with a reason (DeclineReason; GENERIC when absent)',
      declineBody,
      (id: string, body: unknown, c: Caller) => challenges.decline({ ...(body as object), id }, c),
    ],
    [
      'cancel',
      'cancelChallenge',
      'The challenger withdraws its PENDING challenge',
      z.object({}),
      (id: string, _body: unknown, c: Caller) => challenges.cancel(id, c),
    ],
  ] as const
  for (const [path, operationId, summary, body, run] of challengeActions) {
    app.post<{ Params: { id: string } }>(
      `/challenges/:id/${path}`,
      {
        schema: {
          operationId,
          tags: ['challenges'],
          summary,
          params: idParam,
          body: input(body, {}),
          security: playerBearer,
          response: responses(
            { schema: cv.challengeView, description: 'The challenge after it' },
            [...OFFER_ERRORS, 'CHALLENGE_CLOSED'],
            true,
          ),
        },
      },
      async req => run(req.params.id, req.body ?? {}, caller(req)),
    )
  }

  app.post(
    '/seeks',
    {
      schema: {
        operationId: 'createSeek',
        tags: ['seeks'],
        summary: 'Open a seek with the caller’s deck (exactly one of deck, deckId, sampleDeck)',
        body: input(seekInput),
        security: playerBearer,
        response: responses({ status: 201, schema: cv.seekView, description: 'The OPEN seek' }, OFFER_ERRORS, true),
      },
    },
    async (req, reply) => {
      reply.status(201)
      return seeks.create(req.body, caller(req))
    },
  )

  app.get(
    '/seeks',
    {
      schema: {
        operationId: 'listSeeks',
        tags: ['seeks'],
        summary: 'The OPEN seeks (of one game), oldest first',
        querystring: input(gameQuery),
        response: responses({ schema: z.array(cv.seekView), description: 'The seeks' }),
      },
    },
    async req => seeks.list(parse(gameQuery, req.query).game, caller(req)),
  )

  app.get<{ Params: { id: string } }>(
    '/seeks/:id',
    {
      schema: {
        operationId: 'getSeek',
        tags: ['seeks'],
        params: idParam,
        response: responses({ schema: cv.seekView, description: 'The seek' }, ['NOT_FOUND']),
      },
    },
    async req => {
      const s = await seeks.get(req.params.id, caller(req))
      if (!s) throw new ServiceError('NOT_FOUND', `no seek ${req.params.id}`)
      return s
    },
  )

  const seekActions = [
    [
      'accept',
      'acceptSeek',
      'Accept an OPEN seek with the caller’s deck: the match starts, seeker in seat 0',
      deckChoice,
      (id: string, body: unknown, c: Caller) => seeks.accept({ ...(body as object), id }, c),
    ],
    [
      'cancel',
      'cancelSeek',
      'The seeker withdraws its OPEN seek',
      z.object({}),
      (id: string, _body: unknown, c: Caller) => seeks.cancel(id, c),
    ],
  ] as const
  for (const [path, operationId, summary, body, run] of seekActions) {
    app.post<{ Params: { id: string } }>(
      `/seeks/:id/${path}`,
      {
        schema: {
          operationId,
          tags: ['seeks'],
          summary,
          params: idParam,
          body: input(body, {}),
          security: playerBearer,
          response: responses(
            { schema: cv.seekView, description: 'The seek after it' },
            [...OFFER_ERRORS, 'SEEK_CLOSED', 'RATING_OUT_OF_RANGE'],
            true,
          ),
        },
      },
      async req => run(req.params.id, req.body ?? {}, caller(req)),
    )
  }

  app.put<{ Params: { game: string } }>(
    '/players/me/ladder/:game',
    {
      schema: {
        operationId: 'joinLadder',
        tags: ['ladder'],
        summary: 'A bot player opts in to the game’s ladder with its deck (exactly one of deck, deckId, sampleDeck)',
        params: gameParam,
        body: input(deckChoice, {}),
        security: playerBearer,
        response: responses(
          { schema: cv.ladderEntryView, description: 'Its entry' },
          [...OFFER_ERRORS, 'NOT_A_BOT'],
          true,
        ),
      },
    },
    async req => ladder.join({ ...((req.body ?? {}) as object), game: req.params.game }, caller(req)),
  )

  app.delete<{ Params: { game: string } }>(
    '/players/me/ladder/:game',
    {
      schema: {
        operationId: 'leaveLadder',
        tags: ['ladder'],
        summary: 'Off the game’s ladder',
        params: gameParam,
        security: playerBearer,
        response: responses({ schema: cv.ladderEntryView, description: 'Its entry' }, ['NOT_FOUND', 'UNAUTHENTICATED']),
      },
    },
    async req => ladder.leave(req.params.game, caller(req)),
  )
}
