// Issue 27, point 7: the player stream never misses a turn. It opens with the pending state, numbers every event
// (the same seq on the stream, the subscription and the webhook body), replays what was missed after `after` or
// Last-Event-ID, with no gap or duplicate across the switch to live events, and prunes kept events.
import { createClient } from 'graphql-ws'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { pruneOld } from '../../src/service/retention.ts'
import { openTestDatabase } from '../support/db.ts'
import { REDIS_URL } from '../support/server-process.ts'
import { gql, RACE_DECK, startListeningServer, type ListeningServer } from '../support/server.ts'
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver.ts'
import { waitFor } from '../support/wait-for.ts'

let srv: ListeningServer
let other: ListeningServer
let hooks: WebhookReceiver
beforeAll(async () => {
  // Two servers on one database, fanned out through Redis as two processes are (each its own connections on
  // PostgreSQL).
  srv = await startListeningServer({ webhooks: { hosts: null, allowPrivate: true }, redisUrl: REDIS_URL })
  other = await startListeningServer({
    db: process.env.DATABASE_URL ? await openTestDatabase() : srv.db,
    redisUrl: REDIS_URL,
  })
  hooks = await startWebhookReceiver()
})
afterAll(async () => {
  await other.app.close()
  if (process.env.DATABASE_URL) await other.db.close()
  await srv.close()
  await hooks.close()
})

const CREATE = `mutation($input: CreateMatchInput!) { createMatch(input: $input) { match { id } } }`
const JOIN = `mutation($input: JoinMatchInput!) { joinMatch(input: $input) { match { id status } } }`
const ROLL = `mutation($input: SubmitActionInput!) { submitAction(input: $input) { match { version toAct } } }`

async function player(name: string): Promise<{ id: string; key: string }> {
  const p = (await gql(srv.app, `mutation($n: String!) { createPlayer(name: $n) { key player { id } } }`, { n: name }))
    .data.createPlayer
  return { id: p.player.id, key: p.key }
}

/** An ACTIVE match of `a` (seat 0, to act first) and `b` (seat 1). */
async function match(a: { id: string; key: string }, b: { id: string; key: string }): Promise<string> {
  const id = (
    await gql(srv.app, CREATE, { input: { game: 'race-to-20', seats: [{ player: a.id }, { player: b.id }] } }, a.key)
  ).data.createMatch.match.id
  await gql(srv.app, JOIN, { input: { matchId: id, deck: RACE_DECK } }, a.key)
  const joined = await gql(srv.app, JOIN, { input: { matchId: id, deck: RACE_DECK } }, b.key)
  expect(joined.data.joinMatch.match.status).toBe('ACTIVE')
  return id
}

/** An invitation of `to` by `from` (a WAITING match with a seat reserved for `to`). */
async function invite(from: { id: string; key: string }, to: { id: string }, app = srv.app): Promise<string> {
  const r = await gql(
    app,
    CREATE,
    { input: { game: 'race-to-20', seats: [{ player: from.id }, { player: to.id }] } },
    from.key,
  )
  return r.data.createMatch.match.id
}

async function roll(matchId: string, key: string): Promise<void> {
  const r = await gql(srv.app, ROLL, { input: { matchId, action: { type: 'roll' } } }, key)
  expect(r.errors).toBeUndefined()
}

interface Lines {
  status: number
  body: any
  /** The next non-empty line, waiting for it. */
  next(): Promise<any>
  close(): void
}

/** The player stream over real HTTP, read line by line. */
async function stream(key: string, query = '', headers: Record<string, string> = {}, base = srv.base): Promise<Lines> {
  const abort = new AbortController()
  const res = await fetch(`${base}/api/players/me/stream${query}`, {
    headers: { authorization: `Bearer ${key}`, ...headers },
    signal: abort.signal,
  })
  if (res.status !== 200)
    return {
      status: res.status,
      body: await res.json(),
      next: () => Promise.reject(new Error('no stream')),
      close: () => {},
    }
  const reader = res.body!.getReader()
  const text = new TextDecoder()
  const held: any[] = []
  let buffered = ''
  return {
    status: 200,
    body: null,
    next: async () => {
      while (held.length === 0) {
        const { value, done } = await reader.read()
        if (done) throw new Error('the stream ended')
        buffered += text.decode(value, { stream: true })
        const lines = buffered.split('\n')
        buffered = lines.pop()!
        for (const l of lines) if (l.trim()) held.push(JSON.parse(l))
      }
      return held.shift()
    },
    close: () => abort.abort(),
  }
}

/** Lines up to and including the next `synced`. */
async function untilSynced(s: Lines): Promise<any[]> {
  const out: any[] = []
  for (;;) {
    const line = await s.next()
    out.push(line)
    if (line.type === 'synced') return out
  }
}

const brief = (e: any) => ({ type: e.type, matchId: e.matchId, seq: e.seq, pending: e.pending })

