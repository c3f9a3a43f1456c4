// Cyber Net Cards through the GraphQL API: two sample decks played to the end, hidden cards hidden, illegal actions
// cite their rule.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { GameRegistry } from '../../../src/kernel/index.ts'
import { buildServer, type ArbiterServer } from '../../../src/server.ts'
import type { Database } from '../../../src/store/database.ts'
import { openTestDatabase } from '../../support/db.ts'
import { playWithBots } from '../../support/api-bots.ts'
import { CREATE_MATCH, SUBMIT, gql } from '../../support/server.ts'
import { cyberNetCards } from '../../../src/games/cyber-net-cards/index.ts'

let app: ArbiterServer
let db: Database

beforeAll(async () => {
  db = await openTestDatabase()
  app = await buildServer({ db, registry: new GameRegistry([cyberNetCards]) })
  await app.ready()
})
afterAll(async () => {
  await app.close()
  await db.close()
})

describe('Cyber Net Cards through the GraphQL API', () => {
  it('CN-1.8 two seats play two sample decks to the end; hidden cards stay hidden; illegal actions carry the rule', async () => {
    const samples = cyberNetCards.sampleDecks()
    const created = await gql(app, CREATE_MATCH, {
      input: {
        game: 'cyber-net-cards',
        seats: [{ deck: samples[2]!.deck }, { deck: samples[3]!.deck }],
        seed: 'api-cn',
      },
    })
    expect(created.errors).toBeUndefined()
    const matchId: string = created.data.createMatch.match.id
    const tokens: string[] = created.data.createMatch.seats.map((s: { token: string }) => s.token)
    expect(created.data.createMatch.match.toAct).toEqual([0, 1]) // CN-6.5: both prepare at once

    const VIEW = `query($id: ID!) { match(id: $id) { seat view } }`
    const v0 = (await gql(app, VIEW, { id: matchId }, tokens[0])).data.match.view
    const spectator = (await gql(app, VIEW, { id: matchId })).data.match.view
    expect(v0.players[0].hand).toHaveLength(4)
    expect(v0.players[1].hand ?? null).toBeNull()
    expect(spectator.players.every((p: any) => (p.hand ?? null) === null)).toBe(true)

    const bad = await gql(
      app,
      SUBMIT,
      { input: { matchId, action: { type: 'activate', card: 0, turbo: false, burn: false } } },
      tokens[0],
    )
    expect(bad.errors?.[0]?.extensions.code).toBe('ILLEGAL_ACTION')
    expect(bad.errors?.[0]?.extensions.rule).toBe('CN-6.5')

    const { match } = await playWithBots(app, matchId, tokens, created.data.createMatch.match, 'api-cn', 1000)
    expect(match.status).toBe('FINISHED')
    expect(Array.isArray(match.winners)).toBe(true)
  })
})
