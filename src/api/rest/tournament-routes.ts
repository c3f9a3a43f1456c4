/**
 * The REST mirror of tournaments: the same service calls and error codes as GraphQL; a tournament's pairings carry
 * their matches.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { z } from 'zod'
import { ServiceError, type Caller, type ErrorCode, type Services } from '../../service/index.ts'
import * as cv from '../../service/competition-views.ts'
import { deckChoice } from '../../service/offers.ts'
import { tournamentInput, type TournamentView } from '../../service/tournaments.ts'
import { bearerToken } from '../auth.ts'
import { openapi, responses } from './openapi.ts'

function caller(req: FastifyRequest): Caller {
  return { token: bearerToken(req.headers.authorization), address: req.ip }
}

const input = (schema: z.ZodType, example?: unknown) => openapi(schema, 'input', example)
const idParam = { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] }
const creatorBearer: Record<string, string[]>[] = [{ playerKey: [] }, { operatorKey: [] }]
const listQuery = z.object({ game: z.string().optional(), status: z.string().optional() })
const ERRORS: ErrorCode[] = ['NOT_FOUND', 'UNAUTHENTICATED']

export async function tournamentRoutes(app: FastifyInstance, opts: { services: Services }): Promise<void> {
  const { tournaments, matches } = opts.services
  app.setValidatorCompiler(() => value => ({ value }))
  app.setSerializerCompiler(() => data => JSON.stringify(data))

  /** The tournament as GraphQL gives it: each pairing with its match as the caller sees it. */
  const full = async (t: TournamentView, c: Caller) => ({
    ...t,
    pairings: await Promise.all(
      t.pairings.map(async ({ matchId, ...p }) => ({
        ...p,
        match: matchId ? await matches.getForEvent(matchId, c) : null,
      })),
    ),
  })

  app.post(
    '/tournaments',
    {
      schema: {
        operationId: 'createTournament',
        tags: ['tournaments'],
        summary: 'A tournament, by a player (its key) or the operator; OPEN for entrants until startsAt',
        body: input(tournamentInput),
        security: creatorBearer,
        response: responses(
          { status: 201, schema: cv.tournamentView, description: 'The OPEN tournament' },
          ['UNAUTHENTICATED'],
          true,
        ),
      },
    },
    async (req, reply) => {
      const c = caller(req)
      const t = await full(await tournaments.create(req.body, c), c)
      reply.status(201)
      return t
    },
  )

  app.get(
    '/tournaments',
    {
      schema: {
        operationId: 'listTournaments',
        tags: ['tournaments'],
        summary:
          'Tournaments (of one game, in one status), newest first, at most 200; without pairings and standings (GET /api/tournaments/{id} has them)',
        querystring: input(listQuery),
        response: responses({ schema: z.array(cv.tournamentSummaryView), description: 'The tournaments' }),
      },
    },
    async req => {
      const q = req.query as { game?: string; status?: string }
      return (await tournaments.list({ game: q.game, status: q.status })).map(
        ({ pairings: _p, standings: _s, ...t }) => t,
      )
    },
  )

  app.get<{ Params: { id: string } }>(
    '/tournaments/:id',
    {
      schema: {
        operationId: 'getTournament',
        tags: ['tournaments'],
        summary: 'A tournament with every round’s pairings (and their matches) and the standings',
        params: idParam,
        response: responses({ schema: cv.tournamentView, description: 'The tournament' }, ['NOT_FOUND']),
      },
    },
    async req => {
      const t = await tournaments.get(req.params.id)
      if (!t) throw new ServiceError('NOT_FOUND', `no tournament ${req.params.id}`)
      return full(t, caller(req))
    },
  )

  const actions = [
    [
      'join',
      'joinTournament',
      'Joins an OPEN tournament with a deck (exactly one of deck, deckId, sampleDeck); joining again changes nothing',
      deckChoice,
      ['DECK_ILLEGAL', 'TOURNAMENT_STARTED'],
      (id: string, body: unknown, c: Caller) => tournaments.join({ ...(body as object), id }, c),
    ],
    [
      'withdraw',
      'withdrawFromTournament',
      'Leaves it: while OPEN the entry is gone; once RUNNING the entrant is not paired again',
      z.object({}),
      [],
      (id: string, _b: unknown, c: Caller) => tournaments.withdraw(id, c),
    ],
    [
      'start',
      'startTournament',
      'Its creator or the operator starts it now, while OPEN',
      z.object({}),
      ['TOURNAMENT_STARTED', 'TOO_FEW_ENTRANTS'],
      (id: string, _b: unknown, c: Caller) => tournaments.start(id, c),
    ],
    [
      'cancel',
      'cancelTournament',
      'Its creator or the operator cancels it while OPEN or RUNNING',
      z.object({}),
      [],
      (id: string, _b: unknown, c: Caller) => tournaments.cancel(id, c),
    ],
  ] as const
  for (const [path, operationId, summary, body, codes, run] of actions) {
    app.post<{ Params: { id: string } }>(
      `/tournaments/:id/${path}`,
      {
        schema: {
          operationId,
          tags: ['tournaments'],
          summary,
          params: idParam,
          body: input(body, {}),
          security: path === 'start' || path === 'cancel' ? creatorBearer : [{ playerKey: [] }],
          response: responses(
            { schema: cv.tournamentView, description: 'The tournament after it' },
            [...ERRORS, ...codes],
            true,
          ),
        },
      },
      async req => {
        const c = caller(req)
        return full(await run(req.params.id, req.body ?? {}, c), c)
      },
    )
  }
}
