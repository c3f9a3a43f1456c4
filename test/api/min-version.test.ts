// minVersion: a read on one server right after a write acknowledged by another returns that version or newer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../../src/store/database.ts'
import { openTestDatabase } from '../support/db.ts'
import { CREATE_MATCH, gql, RACE_DECK, startTestServer, SUBMIT, type TestServer } from '../support/server.ts'

let db: Database
let a: TestServer
let b: TestServer
beforeAll(async () => {
  db = await openTestDatabase()
  a = await startTestServer({ db })
  // B's change feed says it is live but its notifications are late (here: never come), as on a busy
  // network between A's commit and B hearing of it.
  const late: Database = {
    ...db,
    changes: { live: true, epoch: 1, trustMs: 5_000, onChange: () => {}, announce: () => {} },
  }
  b = await startTestServer({ db: late })
})
afterAll(async () => {
  await a.close()
  await b.close()
  await db.close()
})

describe('match and legalActions with minVersion', () => {
  it('server B, holding the match cached, answers the version A just acknowledged, every time', async () => {
    for (let round = 0; round < 10; round++) {
      const c = (
        await gql(a.app, CREATE_MATCH, {
          input: { game: 'race-to-20', seats: [{ deck: RACE_DECK }, { deck: RACE_DECK }] },
        })
      ).data.createMatch
      const id = c.match.id
      // B reads (and caches) version 0 with seat 1's token.
      expect(
        (await gql(b.app, `query($id: ID!) { match(id: $id) { version } }`, { id }, c.seats[1].token)).data.match
          .version,
      ).toBe(0)
      const acked = (await gql(a.app, SUBMIT, { input: { matchId: id, action: { type: 'roll' } } }, c.seats[0].token))
        .data.submitAction.match.version
      expect(acked).toBe(1)
      // Without minVersion B still trusts its cached copy: the stale read this argument exists for.
      expect(
        (await gql(b.app, `query($id: ID!) { match(id: $id) { version } }`, { id }, c.seats[1].token)).data.match
          .version,
      ).toBe(0)
      const read = await gql(
        b.app,
        `query($id: ID!, $v: Int) { match(id: $id, minVersion: $v) { version toAct } legalActions(matchId: $id, minVersion: $v) { id } }`,
        { id, v: acked },
        c.seats[1].token,
      )
      expect(read.errors).toBeUndefined()
      expect(read.data.match.version).toBeGreaterThanOrEqual(acked)
      // Seat 1 is to act at version 1, so its legal actions are those of the new version, not the cached one.
      expect(read.data.match.toAct).toEqual([1])
      expect(read.data.legalActions.length).toBeGreaterThan(0)
    }
  })
})
