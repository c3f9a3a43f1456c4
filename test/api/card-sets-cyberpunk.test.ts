// Homebrew card sets of Cyberpunk TCG over the API: built-in cards that are data round-trip, a homebrew card of
// vocabulary words plays a whole match between two bots, testCard, RULES_LOOP, and hostile cards refused with a path.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cyberpunkTcg } from '../../src/games/cyberpunk-tcg/index.ts'
import { playWithBots } from '../support/api-bots.ts'
import { CREATE_MATCH, gql, startTestServer, type TestServer } from '../support/server.ts'

const CREATE = `mutation($game: ID!, $name: String!, $cards: [JSON!]!) { createCardSet(game: $game, name: $name, cards: $cards) { id version ref cards { id data text } } }`

/** A Unit made only of vocabulary words: PLAY, it may defeat a cheap rival Unit and draws a card. */
const NETRUNNER = {
  id: 'alley-netrunner',
  name: 'Alley Netrunner',
  type: 'Unit',
  color: 'Yellow',
  cost: 2,
  power: 3,
  ram: 0,
  tags: ['NETRUNNER'],
  abilities: [
    {
      kind: 'trigger',
      on: ['PLAY'],
      ops: [
        { op: 'chooseUnit', filter: { side: 'rival', maxCost: 2 }, as: 'target', optional: true },
        { op: 'defeat', v: 'target' },
        { op: 'draw', n: 1 },
      ],
    },
  ],
}

let srv: TestServer
let ann: { id: string; key: string }
beforeAll(async () => {
  srv = await startTestServer({ games: [cyberpunkTcg] })
  const r = await gql(srv.app, `mutation { createPlayer(name: "Ann") { player { id } key } }`)
  ann = { id: r.data.createPlayer.player.id, key: r.data.createPlayer.key }
})
afterAll(async () => srv.close())

const rest = async (method: 'POST' | 'GET', url: string, body?: unknown, key?: string) => {
  const res = await srv.app.inject({
    method,
    url,
    headers: key ? { authorization: `Bearer ${key}` } : {},
    ...(body === undefined ? {} : { payload: body as object }),
  })
  return { status: res.statusCode, body: res.json() }
}

