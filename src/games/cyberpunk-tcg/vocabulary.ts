/**
 * The effect vocabulary of Cyberpunk TCG (`Game.vocabulary`), generated from the set-card schema: each word with its
 * parameters, an example card (a built-in card that is data and uses the word, else a small card of our own) and its
 * text.
 */
import { z } from 'zod'
import type { Vocabulary, VocabularyWord } from '../../kernel/index.ts'
import { CARDS } from './cards.ts'
import {
  abilitySchemas,
  cardData,
  checkCard,
  CONDITION_WORDS,
  condition,
  isData,
  operationSchemas,
  staticSchemas,
  VAR_NAMES,
} from './card-set.ts'
import { TRIGGERS } from './effects.ts'

const jsonSchema = (schema: z.ZodType): unknown =>
  z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any', reused: 'ref' })

/** A condition in a word's parameters: named, not spelled out (the `conditions` words are). */
const CONDITION = z.object({ c: z.string() }).describe('A condition: one of the `conditions` words')

const OPERATIONS = z
  .array(z.object({ op: z.string() }).describe('An operation: one of the `operations` words'))
  .min(1)
  .max(12)

/** A word's parameters, each condition in them shown as CONDITION, an ability's operations as OPERATIONS. */
function params(shape: Record<string, z.ZodType>): z.ZodType {
  const out: Record<string, z.ZodType> = {}
  for (const [key, schema] of Object.entries(shape)) {
    if (key === 'ops') {
      out[key] = OPERATIONS
      continue
    }
    const optional = schema instanceof z.ZodOptional
    const inner = optional ? (schema.unwrap() as z.ZodType) : schema
    const arrayOf = inner instanceof z.ZodArray && inner.element === condition
    const swapped = inner === condition ? CONDITION : arrayOf ? z.array(CONDITION) : inner
    out[key] = optional && swapped !== inner ? swapped.optional() : swapped === inner ? schema : swapped
  }
  return z.strictObject(out)
}

/** A word's example card: checked here, so a vocabulary whose example the card check refuses fails at load. */
function word(name: string, description: string, params: z.ZodType, example: Record<string, unknown>): VocabularyWord {
  const card = { ...example, id: `example-${name.toLowerCase().replace(/_/g, '-')}`, name: `Example ${name}` }
  delete (card as { names?: unknown }).names
  delete (card as { description?: unknown }).description
  const checked = checkCard(card)
  if (!checked.ok)
    throw new Error(
      `the vocabulary's example for ${name} is refused: ${checked.problem.message} at ${checked.problem.path.join('/')}`,
    )
  return { word: name, description, params: jsonSchema(params), example: card, text: checked.text }
}

/** The first built-in card that is data and whose abilities' JSON holds `needle`, as a set card. */
function builtInWith(needle: string): Record<string, unknown> | undefined {
  for (const d of CARDS.values())
    if (isData(d) && JSON.stringify(d.abilities).includes(needle)) return cardData(d) as Record<string, unknown>
  return undefined
}

/** A small Program of our own, for a word no built-in card uses: its effect is `ops`. */
const program = (ops: unknown[]) => ({
  type: 'Program',
  color: 'Blue',
  cost: 2,
  power: null,
  ram: 1,
  tags: ['HACK'],
  abilities: [{ kind: 'program', ops }],
})
/** A small Unit of our own with `abilities`. */
const unitCard = (abilities: unknown[]) => ({
  type: 'Unit',
  color: 'Red',
  cost: 3,
  power: 3,
  ram: 1,
  tags: ['MERC'],
  abilities,
})
const choose = { op: 'chooseUnit', filter: { side: 'rival' }, as: 'target' }

/** Word examples beyond the built-in cards. */
const OWN: Record<string, () => Record<string, unknown>> = {
  all: () => program([{ op: 'draw', n: 2, if: { c: 'all', of: [{ c: 'credEven' }, { c: 'gigAtLeast', n: 6 }] } }]),
  psycho: () => ({
    ...unitCard([{ kind: 'trigger', on: ['PLAY'], ops: [choose, { op: 'psycho', v: 'target' }] }]),
    abilities: [
      { kind: 'trigger', on: ['PLAY'], ops: [choose, { op: 'psycho', v: 'target' }] },
      { kind: 'delayed', ops: [{ op: 'defeat', v: 'subject' }] },
    ],
  }),
  varIs: () =>
    program([
      { op: 'mayPay', n: 1, as: 'paid' },
      { op: 'draw', n: 2, if: { c: 'varIs', v: 'paid', n: 1 } },
    ]),
}

function example(needle: string, fallback: () => Record<string, unknown>): Record<string, unknown> {
  return builtInWith(needle) ?? fallback()
}

const shapeOf = (schema: z.ZodType) => (schema as unknown as z.ZodObject).shape

const operations = operationSchemas.map(schema => {
  const shape = shapeOf(schema)
  const name = (shape['op'] as z.ZodLiteral<string>).value
  const { op: _op, ...rest } = shape
  return word(
    name,
    schema.description ?? name,
    params(rest),
    example(`"op":"${name}"`, OWN[name] ?? (() => program([{ op: name }]))),
  )
})

const conditionWords = ((condition as z.ZodLazy).unwrap() as z.ZodDiscriminatedUnion).options.map(o => {
  const shape = shapeOf(o as z.ZodType)
  const name = (shape['c'] as z.ZodLiteral<string>).value
  const { c: _c, ...rest } = shape
  return word(
    name,
    (o as z.ZodType).description ?? name,
    params(rest),
    example(`"c":"${name}"`, OWN[name] ?? (() => program([{ op: 'draw', n: 1, if: { c: name } }]))),
  )
})
if (conditionWords.length !== CONDITION_WORDS.length) throw new Error('a condition word is missing from the schema')

