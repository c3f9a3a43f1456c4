// A bot's next choices in the submit's answer: Match.legalActions for the seat to act next, ActionResult.legalActions
// listed only when read, and stored with an idempotency key so that a repeat answers the same.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { productionGames } from '../../src/games/index.ts'
import { CREATE_MATCH, gql, RACE_DECK, startTestServer, type TestServer } from '../support/server.ts'
import { raceGame } from '../support/test-game.ts'

let srv: TestServer
// The race with its labels counted, to tell a listing labelled when read from one labelled when made.
let described = 0
const countedRace = {
  ...raceGame,
  id: 'race-counted',
  describeAction: (...args: Parameters<typeof raceGame.describeAction>) => {
    described++
    return raceGame.describeAction(...args)
  },
}
beforeAll(async () => {
  srv = await startTestServer({ games: [raceGame, countedRace, ...productionGames] })
})
afterAll(async () => {
  await srv.close()
})

type Choice = { id: string; label: string }
const LEGAL = `query($id: ID!, $seat: Int) { legalActions(matchId: $id, seat: $seat) { id label } }`
const SUBMIT_NEXT = `mutation($input: SubmitActionInput!) { submitAction(input: $input) {
  match { version seat toAct legalActions { id label } } legalActions { id label } } }`
const SUBMIT_BARE = `mutation($input: SubmitActionInput!) { submitAction(input: $input) { match { version toAct } } }`
const SUBMIT_FULL = `mutation($input: SubmitActionInput!) { submitAction(input: $input) { match { version toAct view } events legalActions { id label } } }`

async function legal(matchId: string, seat: number, key: string): Promise<Choice[]> {
  return (await gql(srv.app, LEGAL, { id: matchId, seat }, key)).data.legalActions
}

describe('the next choices in the submit answer', () => {
  it('one player key holding both seats: Match.legalActions without a seat lists the next decision, ActionResult.legalActions the submitting seat', async () => {
    const p = (await gql(srv.app, `mutation { createPlayer(name: "Both") { key player { id } } }`)).data.createPlayer
    const seats = [0, 1].map(() => ({ player: p.player.id, deck: RACE_DECK }))
    const created = await gql(srv.app, CREATE_MATCH, { input: { game: 'race-to-20', seats } }, p.key)
    const matchId = created.data.createMatch.match.id
    let seat: number = created.data.createMatch.match.toAct[0]
    for (let i = 0; i < 4; i++) {
      const r = await gql(srv.app, SUBMIT_NEXT, { input: { matchId, seat, action: { type: 'roll' } } }, p.key)
      expect(r.errors).toBeUndefined()
      const m = r.data.submitAction.match
      // The race alternates: the submitting seat waits, the other one decides.
      expect(m.seat).toBe(seat)
      expect(m.toAct).toEqual([1 - seat])
      expect(r.data.submitAction.legalActions).toEqual([])
      expect(m.legalActions.length).toBeGreaterThan(0)
      expect(m.legalActions).toEqual(await legal(matchId, 1 - seat, p.key))
      seat = 1 - seat
    }
  })

  it('ActionResult.legalActions equal the legalActions query whether or not earlier submits selected them; a keyed repeat returns the stored ones', async () => {
    const { matchId, tokens, toAct: first } = await dtmMatch('next-choices')
    let toAct = first
    let keyed = 0
    for (let step = 0; step < 200 && keyed < 3 && toAct.length > 0; step++) {
      const seat = toAct[0]!
      const choices = await legal(matchId, seat, tokens[seat]!)
      const input = { matchId, actionId: choices[step % choices.length]!.id, idempotencyKey: `step-${step}` }
      if (step % 2 === 0) {
        const r = await gql(srv.app, SUBMIT_BARE, { input }, tokens[seat])
        expect(r.errors).toBeUndefined()
        toAct = r.data.submitAction.match.toAct
        continue
      }
      const r = await gql(srv.app, SUBMIT_FULL, { input }, tokens[seat])
      expect(r.errors).toBeUndefined()
      const result = r.data.submitAction
      // The log keeps the label the seat was shown for the id it chose.
      const log = await gql(
        srv.app,
        `query($id: ID!, $after: Int) { match(id: $id) { log(after: $after) { label } } }`,
        { id: matchId, after: result.match.version - 1 },
        tokens[seat],
      )
      expect(log.data.match.log[0].label).toBe(choices[step % choices.length]!.label)
      expect(result.legalActions).toEqual(await legal(matchId, seat, tokens[seat]!))
      toAct = result.match.toAct
      if (!toAct.includes(seat) || result.legalActions.length === 0) continue
      // The seat decides again: its choices are stored with the key, and a repeat returns them.
      keyed++
      const again = await gql(srv.app, SUBMIT_FULL, { input }, tokens[seat])
      expect(again.data).toEqual(r.data)
    }
    expect(keyed).toBeGreaterThan(0)
  })

  it("the REST submit answers with the seat's next choices, as the legalActions query lists them", async () => {
    const { matchId, tokens, toAct: first } = await dtmMatch('next-choices-rest')
    let toAct = first
    let compared = 0
    for (let step = 0; step < 200 && compared < 3 && toAct.length > 0; step++) {
      const seat = toAct[0]!
      const choices = await legal(matchId, seat, tokens[seat]!)
      const res = await srv.app.inject({
        method: 'POST',
        url: `/api/matches/${matchId}/actions`,
        payload: { actionId: choices[step % choices.length]!.id },
        headers: { authorization: `Bearer ${tokens[seat]}` },
      })
      expect(res.statusCode).toBe(200)
      const body = res.json() as { match: { toAct: number[] }; legalActions: Choice[] }
      toAct = body.match.toAct
      expect(body.legalActions.map(({ id, label }) => ({ id, label }))).toEqual(
        await legal(matchId, seat, tokens[seat]!),
      )
      if (body.legalActions.length > 0) compared++
    }
    expect(compared).toBeGreaterThan(0)
  })
})

