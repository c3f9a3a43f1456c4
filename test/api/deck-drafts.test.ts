// Decks round 2 over the API, on the real database: drafts stored with their violations and judged when read, normal
// form with the rewrites listed, matches still refusing illegal decks, text, codes and searches over GraphQL and REST,
// and bad input refused with a 4xx and a code, nothing written; random queries never give a 5xx.
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { productionGames } from '../../src/games/index.ts'
import { backendName } from '../support/db.ts'
import { CREATE_MATCH, gql, startTestServer, type TestServer } from '../support/server.ts'

type Main = { card: string; count: number }[]
const cyberpunk = productionGames.find(g => g.id === 'cyberpunk-tcg')!
const HEIST = cyberpunk.sampleDecks()[0]!.deck as { legends: string[]; main: Main }

const DECK_FIELDS =
  'id name deck legal violations { code rule cards suggestions } normalised { given card } code stats { cards sellable averageCost costCurve { cost count } ram { colour limit highest } drawChance(card: "Kiroshi Optics", turn: 2) { copies cardsSeen probability } }'
const SAVE = `mutation($game: ID!, $name: String!, $deck: JSON!) { saveDeck(game: $game, name: $name, deck: $deck) { ${DECK_FIELDS} editToken } }`
const UPDATE = `mutation($id: ID!, $deck: JSON) { updateDeck(id: $id, deck: $deck) { ${DECK_FIELDS} } }`
const GET = `query($id: ID!) { deck(id: $id) { ${DECK_FIELDS} } }`

let srv: TestServer
beforeAll(async () => {
  srv = await startTestServer({ games: productionGames })
})
afterAll(async () => srv.close())

const code = (r: { errors?: { extensions: Record<string, unknown> }[] }) => r.errors?.[0]?.extensions.code
const deckCount = () => srv.db.prisma.deck.count()

