import type { z } from 'zod'
import type { Language, Violation } from '../kernel/index.ts'

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
  // A takeback that cannot be granted; `reason` says why (RANDOM_USED, HIDDEN_REVEALED, NOT_ALLOWED).
  | 'TAKEBACK_REFUSED'
  | 'TOURNAMENT_STARTED'
  | 'TOO_FEW_ENTRANTS'
  | 'RULES_VERSION_UNKNOWN'
  | 'RULES_VERSION_UNAVAILABLE'
  // Too many of one kind of request in a short time (chat messages past CHAT_MESSAGES_PER_MINUTE).
  | 'RATE_LIMITED'
  // Homebrew card sets: a card the schema or vocabulary refuses, a set's bounds, another player's set, effects that do
  // not end.
  | 'CARD_INVALID'
  | 'CARD_SET_LIMIT'
  | 'NOT_CARD_SET_OWNER'
  | 'RULES_LOOP'

export interface ErrorDetails {
  rule?: string
  reason?: string
  violations?: Violation[]
  issues?: { path: string; message: string }[]
  currentVersion?: number
  /** QUOTA_EXCEEDED: seconds until the quota has room again (REST also sends it as Retry-After). */
  retryAfter?: number
  /**
   * QUERY_SYNTAX: the 0-based offset (UTF-16 code units) of the first character not accepted, and what would have been.
   */
  position?: number
  expected?: string
  /**
   * CARD_INVALID: the card's index in `cards`, its id, the JSON Pointer of the refused place, the words the place
   * takes.
   */
  card?: number | string
  cardId?: string
  path?: string
  words?: string[]
  /** CARD_SET_LIMIT: which bound (cards, bytes or sets) and its maximum. */
  limit?: string
  max?: number
  /** RULES_LOOP: the looping card's set (`<id>@<version>`, null for testCard's own card) and the step limit. */
  set?: string | null
  steps?: number
}

export class ServiceError extends Error {
  /**
   * The language the message is already written in (absent: English, translated by code where the answer asks another).
   */
  language?: Language

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
  const issues = error.issues.map(i => ({ path: i.path.join('.'), message: i.message }))
  const first = issues[0]
  const where = first?.path ? `${first.path}: ` : ''
  const raw = error.issues[0]
  const keys = raw && 'keys' in raw ? ` ${(raw.keys as string[]).join(', ')}` : ''
  return new ServiceError('BAD_USER_INPUT', `invalid ${what}: ${where}${first?.message ?? 'malformed'}${keys}`, {
    issues,
  })
}

export function parseInput<T>(schema: z.ZodType<T>, value: unknown, what?: string): T {
  const r = schema.safeParse(value)
  if (!r.success) throw badInput(r.error, what)
  return r.data
}
