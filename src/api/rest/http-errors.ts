import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify'
import { errorMessage, ServiceError, type ErrorCode } from '../../service/index.ts'
import { isBadDataError, isConnectionError } from '../../store/faults.ts'
import { ApiError } from '../api-error.ts'
import { countRejection } from '../metrics.ts'
import { BAD_DATA_MESSAGE, UNAVAILABLE_MESSAGE } from '../graphql/errors.ts'

export const STATUS: Record<ErrorCode, number> = {
  BAD_USER_INPUT: 400,
  UNAUTHENTICATED: 401,
  NOT_YOUR_DECISION: 403,
  NOT_FOUND: 404,
  VERSION_CONFLICT: 409,
  MATCH_FINISHED: 409,
  ILLEGAL_ACTION: 422,
  DECK_ILLEGAL: 422,
  MATCH_NOT_STARTED: 409,
  SEAT_TAKEN: 409,
  INVITE_INVALID: 403,
  IDEMPOTENCY_KEY_REUSED: 422,
  NOT_DECK_OWNER: 403,
  INVITATION_BLOCKED: 403,
  QUOTA_EXCEEDED: 429,
  QUERY_SYNTAX: 400,
  DECK_CODE_INVALID: 400,
  CHALLENGE_CLOSED: 409,
  SEEK_CLOSED: 409,
  RATING_OUT_OF_RANGE: 403,
  NOT_A_BOT: 403,
  VACATION_EXHAUSTED: 422,
  TAKEBACK_REFUSED: 422,
  TOURNAMENT_STARTED: 409,
  TOO_FEW_ENTRANTS: 409,
  RULES_VERSION_UNKNOWN: 404,
  RULES_VERSION_UNAVAILABLE: 410,
  RATE_LIMITED: 429,
  CARD_INVALID: 422,
  CARD_SET_LIMIT: 422,
  NOT_CARD_SET_OWNER: 403,
  RULES_LOOP: 422,
}

export interface ErrorBody {
  code: string
  message: string
  [detail: string]: unknown
}

/** One error shape for every non-GraphQL route: `{ code, message, ...details }`, never a bare 500 for bad input. */
export function errorHandler(error: FastifyError | Error, request: FastifyRequest, reply: FastifyReply): void {
  countRejection(codeOf(error))
  respond(error, request, reply)
}

function codeOf(error: Error): string {
  if (error instanceof ServiceError || error instanceof ApiError) return error.code
  if (isConnectionError(error)) return 'UNAVAILABLE'
  const status = (error as FastifyError).statusCode
  return (typeof status === 'number' && status < 500) || isBadDataError(error)
    ? 'BAD_USER_INPUT'
    : 'INTERNAL_SERVER_ERROR'
}

function respond(error: FastifyError | Error, request: FastifyRequest, reply: FastifyReply): void {
  if (error instanceof ServiceError) {
    if (error.details.retryAfter !== undefined) void reply.header('retry-after', String(error.details.retryAfter))
    void reply.status(STATUS[error.code]).send({
      code: error.code,
      message: errorMessage(error.code, error.message, request.language, error.language),
      ...error.details,
    } satisfies ErrorBody)
    return
  }
  if (error instanceof ApiError) {
    void reply.status(error.statusCode).send({
      code: error.code,
      message: errorMessage(error.code, error.message, request.language),
      ...error.details,
    } satisfies ErrorBody)
    return
  }
  const status = (error as FastifyError).statusCode
  if (typeof status === 'number' && status >= 400 && status < 500) {
    // Fastify's own rejections: malformed JSON, unsupported media type, body too large, ...
    void reply.status(status).send({
      code: 'BAD_USER_INPUT',
      message: errorMessage('BAD_USER_INPUT', error.message, request.language),
    } satisfies ErrorBody)
    return
  }
  if (isConnectionError(error)) {
    void reply
      .status(503)
      .header('retry-after', '1')
      .send({ code: 'UNAVAILABLE', message: UNAVAILABLE_MESSAGE } satisfies ErrorBody)
    return
  }
  if (isBadDataError(error)) {
    void reply.status(400).send({ code: 'BAD_USER_INPUT', message: BAD_DATA_MESSAGE } satisfies ErrorBody)
    return
  }
  request.log.error({ err: error }, 'unexpected error')
  void reply.status(500).send({ code: 'INTERNAL_SERVER_ERROR', message: 'internal error' } satisfies ErrorBody)
}
