// Homebrew card sets of Marvel Dice Throne over the API: the built-in cards round-trip, a homebrew card of vocabulary
// words is played to the end of a match by two bots, testCard, the vocabulary, and hostile sets refused with a 4xx.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { diceThroneMarvel } from '../../src/games/dice-throne-marvel/index.ts'
import { playWithBots } from '../support/api-bots.ts'
import { CREATE_MATCH, gql, startTestServer, type TestServer } from '../support/server.ts'

const GAME = 'dice-throne-marvel'
const CREATE = `mutation($game: ID!, $name: String!, $cards: [JSON!]!) { createCardSet(game: $game, name: $name, cards: $cards) { id version ref cards { id name type data text } } }`
const TEST = `query($card: JSON!, $scenario: JSON) { testCard(game: "${GAME}", card: $card, scenario: $scenario) { card { text } legalActions { id label } played { label } events eventTexts view } }`

/** A Main Phase card any hero may hold, made only of vocabulary words. */
const LUCKY_SHOT = {
  id: 'lucky-shot',
  name: 'Lucky Shot!',
  hero: null,
  cost: 0,
  timing: 'main',
  ops: [
    {
      op: 'rollOne',
      for: 'lucky-shot',
      byValue: [
        [{ op: 'heal', n: 1 }],
        [{ op: 'heal', n: 1 }],
        [{ op: 'cp', n: 1 }],
        [{ op: 'cp', n: 2 }],
        [{ op: 'isolated', n: 2, dt: 'undefendable' }],
        [{ op: 'isolated', n: 3, dt: 'undefendable' }],
      ],
    },
  ],
  count: 3,
}

let srv: TestServer
let ann: { id: string; key: string }
beforeAll(async () => {
  srv = await startTestServer({ games: [diceThroneMarvel] })
  const r = await gql(srv.app, `mutation { createPlayer(name: "Ann") { player { id } key } }`)
  ann = { id: r.data.createPlayer.player.id as string, key: r.data.createPlayer.key as string }
})
afterAll(async () => srv.close())

const post = async (url: string, body: unknown, key?: string) => {
  const res = await srv.app.inject({
    method: 'POST',
    url,
    headers: key ? { authorization: `Bearer ${key}` } : {},
    payload: body as object,
  })
  return { status: res.statusCode, body: res.json() }
}

