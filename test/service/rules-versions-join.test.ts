// A WAITING match joined after a rules change: the joiner's deck is checked, and the match set up, by the engine of the
// version the match was created under, not by the current one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { GameRegistry } from '../../src/kernel/index.ts'
import { buildServer, type ArbiterServer } from '../../src/server.ts'
import { RulesBook } from '../../src/service/index.ts'
import type { Database } from '../../src/store/database.ts'
import { backendName, openTestDatabase } from '../support/db.ts'
import { gql, RACE_DECK } from '../support/server.ts'
import { raceGame } from '../support/test-game.ts'

// Version 2.0.0 of the race game: decks of eleven cards, one card dealt to each hand, and no action ever listed.
const changedRace: typeof raceGame = {
  ...raceGame,
  validateDeck: deck =>
    deck.cards.length === 11
      ? raceGame.validateDeck({ cards: deck.cards.slice(0, 10) })
      : {
          legal: false,
          violations: [{ code: 'DECK_SIZE', message: 'a deck has 11 cards', rule: 'TG-1', cards: [] }],
          summary: { size: deck.cards.length },
        },
  setup: (decks, options, seed) => {
    const state = raceGame.setup(decks, options, seed)
    return { ...state, hands: state.hands.map(hand => hand.slice(0, 1)) }
  },
  legalActions: () => [],
}
const AFTER_CHANGE = new RulesBook({ 'race-to-20': [{ version: '2.0.0' }, { version: '1.0.0', engine: raceGame }] })

let db: Database
let before: ArbiterServer
let after: ArbiterServer

beforeAll(async () => {
  db = await openTestDatabase()
  before = await buildServer({ db, registry: new GameRegistry([raceGame]), jobs: false })
  after = await buildServer({ db, registry: new GameRegistry([changedRace]), jobs: false, rules: AFTER_CHANGE })
})
afterAll(async () => {
  await before.close()
  await after.close()
  await db.close()
})

const JOIN = `mutation($input: JoinMatchInput!) { joinMatch(input: $input) { match { status rulesVersion } seat { token } } }`
const VIEW = `query($id: ID!) { match(id: $id) { rulesVersion status view legalActions { id } } }`

async function waiting(seed: string): Promise<{ id: string; code: string }> {
  const c = await before.inject({
    method: 'POST',
    url: '/graphql',
    payload: {
      query: `mutation($input: CreateMatchInput!) { createMatch(input: $input) { match { id status } invites { code } } }`,
      variables: { input: { game: 'race-to-20', seats: [{ deck: RACE_DECK }, { open: true }], seed } },
    },
  })
  const created = c.json().data.createMatch
  expect(created.match.status).toBe('WAITING')
  return { id: created.match.id, code: created.invites[0].code }
}

describe(`joining a match created under older rules (${backendName})`, () => {
  it('checks the joining deck under the match’s version and sets the match up with its engine', async () => {
    const { id, code } = await waiting('joined-later')
    // A nine-card deck: legal under 1.0.0, illegal under the current 2.0.0.
    const joined = await gql(after, JOIN, { input: { matchId: id, inviteCode: code, deck: RACE_DECK } })
    expect(joined.errors).toBeUndefined()
    expect(joined.data.joinMatch.match).toEqual({ status: 'ACTIVE', rulesVersion: '1.0.0' })
    const seen = await gql(after, VIEW, { id }, joined.data.joinMatch.seat.token)
    // 1.0.0 deals three cards to each hand (2.0.0 one).
    expect(seen.data.match.view.handSizes).toEqual([3, 3])
    expect(seen.data.match.rulesVersion).toBe('1.0.0')
  })

  it('refuses a deck the match’s version refuses, though the current version takes it, writing nothing', async () => {
    expect(changedRace.validateDeck({ cards: [1, 2, 3, 4, 5, 6, 7, 8, 9, 9, 9] }).legal).toBe(true)
    const { id, code } = await waiting('refused-later')
    const elevenCards = { cards: [1, 2, 3, 4, 5, 6, 7, 8, 9, 9, 9] }
    const refused = await gql(after, JOIN, { input: { matchId: id, inviteCode: code, deck: elevenCards } })
    expect(refused.errors?.[0]?.extensions.code).toBe('DECK_ILLEGAL')
    const seats = await db.sql.query<{ deck: unknown }>(`SELECT deck FROM "Seat" WHERE "matchId" = $1 ORDER BY index`, [
      id,
    ])
    expect(seats.map(s => s.deck === null)).toEqual([false, true])
  })
})
