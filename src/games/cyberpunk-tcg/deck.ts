import { z } from 'zod'
import {
  slugify,
  type CardSetCards,
  type DeckReport,
  type DeckRules,
  type SampleDeck,
  type Violation,
} from '../../kernel/index.ts'
import { CARDS, COLORS, printed, resolveCardRef, type CardDef, type Color } from './cards.ts'
import { setCardDef } from './card-set.ts'
import { deckSets, type DeckSetCard } from './homebrew.ts'

export const LEGENDS = 3 // CR 7.3.1
export const MAIN_MIN = 40 // CR 7.3.2
export const MAIN_MAX = 50
export const MAX_COPIES = 3 // CR 7.3.3

export const DECK_RULES: DeckRules = {
  leader: { kind: 'Legend', count: LEGENDS },
  mainDeck: { min: MAIN_MIN, max: MAIN_MAX },
  maxCopies: MAX_COPIES,
  limits: [
    { code: 'DUPLICATE_LEGEND_NAME', rule: 'CR 7.3.1', description: `The ${LEGENDS} Legends have different names` },
    { code: 'LEGEND_IN_MAIN_DECK', rule: 'CP-7.7', description: 'Legends go in the Legends list, not the main deck' },
    {
      code: 'RAM_LIMIT',
      rule: 'CP-6.9',
      description:
        "A main-deck card's RAM is at most the deck's RAM limit of its colour: the sum of the RAM of the Legends of that colour",
    },
    {
      code: 'CARD_NOT_IMPLEMENTED',
      rule: 'CP-10.1',
      description: 'Every card needs a behaviour in this engine (data.implemented)',
    },
  ],
}

/** design.md deck format: `{ legends: [id, id, id], main: [{ card, count }] }`; ids or full printed names. */
export const deckSchema = z.strictObject({
  legends: z.array(z.string()),
  main: z.array(z.strictObject({ card: z.string(), count: z.number().int().min(1) })),
  sets: z
    .array(z.string().max(80))
    .max(8)
    .optional()
    .describe(
      'Homebrew card sets the deck draws on, "<set id>@<version>" or "<set id>" (the newest); its names resolve in them first, in this order',
    ),
})
export type Deck = z.infer<typeof deckSchema>

export interface ResolvedDeck {
  legends: string[]
  main: string[]
  /** The set cards among them, once each, with their sets (the deck's own ids: setup may give them others). */
  setCards: DeckSetCard[]
  /** The refs of the sets the deck lists. */
  sets: string[]
}

/** Where a deck's card references resolve: its sets, in the order listed, then the built-in cards. */
interface DeckLookup {
  find(ref: string): { id: string; def: CardDef; set: DeckSetCard | null } | null
  sets: string[]
  unknownSets: string[]
}

function deckLookup(deck: Deck, given?: readonly CardSetCards[]): DeckLookup {
  const { sets, unknown } = deckSets(deck.sets, given)
  const defs = new Map<object, CardDef>()
  return {
    sets: sets.map(s => s.ref),
    unknownSets: unknown,
    find(ref) {
      const slug = slugify(ref)
      for (const set of sets) {
        const card = set.cards.find(
          c => c.id === ref || c.id === slug || slugify(c.subtitle ? `${c.name}: ${c.subtitle}` : c.name) === slug,
        )
        if (card === undefined) continue
        let def = defs.get(card)
        if (def === undefined) defs.set(card, (def = setCardDef(card)))
        return { id: card.id, def, set: { card, set: set.ref } }
      }
      const id = resolveCardRef(ref)
      return id === null ? null : { id, def: CARDS.get(id)!, set: null }
    },
  }
}

/**
 * CR 7.3.1 with CP-2.6: every name two or more of these cards share, with the cards that bear it. A card named "A & B"
 * has three names, so it shares "B" with a card named "B".
 */
export function sharedNames(cards: [string, string[]][]): [string, string[]][] {
  const byName = new Map<string, string[]>()
  for (const [id, names] of cards) for (const n of names) byName.set(n, [...(byName.get(n) ?? []), id])
  return [...byName].filter(([, ids]) => ids.length > 1)
}

