/**
 * Decks of Cyber Net Cards: the deck schema, its rules (CN-2.1, CN-2.2, CN-2.3, CN-5.8) and how a deck's names resolve,
 * in its card sets first.
 */
import { z } from 'zod'
import { slugify, type CardSetCards, type DeckReport, type DeckRules, type Violation } from '../../kernel/index.ts'
import { AVATAR_BY_ID, AVATARS, CARD_BY_ID, CARDS, UNIQUE_BY_ID, type Card } from './data.ts'
import { setCards } from './card-set.ts'

export const DECK_MIN = 20 // CN-1.1, CN-2.1
export const DECK_MAX = 30
export const MAX_COPIES = 3 // CN-2.2

export const DECK_RULES: DeckRules = {
  leader: { kind: 'avatar', count: 1 },
  mainDeck: { min: DECK_MIN, max: DECK_MAX },
  maxCopies: MAX_COPIES,
  limits: [
    { code: 'STEAMPUNK_ONLY', rule: 'CN-5.8', description: 'Steampunk-only cards need a Steampunk avatar' },
    {
      code: 'UNIQUE_ABILITY_NOT_DECK_CARD',
      rule: 'CN-2.3',
      description: "An avatar's Unique Ability is not a deck card",
    },
  ],
}

export const deckSchema = z.strictObject({
  avatar: z.string().min(1).describe('The avatar: its id or printed name'),
  main: z
    .array(
      z.strictObject({ card: z.string().min(1).describe('A card id or printed name'), count: z.number().int().min(1) }),
    )
    .describe(`${DECK_MIN} to ${DECK_MAX} cards besides the avatar, at most ${MAX_COPIES} copies of each`),
  sets: z
    .array(z.string().min(1).max(80))
    .max(8)
    .optional()
    .describe(
      'Homebrew card sets the deck draws on, "<set id>@<version>" or "<set id>" (the newest); its names resolve in them first, in this order',
    ),
})
export type CNDeck = z.infer<typeof deckSchema>

// The ids and printed names of every card, avatar and Unique Ability, slugified once: the sample decks and most client
// decks name cards exactly so, and slugify's Unicode normalisation was a twentieth of a random game's time.
const KNOWN_SLUGS: ReadonlyMap<string, string> = new Map(
  [...CARDS, ...AVATARS]
    .flatMap(x => [x.id, x.name])
    .concat(AVATARS.map(a => a.ability.name))
    .map(t => [t, slugify(t)] as const),
)

/** A card or avatar named by id or by its full printed name. */
export function resolveId(nameOrId: string): string {
  return KNOWN_SLUGS.get(nameOrId) ?? slugify(nameOrId)
}

/** Where a deck's card names resolve: its sets, in the order listed, then the built-in cards. */
export interface DeckCards {
  find(nameOrId: string): Card | undefined
  /** The sets the deck lists, parsed, in its order (the unknown ones left out). */
  sets: { ref: string; cards: Card[] }[]
  /** The refs the deck lists that are not among the sets given. */
  unknownSets: string[]
}

export function deckCards(deck: CNDeck, given: readonly CardSetCards[] = []): DeckCards {
  const sets: DeckCards['sets'] = []
  const unknownSets: string[] = []
  for (const ref of deck.sets ?? []) {
    const set = given.find(s => s.ref === ref)
    if (set === undefined) unknownSets.push(ref)
    else sets.push({ ref, cards: setCards(set) })
  }
  return {
    sets,
    unknownSets,
    find(nameOrId) {
      const slug = resolveId(nameOrId)
      for (const set of sets) {
        const hit = set.cards.find(c => c.id === nameOrId || c.id === slug || slugify(c.name) === slug)
        if (hit !== undefined) return hit
      }
      return CARD_BY_ID.get(slug)
    },
  }
}

