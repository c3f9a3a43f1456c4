// Issue 26, finding 9: a subscription over the WebSocket is held to the limits an HTTP request is (mercurius runs
// neither the schema's validation nor our GRAPHQL_MAX_* rules there): one document asking for a view a hundred
// times per event, or for fields that do not exist, is refused with a code before anything runs.
import { createClient, type Client } from 'graphql-ws'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { CREATE_MATCH, gql, RACE_DECK, startListeningServer, type ListeningServer } from '../support/server.ts'

let srv: ListeningServer
let client: Client
let matchId = ''

beforeAll(async () => {
  srv = await startListeningServer()
  const c = await gql(srv.app, CREATE_MATCH, {
    input: { game: 'race-to-20', seats: [{ deck: RACE_DECK }, { deck: RACE_DECK }] },
  })
  matchId = c.data.createMatch.match.id
  client = createClient({ url: `ws://127.0.0.1:${srv.port}/graphql`, webSocketImpl: WebSocket, lazy: false })
})
afterAll(async () => {
  await client?.dispose()
  await srv?.close()
})

/** The first answer to a subscription: its first result, or its error (the errors graphql-ws passes on). */
const first = (query: string) =>
  new Promise<{ next?: any; error?: any }>(resolve => {
    const stop = client.subscribe(
      { query, variables: { id: matchId } },
      { next: m => (stop(), resolve({ next: m })), error: e => resolve({ error: e }), complete: () => {} },
    )
  })

const codes = (error: unknown) =>
  Array.isArray(error) ? error.map((e: { extensions?: { code?: string } }) => e.extensions?.code) : []

describe('subscriptions over the WebSocket are validated like HTTP requests', () => {
  it('a hundred aliases of the view (over GRAPHQL_MAX_ALIASES) are QUERY_TOO_COMPLEX', async () => {
    const aliases = Array.from({ length: 100 }, (_, i) => `v${i}: view`).join(' ')
    const answer = await first(`subscription($id: ID!) { matchUpdated(matchId: $id) { ${aliases} } }`)
    expect(answer.next).toBeUndefined()
    expect(codes(answer.error)).toContain('QUERY_TOO_COMPLEX')
  })

  it('a field the schema does not have, or two root fields, are GRAPHQL_VALIDATION_FAILED', async () => {
    for (const query of [
      `subscription($id: ID!) { matchUpdated(matchId: $id) { noSuchField } }`,
      `subscription($id: ID!) { a: matchUpdated(matchId: $id) { version } b: matchUpdated(matchId: $id) { version } }`,
    ]) {
      const answer = await first(query)
      expect(answer.next, query).toBeUndefined()
      expect(codes(answer.error), query).toContain('GRAPHQL_VALIDATION_FAILED')
    }
  })

  it('a valid subscription still gets its first view', async () => {
    const answer = await first(`subscription($id: ID!) { matchUpdated(matchId: $id) { version } }`)
    expect(answer.next?.data?.matchUpdated?.version).toBe(0)
  })
})
