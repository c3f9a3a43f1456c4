import type { FastifyInstance, FastifyRequest } from 'fastify'
import { z } from 'zod'
import { ServiceError, type Caller, type Services } from '../../service/index.ts'
import { createMatchInput, joinMatchFields, saveDeckInput, submitActionFields } from '../../service/schemas.ts'
import { bearerToken } from '../auth.ts'
import type { MatchWatchers } from '../match-watch.ts'
import { onPlayerEvent, type UpdateBus } from '../updates.ts'
import { openNdjson, streamMatch } from './stream.ts'

function caller(req: FastifyRequest): Caller {
  return { token: bearerToken(req.headers.authorization) }
}

const doc = (schema: z.ZodType) => z.toJSONSchema(schema, { unrepresentable: 'any', io: 'input' }) as Record<string, unknown>
const idParam = { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] }
const bearer = [{ seatToken: [] }]

// The match id comes from the path; the service parses the whole input with submitActionInput.
const actionBody = submitActionFields.omit({ matchId: true })
const logQuery = z.object({ after: z.coerce.number().int().min(0).optional(), limit: z.coerce.number().int().min(1).max(500).optional() })
const viewQuery = z.object({ minVersion: z.coerce.number().int().min(0).optional(), seat: z.coerce.number().int().min(0).max(7).optional() })
const seatBody = z.object({ seat: z.number().int().min(0).max(7).nullish() })
const playerBody = z.object({ name: z.string(), bot: z.boolean().nullish() })
const webhookBody = z.object({ url: z.string().nullish(), secret: z.string().nullish() })
const inboxQuery = z.object({ status: z.enum(['WAITING', 'ACTIVE', 'FINISHED', 'ABORTED']).optional(), toAct: z.enum(['true', 'false']).optional() })
const gameQuery = z.object({ game: z.string().optional() })
const limitQuery = z.object({ limit: z.coerce.number().int().min(1).max(200).optional() })
const joinBody = joinMatchFields.omit({ matchId: true })
const playerBearer = [{ playerKey: [] }]

const searchQuery = z.object({ search: z.string().optional() })
const deckBody = z.object({ deck: z.unknown() })

function parse<T>(schema: z.ZodType<T>, value: unknown): T {
  const r = schema.safeParse(value ?? {})
  if (!r.success) throw new ServiceError('BAD_USER_INPUT', r.error.issues[0]?.message ?? 'malformed request')
  return r.data
}

