// The snapshot cache's bounds: SNAPSHOT_CACHE_SIZE and SNAPSHOT_CACHE_MB parsing, eviction by entries and by
// estimated bytes, and a server whose cache holds one match still knows every seat of the others (a miss
// brings the seats in the same query as the match).
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { snapshotCacheMbFromEnv, snapshotCacheSizeFromEnv } from '../../src/service/index.ts'
import { LruMap, snapshotBytes } from '../../src/service/snapshot-cache.ts'
import { CREATE_MATCH, gql, LEGAL, RACE_DECK, startTestServer, type TestServer } from '../support/server.ts'
import { raceGame } from '../support/test-game.ts'
import { backendName } from '../support/db.ts'

describe('SNAPSHOT_CACHE_SIZE and SNAPSHOT_CACHE_MB', () => {
  it('SNAPSHOT_CACHE_SIZE is a whole number of snapshots, unset for no cap', () => {
    expect(snapshotCacheSizeFromEnv({})).toBeUndefined()
    expect(snapshotCacheSizeFromEnv({ SNAPSHOT_CACHE_SIZE: '50000' })).toBe(50_000)
    for (const bad of ['0', '-1', '1.5', 'many'])
      expect(() => snapshotCacheSizeFromEnv({ SNAPSHOT_CACHE_SIZE: bad })).toThrow(/SNAPSHOT_CACHE_SIZE/)
  })

  it('SNAPSHOT_CACHE_MB is a positive number of megabytes, unset for the default', () => {
    expect(snapshotCacheMbFromEnv({})).toBeUndefined()
    expect(snapshotCacheMbFromEnv({ SNAPSHOT_CACHE_MB: '512' })).toBe(512)
    expect(snapshotCacheMbFromEnv({ SNAPSHOT_CACHE_MB: '0.5' })).toBe(0.5)
    for (const bad of ['0', '-1', 'lots', 'Infinity'])
      expect(() => snapshotCacheMbFromEnv({ SNAPSHOT_CACHE_MB: bad })).toThrow(/SNAPSHOT_CACHE_MB/)
  })

  it('counts an entry as a fixed overhead plus a multiple of its state JSON length', () => {
    expect(snapshotBytes(4_000) - snapshotBytes(0)).toBe(10_000)
    expect(snapshotBytes(0)).toBeGreaterThan(0)
  })
})

describe('LruMap', () => {
  it('keeps the most recently used entries within its entry count', () => {
    const m = new LruMap<string, number>({ entries: 2 })
    m.set('a', 1)
    m.set('b', 2)
    m.get('a')
    m.set('c', 3)
    expect([m.get('a'), m.get('b'), m.get('c')]).toEqual([1, undefined, 3])
  })

  it('evicts the least recently used until the weights fit the byte budget', () => {
    const m = new LruMap<string, number>({ bytes: 100 }, n => n)
    m.set('a', 40)
    m.set('b', 40)
    m.get('a')
    m.set('c', 50)
    expect([m.get('a'), m.get('b'), m.get('c')]).toEqual([40, undefined, 50])
    expect([m.size, m.bytes]).toEqual([2, 90])
    // Many light entries fit where few heavy ones would.
    for (let i = 0; i < 10; i++) m.set(`light${i}`, 10)
    expect([m.size, m.bytes]).toEqual([10, 100])
  })

  it('drops a value heavier than the whole budget, and re-weighs a replaced or deleted key', () => {
    const m = new LruMap<string, number>({ bytes: 100 }, n => n)
    m.set('a', 60)
    m.set('a', 30)
    expect(m.bytes).toBe(30)
    m.set('huge', 101)
    expect([m.get('huge'), m.get('a'), m.bytes]).toEqual([undefined, undefined, 0])
    m.set('b', 20)
    m.delete('b')
    m.delete('b')
    expect([m.size, m.bytes]).toEqual([0, 0])
  })

  it('peek leaves the order alone', () => {
    const m = new LruMap<string, number>({ entries: 2 })
    m.set('a', 1)
    m.set('b', 2)
    expect(m.peek('a')).toBe(1)
    m.set('c', 3)
    expect([m.get('a'), m.get('b')]).toEqual([undefined, 2])
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
      const c = (
        await gql(srv.app, CREATE_MATCH, {
          input: { game: 'race-to-20', seats: [{ deck: RACE_DECK }, { deck: RACE_DECK }], seed },
        })
      ).data.createMatch
      matches.push({
        id: c.match.id as string,
        toAct: c.match.toAct[0] as number,
        tokens: c.seats.map((s: { token: string }) => s.token) as string[],
      })
    }
    for (let round = 0; round < 2; round++) {
      for (const m of matches) {
        // The seat to act has choices, the other none: both are known only from the match's seats.
        const mover = await gql(srv.app, LEGAL, { id: m.id }, m.tokens[m.toAct])
        expect(mover.data.legalActions.length).toBeGreaterThan(0)
        const other = await gql(srv.app, LEGAL, { id: m.id }, m.tokens[1 - m.toAct])
        expect(other.data.legalActions).toEqual([])
        const view = await gql(
          srv.app,
          `query($id: ID!) { match(id: $id) { seat seats { seat joined } } }`,
          { id: m.id },
          m.tokens[m.toAct],
        )
        expect(view.data.match.seat).toBe(m.toAct)
        expect(view.data.match.seats).toEqual([
          { seat: 0, joined: true },
          { seat: 1, joined: true },
        ])
      }
    }
  })
})

