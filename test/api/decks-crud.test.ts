// Saved decks for deck builders: listed, updated and deleted by their owner's player key or their own edit token;
// nobody else may; unknown cards suggest the nearest names; Game.deckRules is what validation enforces.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { productionGames } from '../../src/games/index.ts'
import { slugify } from '../../src/kernel/index.ts'
import { gql, startTestServer, type TestServer } from '../support/server.ts'

const SAVE = `mutation($game: ID!, $name: String!, $deck: JSON!) { saveDeck(game: $game, name: $name, deck: $deck) { id name deck editToken owner { id name } updatedAt } }`
const UPDATE = `mutation($id: ID!, $name: String, $deck: JSON) { updateDeck(id: $id, name: $name, deck: $deck) { id name deck createdAt updatedAt } }`
const DELETE = `mutation($id: ID!) { deleteDeck(id: $id) }`
const MINE = `query($game: ID) { myDecks(game: $game) { id name game } }`
const GET = `query($id: ID!) { deck(id: $id) { id name } }`
const VALIDATE = `query($game: ID!, $deck: JSON!) { validateDeck(game: $game, deck: $deck) { legal violations { code message cards suggestions } } }`
const RULES = `query { games { id deckRules { leader { kind count } mainDeck { min max } maxCopies limits { code rule description } } sampleDecks { name deck } } }`

type Main = { card: string; count: number }[]
const cyberpunk = productionGames.find(g => g.id === 'cyberpunk-tcg')!
const HEIST = cyberpunk.sampleDecks()[0]!.deck as { legends: string[]; main: Main }
const EBP = cyberpunk.sampleDecks()[1]!.deck as { legends: string[]; main: Main }

let srv: TestServer
let ann: { id: string; key: string }
let bob: { id: string; key: string }
beforeAll(async () => {
  srv = await startTestServer({ games: productionGames })
  const player = async (name: string) => {
    const r = await gql(srv.app, `mutation($n: String!) { createPlayer(name: $n) { player { id } key } }`, { n: name })
    return { id: r.data.createPlayer.player.id as string, key: r.data.createPlayer.key as string }
  }
  ann = await player('Ann')
  bob = await player('Bob')
})
afterAll(async () => srv.close())

const code = (r: { errors?: { extensions: Record<string, unknown> }[] }) => r.errors?.[0]?.extensions.code

describe('decks owned by a player', () => {
  it('are listed, updated and deleted with the owner key; another player is refused with NOT_DECK_OWNER', async () => {
    const saved = await gql(srv.app, SAVE, { game: 'cyberpunk-tcg', name: 'Heist', deck: HEIST }, ann.key)
    const deck = saved.data.saveDeck
    expect(deck.owner).toEqual({ id: ann.id, name: 'Ann' })
    expect(deck.editToken).toBeNull()
    await gql(srv.app, SAVE, { game: 'dice-throne-marvel', name: 'Thor', deck: { hero: 'thor' } }, ann.key)

    expect((await gql(srv.app, MINE, {}, ann.key)).data.myDecks.map((d: { name: string }) => d.name).sort()).toEqual([
      'Heist',
      'Thor',
    ])
    expect(
      (await gql(srv.app, MINE, { game: 'cyberpunk-tcg' }, ann.key)).data.myDecks.map((d: { id: string }) => d.id),
    ).toEqual([deck.id])
    expect((await gql(srv.app, MINE, {}, bob.key)).data.myDecks).toEqual([])
    expect(code(await gql(srv.app, MINE, {}))).toBe('UNAUTHENTICATED')

    const theft = await gql(srv.app, UPDATE, { id: deck.id, name: 'Mine now' }, bob.key)
    expect(code(theft)).toBe('NOT_DECK_OWNER')
    expect(code(await gql(srv.app, DELETE, { id: deck.id }, bob.key))).toBe('NOT_DECK_OWNER')
    expect(code(await gql(srv.app, UPDATE, { id: deck.id, name: 'x' }))).toBe('UNAUTHENTICATED')

    const renamed = await gql(srv.app, UPDATE, { id: deck.id, name: 'Heist v2', deck: EBP }, ann.key)
    expect(renamed.data.updateDeck).toMatchObject({ id: deck.id, name: 'Heist v2' })
    // Stored in normal form: the printed names given are card ids now.
    expect((renamed.data.updateDeck.deck as { legends: string[] }).legends).toEqual(EBP.legends.map(slugify))
    expect(renamed.data.updateDeck.updatedAt >= deck.updatedAt).toBe(true)

    // A list that is not a deck of the game is refused and the deck stays as it was (an illegal one is a draft:
    // deck-drafts.test.ts).
    const malformed = await gql(
      srv.app,
      UPDATE,
      { id: deck.id, name: 'Broken', deck: { ...EBP, main: 'none' } },
      ann.key,
    )
    expect(code(malformed)).toBe('DECK_ILLEGAL')
    expect((await gql(srv.app, GET, { id: deck.id })).data.deck.name).toBe('Heist v2')

    expect((await gql(srv.app, DELETE, { id: deck.id }, ann.key)).data.deleteDeck).toBe(true)
    expect((await gql(srv.app, GET, { id: deck.id })).data.deck).toBeNull()
    expect(code(await gql(srv.app, DELETE, { id: deck.id }, ann.key))).toBe('NOT_FOUND')
  })

  it('the same over REST: GET /api/players/me/decks, PATCH and DELETE /api/decks/{id}, 403 for another player', async () => {
    const auth = (key?: string) => (key ? { authorization: `Bearer ${key}` } : {})
    const created = await srv.app.inject({
      method: 'POST',
      url: '/api/decks',
      headers: auth(bob.key),
      payload: { game: 'dice-throne-marvel', name: 'Loki', deck: { hero: 'loki' } },
    })
    expect(created.statusCode).toBe(201)
    const id = created.json().id as string
    expect(created.json()).toMatchObject({ ownerId: bob.id })
    expect(created.json().editToken).toBeUndefined()
    const mine = await srv.app.inject({
      method: 'GET',
      url: '/api/players/me/decks?game=dice-throne-marvel',
      headers: auth(bob.key),
    })
    expect(mine.json().map((d: { id: string }) => d.id)).toEqual([id])
    const refused = await srv.app.inject({
      method: 'PATCH',
      url: `/api/decks/${id}`,
      headers: auth(ann.key),
      payload: { name: 'Ann’s' },
    })
    expect(refused.statusCode).toBe(403)
    expect(refused.json().code).toBe('NOT_DECK_OWNER')
    const patched = await srv.app.inject({
      method: 'PATCH',
      url: `/api/decks/${id}`,
      headers: auth(bob.key),
      payload: { deck: { hero: 'thor' } },
    })
    expect(patched.statusCode).toBe(200)
    expect(patched.json()).toMatchObject({ name: 'Loki', deck: { hero: 'thor' } })
    const gone = await srv.app.inject({ method: 'DELETE', url: `/api/decks/${id}`, headers: auth(bob.key) })
    expect(gone.json()).toEqual({ id, deleted: true })
    expect((await srv.app.inject({ method: 'GET', url: `/api/decks/${id}` })).statusCode).toBe(404)
  })
})

