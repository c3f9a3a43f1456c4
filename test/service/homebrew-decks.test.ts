// Homebrew card sets beyond match creation: the deck lab plays decks that use sets, a rated match's open seat refuses
// such a deck, and a saved deck that uses sets is judged with them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cyberNetCards } from '../../src/games/cyber-net-cards/index.ts'
import { GameRegistry } from '../../src/kernel/index.ts'
import { buildServer, type ArbiterServer } from '../../src/server.ts'
import type { Database } from '../../src/store/database.ts'
import { backendName, openTestDatabase } from '../support/db.ts'
import { gql } from '../support/server.ts'
import { waitFor } from '../support/wait-for.ts'

const GLASS_CANNON = {
  id: 'glass-cannon',
  name: 'Glass Cannon',
  kind: 'offensive',
  cost: 1,
  effect: [
    { op: 'damage', n: 3 },
    { op: 'def', n: -1 },
  ],
}
const [deck0, deck1] = cyberNetCards.sampleDecks().map(d => d.deck as { main: { card: string; count: number }[] })

let db: Database
let srv: ArbiterServer
let ann: { id: string; key: string }
let bob: { id: string; key: string }
let setId = ''
let homebrew: unknown

beforeAll(async () => {
  db = await openTestDatabase()
  srv = await buildServer({
    db,
    registry: new GameRegistry([cyberNetCards]),
    deckLab: { maxGames: 10, gamesPerDay: 100 },
  })
  const player = async (name: string) => {
    const r = await gql(srv, `mutation($n: String!) { createPlayer(name: $n) { player { id } key } }`, { n: name })
    return { id: r.data.createPlayer.player.id as string, key: r.data.createPlayer.key as string }
  }
  ann = await player('Ann')
  bob = await player('Bob')
  const created = await gql(
    srv,
    `mutation($cards: [JSON!]!) { createCardSet(game: "cyber-net-cards", name: "Cannons", cards: $cards) { id } }`,
    { cards: [GLASS_CANNON] },
    ann.key,
  )
  setId = created.data.createCardSet.id
  homebrew = { ...deck0!, sets: [setId], main: [...deck0!.main.slice(0, -2), { card: 'glass-cannon', count: 3 }] }
})
afterAll(async () => {
  await srv.close()
  await db.close()
})

describe(`homebrew decks in the lab, in rated matches and saved (${backendName})`, () => {
  it('the deck lab plays a deck that uses a set, dealing its homebrew cards, and counts them', async () => {
    const queued = await gql(
      srv,
      `mutation($deck: JSON, $opponents: [LabOpponentInput!]!) {
        deckLab(game: "cyber-net-cards", deck: $deck, opponents: $opponents, games: 2, seed: "homebrew-lab") { id } }`,
      { deck: homebrew, opponents: [{ deck: deck1 }] },
      ann.key,
    )
    expect(queued.errors).toBeUndefined()
    const id = queued.data.deckLab.id
    const run = await waitFor(
      'the homebrew run to end',
      async () => {
        const r = (
          await gql(
            srv,
            `query($id: ID!) { deckLabRun(id: $id) { status played error result { cards { card drawnIn } } } }`,
            { id },
            ann.key,
          )
        ).data.deckLabRun
        return r.status === 'RUNNING' || r.status === 'QUEUED' ? null : r
      },
      240_000,
    )
    expect(run).toMatchObject({ status: 'FINISHED', played: 2, error: null })
    expect(run.result.cards.map((c: { card: string }) => c.card)).toContain('glass-cannon')
    const stored = await db.sql.query<{ request: { sets: { ref: string; cards: unknown[] }[] } }>(
      `SELECT request FROM "DeckLabRun" WHERE id = $1`,
      [id],
    )
    expect(stored[0]!.request.sets).toEqual([{ ref: `${setId}@1`, name: 'Cannons', cards: [GLASS_CANNON] }])
  }, 300_000)

  it("a rated match's open seat joined with a deck that uses sets is BAD_USER_INPUT, writing nothing", async () => {
    const created = await gql(
      srv,
      `mutation($input: CreateMatchInput!) { createMatch(input: $input) { match { id } invites { code } } }`,
      { input: { game: 'cyber-net-cards', rated: true, seats: [{ player: ann.id, deck: deck0 }, { open: true }] } },
      ann.key,
    )
    expect(created.errors).toBeUndefined()
    const id = created.data.createMatch.match.id
    const join = `mutation($input: JoinMatchInput!) { joinMatch(input: $input) { match { status } } }`
    const code = created.data.createMatch.invites[0].code
    const refused = await gql(srv, join, { input: { matchId: id, inviteCode: code, deck: homebrew } }, bob.key)
    expect(refused.errors?.[0]?.extensions.code).toBe('BAD_USER_INPUT')
    expect(refused.errors?.[0]?.message).toContain('card sets')
    const seats = await db.sql.query<{ deck: unknown; playerId: string | null }>(
      `SELECT deck, "playerId" FROM "Seat" WHERE "matchId" = $1 ORDER BY index`,
      [id],
    )
    expect(seats[1]).toEqual({ deck: null, playerId: null })
    const joined = await gql(srv, join, { input: { matchId: id, inviteCode: code, deck: deck1 } }, bob.key)
    expect(joined.data.joinMatch.match.status).toBe('ACTIVE')
  })

  it('a saved deck that uses a set is legal with its set resolved, and names an unknown set as a violation', async () => {
    const DECK = `id legal violations { code } deck`
    const saved = await gql(
      srv,
      `mutation($deck: JSON!) { saveDeck(game: "cyber-net-cards", name: "Cannons deck", deck: $deck) { ${DECK} } }`,
      { deck: homebrew },
      ann.key,
    )
    expect(saved.errors).toBeUndefined()
    expect(saved.data.saveDeck).toMatchObject({ legal: true, violations: [] })
    // The set is kept as named: a bare id goes on meaning the newest version.
    expect(saved.data.saveDeck.deck.sets).toEqual([setId])
    const id = saved.data.saveDeck.id
    const read = await gql(srv, `query($id: ID!) { deck(id: $id) { ${DECK} } }`, { id })
    expect(read.data.deck.legal).toBe(true)
    const updated = await gql(
      srv,
      `mutation($id: ID!, $deck: JSON) { updateDeck(id: $id, deck: $deck) { ${DECK} } }`,
      { id, deck: { ...(homebrew as object), sets: [`${setId}@9`] } },
      ann.key,
    )
    expect(updated.data.updateDeck.legal).toBe(false)
    expect(updated.data.updateDeck.violations.map((v: { code: string }) => v.code)).toContain('UNKNOWN_CARD_SET')
    const stored = await db.sql.query<{ legal: boolean }>(`SELECT legal FROM "Deck" WHERE id = $1`, [id])
    expect(stored[0]!.legal).toBe(false)
  })
})
