// Homebrew cards of Marvel Dice Throne: the strict set-card schema (the card words of the effect vocabulary), the card
// check (with the words a place takes), the cards a set brings and where a seat's card ids resolve.
import { z } from 'zod'
import type { CardCheck, CardProblem, CardSetCards } from '../../kernel/index.ts'
import { ATTACK_MARKS, CARDS, DIE_OWNERS, HEROES, HERO_IDS, STATUSES, TIMINGS, type Card, type Effect } from './data.ts'
import { describeCard } from './card-text.ts'
import type { DTState } from './state.ts'

/** How deep a set card's JSON may nest (a Roll-one effect inside a Roll-one effect…); every built-in card is 6 deep. */
export const MAX_CARD_DEPTH = 12
/** Bounds keep a set card within what a match can hold; every built-in card is well inside them. */
const amount = z.number().int().min(1).max(20)
const ops = (schema: z.ZodType<SetEffect>) => z.array(schema).min(1).max(12)

export const STATUS_WORDS: readonly string[] = Object.keys(STATUSES)
export const SYMBOL_WORDS: readonly string[] = [...new Set(HERO_IDS.flatMap(h => HEROES[h]!.faces))]
const status = z.enum(STATUS_WORDS as [string, ...string[]]).describe('A status token, by id')
/** The damage types a card's isolated damage may have (an Ultimate is an ability's; a card deals no attack damage). */
export const ISOLATED_TYPES = ['undefendable', 'pure', 'collateral'] as const

type SetEffect = Exclude<Effect, { op: 'custom' | 'onKind' | 'mj' | 'mjUpTo' | 'throw' }>

/**
 * The card words of the effect vocabulary: what `runOps` does for a card. The ability-only words (Mjölnir steps, "n
 * of a kind", effects written in code) are not card words.
 */
// the effect lists inside an effect (Roll one), read when a card is parsed (after `effectWords` is defined)
const nested: z.ZodType<SetEffect> = z.lazy(() => effectWords)
const EFFECT_OPTIONS = [
  z.strictObject({ op: z.literal('gain'), s: status, n: amount }).describe('You gain n tokens of status s'),
  z
    .strictObject({ op: z.literal('inflict'), s: status, n: amount })
    .describe('The chosen opponent gets n tokens of status s (the card names an opponent)'),
  z.strictObject({ op: z.literal('heal'), n: amount }).describe('You heal n'),
  z.strictObject({ op: z.literal('draw'), n: amount.max(6) }).describe('You draw n cards'),
  z.strictObject({ op: z.literal('cp'), n: amount.max(15) }).describe('You gain n CP (at most 15 CP: DT-2.8)'),
  z
    .strictObject({ op: z.literal('steal'), n: amount.max(15) })
    .describe('You take up to n CP from the chosen opponent'),
  z.strictObject({ op: z.literal('retrieve') }).describe('Mjölnir comes back if it is away (Thor)'),
  z
    .strictObject({ op: z.literal('isolated'), n: amount, dt: z.enum(ISOLATED_TYPES) })
    .describe('Isolated damage of type dt to the chosen opponent, resolved on its own (DT-6.1)'),
  z
    .strictObject({ op: z.literal('pay'), s: status, n: amount.max(5) })
    .describe('Pay n of your own s tokens; holding fewer, nothing after it happens (DT-4.6)'),
  z
    .strictObject({ op: z.literal('addDamage'), n: amount })
    .describe('Attack Modifier: n more damage to your attack (with `when: attackModifier`)'),
  z
    .strictObject({ op: z.literal('prevent'), n: amount })
    .describe('Prevent n of the incoming damage the card names (with `when: incomingDamage…`)'),
  z.strictObject({ op: z.literal('preventAll') }).describe('Prevent all of that incoming damage'),
  z
    .strictObject({ op: z.literal('mark'), mark: z.enum(ATTACK_MARKS) })
    .describe('Mark the attack being resolved, read when it resolves'),
  z.strictObject({ op: z.literal('extraAttempt') }).describe('One more roll attempt for the roll on the table'),
  z
    .strictObject({ op: z.literal('setDie'), to: z.number().int().min(1).max(6).optional() })
    .describe('Set the chosen die (`choose.die`) to `to`, or to the chosen value'),
  z.strictObject({ op: z.literal('reroll') }).describe('Reroll the chosen dice (`choose.die` or `choose.dice`)'),
  z
    .strictObject({ op: z.literal('oneMoreDie'), act: z.enum(['set', 'reroll']) })
    .describe('After the first die changes, one more may be set or rerolled'),
  z
    .strictObject({ op: z.literal('moveStatus') })
    .describe('Move the chosen token (`choose.move`) to the chosen player, if it is still there'),
  z
    .strictObject({ op: z.literal('removeStatus'), all: z.boolean().optional() })
    .describe('Remove the chosen token (`choose.token`), or all tokens of the chosen player (`choose.player`)'),
  z
    .strictObject({
      op: z.literal('rollOne'),
      for: z.string().min(1).max(40).describe('What the roll event names'),
      byValue: z.array(z.array(nested).max(12)).length(6).optional().describe('Effects by value 1..6'),
      bySymbol: z
        .partialRecord(z.enum(SYMBOL_WORDS as [string, ...string[]]), ops(nested))
        .optional()
        .describe("Effects by the die's symbol on your hero"),
    })
    .describe('Roll 1 die: the effects by its value or by its symbol'),
] as const
export const effectWords = z.discriminatedUnion('op', EFFECT_OPTIONS) as unknown as z.ZodType<SetEffect>