describe('decks saved without a player', () => {
  it('come with an edit token, shown once, that updates and deletes them; no other token does', async () => {
    const saved = (await gql(srv.app, SAVE, { game: 'cyberpunk-tcg', name: 'Anon', deck: HEIST })).data.saveDeck
    expect(saved.owner).toBeNull()
    expect(saved.editToken).toMatch(/^dk_/)
    expect(
      (await gql(srv.app, `query($id: ID!) { deck(id: $id) { editToken } }`, { id: saved.id })).data.deck.editToken,
    ).toBeNull()

    expect(code(await gql(srv.app, UPDATE, { id: saved.id, name: 'x' }, ann.key))).toBe('NOT_DECK_OWNER')
    expect(code(await gql(srv.app, UPDATE, { id: saved.id, name: 'x' }, 'dk_wrong'))).toBe('NOT_DECK_OWNER')
    expect((await gql(srv.app, UPDATE, { id: saved.id, name: 'Anon 2' }, saved.editToken)).data.updateDeck.name).toBe(
      'Anon 2',
    )
    const rest = await srv.app.inject({
      method: 'DELETE',
      url: `/api/decks/${saved.id}`,
      headers: { authorization: 'Bearer nope' },
    })
    expect(rest.statusCode).toBe(403)
    expect((await gql(srv.app, DELETE, { id: saved.id }, saved.editToken)).data.deleteDeck).toBe(true)
    expect((await gql(srv.app, GET, { id: saved.id })).data.deck).toBeNull()
  })
})

