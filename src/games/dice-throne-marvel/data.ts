import { z } from 'zod'

/**
 * Marvel Dice Throne data: heroes (dice faces, abilities by level, defences, statuses) and cards.
 * Effects are written in a small vocabulary (see `effectSchema`) interpreted by effects.ts `runOps`; a few effects
 * that the vocabulary cannot say are `{ op: 'custom', id }` with code registered in effects.ts.
 * Descriptions are our own short summaries.
 */

export const DAMAGE_TYPES = ['normal', 'undefendable', 'pure', 'collateral', 'ultimate'] as const
export type DamageType = (typeof DAMAGE_TYPES)[number]

/** Marks a card may set on the attack being resolved (fields of the attack, read when it resolves). */
export const ATTACK_MARKS = ['indomitableWill', 'swingEscape', 'invisiblePunch'] as const
export type AttackMark = (typeof ATTACK_MARKS)[number]

export const effectSchema: z.ZodType<Effect> = z.lazy(() =>
  z.union([
    z.object({ op: z.literal('gain'), s: z.string(), n: z.number().int() }),
    z.object({ op: z.literal('inflict'), s: z.string(), n: z.number().int() }),
    z.object({ op: z.literal('heal'), n: z.number().int() }),
    z.object({ op: z.literal('draw'), n: z.number().int() }),
    z.object({ op: z.literal('cp'), n: z.number().int() }),
    z.object({ op: z.literal('steal'), n: z.number().int() }),
    /** Mjölnir: throw if home, retrieve if away, `n` times in alternation. */
    z.object({ op: z.literal('mj'), n: z.number().int() }),
    /**
     * Mjölnir "up to n times": the owner chooses how many alternating steps (0..n). Must be the last effect of `pre`.
     */
    z.object({ op: z.literal('mjUpTo'), n: z.number().int() }),
    z.object({ op: z.literal('throw') }),
    /** Isolated damage, resolved on its own, not part of the attack. */
    z.object({ op: z.literal('isolated'), n: z.number().int(), dt: z.enum(DAMAGE_TYPES) }),
    z.object({ op: z.literal('onKind'), n: z.number().int(), ops: z.array(effectSchema) }),
    z.object({ op: z.literal('custom'), id: z.string() }),
    /** Mjölnir: retrieve it if it is away. */
    z.object({ op: z.literal('retrieve') }),
    /**
     * Pay `n` of your own `s` tokens; if you hold fewer, nothing is paid and the effects after it do not happen
     * (DT-4.6).
     */
    z.object({ op: z.literal('pay'), s: z.string(), n: z.number().int().min(1) }),
    /** Attack Modifier: `n` more damage to the attack being resolved. */
    z.object({ op: z.literal('addDamage'), n: z.number().int() }),
    /**
     * Prevent `n` of the incoming damage aimed at the chosen player: the attack's damage, the counter damage to its
     * attacker, or incoming isolated damage.
     */
    z.object({ op: z.literal('prevent'), n: z.number().int() }),
    /** Prevent all of that incoming damage. */
    z.object({ op: z.literal('preventAll') }),
    /**
     * Mark the attack being resolved (read when it resolves); a card that marks it is not offered once it is marked.
     */
    z.object({ op: z.literal('mark'), mark: z.enum(ATTACK_MARKS) }),
    /**
     * One more roll attempt for the roll on the table (a changed offensive roll lets the attacker choose again:
     * DT-GAP-2).
     */
    z.object({ op: z.literal('extraAttempt') }),
    /** Set the chosen die (`choose.die`) to `to`, or to the chosen value. */
    z.object({ op: z.literal('setDie'), to: z.number().int().min(1).max(6).optional() }),
    /** Reroll the chosen dice (`choose.die` or `choose.dice`). */
    z.object({ op: z.literal('reroll') }),
    /**
     * A card that changes up to 2 dice and was played on one: the player may change one more after seeing the first
     * (`set` or `reroll`).
     */
    z.object({ op: z.literal('oneMoreDie'), act: z.enum(['set', 'reroll']) }),
    /**
     * Move the chosen token (`choose.move`) from one player to another, only if it is still there: never creates one
     * (DT-4.6).
     */
    z.object({ op: z.literal('moveStatus') }),
    /**
     * Remove the chosen status token (`choose.token`), or `all` the status tokens of the chosen player
     * (`choose.player`).
     */
    z.object({ op: z.literal('removeStatus'), all: z.boolean().optional() }),
    /**
     * Roll 1 die (`for` names it in the event): the effects by its value (`byValue`, 6 lists) or by its symbol on the
     * player's hero (`bySymbol`).
     */
    z.object({
      op: z.literal('rollOne'),
      for: z.string(),
      byValue: z.array(z.array(effectSchema)).length(6).optional(),
      bySymbol: z.record(z.string(), z.array(effectSchema)).optional(),
    }),
  ]),
)
export type Effect =
  | { op: 'gain'; s: string; n: number }
  | { op: 'inflict'; s: string; n: number }
  | { op: 'heal'; n: number }
  | { op: 'draw'; n: number }
  | { op: 'cp'; n: number }
  | { op: 'steal'; n: number }
  | { op: 'mj'; n: number }
  | { op: 'mjUpTo'; n: number }
  | { op: 'throw' }
  | { op: 'isolated'; n: number; dt: DamageType }
  | { op: 'onKind'; n: number; ops: Effect[] }
  | { op: 'custom'; id: string }
  | { op: 'retrieve' }
  | { op: 'pay'; s: string; n: number }
  | { op: 'addDamage'; n: number }
  | { op: 'prevent'; n: number }
  | { op: 'preventAll' }
  | { op: 'mark'; mark: AttackMark }
  | { op: 'extraAttempt' }
  | { op: 'setDie'; to?: number }
  | { op: 'reroll' }
  | { op: 'oneMoreDie'; act: 'set' | 'reroll' }
  | { op: 'moveStatus' }
  | { op: 'removeStatus'; all?: boolean }
  | { op: 'rollOne'; for: string; byValue?: Effect[][]; bySymbol?: Record<string, Effect[]> }

