// Issue 27, point 4, in each production game: a takeback is refused after a drawn card (HIDDEN_REVEALED) or a die roll
// (RANDOM_USED), and accepted otherwise, exactly: every seat's view, toAct and legal actions are those of toVersion.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { productionGames } from '../../src/games/index.ts'
import { gql, startListeningServer, type ListeningServer } from '../support/server.ts'

let srv: ListeningServer
beforeAll(async () => {
  srv = await startListeningServer({ games: productionGames })
})
afterAll(async () => {
  await srv.close()
})

const READ = `query($id: ID!) { match(id: $id) { version status toAct view legalActions { id label action } } }`
const SUBMIT = `mutation($input: SubmitActionInput!) { submitAction(input: $input) { match { version status } events } }`
/** The events that roll a die in each game (Marvel Dice Throne's dice, Cyberpunk TCG's Gig dice). */
const ROLLS = new Set(['roll', 'rollGig', 'targetingRoll', 'bagOfTricks', 'realityWarp'])
const MAX_STEPS = 300

describe.each(productionGames.map(g => [g.id, g] as const))('takebacks in %s', (game, engine) => {
  it('refused after a draw or a die roll, accepted and exact otherwise', async () => {
    const decks = engine.sampleDecks()
    const seats = [decks[0]!.deck, decks[1 % decks.length]!.deck].map(deck => ({ deck }))
    const created = await gql(
      srv.app,
      `mutation($input: CreateMatchInput!) { createMatch(input: $input) { match { id } seats { seat token } } }`,
      {
        input: { game, seats, seed: `takebacks-${game}` },
      },
    )
    expect(created.errors).toBeUndefined()
    const id: string = created.data.createMatch.match.id
    const tokens: string[] = created.data.createMatch.seats.map((s: { token: string }) => s.token)
    const read = async (seat: number) => (await gql(srv.app, READ, { id }, tokens[seat])).data.match
    const ask = async (seat: number, toVersion: number) =>
      gql(
        srv.app,
        `mutation($id: ID!, $v: Int!) { requestTakeback(matchId: $id, toVersion: $v) { version takeback { toVersion } } }`,
        { id, v: toVersion },
        tokens[seat],
      )

    const seen = { draw: false, roll: !['dice-throne-marvel', 'cyberpunk-tcg'].includes(game), accepted: false }
    for (let step = 0; step < MAX_STEPS && !(seen.draw && seen.roll && seen.accepted); step++) {
      const before = [await read(0), await read(1)]
      if (before[0].status !== 'ACTIVE') break
      const seat: number = before[0].toAct[0]
      // Never giving up: the match is to go on until each case has come up.
      const choices = before[seat].legalActions.filter(
        (a: { action: { type: string } }) => !['concede', 'resign'].includes(a.action.type),
      )
      // A fixed spread over the choices, so that the game moves on rather than repeating the first choice.
      const choice = choices[(step * 7) % choices.length]
      const moved = await gql(srv.app, SUBMIT, { input: { matchId: id, actionId: choice.id } }, tokens[seat])
      expect(moved.errors).toBeUndefined()
      const { version, status } = moved.data.submitAction.match
      if (status !== 'ACTIVE') break
      const types = new Set((moved.data.submitAction.events as { type: string }[]).map(e => e.type))
      const rolled = [...types].some(t => ROLLS.has(t))
      const drew = types.has('draw')
      if (rolled || drew) {
        const r = await ask(seat, version - 1)
        expect(r.errors?.[0]?.extensions.code).toBe('TAKEBACK_REFUSED')
        // A die is random; a draw from a deck shuffled at setup reveals a card (and is random too where it reshuffles).
        if (rolled) expect(r.errors?.[0]?.extensions.reason).toBe('RANDOM_USED')
        else expect(['HIDDEN_REVEALED', 'RANDOM_USED']).toContain(r.errors?.[0]?.extensions.reason)
        seen.roll ||= rolled
        seen.draw ||= drew
        continue
      }
      if (seen.accepted) continue
      const r = await ask(seat, version - 1)
      if (r.errors) {
        // Something else was revealed or random (a card played from a hidden hand, a shuffle): refused, and nothing
        // changes.
        expect(r.errors[0]!.extensions.code).toBe('TAKEBACK_REFUSED')
        continue
      }
      expect(r.data.requestTakeback.takeback).toEqual({ toVersion: version - 1 })
      const answered = await gql(
        srv.app,
        `mutation($id: ID!) { answerTakeback(matchId: $id, accept: true) { version } }`,
        { id },
        tokens[1 - seat],
      )
      expect(answered.errors).toBeUndefined()
      expect(answered.data.answerTakeback.version).toBe(version + 1)
      for (const s of [0, 1]) expect(await read(s)).toEqual({ ...before[s], version: version + 1 })
      expect((await srv.app.services.matches.replay(id)).identical).toBe(true)
      seen.accepted = true
    }
    expect(seen).toEqual({ draw: true, roll: true, accepted: true })
  }, 120_000)
})