export const chooseWords = z.union([
  z
    .strictObject({
      die: z.enum(DIE_OWNERS),
      to: z
        .union([
          z.number().int().min(1).max(6),
          z.array(z.number().int().min(1).max(6)).min(1).max(6),
          z.enum(['any', 'step', 'another']),
        ])
        .optional(),
    })
    .describe('One die of a roll on the table (whose: own, any, teammate, opponent), and the value(s) it may take'),
  z
    .strictObject({ dice: z.enum(DIE_OWNERS), upTo: z.number().int().min(1).max(5) })
    .describe('Up to upTo dice of a roll on the table'),
  z.strictObject({ player: z.literal('withStatus') }).describe('A player with status tokens'),
  z.strictObject({ token: z.literal('any') }).describe('One status token of any player'),
  z
    .strictObject({ move: z.literal('transferable') })
    .describe('A transferable token of one player and another player to receive it'),
])

export const WHEN_WORDS = [
  'attacked',
  'spiderSense',
  'attackModifier',
  'offensiveRoll',
  'defensiveRoll',
  'incomingDamage',
  'incomingDamageToYou',
] as const

/** A set card: a built-in card's data as it is, or a new one; `text` may be left out (the generated text stands). */
export const setCardSchema = z.strictObject({
  id: z
    .string()
    .regex(/^[a-z0-9][a-z0-9-]{0,63}$/)
    .describe('Lower-case letters, digits and dashes'),
  name: z.string().trim().min(1).max(80),
  hero: z.enum(HERO_IDS).nullable().describe("Whose deck may hold it (null: any hero's, like the shared cards)"),
  cost: z.number().int().min(0).max(15).describe('CP to pay (DT-2.2)'),
  timing: z.enum(TIMINGS).describe('main: Main Phase; roll: Roll Phase; instant: any time; upgrade: Hero Upgrade'),
  upgrade: z
    .strictObject({
      target: z.string().min(1).max(64).describe("An ability or defence of the hero (a status for 'passive')"),
      level: z.number().int().min(2).max(3),
      kind: z.enum(['offensive', 'defensive', 'passive']),
    })
    .optional()
    .describe('A Hero Upgrade: which ability or defence goes to which level, or a raised stack limit'),
  ops: ops(effectWords).optional().describe('The effect, run for the player who plays it (every card but an upgrade)'),
  choose: chooseWords.optional().describe('What the player names when playing it'),
  when: z.enum(WHEN_WORDS).optional().describe('When it may be played, beyond its timing'),
  needs: z
    .strictObject({ status: status, n: z.number().int().min(1).max(5) })
    .optional()
    .describe('Only while you hold at least n tokens of status'),
  thrownThisTurn: z
    .number()
    .int()
    .min(1)
    .max(6)
    .optional()
    .describe('Only once you have thrown Mjölnir this many times this turn'),
  count: z.number().int().min(1).max(3).default(1).describe('Copies in the deck'),
  text: z.string().max(500).optional().describe("The designer's own text; the generated text is shown beside it"),
})

export const cardJsonSchema: unknown = z.toJSONSchema(setCardSchema, { io: 'input', unrepresentable: 'any' })

export const OPERATION_WORDS: readonly string[] = EFFECT_OPTIONS.map(o => o.shape.op.value)
/** Each operation's schema, by its word (the vocabulary's parameters). */
export const OPERATION_SCHEMAS: ReadonlyMap<string, z.ZodObject> = new Map(
  EFFECT_OPTIONS.map(o => [o.shape.op.value, o as z.ZodObject]),
)

/** The words a place takes, by the key it is under. */
const WORDS_AT: Record<string, readonly string[]> = {
  op: OPERATION_WORDS,
  s: STATUS_WORDS,
  status: STATUS_WORDS,
  when: WHEN_WORDS,
  timing: TIMINGS,
  dt: ISOLATED_TYPES,
  mark: ATTACK_MARKS,
  die: DIE_OWNERS,
  dice: DIE_OWNERS,
  hero: HERO_IDS,
}