/** Resolves names to ids (unknown references are dropped; validateDeck reports them). */
export function resolveDeck(deck: Deck, given?: readonly CardSetCards[]): ResolvedDeck {
  const lookup = deckLookup(deck, given)
  const setCards: DeckSetCard[] = []
  const found = (ref: string): string | null => {
    const hit = lookup.find(ref)
    if (hit?.set && !setCards.some(c => c.card.id === hit.id)) setCards.push(hit.set)
    return hit?.id ?? null
  }
  const legends = deck.legends.map(found).filter((x): x is string => x !== null)
  const main: string[] = []
  for (const e of deck.main) {
    const id = found(e.card)
    if (id) for (let i = 0; i < e.count; i++) main.push(id)
  }
  return { legends, main, setCards, sets: lookup.sets }
}

const v = (code: string, rule: string, message: string, cards: string[]): Violation => ({ code, rule, message, cards })

export function validateDeck(deck: Deck, given?: readonly CardSetCards[]): DeckReport {
  const violations: Violation[] = []
  const lookup = deckLookup(deck, given)
  for (const ref of lookup.unknownSets)
    violations.push({
      code: 'UNKNOWN_CARD_SET',
      message: `"${ref}" is not a Cyberpunk TCG card set (or not that version)`,
      cards: [ref],
    })
  // the deck's cards by id: a set card, or the built-in card
  const defs = new Map<string, CardDef>()
  const name = (id: string) => {
    const d = defs.get(id)
    return d === undefined ? printed(id) : d.subtitle ? `${d.name}: ${d.subtitle}` : d.name
  }
  const resolve = (ref: string): string | null => {
    const hit = lookup.find(ref)
    if (hit !== null) defs.set(hit.id, hit.def)
    return hit?.id ?? null
  }
  const legendIds: string[] = []
  for (const ref of deck.legends) {
    const id = resolve(ref)
    if (!id) violations.push(v('UNKNOWN_CARD', 'CR 7.3', `unknown card "${ref}"`, [ref]))
    else if (defs.get(id)!.type !== 'Legend')
      violations.push(v('NOT_A_LEGEND', 'CP-6.5', `${name(id)} is not a Legend`, [id]))
    else legendIds.push(id)
  }
  if (deck.legends.length !== LEGENDS)
    violations.push(
      v('LEGEND_COUNT', 'CR 7.3.1', `a deck has exactly ${LEGENDS} Legends (found ${deck.legends.length})`, legendIds),
    )
  for (const [n, ids] of sharedNames(legendIds.map(id => [id, defs.get(id)!.names])))
    violations.push(
      v('DUPLICATE_LEGEND_NAME', 'CR 7.3.1', `the ${LEGENDS} Legends must have different names ("${n}")`, ids),
    )

  const limits: Record<Color, number> = { Red: 0, Green: 0, Blue: 0, Yellow: 0 } // CP-6.7
  for (const id of legendIds) limits[defs.get(id)!.color] += defs.get(id)!.ram // CP-6.8
  const used: Record<Color, number> = { Red: 0, Green: 0, Blue: 0, Yellow: 0 }
  const counts = new Map<string, number>()
  let total = 0
  for (const e of deck.main) {
    const id = resolve(e.card)
    if (!id) {
      violations.push(v('UNKNOWN_CARD', 'CR 7.3', `unknown card "${e.card}"`, [e.card]))
      continue
    }
    const d = defs.get(id)!
    if (d.type === 'Legend') {
      violations.push(
        v(
          'LEGEND_IN_MAIN_DECK',
          'CP-7.7',
          `${name(id)} is a Legend: Legends go in the Legends list, not the main deck`,
          [id],
        ),
      )
      continue
    }
    total += e.count
    counts.set(id, (counts.get(id) ?? 0) + e.count)
    used[d.color] = Math.max(used[d.color], d.ram)
  }
  if (total < MAIN_MIN || total > MAIN_MAX)
    violations.push(
      v('MAIN_DECK_SIZE', 'CR 7.3.2', `the main deck has ${MAIN_MIN} to ${MAIN_MAX} cards (found ${total})`, []),
    )
  // CR 7.3.3: at most 3 copies of a name+subtitle (the id is the slug of both)
  for (const [id, n] of counts)
    if (n > MAX_COPIES)
      violations.push(
        v('TOO_MANY_COPIES', 'CR 7.3.3', `at most ${MAX_COPIES} copies of ${name(id)} (found ${n})`, [id]),
      )
  const overRam = new Map<Color, string[]>()
  for (const id of counts.keys()) {
    const d = defs.get(id)!
    if (d.ram > limits[d.color]) overRam.set(d.color, [...(overRam.get(d.color) ?? []), id])
  }
  for (const [color, ids] of overRam)
    violations.push(
      v('RAM_LIMIT', 'CP-6.9', `${color} cards exceed the deck's ${color} RAM limit of ${limits[color]}`, ids),
    )
  const missing = [...new Set([...legendIds, ...counts.keys()])].filter(id => !defs.get(id)!.implemented)
  if (missing.length)
    violations.push(v('CARD_NOT_IMPLEMENTED', 'CP-10.1', 'these cards have no behaviour in this engine yet', missing))
  return {
    legal: violations.length === 0,
    violations,
    summary: {
      legends: legendIds,
      mainDeckCards: total,
      ramLimits: limits,
      ramUsed: used,
      colors: COLORS.map(c => ({ color: c, limit: limits[c], highestRam: used[c] })),
    },
  }
}

