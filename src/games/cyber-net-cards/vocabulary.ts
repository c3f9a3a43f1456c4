/**
 * The effect vocabulary of Cyber Net Cards (`Game.vocabulary`), generated from the card schema: each word with its
 * parameters, an example card and its text.
 */
import { z } from 'zod'
import type { Vocabulary, VocabularyWord } from '../../kernel/index.ts'
import { cardSchema, opSchema, type Op } from './data.ts'
import { checkCard } from './card-set.ts'

const jsonSchema = (schema: z.ZodType): unknown => z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' })

/** A word's example card: checked here, so a vocabulary whose example the card check refuses fails at load. */
function word(name: string, description: string, params: z.ZodType, example: Record<string, unknown>): VocabularyWord {
  const card = { id: `example-${name.toLowerCase()}`, name: `Example ${name}`, ...example }
  const checked = checkCard(card)
  if (!checked.ok) throw new Error(`the vocabulary's example for ${name} is refused: ${checked.problem.message}`)
  return { word: name, description, params: jsonSchema(params), example: card, text: checked.text }
}

// One sample operation per word, with parameters a card could print.
const SAMPLE_OP: Record<Op['op'], Op> = {
  damage: { op: 'damage', n: 2 },
  heal: { op: 'heal', n: 3 },
  atk: { op: 'atk', n: 2 },
  def: { op: 'def', n: -1, who: 'opp' },
  draw: { op: 'draw', n: 1 },
  mana: { op: 'mana', n: -1, who: 'opp' },
  coal: { op: 'coal', n: 1 },
  moveCoal: { op: 'moveCoal', n: 1 },
  negate: { op: 'negate' },
  rollback: { op: 'rollback' },
  purge: { op: 'purge' },
}
// Negations answer a chain: they are Abilities (CN-6.9); the rest are Offensive cards.
const ANSWERS = new Set(['negate', 'rollback', 'purge'])

const operations = opSchema.options.map(o => {
  const name = o.shape.op.value
  const { op: _op, ...params } = o.shape as Record<string, z.ZodType>
  return word(name, o.description ?? name, z.strictObject(params), {
    kind: ANSWERS.has(name) ? 'ability' : 'offensive',
    cost: 1,
    effect: [SAMPLE_OP[name]],
  })
})

const lasting = cardSchema.shape.lasting.unwrap()
const equipment = (extra: Record<string, unknown>) => ({
  kind: 'equipment',
  cost: 2,
  effect: [],
  lasting: { duration: 2, ...extra },
})

export const VOCABULARY: Vocabulary = {
  operations,
  conditions: [
    word(
      'steampunkOnly',
      'Only a deck with a Steampunk avatar may hold the card (CN-5.8)',
      cardSchema.shape.steampunkOnly,
      {
        kind: 'offensive',
        cost: 1,
        steampunkOnly: true,
        effect: [SAMPLE_OP.damage],
      },
    ),
    word('coalCost', 'Coal paid on activation from your equipped cards (CN-5.4, CN-5.6)', cardSchema.shape.coalCost, {
      kind: 'offensive',
      cost: 2,
      coalCost: 1,
      effect: [{ op: 'damage', n: 4 }],
    }),
  ],
  triggers: [
    word('effect', 'When the card resolves (CN-8)', cardSchema.shape.effect, {
      kind: 'defensive',
      cost: 1,
      effect: [SAMPLE_OP.heal],
    }),
    word('turbo', 'Pay x more mana on activating for more effect (CN-3.7)', cardSchema.shape.turbo.unwrap(), {
      kind: 'offensive',
      cost: 1,
      effect: [SAMPLE_OP.damage],
      turbo: { x: 2, effect: [SAMPLE_OP.damage] },
    }),
    word('burn', 'Pay x coal on activating for more effect (CN-5.5)', cardSchema.shape.burn.unwrap(), {
      kind: 'offensive',
      cost: 1,
      effect: [SAMPLE_OP.damage],
      burn: { x: 1, effect: [{ op: 'damage', n: 3 }] },
    }),
    word(
      'roundStart',
      'At the start of each round while the card stays (CN-9)',
      lasting.shape.roundStart,
      equipment({ roundStart: [{ op: 'heal', n: 1 }] }),
    ),
    word(
      'coalGain',
      'The card gains coal at the start of each round or when you activate a card of a kind (CN-5.3)',
      lasting.shape.coalGain,
      equipment({ coalGain: { on: 'offensive', n: 1 }, usesCoal: true }),
    ),
    word(
      'use',
      "Once per round, on your turn or in answer to a chain: the equipped card's Use (CN-5.10)",
      lasting.shape.use,
      equipment({ use: { cost: 1, coal: 0, effect: [SAMPLE_OP.damage] } }),
    ),
  ],
  targets: [
    word('self', 'Your own avatar (the default)', z.literal('self'), {
      kind: 'defensive',
      cost: 1,
      effect: [{ op: 'def', n: 2, who: 'self' }],
    }),
    word('opp', "The opponent's avatar", z.literal('opp'), {
      kind: 'offensive',
      cost: 1,
      effect: [{ op: 'atk', n: -2, who: 'opp' }],
    }),
  ],
  durations: [
    word('round', 'ATK and DEF changes last until the end of the round (CN-6.18)', opSchema.options[2]!.shape.n, {
      kind: 'offensive',
      cost: 1,
      effect: [SAMPLE_OP.atk],
    }),
    word(
      'lasting',
      "Equipment stays on your avatar, an infection on the opponent's, for duration rounds (CN-9)",
      lasting,
      equipment({ mods: { atk: 1 } }),
    ),
    word(
      'steamExtra',
      'One round longer on a Steampunk avatar (CN-5.9)',
      lasting.shape.steamExtra,
      equipment({ steamExtra: true, mods: { def: 1 } }),
    ),
  ],
}