describe('the player stream never misses a turn', () => {
  it('opened after its turn came, it sends the turn first, with the match and its choices, then synced and live events', async () => {
    const [ann, bob] = await Promise.all([player('Ann'), player('Bob')])
    const id = await match(ann, bob)
    await roll(id, ann.key)
    const invitation = await invite(ann, bob)
    const s = await stream(bob.key)
    const first = await s.next()
    expect(brief(first)).toEqual({ type: 'yourTurn', matchId: id, seq: null, pending: true })
    expect(first.match).toMatchObject({ id, seat: 1, toAct: [1] })
    expect(first.match.legalActions.length).toBeGreaterThan(0)
    const rest = await untilSynced(s)
    // Bob's events so far: invited, matchStarted, yourTurn (its first turn), invited again.
    expect(rest.map(brief)).toEqual([
      { type: 'invited', matchId: invitation, seq: null, pending: true },
      { type: 'synced', matchId: null, seq: 4, pending: false },
    ])
    await roll(id, bob.key)
    await roll(id, ann.key)
    expect(brief(await s.next())).toEqual({ type: 'yourTurn', matchId: id, seq: 5, pending: false })
    s.close()
  })

  it('a reconnect with after, or with Last-Event-ID, receives exactly the events it missed, in order, each once, then live ones', async () => {
    const [ann, bob] = await Promise.all([player('Ann'), player('Bob')])
    const id = await match(ann, bob)
    const first = await stream(bob.key)
    const synced = (await untilSynced(first)).at(-1)
    expect(synced.seq).toBe(2) // invited, matchStarted
    first.close()
    // Missed while away: its turn twice (seq 3 and 4), an invitation (5).
    await roll(id, ann.key)
    await roll(id, bob.key)
    await roll(id, ann.key)
    const invitation = await invite(ann, bob)
    const again = await stream(bob.key, `?after=${synced.seq}`)
    const missed = await untilSynced(again)
    expect(missed.map(brief)).toEqual([
      { type: 'yourTurn', matchId: id, seq: 3, pending: false },
      { type: 'yourTurn', matchId: id, seq: 4, pending: false },
      { type: 'invited', matchId: invitation, seq: 5, pending: false },
      { type: 'synced', matchId: null, seq: 5, pending: false },
    ])
    await roll(id, bob.key)
    await roll(id, ann.key)
    expect(brief(await again.next())).toEqual({ type: 'yourTurn', matchId: id, seq: 6, pending: false })
    again.close()

    const byHeader = await stream(bob.key, '', { 'last-event-id': '4' })
    expect((await untilSynced(byHeader)).map(e => e.seq)).toEqual([5, 6, 6])
    byHeader.close()
    // The query parameter wins over the header.
    const both = await stream(bob.key, '?after=6', { 'last-event-id': '1' })
    expect((await untilSynced(both)).map(brief)).toEqual([{ type: 'synced', matchId: null, seq: 6, pending: false }])
    both.close()
  })

  it('no gap and no duplicate across the switch from replay to live, with events committed meanwhile by two servers', async () => {
    const [ann, bob] = await Promise.all([player('Ann'), player('Bob')])
    const total = 30
    // Three at a time on each server: seqs are given by concurrent transactions.
    const made = (async () => {
      for (let i = 0; i < total; i += 6)
        await Promise.all(Array.from({ length: 6 }, (_, j) => invite(ann, bob, j % 2 ? other.app : srv.app)))
    })()
    const s = await stream(bob.key, '?after=0')
    const seqs: number[] = []
    let synced = false
    while (seqs.length < total) {
      const line = await s.next()
      if (line.type === 'synced') {
        expect(synced).toBe(false)
        synced = true
        expect(line.seq).toBe(seqs.at(-1) ?? 0)
      } else seqs.push(line.seq)
    }
    await made
    s.close()
    expect(synced).toBe(true)
    expect(seqs).toEqual(Array.from({ length: total }, (_, i) => i + 1))
  })

  it('the subscription takes after too, and the webhook body carries the same seq as the stream', async () => {
    const [ann, bob] = await Promise.all([player('Ann'), player('Bob')])
    await gql(
      srv.app,
      `mutation($u: String!) { setWebhook(url: $u, secret: "a secret of the test") { id } }`,
      { u: hooks.url },
      bob.key,
    )
    const id = await match(ann, bob)
    const client = createClient({
      url: `ws://127.0.0.1:${srv.port}/graphql`,
      webSocketImpl: WebSocket,
      connectionParams: { authorization: `Bearer ${bob.key}` },
    })
    const got: any[] = []
    let done!: () => void
    const finished = new Promise<void>(r => (done = r))
    client.subscribe(
      { query: `subscription { playerEvents(after: 1) { type matchId seq pending match { id seat } } }` },
      {
        next: (m: any) => (got.push(m.data.playerEvents), m.data.playerEvents.type === 'synced' && done()),
        error: e => got.push({ error: e }),
        complete: () => {},
      },
    )
    await finished
    await client.dispose()
    expect(got).toEqual([
      { type: 'matchStarted', matchId: id, seq: 2, pending: false, match: { id, seat: 1 } },
      { type: 'synced', matchId: null, seq: 2, pending: false, match: null },
    ])
    const bodies = async () =>
      hooks.received.map(h => JSON.parse(h.body)).filter(b => b.match?.id === id || b.matchId === id)
    await waitFor('both webhooks', async () => (await bodies()).length >= 2, 60_000, 50)
    expect((await bodies()).map(b => [b.type, b.seq, b.pending]).sort()).toEqual([
      ['invited', 1, false],
      ['matchStarted', 2, false],
    ])
  })

  it('retention prunes kept events; a stream whose missed events were pruned gets the pending state instead', async () => {
    const [ann, bob] = await Promise.all([player('Ann'), player('Bob')])
    const id = await match(ann, bob)
    await roll(id, ann.key) // Bob: invited 1, matchStarted 2, yourTurn 3
    await srv.db.sql.query(
      `UPDATE "PlayerEvent" SET "createdAt" = "createdAt" - interval '31 days' WHERE "playerId" = $1 AND seq <= 2`,
      [bob.id],
    )
    expect(
      (await pruneOld(srv.db, { waitingMatchesDays: 0, webhookDeliveriesDays: 0, playerEventsDays: 30 })).events,
    ).toBeGreaterThanOrEqual(2)
    const left = await srv.db.sql.query<{ seq: number }>(
      `SELECT seq FROM "PlayerEvent" WHERE "playerId" = $1 ORDER BY seq`,
      [bob.id],
    )
    expect(left.map(r => r.seq)).toEqual([3])
    // Everything after 2 is still kept: replayed.
    const kept = await stream(bob.key, '?after=2')
    expect((await untilSynced(kept)).map(e => [e.type, e.seq, e.pending])).toEqual([
      ['yourTurn', 3, false],
      ['synced', 3, false],
    ])
    kept.close()
    // Event 2 is gone: the pending state, then synced.
    const pruned = await stream(bob.key, '?after=1')
    expect((await untilSynced(pruned)).map(brief)).toEqual([
      { type: 'yourTurn', matchId: id, seq: null, pending: true },
      { type: 'synced', matchId: null, seq: 3, pending: false },
    ])
    pruned.close()
    // A seq the server never gave (a client of a reset server) is treated alike.
    const ahead = await stream(bob.key, '?after=99')
    expect((await untilSynced(ahead)).map(e => [e.type, e.seq])).toEqual([
      ['yourTurn', null],
      ['synced', 3],
    ])
    ahead.close()
  })

  it('a rematch offered to the player is pending until it answers', async () => {
    const [ann, bob] = await Promise.all([player('Ann'), player('Bob')])
    const id = await match(ann, bob)
    const r = await gql(srv.app, `mutation($id: ID!) { resign(matchId: $id) { status } }`, { id }, ann.key)
    expect(r.data.resign.status).toBe('FINISHED')
    await gql(srv.app, `mutation($id: ID!) { offerRematch(matchId: $id) { seat { seat } } }`, { id }, ann.key)
    const s = await stream(bob.key)
    expect((await untilSynced(s)).map(e => [e.type, e.matchId, e.pending])).toEqual([
      ['rematchOffered', id, true],
      ['synced', null, false],
    ])
    s.close()
    // Ann offered it herself: nothing pending for her.
    const hers = await stream(ann.key)
    expect((await untilSynced(hers)).map(e => e.type)).toEqual(['synced'])
    hers.close()
  })

  it('refuses a negative or non-numeric after and a garbage Last-Event-ID with BAD_USER_INPUT', async () => {
    const bob = await player('Bob')
    for (const [query, headers] of [
      ['?after=-1', {}],
      ['?after=abc', {}],
      ['?after=99999999999', {}],
      ['', { 'last-event-id': 'yesterday' }],
      ['', { 'last-event-id': '-3' }],
    ] as const) {
      const s = await stream(bob.key, query, headers)
      expect(s.status, `${query} ${JSON.stringify(headers)}`).toBe(400)
      expect(s.body.code).toBe('BAD_USER_INPUT')
    }
    const client = createClient({
      url: `ws://127.0.0.1:${srv.port}/graphql`,
      webSocketImpl: WebSocket,
      connectionParams: { authorization: `Bearer ${bob.key}` },
    })
    const error = await new Promise<any>(resolve => {
      client.subscribe(
        { query: `subscription { playerEvents(after: -1) { type } }` },
        { next: () => {}, error: resolve, complete: () => resolve(null) },
      )
    })
    await client.dispose()
    expect(error?.[0]?.extensions?.code).toBe('BAD_USER_INPUT')
  })

  it('OpenAPI declares after and Last-Event-ID on streamPlayerEvents', async () => {
    const doc = (await srv.app.inject({ method: 'GET', url: '/docs/json' })).json()
    const op = doc.paths['/api/players/me/stream'].get
    expect(op.operationId).toBe('streamPlayerEvents')
    const params = op.parameters.map((p: any) => `${p.in}:${p.name}`)
    expect(params).toEqual(expect.arrayContaining(['query:after', 'header:last-event-id']))
  })
})