export const SAMPLE_DECKS: SampleDeck<Deck>[] = [
  {
    name: 'The Heist (S001-HEI starter)',
    deck: {
      legends: ['V: Corporate Exile', 'Viktor Vektor: Sit Down and Relax', 'Jackie Welles: Pour One Out For Me'],
      main: [
        { card: 'Dexter DeShawn: One Last Chance', count: 2 },
        { card: 'Heywood Ripperdoc', count: 2 },
        { card: 'Offduty Malfini', count: 2 },
        { card: 'Secondhand Bombus', count: 2 },
        { card: 'T-Bug: Amateur Philosopher', count: 2 },
        { card: 'Kiroshi Optics', count: 3 },
        { card: 'Mandibular Upgrade', count: 3 },
        { card: 'Zetatech Faceplate', count: 3 },
        { card: "Afterparty at Lizzie's", count: 2 },
        { card: 'Delamain Cab', count: 3 },
        { card: 'Evelyn Parker: Scheming Siren', count: 3 },
        { card: 'MT0D12 Flathead', count: 2 },
        { card: 'Psycho Squad', count: 2 },
        { card: "Dying Night: V's Pistol", count: 2 },
        { card: 'Tetratronic Rippler', count: 2 },
        { card: 'Floor It', count: 3 },
        { card: 'Reboot Optics', count: 2 },
      ],
    },
  },
  {
    name: 'Embracing Power (S002-EBP starter)',
    deck: {
      legends: [
        'Goro Takemura: Hands Unclean',
        'Yorinobu Arasaka: Embracing Destruction',
        'Saburo Arasaka: Stubborn Patriarch',
      ],
      main: [
        { card: 'Chrome Fang', count: 2 },
        { card: 'Minotaur', count: 2 },
        { card: 'Ruthless Lowlife', count: 3 },
        { card: 'Swordwise Huscle', count: 2 },
        { card: 'Emergency Atlus', count: 2 },
        { card: 'Field Operator', count: 2 },
        { card: 'Goro Takemura: Losing His Way', count: 2 },
        { card: 'MaxTac AV', count: 2 },
        { card: 'Arasaka Emergency Radioport', count: 2 },
        { card: 'Mantis Blades', count: 3 },
        { card: 'Satori: Sword of Saburo', count: 3 },
        { card: 'Industrial Assembly', count: 2 },
        { card: 'Over the Edge', count: 2 },
        { card: 'Shattered Memories', count: 2 },
        { card: 'Corpo Security', count: 3 },
        { card: 'Sandevistan', count: 3 },
        { card: 'Corporate Surveillance', count: 3 },
      ],
    },
  },
]
