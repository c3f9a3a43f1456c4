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

export interface ErrorDetails {
  rule?: string
  reason?: string
  violations?: Violation[]
  issues?: { path: string; message: string }[]
  currentVersion?: number
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

export function badInput(error: z.ZodError, what = 'input'): ServiceError {
  const issues = error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }))
  const first = issues[0]
  const where = first?.path ? `${first.path}: ` : ''
  return new ServiceError('BAD_USER_INPUT', `invalid ${what}: ${where}${first?.message ?? 'malformed'}`, { issues })
}

export function parseInput<T>(schema: z.ZodType<T>, value: unknown, what?: string): T {
  const r = schema.safeParse(value)
  if (!r.success) throw badInput(r.error, what)
  return r.data
}
