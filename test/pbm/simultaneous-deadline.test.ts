// A move clock in a simultaneous decision: one seat's move gives the seat still owing the decision no extra time.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cyberNetCards } from '../../src/games/cyber-net-cards/index.ts'
import { gql, startTestServer, type TestServer } from '../support/server.ts'

let srv: TestServer
beforeAll(async () => {
  srv = await startTestServer({ games: [cyberNetCards] })
})
afterAll(async () => srv.close())

const CREATE = `mutation($input: CreateMatchInput!) { createMatch(input: $input) { match { id } seats { seat token } } }`
const MATCH = `query($id: ID!) { match(id: $id) { version status toAct clock { deadline } } }`
const LEGAL = `query($id: ID!) { legalActions(matchId: $id) { id } }`
const SUBMIT = `mutation($input: SubmitActionInput!) { submitAction(input: $input) { match { version toAct clock { deadline } } } }`

describe('move clocks in simultaneous decisions', () => {
  it('the seat still to act keeps its deadline when the other moves; the next decision gets a fresh one', async () => {
    const decks = cyberNetCards.sampleDecks()
    const c = await gql(srv.app, CREATE, {
      input: {
        game: 'cyber-net-cards',
        seed: 'simultaneous',
        seats: [{ deck: decks[0]!.deck }, { deck: decks[1]!.deck }],
        clock: { perMoveSeconds: 86_400 },
      },
    })
    expect(c.errors).toBeUndefined()
    const id = c.data.createMatch.match.id
    const tokens: string[] = c.data.createMatch.seats.map((s: { token: string }) => s.token)
    const act = async (seat: number) => {
      const legal = (await gql(srv.app, LEGAL, { id }, tokens[seat])).data.legalActions
      const r = await gql(srv.app, SUBMIT, { input: { matchId: id, actionId: legal[0].id } }, tokens[seat])
      expect(r.errors).toBeUndefined()
      return r.data.submitAction.match as { version: number; toAct: number[]; clock: { deadline: string } }
    }
    let m = (await gql(srv.app, MATCH, { id })).data.match
    for (let i = 0; i < 300 && m.status === 'ACTIVE' && m.toAct.length < 2; i++) m = await act(m.toAct[0])
    expect(m.toAct).toEqual([0, 1])
    const owed = m.clock.deadline
    // Seat 1 plays its whole part (one or more decisions) while seat 0 has not moved: the deadline stands.
    while (m.toAct.includes(1) && m.toAct.includes(0)) {
      await new Promise(r => setTimeout(r, 5))
      m = await act(1)
      if (m.toAct.includes(0)) expect(m.clock.deadline).toBe(owed)
    }
    expect(m.toAct).toEqual([0])
    // Then seat 0 plays its part; once nobody owes the old decision, the next one has a fresh deadline.
    while (m.toAct.includes(0) && !m.toAct.includes(1)) {
      await new Promise(r => setTimeout(r, 5))
      m = await act(0)
    }
    expect(m.toAct.length).toBeGreaterThan(0)
    expect(Date.parse(m.clock.deadline)).toBeGreaterThan(Date.parse(owed))
  })
})
