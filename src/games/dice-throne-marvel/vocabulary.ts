// The effect vocabulary of Marvel Dice Throne (`Game.vocabulary`), generated from the set-card schema: each word with
// its parameters, an example card and its text.
import { z } from 'zod'
import type { Vocabulary, VocabularyWord } from '../../kernel/index.ts'
import { checkCard, chooseWords, OPERATION_SCHEMAS, OPERATION_WORDS, setCardSchema } from './card-set.ts'

const jsonSchema = (schema: z.ZodType): unknown => z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' })

/** A word's example card: checked here, so a vocabulary whose example the card check refuses fails at load. */
function word(name: string, description: string, params: z.ZodType, example: Record<string, unknown>): VocabularyWord {
  const card = {
    id: `example-${name.toLowerCase()}`,
    name: `Example ${name}`,
    hero: null,
    cost: 1,
    timing: 'main',
    ...example,
  }
  const checked = checkCard(card)
  if (!checked.ok) throw new Error(`the vocabulary's example for ${name} is refused: ${checked.problem.message}`)
  return { word: name, description, params: jsonSchema(params), example: card, text: checked.text }
}

// One example card per operation, with parameters a card could print.
const OPERATION_EXAMPLE: Record<string, Record<string, unknown>> = {
  gain: { ops: [{ op: 'gain', s: 'crackle', n: 1 }] },
  inflict: { ops: [{ op: 'inflict', s: 'webbed', n: 1 }] },
  heal: { ops: [{ op: 'heal', n: 2 }] },
  draw: { timing: 'instant', ops: [{ op: 'draw', n: 1 }] },
  cp: { cost: 0, ops: [{ op: 'cp', n: 1 }] },
  steal: { ops: [{ op: 'steal', n: 2 }] },
  retrieve: { hero: 'thor', timing: 'instant', ops: [{ op: 'retrieve' }, { op: 'cp', n: 1 }] },
  isolated: { cost: 2, ops: [{ op: 'isolated', n: 2, dt: 'undefendable' }] },
  pay: {
    timing: 'roll',
    cost: 0,
    when: 'attacked',
    needs: { status: 'invisibility', n: 1 },
    ops: [
      { op: 'pay', s: 'invisibility', n: 1 },
      { op: 'prevent', n: 2 },
    ],
  },
  addDamage: { timing: 'roll', when: 'attackModifier', ops: [{ op: 'addDamage', n: 2 }] },
  prevent: { timing: 'roll', when: 'incomingDamage', ops: [{ op: 'prevent', n: 3 }] },
  preventAll: { timing: 'roll', cost: 3, when: 'incomingDamageToYou', ops: [{ op: 'preventAll' }] },
  mark: { hero: 'thor', timing: 'roll', when: 'attacked', ops: [{ op: 'mark', mark: 'indomitableWill' }] },
  extraAttempt: { timing: 'roll', when: 'offensiveRoll', ops: [{ op: 'extraAttempt' }] },
  setDie: { timing: 'roll', choose: { die: 'own', to: 6 }, ops: [{ op: 'setDie', to: 6 }] },
  reroll: { timing: 'roll', choose: { die: 'own' }, ops: [{ op: 'reroll' }] },
  oneMoreDie: {
    timing: 'roll',
    choose: { dice: 'own', upTo: 2 },
    ops: [{ op: 'reroll' }, { op: 'oneMoreDie', act: 'reroll' }],
  },
  moveStatus: { choose: { move: 'transferable' }, ops: [{ op: 'moveStatus' }] },
  removeStatus: { choose: { token: 'any' }, ops: [{ op: 'removeStatus' }] },
  rollOne: {
    cost: 0,
    ops: [
      {
        op: 'rollOne',
        for: 'example',
        byValue: [[], [], [{ op: 'cp', n: 1 }], [{ op: 'cp', n: 1 }], [{ op: 'cp', n: 2 }], [{ op: 'heal', n: 3 }]],
      },
    ],
  },
}

const operations = OPERATION_WORDS.map(name => {
  const schema = OPERATION_SCHEMAS.get(name)!
  const { op: _op, ...params } = schema.shape
  return word(name, schema.description ?? name, z.strictObject(params), OPERATION_EXAMPLE[name]!)
})

const shape = setCardSchema.shape
const when = (value: string, description: string, example: Record<string, unknown>) =>
  word(value, `\`when: ${value}\`: ${description}`, z.literal(value), { timing: 'roll', when: value, ...example })

