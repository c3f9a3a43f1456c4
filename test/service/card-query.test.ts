// The card query language: at least 40 queries per game against sets an independent filter over the engine's own data
// gives, the contract's syntax errors at their exact positions, sorting, folded search, suggestions and exact names
// first.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { productionGames } from '../../src/games/index.ts'
import { GameRegistry, type AnyEngine } from '../../src/kernel/index.ts'
import { Catalog } from '../../src/service/catalog.ts'
import { ServiceError } from '../../src/service/errors.ts'

const catalog = new Catalog(new GameRegistry(productionGames))

interface Raw {
  id: string
  name: string
  type: string
  text: string
  tags: string[]
  colours: string[]
  cost: number | null
  ram: number | null
  power: number | null
}
type Oracle = (c: Raw) => boolean

// The test's own folding, written out again so that the search's is checked, not reused.
const f = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()

function rawCards(engine: AnyEngine): Raw[] {
  return engine.cards().map(info => {
    const x = engine.cardFacets!(info)
    return {
      id: info.id,
      name: info.name,
      type: info.type,
      text: x.text,
      tags: x.tags,
      colours: x.colours,
      cost: x.cost,
      ram: x.ram,
      power: x.power ?? null,
    }
  })
}

const has = (c: Raw, w: string) =>
  [c.id, c.name, c.type, c.text, ...c.tags, ...c.colours].some(s => f(s).includes(f(w)))
const mostCommon = (values: string[]) => {
  const n = new Map<string, number>()
  for (const v of values) n.set(v, (n.get(v) ?? 0) + 1)
  return [...n].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).map(([v]) => v)
}

