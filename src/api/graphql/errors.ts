import { GraphQLError, type ExecutionResult } from 'graphql'
import { ServiceError } from '../../service/errors.ts'
import { errorMessage } from '../../service/language.ts'
import type { Language } from '../../kernel/index.ts'
import { isBadDataError, isConnectionError } from '../../store/faults.ts'
import { ApiError } from '../api-error.ts'
import { isTokenLimitError, TOO_COMPLEX } from './limits.ts'

export interface FormattedError {
  message: string
  locations?: readonly { line: number; column: number }[]
  path?: readonly (string | number)[]
  extensions: Record<string, unknown> & { code: string }
}

export const UNAVAILABLE_MESSAGE = 'the database is unreachable; retry shortly'
export const BAD_DATA_MESSAGE =
  'a value the database cannot take: a NUL character or invalid text, or a number out of range'

/** Every error a client receives carries extensions.code (the codes of the API contract). */
export function formatError(error: GraphQLError, log: (err: unknown) => void): FormattedError {
  const base = { locations: error.locations, path: error.path }
  const original = error.originalError
  if (original instanceof ServiceError) {
    return { ...base, message: original.message, extensions: { code: original.code, ...original.details } }
  }
  if (original instanceof ApiError) {
    return {
      ...base,
      message: original.message,
      extensions: { ...original.extensions, code: original.code, http: original.statusCode },
    }
  }
  if (typeof error.extensions?.code === 'string') {
    return { ...base, message: error.message, extensions: { ...error.extensions, code: error.extensions.code } }
  }
  const httpStatus = (original as { statusCode?: unknown } | undefined)?.statusCode
  if (typeof httpStatus === 'number' && httpStatus >= 400 && httpStatus < 500) {
    // Rejected before GraphQL ran: Fastify's body parsing (malformed JSON, too large) or mercurius's
    // request checks (no query at all).
    const mercurius = String((original as { code?: unknown }).code ?? '').startsWith('MER_ERR')
    return {
      ...base,
      message: original!.message,
      extensions: { code: mercurius ? 'GRAPHQL_PARSE_FAILED' : 'BAD_USER_INPUT', http: httpStatus },
    }
  }
  if (!original) {
    // Errors graphql-js raises itself: the parser, the validator and variable coercion.
    if (isTokenLimitError(error.message))
      return { ...base, message: error.message.replace(/^Syntax Error: /, ''), extensions: { code: TOO_COMPLEX } }
    const code = error.message.startsWith('Syntax Error') ? 'GRAPHQL_PARSE_FAILED' : 'GRAPHQL_VALIDATION_FAILED'
    return { ...base, message: error.message, extensions: { code } }
  }
  const refusal = original instanceof GraphQLError ? refusalIn(original) : undefined
  if (refusal instanceof ApiError) {
    // A scalar's parseValue refusing a variable (JSON nested too deep), wrapped by graphql-js's coercion.
    return {
      ...base,
      message: error.message,
      extensions: { ...refusal.extensions, code: refusal.code, http: refusal.statusCode },
    }
  }
  if (original instanceof GraphQLError) {
    // graphql-js coercing a variable (an Int out of range, 1.5, a string): the request's fault.
    return { ...base, message: original.message, extensions: { code: 'GRAPHQL_VALIDATION_FAILED' } }
  }
  if (isConnectionError(original)) {
    return { ...base, message: UNAVAILABLE_MESSAGE, extensions: { code: 'UNAVAILABLE' } }
  }
  if (isBadDataError(original)) {
    return { ...base, message: BAD_DATA_MESSAGE, extensions: { code: 'BAD_USER_INPUT' } }
  }
  log(original)
  return { ...base, message: 'internal error', extensions: { code: 'INTERNAL_SERVER_ERROR' } }
}

/** The API's or a service's refusal behind an error and the wrappers graphql-js put around it, if any. */
function refusalIn(error: unknown): ApiError | ServiceError | undefined {
  for (let e = error, depth = 0; e && depth < 5; e = (e as { originalError?: unknown }).originalError, depth++) {
    if (e instanceof ApiError || e instanceof ServiceError) return e
  }
  return undefined
}

/** Mercurius wraps parse and validation failures in one error that carries the real ones in `errors`. */
/** A formatted error's message in the request's language (the code and extensions unchanged). */
export function inLanguage(
  formatted: FormattedError,
  error: GraphQLError,
  language: Language | undefined,
): FormattedError {
  const original = error.originalError
  const writtenIn = original instanceof ServiceError ? original.language : undefined
  return { ...formatted, message: errorMessage(formatted.extensions.code, formatted.message, language, writtenIn) }
}

export function flattenErrors(errors: readonly GraphQLError[]): GraphQLError[] {
  return errors.flatMap(e => {
    const inner = (e.originalError as { errors?: unknown } | undefined)?.errors
    // An inner error may come from another copy of graphql-js (not instanceof ours): rebuilt, it keeps a cause of ours.
    if (Array.isArray(inner)) {
      return inner.map(x =>
        x instanceof GraphQLError
          ? x
          : new GraphQLError(String((x as Error).message ?? x), { originalError: refusalIn(x) }),
      )
    }
    return [e]
  })
}

/**
 * The codes only the GraphQL layer gives (not from a service or a REST route), with the status a whole failed request
 * gets.
 */
export const GRAPHQL_ERROR_STATUS = {
  GRAPHQL_PARSE_FAILED: 400,
  GRAPHQL_VALIDATION_FAILED: 400,
  INTERNAL_SERVER_ERROR: 500,
} as const

/** 503 whenever the database was unreachable, even for a partial answer, so that clients retry it whole. */
export function statusFor(execution: ExecutionResult, errors: FormattedError[]): number {
  if (errors.some(e => e.extensions.code === 'UNAVAILABLE')) return 503
  // A variable that failed coercion leaves `data` present but every field null: still the request's fault.
  if (errors.length > 0 && errors.every(e => e.extensions.code === 'GRAPHQL_VALIDATION_FAILED')) return 400
  if (execution.data) return 200
  if (errors.some(e => e.extensions.code === 'QUOTA_EXCEEDED')) return 429
  const http = errors.map(e => e.extensions.http).find((s): s is number => typeof s === 'number')
  if (http !== undefined) return http
  const codes = new Set(errors.map(e => e.extensions.code))
  if (codes.has('GRAPHQL_PARSE_FAILED') || codes.has('GRAPHQL_VALIDATION_FAILED') || codes.has(TOO_COMPLEX))
    return GRAPHQL_ERROR_STATUS.GRAPHQL_PARSE_FAILED
  if (codes.has('INTERNAL_SERVER_ERROR')) return GRAPHQL_ERROR_STATUS.INTERNAL_SERVER_ERROR
  return 200
}

/**
 * QUOTA_EXCEEDED's wait in seconds (the longest of the answer's), for the Retry-After of a 429; null when there is
 * none.
 */
export function retryAfterOf(errors: FormattedError[]): number | null {
  const waits = errors
    .filter(e => e.extensions.code === 'QUOTA_EXCEEDED')
    .map(e => e.extensions.retryAfter)
    .filter((s): s is number => typeof s === 'number')
  return waits.length ? Math.max(...waits) : null
}
