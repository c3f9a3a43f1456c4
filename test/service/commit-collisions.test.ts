// An action whose statement the database rolls back for colliding with another writer (a deadlock, a serialization
// failure) is written again on a fresh snapshot: the caller gets its result, never a 500.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { GameRegistry } from '../../src/kernel/index.ts'
import { buildServer, type ArbiterServer } from '../../src/server.ts'
import type { Database } from '../../src/store/database.ts'
import { openTestDatabase } from '../support/db.ts'
import { CREATE_MATCH, gql, RACE_DECK, SUBMIT } from '../support/server.ts'
import { raceGame } from '../support/test-game.ts'

let db: Database
let app: ArbiterServer
/** SQLSTATEs the next commit statements fail with, one each, before reaching the database. */
const collide: string[] = []
beforeAll(async () => {
  db = await openTestDatabase()
  const query = db.sql.query.bind(db.sql)
  db.sql.query = ((text: string, params?: unknown[], name?: string) => {
    if (name?.startsWith('arbiter-commit-action') && collide.length > 0) {
      const code = collide.shift()!
      return Promise.reject(Object.assign(new Error(`injected ${code}`), { code }))
    }
    return query(text, params, name)
  }) as typeof db.sql.query
  app = await buildServer({ db, registry: new GameRegistry([raceGame]) })
  await app.ready()
})
afterAll(async () => {
  await app.close()
  await db.close()
})

describe('commits that collide with another writer', () => {
  it.each(['40P01', '40001'])(
    'a commit rolled back with %s is written again: the action and a resign succeed',
    async code => {
      const c = await gql(app, CREATE_MATCH, {
        input: { game: 'race-to-20', seats: [{ deck: RACE_DECK }, { deck: RACE_DECK }] },
      })
      const matchId = c.data.createMatch.match.id as string
      const [first, second] = c.data.createMatch.seats.map((s: { token: string }) => s.token) as [string, string]
      collide.push(code)
      const moved = await gql(app, SUBMIT, { input: { matchId, action: { type: 'roll' } } }, first)
      expect(moved.errors).toBeUndefined()
      expect(moved.data.submitAction.match.version).toBe(1)
      expect(collide).toEqual([])
      collide.push(code)
      const res = await app.inject({
        method: 'POST',
        url: `/api/matches/${matchId}/resign`,
        headers: { authorization: `Bearer ${second}` },
        payload: {},
      })
      expect(res.statusCode).toBe(200)
      expect(res.json()).toMatchObject({ status: 'FINISHED', endReason: 'resigned', version: 2 })
    },
  )
})