describe('homebrew card sets of Cyberpunk TCG', () => {
  it('every built-in card that is data round-trips through createCardSet as JSON, with its generated text', async () => {
    const builtIn = (await gql(srv.app, `query { cards(game: "cyberpunk-tcg") { id data } }`)).data.cards.filter(
      (c: { data: object }) => 'abilities' in c.data,
    )
    expect(builtIn).toHaveLength(130)
    const created = await gql(
      srv.app,
      CREATE,
      { game: 'cyberpunk-tcg', name: 'Night City', cards: builtIn.map((c: { data: unknown }) => c.data) },
      ann.key,
    )
    expect(created.errors).toBeUndefined()
    const set = created.data.createCardSet
    expect(set.cards.map((c: { data: unknown }) => c.data)).toEqual(builtIn.map((c: { data: unknown }) => c.data))
    expect(set.cards.every((c: { text: string }) => c.text.length > 0)).toBe(true)
  })

  it('CR 7.3 a homebrew card of vocabulary words is dealt by its set and played to the end by two bots', async () => {
    const set = (await gql(srv.app, CREATE, { game: 'cyberpunk-tcg', name: 'Alleys', cards: [NETRUNNER] }, ann.key))
      .data.createCardSet
    expect(set.cards[0].text).toBe(
      'Unit, 2 €$, power 3. PLAY: Choose a rival Unit with cost 2 or less (optional); defeat the chosen card; draw 1 card.',
    )
    const [deck0, deck1] = cyberpunkTcg.sampleDecks().map(d => d.deck)
    const homebrew = { ...deck0!, sets: [set.id], main: [...deck0!.main, { card: 'Alley Netrunner', count: 3 }] }
    const created = await gql(srv.app, `${CREATE_MATCH.replace('match { id', 'match { id cardSets')}`, {
      input: { game: 'cyberpunk-tcg', seats: [{ deck: homebrew }, { deck: deck1 }], seed: 'cp-homebrew-bots' },
    })
    expect(created.errors).toBeUndefined()
    const match = created.data.createMatch.match
    expect(match.cardSets).toEqual([`${set.id}@1`])
    const tokens = created.data.createMatch.seats.map((s: { token: string }) => s.token)
    const { match: end } = await playWithBots(srv.app, match.id, tokens, match, 'cp-homebrew-bots')
    expect(end.status).toBe('FINISHED')
    const after = await gql(
      srv.app,
      `query($id: ID!) { match(id: $id) { transcript log { action } } verifyMatch(id: $id) { ok } }`,
      { id: match.id },
    )
    expect(after.errors).toBeUndefined()
    expect(after.data.match.transcript[0]).toBe(`Card sets: Alleys (${set.id}@1)`)
    expect(after.data.verifyMatch.ok).toBe(true)
    const exported = (await rest('GET', `/api/matches/${match.id}/export`)).body
    expect(exported.cardSets[0]).toMatchObject({ id: set.id, version: 1, game: 'cyberpunk-tcg', cards: [NETRUNNER] })
  })

  it('testCard plays the card in its scenario; a card that does not end is RULES_LOOP naming it', async () => {
    const res = await rest('POST', '/api/games/cyberpunk-tcg/test-card', {
      card: NETRUNNER,
      scenario: { players: [{ resources: { eddies: 3 } }, { zones: { field: ['Chrome Fang'] } }] },
    })
    expect(res.status).toBe(200)
    expect(res.body.played.id).toBeTruthy() // the play of the card tried (labels name set cards 'a card' for now)
    expect(
      res.body.events.some((e: { type: string; card?: string }) => e.type === 'play' && e.card === 'alley-netrunner'),
    ).toBe(true)
    const loop = {
      ...NETRUNNER,
      id: 'spin-cycle',
      name: 'Spin Cycle',
      abilities: [
        { kind: 'trigger', on: ['PLAY'], ops: [{ op: 'spend', v: 'self' }] },
        { kind: 'trigger', on: ['SPENT'], ops: [{ op: 'readySelf' }, { op: 'spend', v: 'self' }] },
      ],
    }
    const looped = await rest('POST', '/api/games/cyberpunk-tcg/test-card', { card: loop })
    expect(looped).toMatchObject({ status: 422, body: { code: 'RULES_LOOP', card: 'spin-cycle', set: null } })
    expect(looped.body.message).toContain('Spin Cycle')
  })

  it('Game.cardSchema and Game.vocabulary are published; hostile cards are CARD_INVALID with a path', async () => {
    const game = (await gql(srv.app, `query { game(id: "cyberpunk-tcg") { cardSchema vocabulary } }`)).data.game
    expect(game.cardSchema.additionalProperties).toBe(false)
    expect(game.vocabulary.operations.map((w: { word: string }) => w.word)).toContain('chooseUnit')
    const post = (cards: unknown) =>
      rest('POST', '/api/card-sets', { game: 'cyberpunk-tcg', name: 'Hostile', cards }, ann.key)
    const unknownWord = await post([
      NETRUNNER,
      { ...NETRUNNER, id: 'bad', abilities: [{ kind: 'trigger', on: ['PLAY'], ops: [{ op: 'custom', run: 'x' }] }] },
    ])
    expect(unknownWord).toMatchObject({
      status: 422,
      body: { code: 'CARD_INVALID', card: 1, cardId: 'bad', path: '/1/abilities/0/ops/0/op' },
    })
    expect(unknownWord.body.words).toContain('draw')
    const huge = await post([{ ...NETRUNNER, power: 1e300 }])
    expect(huge).toMatchObject({ status: 422, body: { code: 'CARD_INVALID', path: '/0/power' } })
    let deep: unknown = { c: 'credEven' }
    for (let i = 0; i < 30; i++) deep = { c: 'not', of: deep }
    const nested = await post([
      { ...NETRUNNER, abilities: [{ kind: 'trigger', on: ['PLAY'], ops: [{ op: 'draw', n: 1, if: deep }] }] },
    ])
    expect(nested.status).toBe(422)
    expect(nested.body.code).toBe('CARD_INVALID')
    expect(nested.body.path.startsWith('/0/abilities/0/ops/0/if')).toBe(true)
  })
})
