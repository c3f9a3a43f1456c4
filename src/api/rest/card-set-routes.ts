/** Homebrew card sets over REST, and playing one card in a scenario. */
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { ServiceError } from '../../service/index.ts'
import * as v from '../../service/views.ts'
import { responses } from './openapi.ts'
import { caller, gameQuery, idParam, input, parse, playerBearer, type RestOptions } from './route-support.ts'

const cardSetBody = z.object({ game: z.string(), name: z.string(), cards: z.array(z.unknown()) })

const cardSetUpdateBody = z.object({ name: z.string().nullish(), cards: z.array(z.unknown()).nullish() })

const testCardBody = z.object({
  card: z.unknown(),
  scenario: z.unknown().optional(),
  sets: z.array(z.string()).nullish(),
})

const versionQuery = z.object({ version: z.coerce.number().int().min(1).max(1_000_000_000).optional() })

export async function cardSetRoutes(app: FastifyInstance, opts: RestOptions): Promise<void> {
  const { cardSets } = opts.services

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
}
