// Bad requests to GraphQL and REST: a 4xx or a coded GraphQL error, never a 500, and nothing changed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CREATE_MATCH, gql, RACE_DECK, SUBMIT, startTestServer, type TestServer } from '../support/server.ts'

let srv: TestServer
beforeAll(async () => {
  srv = await startTestServer({ bodyLimit: 64 * 1024 })
})
afterAll(async () => srv.close())

async function matchCount(): Promise<number> {
  return srv.db.prisma.match.count()
}

describe('bad requests get a 4xx or a GraphQL error with a code, never a 500, and change nothing', () => {
  it('malformed JSON to /graphql and to REST', async () => {
    const g = await srv.app.inject({
      method: 'POST',
      url: '/graphql',
      headers: { 'content-type': 'application/json' },
      payload: '{"query": ',
    })
    expect(g.statusCode).toBe(400)
    expect(JSON.stringify(g.json())).toContain('BAD_USER_INPUT')
    const r = await srv.app.inject({
      method: 'POST',
      url: '/api/matches',
      headers: { 'content-type': 'application/json' },
      payload: '{oops',
    })
    expect(r.statusCode).toBe(400)
    expect(r.json().code).toBe('BAD_USER_INPUT')
  })

  it('an oversized body is refused with 413 and a code', async () => {
    const big = 'x'.repeat(100 * 1024)
    const before = await matchCount()
    const g = await srv.app.inject({
      method: 'POST',
      url: '/graphql',
      payload: { query: CREATE_MATCH, variables: { input: { game: big, seats: [] } } },
    })
    expect(g.statusCode).toBe(413)
    expect(JSON.stringify(g.json())).toContain('BAD_USER_INPUT')
    const r = await srv.app.inject({ method: 'POST', url: '/api/matches', payload: { game: big, seats: [] } })
    expect(r.statusCode).toBe(413)
    expect(r.json().code).toBe('BAD_USER_INPUT')
    expect(await matchCount()).toBe(before)
  })

  it('no query, a syntax error, an unknown field and a wrong variable type use the Apollo codes', async () => {
    const none = await srv.app.inject({ method: 'POST', url: '/graphql', payload: {} })
    expect(none.statusCode).toBeLessThan(500)
    expect(none.json().errors[0].extensions.code).toBe('GRAPHQL_PARSE_FAILED')
    const syntax = await gql(srv.app, '{ games { id ')
    expect(syntax.errors?.[0]?.extensions.code).toBe('GRAPHQL_PARSE_FAILED')
    const unknown = await gql(srv.app, '{ games { id nope } }')
    expect(unknown.errors?.[0]?.extensions.code).toBe('GRAPHQL_VALIDATION_FAILED')
    const wrongVar = await gql(srv.app, 'query($id: ID!) { match(id: $id) { id } }', { id: { not: 'an id' } })
    expect(wrongVar.errors?.[0]?.extensions.code).toBe('GRAPHQL_VALIDATION_FAILED')
  })

  it('unknown game, wrong shapes and unknown ids', async () => {
    const before = await matchCount()
    const unknownGame = await gql(srv.app, CREATE_MATCH, {
      input: { game: 'chess', seats: [{ deck: {} }, { deck: {} }] },
    })
    expect(unknownGame.errors?.[0]?.extensions.code).toBe('NOT_FOUND')
    const noSeats = await gql(srv.app, CREATE_MATCH, { input: { game: 'race-to-20', seats: [] } })
    expect(noSeats.errors?.[0]?.extensions.code).toBe('BAD_USER_INPUT')
    const oneSeat = await gql(srv.app, CREATE_MATCH, { input: { game: 'race-to-20', seats: [{ deck: RACE_DECK }] } })
    expect(oneSeat.errors?.[0]?.extensions.code).toBe('BAD_USER_INPUT')
    const badDeck = await gql(srv.app, CREATE_MATCH, {
      input: { game: 'race-to-20', seats: [{ deck: RACE_DECK }, { deck: { cards: [0, 99] } }] },
    })
    expect(badDeck.errors?.[0]?.extensions.code).toBe('DECK_ILLEGAL')
    expect(badDeck.errors?.[0]?.extensions.violations.map((v: { code: string }) => v.code)).toEqual([
      'DECK_SIZE',
      'CARD_VALUE',
    ])
    const malformedDeck = await gql(srv.app, CREATE_MATCH, {
      input: { game: 'race-to-20', seats: [{ deck: RACE_DECK }, { deck: 'forty cards' }] },
    })
    expect(malformedDeck.errors?.[0]?.extensions.code).toBe('DECK_ILLEGAL')
    const badOptions = await gql(srv.app, CREATE_MATCH, {
      input: { game: 'race-to-20', seats: [{ deck: RACE_DECK }, { deck: RACE_DECK }], options: { target: 'high' } },
    })
    expect(badOptions.errors?.[0]?.extensions.code).toBe('BAD_USER_INPUT')
    expect(await matchCount()).toBe(before)

    const missing = await gql(srv.app, 'query($id: ID!) { match(id: $id) { id } }', {
      id: '00000000-0000-4000-8000-000000000000',
    })
    expect(missing.errors).toBeUndefined()
    expect(missing.data.match).toBeNull()
    const notAnId = await gql(srv.app, 'query($id: ID!) { match(id: $id) { id } }', { id: 'nope' })
    expect(notAnId.data.match).toBeNull()
    const submitMissing = await gql(
      srv.app,
      SUBMIT,
      { input: { matchId: '00000000-0000-4000-8000-000000000000', action: { type: 'roll' } } },
      'tok',
    )
    expect(submitMissing.errors?.[0]?.extensions.code).toBe('NOT_FOUND')
    const submitBadId = await gql(srv.app, SUBMIT, { input: { matchId: 'nope', action: { type: 'roll' } } }, 'tok')
    expect(submitBadId.errors?.[0]?.extensions.code).toBe('BAD_USER_INPUT')
    const rest404 = await srv.app.inject({ method: 'GET', url: '/api/matches/00000000-0000-4000-8000-000000000000' })
    expect(rest404.statusCode).toBe(404)
    expect(rest404.json().code).toBe('NOT_FOUND')
    const noRoute = await srv.app.inject({ method: 'GET', url: '/nowhere' })
    expect(noRoute.statusCode).toBe(404)
    expect(noRoute.json().code).toBe('NOT_FOUND')
  })

  it('a malformed action, both or neither of action/actionId, and a missing token', async () => {
    const created = await gql(srv.app, CREATE_MATCH, {
      input: { game: 'race-to-20', seats: [{ deck: RACE_DECK }, { deck: RACE_DECK }], seed: 'errors' },
    })
    const matchId = created.data.createMatch.match.id
    const token = created.data.createMatch.seats[0].token
    const shapes = [
      { action: { type: 'fly' } },
      { action: { type: 'play', card: 'seven' } },
      {},
      { action: { type: 'roll' }, actionId: 'x' },
    ]
    for (const extra of shapes) {
      const res = await gql(srv.app, SUBMIT, { input: { matchId, ...extra } }, token)
      expect(res.errors?.[0]?.extensions.code).toBe('BAD_USER_INPUT')
    }
    const anon = await gql(srv.app, SUBMIT, { input: { matchId, action: { type: 'roll' } } })
    expect(anon.errors?.[0]?.extensions.code).toBe('UNAUTHENTICATED')
    const stale = await gql(srv.app, SUBMIT, { input: { matchId, actionId: 'AAAAAAAAAAAAAAAA' } }, token)
    expect(stale.errors?.[0]?.extensions.code).toBe('ILLEGAL_ACTION')
    const view = await gql(srv.app, 'query($id: ID!) { match(id: $id) { version } }', { id: matchId }, token)
    expect(view.data.match.version).toBe(0)
  })

  it('REST answers the same codes as GraphQL', async () => {
    const bad = await srv.app.inject({
      method: 'POST',
      url: '/api/matches',
      payload: { game: 'race-to-20', seats: 'two' },
    })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().code).toBe('BAD_USER_INPUT')
    const created = await srv.app.inject({
      method: 'POST',
      url: '/api/matches',
      payload: { game: 'race-to-20', seats: [{ deck: RACE_DECK }, { deck: RACE_DECK }] },
    })
    expect(created.statusCode).toBe(201)
    const { match, seats } = created.json()
    const wrongSeat = await srv.app.inject({
      method: 'POST',
      url: `/api/matches/${match.id}/actions`,
      headers: { authorization: `Bearer ${seats[1].token}` },
      payload: { action: { type: 'roll' } },
    })
    expect(wrongSeat.statusCode).toBe(403)
    expect(wrongSeat.json()).toMatchObject({ code: 'NOT_YOUR_DECISION', rule: 'TG-2' })
  })

  it('Int variables out of range or of the wrong type, a query that is not text, and NUL characters: 4xx or a coded error, nothing written', async () => {
    const created = await gql(srv.app, CREATE_MATCH, {
      input: { game: 'race-to-20', seats: [{ deck: RACE_DECK }, { deck: RACE_DECK }], seed: 'malformed' },
    })
    const matchId = created.data.createMatch.match.id
    const token = created.data.createMatch.seats[0].token
    for (const expectedVersion of [1e10, 'x', 1.5, 2 ** 31]) {
      const res = await gql(srv.app, SUBMIT, { input: { matchId, action: { type: 'roll' }, expectedVersion } }, token)
      expect(res.status).toBe(400)
      expect(res.errors?.[0]?.extensions.code).toBe('GRAPHQL_VALIDATION_FAILED')
    }
    const log = await gql(srv.app, 'query($id: ID!, $a: Int) { match(id: $id) { log(after: $a) { seq } } }', {
      id: matchId,
      a: 2 ** 31,
    })
    expect(log.status).toBe(400)
    expect(log.errors?.[0]?.extensions.code).toBe('GRAPHQL_VALIDATION_FAILED')
    for (const query of [5, '5', '{"kind":"Document","definitions":[]}', { kind: 'Document' }]) {
      const res = await srv.app.inject({ method: 'POST', url: '/graphql', payload: { query } })
      expect(res.statusCode).toBe(400)
      expect(['GRAPHQL_PARSE_FAILED', 'GRAPHQL_VALIDATION_FAILED']).toContain(res.json().errors[0].extensions.code)
    }
    const before = await matchCount()
    const nulName = await gql(srv.app, CREATE_MATCH, {
      input: { game: 'race-to-20', seats: [{ deck: RACE_DECK, name: 'a\u0000b' }, { deck: RACE_DECK }] },
    })
    const nulSeed = await gql(srv.app, CREATE_MATCH, {
      input: { game: 'race-to-20', seats: [{ deck: RACE_DECK }, { deck: RACE_DECK }], seed: 'a\u0000b' },
    })
    const nulKey = await gql(
      srv.app,
      SUBMIT,
      { input: { matchId, action: { type: 'roll' }, idempotencyKey: 'k\u0000' } },
      token,
    )
    for (const res of [nulName, nulSeed, nulKey]) {
      expect(res.status).toBeLessThan(500)
      expect(res.errors?.[0]?.extensions.code).toBe('BAD_USER_INPUT')
    }
    const rest = await srv.app.inject({
      method: 'POST',
      url: '/api/decks',
      payload: { game: 'race-to-20', name: 'a\u0000', deck: RACE_DECK },
    })
    expect(rest.statusCode).toBe(400)
    expect(rest.json().code).toBe('BAD_USER_INPUT')
    const after = await srv.app.inject({ method: 'GET', url: `/api/matches/${matchId}/log?after=99999999999` })
    expect(after.statusCode).toBe(400)
    expect(after.json().code).toBe('BAD_USER_INPUT')
    expect(await matchCount()).toBe(before)
    const view = await gql(srv.app, 'query($id: ID!) { match(id: $id) { version } }', { id: matchId }, token)
    expect(view.data.match.version).toBe(0)
  })
})
