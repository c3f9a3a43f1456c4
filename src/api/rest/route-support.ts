/** What the REST resource plugins share: the caller of a request, input parsing, security and error lists. */
import type { FastifyRequest } from 'fastify'
import { z } from 'zod'
import { ServiceError, type Caller, type ErrorCode, type Services } from '../../service/index.ts'
import { bearerToken } from '../auth.ts'
import type { MatchWatchers } from '../match-watch.ts'
import type { UpdateBus } from '../updates.ts'
import { openapi } from './openapi.ts'
import type { StreamLimits } from './stream.ts'

/** The options every resource plugin of the REST mirror is registered with. */
export interface RestOptions {
  services: Services
  watchers: MatchWatchers
  bus: UpdateBus
  streams: StreamLimits
}

export function caller(req: FastifyRequest): Caller {
  return { token: bearerToken(req.headers.authorization), address: req.ip, language: req.language }
}

export const input = (schema: z.ZodType, example?: unknown) => openapi(schema, 'input', example)
export const idParam = { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] }
export const bearer = [{ seatToken: [] }]
export const playerBearer = [{ playerKey: [] }]

export const seatBody = z.object({ seat: z.number().int().min(0).max(7).nullish() })
export const gameQuery = z.object({ game: z.string().optional() })

export function parse<T>(schema: z.ZodType<T>, value: unknown): T {
  const r = schema.safeParse(value ?? {})
  if (!r.success) throw new ServiceError('BAD_USER_INPUT', r.error.issues[0]?.message ?? 'malformed request')
  return r.data
}

export const MATCH_ERRORS: ErrorCode[] = ['NOT_FOUND', 'UNAUTHENTICATED']
export const SEAT_ERRORS: ErrorCode[] = [
  'NOT_FOUND',
  'UNAUTHENTICATED',
  'NOT_YOUR_DECISION',
  'MATCH_FINISHED',
  'MATCH_NOT_STARTED',
  'ILLEGAL_ACTION',
]

/** Examples for the OpenAPI document from the games served: their own sample decks and a real opening action. */
export function routeExamples(services: Services) {
  const { catalog } = services
  const example = catalog.games().find(g => g.sampleDecks.length > 0)
  return {
    example,
    sampleDeck: example?.sampleDecks[0],
    sampleAction: example ? catalog.sampleAction(example.id) : null,
    sampleCard: example ? catalog.cards({ game: example.id, first: 1 }) : undefined,
  }
}
