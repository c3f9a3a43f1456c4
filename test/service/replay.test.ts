// Replay: a finished match rebuilt from seed, decks, options and log matches its snapshot; a tampered log does not.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CREATE_MATCH, gql, LEGAL, RACE_DECK, SUBMIT, startTestServer, type TestServer } from '../support/server.ts'

let srv: TestServer
beforeAll(async () => {
  srv = await startTestServer()
})
afterAll(async () => srv.close())

describe('replay', () => {
  it('rebuilding a finished match from seed + decks + options + log gives the stored snapshot', async () => {
    const c = await gql(srv.app, CREATE_MATCH, {
      input: {
        game: 'race-to-20',
        seats: [{ deck: RACE_DECK }, { deck: { cards: [9, 9, 8, 8, 7] } }],
        seed: 'replay-me',
        options: { target: 20 },
      },
    })
    const matchId = c.data.createMatch.match.id
    const tokens = c.data.createMatch.seats.map((s: { token: string }) => s.token)
    let status = 'ACTIVE'
    for (let i = 0; status === 'ACTIVE'; i++) {
      const seat = (await gql(srv.app, 'query($id: ID!) { match(id: $id) { toAct } }', { id: matchId })).data.match
        .toAct[0]
      const legal = (await gql(srv.app, LEGAL, { id: matchId }, tokens[seat])).data.legalActions
      const r = await gql(srv.app, SUBMIT, { input: { matchId, actionId: legal[i % legal.length].id } }, tokens[seat])
      status = r.data.submitAction.match.status
    }
    const stored = await srv.db.prisma.match.findUniqueOrThrow({ where: { id: matchId } })
    const replayed = await srv.app.services.matches.replay(matchId)
    expect(replayed.identical).toBe(true)
    expect(replayed.state).toEqual(stored.state)
    expect(replayed.version).toBe(stored.version)
  })

  it('a tampered log no longer reproduces the snapshot', async () => {
    const c = await gql(srv.app, CREATE_MATCH, {
      input: { game: 'race-to-20', seats: [{ deck: RACE_DECK }, { deck: RACE_DECK }], seed: 'tamper' },
    })
    const matchId = c.data.createMatch.match.id
    const token = c.data.createMatch.seats[0].token
    await gql(srv.app, SUBMIT, { input: { matchId, action: { type: 'roll' } } }, token)
    await srv.db.prisma.match.update({ where: { id: matchId }, data: { seed: 'another seed' } })
    expect((await srv.app.services.matches.replay(matchId)).identical).toBe(false)
  })
})
