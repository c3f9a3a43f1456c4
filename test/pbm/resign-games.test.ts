// DT-11.4 / DT-15.1 and each game's resign, through the API: resign at any time, whoever is to act.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { productionGames } from '../../src/games/index.ts'
import { gql, startTestServer, type TestServer } from '../support/server.ts'

let srv: TestServer
beforeAll(async () => {
  srv = await startTestServer({ games: productionGames })
})
afterAll(async () => srv.close())

const CREATE = `mutation($input: CreateMatchInput!) { createMatch(input: $input) { match { id toAct } seats { seat token } } }`
const RESIGN = `mutation($id: ID!) { resign(matchId: $id) { status winners endReason toAct version } }`

describe.each(productionGames.map(g => [g.id, g] as const))('resign over the API: %s', (_id, engine) => {
  const samples = engine.sampleDecks()
  it('a seat resigns, one that is not to act where the game has one: 2 seats, the other wins, endReason resigned', async () => {
    const decks = [samples[0]!.deck, samples[1 % samples.length]!.deck]
    const c = (
      await gql(srv.app, CREATE, {
        input: {
          game: engine.id,
          seats: decks.map(deck => ({ deck })),
          options: engine.randomPlayOptions ?? {},
        },
      })
    ).data.createMatch
    // Where both seats decide at once (Cyber Net Cards' placement), seat 1 resigns mid-decision.
    const idle = [0, 1].find(s => !c.match.toAct.includes(s)) ?? 1
    const r = await gql(srv.app, RESIGN, { id: c.match.id }, c.seats[idle].token)
    expect(r.errors).toBeUndefined()
    expect(r.data.resign).toMatchObject({ status: 'FINISHED', winners: [1 - idle], endReason: 'resigned', toAct: [] })
    expect((await srv.app.services.matches.replay(c.match.id)).identical).toBe(true)
  })
})

describe('resign in a free-for-all (Dice Throne, DT-11.4): the seat is eliminated and play goes on', () => {
  it('three seats: after one resigns, the match is still ACTIVE and that seat never acts again', async () => {
    const dt = productionGames.find(g => g.id === 'dice-throne-marvel')!
    const heroes = ['thor', 'loki', 'spider-man'].map(hero => ({ deck: { hero } }))
    const c = (await gql(srv.app, CREATE, { input: { game: dt.id, seats: heroes, options: { mode: 'free-for-all' } } }))
      .data.createMatch
    const r = await gql(srv.app, RESIGN, { id: c.match.id }, c.seats[2].token)
    expect(r.data.resign.status).toBe('ACTIVE')
    expect(r.data.resign.toAct).not.toContain(2)
    const again = await gql(
      srv.app,
      `query($id: ID!) { legalActions(matchId: $id) { id } }`,
      { id: c.match.id },
      c.seats[2].token,
    )
    expect(again.data.legalActions).toEqual([])
    expect((await srv.app.services.matches.replay(c.match.id)).identical).toBe(true)
  })
})
