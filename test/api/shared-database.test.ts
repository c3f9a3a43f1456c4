// Several servers on one database: a cached match sees others' commits, and the PostgreSQL change feed (batches,
// vanished listeners, heartbeats, a deaf LISTEN) keeps every cache right.
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { GameRegistry } from '../../src/kernel/index.ts'
import { buildServer, type ArbiterServer } from '../../src/server.ts'
import { CHANGE_CHANNEL, type Database } from '../../src/store/database.ts'
import { backendName, openTestDatabase } from '../support/db.ts'
import { CREATE_MATCH, gql, RACE_DECK, SUBMIT } from '../support/server.ts'
import { raceGame } from '../support/test-game.ts'
import { waitFor } from '../support/wait-for.ts'

// Two servers, each with its own connection pool, change feed and snapshot cache, on one database: as
// two processes behind a load balancer. (On the embedded database they share its single connection.)
const dbs: Database[] = []
const servers: ArbiterServer[] = []
beforeAll(async () => {
  const first = await openTestDatabase()
  dbs.push(first)
  // PGlite lives inside one process: the second "process" shares it; Postgres gets a second pool.
  dbs.push(backendName === 'postgres' ? await openTestDatabase() : first)
  for (const db of dbs) servers.push(await buildServer({ db, registry: new GameRegistry([raceGame]) }))
  // A new feed trusts its cache only after a grace period (every other process has counted it by then).
  for (let i = 0; i < 200 && !dbs.every(d => d.changes.live); i++) await new Promise(r => setTimeout(r, 50))
})
afterAll(async () => {
  for (const s of servers) await s.close()
  for (const db of new Set(dbs)) await db.close()
})

const VERSION = `query($id: ID!) { match(id: $id) { version } legalActions(matchId: $id) { id } }`

async function versionSeenBy(app: ArbiterServer, matchId: string, token: string, want: number): Promise<number> {
  // A change committed elsewhere reaches this server's cache through the change feed within moments.
  let seen = -1
  for (let i = 0; i < 50 && seen !== want; i++) {
    seen = (await gql(app, VERSION, { id: matchId }, token)).data.match.version
    if (seen !== want) await new Promise(r => setTimeout(r, 20))
  }
  return seen
}

