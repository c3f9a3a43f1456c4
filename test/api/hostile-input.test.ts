// Hostile input: subscriptions over POST/GET and deeply nested actions are a 4xx with a code, never a 500.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CREATE_MATCH, gql, RACE_DECK, startTestServer, type TestServer } from '../support/server.ts'

// Issue 26, finding 11: two inputs that answered 500. A subscription sent over HTTP; an action nested about
// 4,000 levels deep with an idempotency key (canonicalJson overflowed the stack).
let srv: TestServer
let matchId: string
let token: string
beforeAll(async () => {
  srv = await startTestServer()
  const c = await gql(srv.app, CREATE_MATCH, {
    input: { game: 'race-to-20', seats: [{ deck: RACE_DECK }, { deck: RACE_DECK }], seed: 'hostile' },
  })
  matchId = c.data.createMatch.match.id
  token = c.data.createMatch.seats[0].token
})
afterAll(async () => srv.close())

/** `depth` arrays in one another, as JSON text (JSON.stringify of such a value would overflow the client's stack). */
const nested = (depth: number) => `${'['.repeat(depth)}{"type":"roll"}${']'.repeat(depth)}`

describe('hostile input is a 4xx with a code, never a 500 (issue 26, 11)', () => {
  for (const [name, query] of [
    ['playerEvents', 'subscription { e1: playerEvents { type } }'],
    ['matchUpdated', 'subscription($id: ID!) { matchUpdated(matchId: $id) { version } }'],
  ] as const) {
    it(`a ${name} subscription sent as POST /graphql, and as GET, is a 400 with a code, every time`, async () => {
      for (let i = 0; i < 3; i++) {
        const post = await srv.app.inject({
          method: 'POST',
          url: '/graphql',
          headers: { authorization: `Bearer ${token}` },
          payload: { query, variables: { id: matchId } },
        })
        expect(post.statusCode, post.body).toBe(400)
        expect(post.json().errors[0].extensions.code).toBe('GRAPHQL_VALIDATION_FAILED')
        const get = await srv.app.inject({
          method: 'GET',
          url: `/graphql?query=${encodeURIComponent(query)}&variables=${encodeURIComponent(JSON.stringify({ id: matchId }))}`,
        })
        expect(get.statusCode, get.body).toBe(400)
      }
    })
  }

  for (const idempotencyKey of [undefined, 'deep-1']) {
    it(`an action nested 4,000 levels deep ${idempotencyKey ? 'with' : 'without'} an idempotencyKey is BAD_USER_INPUT 400, over GraphQL and REST`, async () => {
      const input = JSON.stringify({ matchId, idempotencyKey, action: '__ACTION__' }).replace(
        '"__ACTION__"',
        nested(4_000),
      )
      const graphql = await srv.app.inject({
        method: 'POST',
        url: '/graphql',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        payload: `{"query":"mutation($i: SubmitActionInput!) { submitAction(input: $i) { match { version } } }","variables":{"i":${input}}}`,
      })
      expect(graphql.statusCode, graphql.body.slice(0, 300)).toBe(400)
      expect(graphql.json().errors[0].extensions.code).toBe('BAD_USER_INPUT')
      const rest = await srv.app.inject({
        method: 'POST',
        url: `/api/matches/${matchId}/actions`,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        payload: JSON.stringify({ idempotencyKey, action: '__ACTION__' }).replace('"__ACTION__"', nested(4_000)),
      })
      expect(rest.statusCode, rest.body.slice(0, 300)).toBe(400)
      expect(rest.json().code).toBe('BAD_USER_INPUT')
      // Nothing was applied.
      expect(
        (await gql(srv.app, `query($id: ID!) { match(id: $id) { version } }`, { id: matchId })).data.match.version,
      ).toBe(0)
    })
  }

  it('a body 64 levels deep is still taken to the service (refused, if at all, for what it says, not for its depth)', async () => {
    const res = await srv.app.inject({
      method: 'POST',
      url: `/api/matches/${matchId}/actions`,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ idempotencyKey: 'deep-ok', action: '__ACTION__' }).replace('"__ACTION__"', nested(62)),
    })
    expect(res.statusCode, res.body.slice(0, 300)).toBeLessThan(500)
    expect(res.json().message).not.toContain('levels')
  })
})