describe('deck messages', () => {
  it('UNKNOWN_CARD suggests the nearest printed names, in every game', async () => {
    const v = async (game: string, deck: unknown) =>
      (await gql(srv.app, VALIDATE, { game, deck })).data.validateDeck.violations as {
        code: string
        cards: string[]
        suggestions: string[] | null
      }[]
    const cp = await v('cyberpunk-tcg', {
      ...HEIST,
      main: [...HEIST.main.slice(1), { card: 'Kiroshi Optic', count: 1 }],
    })
    expect(cp.find(x => x.code === 'UNKNOWN_CARD')).toMatchObject({
      cards: ['Kiroshi Optic'],
      suggestions: ['Kiroshi Optics', expect.any(String), expect.any(String)],
    })
    expect(cp.find(x => x.code === 'MAIN_DECK_SIZE')?.suggestions).toBeNull()
    const cn = await v('cyber-net-cards', { avatar: 'Razorjak', main: [{ card: 'data spik', count: 1 }] })
    expect(cn.find(x => x.code === 'UNKNOWN_AVATAR')!.suggestions![0]).toBe('Razorjack')
    expect(cn.find(x => x.code === 'UNKNOWN_CARD')!.suggestions![0]).toBe('Data Spike')
    expect((await v('dice-throne-marvel', { hero: 'Thorr' }))[0]!.suggestions![0]).toBe('Thor')
    const rest = await srv.app.inject({
      method: 'POST',
      url: '/api/games/cyberpunk-tcg/validate-deck',
      payload: { deck: { legends: ['Jackie Welles'], main: [] } },
    })
    expect(rest.json().violations[0].suggestions).toEqual(
      expect.arrayContaining(['Jackie Welles: Pour One Out For Me']),
    )
  })

  it('name cards by their printed names, as the labels do', async () => {
    const four = { ...HEIST, main: HEIST.main.map(e => (e.card === 'Kiroshi Optics' ? { ...e, count: 4 } : e)) }
    const r = (await gql(srv.app, VALIDATE, { game: 'cyberpunk-tcg', deck: four })).data.validateDeck.violations as {
      code: string
      message: string
    }[]
    expect(r.find(x => x.code === 'TOO_MANY_COPIES')!.message).toBe('at most 3 copies of Kiroshi Optics (found 4)')
    const legend = { ...HEIST, main: [...HEIST.main, { card: 'jackie-welles-pour-one-out-for-me', count: 1 }] }
    const l = (await gql(srv.app, VALIDATE, { game: 'cyberpunk-tcg', deck: legend })).data.validateDeck.violations as {
      code: string
      message: string
    }[]
    expect(l.find(x => x.code === 'LEGEND_IN_MAIN_DECK')!.message).toMatch(
      /^Jackie Welles: Pour One Out For Me is a Legend/,
    )
  })
})

describe('Game.deckRules', () => {
  it('publishes the limits validateDeck enforces: one card over the size or copy limit is refused citing the same number', async () => {
    const games = (await gql(srv.app, RULES)).data.games as {
      id: string
      deckRules: {
        leader: { kind: string; count: number }
        mainDeck: { min: number; max: number } | null
        maxCopies: number | null
        limits: { code: string }[]
      }
      sampleDecks: { deck: { main?: Main } }[]
    }[]
    expect(games.map(g => [g.id, g.deckRules.leader])).toEqual([
      ['cyber-net-cards', { kind: 'avatar', count: 1 }],
      ['cyberpunk-tcg', { kind: 'Legend', count: 3 }],
      ['dice-throne-marvel', { kind: 'hero', count: 1 }],
    ])
    expect(games.find(g => g.id === 'dice-throne-marvel')!.deckRules).toMatchObject({ mainDeck: null, maxCopies: null })
    for (const g of games.filter(x => x.deckRules.mainDeck)) {
      const { mainDeck, maxCopies } = g.deckRules as { mainDeck: { min: number; max: number }; maxCopies: number }
      const sample = g.sampleDecks[0]!.deck as { main: Main }
      // Fill the sample up to one card over the maximum without breaking the copy limit.
      const main = sample.main.map(e => ({ ...e }))
      let total = main.reduce((n, e) => n + e.count, 0)
      for (const e of main)
        while (e.count < maxCopies && total <= mainDeck.max) {
          e.count++
          total++
        }
      expect(total, g.id).toBe(mainDeck.max + 1)
      const over = (await gql(srv.app, VALIDATE, { game: g.id, deck: { ...sample, main } })).data.validateDeck
      expect(over.legal, g.id).toBe(false)
      expect(over.violations.map((x: { message: string }) => x.message).join(' '), g.id).toContain(String(mainDeck.max))
      expect(over.violations.map((x: { message: string }) => x.message).join(' '), g.id).toContain(
        String(mainDeck.max + 1),
      )
      const atMax = main.map((e, i) =>
        i === main.findIndex(x => x.count === maxCopies) ? { ...e, count: e.count - 1 } : e,
      )
      expect(
        (await gql(srv.app, VALIDATE, { game: g.id, deck: { ...sample, main: atMax } })).data.validateDeck.legal,
        g.id,
      ).toBe(true)
      const copies = sample.main.map((e, i) => (i === 0 ? { ...e, count: maxCopies + 1 } : e))
      const c = (await gql(srv.app, VALIDATE, { game: g.id, deck: { ...sample, main: copies } })).data.validateDeck
        .violations as { code: string; message: string }[]
      expect(c.find(x => x.code === 'TOO_MANY_COPIES')!.message, g.id).toContain(String(maxCopies))
      for (const limit of g.deckRules.limits) expect(limit.code).toMatch(/^[A-Z_]+$/)
    }
  })
})
