/** Decks over REST: reading, writing, codes, validation and the stored decks of a player. */
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { ServiceError } from '../../service/index.ts'
import { saveDeckInput, updateDeckInput } from '../../service/schemas.ts'
import * as v from '../../service/views.ts'
import { responses } from './openapi.ts'
import {
  caller,
  gameQuery,
  idParam,
  input,
  parse,
  playerBearer,
  routeExamples,
  type RestOptions,
} from './route-support.ts'

const deckBearer: Record<string, string[]>[] = [{ playerKey: [] }, { deckEditToken: [] }]

const deckBody = z.object({ deck: z.unknown() })

const validateBody = deckBody.extend({ rulesVersion: z.string().nullish() })

const deckUpdateBody = updateDeckInput.omit({ id: true })

const deleted = z.object({ id: z.string(), deleted: z.literal(true) })

const importBody = z.object({ text: z.string(), format: z.string().nullish() })

const exportBody = z.object({ deck: z.unknown(), format: z.string().nullish() })

const formatQuery = z.object({ format: z.string().optional() })

export async function deckRoutes(app: FastifyInstance, opts: RestOptions): Promise<void> {
  const { decks, cardSets } = opts.services
  const { example, sampleDeck } = routeExamples(opts.services)

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
}
