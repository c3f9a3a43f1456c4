// Player keys can be rotated: the new key is the same player (matches and seats kept), the old one stops working.
import { createClient } from 'graphql-ws'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import {
  gql,
  RACE_DECK,
  startListeningServer,
  startTestServer,
  SUBMIT,
  type ListeningServer,
  type TestServer,
} from '../support/server.ts'
import { waitFor } from '../support/wait-for.ts'

let srv: TestServer
let other: TestServer
beforeAll(async () => {
  srv = await startTestServer()
  other = await startTestServer({ db: srv.db })
})
afterAll(async () => {
  await other.close()
  await srv.close()
})

describe('rotatePlayerKey', () => {
  it('gives a new key for the same player and its matches; the old key is UNAUTHENTICATED on this server and on one that never saw it', async () => {
    const made = (await gql(srv.app, `mutation { createPlayer(name: "Rita") { key player { id } } }`)).data.createPlayer
    const created = await gql(
      srv.app,
      `mutation($input: CreateMatchInput!) { createMatch(input: $input) { match { id } } }`,
      {
        input: { game: 'race-to-20', seats: [{ deck: RACE_DECK }, { player: made.player.id }] },
      },
    )
    const matchId = created.data.createMatch.match.id
    expect((await gql(srv.app, `{ me { id } }`, {}, made.key)).data.me.id).toBe(made.player.id)

    const rotated = await gql(srv.app, `mutation { rotatePlayerKey { key player { id name } } }`, {}, made.key)
    const fresh = rotated.data.rotatePlayerKey
    expect(fresh.player).toEqual({ id: made.player.id, name: 'Rita' })
    expect(fresh.key).toMatch(/^pk_/)
    expect(fresh.key).not.toBe(made.key)

    for (const app of [srv.app, other.app]) {
      const old = await gql(app, `mutation { rotatePlayerKey { key } }`, {}, made.key)
      expect(old.errors?.[0]?.extensions.code).toBe('UNAUTHENTICATED')
      expect((await gql(app, `{ me { id } }`, {}, made.key)).data.me).toBeNull()
      expect((await gql(app, `{ me { id } }`, {}, fresh.key)).data.me.id).toBe(made.player.id)
    }
    // The invitation (a reserved, not yet joined seat) is in the new key's inbox, read as a spectator until it joins.
    const inbox = await gql(srv.app, `{ myMatches { id status legalActions { id } } }`, {}, fresh.key)
    expect(inbox.errors).toBeUndefined()
    expect(inbox.data.myMatches).toEqual([{ id: matchId, status: 'WAITING', legalActions: [] }])
  })

  it('REST mirror POST /api/players/me/key: a new key; the old one is 401 UNAUTHENTICATED', async () => {
    const made = (await gql(srv.app, `mutation { createPlayer(name: "Sam") { key player { id } } }`)).data.createPlayer
    const res = await srv.app.inject({
      method: 'POST',
      url: '/api/players/me/key',
      headers: { authorization: `Bearer ${made.key}` },
    })
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body.player.id).toBe(made.player.id)
    const old = await srv.app.inject({
      method: 'GET',
      url: '/api/players/me',
      headers: { authorization: `Bearer ${made.key}` },
    })
    expect(old.statusCode).toBe(401)
    expect(old.json().code).toBe('UNAUTHENTICATED')
    const fresh = await srv.app.inject({
      method: 'GET',
      url: '/api/players/me',
      headers: { authorization: `Bearer ${body.key}` },
    })
    expect(fresh.json().id).toBe(made.player.id)
  })

  it('needs a player key', async () => {
    const r = await gql(srv.app, `mutation { rotatePlayerKey { key } }`)
    expect(r.errors?.[0]?.extensions.code).toBe('UNAUTHENTICATED')
  })
})

