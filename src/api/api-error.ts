/** Refusals made by the API layer itself (limits, rate, availability), with their HTTP status. */

// BAD_USER_INPUT here: input the API refuses before any service sees it (JSON nested too deep).
export type ApiErrorCode = 'BAD_USER_INPUT' | 'QUERY_TOO_COMPLEX' | 'RATE_LIMITED' | 'UNAVAILABLE'

export const API_ERROR_STATUS: Record<ApiErrorCode, number> = {
  BAD_USER_INPUT: 400,
  QUERY_TOO_COMPLEX: 400,
  RATE_LIMITED: 429,
  UNAVAILABLE: 503,
}

export class ApiError extends Error {
  constructor(
    readonly code: ApiErrorCode,
    message: string,
    readonly details: Record<string, unknown> = {},
  ) {
    super(message)
    this.name = 'ApiError'
  }

  get statusCode(): number {
    return API_ERROR_STATUS[this.code]
  }

  /** graphql-js copies an original error's `extensions` onto the GraphQL error. */
  get extensions(): Record<string, unknown> {
    return { code: this.code, ...this.details }
  }
}
