/** Match chat over REST: reading a room, posting, muting a player. */
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import * as v from '../../service/views.ts'
import { responses } from './openapi.ts'
import { MATCH_ERRORS, bearer, caller, idParam, input, parse, playerBearer, type RestOptions } from './route-support.ts'

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

export async function chatRoutes(app: FastifyInstance, opts: RestOptions): Promise<void> {
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
}
