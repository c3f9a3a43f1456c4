/** The server's limits against abuse, with their environment variables and defaults (docs/configuration.md). */

export interface Limits {
  /** GRAPHQL_MAX_DEPTH: nesting of selections, fragments flattened. */
  graphqlDepth: number
  /** GRAPHQL_MAX_ALIASES: aliases in one operation. */
  graphqlAliases: number
  /** GRAPHQL_MAX_TOKENS: lexical tokens in one document (stops the parser early). */
  graphqlTokens: number
  /** GRAPHQL_MAX_COST: graphql-armor's cost (objects 2, scalars 1, times 1.5 per level). */
  graphqlCost: number
  /** GRAPHQL_MAX_ROOT_FIELDS: top-level fields in one operation (each may load a whole match). */
  graphqlRootFields: number
  /** RATE_LIMIT_MAX: requests per window from one client IP; 0 turns rate limiting off. */
  rateLimitMax: number
  /** RATE_LIMIT_TOKEN_MAX: requests per window with one bearer token, whatever the IP. */
  rateLimitTokenMax: number
  /** RATE_LIMIT_WINDOW_MS */
  rateLimitWindowMs: number
  /** SUBSCRIPTIONS_PER_CONNECTION: live subscriptions on one WebSocket. */
  subscriptionsPerConnection: number
  /** SUBSCRIPTIONS_PER_MATCH: live subscriptions and streams on one match, in one process. */
  subscriptionsPerMatch: number
  /** STREAM_BUFFER_KB: unsent lines held per NDJSON stream or subscription before only the newest is kept. */
  streamBufferKb: number
  /** STREAM_STALL_SECONDS: a client behind (over its buffer) this long is closed. */
  streamStallSeconds: number
  /** STREAMS_PER_ADDRESS: open NDJSON streams and WebSockets from one client address, per process. */
  streamsPerAddress: number
  /** STREAMS_PER_PLAYER: open NDJSON streams and subscriptions with one player key or seat token, per process. */
  streamsPerPlayer: number
  /** CONNECTIONS_PER_ADDRESS: open TCP connections from one client address, per process. */
  connectionsPerAddress: number
  /** REQUEST_BODY_TIMEOUT_MS: the time to send a whole request body (answered 408 past it). */
  requestBodyTimeoutMs: number
  /** SUBSCRIPTION_OPS_PER_MINUTE: subscribe operations per WebSocket connection per minute. */
  subscriptionOpsPerMinute: number
}

export const DEFAULT_LIMITS: Limits = {
  graphqlDepth: 8,
  graphqlAliases: 15,
  graphqlTokens: 2_000,
  graphqlCost: 5_000,
  graphqlRootFields: 10,
  rateLimitMax: 20_000,
  rateLimitTokenMax: 10_000,
  rateLimitWindowMs: 60_000,
  subscriptionsPerConnection: 20,
  subscriptionsPerMatch: 500,
  streamBufferKb: 64,
  streamStallSeconds: 30,
  streamsPerAddress: 200,
  streamsPerPlayer: 100,
  connectionsPerAddress: 500,
  requestBodyTimeoutMs: 10_000,
  subscriptionOpsPerMinute: 120,
}

/** Each bound's environment variable. */
export const LIMIT_ENV: Record<keyof Limits, string> = {
  graphqlDepth: 'GRAPHQL_MAX_DEPTH',
  graphqlAliases: 'GRAPHQL_MAX_ALIASES',
  graphqlTokens: 'GRAPHQL_MAX_TOKENS',
  graphqlCost: 'GRAPHQL_MAX_COST',
  graphqlRootFields: 'GRAPHQL_MAX_ROOT_FIELDS',
  rateLimitMax: 'RATE_LIMIT_MAX',
  rateLimitTokenMax: 'RATE_LIMIT_TOKEN_MAX',
  rateLimitWindowMs: 'RATE_LIMIT_WINDOW_MS',
  subscriptionsPerConnection: 'SUBSCRIPTIONS_PER_CONNECTION',
  subscriptionsPerMatch: 'SUBSCRIPTIONS_PER_MATCH',
  streamBufferKb: 'STREAM_BUFFER_KB',
  streamStallSeconds: 'STREAM_STALL_SECONDS',
  streamsPerAddress: 'STREAMS_PER_ADDRESS',
  streamsPerPlayer: 'STREAMS_PER_PLAYER',
  connectionsPerAddress: 'CONNECTIONS_PER_ADDRESS',
  requestBodyTimeoutMs: 'REQUEST_BODY_TIMEOUT_MS',
  subscriptionOpsPerMinute: 'SUBSCRIPTION_OPS_PER_MINUTE',
}

/** The per-client queue bounds of streams and subscriptions (bounded-queue.ts). */
export function queueBounds(limits: Limits): { bufferBytes: number; stallMs: number } {
  return { bufferBytes: limits.streamBufferKb * 1024, stallMs: limits.streamStallSeconds * 1000 }
}

/** The limits set in the environment; an unset variable keeps its default, a malformed one is an error. */
export function limitsFromEnv(env: NodeJS.ProcessEnv = process.env): Partial<Limits> {
  const out: Partial<Limits> = {}
  for (const [key, name] of Object.entries(LIMIT_ENV) as [keyof Limits, string][]) {
    const raw = env[name]
    if (raw === undefined || raw === '') continue
    const n = Number(raw)
    if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a whole number >= 0, not '${raw}'`)
    out[key] = n
  }
  return out
}
