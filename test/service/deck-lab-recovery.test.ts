// The deck lab after a crash: a run left RUNNING by a process that died (or QUEUED with its job lost) is handed back to
// the queue once across processes by the sweep, and played to the same figures.
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { GameRegistry } from '../../src/kernel/index.ts'
import { productionGames } from '../../src/games/index.ts'
import { buildServer, type ArbiterServer } from '../../src/server.ts'
import { DECKLAB_STALE_SECONDS } from '../../src/service/deck-lab.ts'
import type { Database } from '../../src/store/database.ts'
import { backendName, openTestDatabase } from '../support/db.ts'
import { gql } from '../support/server.ts'
import { waitFor } from '../support/wait-for.ts'

const engine = productionGames.find(g => g.id === 'dice-throne-marvel')!
const [tested, opponent] = engine.sampleDecks()
const dbs: Database[] = []
const servers: ArbiterServer[] = []
let key = ''
let playerId = ''

beforeAll(async () => {
  const first = await openTestDatabase()
  dbs.push(first)
  // PGlite lives inside one process: the second "process" shares it; Postgres gets a second pool.
  dbs.push(backendName === 'postgres' ? await openTestDatabase() : first)
  for (const db of dbs)
    servers.push(
      await buildServer({ db, registry: new GameRegistry([engine]), deckLab: { maxGames: 10, gamesPerDay: 1000 } }),
    )
  const created = await gql(servers[0]!, `mutation { createPlayer(name: "crash tester") { key player { id } } }`)
  key = created.data.createPlayer.key
  playerId = created.data.createPlayer.player.id
})
afterAll(async () => {
  for (const s of servers) await s.close()
  for (const db of new Set(dbs)) await db.close()
})

const GET = `query($id: ID!) { deckLabRun(id: $id) { id status games played seed result { games winRate { wins draws losses } } } }`

async function finished(id: string) {
  return waitFor(
    `run ${id} to finish`,
    async () => {
      const r = (await gql(servers[1]!, GET, { id }, key)).data.deckLabRun
      return r.status === 'FINISHED' ? r : null
    },
    120_000,
  )
}

async function finishedEvents(runId: string): Promise<number> {
  const rows = await dbs[0]!.sql.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM "PlayerEvent" WHERE type = 'deckLabFinished' AND event->>'deckLabRunId' = $1`,
    [runId],
  )
  return rows[0]!.n
}

/** A run as a crashed process leaves it: the stored request of `model`, in `status`, quiet for `quietSeconds`. */
async function leftBehind(model: string, status: 'RUNNING' | 'QUEUED', quietSeconds: number): Promise<string> {
  const id = randomUUID()
  await dbs[0]!.sql.query(
    `INSERT INTO "DeckLabRun" (id, "playerId", game, status, games, played, seed, request, claim, "createdAt", "startedAt", "heartbeatAt")
     SELECT $1, "playerId", game, $3, games, CASE WHEN $3 = 'RUNNING' THEN 1 ELSE 0 END, seed, request,
            CASE WHEN $3 = 'RUNNING' THEN 'a crashed process' END,
            now() - make_interval(secs => $4), CASE WHEN $3 = 'RUNNING' THEN now() - make_interval(secs => $4) END,
            CASE WHEN $3 = 'RUNNING' THEN now() - make_interval(secs => $4) END
       FROM "DeckLabRun" WHERE id = $2`,
    [id, model, status, quietSeconds],
  )
  return id
}

describe(`deck lab crash recovery (${backendName})`, () => {
  let model = ''
  let figures: unknown

  beforeAll(async () => {
    const queued = await gql(
      servers[0]!,
      `mutation($deck: JSON, $opponents: [LabOpponentInput!]!) {
        deckLab(game: "dice-throne-marvel", deck: $deck, opponents: $opponents, games: 2, seed: "crash-seed", maxDecisions: 400) { id } }`,
      { deck: tested!.deck, opponents: [{ sampleDeck: opponent!.name }] },
      key,
    )
    expect(queued.errors).toBeUndefined()
    model = queued.data.deckLab.id
    figures = (await finished(model)).result
  }, 240_000)

  it('a RUNNING run whose process died is requeued once by racing sweeps and played to the same figures, its owner told once', async () => {
    const id = await leftBehind(model, 'RUNNING', DECKLAB_STALE_SECONDS * 10)
    const swept = await Promise.all(servers.map(s => s.services.deckLab.sweep()))
    // Each server's minutely sweep may also race these two: the run is requeued by exactly one of all of them.
    expect(swept.flat().filter(r => r === id).length).toBeLessThanOrEqual(1)
    const run = await finished(id)
    expect(run).toMatchObject({ status: 'FINISHED', games: 2, played: 2, seed: 'crash-seed' })
    expect(run.result).toEqual(figures)
    expect(await finishedEvents(id)).toBe(1)
    const after = await dbs[0]!.sql.query<{ playerId: string; claim: string | null }>(
      `SELECT "playerId", claim FROM "DeckLabRun" WHERE id = $1`,
      [id],
    )
    expect(after[0]!.playerId).toBe(playerId)
    expect(after[0]!.claim).not.toBe('a crashed process')
  }, 240_000)

  it('a QUEUED run whose job was lost is queued again and played', async () => {
    const id = await leftBehind(model, 'QUEUED', DECKLAB_STALE_SECONDS * 10)
    await servers[0]!.services.deckLab.sweep()
    const run = await finished(id)
    expect(run.result).toEqual(figures)
    expect(await finishedEvents(id)).toBe(1)
  }, 240_000)

  it('a run whose process is alive (a recent heartbeat) is left to it', async () => {
    const id = await leftBehind(model, 'RUNNING', 1)
    const swept = await Promise.all(servers.map(s => s.services.deckLab.sweep()))
    expect(swept.flat()).not.toContain(id)
    const row = await dbs[0]!.sql.query<{ status: string; claim: string }>(
      `SELECT status, claim FROM "DeckLabRun" WHERE id = $1`,
      [id],
    )
    expect(row[0]).toEqual({ status: 'RUNNING', claim: 'a crashed process' })
    // Left here, it would be swept by a later test run's servers: it ends as if cancelled.
    await dbs[0]!.sql.query(`UPDATE "DeckLabRun" SET status = 'CANCELLED' WHERE id = $1`, [id])
  })
})
