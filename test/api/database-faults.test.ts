// Database faults never end the process: killed connections and an unreachable database (UNAVAILABLE 503), and the
// start-up warning when servers share a database without REDIS_URL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { GameRegistry } from '../../src/kernel/index.ts'
import { buildServer, type ArbiterServer } from '../../src/server.ts'
import { openDatabase, type Database } from '../../src/store/database.ts'
import { scratchDatabase, tcpProxy, type ScratchDatabase } from '../support/scratch-postgres.ts'
import { CREATE_MATCH, gql, RACE_DECK, SUBMIT } from '../support/server.ts'
import { raceGame } from '../support/test-game.ts'
import { waitFor } from '../support/wait-for.ts'

// A server on a scratch database of the local PostgreSQL, reached through a proxy that can cut the line.
let scratch: ScratchDatabase
let proxy: Awaited<ReturnType<typeof tcpProxy>>
let db: Database
let app: ArbiterServer
const faults: string[] = []
const logs: string[] = []
const capture = (into: string[]) => ({ level: 'warn', stream: { write: (line: string) => void into.push(line) } })
beforeAll(async () => {
  scratch = await scratchDatabase()
  proxy = await tcpProxy(Number(new URL(scratch.url()).port || 5432))
  db = await openDatabase({ kind: 'postgres', url: scratch.url(proxy.port), poolSize: 4 })
  db.onFault((_err, where) => faults.push(where))
  app = await buildServer({ db, registry: new GameRegistry([raceGame]), logger: capture(logs) })
  await app.ready()
})
afterAll(async () => {
  await app?.close()
  await db?.close()
  await proxy?.close()
  await scratch?.drop()
})

/** Creates a match and makes its first move: the version reached, or the error codes of the request that failed. */
async function tryPlayOne(seed: string): Promise<{ version: number } | { codes: string[] }> {
  const c = await gql(app, CREATE_MATCH, {
    input: { game: 'race-to-20', seats: [{ deck: RACE_DECK }, { deck: RACE_DECK }], seed },
  })
  if (c.errors) return { codes: c.errors.map(e => e.extensions.code) }
  const res = await gql(
    app,
    SUBMIT,
    { input: { matchId: c.data.createMatch.match.id, action: { type: 'roll' } } },
    c.data.createMatch.seats[0].token,
  )
  if (res.errors) return { codes: res.errors.map(e => e.extensions.code) }
  return { version: res.data.submitAction.match.version }
}

async function playOne(seed: string): Promise<number> {
  const played = await tryPlayOne(seed)
  expect(played).not.toHaveProperty('codes')
  return (played as { version: number }).version
}

describe('without REDIS_URL, a server that shares its database with another says at start-up that pushes need Redis', () => {
  it('the first server alone is silent; the second one warns', async () => {
    expect(logs.join('')).not.toContain('REDIS_URL is not set')
    const secondLogs: string[] = []
    const secondDb = await openDatabase({ kind: 'postgres', url: scratch.url(), poolSize: 2 })
    const second = await buildServer({
      db: secondDb,
      registry: new GameRegistry([raceGame]),
      logger: capture(secondLogs),
    })
    await second.ready()
    await second.close()
    await secondDb.close()
    expect(secondLogs.join('')).toContain('another Arbiter server uses this database, but REDIS_URL is not set')
  })
})

describe('database faults never end the process', () => {
  it('survives pg_terminate_backend of every connection (idle pool and LISTEN) and serves afterwards', async () => {
    // Several requests at once leave several idle connections in the pool.
    await Promise.all([1, 2, 3, 4].map(i => playOne(`warm-${i}`)))
    expect(await scratch.terminateBackends()).toBeGreaterThanOrEqual(2)
    await waitFor('the lost connections to be reported', () => faults.length > 0)
    // A request given a killed connection before the pool has noticed it fails as UNAVAILABLE (retry), never worse;
    // the pool drops each such connection, and the server serves again.
    const failed: string[] = []
    const played = await waitFor('a match played after the kill', async () => {
      const attempt = await tryPlayOne(`after-terminate-${failed.length}`)
      if ('version' in attempt) return attempt
      failed.push(...attempt.codes)
      return null
    })
    expect(played.version).toBe(1)
    expect(failed.filter(code => code !== 'UNAVAILABLE')).toEqual([])
    expect((await app.inject({ method: 'GET', url: '/health' })).statusCode).toBe(200)
  })

  it('answers UNAVAILABLE (503) in GraphQL and REST while the database is unreachable, and serves again when it is back', async () => {
    const c = await gql(app, CREATE_MATCH, {
      input: { game: 'race-to-20', seats: [{ deck: RACE_DECK }, { deck: RACE_DECK }], seed: 'outage' },
    })
    const matchId = c.data.createMatch.match.id
    await proxy.cut()
    await waitFor(
      'the server to see the database gone',
      async () => (await app.inject({ method: 'GET', url: '/health' })).statusCode === 503,
    )
    const g = await gql(app, CREATE_MATCH, {
      input: { game: 'race-to-20', seats: [{ deck: RACE_DECK }, { deck: RACE_DECK }] },
    })
    expect(g.status).toBe(503)
    expect(g.errors?.map(e => e.extensions.code)).toEqual(['UNAVAILABLE'])
    const read = await gql(app, 'query($id: ID!) { match(id: $id) { version } }', { id: matchId })
    expect(read.status).toBe(503)
    expect(read.errors?.[0]?.extensions.code).toBe('UNAVAILABLE')
    const r = await app.inject({ method: 'GET', url: `/api/matches/${matchId}` })
    expect(r.statusCode).toBe(503)
    expect(r.headers['retry-after']).toBe('1')
    expect(r.json().code).toBe('UNAVAILABLE')
    expect((await app.inject({ method: 'GET', url: '/health' })).statusCode).toBe(503)
    await proxy.restore()
    expect(await playOne('after-outage')).toBe(1)
    const again = await app.inject({ method: 'GET', url: `/api/matches/${matchId}` })
    expect(again.statusCode).toBe(200)
  })
})