describe('a server whose cache budget holds two race snapshots', () => {
  // A race state's JSON is about this long whatever the seed; the budget fits two entries, not three.
  const stateJson = JSON.stringify(raceGame.setup([RACE_DECK, RACE_DECK], { target: 20 }, 'sizing')).length + 50
  let srv: TestServer
  beforeAll(async () => {
    srv = await startTestServer({ snapshotCacheMb: (2.5 * snapshotBytes(stateJson)) / 2 ** 20 })
  })
  afterAll(async () => srv.close())

  it('keeps the two most recently read matches and answers the evicted one from the database', async () => {
    const ids: string[] = []
    for (const seed of ['one', 'two', 'three']) {
      const c = (
        await gql(srv.app, CREATE_MATCH, {
          input: { game: 'race-to-20', seats: [{ deck: RACE_DECK }, { deck: RACE_DECK }], seed },
        })
      ).data.createMatch
      ids.push(c.match.id)
    }
    const read = async (id: string) =>
      (await gql(srv.app, `query($id: ID!) { match(id: $id) { id version status } }`, { id })).data.match
    for (const id of ids) expect(await read(id)).toEqual({ id, version: 0, status: 'ACTIVE' })
    const store = srv.app.services.matches.store
    expect(ids.map(id => store.peek(id) !== undefined)).toEqual([false, true, true])
    expect(await read(ids[0]!)).toEqual({ id: ids[0], version: 0, status: 'ACTIVE' })
    expect(ids.map(id => store.peek(id) !== undefined)).toEqual([true, false, true])
  })
})

describe('how long a cached copy answers without the database', () => {
  let srv: TestServer
  beforeAll(async () => {
    srv = await startTestServer()
    while (!srv.db.changes.live) await new Promise(r => setTimeout(r, 100))
  })
  afterAll(async () => srv.close())

  it(`is the change feed's trustMs: ${backendName === 'pglite' ? 'unbounded on the embedded database, whose reports cannot be lost' : '60 s on PostgreSQL, where a vanished listener or an unheard heartbeat distrusts every copy sooner'}`, async () => {
    expect(srv.db.changes.trustMs).toBe(backendName === 'pglite' ? Infinity : 60_000)
    const c = (
      await gql(srv.app, CREATE_MATCH, {
        input: { game: 'race-to-20', seats: [{ deck: RACE_DECK }, { deck: RACE_DECK }] },
      })
    ).data.createMatch
    const store = srv.app.services.matches.store
    expect((await store.load(c.match.id))?.version).toBe(0)
    const queries = vi.spyOn(srv.db.sql, 'query')
    const now = Date.now()
    const later = vi.spyOn(Date, 'now').mockReturnValue(now + 60_000)
    let asked: number
    try {
      expect((await store.load(c.match.id))?.version).toBe(0)
      asked = queries.mock.calls.length
    } finally {
      later.mockRestore()
      queries.mockRestore()
    }
    expect(asked).toBe(backendName === 'pglite' ? 0 : 1)
  })
})
