// cards(game, search, filter, first, after) for deck builders: search in text, tags and colours; filters by type,
// colour, cost and RAM; pages that are stable and complete; the REST mirror answers the same.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { productionGames } from '../../src/games/index.ts'
import { cardFacetsSchema, deckRulesSchema } from '../../src/kernel/index.ts'
import { cyberpunkTcg } from '../../src/games/cyberpunk-tcg/index.ts'
import { gql, startTestServer, type TestServer } from '../support/server.ts'

interface Card {
  id: string
  name: string
  type: string
  text: string
  tags: string[]
  colours: string[]
  cost: number | null
  ram: number | null
}

const CARDS = `query($game: ID!, $search: String, $filter: CardFilter, $first: Int, $after: ID) {
  cards(game: $game, search: $search, filter: $filter, first: $first, after: $after) { id name type text tags colours cost ram } }`

let srv: TestServer
beforeAll(async () => {
  srv = await startTestServer({ games: productionGames })
})
afterAll(async () => srv.close())

async function cards(vars: Record<string, unknown>): Promise<Card[]> {
  const r = await gql(srv.app, CARDS, { game: 'cyberpunk-tcg', ...vars })
  if (!r.data) throw new Error(JSON.stringify(r.errors))
  return r.data.cards
}

// The engine's own data, read independently of the search.
type Data = {
  tags: string[]
  keywords: string[]
  color: string
  cost: number | null
  ram: number
  description: string | null
}
const catalogue = cyberpunkTcg.cards().map(c => ({ id: c.id, type: c.type, ...(c.data as Data) }))

describe('the engines describe their cards for the search', () => {
  it('every game gives facets for every card, and deck rules, in the kernel schemas', () => {
    for (const engine of productionGames) {
      expect(engine.cardFacets, engine.id).toBeTypeOf('function')
      for (const card of engine.cards()) cardFacetsSchema.parse(engine.cardFacets!(card))
      deckRulesSchema.parse(engine.deckRules)
      // Text is what a search by words needs; every card of every game has some.
      expect(
        engine
          .cards()
          .filter(c => engine.cardFacets!(c).text === '')
          .map(c => c.id),
        engine.id,
      ).toEqual([])
    }
  })
})

describe('cards: search', () => {
  it('finds the Cyberpunk TCG cards whose text steals, though "steal" is in no id, name or type', async () => {
    const found = await cards({ search: 'steal' })
    const stealers = catalogue.filter(c => c.description?.toLowerCase().includes('steal')).map(c => c.id)
    expect(stealers.length).toBeGreaterThan(5)
    expect(found.map(c => c.id)).toEqual(stealers)
    // The old search (id, name, type) found none of these.
    expect(found.filter(c => `${c.id} ${c.name} ${c.type}`.toLowerCase().includes('steal'))).toEqual([])
    for (const c of found) expect(c.text.toLowerCase()).toContain('steal')
  })

  it('finds by tag and by keyword', async () => {
    const mercs = catalogue.filter(c => c.tags.includes('MERC')).map(c => c.id)
    expect(mercs.length).toBeGreaterThan(3)
    expect((await cards({ search: 'merc' })).map(c => c.id)).toEqual(expect.arrayContaining(mercs))
    const blockers = catalogue.filter(c => c.keywords.includes('BLOCKER')).map(c => c.id)
    expect((await cards({ filter: { tags: ['blocker'] } })).map(c => c.id)).toEqual(blockers)
  })

  it('finds by colour, and every word of a search must match', async () => {
    const yellow = catalogue.filter(c => c.color === 'Yellow').map(c => c.id)
    expect((await cards({ search: 'yellow' })).map(c => c.id)).toEqual(expect.arrayContaining(yellow))
    const both = await cards({ search: 'yellow steal' })
    expect(both.length).toBeGreaterThan(0)
    for (const c of both) {
      expect(c.colours).toEqual(['Yellow'])
      expect(c.text.toLowerCase()).toContain('steal')
    }
  })
})