const reqSchema = z.object({
  sym: z.record(z.string(), z.number().int().min(1).max(5)).optional(),
  straight: z.enum(['small', 'large']).optional(),
})
const variantSchema = z.object({
  name: z.string(),
  req: reqSchema,
  pre: z.array(effectSchema).default([]),
  dmg: z
    .object({
      n: z.number().int(),
      type: z.enum(DAMAGE_TYPES),
      /** +1 damage per Electrokinesis token the attacker holds (Thor). */
      perEk: z.boolean().optional(),
      /** Damage computed by code registered under this id (e.g. a fresh roll). */
      custom: z.string().optional(),
    })
    .optional(),
  post: z.array(effectSchema).default([]),
  text: z.string(),
})
export type Variant = z.infer<typeof variantSchema>
const abilitySchema = z.object({ id: z.string(), name: z.string(), levels: z.array(z.array(variantSchema)).min(1) })
export type Ability = z.infer<typeof abilitySchema>
/** What a defence's dice give, read from them (`defence.ts` `readDefenceDice`): the vocabulary of defences. */
const defenceOpSchema = z.union([
  /** Prevent `n` damage per die showing any of `syms`. */
  z.object({ op: z.literal('preventPer'), n: z.number().int(), syms: z.array(z.string()).min(1) }),
  /** Deal `n` counter damage to the attacker per die showing `sym`. */
  z.object({ op: z.literal('counterPer'), n: z.number().int(), sym: z.string() }),
  /** If any die shows `sym`, the defender gets `ops` (the effect vocabulary). */
  z.object({ op: z.literal('onSymbol'), sym: z.string(), ops: z.array(effectSchema) }),
  /** The defender gains `n` `s` tokens per die showing `sym`. */
  z.object({ op: z.literal('gainPer'), s: z.string(), n: z.number().int(), sym: z.string() }),
  /**
   * One Mjölnir step (throw if home, retrieve if away) per `n` dice showing `sym`, at most `max`; a throw hits the
   * attacker as counter damage.
   */
  z.object({
    op: z.literal('mjolnirPer'),
    n: z.number().int().min(1),
    sym: z.string(),
    max: z.number().int().min(1).optional(),
  }),
  /**
   * If any die shows `sym` (or `markedAlso.sym` once the attack bears that mark), half the damage is prevented (rounded
   * up).
   */
  z.object({
    op: z.literal('halveOn'),
    sym: z.string(),
    markedAlso: z.object({ mark: z.enum(ATTACK_MARKS), sym: z.string() }).optional(),
  }),
])
export type DefenceOp = z.infer<typeof defenceOpSchema>
const defenceSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** By level: how many dice it rolls and what they give (`ops`, the vocabulary of defences). */
  levels: z
    .array(z.object({ dice: z.number().int().min(1).max(5), ops: z.array(defenceOpSchema).min(1), text: z.string() }))
    .min(1),
})
export type Defence = z.infer<typeof defenceSchema>
const statusSchema = z.object({
  id: z.string(),
  name: z.string(),
  hero: z.string(),
  limit: z.number().int().min(1),
  polarity: z.enum(['positive', 'negative']),
  unique: z.boolean(),
  text: z.string(),
})
export type StatusDef = z.infer<typeof statusSchema>
const heroSchema = z.object({
  id: z.string(),
  name: z.string(),
  difficulty: z.number().int().min(1).max(6),
  faces: z.array(z.string()).length(6),
  abilities: z.array(abilitySchema),
  defences: z.array(defenceSchema).min(1),
  statuses: z.array(z.string()),
  companion: z.string().optional(),
  cards: z.array(z.string()),
})
export type Hero = z.infer<typeof heroSchema>

/** Whose dice a card may change: your own roll's, any roll's, a roll of you or a teammate, a roll of an opponent. */
export const DIE_OWNERS = ['own', 'any', 'teammate', 'opponent'] as const
/**
 * What a card's player names: `die` (one die of a roll on the table; `to`: the one value it becomes, with no value
 * named, or the values to name, `any` value, one `step` up or down, or the value of `another` of your dice), `dice`
 * (up to `upTo` dice), `player` (a player with status tokens), `token` (one status token of any player) or `move`
 * (a transferable token of one player and another player to receive it).
 */
const chooseSchema = z.union([
  z.object({
    die: z.enum(DIE_OWNERS),
    to: z
      .union([
        z.number().int().min(1).max(6),
        z.array(z.number().int().min(1).max(6)),
        z.enum(['any', 'step', 'another']),
      ])
      .optional(),
  }),
  z.object({ dice: z.enum(DIE_OWNERS), upTo: z.number().int().min(1).max(5) }),
  z.object({ player: z.literal('withStatus') }),
  z.object({ token: z.literal('any') }),
  z.object({ move: z.literal('transferable') }),
])
export type CardChoice = z.infer<typeof chooseSchema>

export const TIMINGS = ['main', 'roll', 'instant', 'upgrade'] as const
export type Timing = (typeof TIMINGS)[number]
const cardSchema = z.object({
  id: z.string(),
  name: z.string(),
  hero: z.string().nullable(),
  cost: z.number().int().min(0),
  timing: z.enum(TIMINGS),
  /** Hero Upgrade: which ability or defence goes to which level; or a passive upgrade. */
  upgrade: z
    .object({
      target: z.string(),
      level: z.number().int().min(2).max(3),
      kind: z.enum(['offensive', 'defensive', 'passive']),
    })
    .optional(),
  /**
   * The effect in the vocabulary of abilities (`effectSchema`), run for the player who plays it (every card but a Hero
   * Upgrade).
   */
  ops: z.array(effectSchema).optional(),
  /**
   * What the player names when playing it (`card-actions.ts` `choiceOptions`); without it, an opponent if an effect is
   * aimed at one.
   */
  choose: chooseSchema.optional(),
  /**
   * When a card written in `ops` may be played, beyond its timing: `attacked` (you are attacked, not by an Ultimate
   * or collateral damage), `spiderSense` (you defend with Spider-Sense), `attackModifier` (you are attacking with
   * damage that can be modified, DT-6.3), `offensiveRoll` (the offensive dice are on the table, before activation),
   * `defensiveRoll` (the defence dice are on the table, in the defence window), `incomingDamage` (an attack's damage,
   * its counter damage or incoming isolated damage is on its way to any player: the card names that player's side),
   * `incomingDamageToYou` (the same, aimed at you).
   */
  when: z
    .enum([
      'attacked',
      'spiderSense',
      'attackModifier',
      'offensiveRoll',
      'defensiveRoll',
      'incomingDamage',
      'incomingDamageToYou',
    ])
    .optional(),
  /** Only while you hold at least `n` `status` tokens. */
  needs: z.object({ status: z.string(), n: z.number().int().min(1) }).optional(),
  /** Only once you have thrown Mjölnir at least this many times this turn. */
  thrownThisTurn: z.number().int().min(1).optional(),
  count: z.number().int().min(1).default(1),
  text: z.string(),
})
export type Card = z.infer<typeof cardSchema>

const v = (
  name: string,
  req: z.input<typeof reqSchema>,
  text: string,
  x: { pre?: Effect[]; dmg?: Variant['dmg']; post?: Effect[] } = {},
): z.input<typeof variantSchema> => ({ name, req, text, ...x })
const tiers = (name: string, sym: string, dmgs: number[], extra: { pre?: Effect[]; post?: Effect[] } = {}, text = '') =>
  dmgs.map((n, i) =>
    v(name, { sym: { [sym]: i + 3 } }, `${i + 3} ${sym}: ${n} dmg${text}`, { dmg: { n, type: 'normal' }, ...extra }),
  )

