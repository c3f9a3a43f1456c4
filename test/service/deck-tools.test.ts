// Deck tools: normal form, text round trips in every format, share codes (an earlier catalogue version too), the plain
// format's variants and problems, and deck statistics checked against the engines' data.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { productionGames } from '../../src/games/index.ts'
import { GameRegistry } from '../../src/kernel/index.ts'
import { CATALOGUE_VERSIONS } from '../../src/service/catalogue-versions.ts'
import { Catalog } from '../../src/service/catalog.ts'
import { decodeDeckCode, encodeDeckCode } from '../../src/service/deck-code.ts'
import { atLeastOne } from '../../src/service/deck-stats.ts'
import { DeckTools } from '../../src/service/deck-tools.ts'
import { ServiceError } from '../../src/service/errors.ts'

const catalog = new Catalog(new GameRegistry(productionGames))
const tools = new DeckTools(catalog)

type Main = { card: string; count: number }[]
const sortedMain = (deck: unknown) =>
  [...((deck as { main?: Main }).main ?? [])].sort((a, b) => (a.card < b.card ? -1 : 1))
const leadersOf = (deck: unknown) => Object.entries(deck as object).filter(([k]) => k !== 'main')

function refusal(fn: () => unknown): ServiceError {
  try {
    fn()
  } catch (e) {
    if (e instanceof ServiceError) return e
    throw e
  }
  throw new Error('not refused')
}

describe('normal form', () => {
  it('names, ids, case, diacritics, "Name — Subtitle" and runs of spaces resolve to ids; copies are added up; the rewrites are listed', () => {
    const { deck, normalised } = tools.normalise('cyberpunk-tcg', {
      legends: ['V — Corporate Exile', 'viktor-vektor-sit-down-and-relax', 'JACKIE WELLES:   Pour One Out For Me'],
      main: [
        { card: 'Kiroshi Optics', count: 2 },
        { card: 'delamain cab', count: 3 },
        { card: 'kiroshi-optics', count: 1 },
        { card: 'Kirôshi Optics', count: 0 + 1 },
        { card: 'No Such Card', count: 2 },
      ],
    })
    expect(deck).toEqual({
      legends: ['v-corporate-exile', 'viktor-vektor-sit-down-and-relax', 'jackie-welles-pour-one-out-for-me'],
      main: [
        { card: 'kiroshi-optics', count: 4 },
        { card: 'delamain-cab', count: 3 },
        { card: 'No Such Card', count: 2 },
      ],
    })
    expect(normalised).toEqual([
      { given: 'V — Corporate Exile', card: 'v-corporate-exile' },
      { given: 'JACKIE WELLES:   Pour One Out For Me', card: 'jackie-welles-pour-one-out-for-me' },
      { given: 'Kiroshi Optics', card: 'kiroshi-optics' },
      { given: 'delamain cab', card: 'delamain-cab' },
      { given: 'Kirôshi Optics', card: 'kiroshi-optics' },
    ])
  })
  it('a Marvel Dice Throne hero and a Cyber Net Cards avatar by printed name', () => {
    expect(tools.normalise('dice-throne-marvel', { hero: 'Spider-Man (Miles Morales)' }).deck).toEqual({
      hero: 'spider-man',
    })
    expect(tools.normalise('cyber-net-cards', { avatar: 'Razorjack', main: [] }).deck).toEqual({
      avatar: 'razorjack',
      main: [],
    })
  })
})

describe('round trips of every sample deck of every game', () => {
  for (const engine of productionGames) {
    for (const sample of engine.sampleDecks()) {
      const normal = tools.normalise(engine.id, sample.deck).deck
      it(`${engine.id} "${sample.name}": export → import in every format, and code → decode`, () => {
        expect(tools.formats(engine.id).length).toBeGreaterThanOrEqual(1)
        for (const format of tools.formats(engine.id)) {
          const { text } = tools.exportDeck({ game: engine.id, deck: sample.deck, format })
          const back = tools.importDeck({ game: engine.id, text, format })
          expect(back.problems, `${format}:\n${text}`).toEqual([])
          expect(back.deck).toEqual(normal)
          // plain reads every format
          expect(tools.importDeck({ game: engine.id, text }).deck).toEqual(normal)
        }
        const decoded = tools.deckFromCode(tools.deckCode({ game: engine.id, deck: sample.deck }))
        expect(decoded.game).toBe(engine.id)
        expect(decoded.catalogueVersion).toBe(tools.catalogueVersion(engine.id))
        // The code keeps copies, not the order of the main deck: it decodes in catalogue order.
        expect(leadersOf(decoded.deck)).toEqual(leadersOf(normal))
        expect(sortedMain(decoded.deck)).toEqual(sortedMain(normal))
      })
    }
  }
})

