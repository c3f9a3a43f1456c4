// Decks of Marvel Dice Throne: a hero, who brings its own cards (DT-13.3), and the homebrew cards of the deck's sets: a
// set card replaces the built-in card of its id, `cards` adds new ones; which cards a hero's deck may hold.
import { z } from 'zod'
import { slugify, type CardSetCards, type DeckReport, type Violation } from '../../kernel/index.ts'
import { CARDS, HEROES, HERO_IDS, SHARED_CARDS, type Card, type HeroId } from './data.ts'
import { setCards } from './card-set.ts'

/** At most this many homebrew cards a deck adds (each has its own place in the action space). */
export const MAX_ADDED_CARDS = 8

export const deckSchema = z.strictObject({
  hero: z.string().min(1).describe('Hero id or printed name, e.g. "thor" or "Spider-Man (Miles Morales)"'),
  sets: z
    .array(z.string().min(1).max(80))
    .max(8)
    .optional()
    .describe(
      'Homebrew card sets the deck draws on, "<set id>@<version>" or "<set id>" (the newest): a set card replaces the built-in card of its id in this order',
    ),
  cards: z
    .array(z.string().min(1).max(100))
    .max(MAX_ADDED_CARDS)
    .optional()
    .describe("New cards of the deck's sets added to the hero's cards (ids or names), each with its `count` copies"),
})
export type DTDeck = z.infer<typeof deckSchema>

const HERO_BY_NAME = new Map<string, HeroId | undefined>()
/** Hero id from an id or a printed name ("Spider-Man (Miles Morales)"). */
export function resolveHero(name: string): HeroId | undefined {
  // a pure function of the name, asked at every setup: remembered (bounded, so odd names cannot grow it forever)
  const known = HERO_BY_NAME.get(name)
  if (known !== undefined || HERO_BY_NAME.has(name)) return known
  const hero = resolveHeroRaw(name)
  if (HERO_BY_NAME.size >= 1024) HERO_BY_NAME.clear()
  HERO_BY_NAME.set(name, hero)
  return hero
}
function resolveHeroRaw(name: string): HeroId | undefined {
  const slug = slugify(name)
  for (const h of HERO_IDS) if (h === slug || slugify(HEROES[h]!.name) === slug) return h
  if (slug === 'miles-morales') return 'spider-man'
  return undefined
}

/** The built-in cards a hero's deck holds, once per id: the shared cards, then the hero's own (DT-13.3). */
export function builtInDeck(hero: HeroId): string[] {
  return [...SHARED_CARDS, ...HEROES[hero]!.cards]
}

/** A deck resolved: each card id once, with the card it is (a set card or the built-in one) and its set. */
export interface ResolvedDeck {
  hero: HeroId
  /** The deck's card ids, once each: the hero's built-in ones, then the added ones. */
  ids: string[]
  cards: Map<string, { card: Card; set: string | null }>
  /** The refs of the sets the deck lists and that were given, in its order. */
  sets: string[]
  violations: Violation[]
}