// ---------------------------------------------------------------------------------------------
// Statuses (the seed's list for this box: DT-13.3)
const STATUS_LIST: z.input<typeof statusSchema>[] = [
  {
    id: 'probability-manipulation',
    name: 'Probability Manipulation',
    hero: 'scarlet-witch',
    limit: 2,
    polarity: 'positive',
    unique: false,
    text: 'Spend in a roll phase to raise or lower one of your own dice by 1.',
  },
  {
    id: 'reality-warp',
    name: 'Reality Warp',
    hero: 'scarlet-witch',
    limit: 1,
    polarity: 'negative',
    unique: false,
    text: "At the start of the afflicted player's next Offensive Roll Phase it is removed: one of their dice is replaced by a die rolled for Scarlet Witch and cannot be rerolled that phase.",
  },
  {
    id: 'conjure',
    name: 'Conjure',
    hero: 'scarlet-witch',
    limit: 1,
    polarity: 'positive',
    unique: false,
    text: 'Spend to take one positive, non-unique status token from an opponent and keep it yourself.',
  },
  {
    id: 'crackle',
    name: 'Crackle',
    hero: 'scarlet-witch',
    limit: 2,
    polarity: 'positive',
    unique: false,
    text: 'Attack Modifier: spend while attacking for +2 dmg per different kind of status token the defender has.',
  },
  {
    id: 'electrokinesis',
    name: 'Electrokinesis',
    hero: 'thor',
    limit: 4,
    polarity: 'positive',
    unique: false,
    text: 'Some abilities deal +1 dmg per token. Once per turn in your Main Phase, spend 4 to draw 1 card.',
  },
  {
    id: 'guard-break',
    name: 'Guard Break',
    hero: 'thor',
    limit: 2,
    polarity: 'positive',
    unique: false,
    text: 'After activating an attack, spend 1 and roll 1 die: on 4 or 5 the attack becomes undefendable.',
  },
  {
    id: 'bag-of-tricks',
    name: 'Bag of Tricks',
    hero: 'loki',
    limit: 3,
    polarity: 'positive',
    unique: false,
    text: 'Resolves (and is removed) in your Upkeep Phase: roll 1 die; 1-2 heal 2, 3-4 gain 1 CP, 5-6 deal 2 dmg to an opponent.',
  },
  {
    id: 'illusion',
    name: 'Illusion',
    hero: 'loki',
    limit: 1,
    polarity: 'positive',
    unique: true,
    text: 'Unique. When attacked (not by an Ultimate), spend it: the 3 Illusion cards are shown face down to the attacker, who picks one: all, half or none of the damage gets through.',
  },
  {
    id: 'webbed',
    name: 'Webbed',
    hero: 'spider-man',
    limit: 1,
    polarity: 'negative',
    unique: false,
    text: 'When inflicted, deals 2 isolated undefendable dmg. The next attack with normal dmg against its holder becomes undefendable and removes it.',
  },
  {
    id: 'combo',
    name: 'Combo',
    hero: 'spider-man',
    limit: 1,
    polarity: 'positive',
    unique: true,
    text: 'Unique. If your roll ended in an attack, spend at the end of the Defensive Roll Phase for an extra Offensive Roll Phase against the same opponent. Once per turn.',
  },
  {
    id: 'invisibility',
    name: 'Invisibility',
    hero: 'spider-man',
    limit: 1,
    polarity: 'positive',
    unique: true,
    text: 'Unique. Spend to activate a defensive ability against an undefendable attack. Fuels some Spider-Man cards.',
  },
]
export const STATUSES: Record<string, StatusDef> = Object.fromEntries(
  STATUS_LIST.map(s => [s.id, statusSchema.parse(s)]),
)

// ---------------------------------------------------------------------------------------------
// Heroes
const THOR: z.input<typeof heroSchema> = {
  id: 'thor',
  name: 'Thor',
  difficulty: 3,
  faces: ['hammer', 'hammer', 'hammer', 'worthy', 'worthy', 'thunder'],
  statuses: ['electrokinesis', 'guard-break'],
  companion: 'mjolnir',
  abilities: [
    {
      id: 'hammered',
      name: 'Hammered',
      levels: [
        tiers('Hammered', 'hammer', [4, 5, 7], { pre: [{ op: 'throw' }] }, ', throw Mjölnir'),
        tiers(
          'Hammered',
          'hammer',
          [5, 6, 7],
          {
            pre: [
              { op: 'mj', n: 1 },
              { op: 'onKind', n: 4, ops: [{ op: 'gain', s: 'electrokinesis', n: 1 }] },
            ],
          },
          ', throw/retrieve; 4 of a kind: +1 EK',
        ),
        tiers(
          'Hammered',
          'hammer',
          [5, 6, 8],
          {
            pre: [
              { op: 'mj', n: 1 },
              { op: 'onKind', n: 3, ops: [{ op: 'gain', s: 'electrokinesis', n: 1 }] },
            ],
          },
          ', throw/retrieve; 3 of a kind: +1 EK',
        ),
      ],
    },
    {
      id: 'mighty-summon',
      name: 'Mighty Summon',
      levels: [
        [
          v(
            'Mighty Summon',
            { sym: { hammer: 1, worthy: 2, thunder: 1 } },
            'Gain 2 GB, heal 2; Mjölnir home: +3 EK, else retrieve it and deal 3 collateral to its holder (not an attack, can be prevented).',
            {
              pre: [
                { op: 'gain', s: 'guard-break', n: 2 },
                { op: 'heal', n: 2 },
                { op: 'custom', id: 'summon3' },
              ],
            },
          ),
        ],
        [
          v(
            'Mighty Summon',
            { sym: { hammer: 1, worthy: 2, thunder: 1 } },
            'Gain 2 GB, heal 3; Mjölnir home: +3 EK, else retrieve it and deal 4 collateral to its holder.',
            {
              pre: [
                { op: 'gain', s: 'guard-break', n: 2 },
                { op: 'heal', n: 3 },
                { op: 'custom', id: 'summon4' },
              ],
            },
          ),
          v('Boom Boom!', { sym: { hammer: 2, thunder: 2 } }, 'Gain 2 EK, 6 dmg.', {
            pre: [{ op: 'gain', s: 'electrokinesis', n: 2 }],
            dmg: { n: 6, type: 'normal' },
          }),
        ],
      ],
    },
    {
      id: 'chain-lightning',
      name: 'Chain Lightning',
      levels: [
        [
          v(
            'Chain Lightning',
            { sym: { hammer: 3, thunder: 2 } },
            'Roll 3 dice: dmg = the two best; then 2 isolated collateral.',
            { dmg: { n: 0, type: 'normal', custom: 'best2of3' }, post: [{ op: 'isolated', n: 2, dt: 'collateral' }] },
          ),
        ],
        [
          v(
            'Chain Lightning',
            { sym: { hammer: 3, thunder: 2 } },
            'Roll 4 dice: dmg = the two best; then 3 isolated collateral.',
            { dmg: { n: 0, type: 'normal', custom: 'best2of4' }, post: [{ op: 'isolated', n: 3, dt: 'collateral' }] },
          ),
        ],
      ],
    },
    {
      id: 'odinforce',
      name: 'Odinforce',
      levels: [
        [
          v(
            'Odinforce',
            { sym: { hammer: 2, worthy: 3 } },
            'Roll 5 dice: 2+ hammer one throw/retrieve, 2+ worthy +1 CP, +1 EK per thunder; then 5 dmg +1 per EK.',
            { pre: [{ op: 'custom', id: 'odinforce' }], dmg: { n: 5, type: 'normal', perEk: true } },
          ),
        ],
        [
          v(
            'Odinforce',
            { sym: { hammer: 2, worthy: 3 } },
            'As level I with 6 dmg; you may reroll up to 5 of the rolled dice once.',
            { pre: [{ op: 'custom', id: 'odinforce2' }], dmg: { n: 6, type: 'normal', perEk: true } },
          ),
        ],
      ],
    },
    {
      id: 'bottled-lightning',
      name: 'Bottled Lightning',
      levels: [
        [
          v('Bottled Lightning', { sym: { thunder: 4 } }, 'Throw/retrieve x2, gain 2 GB, then 7 dmg +1 per EK.', {
            pre: [
              { op: 'mj', n: 2 },
              { op: 'gain', s: 'guard-break', n: 2 },
            ],
            dmg: { n: 7, type: 'normal', perEk: true },
          }),
        ],
        [
          v('Bottled Lightning', { sym: { thunder: 4 } }, 'Throw/retrieve x3, gain 2 GB, then 8 dmg +1 per EK.', {
            pre: [
              { op: 'mj', n: 3 },
              { op: 'gain', s: 'guard-break', n: 2 },
            ],
            dmg: { n: 8, type: 'normal', perEk: true },
          }),
          v('Ricochet!', { sym: { thunder: 3 } }, 'Throw/retrieve up to 6 times.', { pre: [{ op: 'mjUpTo', n: 6 }] }),
        ],
      ],
    },
    {
      id: 'lightning-rod',
      name: 'Lightning Rod',
      levels: [
        [
          v(
            'Lightning Rod',
            { straight: 'small' },
            '9 dmg if the target holds Mjölnir, otherwise gain 1 EK and 7 dmg.',
            { pre: [{ op: 'custom', id: 'rod' }], dmg: { n: 7, type: 'normal', custom: 'rod' } },
          ),
        ],
        [
          v('Lightning Rod', { straight: 'small' }, 'Throw/retrieve, gain 1 EK, 9 dmg.', {
            pre: [
              { op: 'mj', n: 1 },
              { op: 'gain', s: 'electrokinesis', n: 1 },
            ],
            dmg: { n: 9, type: 'normal' },
          }),
        ],
      ],
    },
    {
      id: 'thunder-bolt',
      name: 'Thunder Bolt',
      levels: [
        [
          v('Thunder Bolt', { straight: 'large' }, 'Throw/retrieve, gain 2 EK, 10 dmg.', {
            pre: [
              { op: 'mj', n: 1 },
              { op: 'gain', s: 'electrokinesis', n: 2 },
            ],
            dmg: { n: 10, type: 'normal' },
          }),
        ],
        [
          v('Thunder Bolt', { straight: 'large' }, 'Throw/retrieve, gain 2 EK, 12 dmg.', {
            pre: [
              { op: 'mj', n: 1 },
              { op: 'gain', s: 'electrokinesis', n: 2 },
            ],
            dmg: { n: 12, type: 'normal' },
          }),
          v('Asgardian Brawn', { sym: { worthy: 3 } }, 'Heal 4.', { pre: [{ op: 'heal', n: 4 }] }),
        ],
      ],
    },
    {
      id: 'for-asgard',
      name: 'For Asgard!',
      levels: [
        [
          v(
            'For Asgard!',
            { sym: { thunder: 5 } },
            'Ultimate: gain 1 GB, throw/retrieve up to 4 times, 14 ultimate dmg.',
            {
              pre: [
                { op: 'gain', s: 'guard-break', n: 1 },
                { op: 'mjUpTo', n: 4 },
              ],
              dmg: { n: 14, type: 'ultimate' },
            },
          ),
        ],
      ],
    },
  ],
  defences: [
    {
      id: 'thunder-wheel',
      name: 'Thunder Wheel',
      levels: [
        {
          dice: 3,
          ops: [
            { op: 'mjolnirPer', n: 2, sym: 'hammer', max: 1 },
            { op: 'preventPer', n: 2, syms: ['worthy'] },
            { op: 'gainPer', s: 'electrokinesis', n: 1, sym: 'thunder' },
          ],
          text: '2+ hammer: one throw/retrieve; prevent 2 per worthy; +1 EK per thunder.',
        },
        {
          dice: 4,
          ops: [
            { op: 'mjolnirPer', n: 2, sym: 'hammer' },
            { op: 'preventPer', n: 2, syms: ['worthy'] },
            { op: 'gainPer', s: 'electrokinesis', n: 1, sym: 'thunder' },
          ],
          text: 'One throw/retrieve per pair of hammers; prevent 2 per worthy; +1 EK per thunder.',
        },
      ],
    },
  ],
  cards: [
    'indomitable-will',
    'invulnerability',
    'he-is-worthy',
    'power-trip',
    'time-to-hammer',
    'stormbreak',
    'hammered-ii',
    'hammered-iii',
    'mighty-summon-ii',
    'chain-lightning-ii',
    'odinforce-ii',
    'bottled-lightning-ii',
    'lightning-rod-ii',
    'thunder-bolt-ii',
    'thunder-wheel-ii',
  ],
}

