// The SDK client against a real server: typed calls, error codes, retries, idempotent submits and stream reconnection.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Arbiter, ArbiterError, type Match } from '../../sdk/src/index.ts'
import { startServer, type RunningServer } from './server.ts'

let srv: RunningServer
beforeAll(async () => {
  srv = await startServer()
})
afterAll(async () => srv.close())

const noWait = { retries: 3, baseDelayMs: 1, maxDelayMs: 1 }

async function newMatch(client: Arbiter) {
  const game = (await client.game('dice-throne-marvel'))!
  const [a, b] = game.sampleDecks
  return client.createMatch({
    game: 'dice-throne-marvel',
    seats: [
      { deck: a!.deck as never, name: 'Ann' },
      { deck: b!.deck as never, name: 'Bob' },
    ],
    seed: 'sdk',
  })
}

/** A fetch that answers some calls itself (by returning a Response or throwing) and passes the rest to the server. */
function scripted(
  script: (call: number, url: string, init?: RequestInit) => Promise<Response | undefined> | Response | undefined,
) {
  const calls: { url: string; body?: string }[] = []
  const f: typeof fetch = async (input, init) => {
    const url = String(input)
    calls.push({ url, body: typeof init?.body === 'string' ? init.body : undefined })
    return (await script(calls.length, url, init)) ?? fetch(input, init)
  }
  return { fetch: f, calls }
}

describe('Arbiter client', () => {
  it('reports QUOTA_EXCEEDED with the retryAfter of the GraphQL extensions, and does not retry it', async () => {
    const refusal = {
      data: null,
      errors: [{ message: 'quota', extensions: { code: 'QUOTA_EXCEEDED', retryAfter: 42 } }],
    }
    const script = scripted(
      () => new Response(JSON.stringify(refusal), { status: 200, headers: { 'content-type': 'application/json' } }),
    )
    const client = new Arbiter({ url: srv.url, fetch: script.fetch, retry: noWait })
    const err = await client.createPlayer('Ann').then(
      () => undefined,
      (e: unknown) => e,
    )
    expect(err).toMatchObject({ code: 'QUOTA_EXCEEDED', retryAfter: 42 })
    expect(script.calls).toHaveLength(1)
  })

  it('reads games with their sample decks and creates a match with one token per seat', async () => {
    const client = new Arbiter({ url: srv.url })
    expect((await client.games()).map(g => g.id).sort()).toEqual([
      'cyber-net-cards',
      'cyberpunk-tcg',
      'dice-throne-marvel',
    ])
    const created = await newMatch(client)
    expect(created.seats.map(s => s.seat)).toEqual([0, 1])
    expect(created.match).toMatchObject({ game: 'dice-throne-marvel', version: 0, status: 'ACTIVE', seat: null })
    const seat0 = client.as({ token: created.seats[0]!.token })
    expect((await seat0.match(created.match.id))?.seat).toBe(0)
  })

  it('reads ARBITER_URL when no url is given', () => {
    const saved = process.env.ARBITER_URL
    process.env.ARBITER_URL = 'http://example.test:1234/'
    try {
      expect(new Arbiter().url).toBe('http://example.test:1234')
    } finally {
      if (saved === undefined) delete process.env.ARBITER_URL
      else process.env.ARBITER_URL = saved
    }
    expect(new Arbiter({ url: 'http://x' }).url).toBe('http://x')
  })

  it("throws ArbiterError with the server's code and HTTP status", async () => {
    const client = new Arbiter({ url: srv.url })
    const created = await newMatch(client)
    const seat1 = client.as({ token: created.seats[1]!.token })
    const legal = await seat1.legalActions(created.match.id)
    expect(legal).toEqual([])
    const toAct = created.match.toAct[0]!
    const other = client.as({ token: created.seats[1 - toAct]!.token })
    const err = await other
      .submitAction({ matchId: created.match.id, action: { type: 'pass' } })
      .catch((e: unknown) => e)
    expect(err).toBeInstanceOf(ArbiterError)
    // A GraphQL error comes with HTTP 200: the status is the one the REST API gives the code.
    expect(err).toMatchObject({ code: 'NOT_YOUR_DECISION', status: 403 })
    const missing = await client
      .as({ token: 'nope' })
      .legalActions(created.match.id)
      .catch((e: unknown) => e)
    expect(missing).toMatchObject({ code: 'UNAUTHENTICATED' })
  })

  it('retries RATE_LIMITED after the Retry-After the server asked for, and UNAVAILABLE with backoff', async () => {
    const limited = scripted(n =>
      n === 1
        ? new Response(JSON.stringify({ code: 'RATE_LIMITED', message: 'slow down' }), {
            status: 429,
            headers: { 'retry-after': '0.05' },
          })
        : n === 2
          ? new Response(
              JSON.stringify({ data: null, errors: [{ message: 'db away', extensions: { code: 'UNAVAILABLE' } }] }),
              { status: 503 },
            )
          : undefined,
    )
    const client = new Arbiter({ url: srv.url, fetch: limited.fetch, retry: noWait })
    const started = Date.now()
    expect((await client.games()).length).toBe(3)
    expect(limited.calls).toHaveLength(3)
    expect(Date.now() - started).toBeGreaterThanOrEqual(45)
  })

  it("waits out a real server's rate limit (RATE_LIMITED, 429, Retry-After) and then gets its answer", async () => {
    const strict = await startServer({ limits: { rateLimitMax: 2, rateLimitWindowMs: 1000 } })
    try {
      const seen: number[] = []
      const watching: typeof fetch = async (input, init) => {
        const res = await fetch(input, init)
        seen.push(res.status)
        return res
      }
      const client = new Arbiter({ url: strict.url, fetch: watching, retry: { ...noWait, retries: 5 } })
      const started = Date.now()
      for (let i = 0; i < 4; i++) expect(await client.games()).toHaveLength(3)
      expect(seen).toContain(429)
      expect(seen.filter(s => s === 200)).toHaveLength(4)
      expect(Date.now() - started).toBeGreaterThanOrEqual(900)
      const impatient = new Arbiter({ url: strict.url, retry: { retries: 0 } })
      let err: unknown
      for (let i = 0; i < 6 && !err; i++)
        err = await impatient.games().then(
          () => undefined,
          (e: unknown) => e,
        )
      expect(err).toMatchObject({ code: 'RATE_LIMITED', status: 429 })
      expect((err as ArbiterError).retryAfter).toBeGreaterThanOrEqual(1)
    } finally {
      await strict.close()
    }
  })

  it('gives up after the configured retries with the last error', async () => {
    const down = scripted(() => new Response('bad gateway', { status: 502 }))
    const err = await new Arbiter({ url: srv.url, fetch: down.fetch, retry: noWait }).games().catch((e: unknown) => e)
    expect(err).toMatchObject({ code: 'UNAVAILABLE', status: 502 })
    expect(down.calls).toHaveLength(4)
  })

  it('retries a submit whose answer was lost with the same idempotency key, so it applies once', async () => {
    const created = await newMatch(new Arbiter({ url: srv.url }))
    const seat = created.match.toAct[0]!
    const lost = scripted(async (n, url, init) => {
      if (n !== 1) return undefined
      await fetch(url, init) // the server applies it, then the connection drops before the answer arrives
      throw new TypeError('fetch failed')
    })
    const client = new Arbiter({ url: srv.url, token: created.seats[seat]!.token, fetch: lost.fetch, retry: noWait })
    const legal = await new Arbiter({ url: srv.url, token: created.seats[seat]!.token }).legalActions(created.match.id)
    const res = await client.submitAction({ matchId: created.match.id, actionId: legal[0]!.id })
    expect(lost.calls).toHaveLength(2)
    const keys = lost.calls.map(c => JSON.parse(c.body!).variables.input.idempotencyKey)
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/)
    expect(keys[1]).toBe(keys[0])
    expect(res.match.version).toBe(1)
    expect((await new Arbiter({ url: srv.url }).match(created.match.id))?.version).toBe(1)
  })

  it('does not retry a lost createMatch, which has no idempotency key', async () => {
    const lost = scripted(() => {
      throw new TypeError('fetch failed')
    })
    const client = new Arbiter({ url: srv.url, fetch: lost.fetch, retry: noWait })
    const err = await client.createMatch({ game: 'dice-throne-marvel', seats: [] }).catch((e: unknown) => e)
    expect(err).toMatchObject({ code: 'NETWORK_ERROR', status: 0 })
    expect(lost.calls).toHaveLength(1)
  })
})

