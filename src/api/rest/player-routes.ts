/** Players over REST: keys, webhooks, language, vacations, blocks, the inbox and the player stream. */
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { ServiceError } from '../../service/index.ts'
import { afterFromRequest } from '../../service/player-events.ts'
import * as v from '../../service/views.ts'
import { fullMatch, fullPlayer } from './match-json.ts'
import { ndjson, responses } from './openapi.ts'
import { caller, idParam, input, parse, playerBearer, type RestOptions } from './route-support.ts'
import { streamPlayerEvents } from './stream.ts'

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

const blockBody = z.object({ blocked: z.boolean().optional() })

const vacationBody = z.object({ days: z.number().int() })

const limitQuery = z.object({ limit: z.coerce.number().int().min(1).max(200).optional() })

const afterDescription =
  'The seq of the last event the client has: every kept event after it is sent first (no pending state)'

const streamAfterQuery = z.object({
  after: z.string().regex(/^\d+$/).optional().describe(`${afterDescription}; wins over Last-Event-ID`),
})

const lastEventIdHeader = z.object({
  'last-event-id': z.string().regex(/^\d+$/).optional().describe(`${afterDescription} (as the query parameter after)`),
})

export async function playerRoutes(app: FastifyInstance, opts: RestOptions): Promise<void> {
  const { players, lobby, vacations } = opts.services

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
}