const SPIDER: z.input<typeof heroSchema> = {
  id: 'spider-man',
  name: 'Spider-Man (Miles Morales)',
  difficulty: 2,
  faces: ['thwip', 'thwip', 'thwip', 'web', 'web', 'spider'],
  statuses: ['webbed', 'combo', 'invisibility'],
  abilities: [
    {
      id: 'punch',
      name: 'Punch',
      levels: [
        tiers('Punch', 'thwip', [4, 5, 6]),
        tiers(
          'Punch',
          'thwip',
          [5, 6, 7],
          { pre: [{ op: 'onKind', n: 4, ops: [{ op: 'gain', s: 'combo', n: 1 }] }] },
          '; 4 of a kind: gain Combo',
        ),
      ],
    },
    {
      id: 'c-c-c-combo',
      name: 'C-C-C-Combo',
      levels: [
        [
          v('C-C-C-Combo', { sym: { thwip: 2, spider: 2 } }, 'Gain Combo, 5 dmg.', {
            pre: [{ op: 'gain', s: 'combo', n: 1 }],
            dmg: { n: 5, type: 'normal' },
          }),
        ],
        [
          v('C-C-C-Combo', { sym: { thwip: 2, spider: 2 } }, 'Gain Combo, 6 dmg.', {
            pre: [{ op: 'gain', s: 'combo', n: 1 }],
            dmg: { n: 6, type: 'normal' },
          }),
          v('Web Shot', { sym: { web: 2, spider: 1 } }, 'Gain Invisibility, inflict Webbed.', {
            pre: [
              { op: 'gain', s: 'invisibility', n: 1 },
              { op: 'inflict', s: 'webbed', n: 1 },
            ],
          }),
        ],
      ],
    },
    {
      id: 'spider-reflexes',
      name: 'Spider-Reflexes',
      levels: [
        [
          v(
            'Spider-Reflexes',
            { sym: { thwip: 1, web: 2, spider: 1 } },
            'Roll 2 dice: dmg = their total; total 5 or less: gain Combo.',
            { dmg: { n: 0, type: 'normal', custom: 'reflexes' } },
          ),
        ],
      ],
    },
    {
      id: 'wall-crawler',
      name: 'Wall Crawler',
      levels: [
        [
          v('Wall Crawler', { sym: { thwip: 2, web: 3 } }, 'Gain Invisibility, 7 dmg.', {
            pre: [{ op: 'gain', s: 'invisibility', n: 1 }],
            dmg: { n: 7, type: 'normal' },
          }),
        ],
      ],
    },
    {
      id: 'ensnare',
      name: 'Ensnare',
      levels: [
        [
          v('Ensnare', { straight: 'small' }, '5 dmg, then inflict Webbed.', {
            dmg: { n: 5, type: 'normal' },
            post: [{ op: 'inflict', s: 'webbed', n: 1 }],
          }),
          v('Ensnare (large)', { straight: 'large' }, 'Draw 1, 8 dmg, then inflict Webbed.', {
            pre: [{ op: 'draw', n: 1 }],
            dmg: { n: 8, type: 'normal' },
            post: [{ op: 'inflict', s: 'webbed', n: 1 }],
          }),
        ],
        [
          v('Ensnare', { straight: 'small' }, '6 dmg, then inflict Webbed.', {
            dmg: { n: 6, type: 'normal' },
            post: [{ op: 'inflict', s: 'webbed', n: 1 }],
          }),
          v('Ensnare (large)', { straight: 'large' }, 'Draw 1, 9 dmg, then inflict Webbed.', {
            pre: [{ op: 'draw', n: 1 }],
            dmg: { n: 9, type: 'normal' },
            post: [{ op: 'inflict', s: 'webbed', n: 1 }],
          }),
        ],
      ],
    },
    {
      id: 'venom-punch',
      name: 'Venom Punch',
      levels: [
        [
          v('Venom Punch', { sym: { spider: 4 } }, 'Gain Invisibility, 7 undefendable dmg.', {
            pre: [{ op: 'gain', s: 'invisibility', n: 1 }],
            dmg: { n: 7, type: 'undefendable' },
          }),
        ],
        [
          v('Venom Punch', { sym: { spider: 4 } }, 'Gain Invisibility, 8 undefendable dmg.', {
            pre: [{ op: 'gain', s: 'invisibility', n: 1 }],
            dmg: { n: 8, type: 'undefendable' },
          }),
          v('Combo Up', { sym: { spider: 3 } }, 'Gain Combo, then 2 undefendable dmg.', {
            pre: [{ op: 'gain', s: 'combo', n: 1 }],
            dmg: { n: 2, type: 'undefendable' },
          }),
        ],
      ],
    },
    {
      id: 'venom-shockwave',
      name: 'Venom Shockwave!',
      levels: [
        [
          v(
            'Venom Shockwave!',
            { sym: { spider: 5 } },
            'Ultimate: gain Invisibility, inflict Webbed, then 13 ultimate dmg.',
            {
              pre: [
                { op: 'gain', s: 'invisibility', n: 1 },
                { op: 'inflict', s: 'webbed', n: 1 },
              ],
              dmg: { n: 13, type: 'ultimate' },
            },
          ),
        ],
      ],
    },
  ],
  defences: [
    {
      id: 'spider-sense',
      name: 'Spider-Sense',
      levels: [
        {
          dice: 2,
          ops: [{ op: 'halveOn', sym: 'spider', markedAlso: { mark: 'swingEscape', sym: 'web' } }],
          text: 'On spider: prevent half the incoming dmg (rounded up).',
        },
      ],
    },
    {
      id: 'counterpunch',
      name: 'Counterpunch',
      levels: [
        { dice: 3, ops: [{ op: 'counterPer', n: 1, sym: 'thwip' }], text: 'Deal 1 dmg to the attacker per thwip.' },
      ],
    },
  ],
  cards: [
    'yikes',
    'radioactive-blood',
    'swing-escape',
    'nice-try',
    'invisible-punch',
    'ambush',
    'web-shooters',
    'booyah',
    'milkshake-me',
    'cha-ching',
    'punch-ii',
    'c-c-c-combo-ii',
    'ensnare-ii',
    'venom-punch-ii',
  ],
}