export const VOCABULARY: Vocabulary = {
  operations,
  conditions: [
    when('attacked', 'you are attacked (not by an Ultimate, not by collateral damage)', {
      ops: [{ op: 'prevent', n: 2 }],
    }),
    when('spiderSense', 'you defend with Spider-Sense', {
      hero: 'spider-man',
      ops: [{ op: 'mark', mark: 'swingEscape' }],
    }),
    when('attackModifier', 'you are attacking with damage that can be modified (DT-6.3)', {
      ops: [{ op: 'addDamage', n: 1 }],
    }),
    when('offensiveRoll', 'the offensive dice are on the table, before activation', {
      ops: [{ op: 'extraAttempt' }],
    }),
    when('defensiveRoll', 'the defence dice are on the table, in the defence window', {
      cost: 0,
      ops: [{ op: 'extraAttempt' }],
    }),
    when('incomingDamage', "an attack's damage, its counter damage or isolated damage is on its way to any player", {
      ops: [{ op: 'prevent', n: 4 }],
    }),
    when('incomingDamageToYou', 'the same, aimed at you', { cost: 2, ops: [{ op: 'prevent', n: 5 }] }),
    word('needs', 'Only while you hold at least n tokens of a status', shape.needs.unwrap(), {
      timing: 'instant',
      needs: { status: 'crackle', n: 1 },
      ops: [{ op: 'draw', n: 2 }],
    }),
    word(
      'thrownThisTurn',
      'Only once you have thrown Mjölnir this many times this turn',
      shape.thrownThisTurn.unwrap(),
      {
        hero: 'thor',
        timing: 'instant',
        cost: 0,
        thrownThisTurn: 1,
        ops: [{ op: 'cp', n: 1 }],
      },
    ),
  ],
  triggers: [
    word(
      'main',
      'A Main Phase Action: played in your Main Phases, the others may answer before it resolves (DT-4.2)',
      z.literal('main'),
      {
        ops: [{ op: 'heal', n: 2 }],
      },
    ),
    word('roll', 'A Roll Phase Action: played during a roll phase (DT-4.3)', z.literal('roll'), {
      timing: 'roll',
      choose: { die: 'any', to: 'step' },
      ops: [{ op: 'setDie' }],
    }),
    word('instant', 'An Instant Action: played at any time (DT-4.4)', z.literal('instant'), {
      timing: 'instant',
      ops: [{ op: 'cp', n: 1 }],
    }),
    word(
      'upgrade',
      "A Hero Upgrade: raises one of the hero's abilities or defences a level (DT-4.9)",
      shape.upgrade.unwrap(),
      {
        hero: 'loki',
        timing: 'upgrade',
        cost: 3,
        upgrade: { target: 'vex', level: 2, kind: 'offensive' },
      },
    ),
  ],
  targets: [
    word(
      'opponent',
      'A card that inflicts, steals or deals isolated damage names one opponent',
      z.literal('opponent'),
      {
        ops: [{ op: 'inflict', s: 'reality-warp', n: 1 }],
      },
    ),
    word('die', '`choose.die`: one die of a roll on the table, and the value it may take', chooseWords.options[0], {
      timing: 'roll',
      choose: { die: 'own', to: [1, 6] },
      ops: [{ op: 'setDie' }],
    }),
    word('dice', '`choose.dice`: up to upTo dice of a roll on the table', chooseWords.options[1], {
      timing: 'roll',
      choose: { dice: 'any', upTo: 3 },
      ops: [{ op: 'reroll' }],
    }),
    word('player', '`choose.player`: a player with status tokens', chooseWords.options[2], {
      cost: 2,
      choose: { player: 'withStatus' },
      ops: [{ op: 'removeStatus', all: true }],
    }),
    word('token', '`choose.token`: one status token of any player', chooseWords.options[3], {
      choose: { token: 'any' },
      ops: [{ op: 'removeStatus' }],
    }),
    word('move', '`choose.move`: a transferable token and the player to receive it', chooseWords.options[4], {
      cost: 2,
      choose: { move: 'transferable' },
      ops: [{ op: 'moveStatus' }],
    }),
  ],
  durations: [
    word('game', 'A Hero Upgrade stays in play for the rest of the game (DT-4.11)', shape.upgrade.unwrap(), {
      hero: 'scarlet-witch',
      timing: 'upgrade',
      cost: 2,
      upgrade: { target: 'crackle', level: 2, kind: 'passive' },
    }),
    word('attack', 'Added or prevented damage and marks last until the attack resolves (DT-6)', z.literal('attack'), {
      timing: 'roll',
      when: 'attackModifier',
      ops: [{ op: 'addDamage', n: 2 }],
    }),
    word('roll', 'An extra roll attempt is for the roll on the table only', z.literal('roll'), {
      timing: 'roll',
      when: 'offensiveRoll',
      ops: [{ op: 'extraAttempt' }],
    }),
  ],
}
