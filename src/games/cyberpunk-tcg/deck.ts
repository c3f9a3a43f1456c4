import { z } from 'zod'
import type { DeckReport, DeckRules, SampleDeck, Violation } from '../../kernel/index.ts'
import { CARDS, COLORS, printed, resolveCardRef, type Color } from './cards.ts'

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
})
export type Deck = z.infer<typeof deckSchema>

export interface ResolvedDeck {
  legends: string[]
  main: string[]
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
export function resolveDeck(deck: Deck): ResolvedDeck {
  const legends = deck.legends.map(resolveCardRef).filter((x): x is string => x !== null)
  const main: string[] = []
  for (const e of deck.main) {
    const id = resolveCardRef(e.card)
    if (id) for (let i = 0; i < e.count; i++) main.push(id)
  }
  return { legends, main }
}

const v = (code: string, rule: string, message: string, cards: string[]): Violation => ({ code, rule, message, cards })

export function validateDeck(deck: Deck): DeckReport {
  const violations: Violation[] = []
  const legendIds: string[] = []
  for (const ref of deck.legends) {
    const id = resolveCardRef(ref)
    if (!id) violations.push(v('UNKNOWN_CARD', 'CR 7.3', `unknown card "${ref}"`, [ref]))
    else if (CARDS.get(id)!.type !== 'Legend')
      violations.push(v('NOT_A_LEGEND', 'CP-6.5', `${printed(id)} is not a Legend`, [id]))
    else legendIds.push(id)
  }
  if (deck.legends.length !== LEGENDS)
    violations.push(
      v('LEGEND_COUNT', 'CR 7.3.1', `a deck has exactly ${LEGENDS} Legends (found ${deck.legends.length})`, legendIds),
    )
  for (const [n, ids] of sharedNames(legendIds.map(id => [id, CARDS.get(id)!.names])))
    violations.push(
      v('DUPLICATE_LEGEND_NAME', 'CR 7.3.1', `the ${LEGENDS} Legends must have different names ("${n}")`, ids),
    )

  const limits: Record<Color, number> = { Red: 0, Green: 0, Blue: 0, Yellow: 0 } // CP-6.7
  for (const id of legendIds) limits[CARDS.get(id)!.color] += CARDS.get(id)!.ram // CP-6.8
  const used: Record<Color, number> = { Red: 0, Green: 0, Blue: 0, Yellow: 0 }
  const counts = new Map<string, number>()
  let total = 0
  for (const e of deck.main) {
    const id = resolveCardRef(e.card)
    if (!id) {
      violations.push(v('UNKNOWN_CARD', 'CR 7.3', `unknown card "${e.card}"`, [e.card]))
      continue
    }
    const d = CARDS.get(id)!
    if (d.type === 'Legend') {
      violations.push(
        v(
          'LEGEND_IN_MAIN_DECK',
          'CP-7.7',
          `${printed(id)} is a Legend: Legends go in the Legends list, not the main deck`,
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
        v('TOO_MANY_COPIES', 'CR 7.3.3', `at most ${MAX_COPIES} copies of ${printed(id)} (found ${n})`, [id]),
      )
  const overRam = new Map<Color, string[]>()
  for (const id of counts.keys()) {
    const d = CARDS.get(id)!
    if (d.ram > limits[d.color]) overRam.set(d.color, [...(overRam.get(d.color) ?? []), id])
  }
  for (const [color, ids] of overRam)
    violations.push(
      v('RAM_LIMIT', 'CP-6.9', `${color} cards exceed the deck's ${color} RAM limit of ${limits[color]}`, ids),
    )
  const missing = [...new Set([...legendIds, ...counts.keys()])].filter(id => !CARDS.get(id)!.implemented)
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