export function validateDeck(deck: CNDeck, given?: readonly CardSetCards[]): DeckReport {
  const violations: Violation[] = []
  const lookup = deckCards(deck, given)
  for (const ref of lookup.unknownSets) {
    violations.push({
      code: 'UNKNOWN_CARD_SET',
      message: `"${ref}" is not a Cyber Net Cards card set (or not that version)`,
      cards: [ref],
    })
  }
  const cardById = new Map<string, Card>()
  const avatarId = resolveId(deck.avatar)
  const avatar = AVATAR_BY_ID.get(avatarId)
  if (!avatar) {
    violations.push({
      code: 'UNKNOWN_AVATAR',
      message: `"${deck.avatar}" is not an avatar`,
      rule: 'CN-2.1',
      cards: [deck.avatar],
    })
  }
  const counts = new Map<string, number>()
  let total = 0
  for (const { card, count } of deck.main) {
    const found = lookup.find(card)
    const id = found?.id ?? resolveId(card)
    if (found !== undefined) {
      cardById.set(id, found)
      counts.set(id, (counts.get(id) ?? 0) + count)
      total += count
    } else if (AVATAR_BY_ID.has(id)) {
      violations.push({
        code: 'EXTRA_AVATAR',
        message: `${AVATAR_BY_ID.get(id)!.name} is an avatar: a deck has exactly one avatar, outside the main cards`,
        rule: 'CN-2.1',
        cards: [id],
      })
    } else if (UNIQUE_BY_ID.has(id)) {
      violations.push({
        code: 'UNIQUE_ABILITY_NOT_DECK_CARD',
        message: `${UNIQUE_BY_ID.get(id)!.ability.name} is the Unique Ability of ${UNIQUE_BY_ID.get(id)!.name}; Unique Abilities are not deck cards`,
        rule: 'CN-2.3',
        cards: [id],
      })
    } else {
      violations.push({
        code: 'UNKNOWN_CARD',
        message: `"${card}" is not a Cyber Net Cards card`,
        rule: 'CN-2.1',
        cards: [card],
      })
    }
  }
  if (total < DECK_MIN || total > DECK_MAX) {
    violations.push({
      code: 'DECK_SIZE',
      message: `A deck has ${DECK_MIN} to ${DECK_MAX} cards besides its avatar; this one has ${total}`,
      rule: 'CN-2.1',
      cards: [],
    })
  }
  for (const [id, n] of counts) {
    if (n > MAX_COPIES)
      violations.push({
        code: 'TOO_MANY_COPIES',
        message: `${n} copies of ${cardById.get(id)!.name}; at most ${MAX_COPIES}`,
        rule: 'CN-2.2',
        cards: [id],
      })
  }
  if (avatar && !avatar.steampunk) {
    const sp = [...counts.keys()].filter(id => cardById.get(id)!.steampunkOnly)
    if (sp.length > 0) {
      violations.push({
        code: 'STEAMPUNK_ONLY',
        message: `${avatar.name} is not a Steampunk avatar; these cards are Steampunk only`,
        rule: 'CN-5.8',
        cards: sp,
      })
    }
  }
  const byKind: Record<string, number> = {}
  for (const [id, n] of counts) {
    const k = cardById.get(id)!.kind
    byKind[k] = (byKind[k] ?? 0) + n
  }
  return {
    legal: violations.length === 0,
    violations,
    summary: { avatar: avatar?.id ?? null, steampunk: avatar?.steampunk ?? false, cards: total, byKind },
  }
}

export interface ExpandedDeck {
  avatar: string
  /** Card ids, one per copy. */
  cards: string[]
  /** The set cards among them, once each. */
  setCards: Card[]
  /** The set of each of those cards, in the same order. */
  setCardSets: string[]
  /** The refs of the sets the deck lists. */
  sets: string[]
}

/** The deck as setup needs it: avatar id and the list of card ids (names resolved, in its sets first). */
export function expandDeck(deck: CNDeck, given?: readonly CardSetCards[]): ExpandedDeck {
  const lookup = deckCards(deck, given)
  const builtIn = new Set(CARDS)
  const cards: string[] = []
  const used = new Set<Card>()
  for (const { card, count } of deck.main) {
    const found = lookup.find(card)
    if (found !== undefined && !builtIn.has(found) && !used.has(found) && ![...used].some(c => c.id === found.id))
      used.add(found)
    const id = found?.id ?? resolveId(card)
    for (let i = 0; i < count; i++) cards.push(id)
  }
  const setCards = [...used]
  const setCardSets = setCards.map(c => lookup.sets.find(s => s.cards.includes(c))!.ref)
  return { avatar: resolveId(deck.avatar), cards, setCards, setCardSets, sets: lookup.sets.map(s => s.ref) }
}