/** The REST mirror of the GraphQL API: same service calls, same error codes. */
export async function restRoutes(app: FastifyInstance, opts: { services: Services; watchers: MatchWatchers; bus: UpdateBus }): Promise<void> {
  const { catalog, decks, matches, players, lobby, verification } = opts.services
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
      const q = parse(viewQuery, req.query)
      const m = await matches.get(req.params.id, caller(req), q.minVersion ?? 0, q.seat)
      if (!m) throw new ServiceError('NOT_FOUND', `no match ${req.params.id}`)
      return m
    },
  )

  app.get<{ Params: { id: string } }>(
    '/matches/:id/log',
    { schema: { tags: ['matches'], summary: 'The action log after seq `after`, at most `limit` entries (default 100, at most 500)', params: idParam, querystring: doc(logQuery), security: bearer } },
    async (req) => matches.log(req.params.id, caller(req), parse(logQuery, req.query)),
  )

  app.get<{ Params: { id: string } }>(
    '/matches/:id/transcript',
    { schema: { tags: ['matches'], summary: 'The match in words, redacted for the caller', params: idParam, security: bearer } },
    async (req) => matches.transcript(req.params.id, caller(req)),
  )

  app.get<{ Params: { id: string } }>(
    '/matches/:id/legal-actions',
    { schema: { tags: ['matches'], params: idParam, querystring: doc(viewQuery), security: bearer } },
    async (req) => {
      const q = parse(viewQuery, req.query)
      return matches.legalActions(req.params.id, caller(req), { seat: q.seat, minVersion: q.minVersion ?? 0 })
    },
  )

  app.post<{ Params: { id: string } }>(
    '/matches/:id/join',
    { schema: { tags: ['lobby'], summary: 'Take an open or reserved seat with a deck', params: idParam, body: doc(joinBody), security: playerBearer } },
    async (req) => lobby.join({ ...(req.body as object), matchId: req.params.id } as never, caller(req)),
  )

  for (const [path, summary, run] of [
    ['leave', 'WAITING only: free the caller’s seat', (a: { matchId: string; seat?: number | null }, c: Caller) => lobby.leave(a, c)],
    ['resign', 'Resign the caller’s seat (any time while ACTIVE)', (a: { matchId: string; seat?: number | null }, c: Caller) => matches.resign(a, c)],
    ['abort', 'Abort: while WAITING, or before every seat has moved', (a: { matchId: string; seat?: number | null }, c: Caller) => matches.abort(a, c)],
    ['rematch', 'Offer a rematch of a FINISHED match', (a: { matchId: string; seat?: number | null }, c: Caller) => lobby.offerRematch(a, c)],
  ] as const) {
    app.post<{ Params: { id: string } }>(
      `/matches/:id/${path}`,
      { schema: { tags: ['lobby'], summary, params: idParam, body: doc(seatBody), security: bearer } },
      async (req) => run({ matchId: req.params.id, seat: parse(seatBody, req.body).seat }, caller(req)),
    )
  }

  app.get<{ Params: { id: string } }>(
    '/matches/:id/export',
    { schema: { tags: ['matches'], summary: 'After the end: decks, options, seed, entropies and the full log, to replay and check', params: idParam } },
    async (req) => verification.export(req.params.id),
  )

  app.get<{ Params: { id: string } }>(
    '/matches/:id/verify',
    { schema: { tags: ['matches'], summary: 'After the end: the seed against its commitment, the replay against the snapshot', params: idParam } },
    async (req) => verification.verify(req.params.id),
  )

  app.get('/open-matches', { schema: { tags: ['lobby'], summary: 'Public WAITING matches with a free seat', querystring: doc(gameQuery) } }, async (req) =>
    lobby.openMatches(parse(gameQuery, req.query).game),
  )

  app.post('/players', { schema: { tags: ['players'], summary: 'Create a player; its key is returned once', body: doc(playerBody) } }, async (req, reply) => {
    reply.status(201)
    return players.create(parse(playerBody, req.body))
  })

  app.get('/players/me', { schema: { tags: ['players'], security: playerBearer } }, async (req) => {
    const me = await players.me(caller(req))
    if (!me) throw new ServiceError('UNAUTHENTICATED', 'this needs a player key: Authorization: Bearer <key>')
    return me
  })

  app.put('/players/me/webhook', { schema: { tags: ['players'], summary: 'Set (or, with a null url, remove) the webhook', body: doc(webhookBody), security: playerBearer } }, async (req) =>
    players.setWebhook(caller(req), parse(webhookBody, req.body)),
  )

  app.get('/players/me/webhook-deliveries', { schema: { tags: ['players'], querystring: doc(limitQuery), security: playerBearer } }, async (req) =>
    players.deliveries(caller(req), parse(limitQuery, req.query).limit),
  )

  app.get('/players/me/matches', { schema: { tags: ['players'], summary: 'The inbox: the caller’s matches, nearest deadline first', querystring: doc(inboxQuery), security: playerBearer } }, async (req) => {
    const q = parse(inboxQuery, req.query)
    return lobby.myMatches(caller(req), { status: q.status, toAct: q.toAct === undefined ? undefined : q.toAct === 'true' })
  })

  app.get(
    '/players/me/stream',
    {
      schema: {
        tags: ['players'],
        summary: "The caller's PlayerEvents as NDJSON (one JSON object per line; an empty line every 20 s keeps the connection alive)",
        security: playerBearer,
      },
    },
    async (req, reply) => {
      const who = caller(req)
      const me = await players.require(who)
      const stream = openNdjson(reply)
      stream.onClose(
        onPlayerEvent(opts.bus, me.id, (e) => {
          void (e.matchId ? matches.getForEvent(e.matchId, who) : Promise.resolve(null)).then(
            (match) => stream.write({ ...e, match }),
            (err) => req.log.error({ err }, 'player stream event failed'),
          )
        }),
      )
    },
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
