import { z } from 'zod'
import type { CardInfo, GameEngine, MatchStatus } from '../../kernel/index.ts'
import { AVATARS, CARDS, SAMPLE_DECKS, UNIQUE_BY_ID } from './data.ts'
import { DECK_RULES, deckSchema, expandDeck, validateDeck, type CNDeck } from './deck.ts'
import { cardFacets } from './facets.ts'
import { determinize } from './determinize.ts'
import { evaluate } from './heuristic.ts'
import { describeAction, describeEndReason, describeEvent } from './labels.ts'
import type { CNAction } from './action.ts'
import { applyAction } from './apply.ts'
import { resign } from './end.ts'
import { legal, toAct } from './options.ts'
import { initialState } from './setup.ts'
import { eventSchema, viewSchema } from './schemas.ts'
import type { CNState } from './state.ts'
import { viewState } from './view.ts'
import { encoding } from './encoding.ts'
import { cardJsonSchema, checkCard } from './card-set.ts'
import { tryCard } from './card-trial.ts'
import { VOCABULARY } from './vocabulary.ts'
import type { CNView } from './schemas.ts'

const uid = z.number().int().min(0).describe('A card instance (its uid in the view)')
export const actionSchema = z.discriminatedUnion('type', [
  z
    .strictObject({
      type: z.literal('recycle'),
      card: uid.describe('The card of your hand to put under your deck (CN-3.8)'),
    })
    .describe('Recycle, once per round before placing'),
  z
    .strictObject({
      type: z.literal('place'),
      cards: z.array(uid).max(3).describe('The cards of your hand to arm face down'),
    })
    .describe('Place your cards (Preparation)'),
  z
    .strictObject({
      type: z.literal('activate'),
      card: uid.describe('One of your armed cards'),
      turbo: z.boolean().default(false).describe('Pay its Turbo X mana for the Turbo effect (CN-3.7)'),
      burn: z.boolean().default(false).describe('Pay its Burn X coal for the Burn effect (CN-5.5)'),
      target: uid.optional().describe("The opponent's equipped card it targets (EMP Pulse)"),
      coal: z
        .array(uid)
        .max(6)
        .optional()
        .describe('Where the coal comes from, one equipped card per coal, when there is a choice (CN-5.6)'),
    })
    .describe('Activate an armed card (on your turn, or an Ability in answer to the chain)'),
  z.strictObject({ type: z.literal('ability') }).describe("Use your avatar's ability, its Unique Ability"),
  z
    .strictObject({ type: z.literal('use'), card: uid.describe('Your equipped card with a Use') })
    .describe('Use an equipped card (CN-5.10)'),
  z.strictObject({ type: z.literal('pass') }).describe('Pass your turn, or let the chain resolve without answering'),
  z
    .strictObject({ type: z.literal('pickCoal'), card: uid.describe('One of the tied equipped cards') })
    .describe('Break a coal tie (Decision 6)'),
  z
    .strictObject({
      type: z.literal('setAutoPass'),
      on: z.boolean().describe('On: you are not asked when you have no real answer'),
    })
    .describe(
      'Turn your own auto-pass on or off (Decision 10): the timing of your passes may then show that you had no answer',
    ),
]) as unknown as z.ZodType<CNAction>

export const optionsSchema = z.strictObject({})
export type CNOptions = z.infer<typeof optionsSchema>

/**
 * What the other seats (and spectators) see of an action in the match log. Which card is recycled or placed face down
 * is hidden (CN-3.8, CN-6.5), and so is the number of the activated card (numbers follow the deck order); the card
 * itself, its Turbo and Burn are shown by the events. Equipped cards (Uses, targets) are public (CN-9).
 */
