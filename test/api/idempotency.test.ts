// Exact idempotency: a repeated request returns the first result from any server, a reused key is refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../../src/store/database.ts'
import { openTestDatabase } from '../support/db.ts'
import { CREATE_MATCH, gql, RACE_DECK, startTestServer, type TestServer } from '../support/server.ts'

let db: Database
let a: TestServer
let b: TestServer
beforeAll(async () => {
  db = await openTestDatabase()
  a = await startTestServer({ db })
  b = await startTestServer({ db })
})
afterAll(async () => {
  await a.close()
  await b.close()
  await db.close()
})

const SUBMIT = `mutation($input: SubmitActionInput!) { submitAction(input: $input) {
  match { version status toAct view } events legalActions { id label } } }`

async function newMatch(): Promise<{ id: string; tokens: string[] }> {
  const c = await gql(a.app, CREATE_MATCH, {
    input: { game: 'race-to-20', seats: [{ deck: RACE_DECK }, { deck: RACE_DECK }] },
  })
  return { id: c.data.createMatch.match.id, tokens: c.data.createMatch.seats.map((s: { token: string }) => s.token) }
}

describe('idempotency keys', () => {
  it('a repeat returns the first result (its events and the match as it was then), even after later actions', async () => {
    const m = await newMatch()
    const first = await gql(
      a.app,
      SUBMIT,
      { input: { matchId: m.id, action: { type: 'roll' }, idempotencyKey: 'k1' } },
      m.tokens[0],
    )
    expect(first.errors).toBeUndefined()
    const other = await gql(a.app, SUBMIT, { input: { matchId: m.id, action: { type: 'roll' } } }, m.tokens[1])
    expect(other.data.submitAction.match.version).toBe(2)
    const again = await gql(
      b.app,
      SUBMIT,
      { input: { matchId: m.id, action: { type: 'roll' }, idempotencyKey: 'k1' } },
      m.tokens[0],
    )
    expect(again.data).toEqual(first.data)
    expect(again.data.submitAction.match.version).toBe(1)
  })

  it('the same key with a different request is IDEMPOTENCY_KEY_REUSED and applies nothing', async () => {
    const m = await newMatch()
    await gql(a.app, SUBMIT, { input: { matchId: m.id, action: { type: 'roll' }, idempotencyKey: 'k2' } }, m.tokens[0])
    const reused = await gql(
      a.app,
      SUBMIT,
      { input: { matchId: m.id, action: { type: 'roll' }, expectedVersion: 1, idempotencyKey: 'k2' } },
      m.tokens[0],
    )
    expect(reused.errors?.[0]?.extensions.code).toBe('IDEMPOTENCY_KEY_REUSED')
    const rows = await db.sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM "Action" WHERE "matchId" = $1`, [
      m.id,
    ])
    expect(rows[0]!.n).toBe(1)
  })

  it('the same key sent to two servers at once with expectedVersion: both get the one result, never VERSION_CONFLICT', async () => {
    for (let round = 0; round < 10; round++) {
      const m = await newMatch()
      const input = { matchId: m.id, action: { type: 'roll' }, expectedVersion: 0, idempotencyKey: `race-${round}` }
      const [x, y] = await Promise.all([
        gql(a.app, SUBMIT, { input }, m.tokens[0]),
        gql(b.app, SUBMIT, { input }, m.tokens[0]),
      ])
      expect(x.errors, JSON.stringify(x.errors)).toBeUndefined()
      expect(y.errors, JSON.stringify(y.errors)).toBeUndefined()
      expect(y.data).toEqual(x.data)
      const rows = await db.sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM "Action" WHERE "matchId" = $1`, [
        m.id,
      ])
      expect(rows[0]!.n).toBe(1)
    }
  })
})