const TRIGGER_TEXT: Record<string, string> = {
  PLAY: 'This card was played',
  CALL: 'This Legend was Called (turned face up)',
  ATTACK: 'This Unit attacks',
  DEFEATED: 'This Unit was defeated',
  SPENT: 'This Unit or Legend became spent',
  END_OF_TURN: "At the end of its controller's turn",
  WIN_FIGHT: 'This Unit won a fight',
  FIRST_ARASAKA_ATTACK: 'The first time a friendly ARASAKA Unit attacks each turn',
  FIRST_BLUE_PLAY: 'The first time its controller plays a Blue Unit or Gear each turn',
  BLOCK: 'This Unit used BLOCKER',
  START_OF_TURN: "At the start of its controller's turn",
  STEAL: 'This Unit stole a Gig (the die is `subject`)',
  FRIENDLY_STEAL: 'A friendly Unit stole a Gig (the die is `subject`, the thief `thief`)',
  LOSE_FIGHT: 'This Unit lost a fight (the other Unit is `subject`)',
  FRIENDLY_BLOCK: 'A friendly Unit used BLOCKER (`subject`)',
  PLAY_BRAINDANCE: 'Its controller played a BRAINDANCE Program',
  UNIT_DEFEATED: 'Any Unit was defeated (`subject`)',
  STEAL_EVENT: 'This Unit stole one or more Gigs',
  FRIENDLY_STEAL_EVENT: 'A friendly Unit stole one or more Gigs',
  RIVAL_TOUCHED_GIGS: 'A rival adjusted or swapped friendly Gigs',
  FRIENDLY_EQUIPPED_SPENT: 'A friendly equipped Unit or Legend became spent (`subject`)',
  ROLL_IN: 'You rolled a Gig in from your fixer area (`subject`)',
  ROLLED: 'You rolled a Gig (`subject`)',
}

const triggerParams = params(abilitySchemas.trigger.omit({ kind: true }).shape)
const triggers = [
  ...TRIGGERS.map(t =>
    word(
      t,
      `${TRIGGER_TEXT[t]} (CP-11.1): an ability { "kind": "trigger", "on": ["${t}"], … }`,
      triggerParams,
      example(`"${t}"`, () => unitCard([{ kind: 'trigger', on: [t], ops: [{ op: 'draw', n: 1 }] }])),
    ),
  ),
  word(
    'activated',
    'An ability its controller uses at will, paying €$ and/or spending the card (CP-11.10)',
    abilitySchemas.activated.omit({ kind: true }),
    example('"kind":"activated"', () => ({})),
  ),
  word(
    'program',
    "A Program's effect when played (CP-7.33)",
    abilitySchemas.program.omit({ kind: true }),
    example('"kind":"program"', () => ({})),
  ),
  word(
    'delayed',
    'An effect at the end of the turn, started by `delay` (or `psycho`)',
    abilitySchemas.delayed.omit({ kind: true }),
    example('"kind":"delayed"', () => ({})),
  ),
  ...staticSchemas.map(schema => {
    const shape = shapeOf(schema)
    const name = (shape['mod'] as z.ZodLiteral<string>).value
    const { kind: _kind, mod: _mod, ...rest } = shape
    return word(
      name,
      `Always on (a static ability, CP-12): ${schema.description ?? name}`,
      params(rest),
      example(`"mod":"${name}"`, () => ({})),
    )
  }),
]

const VAR_TEXT: Record<string, string> = {
  self: 'This card itself',
  subject: 'What the trigger is about (a Unit, or a Gig die for steals and rolls)',
  thief: 'The Unit that stole (steal triggers)',
  trash: "Its controller's trash",
}

const targets = VAR_NAMES.map(name =>
  word(
    name,
    VAR_TEXT[name] ?? `What an earlier operation chose or counted into "${name}" (its \`as\`)`,
    z.literal(name),
    example(`"${name}"`, () => program([choose, { op: 'defeat', v: 'target' }])),
  ),
)

const UNIT_DURATIONS: Record<string, string> = {
  cantAttack: "until the start of the effect's player's next turn",
  cantReady: "until the start of the effect's player's next turn",
  stealFewer: 'this turn',
  fightBonus: 'this turn',
  mustAttack: "until the end of the Unit's controller's next turn",
  noFightDefeat: 'this turn',
  mayAttackUnits: 'this turn',
  mayAttackReadyUnits: 'this turn',
  fightDefeatShield: 'this turn (a charge)',
  defeatOpponentOnNextLoss: 'this turn (a charge)',
  stealOnBigWin: 'this turn (a charge)',
  goSoloDiscount: 'this turn (a charge)',
  programDiscount: 'this turn (a charge)',
  stealOnlyUpToPower: "until the start of the effect's player's next turn",
  legendsStealOnlyFromPower: "until the start of the effect's player's next turn",
}
const unitEffect = operationSchemas.find(s => (shapeOf(s)['op'] as z.ZodLiteral<string>).value === 'unitEffect')!
const durations = Object.entries(UNIT_DURATIONS).map(([name, how]) => {
  const onUnit = (shapeOf(unitEffect)['effect'] as z.ZodEnum).options.includes(name)
  return word(
    name,
    `A lasting effect ${onUnit ? 'on a Unit (`unitEffect`)' : 'for its player (`playerEffect`)'}: ${how}`,
    z.literal(name),
    example(`"effect":"${name}"`, () =>
      program(
        onUnit ? [choose, { op: 'unitEffect', v: 'target', effect: name }] : [{ op: 'playerEffect', effect: name }],
      ),
    ),
  )
})

export const VOCABULARY: Vocabulary = { operations, conditions: conditionWords, triggers, targets, durations }
