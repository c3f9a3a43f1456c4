// Homebrew card sets over the API: built-in Cyber Net Cards cards round-trip, a homebrew card plays a whole match,
// versions and ownership, testCard, and hostile sets refused with a 4xx, a code and a path.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cyberNetCards } from '../../src/games/cyber-net-cards/index.ts'
import { playWithBots } from '../support/api-bots.ts'
import { CREATE_MATCH, gql, startTestServer, type TestServer } from '../support/server.ts'

const CREATE = `mutation($game: ID!, $name: String!, $cards: [JSON!]!) { createCardSet(game: $game, name: $name, cards: $cards) { id version ref name cards { id name type data text } owner { id } } }`
const UPDATE = `mutation($id: ID!, $name: String, $cards: [JSON!]) { updateCardSet(id: $id, name: $name, cards: $cards) { id version ref name } }`
const GET = `query($id: ID!, $version: Int) { cardSet(id: $id, version: $version) { version name cards { id } } }`
const MINE = `query { cardSets(game: "cyber-net-cards") { id version name } }`
const TEST = `query($card: JSON!, $scenario: JSON) { testCard(game: "cyber-net-cards", card: $card, scenario: $scenario) { card { text } legalActions { id label } played { label } events eventTexts view } }`

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

let srv: TestServer
let ann: { id: string; key: string }
let bob: { id: string; key: string }
beforeAll(async () => {
  srv = await startTestServer({ games: [cyberNetCards] })
  const player = async (name: string) => {
    const r = await gql(srv.app, `mutation($n: String!) { createPlayer(name: $n) { player { id } key } }`, { n: name })
    return { id: r.data.createPlayer.player.id as string, key: r.data.createPlayer.key as string }
  }
  ann = await player('Ann')
  bob = await player('Bob')
})
afterAll(async () => srv.close())

const rest = async (method: 'POST' | 'PATCH' | 'GET', url: string, body?: unknown, key?: string) => {
  const res = await srv.app.inject({
    method,
    url,
    headers: key ? { authorization: `Bearer ${key}` } : {},
    ...(body === undefined ? {} : { payload: body as object }),
  })
  return { status: res.statusCode, body: res.json() }
}

