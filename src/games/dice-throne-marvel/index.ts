// The Marvel Dice Throne engine object: deck, action and options schemas, setup, cards, and the parts for bots and
// people wired in.
import { z } from 'zod'
import { RuleViolation, type GameEngine, type CardInfo, type CardSetCards } from '../../kernel/index.ts'
import { CARDS, HEROES, HERO_IDS, STATUSES } from './data.ts'
import { builtInDeck, deckSchema, expandDeck, resolveHero, validateDeck, type DTDeck } from './deck.ts'
import { cardJsonSchema, checkCard } from './card-set.ts'
import { tryCard } from './card-trial.ts'
import { VOCABULARY } from './vocabulary.ts'
import { applyAction, resignSeat } from './apply.ts'
import { legal } from './legal.ts'
import { setupState } from './setup.ts'
import type { DTAction, DTState, Mode } from './state.ts'
import { status, view, viewSchema, type DTView } from './view.ts'
import { encoding } from './encoding.ts'
import { eventSchema } from './events.ts'
import { describeAction, describeEndReason, describeEvent } from './labels.ts'
import { determinize } from './determinize.ts'
import { evaluate } from './heuristic.ts'
import { cardFacets, DECK_RULES } from './facets.ts'

export type { DTState, DTAction } from './state.ts'
export { deckSchema, resolveHero, type DTDeck } from './deck.ts'

export const optionsSchema = z.strictObject({ mode: z.enum(['1v1', '2v2', 'free-for-all']).optional() })
export type DTOptions = z.infer<typeof optionsSchema>

const int = z.number().int()
const seatField = int.min(0).max(3)
const dieField = int.min(0).max(4).describe('Die position, 0-based (labels say "die 1" for 0)')
const faceField = int.min(1).max(6).describe('The face value the die is set to')
const cardField = z.string().describe('Card id, as listed in `cards` and in the hand')
const statusField = z.string().describe('Status token id, e.g. "electrokinesis"')
export const actionSchema = z.discriminatedUnion('type', [
  z.strictObject({
    type: z
      .literal('end')
      .describe(
        'End the phase: Main 1 goes on to the Offensive Roll Phase, Main 2 to the Discard Phase, the Discard Phase ends the turn (with 6 cards or fewer)',
      ),
  }),
  z.strictObject({ type: z.literal('pass').describe('No response in a window, or decline an optional step') }),
  z.strictObject({
    type: z.literal('noAttack').describe('End the Offensive Roll Phase without activating an ability'),
  }),
  z.strictObject({ type: z.literal('done').describe('Done modifying the attack') }),
  z.strictObject({ type: z.literal('sell'), card: cardField }),
  z.strictObject({
    type: z.literal('play'),
    card: cardField,
    die: dieField.optional(),
    value: faceField.optional(),
    dice: z.array(dieField).optional().describe('Dice positions to reroll, 0-based'),
    target: seatField.optional().describe('The chosen player (seat, 0-based)'),
    status: statusField.optional(),
    from: seatField.optional().describe('The player a status is moved from (seat, 0-based)'),
  }),
  z.strictObject({
    type: z.literal('spend'),
    status: statusField,
    die: dieField.optional(),
    value: faceField.optional(),
    from: seatField.optional().describe('Conjure: the opponent a token is taken from'),
    take: statusField.optional().describe('Conjure: the status taken'),
  }),
  z.strictObject({
    type: z.literal('mjolnir'),
    discard: cardField.describe('The card discarded to move Mjölnir'),
    target: seatField.optional().describe('Throw at this seat; absent: retrieve'),
  }),
  z.strictObject({ type: z.literal('roll'), dice: z.array(dieField).describe('Dice positions to reroll, 0-based') }),
  z.strictObject({
    type: z.literal('select'),
    ability: z.string().describe('Ability id of the active hero'),
    variant: int.min(0).describe("Which of the ability's variants at its current level"),
  }),
  z.strictObject({ type: z.literal('target'), seat: seatField.describe('The opponent chosen (seat, 0-based)') }),
  z.strictObject({ type: z.literal('defend'), defence: z.string().describe('Defence id of the defending hero') }),
  z.strictObject({ type: z.literal('setDie'), die: dieField, value: faceField }),
  z.strictObject({
    type: z.literal('arrange'),
    order: z
      .array(z.enum(['all', 'half', 'none']))
      .length(3)
      .describe('The face-down order of the Illusion cards (hidden from the others)'),
    suggest: int.min(0).max(2).optional().describe('The position Loki suggests aloud, 0-based'),
  }),
  z.strictObject({ type: z.literal('pick'), slot: int.min(0).max(2).describe('Illusion card position, 0-based') }),
  z.strictObject({
    type: z.literal('steps'),
    count: int.min(0).max(6).describe('How many alternating Mjölnir throws/retrieves to make'),
  }),
  z.strictObject({
    type: z.literal('setAutoPass'),
    on: z
      .boolean()
      .describe(
        'On: windows where you have no real answer no longer ask you (the others may infer that from the timing); offered in windows. Off: offered in your Main Phase',
      ),
  }),
]) as unknown as z.ZodType<DTAction>

