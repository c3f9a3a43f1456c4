/** The games served, their cards and the languages spoken, over REST. */
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { ServiceError } from '../../service/index.ts'
import { CARD_PAGE_MAX } from '../../service/schemas.ts'
import * as v from '../../service/views.ts'
import { LANGUAGES } from '../../kernel/index.ts'
import { responses } from './openapi.ts'
import { idParam, input, parse, routeExamples, type RestOptions } from './route-support.ts'

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

export async function gameRoutes(app: FastifyInstance, opts: RestOptions): Promise<void> {
  const { catalog } = opts.services
  const { sampleCard } = routeExamples(opts.services)

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
}