describe('homebrew card sets of Cyber Net Cards', () => {
  it('every built-in card round-trips through createCardSet as JSON, with its generated text', async () => {
    const builtIn = (await gql(srv.app, `query { cards(game: "cyber-net-cards") { id type data } }`)).data.cards.filter(
      (c: { type: string }) => !['avatar', 'unique-ability'].includes(c.type),
    )
    expect(builtIn).toHaveLength(64)
    const created = await gql(
      srv.app,
      CREATE,
      { game: 'cyber-net-cards', name: 'Built-in', cards: builtIn.map((c: { data: unknown }) => c.data) },
      ann.key,
    )
    expect(created.errors).toBeUndefined()
    const set = created.data.createCardSet
    expect(set).toMatchObject({ version: 1, ref: `${set.id}@1`, owner: { id: ann.id } })
    expect(set.cards.map((c: { data: unknown }) => c.data)).toEqual(builtIn.map((c: { data: unknown }) => c.data))
    expect(set.cards.every((c: { text: string }) => c.text.length > 0)).toBe(true)
  })

  it('CN-1.8 a homebrew card of vocabulary words is dealt by its set and played to the end by two bots; the match names the set', async () => {
    const set = (
      await gql(srv.app, CREATE, { game: 'cyber-net-cards', name: 'Cannons', cards: [GLASS_CANNON] }, ann.key)
    ).data.createCardSet
    const [deck0, deck1] = cyberNetCards.sampleDecks().map(d => d.deck)
    const homebrew = {
      ...deck0!,
      sets: [set.id],
      main: [...deck0!.main.slice(0, -2), { card: 'Glass Cannon', count: 3 }],
    }
    const created = await gql(srv.app, `${CREATE_MATCH.replace('match { id', 'match { id cardSets')}`, {
      input: { game: 'cyber-net-cards', seats: [{ deck: homebrew }, { deck: deck1 }], seed: 'homebrew-bots' },
    })
    expect(created.errors).toBeUndefined()
    const match = created.data.createMatch.match
    expect(match.cardSets).toEqual([`${set.id}@1`]) // a bare set id is dealt its newest version
    const tokens = created.data.createMatch.seats.map((s: { token: string }) => s.token)
    const view = (await gql(srv.app, `query($id: ID!) { match(id: $id) { view } }`, { id: match.id }, tokens[0])).data
      .match.view
    expect(view.cardSets).toEqual([`${set.id}@1`])
    const validation = await gql(
      srv.app,
      `query($deck: JSON!) { validateDeck(game: "cyber-net-cards", deck: $deck) { legal } }`,
      { deck: homebrew },
    )
    expect(validation.data.validateDeck.legal).toBe(true)
    const unknownSet = await gql(
      srv.app,
      `query($deck: JSON!) { validateDeck(game: "cyber-net-cards", deck: $deck) { violations { code } } }`,
      { deck: { ...homebrew, sets: [`${set.id}@7`] } },
    )
    expect(unknownSet.data.validateDeck.violations.map((v: { code: string }) => v.code)).toContain('UNKNOWN_CARD_SET')
    const { match: end } = await playWithBots(srv.app, match.id, tokens, match, 'homebrew-bots')
    expect(end.status).toBe('FINISHED')
    const after = await gql(srv.app, `query($id: ID!) { match(id: $id) { transcript } verifyMatch(id: $id) { ok } }`, {
      id: match.id,
    })
    expect(after.errors).toBeUndefined()
    expect(after.data.match.transcript[0]).toBe(`Card sets: Cannons (${set.id}@1)`)
    expect(after.data.verifyMatch.ok).toBe(true) // the replay is dealt the same set version
    const exported = (await rest('GET', `/api/matches/${match.id}/export`)).body
    expect(exported.cardSets).toEqual([
      { id: set.id, version: 1, name: 'Cannons', game: 'cyber-net-cards', cards: [GLASS_CANNON] },
    ])
  })

  it('a rated match with card sets is BAD_USER_INPUT', async () => {
    const set = (
      await gql(srv.app, CREATE, { game: 'cyber-net-cards', name: 'Rated?', cards: [GLASS_CANNON] }, bob.key)
    ).data.createCardSet
    const [deck0, deck1] = cyberNetCards.sampleDecks().map(d => d.deck)
    const res = await gql(
      srv.app,
      CREATE_MATCH,
      {
        input: {
          game: 'cyber-net-cards',
          rated: true,
          seats: [
            { player: bob.id, deck: { ...deck0!, sets: [set.ref] } },
            { player: bob.id, deck: deck1 },
          ],
        },
      },
      bob.key,
    )
    expect(res.errors?.[0]?.extensions.code).toBe('BAD_USER_INPUT')
    expect(res.errors?.[0]?.message).toContain('card sets')
  })

  it('an update is a new version, by the owner only (NOT_CARD_SET_OWNER); every version stays readable', async () => {
    const set = (await gql(srv.app, CREATE, { game: 'cyber-net-cards', name: 'V1', cards: [GLASS_CANNON] }, ann.key))
      .data.createCardSet
    const other = await gql(srv.app, UPDATE, { id: set.id, name: 'Stolen' }, bob.key)
    expect(other.errors?.[0]?.extensions.code).toBe('NOT_CARD_SET_OWNER')
    const patched = await rest('PATCH', `/api/card-sets/${set.id}`, { name: 'Stolen' }, bob.key)
    expect(patched).toMatchObject({ status: 403, body: { code: 'NOT_CARD_SET_OWNER' } })
    const v2 = (await gql(srv.app, UPDATE, { id: set.id, name: 'V2', cards: [{ ...GLASS_CANNON, cost: 2 }] }, ann.key))
      .data.updateCardSet
    expect(v2).toMatchObject({ version: 2, ref: `${set.id}@2`, name: 'V2' })
    expect((await gql(srv.app, GET, { id: set.id, version: 1 })).data.cardSet).toMatchObject({ version: 1, name: 'V1' })
    expect((await gql(srv.app, GET, { id: set.id })).data.cardSet).toMatchObject({ version: 2, name: 'V2' })
    expect((await rest('GET', `/api/card-sets/${set.id}?version=1`)).body).toMatchObject({ version: 1, name: 'V1' })
    expect((await rest('GET', `/api/card-sets/${set.id}?version=9`)).status).toBe(404)
    const mine = (await gql(srv.app, MINE, {}, ann.key)).data.cardSets
    expect(mine[0]).toMatchObject({ id: set.id, version: 2 })
    expect(new Set(mine.map((s: { id: string }) => s.id)).size).toBe(mine.length)
  })

  it('testCard plays the card in a scenario: the events of its resolving, in words that name the set card', async () => {
    const res = await gql(srv.app, TEST, {
      card: GLASS_CANNON,
      scenario: {
        players: [
          { life: 20, zones: { field: ['sandbox'] } },
          { life: 12, zones: { hand: [] } },
        ],
      },
    })
    expect(res.errors).toBeUndefined()
    const trial = res.data.testCard
    expect(trial.card.text).toBe('Offensive, 1 mana. Deal 3 damage; -1 DEF this round.')
    expect(trial.played.label).toContain('Glass Cannon')
    expect(trial.events).toContainEqual({ type: 'damage', seat: 1, n: 3, life: 9 })
    // the lines name the set card by its set's name (the match state holds it), not "a card"
    expect(trial.eventTexts.join('\n')).toContain('Glass Cannon')
    expect(trial.view.players[1].life).toBe(9)
    const bad = await rest('POST', '/api/games/cyber-net-cards/test-card', {
      card: { ...GLASS_CANNON, effect: [{ op: 'explode' }] },
    })
    expect(bad).toMatchObject({ status: 422, body: { code: 'CARD_INVALID', path: '/effect/0/op' } })
    const badScenario = await rest('POST', '/api/games/cyber-net-cards/test-card', {
      card: GLASS_CANNON,
      scenario: { players: [{ zones: { hand: ['no-such-card'] } }] },
    })
    expect(badScenario).toMatchObject({
      status: 400,
      body: { code: 'BAD_USER_INPUT', path: '/players/0/zones/hand/0' },
    })
  })

  it('Game.cardSchema and Game.vocabulary are published, on GraphQL and REST', async () => {
    const game = (await gql(srv.app, `query { game(id: "cyber-net-cards") { cardSchema vocabulary } }`)).data.game
    expect(game.cardSchema.additionalProperties).toBe(false)
    expect(game.vocabulary.operations.map((w: { word: string }) => w.word)).toContain('damage')
    expect((await rest('GET', '/api/games/cyber-net-cards')).body.vocabulary).toEqual(game.vocabulary)
  })
})

