import type { FastifyInstance, FastifyRequest } from 'fastify'
import { z } from 'zod'
import { ServiceError, type Caller, type Services } from '../../service/index.ts'
import { createMatchInput, saveDeckInput, submitActionFields } from '../../service/schemas.ts'
import { bearerToken } from '../auth.ts'
import type { MatchWatchers } from '../match-watch.ts'
import { streamMatch } from './stream.ts'

function caller(req: FastifyRequest): Caller {
  return { token: bearerToken(req.headers.authorization) }
}

const doc = (schema: z.ZodType) => z.toJSONSchema(schema, { unrepresentable: 'any', io: 'input' }) as Record<string, unknown>
const idParam = { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] }
const bearer = [{ seatToken: [] }]

// The match id comes from the path; the service parses the whole input with submitActionInput.
const actionBody = submitActionFields.omit({ matchId: true })
const afterQuery = z.object({ after: z.coerce.number().int().min(0).optional() })
const searchQuery = z.object({ search: z.string().optional() })
const deckBody = z.object({ deck: z.unknown() })

function parse<T>(schema: z.ZodType<T>, value: unknown): T {
  const r = schema.safeParse(value ?? {})
  if (!r.success) throw new ServiceError('BAD_USER_INPUT', r.error.issues[0]?.message ?? 'malformed request')
  return r.data
}

/** The REST mirror of the GraphQL API: same service calls, same error codes. */
export async function restRoutes(app: FastifyInstance, opts: { services: Services; watchers: MatchWatchers }): Promise<void> {
  const { catalog, decks, matches } = opts.services
  // zod (inside the services) is the one validator; the route schemas only document the API.
  app.setValidatorCompiler(() => (value) => ({ value }))

  app.get('/games', { schema: { tags: ['games'], summary: 'Every game served' } }, async () => catalog.games())

  app.get<{ Params: { id: string } }>('/games/:id', { schema: { tags: ['games'], params: idParam } }, async (req) => {
    const g = catalog.game(req.params.id)
    if (!g) throw new ServiceError('NOT_FOUND', `unknown game '${req.params.id}'`)
    return g
  })

  app.get<{ Params: { id: string } }>(
    '/games/:id/cards',
    { schema: { tags: ['games'], params: idParam, querystring: doc(searchQuery) } },
    async (req) => catalog.cards({ game: req.params.id, search: parse(searchQuery, req.query).search }),
  )

  app.post<{ Params: { id: string } }>(
    '/games/:id/validate-deck',
    { schema: { tags: ['decks'], summary: 'Check a deck without storing it', params: idParam, body: doc(deckBody) } },
    async (req) => {
      const { deck: _parsed, ...report } = catalog.validateDeck({ game: req.params.id, deck: parse(deckBody, req.body).deck })
      return report
    },
  )

  app.post('/decks', { schema: { tags: ['decks'], summary: 'Store a legal deck', body: doc(saveDeckInput) } }, async (req, reply) => {
    reply.status(201)
    return decks.save(req.body as never)
  })

  app.get<{ Params: { id: string } }>('/decks/:id', { schema: { tags: ['decks'], params: idParam } }, async (req) => {
    const d = await decks.get(req.params.id)
    if (!d) throw new ServiceError('NOT_FOUND', `no deck ${req.params.id}`)
    return d
  })

  app.post(
    '/matches',
    { schema: { tags: ['matches'], summary: 'Create a match; returns each seat token once', body: doc(createMatchInput) } },
    async (req, reply) => {
      reply.status(201)
      return matches.create(req.body as never)
    },
  )

  app.get<{ Params: { id: string } }>(
    '/matches/:id',
    { schema: { tags: ['matches'], summary: "The caller's view (spectator without a token)", params: idParam, security: bearer } },
    async (req) => {
      const m = await matches.get(req.params.id, caller(req))
      if (!m) throw new ServiceError('NOT_FOUND', `no match ${req.params.id}`)
      return m
    },
  )

  app.get<{ Params: { id: string } }>(
    '/matches/:id/log',
    { schema: { tags: ['matches'], params: idParam, querystring: doc(afterQuery), security: bearer } },
    async (req) => matches.log(req.params.id, caller(req), parse(afterQuery, req.query).after),
  )

  app.get<{ Params: { id: string } }>(
    '/matches/:id/legal-actions',
    { schema: { tags: ['matches'], params: idParam, security: bearer } },
    async (req) => matches.legalActions(req.params.id, caller(req)),
  )

  app.post<{ Params: { id: string } }>(
    '/matches/:id/actions',
    { schema: { tags: ['matches'], summary: 'Submit an action (or an actionId) for the caller’s seat', params: idParam, body: doc(actionBody), security: bearer } },
    async (req) => matches.submit({ ...(req.body as object), matchId: req.params.id }, caller(req)),
  )

  app.get<{ Params: { id: string } }>(
    '/matches/:id/stream',
    {
      schema: {
        tags: ['matches'],
        summary: "A stream of the caller's view (NDJSON): the current view, then one line per action, until the match ends",
        params: idParam,
        security: bearer,
      },
    },
    async (req, reply) => streamMatch(req, reply, opts.services, opts.watchers, caller(req)),
  )
}