describe('round trips of random decks in normal form', () => {
  for (const engine of productionGames) {
    const cards = engine.cards()
    const leaderType = engine.deckRules!.leader.kind.toLowerCase()
    const leaders = cards.filter(c => c.type.toLowerCase() === leaderType).map(c => c.id)
    const others = cards.filter(c => c.type.toLowerCase() !== leaderType).map(c => c.id)
    const sample = engine.sampleDecks()[0]!.deck as Record<string, unknown>
    const field = Object.keys(sample).find(k => k !== 'main')!
    const many = Array.isArray(sample[field])
    const deck = fc
      .record({
        lead: fc.uniqueArray(fc.constantFrom(...leaders), { minLength: 1, maxLength: many ? 3 : 1 }),
        main: fc.uniqueArray(fc.record({ card: fc.constantFrom(...others), count: fc.integer({ min: 1, max: 5 }) }), {
          selector: e => e.card,
          maxLength: 25,
        }),
      })
      .map(({ lead, main }) => ({ [field]: many ? lead : lead[0], ...('main' in sample ? { main } : {}) }))
    it(`${engine.id}: export → import in every format, and code → decode, give the deck again`, () => {
      fc.assert(
        fc.property(deck, d => {
          for (const format of tools.formats(engine.id)) {
            const back = tools.importDeck({
              game: engine.id,
              text: tools.exportDeck({ game: engine.id, deck: d, format }).text,
              format,
            })
            expect(back.problems).toEqual([])
            expect(back.deck).toEqual(d)
          }
          const decoded = tools.deckFromCode(tools.deckCode({ game: engine.id, deck: d })).deck
          expect(leadersOf(decoded)).toEqual(leadersOf(d))
          expect(sortedMain(decoded)).toEqual(sortedMain(d))
        }),
        { numRuns: 100 },
      )
    })
  }
})

describe('the plain format', () => {
  it('reads "3 Name", "3x Name", "Name x3" and "Name", sections after #s with an optional colon, // comments, and puts unsectioned Legends among the Legends', () => {
    const text = [
      '// my deck',
      'V: Corporate Exile',
      '## legends:',
      'Viktor Vektor — Sit Down and Relax',
      'Jackie Welles: Pour One Out For Me',
      '',
      'MAIN',
      '3 Kiroshi Optics',
      '2x Delamain Cab',
      'Floor It x3',
      'Psycho Squad',
      '1 kiroshi optics',
    ].join('\n')
    const r = tools.importDeck({ game: 'cyberpunk-tcg', text })
    expect(r.problems).toEqual([])
    expect(r.deck).toEqual({
      legends: ['v-corporate-exile', 'viktor-vektor-sit-down-and-relax', 'jackie-welles-pour-one-out-for-me'],
      main: [
        { card: 'kiroshi-optics', count: 4 },
        { card: 'delamain-cab', count: 2 },
        { card: 'floor-it', count: 3 },
        { card: 'psycho-squad', count: 1 },
      ],
    })
    expect(r.validation.legal).toBe(false)
    expect(r.validation.violations.map(v => v.code)).toContain('MAIN_DECK_SIZE')
  })
  it('reports every line it leaves out with its number, the line and the nearest names', () => {
    const r = tools.importDeck({
      game: 'cyberpunk-tcg',
      text: 'Legends\nV: Corporate Exile\nMain\n3 Kiroshi Opticks\n0 Floor It\n# Sideboard\n2 Delamain Cab',
    })
    expect(r.problems).toEqual([
      {
        line: 4,
        text: '3 Kiroshi Opticks',
        message: 'no card "Kiroshi Opticks"',
        suggestions: expect.arrayContaining(['Kiroshi Optics']),
      },
      { line: 5, text: '0 Floor It', message: 'a count is 1 to 99', suggestions: [] },
      { line: 6, text: '# Sideboard', message: expect.stringContaining('not a section'), suggestions: [] },
    ])
    expect(r.problems[0]!.suggestions[0]).toBe('Kiroshi Optics')
    expect(r.problems[0]!.suggestions.length).toBeLessThanOrEqual(5)
    expect(r.deck).toEqual({ legends: ['v-corporate-exile'], main: [{ card: 'delamain-cab', count: 2 }] })
  })
  it('Marvel Dice Throne: a hero line; a second hero or a main-deck card is a problem', () => {
    const r = tools.importDeck({ game: 'dice-throne-marvel', text: 'Hero: \nThor\nLoki\nMain\n2 Time to Hammer!' })
    expect(r.deck).toEqual({ hero: 'thor' })
    expect(r.problems.map(p => p.line)).toEqual([3, 5])
  })
  it('an unknown format is BAD_USER_INPUT; the simulator format only for Cyberpunk TCG', () => {
    expect(tools.formats('cyberpunk-tcg')).toEqual(['plain', 'simulator'])
    expect(tools.formats('cyber-net-cards')).toEqual(['plain'])
    expect(refusal(() => tools.importDeck({ game: 'cyber-net-cards', text: 'x', format: 'simulator' })).code).toBe(
      'BAD_USER_INPUT',
    )
    expect(
      refusal(() => tools.exportDeck({ game: 'cyberpunk-tcg', deck: { legends: [], main: [] }, format: 'mtga' })).code,
    ).toBe('BAD_USER_INPUT')
  })
  it('the simulator text has ## Legends and ## Cards and "Nx Name — Subtitle" lines', () => {
    const deck = productionGames.find(g => g.id === 'cyberpunk-tcg')!.sampleDecks()[0]!.deck
    const { text } = tools.exportDeck({ game: 'cyberpunk-tcg', deck, format: 'simulator' })
    expect(text.split('\n').slice(0, 5)).toEqual([
      '## Legends',
      '1x V — Corporate Exile',
      '1x Viktor Vektor — Sit Down and Relax',
      '1x Jackie Welles — Pour One Out For Me',
      '',
    ])
    expect(text).toContain('## Cards\n2x Dexter DeShawn — One Last Chance\n')
  })
})

