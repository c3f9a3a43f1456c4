/** The credentials of a request's headers: its bearer token, and the operator's name. */

/** The bearer token of an Authorization header value, or undefined. */
export function bearerToken(header: unknown): string | undefined {
  if (typeof header !== 'string') return undefined
  const m = /^Bearer\s+(\S+)\s*$/i.exec(header)
  return m?.[1]
}

/** The X-Arbiter-Operator header (who the operator is, for the log), or null; the admin service checks its form. */
export function operatorHeader(header: unknown): string | null {
  return typeof header === 'string' ? header : null
}