const WITCH: z.input<typeof heroSchema> = {
  id: 'scarlet-witch',
  name: 'Scarlet Witch',
  difficulty: 4,
  faces: ['hex', 'hex', 'hex', 'chaos', 'magic', 'scarlet'],
  statuses: ['probability-manipulation', 'reality-warp', 'conjure', 'crackle'],
  abilities: [
    {
      id: 'hex-bolt',
      name: 'Hex Bolt',
      levels: [
        tiers('Hex Bolt', 'hex', [4, 6, 8]),
        tiers('Hex Bolt', 'hex', [5, 7, 9]),
        tiers('Hex Bolt', 'hex', [6, 8, 10], { pre: [{ op: 'gain', s: 'crackle', n: 1 }] }, ', gain Crackle'),
      ],
    },
    {
      id: 'jinx',
      name: 'Jinx',
      levels: [
        [
          v('Jinx', { sym: { hex: 2, chaos: 2 } }, '7 dmg, then inflict Reality Warp.', {
            dmg: { n: 7, type: 'normal' },
            post: [{ op: 'inflict', s: 'reality-warp', n: 1 }],
          }),
        ],
      ],
    },
    {
      id: 'darkhold',
      name: 'Darkhold',
      levels: [
        [
          v('Darkhold', { sym: { magic: 2 } }, 'Draw 1, gain 1 CP, Crackle and Probability Manipulation.', {
            pre: [
              { op: 'draw', n: 1 },
              { op: 'cp', n: 1 },
              { op: 'gain', s: 'crackle', n: 1 },
              { op: 'gain', s: 'probability-manipulation', n: 1 },
            ],
          }),
        ],
      ],
    },
    {
      id: 'mind-blast',
      name: 'Mind Blast',
      levels: [
        [
          v(
            'Mind Blast',
            { sym: { hex: 1, chaos: 1, magic: 1, scarlet: 1 } },
            'Gain Crackle and Probability Manipulation, 6 undefendable dmg.',
            {
              pre: [
                { op: 'gain', s: 'crackle', n: 1 },
                { op: 'gain', s: 'probability-manipulation', n: 1 },
              ],
              dmg: { n: 6, type: 'undefendable' },
            },
          ),
        ],
      ],
    },
    {
      id: 'spellcraft',
      name: 'Spellcraft',
      levels: [
        [
          v('Spellcraft', { straight: 'small' }, 'Gain Probability Manipulation, 7 dmg.', {
            pre: [{ op: 'gain', s: 'probability-manipulation', n: 1 }],
            dmg: { n: 7, type: 'normal' },
          }),
          v('Spellcraft (large)', { straight: 'large' }, '9 dmg, then inflict Reality Warp.', {
            dmg: { n: 9, type: 'normal' },
            post: [{ op: 'inflict', s: 'reality-warp', n: 1 }],
          }),
        ],
        [
          v('Spellcraft', { straight: 'small' }, 'Gain Probability Manipulation, 8 dmg.', {
            pre: [{ op: 'gain', s: 'probability-manipulation', n: 1 }],
            dmg: { n: 8, type: 'normal' },
          }),
          v('Spellcraft (large)', { straight: 'large' }, '10 dmg, then inflict Reality Warp.', {
            dmg: { n: 10, type: 'normal' },
            post: [{ op: 'inflict', s: 'reality-warp', n: 1 }],
          }),
        ],
      ],
    },
    {
      id: 'bewitch',
      name: 'Bewitch',
      levels: [
        [
          v('Bewitch', { sym: { hex: 1, scarlet: 3 } }, 'Gain Conjure, 9 dmg.', {
            pre: [{ op: 'gain', s: 'conjure', n: 1 }],
            dmg: { n: 9, type: 'normal' },
          }),
        ],
      ],
    },
    {
      id: 'pure-chaos',
      name: 'Pure Chaos',
      levels: [
        [
          v('Pure Chaos', { sym: { scarlet: 4 } }, 'Gain Conjure, 6 undefendable dmg, then inflict Reality Warp.', {
            pre: [{ op: 'gain', s: 'conjure', n: 1 }],
            dmg: { n: 6, type: 'undefendable' },
            post: [{ op: 'inflict', s: 'reality-warp', n: 1 }],
          }),
        ],
      ],
    },
    {
      id: 'sealed-your-fate',
      name: 'Sealed Your Fate!',
      levels: [
        [
          v(
            'Sealed Your Fate!',
            { sym: { scarlet: 5 } },
            'Ultimate: gain Conjure and Probability Manipulation, 12 ultimate dmg.',
            {
              pre: [
                { op: 'gain', s: 'conjure', n: 1 },
                { op: 'gain', s: 'probability-manipulation', n: 1 },
              ],
              dmg: { n: 12, type: 'ultimate' },
            },
          ),
        ],
      ],
    },
  ],
  defences: [
    {
      id: 'chaos-shield',
      name: 'Chaos Shield',
      levels: [
        {
          dice: 3,
          ops: [
            { op: 'preventPer', n: 2, syms: ['chaos', 'magic'] },
            { op: 'onSymbol', sym: 'scarlet', ops: [{ op: 'gain', s: 'crackle', n: 1 }] },
          ],
          text: 'Prevent 2 per chaos or magic; on scarlet gain Crackle.',
        },
        {
          dice: 4,
          ops: [
            { op: 'preventPer', n: 2, syms: ['chaos', 'magic'] },
            { op: 'onSymbol', sym: 'scarlet', ops: [{ op: 'gain', s: 'crackle', n: 1 }] },
          ],
          text: 'Roll 4: prevent 2 per chaos or magic; on scarlet gain Crackle.',
        },
      ],
    },
  ],
  cards: [
    'hex-sign',
    'chaos-magic',
    'warp-reality',
    'scarlet-aura',
    'hex-bolt-ii',
    'hex-bolt-iii',
    'spellcraft-ii',
    'chaos-shield-ii',
    'chaos-mastery',
  ],
}