describe('hostile card sets get a 4xx with a code and a path', () => {
  const post = (cards: unknown, key = ann.key) =>
    rest('POST', '/api/card-sets', { game: 'cyber-net-cards', name: 'Hostile', cards }, key)

  it('unknown words and keys, huge numbers, deep JSON: CARD_INVALID with card, cardId, path and words', async () => {
    const unknownWord = await post([
      GLASS_CANNON,
      { ...GLASS_CANNON, id: 'loop', effect: [{ op: 'repeat', times: 1e9 }] },
    ])
    expect(unknownWord).toMatchObject({
      status: 422,
      body: { code: 'CARD_INVALID', card: 1, cardId: 'loop', path: '/1/effect/0/op' },
    })
    expect(unknownWord.body.words).toContain('damage')
    const huge = await post([{ ...GLASS_CANNON, effect: [{ op: 'damage', n: 1e300 }] }])
    expect(huge).toMatchObject({ status: 422, body: { code: 'CARD_INVALID', path: '/0/effect/0/n' } })
    const extraKey = await post([{ ...GLASS_CANNON, lasting: { duration: 1, forever: true } }])
    expect(extraKey).toMatchObject({ status: 422, body: { code: 'CARD_INVALID', path: '/0/lasting/forever' } })
    // written as text: JSON.stringify itself cannot nest this deep
    const deepCards = `[${'{"effect":['.repeat(5000)}{"op":"damage","n":1}${']}'.repeat(5000)}]`
    const raw = await srv.app.inject({
      method: 'POST',
      url: '/api/card-sets',
      headers: { authorization: `Bearer ${ann.key}`, 'content-type': 'application/json' },
      payload: `{"game":"cyber-net-cards","name":"Deep","cards":${deepCards}}`,
    })
    const deepRes = { status: raw.statusCode, body: raw.json() }
    expect(deepRes.status).toBeGreaterThanOrEqual(400)
    expect(deepRes.status).toBeLessThan(500)
    expect(typeof deepRes.body.code).toBe('string')
    const gqlDeep = await gql(
      srv.app,
      CREATE,
      {
        game: 'cyber-net-cards',
        name: 'Deep',
        cards: [{ ...GLASS_CANNON, turbo: { x: 1, effect: [[[[[[{ op: 'damage', n: 1 }]]]]]] } }],
      },
      ann.key,
    )
    expect(gqlDeep.errors?.[0]?.extensions).toMatchObject({ code: 'CARD_INVALID', card: 0, path: '/0/turbo/effect/0' })
  })

  it('10,000 cards, 256 KB and 20 sets per player: CARD_SET_LIMIT with the limit; no player key: UNAUTHENTICATED', async () => {
    const many = await post(Array.from({ length: 10_000 }, (_, i) => ({ ...GLASS_CANNON, id: `c-${i}` })))
    expect(many.status).toBeLessThan(500)
    expect(
      many.status === 413 ||
        (many.status === 422 &&
          many.body.code === 'CARD_SET_LIMIT' &&
          many.body.limit === 'cards' &&
          many.body.max === 200 &&
          many.body.path === ''),
    ).toBe(true)
    const big = await post(
      Array.from({ length: 200 }, (_, i) => ({ ...GLASS_CANNON, id: `b-${i}`, text: 'x'.repeat(1400) })),
    )
    expect(big).toMatchObject({ status: 422, body: { code: 'CARD_SET_LIMIT', limit: 'bytes', max: 262_144, path: '' } })
    expect(await post([GLASS_CANNON], '')).toMatchObject({ status: 401, body: { code: 'UNAUTHENTICATED' } })
    const carl = (await gql(srv.app, `mutation { createPlayer(name: "Carl") { key } }`)).data.createPlayer.key as string
    for (let i = 0; i < 20; i++) expect((await post([GLASS_CANNON], carl)).status).toBe(201)
    expect(await post([GLASS_CANNON], carl)).toMatchObject({
      status: 422,
      body: { code: 'CARD_SET_LIMIT', limit: 'sets', max: 20 },
    })
  })
})