/** The path to the first place nested deeper than MAX_CARD_DEPTH, or null (never descends past it). */
function tooDeep(x: unknown, depth = 0): (string | number)[] | null {
  if (typeof x !== 'object' || x === null) return null
  if (depth >= MAX_CARD_DEPTH) return []
  for (const [k, v] of Object.entries(x)) {
    const below = tooDeep(v, depth + 1)
    if (below !== null) return [Array.isArray(x) ? Number(k) : k, ...below]
  }
  return null
}

function problemOf(error: z.ZodError, raw: unknown): CardProblem {
  const issue = error.issues[0]!
  const path = issue.path.filter((k): k is string | number => typeof k !== 'symbol')
  if (issue.code === 'unrecognized_keys')
    return { path: [...path, issue.keys[0]!], message: `Unknown key "${issue.keys[0]}": ${issue.message}` }
  let at = raw
  for (const k of path) at = (at as Record<string | number, unknown> | undefined)?.[k]
  // a discriminated union refuses an unknown operation at its word
  if (issue.code === 'invalid_union' && path[path.length - 1] === 'op')
    return { path, message: `Unknown operation ${JSON.stringify(at ?? null)}`, words: [...OPERATION_WORDS] }
  const last = path[path.length - 1]
  const words = typeof last === 'string' ? WORDS_AT[last] : undefined
  return { path, message: issue.message, ...(words ? { words: [...words] } : {}) }
}

/** What zod cannot say: an upgrade has no effect, every other card has one. */
function shapeProblem(card: Card): CardProblem | null {
  if (card.timing === 'upgrade' && card.upgrade === undefined)
    return { path: ['upgrade'], message: 'a Hero Upgrade names its upgrade' }
  if (card.timing !== 'upgrade' && card.upgrade !== undefined)
    return { path: ['upgrade'], message: "only a card of timing 'upgrade' is a Hero Upgrade" }
  if (card.timing === 'upgrade' && card.ops !== undefined)
    return { path: ['ops'], message: 'a Hero Upgrade has no effect of its own' }
  if (card.timing !== 'upgrade' && card.ops === undefined) return { path: ['ops'], message: 'the card needs an effect' }
  return null
}

/** Checks one set card; on success the parsed card (text filled in when left out) and its generated text. */
export function checkCard(raw: unknown): CardCheck<Card> {
  const deep = tooDeep(raw)
  if (deep !== null) return { ok: false, problem: { path: deep, message: `nested deeper than ${MAX_CARD_DEPTH}` } }
  const parsed = setCardSchema.safeParse(raw)
  if (!parsed.success) return { ok: false, problem: problemOf(parsed.error, raw) }
  const { text: own, ...rest } = parsed.data
  const shape = shapeProblem(rest as Card)
  if (shape !== null) return { ok: false, problem: shape }
  const text = describeCard(rest as Card)
  return { ok: true, card: { ...(rest as Card), text: own ?? text }, text }
}

/** The cards of a set, parsed; a card the check refuses (it was checked when the set was stored) is an error. */
export function setCards(set: CardSetCards): Card[] {
  return set.cards.map((raw, i) => {
    const r = checkCard(raw)
    if (!r.ok) throw new Error(`card ${i} of set ${set.ref} is not a valid card: ${r.problem.message}`)
    return r.card
  })
}

// A seat's set cards by id, built once per list (the list never changes during a match).
const SET_CARDS_BY_ID = new WeakMap<Card[], ReadonlyMap<string, Card>>()

/** The card `id` as `seat` holds it: the seat's set cards first (they may reuse a built-in id), then the built-in. */
export function cardOf(s: DTState, seat: number, id: string): Card | undefined {
  const list = s.homebrew?.seatCards[seat]
  if (list !== undefined && list.length > 0) {
    let byId = SET_CARDS_BY_ID.get(list)
    if (byId === undefined) SET_CARDS_BY_ID.set(list, (byId = new Map(list.map(c => [c.id, c]))))
    const own = byId.get(id)
    if (own !== undefined) return own
  }
  return CARDS[id]
}

/** The name of set card `id` in the match, `seat`'s set cards first; undefined for a built-in card or no state. */
export function setCardName(s: DTState | undefined, id: string, seat: number | undefined): string | undefined {
  const lists = s?.homebrew?.seatCards
  if (lists === undefined) return undefined
  const order = [...lists.keys()].sort((a, b) => Number(b === seat) - Number(a === seat))
  for (const k of order) {
    const card = lists[k]!.find(c => c.id === id)
    if (card !== undefined) return card.name
  }
  return undefined
}

/** The set the card `id` of `seat` comes from ("<id>@<version>"); null for a built-in card. */
export function setOf(s: DTState, seat: number, id: string): string | null {
  const at = s.homebrew?.seatCards[seat]?.findIndex(c => c.id === id) ?? -1
  return at < 0 ? null : s.homebrew!.seatCardSets[seat]![at]!
}
