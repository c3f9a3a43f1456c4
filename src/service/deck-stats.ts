// Deck statistics: the main deck's cost curve, types, colours, RAM against the Legends', sell tags and the chance to
// draw a card.
import type { AnyEngine } from '../kernel/index.ts'
import type { CardView, IndexedCard } from './catalog.ts'
import type { CardResolver, DeckParts, MainEntry } from './deck-normal.ts'
import { ServiceError } from './errors.ts'

export interface KeyCount {
  key: string
  count: number
}

export interface DrawChance {
  card: string
  copies: number
  turn: number
  cardsSeen: number
  probability: number
}

export interface DeckStats {
  cards: number
  costCurve: { cost: number | null; count: number }[]
  averageCost: number | null
  byType: KeyCount[]
  byColour: KeyCount[]
  ram: { colour: string; limit: number; highest: number }[]
  sellable: number
  /** GraphQL's `drawChance(card, turn)`. */
  drawChance(args: { card: string; turn: number }): DrawChance
}

export const MAX_TURN = 1000

function tally<K>(counts: Map<K, number>, key: K, n: number): void {
  counts.set(key, (counts.get(key) ?? 0) + n)
}

/** 1 − C(N − K, n) / C(N, n): the chance that n cards drawn from N hold at least one of K copies. */
export function atLeastOne(deckSize: number, copies: number, seen: number): number {
  if (copies <= 0 || seen <= 0) return 0
  if (seen > deckSize - copies) return 1
  let none = 1
  for (let i = 0; i < seen; i++) none *= (deckSize - copies - i) / (deckSize - i)
  return 1 - none
}

/**
 * The statistics of a deck (already parsed by the game's deck schema and in normal form) over the cards that resolve:
 * the main deck, or for a game whose leader brings a fixed deck, that deck.
 */
export function deckStats(
  engine: AnyEngine,
  index: readonly IndexedCard[],
  resolver: CardResolver,
  parts: DeckParts,
  deck: unknown,
): DeckStats {
  const byId = new Map(index.map(e => [e.card.id, e.card]))
  const entries: MainEntry[] = engine.fixedDeck ? (engine.fixedDeck(deck) ?? []) : (parts.main ?? [])
  const main: { card: CardView; count: number }[] = []
  for (const e of entries) {
    const card = byId.get(e.card)
    if (card) main.push({ card, count: e.count })
  }
  const cards = main.reduce((n, e) => n + e.count, 0)
  const curve = new Map<number, number>()
  let uncosted = 0
  let costed = 0
  let costSum = 0
  const types = new Map<string, number>()
  const colours = new Map<string, number>()
  let sellable = 0
  for (const { card, count } of main) {
    if (card.cost === null) uncosted += count
    else {
      tally(curve, card.cost, count)
      costed += count
      costSum += card.cost * count
    }
    tally(types, card.type, count)
    for (const c of card.colours) tally(colours, c, count)
    if (card.sellable) sellable += count
  }
  const costCurve: DeckStats['costCurve'] = [...curve]
    .sort(([a], [b]) => a - b)
    .map(([cost, count]) => ({ cost, count }))
  if (uncosted) costCurve.push({ cost: null, count: uncosted })

  // RAM (Cyberpunk TCG): per colour of the game's cards with RAM, the Legends' sum against the main deck's highest.
  const ramColours = [...new Set(index.filter(e => e.card.ram !== null).flatMap(e => e.card.colours))]
  const leaders = parts.leaders.map(l => byId.get(l)).filter((c): c is CardView => c !== undefined)
  const ram = ramColours.map(colour => ({
    colour,
    limit: leaders.filter(l => l.colours.includes(colour)).reduce((n, l) => n + (l.ram ?? 0), 0),
    highest: main.filter(e => e.card.colours.includes(colour)).reduce((n, e) => Math.max(n, e.card.ram ?? 0), 0),
  }))

  const pairs = (m: Map<string, number>) => [...m].map(([key, count]) => ({ key, count }))
  return {
    cards,
    costCurve,
    averageCost: costed ? costSum / costed : null,
    byType: pairs(types),
    byColour: pairs(colours),
    ram,
    sellable,
    drawChance({ card, turn }) {
      if (!Number.isInteger(turn) || turn < 1 || turn > MAX_TURN)
        throw new ServiceError('BAD_USER_INPUT', `turn: an integer from 1 to ${MAX_TURN}`)
      if (!engine.cardsSeen)
        throw new ServiceError('BAD_USER_INPUT', `${engine.id} publishes no opening hand and draws`)
      const id = resolver.resolve(String(card), 'main') ?? String(card).slice(0, 200)
      const copies = main.filter(e => e.card.id === id).reduce((n, e) => n + e.count, 0)
      const cardsSeen = Math.min(cards, engine.cardsSeen(turn))
      return { card: id, copies, turn, cardsSeen, probability: atLeastOne(cards, copies, cardsSeen) }
    },
  }
}