describe(`drafts (${backendName})`, () => {
  it('an illegal deck is saved with its violations, judged again when read; a match refuses it with DECK_ILLEGAL', async () => {
    const draft = { legends: HEIST.legends, main: [...HEIST.main.slice(2), { card: 'Kiroshi Opticks', count: 1 }] }
    const saved = await gql(srv.app, SAVE, { game: 'cyberpunk-tcg', name: 'Draft', deck: draft })
    const deck = saved.data.saveDeck
    expect(deck.legal).toBe(false)
    expect(deck.violations.map((v: { code: string }) => v.code).sort()).toEqual(['MAIN_DECK_SIZE', 'UNKNOWN_CARD'])
    expect(deck.violations.find((v: { code: string }) => v.code === 'UNKNOWN_CARD').suggestions[0]).toBe(
      'Kiroshi Optics',
    )
    expect(deck.code).toBeNull()
    expect(deck.stats.cards).toBe(HEIST.main.slice(2).reduce((n, e) => n + e.count, 0))
    // The stored row is the deck in normal form, the unknown reference as given.
    const row = await srv.db.prisma.deck.findUnique({ where: { id: deck.id } })
    expect(row!.legal).toBe(false)
    expect((row!.list as { main: Main }).main.at(-1)).toEqual({ card: 'Kiroshi Opticks', count: 1 })
    expect((await gql(srv.app, GET, { id: deck.id })).data.deck).toMatchObject({ legal: false, normalised: [] })

    const match = await gql(srv.app, CREATE_MATCH, {
      input: { game: 'cyberpunk-tcg', seats: [{ deckId: deck.id }, { deck: HEIST }] },
    })
    expect(code(match)).toBe('DECK_ILLEGAL')
    expect(match.errors![0]!.extensions.violations.map((v: { code: string }) => v.code)).toContain('UNKNOWN_CARD')

    // Joining an open seat with it is refused the same way, and the seat stays open.
    const open = await gql(
      srv.app,
      `mutation($input: CreateMatchInput!) { createMatch(input: $input) { match { id } invites { seat code } } }`,
      {
        input: { game: 'cyberpunk-tcg', seats: [{ deck: HEIST }, { open: true }] },
      },
    )
    const invite = open.data.createMatch.invites[0]
    const join = await gql(srv.app, `mutation($input: JoinMatchInput!) { joinMatch(input: $input) { match { id } } }`, {
      input: { matchId: open.data.createMatch.match.id, seat: invite.seat, inviteCode: invite.code, deckId: deck.id },
    })
    expect(code(join)).toBe('DECK_ILLEGAL')
    expect(
      (await srv.db.prisma.seat.findFirst({ where: { matchId: open.data.createMatch.match.id, index: invite.seat } }))!
        .deck,
    ).toBeNull()

    // Fixed with its edit token: legal now, with a code, and a match accepts it.
    const fixed = (
      await gql(srv.app, UPDATE, { id: deck.id, deck: HEIST }, deck.editToken ?? saved.data.saveDeck.editToken)
    ).data.updateDeck
    expect(fixed).toMatchObject({ legal: true, violations: [] })
    expect(fixed.code).toMatch(/^[A-Za-z0-9_-]+$/)
    expect(fixed.normalised).toContainEqual({ given: 'Kiroshi Optics', card: 'kiroshi-optics' })
    expect(fixed.stats.drawChance).toMatchObject({ copies: 3, cardsSeen: 8 })
    const ok = await gql(srv.app, CREATE_MATCH, {
      input: { game: 'cyberpunk-tcg', seats: [{ deckId: deck.id }, { deck: HEIST }] },
    })
    expect(ok.errors).toBeUndefined()
  })

  it('a deck judged legal when saved is judged again on read (the stored flag is not trusted)', async () => {
    const saved = (await gql(srv.app, SAVE, { game: 'dice-throne-marvel', name: 'Thor', deck: { hero: 'Thor' } })).data
      .saveDeck
    expect(saved).toMatchObject({ legal: true, deck: { hero: 'thor' }, normalised: [{ given: 'Thor', card: 'thor' }] })
    await srv.db.prisma.deck.update({ where: { id: saved.id }, data: { list: { hero: 'nobody' }, legal: true } })
    const read = (await gql(srv.app, GET, { id: saved.id })).data.deck
    expect(read.legal).toBe(false)
    expect(read.violations[0].code).toBe('UNKNOWN_HERO')
  })

  it('a deck that does not fit the schema is refused (DECK_ILLEGAL, DECK_MALFORMED) and nothing is written', async () => {
    const before = await deckCount()
    const r = await gql(srv.app, SAVE, { game: 'cyberpunk-tcg', name: 'Bad', deck: { legends: 'V', main: [] } })
    expect(code(r)).toBe('DECK_ILLEGAL')
    expect(r.errors![0]!.extensions.violations[0].code).toBe('DECK_MALFORMED')
    const rest = await srv.app.inject({
      method: 'POST',
      url: '/api/decks',
      payload: { game: 'cyber-net-cards', name: 'Bad', deck: { avatar: 'razorjack', main: [{ card: 'x', count: 0 }] } },
    })
    expect(rest.statusCode).toBe(422)
    expect(rest.json().code).toBe('DECK_ILLEGAL')
    expect(await deckCount()).toBe(before)
  })
})

