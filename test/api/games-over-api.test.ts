// Every production game played to a winner through the GraphQL API, its log paged in full and its replay identical.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { GameRegistry } from '../../src/kernel/index.ts'
import { productionGames, randomPlayOptions } from '../../src/games/index.ts'
import { buildServer, type ArbiterServer } from '../../src/server.ts'
import type { Database } from '../../src/store/database.ts'
import { openTestDatabase } from '../support/db.ts'
import { playWithBots } from '../support/api-bots.ts'
import { gql } from '../support/server.ts'

// Every production game, played to its end through the GraphQL API by two (or more) random bots that
// only ever submit ids from legalActions, then rebuilt from its log.
let db: Database
let app: ArbiterServer
beforeAll(async () => {
  db = await openTestDatabase()
  app = await buildServer({ db, registry: new GameRegistry(productionGames) })
})
afterAll(async () => {
  await app.close()
  await db.close()
})

const CREATE = `mutation($input: CreateMatchInput!) { createMatch(input: $input) { match { id toAct status } seats { seat token } } }`
const SPECTATE = `query($id: ID!, $after: Int) { match(id: $id) { view log(after: $after, limit: 500) { seq events } } }`

function configs(): { game: string; seats: number; options: Record<string, unknown> }[] {
  const out = []
  for (const g of productionGames) {
    out.push({ game: g.id, seats: g.seats.min, options: randomPlayOptions(g.id) })
    if (g.id === 'dice-throne-marvel') {
      out.push(
        { game: g.id, seats: 4, options: { mode: '2v2' } },
        { game: g.id, seats: 3, options: { mode: 'free-for-all' } },
      )
    }
  }
  return out
}

describe('every game plays to a winner through the GraphQL API', () => {
  it.each(configs())('$game with $seats seats $options', async ({ game, seats, options }) => {
    const engine = productionGames.find(g => g.id === game)!
    const samples = engine.sampleDecks()
    const decks = Array.from({ length: seats }, (_, i) => samples[i % samples.length]!.deck)
    const created = await gql(app, CREATE, {
      input: { game, seats: decks.map(deck => ({ deck })), seed: `api-${game}-${seats}`, options },
    })
    expect(created.errors).toBeUndefined()
    const matchId = created.data.createMatch.match.id
    const tokens: string[] = created.data.createMatch.seats.map((s: { token: string }) => s.token)
    const { match, steps } = await playWithBots(
      app,
      matchId,
      tokens,
      created.data.createMatch.match,
      `${game}-${seats}`,
    )
    expect(match.status).toBe('FINISHED')
    expect(Array.isArray(match.winners)).toBe(true)
    // The log, read page by page (at most 500 entries a page), holds every step once.
    const seqs: number[] = []
    for (let after = 0; ;) {
      const page = await gql(app, SPECTATE, { id: matchId, after })
      expect(JSON.stringify(page.data.match)).not.toMatch(/"rng"|"seed"|"secret"/)
      const entries = page.data.match.log as { seq: number }[]
      if (entries.length === 0) break
      seqs.push(...entries.map(e => e.seq))
      after = entries.at(-1)!.seq
    }
    expect(seqs).toEqual(Array.from({ length: steps }, (_, i) => i + 1))
    expect((await app.services.matches.replay(matchId)).identical).toBe(true)
  })
})