describe('share codes', () => {
  const cyberpunk = productionGames.find(g => g.id === 'cyberpunk-tcg')!
  const heist = cyberpunk.sampleDecks()[0]!.deck

  it('layout: 0, layout 1, game, catalogue version, leaders, then the 1-copy, 2-copy and more groups in index order', () => {
    const code = tools.deckCode({ game: 'dice-throne-marvel', deck: { hero: 'loki' } })
    const index = tools.catalogue('dice-throne-marvel').indexOf('loki')
    expect([...Buffer.from(code, 'base64url')]).toEqual([0, 1, 2, 1, 1, index, 0, 0, 0])
    expect(code).toMatch(/^[A-Za-z0-9_-]+$/)
    const mixed = decodeDeckCode(
      encodeDeckCode({
        game: 1,
        catalogueVersion: 1,
        leaders: [200, 3],
        main: [
          { index: 9, count: 2 },
          { index: 300, count: 1 },
          { index: 4, count: 5 },
          { index: 1, count: 1 },
        ],
      }),
    )
    expect(mixed).toEqual({
      game: 1,
      catalogueVersion: 1,
      leaders: [200, 3],
      main: [
        { index: 1, count: 1 },
        { index: 300, count: 1 },
        { index: 9, count: 2 },
        { index: 4, count: 5 },
      ],
    })
  })

  it('a code made under an earlier catalogue version decodes to current ids', () => {
    // A server that knows two versions: the real one and, before it, the same list without its last 20 cards; the deck
    // uses only cards of the older one.
    const current = CATALOGUE_VERSIONS['cyberpunk-tcg']![0]!
    const old = current.slice(0, -20)
    const kinds = new Map(cyberpunk.cards().map(c => [c.id, c.type]))
    const legends = old.filter(id => kinds.get(id) === 'Legend').slice(0, 3)
    const normal = {
      legends,
      main: old
        .filter(id => kinds.get(id) !== 'Legend')
        .slice(0, 15)
        .map((card, i) => ({ card, count: 1 + (i % 3) })),
    }
    const parts = normal
    const twoVersions = new DeckTools(catalog, { ...CATALOGUE_VERSIONS, 'cyberpunk-tcg': [old, current] })
    expect(twoVersions.catalogueVersion('cyberpunk-tcg')).toBe(2)
    expect(twoVersions.catalogue('cyberpunk-tcg', 1)).toEqual(old)
    expect(twoVersions.catalogue('cyberpunk-tcg')).toEqual(current)
    const v1 = encodeDeckCode({
      game: 1,
      catalogueVersion: 1,
      leaders: parts.legends.map(id => old.indexOf(id)),
      main: parts.main.map(e => ({ index: old.indexOf(e.card), count: e.count })),
    })
    const decoded = twoVersions.deckFromCode(v1)
    expect(decoded.catalogueVersion).toBe(1)
    expect(leadersOf(decoded.deck)).toEqual(leadersOf(normal))
    expect(sortedMain(decoded.deck)).toEqual(sortedMain(normal))
    // An index beyond version 1 is refused for a version-1 code, accepted for a version-2 one.
    const beyond = (version: number) =>
      encodeDeckCode({
        game: 1,
        catalogueVersion: version,
        leaders: [],
        main: [{ index: current.length - 1, count: 1 }],
      })
    expect(refusal(() => twoVersions.deckFromCode(beyond(1))).code).toBe('DECK_CODE_INVALID')
    expect((twoVersions.deckFromCode(beyond(2)).deck as { main: Main }).main).toEqual([
      { card: current[current.length - 1], count: 1 },
    ])
  })

  it('every frozen catalogue version only appends to the one before, and the last one lists every card the engine has', () => {
    for (const engine of productionGames) {
      const versions = CATALOGUE_VERSIONS[engine.id]!
      for (let v = 1; v < versions.length; v++)
        expect(versions[v]!.slice(0, versions[v - 1]!.length)).toEqual(versions[v - 1])
      expect(new Set(versions[versions.length - 1])).toEqual(new Set(engine.cards().map(c => c.id)))
    }
  })

  it.each([
    ['', 'empty'],
    ['AAEB!', 'not base64url'],
    ['AAEB=', 'padding'],
    [Buffer.from([1, 1, 1, 1, 0, 0, 0, 0]).toString('base64url'), 'first byte not 0'],
    [Buffer.from([0, 2, 1, 1, 0, 0, 0, 0]).toString('base64url'), 'unknown layout'],
    [Buffer.from([0, 1, 9, 1, 0, 0, 0, 0]).toString('base64url'), 'unknown game'],
    [Buffer.from([0, 1, 1, 7, 0, 0, 0, 0]).toString('base64url'), 'unknown catalogue version'],
    [Buffer.from([0, 1, 1, 1, 1, 0xff, 0x01, 0, 0, 0]).toString('base64url'), 'index outside the catalogue'],
    [Buffer.from([0, 1, 1, 1, 0, 0, 0]).toString('base64url'), 'ends too soon'],
    [Buffer.from([0, 1, 1, 1, 0, 0, 0, 0, 5]).toString('base64url'), 'trailing bytes'],
    [Buffer.from([0, 1, 1, 1, 0, 0, 0, 1, 4, 2]).toString('base64url'), 'a group of 3+ with 2 copies'],
    [Buffer.from([0, 1, 1, 1, 0xff, 0xff, 0xff, 0xff, 0xff, 0x0f]).toString('base64url'), 'a huge count'],
  ])('DECK_CODE_INVALID: %s (%s)', code => {
    expect(refusal(() => tools.deckFromCode(code)).code).toBe('DECK_CODE_INVALID')
  })

  it('random bytes never decode to anything but a deck or DECK_CODE_INVALID', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 40 }), bytes => {
        const code = Buffer.from(bytes).toString('base64url')
        try {
          tools.deckFromCode(code)
        } catch (e) {
          expect(e).toBeInstanceOf(ServiceError)
          expect((e as ServiceError).code).toBe('DECK_CODE_INVALID')
        }
      }),
      { numRuns: 500 },
    )
  })

  it('a deck whose cards do not all resolve has no code (DECK_ILLEGAL with the violations); an illegal deck that resolves has one', () => {
    const e = refusal(() =>
      tools.deckCode({ game: 'cyberpunk-tcg', deck: { ...heist, main: [{ card: 'Kiroshi Opticks', count: 3 }] } }),
    )
    expect(e.code).toBe('DECK_ILLEGAL')
    expect(e.details.violations!.map(v => v.code)).toEqual(['UNKNOWN_CARD'])
    expect(tools.codeOrNull('cyberpunk-tcg', { ...heist, main: [{ card: 'Kiroshi Opticks', count: 3 }] })).toBeNull()
    expect(tools.deckCode({ game: 'cyberpunk-tcg', deck: { ...heist, main: heist.main.slice(0, 2) } })).toMatch(
      /^[A-Za-z0-9_-]+$/,
    )
  })
})

