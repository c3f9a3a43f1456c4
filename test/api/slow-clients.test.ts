// The match stream under slow clients: a bounded buffer then a close after a stall; streams, WebSockets,
// subscriptions and connections per client are capped (RATE_LIMITED 429).
import http from 'node:http'
import net from 'node:net'
import { createClient, type Client } from 'graphql-ws'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { MatchWatchers } from '../../src/api/match-watch.ts'
import { inProcessBus, publishUpdate } from '../../src/api/updates.ts'
import type { MatchView } from '../../src/service/index.ts'
import { CREATE_MATCH, gql, RACE_DECK, startListeningServer, type ListeningServer } from '../support/server.ts'
import { waitFor } from '../support/wait-for.ts'

// Issue 26, findings 1 and 9: what one client can make the server hold is bounded: unsent views per stream or
// subscription (STREAM_BUFFER_KB, then only the newest; STREAM_STALL_SECONDS, then closed), streams per address
// and per player, connections per address, subscribe operations per connection per minute.

const tick = () => new Promise(r => setImmediate(r))
/** Resolves with `value`, or with 'timed out' after `ms`: a bound on how long a test waits for an event. */
const within = <T>(p: Promise<T>, ms: number) =>
  Promise.race([p, new Promise<'timed out'>(r => setTimeout(() => r('timed out'), ms).unref())])

describe('a client that does not read holds at most STREAM_BUFFER_KB of views, then is closed after STREAM_STALL_SECONDS', () => {
  const PADDING = 'x'.repeat(400)
  const view = (version: number) => ({ id: 'm', version, status: 'ACTIVE', padding: PADDING }) as unknown as MatchView
  const VIEW_BYTES = JSON.stringify(view(100)).length
  const BUFFER = 8 * 1024

  function setUp(stallMs: number) {
    const bus = inProcessBus()
    let current = 0
    const watchers = new MatchWatchers(bus, async (_id, _c, min) => view(Math.max(current, min)), 10, {
      bufferBytes: BUFFER,
      stallMs,
    })
    let stalled = () => {}
    const stall = new Promise<'stalled'>(r => (stalled = () => r('stalled')))
    const feed = watchers.watch(view(0), {}, { onStall: () => stalled() })
    const act = async (n: number) => {
      for (let i = 0; i < n; i++) {
        current++
        publishUpdate(bus, { matchId: 'm', version: current })
        await tick()
      }
    }
    return { watchers, feed, stall, act, last: () => current }
  }

  it('1,000 versions to a reader that takes none: at most the bound held, the newest kept, versions still increasing', async () => {
    const { feed, act, last } = setUp(60_000)
    await act(1_000)
    const got: number[] = []
    for (;;) {
      const r = await within(feed.next(), 200)
      if (r === 'timed out' || r.done) break
      got.push(r.value.version)
    }
    await feed.return()
    expect(got.length).toBeLessThanOrEqual(Math.floor(BUFFER / VIEW_BYTES) + 1)
    expect(got.at(-1)).toBe(last())
    expect(got.every((v, i) => i === 0 || v > got[i - 1]!)).toBe(true)
  })

  it('a reader still behind after STREAM_STALL_SECONDS is ended (onStall) and its feed released', async () => {
    const { watchers, feed, stall, act } = setUp(300)
    await act(100)
    expect(await within(stall, 5_000)).toBe('stalled')
    expect(watchers.count('m')).toBe(0)
    expect((await feed.next()).done).toBe(true)
  })

  it('a reader that catches up in time is not closed', async () => {
    const { feed, stall, act } = setUp(300)
    await act(100)
    while ((await within(feed.next(), 100)) !== 'timed out');
    expect(await within(stall, 1_000)).toBe('timed out')
    await feed.return()
  })
})

