// Three server processes on one PostgreSQL with Redis, one killed and restarted: no action lost or doubled, deadlines
// fire exactly once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { productionGames } from '../../src/games/index.ts'
import { GameRegistry } from '../../src/kernel/index.ts'
import { createServices } from '../../src/service/index.ts'
import { openDatabase, type Database } from '../../src/store/database.ts'
import { scratchDatabase, type ScratchDatabase } from '../support/scratch-postgres.ts'
import { startServerProcess, type ServerProcess } from '../support/server-process.ts'
import { waitFor } from '../support/wait-for.ts'

// Three `npm start` processes on one PostgreSQL database with Redis, racing writers on every match
// through every server, one server killed with SIGKILL and restarted. Loopback only, bounded in time.
const MATCHES = 4
const WRITERS_PER_MATCH = 3
const RUN_MS = 12_000
/** Acknowledged actions each match has before a server is killed. */
const ACKED_BEFORE_KILL = 3

async function call(url: string, query: string, variables: Record<string, unknown>, token?: string): Promise<any> {
  const res = await fetch(`${url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ query, variables }),
    signal: AbortSignal.timeout(10_000),
  })
  return res.json()
}

/** Resolves once the server answers /health (after a request to another one failed, the writer goes on there). */
const answering = (url: string) =>
  waitFor(
    `${url} to answer`,
    async () => (await fetch(`${url}/health`, { signal: AbortSignal.timeout(5_000) }).catch(() => null))?.ok,
    30_000,
  )

const CREATE = `mutation($input: CreateMatchInput!) { createMatch(input: $input) { match { id status toAct } seats { seat token } } }`
const STATE = `query($id: ID!) { match(id: $id) { version status toAct } }`
const LEGAL = `query($id: ID!) { legalActions(matchId: $id) { id } }`
const SUBMIT = `mutation($input: SubmitActionInput!) { submitAction(input: $input) { match { version status } } }`

let scratch: ScratchDatabase
let db: Database
const servers: (ServerProcess | null)[] = []
beforeAll(async () => {
  scratch = await scratchDatabase('arbiter_cluster')
  // The first applies the migrations; the others then start together.
  servers.push(await startServerProcess(scratch.url()))
  servers.push(...(await Promise.all([startServerProcess(scratch.url()), startServerProcess(scratch.url())])))
  db = await openDatabase({ kind: 'postgres', url: scratch.url(), poolSize: 4 })
}, 180_000)
afterAll(async () => {
  for (const s of servers) s?.child.kill('SIGKILL')
  await db?.close()
  await scratch?.drop()
})

describe('three server processes on one PostgreSQL with Redis, one killed with SIGKILL and restarted', () => {
  it('loses and doubles no acknowledged action, and every match replays to its snapshot', async () => {
    const heroes = ['thor', 'loki', 'spider-man', 'scarlet-witch']
    const matches: { id: string; tokens: string[] }[] = []
    for (let i = 0; i < MATCHES; i++) {
      const c = await call(servers[i % 3]!.url, CREATE, {
        input: {
          game: 'dice-throne-marvel',
          seats: [{ deck: { hero: heroes[i % 4] } }, { deck: { hero: heroes[(i + 1) % 4] } }],
          seed: `cluster-${i}`,
        },
      })
      matches.push({
        id: c.data.createMatch.match.id,
        tokens: c.data.createMatch.seats.map((s: { token: string }) => s.token),
      })
    }
    const acked = new Map<string, { matchId: string; key: string }>()
    let networkErrors = 0
    const deadline = Date.now() + RUN_MS
    const writer = async (m: { id: string; tokens: string[] }, w: number) => {
      let n = 0
      let at = w
      const server = () => {
        // Rotate through the live servers; a request whose server died is retried on the next one.
        for (let i = 0; i < 3; i++) {
          const s = servers[(at + i) % 3]
          if (s) return s.url
        }
        throw new Error('no server')
      }
      while (Date.now() < deadline) {
        try {
          const st = (await call(server(), STATE, { id: m.id })).data.match
          if (st.status !== 'ACTIVE') return
          const seat = st.toAct[n % st.toAct.length]
          const legal = (await call(server(), LEGAL, { id: m.id }, m.tokens[seat])).data?.legalActions ?? []
          if (legal.length === 0) continue
          const key = `w${w}-${n++}`
          const input = { matchId: m.id, actionId: legal[(n * 7 + w) % legal.length].id, idempotencyKey: key }
          for (let attempt = 0; ; attempt++) {
            try {
              const res = await call(server(), SUBMIT, { input }, m.tokens[seat])
              if (res.data?.submitAction) acked.set(`${m.id}/${seat}/${key}`, { matchId: m.id, key })
              break
            } catch (e) {
              networkErrors++
              at++
              if (attempt > 20) throw e
              await answering(server())
            }
          }
        } catch {
          networkErrors++
          at++
          await answering(server())
        }
      }
    }
    const writing = Promise.all(
      matches.flatMap((m, i) =>
        Array.from({ length: WRITERS_PER_MATCH }, (_, w) => writer(m, i * WRITERS_PER_MATCH + w)),
      ),
    )
    // Killed in the middle of the writing: once every match has acknowledged actions.
    await waitFor(
      'acknowledged actions on every match',
      () => matches.every(m => [...acked.values()].filter(a => a.matchId === m.id).length >= ACKED_BEFORE_KILL),
      RUN_MS,
    )
    const victim = servers[1]!
    servers[1] = null
    victim.child.kill('SIGKILL')
    servers[1] = await startServerProcess(scratch.url())
    await writing

    expect(acked.size).toBeGreaterThan(20)
    const services = createServices(
      db,
      new GameRegistry(productionGames),
      { match: () => {}, player: () => {} },
      null,
      () => {},
    )
    for (const m of matches) {
      const log = await db.sql.query<{ seq: number }>(`SELECT seq FROM "Action" WHERE "matchId" = $1 ORDER BY seq`, [
        m.id,
      ])
      const keys = await db.sql.query<{ seat: number; key: string; seq: number }>(
        `SELECT seat, key, seq FROM "IdempotencyKey" WHERE "matchId" = $1`,
        [m.id],
      )
      const { version, identical } = await services.matches.replay(m.id)
      // The log is 1..version without a gap; every applied action came from exactly one request key.
      expect(log.map(r => r.seq)).toEqual(Array.from({ length: version }, (_, i) => i + 1))
      expect(new Set(keys.map(k => k.seq)).size).toBe(version)
      expect(keys).toHaveLength(version)
      const stored = new Set(keys.map(k => `${m.id}/${k.seat}/${k.key}`))
      for (const [id, a] of acked)
        if (a.matchId === m.id) expect(stored.has(id), `acknowledged ${id} is in the log`).toBe(true)
      expect(identical).toBe(true)
    }
    console.log(
      `cluster: ${acked.size} acknowledged actions on ${MATCHES} matches, ${networkErrors} requests retried around the killed server`,
    )
  })

  // Two matches of each clock kind that can run out in a test (DAYS is PER_MOVE with days × 86,400 s), one FORFEIT and
  // one AUTOPLAY with maxAutoplays 0 (its first timeout ends it through the autoplay limit: ABORTED, nobody having
  // moved). Nobody moves, so each match's log is that one timeout, written once.
  it('deadlines on the job queue fire exactly once across the three processes, for each clock kind (timeouts after 1 s)', async () => {
    const live = servers.filter((x): x is ServerProcess => x !== null)
    const deck = { hero: 'thor' }
    const kinds = [
      { kind: 'PER_MOVE', perMoveSeconds: 1 },
      { kind: 'PER_TURN', perTurnSeconds: 1 },
      { kind: 'BANK', initialSeconds: 1, incrementSeconds: 1 },
    ]
    const clocks = kinds.flatMap(k => [
      { ...k, onTimeout: 'FORFEIT' },
      { ...k, onTimeout: 'AUTOPLAY', maxAutoplays: 0 },
    ])
    const ids: string[] = []
    for (const [i, clock] of clocks.entries()) {
      const c = await call(live[i % live.length]!.url, CREATE, {
        input: { game: 'dice-throne-marvel', seats: [{ deck }, { deck: { hero: 'loki' } }], clock },
      })
      expect(c.errors).toBeUndefined()
      ids.push(c.data.createMatch.match.id)
    }
    const timeouts = () =>
      db.sql.query<{ matchId: string; n: number }>(
        `SELECT "matchId", count(*)::int AS n FROM "Action" WHERE "matchId" = ANY($1::text[]) GROUP BY "matchId"`,
        [ids],
      )
    await waitFor('every match timed out', async () => (await timeouts()).length === ids.length, 60_000)
    // A second firing would need another deadline job for the same version: once none is queued or running, any is in
    // the log.
    await waitFor(
      'no deadline job left',
      async () =>
        (
          await db.sql.query(
            `SELECT 1 FROM pgboss.job WHERE name = 'deadline' AND data->>'matchId' = ANY($1::text[]) AND state < 'completed' LIMIT 1`,
            [ids],
          )
        ).length === 0,
      60_000,
    )
    const rows = await timeouts()
    expect(rows.map(r => r.matchId).sort()).toEqual([...ids].sort())
    expect(rows.every(r => r.n === 1)).toBe(true)
    const ends = await db.sql.query<{ id: string; status: string; endReason: string }>(
      `SELECT id, status, "endReason" FROM "Match" WHERE id = ANY($1::text[])`,
      [ids],
    )
    for (const [i, id] of ids.entries())
      expect(ends.find(e => e.id === id)).toMatchObject({
        status: i % 2 ? 'ABORTED' : 'FINISHED',
        endReason: 'timeout',
      })
  })
})
