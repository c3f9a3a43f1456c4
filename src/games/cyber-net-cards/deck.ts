import { z } from 'zod'
import { slugify, type DeckReport, type DeckRules, type Violation } from '../../kernel/index.ts'
import { AVATAR_BY_ID, AVATARS, CARD_BY_ID, CARDS, UNIQUE_BY_ID } from './data.ts'

export const DECK_MIN = 20 // CN-1.1, CN-2.1
export const DECK_MAX = 30
export const MAX_COPIES = 3 // CN-2.2

export const DECK_RULES: DeckRules = {
  leader: { kind: 'avatar', count: 1 },
  mainDeck: { min: DECK_MIN, max: DECK_MAX },
  maxCopies: MAX_COPIES,
  limits: [
    { code: 'STEAMPUNK_ONLY', rule: 'CN-5.8', description: 'Steampunk-only cards need a Steampunk avatar' },
    { code: 'UNIQUE_ABILITY_NOT_DECK_CARD', rule: 'CN-2.3', description: "An avatar's Unique Ability is not a deck card" },
  ],
}

export const deckSchema = z.strictObject({
  avatar: z.string().min(1).describe('The avatar: its id or printed name'),
  main: z
    .array(z.strictObject({ card: z.string().min(1).describe('A card id or printed name'), count: z.number().int().min(1) }))
    .describe(`${DECK_MIN} to ${DECK_MAX} cards besides the avatar, at most ${MAX_COPIES} copies of each`),
})
export type CNDeck = z.infer<typeof deckSchema>

// The ids and printed names of every card, avatar and Unique Ability, slugified once: the sample decks and most client
// decks name cards exactly so, and slugify's Unicode normalisation was a twentieth of a random game's time.
const KNOWN_SLUGS: ReadonlyMap<string, string> = new Map(
  [...CARDS, ...AVATARS].flatMap((x) => [x.id, x.name]).concat(AVATARS.map((a) => a.ability.name)).map((t) => [t, slugify(t)] as const),
)

/** A card or avatar named by id or by its full printed name. */
export function resolveId(nameOrId: string): string {
  return KNOWN_SLUGS.get(nameOrId) ?? slugify(nameOrId)
}

export function validateDeck(deck: CNDeck): DeckReport {
  const violations: Violation[] = []
  const avatarId = resolveId(deck.avatar)
  const avatar = AVATAR_BY_ID.get(avatarId)
  if (!avatar) {
    violations.push({ code: 'UNKNOWN_AVATAR', message: `"${deck.avatar}" is not an avatar`, rule: 'CN-2.1', cards: [deck.avatar] })
  }
  const counts = new Map<string, number>()
  let total = 0
  for (const { card, count } of deck.main) {
    const id = resolveId(card)
    if (CARD_BY_ID.has(id)) {
      counts.set(id, (counts.get(id) ?? 0) + count)
      total += count
    } else if (AVATAR_BY_ID.has(id)) {
      violations.push({ code: 'EXTRA_AVATAR', message: `${AVATAR_BY_ID.get(id)!.name} is an avatar: a deck has exactly one avatar, outside the main cards`, rule: 'CN-2.1', cards: [id] })
    } else if (UNIQUE_BY_ID.has(id)) {
      violations.push({
        code: 'UNIQUE_ABILITY_NOT_DECK_CARD',
        message: `${UNIQUE_BY_ID.get(id)!.ability.name} is the Unique Ability of ${UNIQUE_BY_ID.get(id)!.name}; Unique Abilities are not deck cards`,
        rule: 'CN-2.3',
        cards: [id],
      })
    } else {
      violations.push({ code: 'UNKNOWN_CARD', message: `"${card}" is not a Cyber Net Cards card`, rule: 'CN-2.1', cards: [card] })
    }
  }
  if (total < DECK_MIN || total > DECK_MAX) {
    violations.push({ code: 'DECK_SIZE', message: `A deck has ${DECK_MIN} to ${DECK_MAX} cards besides its avatar; this one has ${total}`, rule: 'CN-2.1', cards: [] })
  }
  for (const [id, n] of counts) {
    if (n > MAX_COPIES) violations.push({ code: 'TOO_MANY_COPIES', message: `${n} copies of ${CARD_BY_ID.get(id)!.name}; at most ${MAX_COPIES}`, rule: 'CN-2.2', cards: [id] })
  }
  if (avatar && !avatar.steampunk) {
    const sp = [...counts.keys()].filter((id) => CARD_BY_ID.get(id)!.steampunkOnly)
    if (sp.length > 0) {
      violations.push({ code: 'STEAMPUNK_ONLY', message: `${avatar.name} is not a Steampunk avatar; these cards are Steampunk only`, rule: 'CN-5.8', cards: sp })
    }
  }
  const byKind: Record<string, number> = {}
  for (const [id, n] of counts) {
    const k = CARD_BY_ID.get(id)!.kind
    byKind[k] = (byKind[k] ?? 0) + n
  }
  return {
    legal: violations.length === 0,
    violations,
    summary: { avatar: avatar?.id ?? null, steampunk: avatar?.steampunk ?? false, cards: total, byKind },
  }
}

/** The deck as setup needs it: avatar id and the list of card ids (names resolved). */
export function expandDeck(deck: CNDeck): { avatar: string; cards: string[] } {
  const cards: string[] = []
  for (const { card, count } of deck.main) {
    const id = resolveId(card)
    for (let i = 0; i < count; i++) cards.push(id)
  }
  return { avatar: resolveId(deck.avatar), cards }
}