describe('streams, WebSockets and connections per client (RATE_LIMITED 429)', () => {
  // Each test comes from an address of its own (all loopback), so that one's streams, still closing, never count in
  // another's.
  let srv: ListeningServer
  const matches: { id: string; tokens: string[] }[] = []
  beforeAll(async () => {
    srv = await startListeningServer({
      limits: { streamsPerAddress: 3, streamsPerPlayer: 2, subscriptionOpsPerMinute: 4 },
    })
    for (const seed of ['caps-1', 'caps-2']) {
      const c = await gql(srv.app, CREATE_MATCH, {
        input: { game: 'race-to-20', seats: [{ deck: RACE_DECK }, { deck: RACE_DECK }], seed },
      })
      matches.push({
        id: c.data.createMatch.match.id,
        tokens: c.data.createMatch.seats.map((s: { token: string }) => s.token),
      })
    }
  })
  afterAll(async () => srv.close())

  /** Opens a match's NDJSON stream from `from`: its status, its body when refused, and a way to close it. */
  const stream = (matchId: string, token: string, from: string) =>
    new Promise<{ status: number; body: any; close: () => void }>((resolve, reject) => {
      const req = http.get(
        {
          host: '127.0.0.1',
          port: srv.port,
          path: `/api/matches/${matchId}/stream`,
          localAddress: from,
          headers: { authorization: `Bearer ${token}` },
        },
        res => {
          if (res.statusCode === 200) return resolve({ status: 200, body: null, close: () => req.destroy() })
          let text = ''
          res.on('data', c => (text += c))
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text), close: () => {} }))
        },
      )
      req.on('error', reject)
    })
  const socketFrom = (from: string) =>
    class extends WebSocket {
      constructor(url: string, protocols?: string | string[]) {
        super(url, protocols, { localAddress: from })
      }
    }
  const subscribe = (client: Client, matchId: string) =>
    new Promise<{ next?: unknown; error?: unknown }>(resolve => {
      const stop = client.subscribe(
        { query: `subscription($id: ID!) { matchUpdated(matchId: $id) { version } }`, variables: { id: matchId } },
        { next: m => (stop(), resolve({ next: m })), error: e => resolve({ error: e }), complete: () => {} },
      )
    })

  it('STREAMS_PER_PLAYER and STREAMS_PER_ADDRESS: NDJSON streams past either are refused, and freed when they end', async () => {
    const [m] = matches
    const from = '127.0.0.11'
    const a1 = await stream(m!.id, m!.tokens[0]!, from)
    const a2 = await stream(m!.id, m!.tokens[0]!, from)
    const a3 = await stream(m!.id, m!.tokens[0]!, from)
    expect([a1.status, a2.status, a3.status]).toEqual([200, 200, 429])
    expect(a3.body).toMatchObject({ code: 'RATE_LIMITED' })
    expect(a3.body.message).toContain('STREAMS_PER_PLAYER')
    const b1 = await stream(m!.id, m!.tokens[1]!, from)
    const b2 = await stream(m!.id, m!.tokens[1]!, from)
    expect([b1.status, b2.status]).toEqual([200, 429])
    expect(b2.body.message).toContain('STREAMS_PER_ADDRESS')
    // Another address is not held back by this one's.
    const other = await stream(m!.id, m!.tokens[1]!, '127.0.0.12')
    expect(other.status).toBe(200)
    a1.close()
    let again = await stream(m!.id, m!.tokens[0]!, from)
    for (let i = 0; i < 50 && again.status !== 200; i++) again = await stream(m!.id, m!.tokens[0]!, from)
    expect(again.status).toBe(200)
    for (const s of [a2, b1, other, again]) s.close()
  })

  it('STREAMS_PER_ADDRESS counts WebSockets: an upgrade past it is answered 429', async () => {
    const [, m] = matches
    const from = '127.0.0.13'
    const held = [await stream(m!.id, m!.tokens[0]!, from), await stream(m!.id, m!.tokens[1]!, from)]
    expect(held.map(h => h.status)).toEqual([200, 200])
    const Socket = socketFrom(from)
    const ok = new Socket(`ws://127.0.0.1:${srv.port}/graphql`, 'graphql-transport-ws')
    await new Promise((resolve, reject) => (ok.once('open', resolve), ok.once('error', reject)))
    const refused = new Socket(`ws://127.0.0.1:${srv.port}/graphql`, 'graphql-transport-ws')
    const answer = await new Promise<{ status: number; body: string }>(resolve =>
      refused.once('unexpected-response', (_req, res) => {
        let body = ''
        res.on('data', c => (body += c))
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }))
      }),
    )
    expect(answer.status).toBe(429)
    expect(answer.body).toContain('STREAMS_PER_ADDRESS')
    ok.close()
    for (const s of held) s.close()
  })

  it('STREAMS_PER_PLAYER counts subscriptions: a third with one token is RATE_LIMITED', async () => {
    const [, m] = matches
    const client = createClient({
      url: `ws://127.0.0.1:${srv.port}/graphql`,
      webSocketImpl: socketFrom('127.0.0.14'),
      connectionParams: { authorization: `Bearer ${m!.tokens[0]}` },
    })
    const held: (() => void)[] = []
    const open = () =>
      new Promise<{ next?: unknown; error?: unknown }>(resolve => {
        held.push(
          client.subscribe(
            { query: `subscription($id: ID!) { matchUpdated(matchId: $id) { version } }`, variables: { id: m!.id } },
            { next: x => resolve({ next: x }), error: e => resolve({ error: e }), complete: () => {} },
          ),
        )
      })
    const results = [await open(), await open(), await open()]
    expect(results.slice(0, 2).every(r => r.next)).toBe(true)
    expect(JSON.stringify(results[2]!.error)).toContain('STREAMS_PER_PLAYER')
    for (const stop of held) stop()
    await client.dispose()
  })

  it('SUBSCRIPTION_OPS_PER_MINUTE: the fifth subscribe operation in a minute on one connection is RATE_LIMITED (issue 26, 9)', async () => {
    const [m] = matches
    const client = createClient({
      url: `ws://127.0.0.1:${srv.port}/graphql`,
      webSocketImpl: socketFrom('127.0.0.15'),
      lazy: false,
    })
    const results: { next?: unknown; error?: unknown }[] = []
    for (let i = 0; i < 5; i++) results.push(await subscribe(client, m!.id))
    expect(results.slice(0, 4).every(r => r.next)).toBe(true)
    expect(JSON.stringify(results[4]!.error)).toContain('RATE_LIMITED')
    expect(JSON.stringify(results[4]!.error)).toContain('SUBSCRIPTION_OPS_PER_MINUTE')
    await client.dispose()
  })
})

