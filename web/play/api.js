// The page's calls to the Arbiter REST API: the token goes in the Authorization header, never in a URL; every call asks
// in the page's language.
import { pageLanguage } from './language.js'

/** `/api` + path with the page's language as `lang` (labels, transcript and error messages come back in it). */
function inLanguage(path) {
  return `/api${path}${path.includes('?') ? '&' : '?'}lang=${encodeURIComponent(pageLanguage())}`
}

export class ApiError extends Error {
  /**
   * @param {string} code @param {string} message @param {number} status @param {Record<string, any>} [details] the
   * error body's other fields (a refused deck's violations)
   */
  constructor(code, message, status, details = {}) {
    super(message)
    this.code = code
    this.status = status
    this.details = details
  }
}

/** What the fragment says: `#seat=<token>`, `#invite=<code>`, or nothing for a spectator. */
export function readFragment(hash = location.hash) {
  const params = new URLSearchParams(hash.replace(/^#/, ''))
  return { seat: params.get('seat') || null, invite: params.get('invite') || null }
}

export class Api {
  /** @param {string | null} token a seat token or player key; null for a spectator */
  constructor(token) {
    this.token = token
  }

  headers(json) {
    /** @type {Record<string, string>} */
    const h = { accept: 'application/json' }
    if (json) h['content-type'] = 'application/json'
    if (this.token) h.authorization = `Bearer ${this.token}`
    return h
  }

  /** @param {string} path under /api @param {unknown} [body] a POST body */
  async call(path, body) {
    const res = await fetch(inLanguage(path), {
      method: body === undefined ? 'GET' : 'POST',
      headers: this.headers(body !== undefined),
      body: body === undefined ? undefined : JSON.stringify(body),
      cache: 'no-store',
    })
    const data = await res.json().catch(() => null)
    if (!res.ok)
      throw new ApiError(data?.code ?? 'HTTP_ERROR', data?.message ?? `HTTP ${res.status}`, res.status, data ?? {})
    return data
  }

  /**
   * Follows GET /api/matches/{id}/stream (NDJSON) and calls `onView` with each match view until the
   * server ends it (the match is over) or `signal` aborts. Resolves when the stream ends.
   * @param {string} matchId @param {(view: any) => void} onView @param {AbortSignal} signal
   */
  async stream(matchId, onView, signal) {
    const res = await fetch(inLanguage(`/matches/${encodeURIComponent(matchId)}/stream`), {
      headers: this.headers(false),
      signal,
      cache: 'no-store',
    })
    if (!res.ok || !res.body) {
      const data = await res.json().catch(() => null)
      throw new ApiError(data?.code ?? 'HTTP_ERROR', data?.message ?? `HTTP ${res.status}`, res.status)
    }
    const reader = res.body.pipeThrough(new TextDecoderStream()).getReader()
    let buffered = ''
    for (;;) {
      const { value, done } = await reader.read()
      if (done) return
      buffered += value
      let nl
      while ((nl = buffered.indexOf('\n')) >= 0) {
        const line = buffered.slice(0, nl).trim()
        buffered = buffered.slice(nl + 1)
        // empty lines are the server's keep-alives
        if (line) onView(JSON.parse(line))
      }
    }
  }
}
