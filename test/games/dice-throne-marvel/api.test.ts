import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { GameRegistry, Random } from '../../../src/kernel/index.ts'
import { buildServer, type ArbiterServer } from '../../../src/server.ts'
import type { Database } from '../../../src/store/database.ts'
import { openTestDatabase } from '../../support/db.ts'
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
const LEGAL = `query($id: ID!) { legalActions(matchId: $id) { id label } }`
const SUBMIT = `mutation($input: SubmitActionInput!) { submitAction(input: $input) { match { version status toAct winners } } }`

describe('GraphQL API', () => {
  it.each([
    { heroes: ['thor', 'spider-man'], options: {} },
    { heroes: ['scarlet-witch', 'loki', 'thor', 'spider-man'], options: { mode: '2v2' } },
    { heroes: ['loki', 'scarlet-witch', 'spider-man'], options: { mode: 'free-for-all' } },
  ])('DT-GAP-1 DT-GAP-12 $heroes $options plays to a winner with random bots', async ({ heroes, options }) => {
    const created = await gql(app, CREATE, { input: { game: 'dice-throne-marvel', seats: heroes.map((hero) => ({ deck: { hero } })), seed: `api-${heroes.join()}`, options } })
    expect(created.errors).toBeUndefined()
    const matchId = created.data.createMatch.match.id
    const tokens: string[] = created.data.createMatch.seats.map((s: { token: string }) => s.token)
    const pick = Random.fromSeed(`bots-${heroes.join()}`)
    let match = created.data.createMatch.match
    let steps = 0
    while (match.status === 'ACTIVE' && steps < 3_000) {
      const seat: number = pick.pick(match.toAct)
      const legal = (await gql(app, LEGAL, { id: matchId }, tokens[seat])).data.legalActions
      expect(legal.length).toBeGreaterThan(0)
      const res = await gql(app, SUBMIT, { input: { matchId, actionId: pick.pick(legal as { id: string }[]).id } }, tokens[seat])
      expect(res.errors).toBeUndefined()
      match = res.data.submitAction.match
      steps++
    }
    expect(match.status).toBe('FINISHED')
    expect(match.winners.length).toBeGreaterThan(0)
  }, 120_000)
})