describe('cards: filters', () => {
  it('by type, colour, cost and RAM, all at once', async () => {
    const filter = { types: ['Unit'], colours: ['Red', 'Blue'], minCost: 1, maxCost: 3, maxRam: 2 }
    const found = await cards({ filter })
    const expected = catalogue
      .filter(
        c =>
          c.type === 'Unit' &&
          ['Red', 'Blue'].includes(c.color) &&
          c.cost !== null &&
          c.cost >= 1 &&
          c.cost <= 3 &&
          c.ram <= 2,
      )
      .map(c => c.id)
    expect(expected.length).toBeGreaterThan(3)
    expect(found.map(c => c.id)).toEqual(expected)
  })

  it('in the other games too: Cyber Net Cards by kind and cost, Marvel Dice Throne by hero text', async () => {
    const cn = (await gql(srv.app, CARDS, { game: 'cyber-net-cards', filter: { types: ['offensive'], maxCost: 1 } }))
      .data.cards as Card[]
    expect(cn.length).toBeGreaterThan(0)
    for (const c of cn) expect(c.type === 'offensive' && c.cost !== null && c.cost <= 1).toBe(true)
    const steam = (await gql(srv.app, CARDS, { game: 'cyber-net-cards', filter: { tags: ['steampunk'] } })).data
      .cards as Card[]
    expect(steam.length).toBeGreaterThan(0)
    const dt = (await gql(srv.app, CARDS, { game: 'dice-throne-marvel', search: 'undefendable' })).data.cards as Card[]
    expect(dt.length).toBeGreaterThan(0)
    for (const c of dt) expect(c.text.toLowerCase()).toContain('undefendable')
  })
})

describe('cards: paging with first and after', () => {
  it('walks the whole result in pages: stable, complete, no card twice', async () => {
    const all = await cards({ search: 'a' })
    expect(all.length).toBeGreaterThan(40)
    const seen: string[] = []
    let after: string | undefined
    for (;;) {
      const page = await cards({ search: 'a', first: 17, after })
      if (page.length === 0) break
      expect(page.length).toBeLessThanOrEqual(17)
      seen.push(...page.map(c => c.id))
      after = page.at(-1)!.id
    }
    expect(seen).toEqual(all.map(c => c.id))
    expect(await cards({ search: 'a', first: 17, after: all[16]!.id })).toEqual(all.slice(17, 34))
  })

  it('refuses a cursor that is not a card of the search, and a page over 500', async () => {
    const r = await gql(srv.app, CARDS, { game: 'cyberpunk-tcg', after: 'no-such-card' })
    expect(r.errors?.[0]?.extensions.code).toBe('BAD_USER_INPUT')
    const big = await gql(srv.app, CARDS, { game: 'cyberpunk-tcg', first: 501 })
    expect(big.errors?.[0]?.extensions.code).toBe('BAD_USER_INPUT')
  })
})

describe('cards over REST', () => {
  it('answers as GraphQL, with lists comma-separated and pages by first/after', async () => {
    const q = (s: string) => srv.app.inject({ method: 'GET', url: `/api/games/cyberpunk-tcg/cards?${s}` })
    const rest = await q('search=steal&type=Unit,Legend&maxCost=4')
    expect(rest.statusCode).toBe(200)
    const gq = await cards({ search: 'steal', filter: { types: ['Unit', 'Legend'], maxCost: 4 } })
    expect(gq.length).toBeGreaterThan(0)
    expect((rest.json() as Card[]).map(c => c.id)).toEqual(gq.map(c => c.id))
    const page = await q(`first=3&after=${gq[0]!.id}&search=steal&type=Unit,Legend&maxCost=4`)
    expect((page.json() as Card[]).map(c => c.id)).toEqual(gq.slice(1, 4).map(c => c.id))
    const bad = await q('after=nope')
    expect(bad.statusCode).toBe(400)
    expect(bad.json().code).toBe('BAD_USER_INPUT')
  })
})
