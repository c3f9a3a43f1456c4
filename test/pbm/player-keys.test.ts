// Player keys can be rotated: the new key is the same player (matches and seats kept), the old one stops working.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { gql, RACE_DECK, startTestServer, type TestServer } from '../support/server.ts'

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
    const created = await gql(srv.app, `mutation($input: CreateMatchInput!) { createMatch(input: $input) { match { id } } }`, {
      input: { game: 'race-to-20', seats: [{ deck: RACE_DECK }, { player: made.player.id }] },
    })
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
    const res = await srv.app.inject({ method: 'POST', url: '/api/players/me/key', headers: { authorization: `Bearer ${made.key}` } })
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body.player.id).toBe(made.player.id)
    const old = await srv.app.inject({ method: 'GET', url: '/api/players/me', headers: { authorization: `Bearer ${made.key}` } })
    expect(old.statusCode).toBe(401)
    expect(old.json().code).toBe('UNAUTHENTICATED')
    const fresh = await srv.app.inject({ method: 'GET', url: '/api/players/me', headers: { authorization: `Bearer ${body.key}` } })
    expect(fresh.json().id).toBe(made.player.id)
  })

  it('needs a player key', async () => {
    const r = await gql(srv.app, `mutation { rotatePlayerKey { key } }`)
    expect(r.errors?.[0]?.extensions.code).toBe('UNAUTHENTICATED')
  })
})