describe('CONNECTIONS_PER_ADDRESS', () => {
  let srv: ListeningServer
  beforeAll(async () => {
    srv = await startListeningServer({ limits: { connectionsPerAddress: 4 } })
  })
  afterAll(async () => srv.close())

  const connect = () =>
    new Promise<net.Socket>((resolve, reject) => {
      const s = net.connect(srv.port, '127.0.0.1', () => resolve(s))
      s.on('error', reject)
    })
  const answer = (s: net.Socket) =>
    new Promise<string>(resolve => {
      let got = ''
      s.on('data', c => (got += c.toString()))
      s.once('close', () => resolve(got))
      s.write('GET /health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n')
    })

  it('a connection past the cap is answered RATE_LIMITED 429 and closed; one freed lets the next in', async () => {
    const idle = await Promise.all([connect(), connect(), connect(), connect()])
    const refused = await answer(await connect())
    expect(refused.split('\r\n')[0]).toBe('HTTP/1.1 429 Too Many Requests')
    expect(refused).toContain('"code":"RATE_LIMITED"')
    idle[0]!.destroy()
    // The slot is free once the server has seen that connection close: until then a new one is refused.
    const ok = await waitFor('a connection to be let in once one is freed', async () => {
      const reply = await answer(await connect())
      return reply.startsWith('HTTP/1.1 200') ? reply : null
    })
    expect(ok.split('\r\n')[0]).toBe('HTTP/1.1 200 OK')
    for (const s of idle) s.destroy()
  })
})
