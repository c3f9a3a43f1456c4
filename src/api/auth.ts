/** The bearer token of an Authorization header value, or undefined. */
export function bearerToken(header: unknown): string | undefined {
  if (typeof header !== 'string') return undefined
  const m = /^Bearer\s+(\S+)\s*$/i.exec(header)
  return m?.[1]
}