function defaultMode(seats: number): Mode {
  return seats === 2 ? '1v1' : 'free-for-all'
}

function setup(decks: DTDeck[], options: DTOptions, seed: string, sets?: readonly CardSetCards[]): DTState {
  if (decks.length < 2 || decks.length > 4)
    throw new RuleViolation('ILLEGAL_ACTION', 'DT-1.1', 'Marvel Dice Throne needs 2 to 4 seats')
  const mode = options.mode ?? defaultMode(decks.length)
  if (mode === '1v1' && decks.length !== 2)
    throw new RuleViolation('ILLEGAL_ACTION', 'DT-1.1', '1v1 needs exactly 2 seats')
  if (mode === '2v2' && decks.length !== 4)
    throw new RuleViolation('ILLEGAL_ACTION', 'DT-15.1', '2v2 needs exactly 4 seats')
  if (mode === 'free-for-all' && decks.length < 3)
    throw new RuleViolation('ILLEGAL_ACTION', 'DT-11.4', 'free-for-all needs 3 or 4 seats')
  const expanded = decks.map(d => {
    const h = resolveHero(d.hero)
    if (!h) throw new RuleViolation('ILLEGAL_ACTION', 'DT-13.3', `unknown hero ${d.hero}`)
    return expandDeck(d, h, sets)
  })
  return setupState(expanded, mode, seed)
}

/**
 * What other viewers see of an action in the match log. Only the order in which Loki lays the Illusion cards
 * face down is hidden (DT-13.20); his suggestion is public (DT-13.21). Every other action is made in the open:
 * cards played, sold or discarded end on the table or in the public discard pile, and dice, targets and
 * statuses are public.
 */
export function publicAction(a: DTAction): unknown {
  if (a.type === 'arrange') return { type: 'arrange', ...(a.suggest !== undefined ? { suggest: a.suggest } : {}) }
  return a
}

function cards(): CardInfo[] {
  const out: CardInfo[] = []
  for (const h of Object.values(HEROES)) out.push({ id: h.id, name: h.name, type: 'hero', data: h })
  for (const c of Object.values(CARDS))
    out.push({ id: c.id, name: c.name, type: c.timing === 'upgrade' ? 'hero-upgrade' : `${c.timing}-action`, data: c })
  for (const st of Object.values(STATUSES)) out.push({ id: st.id, name: st.name, type: 'status', data: st })
  return out
}

export const diceThroneMarvel: GameEngine<DTState, DTAction, DTDeck, DTOptions, DTView> = {
  ...encoding,
  id: 'dice-throne-marvel',
  name: 'Marvel Dice Throne',
  seats: { min: 2, max: 4 },
  // Every hero knocked out at once: winners [] (deaths.ts).
  draws: true,
  schemas: { deck: deckSchema, action: actionSchema, options: optionsSchema, view: viewSchema, event: eventSchema },
  validateDeck,
  setup,
  legalActions: (s, seat) => legal(s, seat),
  apply: (s, seat, a) => applyAction(s, seat, a),
  view,
  status,
  describeAction,
  describeEvent,
  describeEndReason,
  resign: resignSeat,
  determinize,
  evaluate,
  publicAction,
  cards,
  cardFacets,
  deckRules: DECK_RULES,
  // DT-3.1, DT-2.3, DT-1.4: a hand of 4, then 1 card in every Income Phase, which the starting player skips on its
  // first turn.
  cardsSeen: turn => 4 + turn - 1,
  fixedDeck: deck => {
    const hero = resolveHero(deck.hero)
    if (!hero) return null
    // the deck's sets are not known here: its added cards count once each, as listed
    return [
      ...builtInDeck(hero).map(id => ({ card: id, count: CARDS[id]!.count })),
      ...(deck.cards ?? []).map(card => ({ card, count: 1 })),
    ]
  },
  sampleDecks: () => HERO_IDS.map(h => ({ name: HEROES[h]!.name, deck: { hero: h } })),
  cardSupport: {
    cardSchema: cardJsonSchema,
    vocabulary: VOCABULARY,
    checkCard,
    tryCard(card, scenario, sets, pick) {
      const checked = checkCard(card)
      if (!checked.ok) return { problem: checked.problem }
      return tryCard(checked.card, scenario, sets, pick)
    },
  },
}