/** 42 queries built from the game's own most common types, tags, colours and words, each with its oracle. */
function table(cards: Raw[]): [string, Oracle][] {
  const [t1, t2] = mostCommon(cards.map(c => c.type))
  const [tag1, tag2] = mostCommon(cards.flatMap(c => c.tags))
  const col = mostCommon(cards.flatMap(c => c.colours))[0] ?? 'red'
  const words = mostCommon(
    cards.flatMap(c =>
      f(c.text)
        .split(/[^a-z]+/)
        .filter(w => w.length >= 4),
    ),
  )
  const [w1, w2] = [words[0]!, words[5]!]
  const bigrams = mostCommon(
    cards.flatMap(c =>
      f(c.text)
        .split(/[^a-z0-9]+/)
        .filter(Boolean)
        .map((w, i, a) => (i ? `${a[i - 1]} ${w}` : ''))
        .filter(Boolean),
    ),
  )
  const phrase = bigrams[0]!
  const named = cards.find(c => c.name.split(' ').length >= 2)!
  const [n1, n2] = named.name.split(' ')
  const idPart = cards[7]!.id.split('-')[0]!
  const T = (c: Raw, t: string) => f(c.type) === f(t)
  const tag = (c: Raw, t: string) => c.tags.some(x => f(x) === f(t))
  const colour = (c: Raw, t: string) => c.colours.some(x => f(x) === f(t))
  const num = (v: number | null, p: (n: number) => boolean) => v !== null && p(v)
  const q = (s: string) => (/[\s()"]/.test(s) ? `"${s}"` : s)
  return [
    ['', () => true],
    [`type:${q(t1!)}`, c => T(c, t1!)],
    [`TYPE:${q(t1!.toUpperCase())}`, c => T(c, t1!)],
    [`-type:${q(t1!)}`, c => !T(c, t1!)],
    [`--type:${q(t1!)}`, c => T(c, t1!)],
    [`((type:${q(t1!)}))`, c => T(c, t1!)],
    [`type:${q(t1!)} or type:${q(t2!)}`, c => T(c, t1!) || T(c, t2!)],
    [`type:${q(t1!)} OR type:${q(t2!)}`, c => T(c, t1!) || T(c, t2!)],
    [`(type:${q(t1!)} or type:${q(t2!)}) cost<=2`, c => (T(c, t1!) || T(c, t2!)) && num(c.cost, n => n <= 2)],
    ['cost=0', c => c.cost === 0],
    ['cost:1', c => c.cost === 1],
    ['cost<2', c => num(c.cost, n => n < 2)],
    ['cost>=3', c => num(c.cost, n => n >= 3)],
    ['cost>3', c => num(c.cost, n => n > 3)],
    ['-cost<=2', c => !num(c.cost, n => n <= 2)],
    ['cost>=-1', c => c.cost !== null],
    ['cost:0 or cost:1 or cost:2', c => c.cost === 0 || c.cost === 1 || c.cost === 2],
    ['ram>=1', c => num(c.ram, n => n >= 1)],
    ['ram:0', c => c.ram === 0],
    ['power>=3', c => num(c.power, n => n >= 3)],
    ['power<1', c => num(c.power, n => n < 1)],
    [`tag:${q(tag1!)}`, c => tag(c, tag1!)],
    [`-tag:${q(tag1!)}`, c => !tag(c, tag1!)],
    [`tag:${q(tag1!)} tag:${q(tag2!)}`, c => tag(c, tag1!) && tag(c, tag2!)],
    [`tag:${q(tag1!)} or tag:${q(tag2!)}`, c => tag(c, tag1!) || tag(c, tag2!)],
    [
      `tag:${q(tag1!)} (cost<=1 or -cost<=3)`,
      c => tag(c, tag1!) && (num(c.cost, n => n <= 1) || !num(c.cost, n => n <= 3)),
    ],
    [`colour:${q(col)}`, c => colour(c, col)],
    [`color:${q(col.toUpperCase())}`, c => colour(c, col)],
    [`-colour:${q(col)}`, c => !colour(c, col)],
    [w1, c => has(c, w1)],
    [w1.toUpperCase(), c => has(c, w1)],
    [`"${phrase}"`, c => has(c, phrase)],
    [`-"${phrase}"`, c => !has(c, phrase)],
    [`text:${w1}`, c => f(c.text).includes(w1)],
    [`-text:${w1}`, c => !f(c.text).includes(w1)],
    [`${w1} or ${w2}`, c => has(c, w1) || has(c, w2)],
    [`-(${w1} or ${w2})`, c => !(has(c, w1) || has(c, w2))],
    [`${w1} ${w2}`, c => has(c, w1) && has(c, w2)],
    [`"${w2}" type:${q(t2!)}`, c => has(c, w2) && T(c, t2!)],
    [`name:${q(n1!)}`, c => f(c.name).includes(f(n1!))],
    [`name:"${n1} ${n2}"`, c => f(c.name).includes(f(`${n1} ${n2}`))],
    [`name:${q(n1!)} or text:${q(n1!)}`, c => f(c.name).includes(f(n1!)) || f(c.text).includes(f(n1!))],
    [idPart, c => has(c, idPart)],
    [`(cost<=1 or cost>=4) -type:${q(t1!)}`, c => (num(c.cost, n => n <= 1) || num(c.cost, n => n >= 4)) && !T(c, t1!)],
    [`type:${q(t1!)} -tag:${q(tag1!)} cost<=3`, c => T(c, t1!) && !tag(c, tag1!) && num(c.cost, n => n <= 3)],
    [`type:${q(t1!)} or tag:${q(tag1!)} or colour:${q(col)}`, c => T(c, t1!) || tag(c, tag1!) || colour(c, col)],
    [`order:name ${w1}`, c => has(c, w1)],
  ]
}

/** Queries of each game worth writing out by hand (the README's examples among them). */
const SPECIFIC: Record<string, [string, Oracle][]> = {
  'cyberpunk-tcg': [
    [
      'type:unit colour:red cost<=3',
      c => c.type === 'Unit' && c.colours.includes('Red') && c.cost !== null && c.cost <= 3,
    ],
    ['tag:merc -colour:yellow', c => c.tags.some(t => f(t) === 'merc') && !c.colours.includes('Yellow')],
    ['text:"draw 1 card" or text:steal', c => f(c.text).includes('draw 1 card') || f(c.text).includes('steal')],
    ['type:legend ram>=2', c => c.type === 'Legend' && c.ram !== null && c.ram >= 2],
    ['power>=5 -tag:blocker', c => c.power !== null && c.power >= 5 && !c.tags.some(t => f(t) === 'blocker')],
  ],
  'dice-throne-marvel': [
    ['mjolnir', c => has(c, 'mjölnir')],
    ['mjölnir type:hero', c => has(c, 'mjölnir') && c.type === 'hero'],
    ['tag:thor cost<=1', c => c.tags.includes('thor') && c.cost !== null && c.cost <= 1],
    ['type:status tag:negative', c => c.type === 'status' && c.tags.includes('negative')],
    [
      'type:hero-upgrade (tag:loki or tag:scarlet-witch)',
      c => c.type === 'hero-upgrade' && (c.tags.includes('loki') || c.tags.includes('scarlet-witch')),
    ],
  ],
  'cyber-net-cards': [
    ['type:avatar tag:steampunk', c => c.type === 'avatar' && c.tags.includes('steampunk')],
    ['tag:lasting cost<=2', c => c.tags.includes('lasting') && c.cost !== null && c.cost <= 2],
    ['-tag:steampunk type:equipment', c => !c.tags.includes('steampunk') && c.type === 'equipment'],
    ['type:unique-ability cost>=3', c => c.type === 'unique-ability' && c.cost !== null && c.cost >= 3],
  ],
}

const ids = (cards: { id: string }[]) => cards.map(c => c.id)

function syntaxError(game: string, query: string): { position: number; expected: string } {
  try {
    catalog.cards({ game, query })
  } catch (e) {
    if (e instanceof ServiceError && e.code === 'QUERY_SYNTAX')
      return { position: e.details.position!, expected: e.details.expected! }
    throw e
  }
  throw new Error(`'${query}' parsed`)
}

for (const engine of productionGames) {
  const cards = rawCards(engine)
  describe(`${engine.id}: queries`, () => {
    const rows = [...table(cards), ...(SPECIFIC[engine.id] ?? [])]
    it(`has at least 40 queries, most of them selecting some cards but not all (${rows.length})`, () => {
      expect(rows.length).toBeGreaterThanOrEqual(40)
      const sizes = rows.map(([, oracle]) => cards.filter(oracle).length)
      expect(sizes.filter(n => n > 0 && n < cards.length).length).toBeGreaterThanOrEqual(25)
    })
    it.each(rows)('%s', (query, oracle) => {
      const found = catalog.cards({ game: engine.id, query })
      const expected = cards.filter(oracle).map(c => c.id)
      if (query.startsWith('order:')) expect([...ids(found)].sort()).toEqual([...expected].sort())
      else expect(ids(found)).toEqual(expected)
    })
  })
}

describe('syntax errors name the position and what was expected', () => {
  it.each([
    ['cost<=', 6, 'an integer'],
    ['cost<=abc', 6, 'an integer'],
    ['(type:unit', 10, "')'"],
    ['type:unit )', 10, 'a term, "or" or the end of the query'],
    ['"draw 1', 7, "'\"'"],
    ['type:unit or', 12, 'a term'],
    ['order:banana', 6, 'name | type | cost | ram | power'],
    ['dir:sideways', 4, 'asc | desc'],
    ['name<3', 4, "':'"],
    ['- foo', 1, 'a term or a group after "-"'],
    ['()', 1, 'a term'],
    ['or foo', 0, 'a term before "or"'],
    ['(order:name)', 1, 'a term (order: and dir: only outside parentheses)'],
    ['order:name order:cost', 11, 'a term (one order: only)'],
  ])('%s → %i', (query, position, expected) => {
    expect(syntaxError('cyberpunk-tcg', query)).toEqual({ position, expected })
  })
  it('an unknown field is refused at its first character', () => {
    expect(syntaxError('cyberpunk-tcg', 'foo:bar').position).toBe(0)
    expect(syntaxError('cyberpunk-tcg', 'type:unit  foo:bar').position).toBe(11)
    expect(syntaxError('cyberpunk-tcg', 'foo:bar').expected).toMatch(/^a field \(name, text, type/)
  })
})

describe('order: and dir:', () => {
  const all = rawCards(productionGames.find(g => g.id === 'cyberpunk-tcg')!)
  const position = new Map(all.map((c, i) => [c.id, i]))
  it.each(['cost', 'ram', 'power'] as const)(
    'order:%s sorts ascending, ties in catalogue order, cards without it last; dir:desc reverses all but those',
    key => {
      for (const dir of ['asc', 'desc']) {
        const found = catalog.cards({ game: 'cyberpunk-tcg', query: `order:${key} dir:${dir}` })
        const withValue = found.filter(c => c[key] !== null)
        expect(found.slice(withValue.length).every(c => c[key] === null)).toBe(true)
        for (let i = 1; i < withValue.length; i++) {
          const [a, b] = [withValue[i - 1]!, withValue[i]!]
          const cmp = (a[key]! - b[key]!) * (dir === 'asc' ? 1 : -1)
          expect(cmp < 0 || (cmp === 0 && position.get(a.id)! < position.get(b.id)!)).toBe(true)
        }
      }
    },
  )
  it('order:name compares folded names by UTF-16 code units; first/after page the sorted list', () => {
    const found = catalog.cards({ game: 'dice-throne-marvel', query: 'order:name' })
    const names = found.map(c => f(c.name))
    expect(names).toEqual([...names].sort())
    const page = catalog.cards({ game: 'dice-throne-marvel', query: 'order:name', first: 3, after: found[4]!.id })
    expect(ids(page)).toEqual(ids(found.slice(5, 8)))
  })
})

describe('folded search and suggestions', () => {
  const search = (game: string, text: string) => catalog.searchCards({ game, search: text })
  it('"mjolnir" finds the cards that say Mjölnir', () => {
    const r = search('dice-throne-marvel', 'mjolnir')
    expect(r.total).toBeGreaterThan(0)
    expect(ids(r.cards)).toContain('thor')
    for (const c of r.cards) expect(f([c.name, c.text].join(' '))).toContain('mjolnir')
  })
  it.each([
    ['cyberpunk-tcg', 'jackie wells', /^Jackie Welles/],
    ['cyberpunk-tcg', 'kiroshi opticks', /^Kiroshi Optics$/],
    ['dice-throne-marvel', 'scarlet which', /^Scarlet Witch$/],
  ])('%s: "%s" finds nothing but suggests the card first', (game, text, name) => {
    const r = search(game, text)
    expect(r.cards).toEqual([])
    expect(r.total).toBe(0)
    expect(r.suggestions.length).toBeGreaterThan(0)
    expect(r.suggestions.length).toBeLessThanOrEqual(5)
    expect(r.suggestions[0]!.name).toMatch(name)
  })
  it("a query that finds nothing suggests by the query's words", () => {
    const r = catalog.searchCards({ game: 'cyberpunk-tcg', query: 'type:unit "kiroshi opticks"' })
    expect(r.cards).toEqual([])
    expect(r.suggestions[0]!.name).toBe('Kiroshi Optics')
  })
  it('total counts every match before paging; suggestions only when nothing matched', () => {
    const r = catalog.searchCards({ game: 'cyberpunk-tcg', query: 'type:unit', first: 2 })
    expect(r.cards.length).toBe(2)
    expect(r.total).toBe(
      rawCards(productionGames.find(g => g.id === 'cyberpunk-tcg')!).filter(c => c.type === 'Unit').length,
    )
    expect(r.suggestions).toEqual([])
  })
  for (const engine of productionGames) {
    const names = engine.cards().map(c => c.name)
    it(`${engine.id}: a card's exact name, in any case, finds a card of that name first`, () => {
      fc.assert(
        fc.property(fc.constantFrom(...names), fc.boolean(), (name, upper) => {
          const r = search(engine.id, upper ? name.toUpperCase() : name)
          expect(f(r.cards[0]!.name)).toBe(f(name))
        }),
        { numRuns: 200 },
      )
    })
  }
})