describe('text, codes and searches over the API', () => {
  it('importDeck, exportDeck (a saved deck and a given one), deckCode and deckFromCode round-trip a deck, GraphQL and REST alike', async () => {
    const text = (
      await srv.app.inject({
        method: 'POST',
        url: '/api/games/cyberpunk-tcg/export-deck',
        payload: { deck: HEIST, format: 'simulator' },
      })
    ).json()
    expect(text.format).toBe('simulator')
    expect(text.text).toMatch(/^## Legends\n1x V — Corporate Exile\n/)
    const imported = await srv.app.inject({
      method: 'POST',
      url: '/api/games/cyberpunk-tcg/import-deck',
      payload: { text: text.text },
    })
    expect(imported.statusCode).toBe(200)
    const read = imported.json()
    expect(read).toMatchObject({ format: 'plain', problems: [], validation: { legal: true, violations: [] } })
    expect(read.validation.stats.cards).toBe(HEIST.main.reduce((n, e) => n + e.count, 0))

    const saved = (await gql(srv.app, SAVE, { game: 'cyberpunk-tcg', name: 'Heist', deck: read.deck })).data.saveDeck
    expect(saved.normalised).toEqual([])
    const byId = await gql(srv.app, `query($id: ID!) { exportDeck(deckId: $id, format: "simulator") }`, {
      id: saved.id,
    })
    expect(byId.data.exportDeck).toBe(text.text)
    expect((await srv.app.inject({ method: 'GET', url: `/api/decks/${saved.id}/export` })).json().text).toMatch(
      /^Legends\nV: Corporate Exile\n/,
    )

    const validated = (
      await srv.app.inject({ method: 'POST', url: '/api/games/cyberpunk-tcg/validate-deck', payload: { deck: HEIST } })
    ).json()
    expect(validated).toMatchObject({
      legal: true,
      stats: { cards: 40, byColour: expect.any(Array), ram: expect.any(Array) },
    })
    expect(Object.keys(validated.stats).sort()).toEqual([
      'averageCost',
      'byColour',
      'byType',
      'cards',
      'costCurve',
      'ram',
      'sellable',
    ])
    const rc = await srv.app.inject({
      method: 'POST',
      url: '/api/games/cyberpunk-tcg/deck-code',
      payload: { deck: HEIST },
    })
    expect(rc.json().code).toBe(saved.code)
    const decoded = await srv.app.inject({ method: 'GET', url: `/api/deck-codes/${saved.code}` })
    expect(decoded.json()).toMatchObject({ game: 'cyberpunk-tcg', catalogueVersion: 1 })
    const g = await gql(srv.app, `query($c: String!) { deckFromCode(code: $c) { game deck catalogueVersion } }`, {
      c: saved.code,
    })
    expect(g.data.deckFromCode).toEqual(decoded.json())

    const games = (await gql(srv.app, `{ games { id deckFormats catalogueVersion catalogue } }`)).data.games as {
      id: string
      deckFormats: string[]
      catalogue: string[]
    }[]
    expect(games.find(x => x.id === 'cyberpunk-tcg')!.deckFormats).toEqual(['plain', 'simulator'])
    for (const game of games)
      expect(game.catalogue.length).toBe(productionGames.find(e => e.id === game.id)!.cards().length)
  })

  it('searchCards and card-search: total, suggestions for the misspellings, folded search', async () => {
    const S = `query($game: ID!, $search: String, $query: String) { searchCards(game: $game, search: $search, query: $query) { total cards { id name power } suggestions { name } } }`
    const first = async (game: string, search: string) => (await gql(srv.app, S, { game, search })).data.searchCards
    expect((await first('cyberpunk-tcg', 'jackie wells')).suggestions[0].name).toMatch(/^Jackie Welles/)
    expect((await first('cyberpunk-tcg', 'kiroshi opticks')).suggestions[0].name).toBe('Kiroshi Optics')
    expect((await first('dice-throne-marvel', 'scarlet which')).suggestions[0].name).toBe('Scarlet Witch')
    expect((await first('dice-throne-marvel', 'mjolnir')).cards.map((c: { id: string }) => c.id)).toContain('thor')
    const rest = await srv.app.inject({
      method: 'GET',
      url: `/api/games/cyberpunk-tcg/card-search?query=${encodeURIComponent('type:unit order:power dir:desc')}&first=1`,
    })
    expect(rest.statusCode).toBe(200)
    const top = rest.json()
    expect(top.cards[0].power).toBe(
      Math.max(
        ...cyberpunk
          .cards()
          .filter(c => c.type === 'Unit')
          .map(c => (c.data as { power: number }).power),
      ),
    )
    expect(top.total).toBe(cyberpunk.cards().filter(c => c.type === 'Unit').length)
  })

  it('QUERY_SYNTAX is a 400 over REST and a coded error over GraphQL, with position and expected', async () => {
    const rest = await srv.app.inject({
      method: 'GET',
      url: `/api/games/cyberpunk-tcg/cards?query=${encodeURIComponent('(type:unit')}`,
    })
    expect(rest.statusCode).toBe(400)
    expect(rest.json()).toMatchObject({ code: 'QUERY_SYNTAX', position: 10, expected: "')'" })
    const g = await gql(srv.app, `{ cards(game: "cyberpunk-tcg", query: "order:banana") { id } }`)
    expect(g.errors![0]!.extensions).toMatchObject({ code: 'QUERY_SYNTAX', position: 6 })
  })

  it('bad input is a 4xx with a code, never a 500', async () => {
    const cases: [string, string, unknown, number, string][] = [
      ['POST', '/api/games/cyberpunk-tcg/import-deck', { text: 'x', format: 'nope' }, 400, 'BAD_USER_INPUT'],
      ['POST', '/api/games/cyberpunk-tcg/import-deck', { text: 5 }, 400, 'BAD_USER_INPUT'],
      ['POST', '/api/games/cyberpunk-tcg/import-deck', { text: 'x\n'.repeat(600) }, 400, 'BAD_USER_INPUT'],
      ['POST', '/api/games/nope/import-deck', { text: 'x' }, 404, 'NOT_FOUND'],
      ['POST', '/api/games/cyberpunk-tcg/export-deck', { deck: { legends: 3 } }, 422, 'DECK_ILLEGAL'],
      [
        'POST',
        '/api/games/cyberpunk-tcg/deck-code',
        { deck: { ...HEIST, main: [{ card: 'Nope', count: 1 }] } },
        422,
        'DECK_ILLEGAL',
      ],
      ['GET', '/api/deck-codes/!!!', undefined, 400, 'DECK_CODE_INVALID'],
      ['GET', `/api/deck-codes/${'A'.repeat(2050)}`, undefined, 400, 'BAD_USER_INPUT'],
      ['GET', '/api/decks/00000000-0000-4000-8000-000000000000/export', undefined, 404, 'NOT_FOUND'],
      ['GET', `/api/games/cyberpunk-tcg/card-search?query=${'x'.repeat(600)}`, undefined, 400, 'BAD_USER_INPUT'],
    ]
    for (const [method, url, payload, status, errorCode] of cases) {
      const r = await srv.app.inject({
        method: method as 'GET',
        url,
        ...(payload === undefined ? {} : { payload: payload as object }),
      })
      expect([url, r.statusCode, r.json().code]).toEqual([url, status, errorCode])
    }
    const g = await gql(srv.app, `{ exportDeck(game: "cyberpunk-tcg") }`)
    expect(code(g)).toBe('BAD_USER_INPUT')
    const turn = await gql(
      srv.app,
      `query($d: JSON!) { validateDeck(game: "cyberpunk-tcg", deck: $d) { stats { drawChance(card: "x", turn: 0) { probability } } } }`,
      { d: HEIST },
    )
    expect(code(turn)).toBe('BAD_USER_INPUT')
  })

  it('random query strings give results or a positioned QUERY_SYNTAX, never a 5xx (GraphQL and REST)', async () => {
    const alphabet = fc.constantFrom(
      ...'abcnotype:<=>-()" 0123456789or'.split(''),
      'cost',
      'type:',
      'order:',
      'dir:',
      ' or ',
      'ö',
      '\u0301',
      '\\',
    )
    await fc.assert(
      fc.asyncProperty(
        fc.array(alphabet, { maxLength: 30 }).map(a => a.join('')),
        fc.constantFrom(...productionGames.map(g => g.id)),
        async (query, game) => {
          const rest = await srv.app.inject({
            method: 'GET',
            url: `/api/games/${game}/card-search?query=${encodeURIComponent(query)}`,
          })
          expect(rest.statusCode, query).toBeLessThan(500)
          if (rest.statusCode !== 200) {
            expect(rest.json().code).toBe('QUERY_SYNTAX')
            expect(rest.json().position).toBeGreaterThanOrEqual(0)
            expect(rest.json().position).toBeLessThanOrEqual(query.length)
            expect(typeof rest.json().expected).toBe('string')
          }
          const g = await gql(srv.app, `query($q: String) { cards(game: "${game}", query: $q) { id } }`, { q: query })
          expect(g.status, query).toBeLessThan(500)
          if (g.errors) expect(g.errors[0]!.extensions.code).toBe('QUERY_SYNTAX')
          else expect(g.data.cards.length).toBe(rest.json().total)
        },
      ),
      { numRuns: 150 },
    )
  })
})
