// HTTP to the server: GraphQL POSTs with retries and backoff, and authenticated GETs for the NDJSON streams.
import { ArbiterError, codeForStatus, parseRetryAfter, statusFor, withViolations } from './errors.ts'

export interface RetryPolicy {
  /** Further attempts after the first (default 5). */
  retries: number
  /** First backoff in ms, doubled per attempt with jitter (default 200). */
  baseDelayMs: number
  /** Longest backoff in ms (default 5000). A server's Retry-After is honoured even when longer. */
  maxDelayMs: number
}

export interface TransportOptions {
  url: string
  /** A seat token or a player key, sent as `Authorization: Bearer …`. */
  secret?: string
  fetch?: typeof fetch
  retry?: Partial<RetryPolicy>
}

interface GraphQLBody {
  data?: Record<string, unknown> | null
  errors?: { message: string; extensions?: Record<string, unknown> }[]
}

export const sleep = (ms: number) => new Promise<void>(resolve => setTimeout(resolve, ms))

export class Transport {
  readonly url: string
  private readonly secret?: string
  private readonly fetch: typeof fetch
  private readonly retry: RetryPolicy

  constructor(opts: TransportOptions) {
    this.url = opts.url.replace(/\/+$/, '')
    this.secret = opts.secret
    this.fetch = opts.fetch ?? globalThis.fetch
    this.retry = { retries: 5, baseDelayMs: 200, maxDelayMs: 5000, ...opts.retry }
  }

  headers(extra: Record<string, string> = {}): Record<string, string> {
    return { ...(this.secret ? { authorization: `Bearer ${this.secret}` } : {}), ...extra }
  }

  /**
   * One GraphQL operation. Busy or unavailable answers are retried; a request that got no answer at all is
   * retried only when `idempotent` (queries, and submits carrying an idempotency key), since it may have been applied.
   */
  async graphql<T>(query: string, variables: Record<string, unknown>, opts: { idempotent: boolean }): Promise<T> {
    return this.withRetries(opts.idempotent, async () => {
      const res = await this.send(`${this.url}/graphql`, {
        method: 'POST',
        headers: this.headers({ 'content-type': 'application/json', accept: 'application/json' }),
        body: JSON.stringify({ query, variables }),
      })
      const body = (await res.json().catch(() => null)) as GraphQLBody | null
      const first = body?.errors?.[0]
      if (first) throw graphqlError(first, res)
      if (!res.ok || !body?.data) throw httpError(res, body)
      return body.data as T
    })
  }

  /** Opens a GET stream; an error status becomes an ArbiterError (from the REST body's `code`). */
  async open(path: string, signal: AbortSignal): Promise<Response> {
    const res = await this.send(`${this.url}${path}`, {
      headers: this.headers({ accept: 'application/x-ndjson' }),
      signal,
    })
    if (!res.ok) throw httpError(res, await res.json().catch(() => null))
    return res
  }

  async withRetries<T>(idempotent: boolean, run: () => Promise<T>): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await run()
      } catch (e) {
        if (!(e instanceof ArbiterError) || !e.retryable || attempt >= this.retry.retries) throw e
        if (e.code === 'NETWORK_ERROR' && !idempotent) throw e
        await sleep(this.delay(attempt, e.retryAfter))
      }
    }
  }

  delay(attempt: number, retryAfter?: number): number {
    if (retryAfter !== undefined) return retryAfter * 1000
    const ceiling = Math.min(this.retry.maxDelayMs, this.retry.baseDelayMs * 2 ** attempt)
    return ceiling / 2 + (Math.random() * ceiling) / 2
  }

  private async send(url: string, init: RequestInit): Promise<Response> {
    try {
      return await this.fetch(url, init)
    } catch (e) {
      if (init.signal?.aborted) throw e
      throw new ArbiterError(
        { code: 'NETWORK_ERROR', message: `no answer from ${url}: ${(e as Error).message}`, status: 0 },
        { cause: e },
      )
    }
  }
}

function graphqlError(err: { message: string; extensions?: Record<string, unknown> }, res: Response): ArbiterError {
  const { code, rule, reason, retryAfter, ...details } = err.extensions ?? {}
  const known = typeof code === 'string' ? code : codeForStatus(res.status)
  return new ArbiterError({
    code: known,
    message: withViolations(err.message, details),
    status: statusFor(known, res.status),
    rule: typeof rule === 'string' ? rule : undefined,
    reason: typeof reason === 'string' ? reason : undefined,
    // QUOTA_EXCEEDED says when in its extensions too (the Retry-After header of its 429 may be hidden by a proxy or
    // CORS).
    retryAfter: typeof retryAfter === 'number' ? retryAfter : parseRetryAfter(res.headers.get('retry-after')),
    details,
  })
}

function httpError(res: Response, body: unknown): ArbiterError {
  const { code, message, rule, reason, ...details } = (body !== null && typeof body === 'object' ? body : {}) as Record<
    string,
    unknown
  >
  return new ArbiterError({
    code: typeof code === 'string' && /^[A-Z_]+$/.test(code) ? code : codeForStatus(res.status),
    message: withViolations(typeof message === 'string' ? message : `HTTP ${res.status}`, details),
    status: res.status,
    rule: typeof rule === 'string' ? rule : undefined,
    reason: typeof reason === 'string' ? reason : undefined,
    retryAfter: parseRetryAfter(res.headers.get('retry-after')),
    details,
  })
}