describe(`several servers on one database (${backendName})`, () => {
  it('a server serving a cached match sees an action committed by another server', async () => {
    const [a, b] = servers as [ArbiterServer, ArbiterServer]
    const c = await gql(a, CREATE_MATCH, {
      input: { game: 'race-to-20', seats: [{ deck: RACE_DECK }, { deck: RACE_DECK }], seed: 'shared' },
    })
    const matchId = c.data.createMatch.match.id
    const [t0, t1] = c.data.createMatch.seats.map((s: { token: string }) => s.token)
    // B caches version 0 (and trusts it while its change feed is live).
    expect((await gql(b, VERSION, { id: matchId }, t0)).data.match.version).toBe(0)
    expect((await gql(b, VERSION, { id: matchId }, t0)).data.legalActions.length).toBeGreaterThan(0)
    await gql(a, SUBMIT, { input: { matchId, action: { type: 'roll' } } }, t0)
    expect(await versionSeenBy(b, matchId, t0, 1)).toBe(1)
    // Seat 0's turn is over: B agrees, and B's own write goes through on the current version.
    expect((await gql(b, VERSION, { id: matchId }, t0)).data.legalActions).toEqual([])
    const next = await gql(b, SUBMIT, { input: { matchId, action: { type: 'roll' }, expectedVersion: 1 } }, t1)
    expect(next.errors).toBeUndefined()
    expect(await versionSeenBy(a, matchId, t1, 2)).toBe(2)
  })

  it.skipIf(backendName !== 'postgres')(
    'reports committed together reach the other server as one batch, and their sender only once, at once',
    async () => {
      const heard: string[][] = [[], []]
      dbs.forEach((d, i) => d.changes.onChange((id, v) => id.startsWith('batch-test-') && heard[i]!.push(`${id}:${v}`)))
      dbs[0]!.changes.announce('batch-test-a', 3)
      dbs[0]!.changes.announce('batch-test-b', 4)
      dbs[0]!.changes.announce('batch-test-a', 5)
      // Other caches open on the sender's feed in its own process (two servers on one database object) hear each report
      // as it is made.
      const own = ['batch-test-a:3', 'batch-test-b:4', 'batch-test-a:5']
      expect(heard[0]).toEqual(own)
      await waitFor('the batch at the other server', () => heard[1]!.length >= 2)
      // Only the newest version of each match is reported.
      expect(heard[1]).toEqual(['batch-test-a:5', 'batch-test-b:4'])
      // PostgreSQL delivers notifications in commit order: once the sender hears a later report from the other
      // server, its own report, had it come back, would have been heard before.
      dbs[1]!.changes.announce('batch-test-marker', 1)
      await waitFor('the sender to hear the other server', () => heard[0]!.length > own.length)
      expect(heard[0]).toEqual([...own, 'batch-test-marker:1'])
    },
  )

  it('with its change feed down, a server confirms every read with the database', async () => {
    const [a, b] = servers as [ArbiterServer, ArbiterServer]
    const feed = dbs[1]!.changes as { live: boolean }
    const c = await gql(a, CREATE_MATCH, {
      input: { game: 'race-to-20', seats: [{ deck: RACE_DECK }, { deck: RACE_DECK }], seed: 'feed-down' },
    })
    const matchId = c.data.createMatch.match.id
    const t0 = c.data.createMatch.seats[0].token
    expect((await gql(b, VERSION, { id: matchId }, t0)).data.match.version).toBe(0)
    const wasLive = feed.live
    feed.live = false
    try {
      await gql(a, SUBMIT, { input: { matchId, action: { type: 'roll' } } }, t0)
      // No waiting: without a live feed the cached copy is not trusted at all.
      expect((await gql(b, VERSION, { id: matchId }, t0)).data.match.version).toBe(1)
    } finally {
      feed.live = wasLive
    }
  })

  it.skipIf(backendName !== 'postgres')(
    'a listener that vanishes (a process that crashed, perhaps between a commit and its report) starts a new epoch in the others: no cached copy is trusted until confirmed again',
    async () => {
      const feed = dbs[1]!.changes
      const peer = new pg.Client({ connectionString: dbs[1]!.url })
      await peer.connect()
      await peer.query(`LISTEN ${CHANGE_CHANNEL}`)
      // Counted once a second: wait until the feed has counted this listener.
      await waitFor('the feed to count the new listener', () =>
        (feed as unknown as { peers: Set<number> }).peers.has((peer as unknown as { processID: number }).processID),
      )
      const before = feed.epoch
      await peer.end()
      let after = before
      for (let i = 0; i < 60 && after === before; i++) {
        await new Promise(r => setTimeout(r, 50))
        after = feed.epoch
      }
      expect(after).toBeGreaterThan(before)
      expect(feed.live).toBe(true)
    },
  )

  it.skipIf(backendName !== 'postgres')(
    'a change feed hears its own heartbeat: its epoch holds while nothing changes',
    async () => {
      const feed = dbs[1]!.changes as Database['changes'] & { heard: number }
      const before = feed.epoch
      // Four heartbeats heard (one a second): one more than a deaf feed would miss before it reopens.
      const beats = new Set<number>()
      await waitFor('four heartbeats', () => beats.add(feed.heard).size > 4, 20_000, 50)
      expect(feed.live).toBe(true)
      expect(feed.epoch).toBe(before)
    },
  )

  it.skipIf(backendName !== 'postgres')(
    'a LISTEN that goes deaf without an error (here: UNLISTEN on its connection) misses its heartbeat, and the feed reopens it in a new epoch',
    async () => {
      const feed = dbs[1]!.changes as Database['changes'] & { client: pg.Client | null }
      const before = feed.epoch
      await feed.client!.query(`UNLISTEN ${CHANGE_CHANNEL}`)
      for (let i = 0; i < 200 && !(feed.epoch > before && feed.live); i++) await new Promise(r => setTimeout(r, 50))
      expect(feed.epoch).toBeGreaterThan(before)
      expect(feed.live).toBe(true)
    },
  )
})
