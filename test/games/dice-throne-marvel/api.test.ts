// Marvel Dice Throne through the GraphQL API: 1v1, 2v2 and free-for-all matches played to a winner by random bots.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { GameRegistry } from '../../../src/kernel/index.ts'
import { buildServer, type ArbiterServer } from '../../../src/server.ts'
import type { Database } from '../../../src/store/database.ts'
import { openTestDatabase } from '../../support/db.ts'
import { playWithBots } from '../../support/api-bots.ts'
import { gql } from '../../support/server.ts'
import { diceThroneMarvel } from '../../../src/games/dice-throne-marvel/index.ts'

let db: Database
let app: ArbiterServer
beforeAll(async () => {
  db = await openTestDatabase()
  app = await buildServer({ db, registry: new GameRegistry([diceThroneMarvel]) })
})
afterAll(async () => {
  await app.close()
  await db.close()
})

const CREATE = `mutation($input: CreateMatchInput!) { createMatch(input: $input) { match { id toAct status } seats { seat token } } }`

describe('GraphQL API', () => {
  it.each([
    { heroes: ['thor', 'spider-man'], options: {} },
    { heroes: ['scarlet-witch', 'loki', 'thor', 'spider-man'], options: { mode: '2v2' } },
    { heroes: ['loki', 'scarlet-witch', 'spider-man'], options: { mode: 'free-for-all' } },
  ])('DT-GAP-1 DT-GAP-12 $heroes $options plays to a winner with random bots', async ({ heroes, options }) => {
    const created = await gql(app, CREATE, {
      input: {
        game: 'dice-throne-marvel',
        seats: heroes.map(hero => ({ deck: { hero } })),
        seed: `api-${heroes.join()}`,
        options,
      },
    })
    expect(created.errors).toBeUndefined()
    const matchId = created.data.createMatch.match.id
    const tokens: string[] = created.data.createMatch.seats.map((s: { token: string }) => s.token)
    const { match } = await playWithBots(app, matchId, tokens, created.data.createMatch.match, heroes.join())
    expect(match.status).toBe('FINISHED')
    expect(match.winners!.length).toBeGreaterThan(0)
  })
})
