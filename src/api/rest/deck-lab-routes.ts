// The REST mirror of the deck lab: the same service calls and error codes as GraphQL's deckLab, deckLabRun,
// myDeckLabRuns and cancelDeckLab.
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { z } from 'zod'
import type { Caller, ErrorCode, Services } from '../../service/index.ts'
import { ServiceError } from '../../service/index.ts'
import { deckLabInput } from '../../service/deck-lab.ts'
import { deckLabRunView } from '../../service/deck-lab-views.ts'
import { bearerToken } from '../auth.ts'
import { openapi, responses } from './openapi.ts'

function caller(req: FastifyRequest): Caller {
  return { token: bearerToken(req.headers.authorization), address: req.ip }
}

const idParam = { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] }
const playerBearer = [{ playerKey: [] }]
const REQUEST_ERRORS: ErrorCode[] = ['UNAUTHENTICATED', 'NOT_FOUND', 'DECK_ILLEGAL', 'QUOTA_EXCEEDED']

export async function deckLabRoutes(app: FastifyInstance, opts: { services: Services }): Promise<void> {
  const { deckLab } = opts.services
  app.setValidatorCompiler(() => value => ({ value }))
  app.setSerializerCompiler(() => data => JSON.stringify(data))

  app.post(
    '/deck-lab',
    {
      schema: {
        operationId: 'deckLab',
        tags: ['decks'],
        summary:
          'Queue a deck lab run: the deck against each opponent for `games` bot games (DECKLAB_MAX_GAMES, DECKLAB_GAMES_PER_DAY)',
        security: playerBearer,
        body: openapi(deckLabInput, 'input', {
          game: 'dice-throne-marvel',
          deck: { hero: 'thor' },
          opponents: [{ sampleDeck: 'Loki' }],
          games: 20,
        }),
        response: responses({ schema: deckLabRunView, description: 'The run, QUEUED' }, REQUEST_ERRORS, true),
      },
    },
    async req => deckLab.request(caller(req), req.body ?? {}),
  )

  app.get(
    '/players/me/deck-lab',
    {
      schema: {
        operationId: 'myDeckLabRuns',
        tags: ['decks'],
        summary: "The caller's deck lab runs, newest first (at most 100)",
        security: playerBearer,
        response: responses({ schema: z.array(deckLabRunView), description: 'The runs' }, ['UNAUTHENTICATED']),
      },
    },
    async req => deckLab.mine(caller(req)),
  )

  app.get<{ Params: { id: string } }>(
    '/deck-lab/:id',
    {
      schema: {
        operationId: 'deckLabRun',
        tags: ['decks'],
        summary: 'A deck lab run of the caller’s: status, progress and, once ended, its result',
        security: playerBearer,
        params: idParam,
        response: responses({ schema: deckLabRunView, description: 'The run' }, ['UNAUTHENTICATED', 'NOT_FOUND']),
      },
    },
    async req => {
      const run = await deckLab.get(req.params.id, caller(req))
      if (!run) throw new ServiceError('NOT_FOUND', `no deck lab run ${req.params.id} of yours`)
      return run
    },
  )

  app.post<{ Params: { id: string } }>(
    '/deck-lab/:id/cancel',
    {
      schema: {
        operationId: 'cancelDeckLab',
        tags: ['decks'],
        summary:
          'Cancel a queued or running run (a running one keeps the games played so far); an ended run is returned unchanged',
        security: playerBearer,
        params: idParam,
        response: responses({ schema: deckLabRunView, description: 'The run' }, ['UNAUTHENTICATED', 'NOT_FOUND']),
      },
    },
    async req => deckLab.cancel(req.params.id, caller(req)),
  )
}
