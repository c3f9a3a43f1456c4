// A match played to the end through GraphQL over HTTP: seat views, spectator secrecy, an illegal action, the winner.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  CREATE_MATCH,
  LEGAL,
  RACE_DECK,
  SUBMIT,
  startListeningServer,
  type ListeningServer,
} from '../support/server.ts'

let srv: ListeningServer
let base: string

async function post(query: string, variables: Record<string, unknown>, token?: string) {
  const res = await fetch(`${base}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ query, variables }),
  })
  return (await res.json()) as { data: any; errors?: { message: string; extensions: Record<string, any> }[] }
}

beforeAll(async () => {
  srv = await startListeningServer()
  base = srv.base
})
afterAll(async () => srv.close())

describe('a match played to the end through GraphQL over HTTP', () => {
  it('creates, shows per-seat views, hides secrets from spectators, rejects an illegal action and reports the winner', async () => {
    const created = await post(CREATE_MATCH, {
      input: {
        game: 'race-to-20',
        seats: [
          { deck: RACE_DECK, name: 'Ann' },
          { deck: RACE_DECK, name: 'Bob' },
        ],
        seed: 'http-flow',
      },
    })
    expect(created.errors).toBeUndefined()
    const matchId: string = created.data.createMatch.match.id
    const tokens: string[] = created.data.createMatch.seats.map((s: { token: string }) => s.token)
    expect(created.data.createMatch.match.toAct).toEqual([0])

    const VIEW = `query($id: ID!) { match(id: $id) { seat version view seats { seat name } } }`
    const v0 = (await post(VIEW, { id: matchId }, tokens[0])).data.match
    const v1 = (await post(VIEW, { id: matchId }, tokens[1])).data.match
    const spectator = (await post(VIEW, { id: matchId })).data.match
    expect(v0.seats).toEqual([
      { seat: 0, name: 'Ann' },
      { seat: 1, name: 'Bob' },
    ])
    expect(spectator.seats).toEqual(v0.seats)
    expect(v0.seat).toBe(0)
    expect(v1.seat).toBe(1)
    expect(v0.view.hand).toHaveLength(3)
    expect(v1.view.hand).toHaveLength(3)
    expect(v0.view).not.toEqual(v1.view)
    expect(spectator.seat).toBeNull()
    expect(spectator.view.hand).toBeNull()
    expect(JSON.stringify(spectator)).not.toContain('rng')

    // Seat 0 tries a card it does not hold: rejected with the code and the rule, and nothing changes.
    const missing = [1, 2, 3, 4, 5, 6, 7, 8, 9].find(c => !v0.view.hand.includes(c))
    const bad = await post(SUBMIT, { input: { matchId, action: { type: 'play', card: missing } } }, tokens[0])
    expect(bad.errors?.[0]?.extensions.code).toBe('ILLEGAL_ACTION')
    expect(bad.errors?.[0]?.extensions.rule).toBe('TG-3')
    expect((await post(VIEW, { id: matchId }, tokens[0])).data.match.version).toBe(0)

    let status = 'ACTIVE'
    let winners: number[] | null = null
    for (let step = 0; step < 200 && status === 'ACTIVE'; step++) {
      const m = (await post(`query($id: ID!) { match(id: $id) { toAct } }`, { id: matchId })).data.match
      const seat: number = m.toAct[0]
      const legal = (await post(LEGAL, { id: matchId }, tokens[seat])).data.legalActions
      expect(legal.length).toBeGreaterThan(0)
      const res = await post(SUBMIT, { input: { matchId, actionId: legal[0].id } }, tokens[seat])
      expect(res.errors).toBeUndefined()
      status = res.data.submitAction.match.status
      winners = res.data.submitAction.match.winners
    }
    expect(status).toBe('FINISHED')
    expect(winners).toHaveLength(1)
    const final = (await post(`query($id: ID!) { match(id: $id) { status winners toAct } }`, { id: matchId })).data
      .match
    expect(final).toEqual({ status: 'FINISHED', winners, toAct: [] })
    const after = await post(SUBMIT, { input: { matchId, action: { type: 'roll' } } }, tokens[0])
    expect(after.errors?.[0]?.extensions.code).toBe('MATCH_FINISHED')
  })
})