/** Where the deck's ids resolve: its sets in the order listed (a set may reuse a built-in id), then the built-in. */
export function resolveDeck(deck: DTDeck, hero: HeroId, given: readonly CardSetCards[] = []): ResolvedDeck {
  const violations: Violation[] = []
  const sets: { ref: string; cards: Card[] }[] = []
  for (const ref of deck.sets ?? []) {
    const set = given.find(s => s.ref === ref)
    if (set === undefined)
      violations.push({
        code: 'UNKNOWN_CARD_SET',
        message: `"${ref}" is not a Marvel Dice Throne card set (or not that version)`,
        cards: [ref],
      })
    else sets.push({ ref, cards: setCards(set) })
  }
  const inSets = (match: (c: Card) => boolean): { card: Card; set: string } | undefined => {
    for (const set of sets) {
      const card = set.cards.find(match)
      if (card !== undefined) return { card, set: set.ref }
    }
    return undefined
  }
  const cards = new Map<string, { card: Card; set: string | null }>()
  const ids = builtInDeck(hero)
  for (const id of ids) cards.set(id, inSets(c => c.id === id) ?? { card: CARDS[id]!, set: null })
  for (const name of deck.cards ?? []) {
    const slug = slugify(name)
    const found = inSets(c => c.id === name || c.id === slug || slugify(c.name) === slug)
    if (found === undefined) {
      violations.push({
        code: 'UNKNOWN_CARD',
        message: `"${name}" is not a card of the deck's sets`,
        rule: 'DT-13.3',
        cards: [name],
      })
    } else if (cards.has(found.card.id)) {
      violations.push({
        code: 'DUPLICATE_CARD',
        message: `${found.card.name} is already in the deck (a set card replaces the built-in card of its id)`,
        rule: 'DT-13.3',
        cards: [found.card.id],
      })
    } else {
      cards.set(found.card.id, found)
      ids.push(found.card.id)
    }
  }
  for (const id of ids) {
    const { card, set } = cards.get(id)!
    if (set === null) continue
    if (card.hero !== null && card.hero !== hero)
      violations.push({
        code: 'HERO_CARD',
        message: `${card.name} is a ${HEROES[card.hero]?.name ?? card.hero} card; ${HEROES[hero]!.name}'s deck cannot hold it`,
        rule: 'DT-13.3',
        cards: [id],
      })
    else if (card.upgrade && !upgradeFits(card, hero))
      violations.push({
        code: 'UPGRADE_TARGET',
        message: `${card.name} upgrades "${card.upgrade.target}" to level ${card.upgrade.level}, which ${HEROES[hero]!.name} does not have`,
        rule: 'DT-4.9',
        cards: [id],
      })
  }
  return { hero, ids, cards, sets: sets.map(s => s.ref), violations }
}

/** An upgrade names an ability or defence of the hero that has that level, or (passive) one of the hero's statuses. */
function upgradeFits(card: Card, hero: HeroId): boolean {
  const u = card.upgrade!
  const h = HEROES[hero]!
  if (u.kind === 'passive') return h.statuses.includes(u.target)
  if (u.kind === 'offensive') return (h.abilities.find(a => a.id === u.target)?.levels.length ?? 0) >= u.level
  return (h.defences.find(d => d.id === u.target)?.levels.length ?? 0) >= u.level
}

export function validateDeck(deck: DTDeck, given?: readonly CardSetCards[]): DeckReport {
  const hero = resolveHero(deck.hero)
  if (!hero) {
    return {
      legal: false,
      violations: [
        {
          code: 'UNKNOWN_HERO',
          message: `unknown hero "${deck.hero}" (one of ${HERO_IDS.join(', ')})`,
          rule: 'DT-13.3',
          cards: [deck.hero],
        },
      ],
      summary: { hero: null },
    }
  }
  const resolved = resolveDeck(deck, hero, given)
  return {
    legal: resolved.violations.length === 0,
    violations: resolved.violations,
    summary: { hero, name: HEROES[hero]!.name, cards: resolved.ids.length },
  }
}

/** The deck as setup deals it: every copy's id, in the deck's order, and the set cards among them once each. */
export interface ExpandedDeck {
  hero: HeroId
  cards: string[]
  setCards: Card[]
  setCardSets: string[]
  sets: string[]
}

export function expandDeck(deck: DTDeck, hero: HeroId, given?: readonly CardSetCards[]): ExpandedDeck {
  const resolved = resolveDeck(deck, hero, given)
  const cards: string[] = []
  const setCards: Card[] = []
  const setCardSets: string[] = []
  for (const id of resolved.ids) {
    const { card, set } = resolved.cards.get(id)!
    for (let k = 0; k < card.count; k++) cards.push(id)
    if (set !== null) {
      setCards.push(card)
      setCardSets.push(set)
    }
  }
  return { hero, cards, setCards, setCardSets, sets: resolved.sets }
}
