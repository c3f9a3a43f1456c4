// ArbiterError: every failure the client reports, with the server's error code.

/**
 * The server's error codes (GraphQL `extensions.code`, REST `code`), plus two of the client's own:
 * NETWORK_ERROR (a request got no answer) and ABORTED (`play` was stopped before it saw the match).
 */
export type ErrorCode =
  | 'BAD_USER_INPUT'
  | 'UNAUTHENTICATED'
  | 'NOT_FOUND'
  | 'NOT_YOUR_DECISION'
  | 'ILLEGAL_ACTION'
  | 'VERSION_CONFLICT'
  | 'DECK_ILLEGAL'
  | 'MATCH_FINISHED'
  | 'SEAT_TAKEN'
  | 'INVITE_INVALID'
  | 'MATCH_NOT_STARTED'
  | 'IDEMPOTENCY_KEY_REUSED'
  | 'NOT_DECK_OWNER'
  | 'INVITATION_BLOCKED'
  | 'QUOTA_EXCEEDED'
  | 'CHALLENGE_CLOSED'
  | 'SEEK_CLOSED'
  | 'RATING_OUT_OF_RANGE'
  | 'NOT_A_BOT'
  | 'TOURNAMENT_STARTED'
  | 'TOO_FEW_ENTRANTS'
  | 'RATE_LIMITED'
  | 'QUERY_TOO_COMPLEX'
  | 'UNAVAILABLE'
  | 'GRAPHQL_PARSE_FAILED'
  | 'GRAPHQL_VALIDATION_FAILED'
  | 'INTERNAL_SERVER_ERROR'
  | 'NETWORK_ERROR'
  | 'ABORTED'
  | (string & {})

export interface ArbiterErrorInit {
  code: ErrorCode
  message: string
  /**
   * The HTTP status: the response's, or for a GraphQL error (answered 200) the status the REST API gives that code
   * (e.g. 403 for NOT_YOUR_DECISION, 422 for ILLEGAL_ACTION); 0 when there was no answer.
   */
  status: number
  rule?: string
  reason?: string
  /** Seconds the server asked to wait (Retry-After). */
  retryAfter?: number
  /** Everything else the server sent with the error (e.g. `violations`, `currentVersion`). */
  details?: Record<string, unknown>
}

export class ArbiterError extends Error {
  readonly code: ErrorCode
  readonly status: number
  /** The rule's catalogue id, for ILLEGAL_ACTION. */
  readonly rule?: string
  readonly reason?: string
  readonly retryAfter?: number
  readonly details: Record<string, unknown>

  constructor(init: ArbiterErrorInit, options?: { cause?: unknown }) {
    super(init.message, options)
    this.name = 'ArbiterError'
    this.code = init.code
    this.status = init.status
    this.rule = init.rule
    this.reason = init.reason
    this.retryAfter = init.retryAfter
    this.details = init.details ?? {}
  }

  /** Worth retrying: the server was busy or away, or no answer came. */
  get retryable(): boolean {
    return this.code === 'UNAVAILABLE' || this.code === 'RATE_LIMITED' || this.code === 'NETWORK_ERROR'
  }
}

/** Retry-After as seconds (either a number of seconds or an HTTP date), or undefined. */
export function parseRetryAfter(header: string | null, now = Date.now()): number | undefined {
  if (!header) return undefined
  const seconds = Number(header)
  if (Number.isFinite(seconds)) return Math.max(0, seconds)
  const at = Date.parse(header)
  return Number.isNaN(at) ? undefined : Math.max(0, (at - now) / 1000)
}

/** The status the REST API answers each server code with (as the server's src/api/rest/http-errors.ts). */
const STATUS_OF_CODE: Record<string, number> = {
  BAD_USER_INPUT: 400,
  QUERY_TOO_COMPLEX: 400,
  GRAPHQL_PARSE_FAILED: 400,
  GRAPHQL_VALIDATION_FAILED: 400,
  QUERY_SYNTAX: 400,
  DECK_CODE_INVALID: 400,
  UNAUTHENTICATED: 401,
  NOT_YOUR_DECISION: 403,
  INVITE_INVALID: 403,
  NOT_DECK_OWNER: 403,
  INVITATION_BLOCKED: 403,
  RATING_OUT_OF_RANGE: 403,
  NOT_A_BOT: 403,
  NOT_FOUND: 404,
  VERSION_CONFLICT: 409,
  MATCH_FINISHED: 409,
  MATCH_NOT_STARTED: 409,
  SEAT_TAKEN: 409,
  CHALLENGE_CLOSED: 409,
  SEEK_CLOSED: 409,
  TOURNAMENT_STARTED: 409,
  TOO_FEW_ENTRANTS: 409,
  ILLEGAL_ACTION: 422,
  DECK_ILLEGAL: 422,
  IDEMPOTENCY_KEY_REUSED: 422,
  VACATION_EXHAUSTED: 422,
  QUOTA_EXCEEDED: 429,
  RATE_LIMITED: 429,
  INTERNAL_SERVER_ERROR: 500,
  UNAVAILABLE: 503,
}

/** The status of an error answer: the HTTP one, unless it is GraphQL's 200, which says nothing of the error. */
export function statusFor(code: string, httpStatus: number): number {
  return httpStatus >= 400 ? httpStatus : (STATUS_OF_CODE[code] ?? (httpStatus || 500))
}

/** The server's message, with the violations of an illegal deck (each with its rule) that it sends beside it. */
export function withViolations(message: string, details: Record<string, unknown>): string {
  const violations = details.violations
  if (!Array.isArray(violations) || violations.length === 0) return message
  const words = violations.map((v: { message?: unknown; rule?: unknown }) => `${String(v.message)}${typeof v.rule === 'string' ? ` (${v.rule})` : ''}`)
  return `${message}: ${words.join('; ')}`
}

/** The code a bare HTTP status means when the body names none. */
export function codeForStatus(status: number): ErrorCode {
  if (status === 429) return 'RATE_LIMITED'
  if (status === 502 || status === 503 || status === 504) return 'UNAVAILABLE'
  if (status === 401) return 'UNAUTHENTICATED'
  if (status === 404) return 'NOT_FOUND'
  if (status >= 500) return 'INTERNAL_SERVER_ERROR'
  return 'BAD_USER_INPUT'
}