export function publicAction(a: CNAction): unknown {
  switch (a.type) {
    case 'place':
      return { type: 'place', count: Array.isArray(a.cards) ? a.cards.length : 0 }
    case 'activate':
      // A target is an equipped card, which is public.
      // A target and the cards that pay coal are equipped cards, which are public.
      return {
        type: 'activate',
        turbo: a.turbo === true,
        burn: a.burn === true,
        ...(a.target !== undefined ? { target: a.target } : {}),
        ...(a.coal !== undefined ? { coal: a.coal } : {}),
      }
    case 'use':
      return { type: 'use', card: a.card }
    case 'pickCoal':
      // the tied cards are equipped cards, which are public
      return { type: 'pickCoal', card: a.card }
    case 'setAutoPass':
      // the setting is public (Decision 10)
      return { type: 'setAutoPass', on: a.on }
    default:
      return { type: a.type }
  }
}

const UNIQUE_NOTE =
  "The avatar's ability is its Unique Ability (one power): not a deck card, used by the avatar itself without a field slot, costs mana, once per round, on your turn or in answer to a chain."

export const cyberNetCards: GameEngine<CNState, CNAction, CNDeck, CNOptions, CNView> = {
  ...encoding,
  id: 'cyber-net-cards',
  name: 'Cyber Net Cards',
  seats: { min: 2, max: 2 },
  // Both avatars at 0 life at once, or equal life when both decks run out: winners [] (end.ts, round.ts).
  draws: true,
  // Short rounds a few random moves see to the end of: 10 moves (up to the Climax) in each ismcts playout beat none
  // head to head (see README, "Measured strength").
  botTuning: { rolloutDepth: 10 },
  schemas: { deck: deckSchema, action: actionSchema, options: optionsSchema, view: viewSchema, event: eventSchema },
  validateDeck,
  setup(decks, _options, seed, sets) {
    if (decks.length !== 2) throw new Error('Cyber Net Cards is played by exactly two seats')
    return initialState(
      decks.map(d => expandDeck(d, sets)),
      seed,
    )
  },
  legalActions: (state, seat) => legal(state, seat),
  apply: (state, seat, action) => applyAction(state, seat, action),
  view: viewState,
  status(state): MatchStatus {
    if (state.phase === 'over')
      return { toAct: [], finished: true, winners: state.winners ?? [], reason: state.reason ?? undefined }
    return { toAct: toAct(state), finished: false }
  },
  describeAction,
  describeEvent,
  describeEndReason,
  resign,
  determinize,
  evaluate,
  publicAction,
  cards(): CardInfo[] {
    const out: CardInfo[] = []
    // Each avatar has a passive and one ability, which is its Unique Ability (CN-2.3, CN-2.4, CN-4.1–4.7; Decision 3):
    // the avatar entry names it (`uniqueAbility`), and it is also listed on its own so a reader sees it is not a deck
    // card.
    const uniqueOf = new Map([...UNIQUE_BY_ID].map(([id, a]) => [a.id, id]))
    for (const a of AVATARS)
      out.push({ id: a.id, name: a.name, type: 'avatar', data: { ...a, uniqueAbility: uniqueOf.get(a.id)! } })
    for (const [id, a] of UNIQUE_BY_ID) {
      out.push({
        id,
        name: a.ability.name,
        type: 'unique-ability',
        data: { avatar: a.id, ...a.ability, note: UNIQUE_NOTE },
      })
    }
    for (const c of CARDS) out.push({ id: c.id, name: c.name, type: c.kind, data: c })
    return out
  },
  cardFacets,
  deckRules: DECK_RULES,
  // CN-6.1, CN-6.2: the hand is filled to 4 at the start of each round; at most 3 cards leave it a round (CN-6.5),
  // so a seat has seen at most 4 + 3 per round before (effects that change the hand size aside).
  cardsSeen: turn => 4 + 3 * (turn - 1),
  sampleDecks: () => SAMPLE_DECKS.map(d => ({ name: d.name, deck: structuredClone(d.deck) })),
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

export type { CNAction } from './action.ts'
export type { CNState } from './state.ts'
export type { CNDeck } from './deck.ts'
