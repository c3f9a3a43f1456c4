// Issue 27, point 8: the operator API (ARBITER_ADMIN_KEY). Lists and searches, aborts a match whatever its status,
// blocks a player on every server at once (its seats time out now), logs who did what; without the key there is none.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openTestDatabase } from '../support/db.ts'
import { REDIS_URL } from '../support/server-process.ts'
import { gql, RACE_DECK, startListeningServer, type ListeningServer } from '../support/server.ts'

const ADMIN_KEY = 'operator-key-of-the-test-0123456789'
let a: ListeningServer
let b: ListeningServer
let none: ListeningServer
beforeAll(async () => {
  // Two servers with the operator key on one database, fanned out through Redis as two processes are.
  a = await startListeningServer({ adminKey: ADMIN_KEY, redisUrl: REDIS_URL })
  b = await startListeningServer({
    adminKey: ADMIN_KEY,
    redisUrl: REDIS_URL,
    db: process.env.DATABASE_URL ? await openTestDatabase() : a.db,
  })
  none = await startListeningServer()
})
afterAll(async () => {
  await b.app.close()
  if (process.env.DATABASE_URL) await b.db.close()
  await a.close()
  await none.close()
})

const CREATE = `mutation($input: CreateMatchInput!) { createMatch(input: $input) { match { id } } }`
const JOIN = `mutation($input: JoinMatchInput!) { joinMatch(input: $input) { match { status } seat { token } } }`

async function player(name: string): Promise<{ id: string; key: string }> {
  const p = (await gql(a.app, `mutation($n: String!) { createPlayer(name: $n) { key player { id } } }`, { n: name }))
    .data.createPlayer
  return { id: p.player.id, key: p.key }
}

/** An ACTIVE match of `x` (seat 0) and `y` (seat 1), without a clock; y's seat token. */
async function match(
  x: { id: string; key: string },
  y: { id: string; key: string },
): Promise<{ id: string; token: string }> {
  const id = (
    await gql(a.app, CREATE, { input: { game: 'race-to-20', seats: [{ player: x.id }, { player: y.id }] } }, x.key)
  ).data.createMatch.match.id
  await gql(a.app, JOIN, { input: { matchId: id, deck: RACE_DECK } }, x.key)
  const joined = (await gql(a.app, JOIN, { input: { matchId: id, deck: RACE_DECK } }, y.key)).data.joinMatch
  expect(joined.match.status).toBe('ACTIVE')
  return { id, token: joined.seat.token }
}

