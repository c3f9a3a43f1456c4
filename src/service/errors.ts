import type { z } from 'zod'
import type { Violation } from '../kernel/index.ts'

/** The error codes of the API contract; every error a client receives carries one. */
export type ErrorCode =
  | 'BAD_USER_INPUT'
  | 'UNAUTHENTICATED'
  | 'NOT_FOUND'
  | 'NOT_YOUR_DECISION'
  | 'ILLEGAL_ACTION'
  | 'VERSION_CONFLICT'
  | 'DECK_ILLEGAL'
  | 'MATCH_FINISHED'
  | 'MATCH_NOT_STARTED'
  | 'SEAT_TAKEN'
  | 'INVITE_INVALID'
  | 'IDEMPOTENCY_KEY_REUSED'
  | 'NOT_DECK_OWNER'
  | 'INVITATION_BLOCKED'
  | 'QUOTA_EXCEEDED'
  | 'QUERY_SYNTAX'
  | 'DECK_CODE_INVALID'
  | 'CHALLENGE_CLOSED'
  | 'SEEK_CLOSED'
  | 'RATING_OUT_OF_RANGE'
  | 'NOT_A_BOT'
  | 'VACATION_EXHAUSTED'
  | 'RULES_VERSION_UNKNOWN'
  | 'RULES_VERSION_UNAVAILABLE'
  // Too many of one kind of request in a short time (chat messages past CHAT_MESSAGES_PER_MINUTE).
  | 'RATE_LIMITED'

export interface ErrorDetails {
  rule?: string
  reason?: string
  violations?: Violation[]
  issues?: { path: string; message: string }[]
  currentVersion?: number
  /** QUOTA_EXCEEDED: seconds until the quota has room again (REST also sends it as Retry-After). */
  retryAfter?: number
  /** QUERY_SYNTAX: the 0-based offset (UTF-16 code units) of the first character not accepted, and what would have been. */
  position?: number
  expected?: string
}

export class ServiceError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details: ErrorDetails = {},
  ) {
    super(message)
    this.name = 'ServiceError'
  }

  /** graphql-js copies an original error's `extensions` onto the GraphQL error, on every transport. */
  get extensions(): Record<string, unknown> {
    return { code: this.code, ...this.details }
  }
}

/** BAD_USER_INPUT naming the first issue's field (and, for a strict object, the unknown keys). */
export function badInput(error: z.ZodError, what = 'input'): ServiceError {
  const issues = error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }))
  const first = issues[0]
  const where = first?.path ? `${first.path}: ` : ''
  const raw = error.issues[0]
  const keys = raw && 'keys' in raw ? ` ${(raw.keys as string[]).join(', ')}` : ''
  return new ServiceError('BAD_USER_INPUT', `invalid ${what}: ${where}${first?.message ?? 'malformed'}${keys}`, { issues })
}

export function parseInput<T>(schema: z.ZodType<T>, value: unknown, what?: string): T {
  const r = schema.safeParse(value)
  if (!r.success) throw badInput(r.error, what)
  return r.data
}
