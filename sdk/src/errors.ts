// ArbiterError: every failure the client reports, with the server's error code.
import { STATUS_OF_CODE, type ServerErrorCode } from './generated/errors.ts'

/**
 * The server's error codes (GraphQL `extensions.code`, REST `code`), plus two of the client's own:
 * NETWORK_ERROR (a request got no answer) and ABORTED (`play` was stopped before it saw the match).
 */
export type ErrorCode = ServerErrorCode | 'NETWORK_ERROR' | 'ABORTED' | (string & {})

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

/** The status of an error answer: the HTTP one, unless it is GraphQL's 200, which says nothing of the error. */
export function statusFor(code: string, httpStatus: number): number {
  return httpStatus >= 400 ? httpStatus : ((STATUS_OF_CODE as Record<string, number>)[code] ?? (httpStatus || 500))
}

/** The server's message, with the violations of an illegal deck (each with its rule) that it sends beside it. */
export function withViolations(message: string, details: Record<string, unknown>): string {
  const violations = details.violations
  if (!Array.isArray(violations) || violations.length === 0) return message
  const words = violations.map(
    (v: { message?: unknown; rule?: unknown }) =>
      `${String(v.message)}${typeof v.rule === 'string' ? ` (${v.rule})` : ''}`,
  )
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