async function rest(
  srv: ListeningServer,
  method: string,
  path: string,
  token?: string,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  const res = await fetch(`${srv.base}/api${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...headers,
    },
    body: body ? JSON.stringify(body) : undefined,
  })
  return { status: res.status, body: await res.json() }
}

const op = (srv: ListeningServer, query: string, variables: Record<string, unknown> = {}, token = ADMIN_KEY) =>
  gql(srv.app, query, variables, token)

describe('the operator API', () => {
  it('is refused UNAUTHENTICATED without ARBITER_ADMIN_KEY, and to any bearer but the operator key', async () => {
    const ann = await player('Ann')
    for (const token of [ADMIN_KEY, ann.key, undefined]) {
      const r = await gql(none.app, `{ adminLog { id } }`, {}, token)
      expect(r.errors?.[0]?.extensions.code).toBe('UNAUTHENTICATED')
      expect((await rest(none, 'GET', '/admin/players', token)).body.code).toBe('UNAUTHENTICATED')
    }
    for (const token of [ann.key, 'not-the-key', undefined]) {
      expect((await gql(a.app, `{ adminMatches { id } }`, {}, token)).errors?.[0]?.extensions.code).toBe(
        'UNAUTHENTICATED',
      )
      const blocked = await rest(a, 'POST', `/admin/players/${ann.id}/block`, token, {})
      expect([blocked.status, blocked.body.code]).toEqual([401, 'UNAUTHENTICATED'])
    }
  })

  it('lists and searches players and matches, newest first, page by page', async () => {
    const tag = `Zed${Date.now()}`
    const [p1, p2] = [await player(`${tag} one`), await player(`${tag} two`)]
    const found = await op(a, `query($s: String) { adminPlayers(search: $s) { id name blocked } }`, {
      s: tag.toLowerCase(),
    })
    expect(found.data.adminPlayers).toEqual([
      { id: p2.id, name: `${tag} two`, blocked: false },
      { id: p1.id, name: `${tag} one`, blocked: false },
    ])
    expect(
      (await op(a, `query($s: String) { adminPlayers(search: $s) { id } }`, { s: p1.id })).data.adminPlayers,
    ).toEqual([{ id: p1.id }])
    const page = await rest(a, 'GET', `/admin/players?search=${tag}&first=1&after=${p2.id}`, ADMIN_KEY)
    expect(page.body.map((p: any) => p.id)).toEqual([p1.id])

    const m1 = await match(p1, p2)
    const m2 = await match(p1, p2)
    const mine = await op(a, `query($p: ID) { adminMatches(player: $p, status: ACTIVE) { id status seat } }`, {
      p: p2.id,
    })
    expect(mine.data.adminMatches).toEqual([
      { id: m2.id, status: 'ACTIVE', seat: null },
      { id: m1.id, status: 'ACTIVE', seat: null },
    ])
    const next = await rest(a, 'GET', `/admin/matches?player=${p2.id}&first=1&after=${m2.id}`, ADMIN_KEY)
    expect(next.body.map((m: any) => m.id)).toEqual([m1.id])
  })

  it('aborts a match whatever its status, and logs who did it and when', async () => {
    const [ann, bob] = await Promise.all([player('Ann'), player('Bob')])
    const active = await match(ann, bob)
    const waiting = (
      await gql(
        a.app,
        CREATE,
        { input: { game: 'race-to-20', seats: [{ player: ann.id }, { player: bob.id }] } },
        ann.key,
      )
    ).data.createMatch.match.id
    const finished = await match(ann, bob)
    await gql(a.app, `mutation($id: ID!) { resign(matchId: $id) { status } }`, { id: finished.id }, ann.key)
    const before = Date.now()
    for (const id of [active.id, waiting, finished.id]) {
      const r = await rest(
        a,
        'POST',
        `/admin/matches/${id}/abort`,
        ADMIN_KEY,
        { reason: 'test' },
        { 'x-arbiter-operator': 'Olga' },
      )
      expect([r.status, r.body.status, r.body.endReason, r.body.winners]).toEqual([
        200,
        'ABORTED',
        'aborted by the operator',
        null,
      ])
    }
    // Another server sees it; the aborted match's log still replays to its stored state.
    const seen = await gql(
      b.app,
      `query($id: ID!) { match(id: $id) { status endReason } verifyMatch(id: $id) { ok } }`,
      { id: active.id },
    )
    expect(seen.data).toEqual({
      match: { status: 'ABORTED', endReason: 'aborted by the operator' },
      verifyMatch: { ok: true },
    })
    const anon = await op(b, `mutation($id: ID!) { adminAbortMatch(matchId: $id) { status } }`, { id: active.id })
    expect(anon.data.adminAbortMatch.status).toBe('ABORTED')
    const log = (await op(b, `{ adminLog(first: 4) { action targetId by reason at } }`)).data.adminLog
    expect(log.map((l: any) => [l.action, l.targetId, l.by, l.reason])).toEqual([
      ['abortMatch', active.id, 'admin', null],
      ['abortMatch', finished.id, 'Olga', 'test'],
      ['abortMatch', waiting, 'Olga', 'test'],
      ['abortMatch', active.id, 'Olga', 'test'],
    ])
    for (const l of log) expect(Date.parse(l.at)).toBeGreaterThanOrEqual(before - 1000)
  })

  it('a block is seen at once by another server: keys and seat tokens refused, me null, its seats time out now; unblocking restores the key', async () => {
    const [ann, bob] = await Promise.all([player('Ann'), player('Bob')])
    const m = await match(ann, bob)
    // Server b has Bob's key cached and a stream of Bob open.
    expect((await gql(b.app, `{ me { id } }`, {}, bob.key)).data.me).toEqual({ id: bob.id })
    const stream = await fetch(`${b.base}/api/players/me/stream`, { headers: { authorization: `Bearer ${bob.key}` } })
    const ended = (async () => {
      const reader = stream.body!.getReader()
      while (!(await reader.read()).done);
    })()

    const r = await op(a, `mutation($p: ID!) { adminBlockPlayer(playerId: $p, reason: "spam") { id blocked } }`, {
      p: bob.id,
    })
    expect(r.data.adminBlockPlayer).toEqual({ id: bob.id, blocked: true })
    await ended
    expect((await gql(b.app, `{ me { id } }`, {}, bob.key)).data.me).toBeNull()
    expect((await rest(b, 'GET', '/players/me/matches', bob.key)).body.code).toBe('UNAUTHENTICATED')
    const bySeat = await gql(b.app, `mutation($id: ID!) { resign(matchId: $id) { status } }`, { id: m.id }, m.token)
    expect(bySeat.errors?.[0]?.extensions.code).toBe('UNAUTHENTICATED')
    // Its seat timed out now: without a clock, it forfeits.
    const done = (await gql(b.app, `query($id: ID!) { match(id: $id) { status winners endReason } }`, { id: m.id }))
      .data.match
    expect(done).toEqual({ status: 'FINISHED', winners: [0], endReason: 'timeout' })
    expect(
      (await op(b, `query($s: String) { adminPlayers(search: $s) { blocked } }`, { s: bob.id })).data.adminPlayers,
    ).toEqual([{ blocked: true }])

    const lifted = await rest(a, 'POST', `/admin/players/${bob.id}/block`, ADMIN_KEY, { blocked: false })
    expect(lifted.body.blocked).toBe(false)
    expect((await gql(b.app, `{ me { id } }`, {}, bob.key)).data.me).toEqual({ id: bob.id })
    const log = (await op(a, `{ adminLog(first: 2) { action targetId reason } }`)).data.adminLog
    expect(log).toEqual([
      { action: 'unblockPlayer', targetId: bob.id, reason: null },
      { action: 'blockPlayer', targetId: bob.id, reason: 'spam' },
    ])
  })

  it('refuses bad paging and bad input with BAD_USER_INPUT (or NOT_FOUND), and writes nothing', async () => {
    const logged = async () => (await op(a, `{ adminLog(first: 200) { id } }`)).data.adminLog.length
    const count = await logged()
    for (const path of [
      '/admin/matches?first=0',
      '/admin/matches?first=abc',
      '/admin/matches?first=201',
      '/admin/matches?after=nope',
      '/admin/players?first=-1',
      '/admin/log?first=1000',
      '/admin/matches?status=DONE',
    ]) {
      const r = await rest(a, 'GET', path, ADMIN_KEY)
      expect([path, r.status, r.body.code]).toEqual([path, 400, 'BAD_USER_INPUT'])
    }
    expect((await op(a, `{ adminMatches(first: 1000) { id } }`)).errors?.[0]?.extensions.code).toBe('BAD_USER_INPUT')
    const unknown = await rest(a, 'POST', '/admin/players/00000000-0000-4000-8000-000000000000/block', ADMIN_KEY, {})
    expect([unknown.status, unknown.body.code]).toEqual([404, 'NOT_FOUND'])
    const badId = await rest(a, 'POST', '/admin/matches/xyz/abort', ADMIN_KEY, {})
    expect([badId.status, badId.body.code]).toEqual([400, 'BAD_USER_INPUT'])
    expect(await logged()).toBe(count)
  })
})