describe('homebrew card sets of Marvel Dice Throne', () => {
  it('every built-in card round-trips through createCardSet as JSON, with its generated text', async () => {
    const builtIn = (await gql(srv.app, `query { cards(game: "${GAME}") { id type data } }`)).data.cards.filter(
      (c: { type: string }) => !['hero', 'status'].includes(c.type),
    )
    expect(builtIn).toHaveLength(62)
    const created = await gql(
      srv.app,
      CREATE,
      { game: GAME, name: 'Built-in', cards: builtIn.map((c: { data: unknown }) => c.data) },
      ann.key,
    )
    expect(created.errors).toBeUndefined()
    const set = created.data.createCardSet
    expect(set.cards.map((c: { data: unknown }) => c.data)).toEqual(builtIn.map((c: { data: unknown }) => c.data))
    expect(set.cards.every((c: { text: string }) => c.text.length > 0)).toBe(true)
  })

  it('DT-13.3 a homebrew card of vocabulary words is dealt by its set and played to the end by two bots', async () => {
    const set = (await gql(srv.app, CREATE, { game: GAME, name: 'Luck', cards: [LUCKY_SHOT] }, ann.key)).data
      .createCardSet
    const homebrew = { hero: 'loki', sets: [set.id], cards: ['Lucky Shot!'] }
    const validation = await gql(
      srv.app,
      `query($deck: JSON!) { validateDeck(game: "${GAME}", deck: $deck) { legal violations { code } } }`,
      { deck: homebrew },
    )
    expect(validation.data.validateDeck).toEqual({ legal: true, violations: [] })
    const created = await gql(srv.app, `${CREATE_MATCH.replace('match { id', 'match { id cardSets')}`, {
      input: { game: GAME, seats: [{ deck: homebrew }, { deck: { ...homebrew, hero: 'thor' } }], seed: 'dt-homebrew' },
    })
    expect(created.errors).toBeUndefined()
    const match = created.data.createMatch.match
    expect(match.cardSets).toEqual([`${set.id}@1`])
    const tokens = created.data.createMatch.seats.map((s: { token: string }) => s.token)
    const { match: end } = await playWithBots(srv.app, match.id, tokens, match, 'dt-homebrew', 20_000)
    expect(end.status).toBe('FINISHED')
    const after = await gql(srv.app, `query($id: ID!) { match(id: $id) { transcript } verifyMatch(id: $id) { ok } }`, {
      id: match.id,
    })
    expect(after.errors).toBeUndefined()
    expect(after.data.match.transcript[0]).toBe(`Card sets: Luck (${set.id}@1)`)
    const log: { seq: number; action: { type: string; card?: string }; label: string }[] = []
    for (;;) {
      const res = await gql(
        srv.app,
        `query($id: ID!, $after: Int) { match(id: $id) { log(after: $after, limit: 500) { seq action label } } }`,
        { id: match.id, after: log.at(-1)?.seq ?? null },
      )
      const page: typeof log = res.data.match.log
      if (page.length === 0) break
      log.push(...page)
    }
    const plays = log.filter(e => e.action.type === 'play' && e.action.card === 'lucky-shot')
    expect(plays.length).toBeGreaterThan(0)
    expect(plays[0]!.label).toContain('Lucky Shot!')
    expect(after.data.verifyMatch.ok).toBe(true)
  })

  it('testCard plays a card in a documented scenario: health, CP, zones and statuses', async () => {
    const res = await gql(srv.app, TEST, {
      card: LUCKY_SHOT,
      scenario: {
        players: [
          { hero: 'thor', life: 20, resources: { cp: 4 }, statuses: { electrokinesis: 2 } },
          { life: 12, zones: { hand: ['six-it'] } },
        ],
      },
    })
    expect(res.errors).toBeUndefined()
    const trial = res.data.testCard
    expect(trial.card.text).toContain('Main Phase Action, 0 CP. Roll 1 die: 1 heal 1')
    expect(trial.played.label).toContain('Lucky Shot!')
    expect(trial.events.some((e: { type: string; for?: string }) => e.type === 'roll' && e.for === 'lucky-shot')).toBe(
      true,
    )
    expect(trial.view.players[0].statuses).toEqual({ electrokinesis: 2 })
    const bad = await post(`/api/games/${GAME}/test-card`, { card: { ...LUCKY_SHOT, ops: [{ op: 'explode' }] } })
    expect(bad).toMatchObject({ status: 422, body: { code: 'CARD_INVALID', path: '/ops/0/op' } })
  })

  it('Game.cardSchema and Game.vocabulary are published; every example card is accepted by createCardSet', async () => {
    const game = (await gql(srv.app, `query { game(id: "${GAME}") { cardSchema vocabulary } }`)).data.game
    expect(game.cardSchema.additionalProperties).toBe(false)
    const examples = Object.values(game.vocabulary as Record<string, { example: { id: string } }[]>)
      .flat()
      .map((w, i) => ({ ...w.example, id: `${w.example.id}-${i}` }))
    const created = await gql(srv.app, CREATE, { game: GAME, name: 'Examples', cards: examples }, ann.key)
    expect(created.errors).toBeUndefined()
  })

  it('hostile sets: unknown words, huge numbers, deep JSON get CARD_INVALID with card, path and words', async () => {
    const hostile = (cards: unknown) => post('/api/card-sets', { game: GAME, name: 'Hostile', cards }, ann.key)
    const unknownWord = await hostile([LUCKY_SHOT, { ...LUCKY_SHOT, id: 'loop', ops: [{ op: 'repeat' }] }])
    expect(unknownWord).toMatchObject({
      status: 422,
      body: { code: 'CARD_INVALID', card: 1, cardId: 'loop', path: '/1/ops/0/op' },
    })
    expect(unknownWord.body.words).toContain('rollOne')
    const huge = await hostile([{ ...LUCKY_SHOT, ops: [{ op: 'cp', n: 1e300 }] }])
    expect(huge).toMatchObject({ status: 422, body: { code: 'CARD_INVALID', path: '/0/ops/0/n' } })
    let deep: unknown = { op: 'cp', n: 1 }
    for (let i = 0; i < 5; i++) deep = { op: 'rollOne', for: 'x', bySymbol: { hammer: [deep] } }
    const deepRes = await hostile([{ ...LUCKY_SHOT, ops: [deep] }])
    expect(deepRes).toMatchObject({ status: 422, body: { code: 'CARD_INVALID', card: 0 } })
    expect(deepRes.body.path.startsWith('/0/ops/0/bySymbol/hammer/0')).toBe(true)
    // deeper still, the request's own depth limit may answer first: a 4xx with a code either way
    for (let i = 0; i < 100; i++) deep = { op: 'rollOne', for: 'x', bySymbol: { hammer: [deep] } }
    const deeper = await hostile([{ ...LUCKY_SHOT, ops: [deep] }])
    expect(deeper.status >= 400 && deeper.status < 500 && typeof deeper.body.code === 'string').toBe(true)
  })
})