describe('deck statistics', () => {
  it('Cyberpunk TCG: counts, curve, types, colours, RAM against the Legends and sell tags agree with the engine data', () => {
    const engine = productionGames.find(g => g.id === 'cyberpunk-tcg')!
    const deck = engine.sampleDecks()[0]!.deck
    const stats = tools.stats('cyberpunk-tcg', deck)!
    const byId = new Map(
      engine.cards().map(c => [c.id, c.data as { cost: number | null; color: string; ram: number; sellTag: boolean }]),
    )
    const main = (tools.normalise('cyberpunk-tcg', deck).deck as { main: Main }).main
    const total = main.reduce((n, e) => n + e.count, 0)
    expect(stats.cards).toBe(total)
    expect(stats.costCurve.reduce((n, e) => n + e.count, 0)).toBe(total)
    expect(stats.costCurve.map(e => e.cost).filter(c => c !== null)).toEqual(
      [...new Set(main.map(e => byId.get(e.card)!.cost).filter(c => c !== null))].sort((a, b) => a! - b!),
    )
    const costed = main.filter(e => byId.get(e.card)!.cost !== null)
    expect(stats.averageCost).toBeCloseTo(
      costed.reduce((n, e) => n + byId.get(e.card)!.cost! * e.count, 0) / costed.reduce((n, e) => n + e.count, 0),
      10,
    )
    expect(stats.byType.reduce((n, e) => n + e.count, 0)).toBe(total)
    expect(stats.byColour.reduce((n, e) => n + e.count, 0)).toBe(total)
    expect(stats.sellable).toBe(main.filter(e => byId.get(e.card)!.sellTag).reduce((n, e) => n + e.count, 0))
    const summary = catalog.validateDeck({ game: 'cyberpunk-tcg', deck }).summary as {
      colors: { color: string; limit: number; highestRam: number }[]
    }
    for (const c of summary.colors)
      expect(stats.ram.find(r => r.colour === c.color)).toEqual({
        colour: c.color,
        limit: c.limit,
        highest: c.highestRam,
      })
  })

  it('drawChance: the hypergeometric chance over the cards seen by the game rules', () => {
    const deck = productionGames.find(g => g.id === 'cyberpunk-tcg')!.sampleDecks()[0]!.deck
    const stats = tools.stats('cyberpunk-tcg', deck)!
    const d = stats.drawChance({ card: 'Kiroshi Optics', turn: 1 })
    expect(d).toMatchObject({ card: 'kiroshi-optics', copies: 3, turn: 1, cardsSeen: 7 })
    // 1 − C(37, 7) / C(40, 7)
    const c = (n: number, k: number): number => (k === 0 ? 1 : (c(n - 1, k - 1) * n) / k)
    expect(d.probability).toBeCloseTo(1 - c(37, 7) / c(40, 7), 12)
    expect(stats.drawChance({ card: 'nothing', turn: 3 }).probability).toBe(0)
    expect(stats.drawChance({ card: 'kiroshi-optics', turn: 40 }).probability).toBe(1)
    expect(refusal(() => stats.drawChance({ card: 'kiroshi-optics', turn: 0 })).code).toBe('BAD_USER_INPUT')
  })

  it("Marvel Dice Throne: the hero's own deck, with costs and no colours; cardsSeen 4 + turn − 1", () => {
    const stats = tools.stats('dice-throne-marvel', { hero: 'thor' })!
    const summary = catalog.validateDeck({ game: 'dice-throne-marvel', deck: { hero: 'thor' } }).summary as {
      cards: number
    }
    expect(stats.cards).toBeGreaterThanOrEqual(summary.cards)
    expect(stats.byColour).toEqual([])
    expect(stats.ram).toEqual([])
    expect(stats.sellable).toBe(0)
    expect(stats.drawChance({ card: 'x', turn: 3 }).cardsSeen).toBe(6)
  })

  it('Cyber Net Cards: cardsSeen 4, then at most 3 more each round', () => {
    const deck = productionGames.find(g => g.id === 'cyber-net-cards')!.sampleDecks()[0]!.deck
    expect(tools.stats('cyber-net-cards', deck)!.drawChance({ card: 'data-spike', turn: 2 })).toMatchObject({
      copies: 3,
      cardsSeen: 7,
    })
  })

  it('atLeastOne is 1 − C(N − K, n) / C(N, n)', () => {
    expect(atLeastOne(40, 0, 10)).toBe(0)
    expect(atLeastOne(40, 3, 0)).toBe(0)
    expect(atLeastOne(10, 1, 1)).toBeCloseTo(0.1, 12)
    expect(atLeastOne(10, 2, 9)).toBe(1)
  })
})