const LOKI: z.input<typeof heroSchema> = {
  id: 'loki',
  name: 'Loki',
  difficulty: 4,
  faces: ['dagger', 'dagger', 'helm', 'helm', 'scepter', 'trickster'],
  statuses: ['bag-of-tricks', 'illusion'],
  abilities: [
    {
      id: 'mockery',
      name: 'Mockery',
      levels: [
        tiers('Mockery', 'dagger', [6, 7, 8]),
        tiers('Mockery', 'dagger', [7, 8, 9]),
        tiers(
          'Mockery',
          'dagger',
          [8, 9, 10],
          { pre: [{ op: 'gain', s: 'bag-of-tricks', n: 1 }] },
          ', gain Bag of Tricks',
        ),
      ],
    },
    {
      id: 'antics',
      name: 'Antics',
      levels: [
        [
          v('Antics', { sym: { scepter: 2 } }, 'Draw 1, gain Illusion and Bag of Tricks.', {
            pre: [
              { op: 'draw', n: 1 },
              { op: 'gain', s: 'illusion', n: 1 },
              { op: 'gain', s: 'bag-of-tricks', n: 1 },
            ],
          }),
        ],
      ],
    },
    {
      id: 'confuddle',
      name: 'Confuddle',
      levels: [
        [
          v('Confuddle', { sym: { dagger: 2, helm: 2 } }, 'Steal 1 CP, 7 dmg.', {
            pre: [{ op: 'steal', n: 1 }],
            dmg: { n: 7, type: 'normal' },
          }),
        ],
      ],
    },
    {
      id: 'vilify',
      name: 'Vilify',
      levels: [
        [
          v(
            'Vilify',
            { sym: { dagger: 1, helm: 1, scepter: 1, trickster: 1 } },
            'Gain Illusion and Bag of Tricks, 7 dmg.',
            {
              pre: [
                { op: 'gain', s: 'illusion', n: 1 },
                { op: 'gain', s: 'bag-of-tricks', n: 1 },
              ],
              dmg: { n: 7, type: 'normal' },
            },
          ),
        ],
      ],
    },
    {
      id: 'vex',
      name: 'Vex',
      levels: [
        [
          v('Vex', { straight: 'small' }, 'Gain Bag of Tricks, 7 dmg.', {
            pre: [{ op: 'gain', s: 'bag-of-tricks', n: 1 }],
            dmg: { n: 7, type: 'normal' },
          }),
        ],
        [
          v('Vex', { straight: 'small' }, 'Gain Bag of Tricks, 8 dmg.', {
            pre: [{ op: 'gain', s: 'bag-of-tricks', n: 1 }],
            dmg: { n: 8, type: 'normal' },
          }),
        ],
      ],
    },
    {
      id: 'kneel-to-me',
      name: 'Kneel To Me',
      levels: [
        [
          v('Kneel To Me', { straight: 'large' }, 'Gain Bag of Tricks, 9 dmg.', {
            pre: [{ op: 'gain', s: 'bag-of-tricks', n: 1 }],
            dmg: { n: 9, type: 'normal' },
          }),
        ],
      ],
    },
    {
      id: 'double-take',
      name: 'Double Take',
      levels: [
        [
          v('Double Take', { sym: { trickster: 4 } }, 'Gain Illusion, 7 undefendable dmg.', {
            pre: [{ op: 'gain', s: 'illusion', n: 1 }],
            dmg: { n: 7, type: 'undefendable' },
          }),
        ],
      ],
    },
    {
      id: 'glorious-purpose',
      name: 'Glorious Purpose!',
      levels: [
        [
          v(
            'Glorious Purpose!',
            { sym: { trickster: 5 } },
            'Ultimate: gain Illusion and 2 Bag of Tricks, 10 ultimate dmg.',
            {
              pre: [
                { op: 'gain', s: 'illusion', n: 1 },
                { op: 'gain', s: 'bag-of-tricks', n: 2 },
              ],
              dmg: { n: 10, type: 'ultimate' },
            },
          ),
        ],
      ],
    },
  ],
  defences: [
    {
      id: 'slip-away',
      name: 'Slip Away',
      levels: [
        {
          dice: 4,
          ops: [
            { op: 'preventPer', n: 2, syms: ['helm'] },
            { op: 'onSymbol', sym: 'trickster', ops: [{ op: 'gain', s: 'bag-of-tricks', n: 1 }] },
          ],
          text: 'Prevent 2 per helm; on trickster gain Bag of Tricks.',
        },
      ],
    },
    {
      id: 'mischief',
      name: 'Mischief',
      levels: [
        {
          dice: 3,
          ops: [
            { op: 'counterPer', n: 1, sym: 'dagger' },
            { op: 'onSymbol', sym: 'trickster', ops: [{ op: 'gain', s: 'illusion', n: 1 }] },
          ],
          text: 'Deal 1 dmg to the attacker per dagger; on trickster gain Illusion.',
        },
      ],
    },
  ],
  cards: ['god-of-mischief', 'trickery', 'silver-tongue', 'sleight-of-hand', 'mockery-ii', 'mockery-iii', 'vex-ii'],
}

export const HEROES: Record<string, Hero> = Object.fromEntries(
  [WITCH, THOR, LOKI, SPIDER].map(h => [h.id, heroSchema.parse(h)]),
)
export const HERO_IDS = ['scarlet-witch', 'thor', 'loki', 'spider-man'] as const
export type HeroId = (typeof HERO_IDS)[number]

// ---------------------------------------------------------------------------------------------
// Cards
const c = (
  id: string,
  name: string,
  hero: string | null,
  cost: number,
  timing: Timing,
  text: string,
  extra: Partial<z.input<typeof cardSchema>> = {},
): z.input<typeof cardSchema> => ({ id, name, hero, cost, timing, text, ...extra })
const up = (
  id: string,
  name: string,
  hero: string,
  cost: number,
  target: string,
  level: number,
  kind: 'offensive' | 'defensive' | 'passive',
  text: string,
) => c(id, name, hero, cost, 'upgrade', text, { upgrade: { target, level, kind } })

