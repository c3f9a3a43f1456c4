// The snapshot cache's size: SNAPSHOT_CACHE_SIZE parsing, and a server whose cache holds one match still
// knows every seat of the others (a miss brings the seats in the same query as the match).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { snapshotCacheSizeFromEnv } from '../../src/service/index.ts'
import { LruMap } from '../../src/service/snapshot-cache.ts'
import { CREATE_MATCH, gql, LEGAL, RACE_DECK, startTestServer, type TestServer } from '../support/server.ts'

describe('SNAPSHOT_CACHE_SIZE', () => {
  it('is a whole number of snapshots, unset for the default', () => {
    expect(snapshotCacheSizeFromEnv({})).toBeUndefined()
    expect(snapshotCacheSizeFromEnv({ SNAPSHOT_CACHE_SIZE: '50000' })).toBe(50_000)
    for (const bad of ['0', '-1', '1.5', 'many']) expect(() => snapshotCacheSizeFromEnv({ SNAPSHOT_CACHE_SIZE: bad })).toThrow(/SNAPSHOT_CACHE_SIZE/)
  })

  it('keeps the most recently used entries', () => {
    const m = new LruMap<string, number>(2)
    m.set('a', 1)
    m.set('b', 2)
    m.get('a')
    m.set('c', 3)
    expect([m.get('a'), m.get('b'), m.get('c')]).toEqual([1, undefined, 3])
  })
})

describe('a server caching one snapshot', () => {
  let srv: TestServer
  beforeAll(async () => {
    srv = await startTestServer({ snapshotCacheSize: 1 })
  })
  afterAll(async () => srv.close())

  it('answers each seat of matches read in turn, every read but the first a cache miss', async () => {
    const matches = []
    for (const seed of ['one', 'two', 'three']) {
      const c = (await gql(srv.app, CREATE_MATCH, { input: { game: 'race-to-20', seats: [{ deck: RACE_DECK }, { deck: RACE_DECK }], seed } })).data.createMatch
      matches.push({ id: c.match.id as string, toAct: c.match.toAct[0] as number, tokens: c.seats.map((s: { token: string }) => s.token) as string[] })
    }
    for (let round = 0; round < 2; round++) {
      for (const m of matches) {
        // The seat to act has choices, the other none: both are known only from the match's seats.
        const mover = await gql(srv.app, LEGAL, { id: m.id }, m.tokens[m.toAct])
        expect(mover.data.legalActions.length).toBeGreaterThan(0)
        const other = await gql(srv.app, LEGAL, { id: m.id }, m.tokens[1 - m.toAct])
        expect(other.data.legalActions).toEqual([])
        const view = await gql(srv.app, `query($id: ID!) { match(id: $id) { seat seats { seat joined } } }`, { id: m.id }, m.tokens[m.toAct])
        expect(view.data.match.seat).toBe(m.toAct)
        expect(view.data.match.seats).toEqual([{ seat: 0, joined: true }, { seat: 1, joined: true }])
      }
    }
  })
})
