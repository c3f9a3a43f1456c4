/**
 * The operator API over REST (/api/admin/…): the same service calls as the admin… GraphQL fields, with
 * ARBITER_ADMIN_KEY as the bearer.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { z } from 'zod'
import { ServiceError, type Caller, type Services } from '../../service/index.ts'
import * as v from '../../service/views.ts'
import { bearerToken, operatorHeader } from '../auth.ts'
import { openapi, responses } from './openapi.ts'

function operator(req: FastifyRequest): Caller {
  return {
    token: bearerToken(req.headers.authorization),
    address: req.ip,
    operator: operatorHeader(req.headers['x-arbiter-operator']),
  }
}

const input = (schema: z.ZodType, example?: unknown) => openapi(schema, 'input', example)
const idParam = { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] }
const operatorBearer = [{ operatorKey: [] }]
const operatorHeaders = z.object({
  'x-arbiter-operator': z.string().min(1).max(60).optional().describe('Who acts, for adminLog (default "admin")'),
})

// Query strings are text: numbers are read here, then the service checks every argument as GraphQL's are.
const first = z
  .string()
  .regex(/^-?\d+$/, 'first must be a whole number')
  .transform(Number)
  .optional()
  .describe('1 to 200 (default 50)')
const matchesQuery = z.object({
  status: z.string().optional().describe('WAITING | ACTIVE | FINISHED | ABORTED'),
  game: z.string().optional(),
  player: z.string().optional().describe("A seat's player id"),
  first,
  after: z.string().optional().describe('The id of the last match of the previous page'),
})
const playersQuery = z.object({
  search: z.string().optional().describe('Part of the name (any case), or the exact id'),
  first,
  after: z.string().optional().describe('The id of the last player of the previous page'),
})
const logQuery = z.object({ first })
const abortBody = z.object({ reason: z.string().nullish() })
const blockBody = z.object({ blocked: z.boolean().nullish(), reason: z.string().nullish() })

function parse<T>(schema: z.ZodType<T>, value: unknown): T {
  const r = schema.safeParse(value ?? {})
  if (!r.success) throw new ServiceError('BAD_USER_INPUT', r.error.issues[0]?.message ?? 'malformed request')
  return r.data
}

/** Drops absent query parameters, so that the service sees only what was given. */
function given<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, x]) => x !== undefined)) as Partial<T>
}

export async function adminRoutes(app: FastifyInstance, opts: { services: Services }): Promise<void> {
  const { admin } = opts.services
  const errors = ['UNAUTHENTICATED'] as const
  app.get(
    '/admin/matches',
    {
      schema: {
        operationId: 'adminMatches',
        tags: ['operator'],
        summary: 'Operator: matches, newest first, as a spectator sees them',
        querystring: input(matchesQuery),
        security: operatorBearer,
        response: responses({ schema: z.array(v.matchView), description: 'The matches' }, [...errors]),
      },
    },
    async req => admin.listMatches(operator(req), given(parse(matchesQuery, req.query))),
  )
  app.get(
    '/admin/players',
    {
      schema: {
        operationId: 'adminPlayers',
        tags: ['operator'],
        summary: 'Operator: players, newest first, each with `blocked`',
        querystring: input(playersQuery),
        security: operatorBearer,
        response: responses({ schema: z.array(v.playerView), description: 'The players' }, [...errors]),
      },
    },
    async req => admin.listPlayers(operator(req), given(parse(playersQuery, req.query))),
  )
  app.get(
    '/admin/log',
    {
      schema: {
        operationId: 'adminLog',
        tags: ['operator'],
        summary: 'Operator: what the operator did, newest first',
        querystring: input(logQuery),
        security: operatorBearer,
        response: responses({ schema: z.array(v.adminActionView), description: 'The operator actions' }, [...errors]),
      },
    },
    async req => admin.log(operator(req), given(parse(logQuery, req.query))),
  )
  app.post<{ Params: { id: string } }>(
    '/admin/matches/:id/abort',
    {
      schema: {
        operationId: 'adminAbortMatch',
        tags: ['operator'],
        summary:
          'Operator: the match ends ABORTED now, whatever its status (endReason "aborted by the operator"); logged',
        params: idParam,
        headers: input(operatorHeaders),
        body: input(abortBody, { reason: 'reported as abusive' }),
        security: operatorBearer,
        response: responses(
          { schema: v.matchView, description: 'The match, as a spectator sees it' },
          [...errors, 'NOT_FOUND'],
          true,
        ),
      },
    },
    async req => admin.abortMatch(operator(req), { matchId: req.params.id, ...given(parse(abortBody, req.body)) }),
  )
  app.post<{ Params: { id: string } }>(
    '/admin/players/:id/block',
    {
      schema: {
        operationId: 'adminBlockPlayer',
        tags: ['operator'],
        summary:
          'Operator: block (or, with blocked: false, unblock) a player: its keys and seat tokens are refused on every server at once, its seats in ACTIVE matches time out now; logged',
        params: idParam,
        headers: input(operatorHeaders),
        body: input(blockBody, { blocked: true, reason: 'spam' }),
        security: operatorBearer,
        response: responses(
          { schema: v.playerView, description: 'The player, with `blocked`' },
          [...errors, 'NOT_FOUND'],
          true,
        ),
      },
    },
    async req => admin.blockPlayer(operator(req), { playerId: req.params.id, ...given(parse(blockBody, req.body)) }),
  )
  app.delete<{ Params: { id: string } }>(
    '/admin/chat/:id',
    {
      schema: {
        operationId: 'adminDeleteChatMessage',
        tags: ['operator'],
        summary: 'Operator: deletes a chat message for everyone; logged',
        params: idParam,
        headers: input(operatorHeaders),
        security: operatorBearer,
        response: responses({ schema: z.boolean(), description: 'true' }, [...errors, 'NOT_FOUND']),
      },
    },
    async req => admin.deleteChatMessage(operator(req), { id: req.params.id }),
  )
}