/** An NDJSON body that sends `lines`, then either ends or fails as a dropped connection does. */
function body(lines: object[], drop: boolean): Response {
  const enc = new TextEncoder()
  let next = 0
  const stream = new ReadableStream<Uint8Array>({
    pull(c) {
      const line = lines[next++]
      if (line) c.enqueue(enc.encode(`${JSON.stringify(line)}\n\n`))
      else if (drop) c.error(new TypeError('terminated'))
      else c.close()
    },
  })
  return new Response(stream, { headers: { 'content-type': 'application/x-ndjson' } })
}

const at = (version: number, status = 'ACTIVE') => ({
  id: 'm1',
  game: 'cyber-net-cards',
  version,
  status,
  seat: 0,
  toAct: [0],
  winners: null,
  seats: [],
  view: {},
})

describe('match stream', () => {
  it('reconnects after a dropped connection and skips the versions it already delivered', async () => {
    const conns = scripted(n =>
      n === 1
        ? body([at(0), at(1)], true)
        : n === 2
          ? body([at(1), at(2)], false)
          : body([at(2), at(3, 'FINISHED')], false),
    )
    const client = new Arbiter({ url: 'http://stream.test', fetch: conns.fetch, retry: noWait })
    const seen: Match[] = []
    for await (const m of client.matchStream('m1')) seen.push(m)
    expect(seen.map(m => m.version)).toEqual([0, 1, 2, 3])
    expect(conns.calls.map(c => c.url)).toEqual(Array(3).fill('http://stream.test/api/matches/m1/stream'))
  })

  it('reconnects when a connection goes silent past the idle timeout', async () => {
    const conns = scripted((n, _url, init) => {
      if (n > 1) return body([at(0), at(1, 'FINISHED')], false)
      // Headers and one line, then nothing: only the idle timer can notice. Aborting fails the body, as fetch does.
      const stream = new ReadableStream<Uint8Array>({
        start(c) {
          c.enqueue(new TextEncoder().encode(`${JSON.stringify(at(0))}\n`))
          init?.signal?.addEventListener('abort', () => c.error(new DOMException('aborted', 'AbortError')))
        },
      })
      return new Response(stream)
    })
    const client = new Arbiter({ url: 'http://stream.test', fetch: conns.fetch, retry: noWait })
    const seen: number[] = []
    for await (const m of client.matchStream('m1', { idleTimeoutMs: 50 })) seen.push(m.version)
    expect(seen).toEqual([0, 1])
    expect(conns.calls).toHaveLength(2)
  })

  it('fails at once on a refusal (NOT_FOUND) instead of reconnecting', async () => {
    const client = new Arbiter({ url: srv.url, retry: noWait })
    const err = await client
      .matchStream('no-such-match')
      .next()
      .catch((e: unknown) => e)
    expect(err).toMatchObject({ code: 'NOT_FOUND', status: 404 })
  })
})