const CARD_LIST: z.input<typeof cardSchema>[] = [
  // 17 shared cards
  c('six-it', 'Six-It!', null, 1, 'roll', 'Set one of your dice to 6.', {
    choose: { die: 'own', to: 6 },
    ops: [{ op: 'setDie', to: 6 }],
  }),
  c(
    'better-d',
    'Better D!',
    null,
    0,
    'roll',
    'The defender gets one extra roll attempt of up to 5 dice this Defensive Roll Phase.',
    { when: 'defensiveRoll', ops: [{ op: 'extraAttempt' }] },
  ),
  c('transference', 'Transference!', null, 2, 'main', 'Move 1 status token from one player to another.', {
    choose: { move: 'transferable' },
    ops: [{ op: 'moveStatus' }],
  }),
  c('so-wild', 'So Wild!', null, 2, 'roll', 'Set any one die to any value.', {
    choose: { die: 'any', to: 'any' },
    ops: [{ op: 'setDie' }],
  }),
  c('vegas-baby', 'Vegas Baby!', null, 0, 'main', 'Roll 1 die: gain half its value in CP, rounded up.', {
    ops: [{ op: 'rollOne', for: 'vegas-baby', byValue: [1, 1, 2, 2, 3, 3].map(n => [{ op: 'cp' as const, n }]) }],
  }),
  c('triple-up', 'Triple Up!', null, 2, 'instant', 'Draw 3 cards.', { ops: [{ op: 'draw', n: 3 }] }),
  c('what-status-effects', 'What Status Effects?', null, 2, 'main', 'Remove every status token from a chosen player.', {
    choose: { player: 'withStatus' },
    ops: [{ op: 'removeStatus', all: true }],
  }),
  c('get-that-outta-here', 'Get That Outta Here!', null, 1, 'main', 'Remove 1 status token from a chosen player.', {
    choose: { token: 'any' },
    ops: [{ op: 'removeStatus' }],
  }),
  c('twice-as-wild', 'Twice As Wild!', null, 3, 'roll', 'Set any two dice to any values.', {
    choose: { die: 'any', to: 'any' },
    ops: [{ op: 'setDie' }, { op: 'oneMoreDie', act: 'set' }],
  }),
  c('try-try-again', 'Try, Try Again!', null, 1, 'roll', 'You or a teammate reroll up to 2 of your dice.', {
    choose: { dice: 'teammate', upTo: 2 },
    ops: [{ op: 'reroll' }, { op: 'oneMoreDie', act: 'reroll' }],
  }),
  c('tip-it', 'Tip It!', null, 1, 'instant', 'Raise or lower any die by 1.', {
    choose: { die: 'any', to: 'step' },
    ops: [{ op: 'setDie' }],
  }),
  c('getting-paid', 'Getting Paid!', null, 0, 'instant', 'Gain 2 CP.', { ops: [{ op: 'cp', n: 2 }] }),
  c('samesies', 'Samesies!', null, 1, 'roll', 'Set one of your dice to the value of another of your dice.', {
    choose: { die: 'own', to: 'another' },
    ops: [{ op: 'setDie' }],
  }),
  c('double-up', 'Double Up!', null, 1, 'instant', 'Draw 2 cards.', { ops: [{ op: 'draw', n: 2 }] }),
  c('helping-hand', 'Helping Hand!', null, 1, 'roll', 'An opponent rerolls one of their dice of your choice.', {
    choose: { die: 'opponent' },
    ops: [{ op: 'reroll' }],
  }),
  c(
    'one-more-time',
    'One More Time!',
    null,
    1,
    'roll',
    'The attacker gets one extra roll attempt this Offensive Roll Phase.',
    { when: 'offensiveRoll', ops: [{ op: 'extraAttempt' }] },
  ),
  c('not-this-time', 'Not This Time!', null, 1, 'roll', 'The attacked player prevents 6 incoming dmg.', {
    when: 'incomingDamage',
    ops: [{ op: 'prevent', n: 6 }],
  }),
  // Thor
  c(
    'indomitable-will',
    'Indomitable Will!',
    'thor',
    2,
    'roll',
    'When attacked: if the attack would drop you to 0 or less, roll 1 die; on worthy your health becomes 1 instead.',
    { when: 'attacked', ops: [{ op: 'mark', mark: 'indomitableWill' }] },
  ),
  c(
    'invulnerability',
    'Invulnerability!',
    'thor',
    2,
    'roll',
    'Spend 2 EK to prevent all incoming dmg (an attack, or collateral damage) aimed at you.',
    {
      when: 'incomingDamageToYou',
      needs: { status: 'electrokinesis', n: 2 },
      ops: [{ op: 'pay', s: 'electrokinesis', n: 2 }, { op: 'preventAll' }],
    },
  ),
  c('he-is-worthy', 'He Is Worthy!', 'thor', 1, 'roll', 'Set one of your dice to 4 or 5.', {
    choose: { die: 'own', to: [4, 5] },
    ops: [{ op: 'setDie' }],
  }),
  c('power-trip', 'Power Trip!', 'thor', 1, 'instant', 'Draw 1, gain 2 EK.', {
    ops: [
      { op: 'draw', n: 1 },
      { op: 'gain', s: 'electrokinesis', n: 2 },
    ],
  }),
  c('time-to-hammer', 'Time to Hammer!', 'thor', 0, 'instant', 'Retrieve Mjölnir if it is away, gain 1 CP and 1 EK.', {
    ops: [{ op: 'retrieve' }, { op: 'cp', n: 1 }, { op: 'gain', s: 'electrokinesis', n: 1 }],
  }),
  c(
    'stormbreak',
    'Stormbreak!',
    'thor',
    0,
    'instant',
    'Only if you threw Mjölnir twice this turn: draw 1, gain 1 CP, 1 GB and 1 EK.',
    {
      thrownThisTurn: 2,
      ops: [
        { op: 'draw', n: 1 },
        { op: 'cp', n: 1 },
        { op: 'gain', s: 'guard-break', n: 1 },
        { op: 'gain', s: 'electrokinesis', n: 1 },
      ],
    },
  ),
  up('hammered-ii', 'Hammered II', 'thor', 0, 'hammered', 2, 'offensive', 'Hammered to level II.'),
  up('hammered-iii', 'Hammered III', 'thor', 2, 'hammered', 3, 'offensive', 'Hammered to level III.'),
  up(
    'mighty-summon-ii',
    'Mighty Summon II',
    'thor',
    2,
    'mighty-summon',
    2,
    'offensive',
    'Mighty Summon to level II, adds Boom Boom!.',
  ),
  up(
    'chain-lightning-ii',
    'Chain Lightning II',
    'thor',
    2,
    'chain-lightning',
    2,
    'offensive',
    'Chain Lightning to level II.',
  ),
  up('odinforce-ii', 'Odinforce II', 'thor', 2, 'odinforce', 2, 'offensive', 'Odinforce to level II.'),
  up(
    'bottled-lightning-ii',
    'Bottled Lightning II',
    'thor',
    2,
    'bottled-lightning',
    2,
    'offensive',
    'Bottled Lightning to level II, adds Ricochet!.',
  ),
  up('lightning-rod-ii', 'Lightning Rod II', 'thor', 2, 'lightning-rod', 2, 'offensive', 'Lightning Rod to level II.'),
  up(
    'thunder-bolt-ii',
    'Thunder Bolt II',
    'thor',
    2,
    'thunder-bolt',
    2,
    'offensive',
    'Thunder Bolt to level II, adds Asgardian Brawn.',
  ),
  up('thunder-wheel-ii', 'Thunder Wheel II', 'thor', 2, 'thunder-wheel', 2, 'defensive', 'Thunder Wheel to level II.'),
  // Spider-Man
  c('yikes', 'Yikes!', 'spider-man', 1, 'instant', 'Gain Invisibility.', {
    ops: [{ op: 'gain', s: 'invisibility', n: 1 }],
  }),
  c('radioactive-blood', 'Radioactive Blood!', 'spider-man', 3, 'instant', 'Gain Combo.', {
    ops: [{ op: 'gain', s: 'combo', n: 1 }],
  }),
  c(
    'swing-escape',
    'Swing Escape!',
    'spider-man',
    1,
    'roll',
    'After your Spider-Sense roll: web faces also count as spider.',
    { when: 'spiderSense', ops: [{ op: 'mark', mark: 'swingEscape' }] },
  ),
  c('nice-try', 'Nice Try!', 'spider-man', 0, 'roll', 'When attacked: spend Invisibility to prevent 3.', {
    when: 'attacked',
    needs: { status: 'invisibility', n: 1 },
    ops: [
      { op: 'pay', s: 'invisibility', n: 1 },
      { op: 'prevent', n: 3 },
    ],
  }),
  c(
    'invisible-punch',
    'Invisible Punch!',
    'spider-man',
    1,
    'roll',
    'When attacked: if your Spider-Sense prevents dmg, deal 3 dmg to the attacker.',
    { when: 'spiderSense', ops: [{ op: 'mark', mark: 'invisiblePunch' }] },
  ),
  c('ambush', 'Ambush!', 'spider-man', 0, 'roll', 'Attack Modifier: spend Invisibility for +3 dmg.', {
    when: 'attackModifier',
    needs: { status: 'invisibility', n: 1 },
    ops: [
      { op: 'pay', s: 'invisibility', n: 1 },
      { op: 'addDamage', n: 3 },
    ],
  }),
  c('web-shooters', 'Web Shooters!', 'spider-man', 1, 'main', 'Inflict Webbed on a chosen opponent.', {
    ops: [{ op: 'inflict', s: 'webbed', n: 1 }],
  }),
  c(
    'booyah',
    'Booyah!',
    'spider-man',
    1,
    'main',
    'Roll 1 die: thwip gain Invisibility, web inflict Webbed, spider gain Combo.',
    {
      ops: [
        {
          op: 'rollOne',
          for: 'booyah',
          bySymbol: {
            thwip: [{ op: 'gain', s: 'invisibility', n: 1 }],
            web: [{ op: 'inflict', s: 'webbed', n: 1 }],
            spider: [{ op: 'gain', s: 'combo', n: 1 }],
          },
        },
      ],
    },
  ),
  c('milkshake-me', 'Milkshake Me!', 'spider-man', 1, 'main', 'Heal 3.', { ops: [{ op: 'heal', n: 3 }] }),
  c('cha-ching', 'Cha-Ching!', 'spider-man', 0, 'main', 'Gain 2 CP.', { ops: [{ op: 'cp', n: 2 }] }),
  up('punch-ii', 'Punch II', 'spider-man', 2, 'punch', 2, 'offensive', 'Punch to level II.'),
  up(
    'c-c-c-combo-ii',
    'C-C-C-Combo II',
    'spider-man',
    2,
    'c-c-c-combo',
    2,
    'offensive',
    'C-C-C-Combo to level II, adds Web Shot.',
  ),
  up('ensnare-ii', 'Ensnare II', 'spider-man', 2, 'ensnare', 2, 'offensive', 'Ensnare to level II.'),
  up(
    'venom-punch-ii',
    'Venom Punch II',
    'spider-man',
    2,
    'venom-punch',
    2,
    'offensive',
    'Venom Punch to level II, adds Combo Up.',
  ),
  // Scarlet Witch (values chosen, see Decisions)
  c('hex-sign', 'Hex Sign!', 'scarlet-witch', 1, 'instant', 'Gain 1 Probability Manipulation.', {
    ops: [{ op: 'gain', s: 'probability-manipulation', n: 1 }],
  }),
  c('chaos-magic', 'Chaos Magic!', 'scarlet-witch', 1, 'main', 'Gain Crackle and Conjure.', {
    ops: [
      { op: 'gain', s: 'crackle', n: 1 },
      { op: 'gain', s: 'conjure', n: 1 },
    ],
  }),
  c('warp-reality', 'Warp Reality!', 'scarlet-witch', 2, 'main', 'Inflict Reality Warp on a chosen opponent.', {
    ops: [{ op: 'inflict', s: 'reality-warp', n: 1 }],
  }),
  c('scarlet-aura', 'Scarlet Aura!', 'scarlet-witch', 1, 'main', 'Heal 3.', { ops: [{ op: 'heal', n: 3 }] }),
  up('hex-bolt-ii', 'Hex Bolt II', 'scarlet-witch', 2, 'hex-bolt', 2, 'offensive', 'Hex Bolt to level II.'),
  up('hex-bolt-iii', 'Hex Bolt III', 'scarlet-witch', 4, 'hex-bolt', 3, 'offensive', 'Hex Bolt to level III.'),
  up('spellcraft-ii', 'Spellcraft II', 'scarlet-witch', 2, 'spellcraft', 2, 'offensive', 'Spellcraft to level II.'),
  up(
    'chaos-shield-ii',
    'Chaos Shield II',
    'scarlet-witch',
    2,
    'chaos-shield',
    2,
    'defensive',
    'Chaos Shield rolls 4 dice.',
  ),
  up(
    'chaos-mastery',
    'Chaos Mastery',
    'scarlet-witch',
    2,
    'probability-manipulation',
    2,
    'passive',
    'Your Probability Manipulation stack limit becomes 3 for the rest of the game.',
  ),
  // Loki (values chosen, see Decisions)
  c('god-of-mischief', 'God of Mischief!', 'loki', 1, 'instant', 'Gain 1 Bag of Tricks.', {
    ops: [{ op: 'gain', s: 'bag-of-tricks', n: 1 }],
  }),
  c('trickery', 'Trickery!', 'loki', 2, 'main', 'Gain Illusion.', { ops: [{ op: 'gain', s: 'illusion', n: 1 }] }),
  c('silver-tongue', 'Silver Tongue!', 'loki', 0, 'main', 'Steal 1 CP from a chosen opponent.', {
    ops: [{ op: 'steal', n: 1 }],
  }),
  c('sleight-of-hand', 'Sleight of Hand!', 'loki', 1, 'roll', 'Reroll one of your dice.', {
    choose: { die: 'own' },
    ops: [{ op: 'reroll' }],
  }),
  up('mockery-ii', 'Mockery II', 'loki', 2, 'mockery', 2, 'offensive', 'Mockery to level II.'),
  up('mockery-iii', 'Mockery III', 'loki', 4, 'mockery', 3, 'offensive', 'Mockery to level III.'),
  up('vex-ii', 'Vex II', 'loki', 2, 'vex', 2, 'offensive', 'Vex to level II.'),
]
export const CARDS: Record<string, Card> = Object.fromEntries(CARD_LIST.map(x => [x.id, cardSchema.parse(x)]))
export const SHARED_CARDS = CARD_LIST.filter(x => x.hero === null).map(x => x.id)

/** Illusion cards (Loki), set aside at setup: what share of the damage gets through. */
export const ILLUSION_CARDS = ['all', 'half', 'none'] as const

for (const card of Object.values(CARDS))
  if (!card.upgrade === !card.ops) throw new Error(`card ${card.id}: a Hero Upgrade has no ops, every other card has`)
for (const h of Object.values(HEROES)) {
  for (const id of h.cards) if (!CARDS[id] || CARDS[id]!.hero !== h.id) throw new Error(`hero ${h.id}: bad card ${id}`)
  for (const s of h.statuses) if (!STATUSES[s]) throw new Error(`hero ${h.id}: bad status ${s}`)
}