describe('issue 26 finding 3: a rotation is checked against the database on every server', () => {
  let a: ListeningServer
  let b: ListeningServer
  beforeAll(async () => {
    a = await startListeningServer()
    b = await startListeningServer({ db: a.db })
  })
  afterAll(async () => {
    await b.close()
    await a.close()
  })

  it('a key rotated on one server cannot rotate again on another that still caches it, and the owner keeps the new key', async () => {
    const made = (await gql(a.app, `mutation { createPlayer(name: "Olga") { key player { id } } }`)).data.createPlayer
    // B caches the key.
    expect((await gql(b.app, `{ me { id } }`, {}, made.key)).data.me.id).toBe(made.player.id)
    const fresh = (await gql(a.app, `mutation { rotatePlayerKey { key } }`, {}, made.key)).data.rotatePlayerKey.key
    const stolen = await gql(b.app, `mutation { rotatePlayerKey { key } }`, {}, made.key)
    expect(stolen.errors?.[0]?.extensions.code).toBe('UNAUTHENTICATED')
    const again = await gql(b.app, `mutation { rotatePlayerKey { key } }`, {}, fresh)
    expect(again.errors).toBeUndefined()
  })

  it('every NDJSON stream and subscription opened with the old key ends within 10 s on the other server and gets nothing after the rotation', async () => {
    const pat = (await gql(a.app, `mutation { createPlayer(name: "Pat") { key player { id } } }`)).data.createPlayer
    const created = (
      await gql(
        b.app,
        `mutation($input: CreateMatchInput!) { createMatch(input: $input) { match { id } seats { seat token } } }`,
        {
          input: { game: 'race-to-20', seats: [{ deck: RACE_DECK }, { player: pat.player.id, deck: RACE_DECK }] },
        },
        pat.key,
      )
    ).data.createMatch
    const matchId = created.match.id
    const seat0 = created.seats.find((s: { seat: number }) => s.seat === 0).token
    const feeds = [
      ndjsonFeed(`${b.base}/api/matches/${matchId}/stream`, pat.key),
      ndjsonFeed(`${b.base}/api/players/me/stream`, pat.key),
      ...wsFeeds(b.port, pat.key, [
        `subscription { matchUpdated(matchId: "${matchId}") { version } }`,
        `subscription { playerEvents { type } }`,
      ]),
    ]
    await until('the match feeds to open', () => feeds[0]!.received.length > 0 && feeds[2]!.received.length > 0)
    // Seat 0 moves: Pat's turn; every feed has now seen something.
    await gql(b.app, SUBMIT, { input: { matchId, action: { type: 'roll' } } }, seat0)
    // Each feed's first line came on opening (the view; a player feed's synced): the move is the second.
    await until('every feed to hear of the move', () => feeds.every(f => f.received.length > 1))

    const fresh = (await gql(a.app, `mutation { rotatePlayerKey { key } }`, {}, pat.key)).data.rotatePlayerKey.key
    const rotatedAt = Date.now()
    // Play on through B: with the old key's feeds still open, each of these would reach them.
    await gql(b.app, SUBMIT, { input: { matchId, action: { type: 'roll' } } }, fresh)
    await gql(b.app, SUBMIT, { input: { matchId, action: { type: 'roll' } } }, seat0)
    await until('every old-key feed to end', () => feeds.every(f => f.endedAt !== null), 12_000)
    for (const f of feeds) {
      expect(f.endedAt! - rotatedAt).toBeLessThan(10_000)
      expect(f.received.filter(at => at >= rotatedAt)).toEqual([])
    }
    for (const f of feeds) await f.close()
  }, 30_000)
})

interface Feed {
  received: number[]
  endedAt: number | null
  close(): Promise<void>
}

/** An NDJSON stream: when each non-empty line arrived, and when the server ended it. */
function ndjsonFeed(url: string, key: string): Feed {
  const feed: Feed = { received: [], endedAt: null, close: async () => stop.abort() }
  const stop = new AbortController()
  void (async () => {
    try {
      const res = await fetch(url, { headers: { authorization: `Bearer ${key}` }, signal: stop.signal })
      const reader = res.body!.getReader()
      const text = new TextDecoder()
      let buffered = ''
      for (;;) {
        const { done, value } = await reader.read()
        if (done) break
        buffered += text.decode(value, { stream: true })
        const lines = buffered.split('\n')
        buffered = lines.pop()!
        for (const line of lines) if (line.trim()) feed.received.push(Date.now())
      }
    } catch {
      // Aborted by close().
    }
    feed.endedAt ??= Date.now()
  })()
  return feed
}

/**
 * One graphql-ws connection per subscription: when each value arrived, and when it completed or its connection closed.
 */
function wsFeeds(port: number, key: string, queries: string[]): Feed[] {
  return queries.map(query => {
    const client = createClient({
      url: `ws://127.0.0.1:${port}/graphql`,
      webSocketImpl: WebSocket,
      connectionParams: { authorization: `Bearer ${key}` },
      retryAttempts: 0,
    })
    const feed: Feed = { received: [], endedAt: null, close: async () => void (await client.dispose()) }
    const ended = () => void (feed.endedAt ??= Date.now())
    client.on('closed', ended)
    client.subscribe({ query }, { next: () => void feed.received.push(Date.now()), error: ended, complete: ended })
    return feed
  })
}

const until = <T>(what: string, check: () => T | Promise<T>, ms = 10_000) => waitFor(what, check, ms, 50)
