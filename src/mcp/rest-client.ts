// The Arbiter REST API as the MCP server uses it: JSON calls, and waiting on a match's NDJSON stream for a seat's turn.

/** A refusal of the Arbiter server: its error code, HTTP status and details (violations, rule, …). */
export class RestError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status: number,
    readonly details: Record<string, unknown> = {},
  ) {
    super(message)
    this.name = 'RestError'
  }
}

/** The match as GET /api/matches/{id} and the stream lines answer it (the fields the tools read). */
export interface RestMatch {
  id: string
  game: string
  version: number
  status: 'WAITING' | 'ACTIVE' | 'FINISHED' | 'ABORTED'
  seat: number | null
  toAct: number[]
  winners: number[] | null
  endReason: string | null
  view: unknown
  legalActions?: RestLegalAction[]
}

export interface RestLegalAction {
  id: string
  label: string
  action: unknown
}

export class RestClient {
  readonly url: string

  constructor(url: string) {
    this.url = url.replace(/\/+$/, '')
  }

  get<T>(path: string, token?: string): Promise<T> {
    return this.call<T>('GET', path, undefined, token)
  }

  post<T>(path: string, body: unknown, token?: string): Promise<T> {
    return this.call<T>('POST', path, body, token)
  }

  private async call<T>(method: string, path: string, body: unknown, token?: string): Promise<T> {
    const headers: Record<string, string> = { accept: 'application/json' }
    if (token) headers.authorization = `Bearer ${token}`
    if (body !== undefined) headers['content-type'] = 'application/json'
    let res: Response
    try {
      res = await fetch(`${this.url}${path}`, {
        method,
        headers,
        ...(body !== undefined && { body: JSON.stringify(body) }),
      })
    } catch (e) {
      throw new RestError('UNAVAILABLE', `no answer from the Arbiter server at ${this.url}: ${(e as Error).message}`, 0)
    }
    const answer = (await res.json().catch(() => null)) as unknown
    if (!res.ok) throw refusal(res.status, answer)
    return answer as T
  }

  /**
   * Reads the match stream of `token`'s seat until `done` holds for a line (or the stream ends, or `timeoutMs`
   * passes): the last line read, or null when none came.
   */
  async waitFor(
    matchId: string,
    token: string,
    done: (m: RestMatch) => boolean,
    timeoutMs: number,
  ): Promise<RestMatch | null> {
    const abort = new AbortController()
    const timer = setTimeout(() => abort.abort(), timeoutMs)
    let last: RestMatch | null = null
    try {
      const res = await fetch(`${this.url}/api/matches/${encodeURIComponent(matchId)}/stream`, {
        headers: { accept: 'application/x-ndjson', authorization: `Bearer ${token}` },
        signal: abort.signal,
      })
      if (!res.ok || !res.body) throw refusal(res.status, await res.json().catch(() => null))
      const decoder = new TextDecoder()
      let buffered = ''
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        buffered += decoder.decode(chunk, { stream: true })
        let newline: number
        while ((newline = buffered.indexOf('\n')) >= 0) {
          const line = buffered.slice(0, newline).trim()
          buffered = buffered.slice(newline + 1)
          if (!line) continue // keep-alive
          last = JSON.parse(line) as RestMatch
          if (done(last)) return last
        }
      }
      return last
    } catch (e) {
      if (abort.signal.aborted) return last
      throw e
    } finally {
      clearTimeout(timer)
      abort.abort()
    }
  }
}

function refusal(status: number, body: unknown): RestError {
  const b = (body ?? {}) as Record<string, unknown>
  const { code, message, ...details } = b
  return new RestError(
    typeof code === 'string' ? code : `HTTP_${status}`,
    typeof message === 'string' ? message : `HTTP ${status}`,
    status,
    details,
  )
}