describe('labels of listed actions', () => {
  it("are made only when read: ids alone label nothing, the labels read are the engine's, and the log labels the chosen one", async () => {
    const created = await gql(srv.app, CREATE_MATCH, {
      input: { game: 'race-counted', seats: [{ deck: RACE_DECK }, { deck: RACE_DECK }], seed: 'lazy-labels' },
    })
    const c = created.data.createMatch
    const matchId: string = c.match.id
    const seat: number = c.match.toAct[0]
    const token: string = c.seats.find((s: { seat: number }) => s.seat === seat).token
    const before = described
    const ids = (
      await gql(srv.app, `query($id: ID!) { legalActions(matchId: $id) { id action } }`, { id: matchId }, token)
    ).data.legalActions
    expect(ids.length).toBeGreaterThan(0)
    expect(described).toBe(before)
    const labelled: Choice[] = (await gql(srv.app, LEGAL, { id: matchId, seat }, token)).data.legalActions
    expect(labelled.map(a => a.label)).toEqual(
      ids.map((a: { action: { type: string } }) =>
        raceGame.describeAction(null as never, a.action as never, { viewer: seat } as never),
      ),
    )
    expect(described).toBe(before + ids.length)
    const r = await gql(srv.app, SUBMIT_BARE, { input: { matchId, actionId: labelled[0]!.id } }, token)
    expect(r.errors).toBeUndefined()
    const log = (await gql(srv.app, `query($id: ID!) { match(id: $id) { log { label } } }`, { id: matchId }, token))
      .data.match.log
    expect(log.at(-1).label).toBe(labelled[0]!.label)
  })
})

async function dtmMatch(seed: string): Promise<{ matchId: string; tokens: string[]; toAct: number[] }> {
  const engine = productionGames.find(g => g.id === 'dice-throne-marvel')!
  const decks = engine
    .sampleDecks()
    .slice(0, 2)
    .map(s => s.deck)
  const created = await gql(srv.app, CREATE_MATCH, {
    input: { game: engine.id, seats: decks.map(deck => ({ deck })), seed, options: engine.randomPlayOptions ?? {} },
  })
  const c = created.data.createMatch
  return { matchId: c.match.id, tokens: c.seats.map((s: { token: string }) => s.token), toAct: c.match.toAct }
}
