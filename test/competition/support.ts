/** Helpers of the competition tests: players, REST calls, NDJSON followers, polling for an outcome. */
import { expect } from 'vitest'
import { waitFor } from '../support/wait-for.ts'

export interface Api {
  base: string
}

export async function call(
  api: Api,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  body?: unknown,
  key?: string,
): Promise<{ status: number; json: any }> {
  const res = await fetch(`${api.base}${path}`, {
    method,
    headers: {
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(key ? { authorization: `Bearer ${key}` } : {}),
    },
    body: body !== undefined ? JSON.stringify(body) : undefined,
    signal: AbortSignal.timeout(20_000),
  })
  const text = await res.text()
  return { status: res.status, json: text ? JSON.parse(text) : null }
}

export async function newPlayer(api: Api, name: string, bot = false): Promise<{ id: string; key: string }> {
  const { status, json } = await call(api, 'POST', '/api/players', { name, bot })
  expect(status).toBe(201)
  return { id: json.player.id, key: json.key }
}

/**
 * Reads an NDJSON stream in the background; `lines` fills as objects arrive (keep-alive blanks skipped). `opened`
 * resolves once the headers came: the server listens for the player's events before it sends them.
 */
export function follow(api: Api, path: string, token: string): { lines: any[]; opened: Promise<void>; stop(): void } {
  const lines: any[] = []
  const abort = new AbortController()
  let open = () => {}
  const opened = new Promise<void>(r => (open = r))
  void (async () => {
    const res = await fetch(`${api.base}${path}`, {
      headers: { authorization: `Bearer ${token}` },
      signal: abort.signal,
    })
    expect(res.status).toBe(200)
    open()
    const reader = res.body!.getReader()
    let buf = ''
    for (;;) {
      const { done, value } = await reader.read()
      if (done) return
      buf += new TextDecoder().decode(value)
      let nl: number
      while ((nl = buf.indexOf('\n')) >= 0) {
        const line = buf.slice(0, nl).trim()
        buf = buf.slice(nl + 1)
        if (line) lines.push(JSON.parse(line))
      }
    }
  })().catch(() => {})
  return { lines, opened, stop: () => abort.abort() }
}

/** Polls `fn` until it gives a value (the event awaited has happened), failing after `ms`. */
export const until = <T>(what: string, check: () => T | Promise<T>, ms = 30_000) => waitFor(what, check, ms, 50)

/**
 * Plays the caller's seat of a match over REST with only its player key (the first legal action each turn) until the
 * match ends.
 */
export async function playToEnd(api: Api, matchId: string, key: string): Promise<any> {
  for (;;) {
    const m = await call(api, 'GET', `/api/matches/${matchId}`, undefined, key)
    expect(m.status).toBe(200)
    if (m.json.status !== 'ACTIVE') return m.json
    if (!m.json.toAct.includes(m.json.seat)) {
      await new Promise(r => setTimeout(r, 20))
      continue
    }
    const legal = await call(
      api,
      'GET',
      `/api/matches/${matchId}/legal-actions?minVersion=${m.json.version}`,
      undefined,
      key,
    )
    if (legal.status !== 200 || legal.json.length === 0) continue
    const done = await call(
      api,
      'POST',
      `/api/matches/${matchId}/actions`,
      { actionId: legal.json[0].id, expectedVersion: m.json.version },
      key,
    )
    expect([200, 409]).toContain(done.status)
  }
}
