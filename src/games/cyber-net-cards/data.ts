import { z } from 'zod'

/**
 * Cyber Net Cards: card pool and avatars, written as data. Effects use a small vocabulary of
 * operations (`Op`) that the engine interprets (see `effects.ts`). All names and texts are
 * our own; the rules name no cards (CN-REF-1 "Industrial Revolution" is the only name the source gives).
 *
 * Every avatar has a type, ATK/DEF, a passive (always on, free: CN-4.5–4.7) and one ability with a mana cost
 * (`ability`), which IS its Unique Ability (source lines 13 and 20 describe the same power: CN-2.3, CN-2.4,
 * CN-4.1–4.4; Decision 3). So "ability, passive and Unique Ability" are met by `passive` + `ability`.
 */

const who = z.enum(['self', 'opp']).optional().describe("self (the default): your avatar; opp: the opponent's")

// Bounds keep homebrew cards (card sets) within what a match can hold; every built-in card is well inside them.
/** A count an effect adds (damage, life, cards, coal). */
const amount = z.number().int().positive().max(99)
/** A change that may go either way (ATK, DEF, mana). */
const change = z.number().int().min(-99).max(99)
/** At most this many operations in one effect list. */
export const MAX_OPS = 8

export const opSchema = z.discriminatedUnion('op', [
  /** The opponent's avatar loses n life. */
  z.strictObject({ op: z.literal('damage'), n: amount }).describe("The opponent's avatar loses n life"),
  /** Your avatar gains n life (never above its starting life). */
  z.strictObject({ op: z.literal('heal'), n: amount }).describe('Your avatar gains n life'),
  /** ATK / DEF change until the end of the round (a round effect, CN-6.18). */
  z
    .strictObject({ op: z.literal('atk'), n: change, who })
    .describe('ATK changes by n until the end of the round (CN-6.18)'),
  z
    .strictObject({ op: z.literal('def'), n: change, who })
    .describe('DEF changes by n until the end of the round (CN-6.18)'),
  /** Draw n cards from the top of your deck (it is never reshuffled, CN-6.3). */
  z.strictObject({ op: z.literal('draw'), n: amount }).describe('Draw n cards from the top of your deck (CN-6.3)'),
  /** Mana now (self: up to the pool maximum; opp: negative, never below 0). */
  z
    .strictObject({ op: z.literal('mana'), n: change, who })
    .describe('Mana in the pool changes by n now (never below 0)'),
  /** Coal (CN-5.3): on this card when it is equipped, otherwise on your equipped card with the least coal. */
  z
    .strictObject({ op: z.literal('coal'), n: amount })
    .describe('n coal on this card when it is equipped, else on your equipped card with the least (CN-5.3)'),
  /**
   * Move up to n coal from your equipped card with the most coal to your other equipped card with the least (CN-5.7).
   */
  z
    .strictObject({ op: z.literal('moveCoal'), n: amount })
    .describe('Move up to n coal from your equipped card with the most to your other one with the least (CN-5.7)'),
  /** Negate the chain link directly below this one (CN-8.5). */
  z.strictObject({ op: z.literal('negate') }).describe('Negate the chain link directly below this one (CN-8.5)'),
  /** Negate the card your opponent resolved most recently this round; its continuous effects end (CN-8.6). */
  z
    .strictObject({ op: z.literal('rollback') })
    .describe('Negate the card the opponent resolved last this round; its lasting effects end (CN-8.6)'),
  /**
   * Negate the equipped card of your opponent's that the player chose as the target when activating (their
   * equipment, or their infection on your avatar): it leaves and its coal is lost (CN-5.7, CN-8.6).
   */
  z
    .strictObject({ op: z.literal('purge') })
    .describe("Negate the opponent's equipped card chosen as the target on activating (CN-8.6)"),
])
export type Op = z.infer<typeof opSchema>
const ops = z.array(opSchema).max(MAX_OPS)

export const modsSchema = z.strictObject({
  atk: change.optional(),
  def: change.optional(),
  /** Mana received each round (CN-3.2). */
  income: change.optional(),
  /** Hand size the Draw stage fills up to (CN-6.2). */
  hand: z.number().int().min(-4).max(8).optional(),
})
export type Mods = z.infer<typeof modsSchema>

export const cardKinds = ['offensive', 'defensive', 'ability', 'equipment', 'infection'] as const
export type CardKind = (typeof cardKinds)[number]
/**
 * When an equipped card gains coal: at the start of each round, or when its owner activates a card of that kind
 * (CN-5.3).
 */
export const coalGainTriggers = ['roundStart', ...cardKinds] as const

export const cardSchema = z.strictObject({
  id: z
    .string()
    .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/)
    .max(64)
    .describe('Lower-case words joined by hyphens'),
  name: z.string().min(1).max(64),
  kind: z.enum(cardKinds),
  cost: z.number().int().min(0).max(20),
  /** Coal paid on activation, from your equipped cards (CN-5.4, CN-5.6). */
  coalCost: z.number().int().min(0).max(6).default(0),
  steampunkOnly: z.boolean().default(false),
  text: z.string().max(500),
  effect: ops,
  turbo: z.strictObject({ x: z.number().int().positive().max(20), effect: ops }).optional(),
  burn: z.strictObject({ x: z.number().int().positive().max(6), effect: ops }).optional(),
  /** Equipment (on your avatar) and infections (on the opponent's avatar): CN-9. */
  lasting: z
    .strictObject({
      /** Rounds it stays, counting the round it arrives (CN-GAP-5). */
      duration: z.number().int().positive().max(10),
      /** One round longer on a Steampunk avatar (CN-5.9). */
      steamExtra: z.boolean().default(false),
      /** Changes to the avatar it sits on. */
      mods: modsSchema.optional(),
      /** Changes per coal on this card. */
      perCoal: modsSchema.optional(),
      /** Run for its owner at the start of each round it is in play. */
      roundStart: ops.optional(),
      /** When this card gains coal (CN-5.3). */
      coalGain: z.strictObject({ on: z.enum(coalGainTriggers), n: amount }).optional(),
      /** This card uses coal (paid last, CN-5.6). */
      usesCoal: z.boolean().default(false),
      /** Coal of your other equipped cards moves here when they leave or are negated (CN-5.7). */
      keepsCoal: z.boolean().default(false),
      /** Use (CN-5.10): once per round, on your turn or in answer to a chain. */
      use: z
        .strictObject({ cost: z.number().int().min(0).max(20), coal: z.number().int().min(0).max(3), effect: ops })
        .optional(),
    })
    .optional(),
})
export type Card = z.infer<typeof cardSchema>

const powerSchema = z.strictObject({
  name: z.string(),
  cost: z.number().int().positive(),
  text: z.string(),
  effect: z.array(opSchema),
})

export const avatarSchema = z.strictObject({
  id: z.string(),
  name: z.string(),
  type: z.enum(['offensive', 'moderate', 'defensive']),
  steampunk: z.boolean(),
  atk: z.number().int().min(0),
  def: z.number().int().min(0),
  /**
   * The avatar's ability, which is its Unique Ability (CN-2.3, CN-2.4, CN-4.1–4.4; Decisions, CN-GAP-3): not a
   * deck card, used by the avatar itself, costs mana, once per round, on your turn or in answer to a chain.
   */
  ability: powerSchema,
  /** CN-4.5–4.7: always on, free. */
  passive: z.strictObject({
    text: z.string(),
    mods: modsSchema.optional(),
    roundStart: z.array(opSchema).optional(),
    onActivate: z.strictObject({ kind: z.enum(cardKinds), effect: z.array(opSchema) }).optional(),
  }),
})
export type Avatar = z.infer<typeof avatarSchema>

// ---------------------------------------------------------------- helpers to write data tersely
const dmg = (n: number): Op => ({ op: 'damage', n })
const heal = (n: number): Op => ({ op: 'heal', n })
const atk = (n: number, w: 'self' | 'opp' = 'self'): Op => ({ op: 'atk', n, who: w })
const def = (n: number, w: 'self' | 'opp' = 'self'): Op => ({ op: 'def', n, who: w })
const draw = (n: number): Op => ({ op: 'draw', n })
const mana = (n: number, w: 'self' | 'opp' = 'self'): Op => ({ op: 'mana', n, who: w })
const coal = (n: number): Op => ({ op: 'coal', n })
const negate: Op = { op: 'negate' }
const rollback: Op = { op: 'rollback' }
const purge: Op = { op: 'purge' }

type RawCard = z.input<typeof cardSchema>
const c = (
  name: string,
  kind: CardKind,
  cost: number,
  text: string,
  effect: Op[],
  extra: Partial<RawCard> = {},
): RawCard => ({
  id: slug(name),
  name,
  kind,
  cost,
  text,
  effect,
  ...extra,
})
function slug(name: string): string {
  return name
    .toLowerCase()
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
}

const rawCards: RawCard[] = [
  // ---------------- Offensive (your turn only, CN-6.8)
  c('Data Spike', 'offensive', 0, 'Deal 1 damage.', [dmg(1)]),
  c('Overclocked Strike', 'offensive', 1, 'Deal 2 damage. Turbo 2: deal 2 more.', [dmg(2)], {
    turbo: { x: 2, effect: [dmg(2)] },
  }),
  c('Neon Blade', 'offensive', 2, '+3 ATK this round.', [atk(3)]),
  c(
    'Packet Flood',
    'offensive',
    3,
    'Deal 3 damage; the opponent has -1 DEF this round. Turbo 1: deal 1 more.',
    [dmg(3), def(-1, 'opp')],
    {
      turbo: { x: 1, effect: [dmg(1)] },
    },
  ),
  c('DDoS Barrage', 'offensive', 4, 'Deal 5 damage. Turbo 2: deal 3 more.', [dmg(5)], {
    turbo: { x: 2, effect: [dmg(3)] },
  }),
  c('Boiler Punch', 'offensive', 2, 'Steampunk only. Deal 2 damage. Burn 1: deal 3 more.', [dmg(2)], {
    steampunkOnly: true,
    burn: { x: 1, effect: [dmg(3)] },
  }),
  c('Rivet Gun', 'offensive', 1, 'Deal 1 damage, +1 ATK this round. Burn 1: deal 2 more.', [dmg(1), atk(1)], {
    burn: { x: 1, effect: [dmg(2)] },
  }),
  c('Zero-Day Exploit', 'offensive', 3, 'Deal 2 damage; the opponent has -2 DEF this round.', [dmg(2), def(-2, 'opp')]),
  c('Voltage Surge', 'offensive', 2, '+2 ATK this round. Turbo 1: +2 ATK more.', [atk(2)], {
    turbo: { x: 1, effect: [atk(2)] },
  }),
  c('Furnace Blast', 'offensive', 3, 'Steampunk only. Costs 1 coal. Deal 5 damage.', [dmg(5)], {
    steampunkOnly: true,
    coalCost: 1,
  }),
  c('Trojan Payload', 'offensive', 2, 'Deal 2 damage; the opponent loses 1 mana.', [dmg(2), mana(-1, 'opp')]),
  c('Glitch Swarm', 'offensive', 1, 'Deal 1 damage; the opponent has -1 DEF this round.', [dmg(1), def(-1, 'opp')]),
  c('Steam Lance', 'offensive', 1, 'Steampunk only. +2 ATK this round. Burn 2: deal 4 damage.', [atk(2)], {
    steampunkOnly: true,
    burn: { x: 2, effect: [dmg(4)] },
  }),
  c('Brute Force', 'offensive', 5, 'Deal 6 damage.', [dmg(6)]),
  c('Backdoor Raid', 'offensive', 2, 'Deal 1 damage and draw 1 card.', [dmg(1), draw(1)]),

  // ---------------- Defensive (your turn only, CN-6.8)
  c('Sandbox', 'defensive', 0, '+1 DEF this round.', [def(1)]),
  c('Firewall Shield', 'defensive', 1, '+2 DEF this round.', [def(2)]),
  c('Patch Update', 'defensive', 1, 'Gain 3 life.', [heal(3)]),
  c('Encrypted Armor', 'defensive', 2, '+3 DEF this round. Turbo 1: +2 DEF more.', [def(3)], {
    turbo: { x: 1, effect: [def(2)] },
  }),
  c('Reboot', 'defensive', 3, 'Gain 5 life. Turbo 2: gain 3 more.', [heal(5)], { turbo: { x: 2, effect: [heal(3)] } }),
  c('Honeypot', 'defensive', 2, '+1 DEF; the opponent has -2 ATK this round.', [def(1), atk(-2, 'opp')]),
  c('Backup Restore', 'defensive', 4, 'Gain 4 life and draw 1 card.', [heal(4), draw(1)]),
  c('Iron Plating', 'defensive', 1, 'Steampunk only. +2 DEF this round. Burn 1: +2 DEF more.', [def(2)], {
    steampunkOnly: true,
    burn: { x: 1, effect: [def(2)] },
  }),
  c('Coolant Flush', 'defensive', 1, 'The opponent has -1 ATK this round; gain 1 life.', [atk(-1, 'opp'), heal(1)]),
  c('Mirror Proxy', 'defensive', 3, '+2 DEF this round and deal 2 damage.', [def(2), dmg(2)]),
  c(
    'Pressure Valve',
    'defensive',
    1,
    'Steampunk only. Gain 2 life; 1 coal on your equipped card with the least.',
    [heal(2), coal(1)],
    {
      steampunkOnly: true,
    },
  ),
  c('Cache Reserve', 'defensive', 0, 'Gain 1 mana.', [mana(1)]),
  c('Defrag', 'defensive', 2, 'Draw 2 cards.', [draw(2)]),

  // ---------------- Abilities (your turn or in answer to a chain, CN-6.9)
  c('Counter-Hack', 'ability', 2, 'Negate the card or power directly below in the chain.', [negate]),
  c('Null Pointer', 'ability', 3, 'Negate the link directly below. Turbo 1: also deal 2 damage.', [negate], {
    turbo: { x: 1, effect: [dmg(2)] },
  }),
  c('Rollback', 'ability', 2, "Negate the opponent's card that resolved last this round; its lasting effects end.", [
    rollback,
  ]),
  c('Quick Patch', 'ability', 1, 'Gain 2 life.', [heal(2)]),
  c(
    'EMP Pulse',
    'ability',
    3,
    "Negate one of the opponent's equipped cards (you choose it as you activate this); it goes to the Void.",
    [purge],
  ),
  c('Ping', 'ability', 0, 'Deal 1 damage.', [dmg(1)]),
  c('Mana Siphon', 'ability', 1, 'The opponent loses 2 mana; you gain 1.', [mana(-2, 'opp'), mana(1)]),
  c('Adrenal Boost', 'ability', 1, '+1 ATK and +1 DEF this round.', [atk(1), def(1)]),
  c('Flash Freeze', 'ability', 2, 'The opponent has -3 ATK this round.', [atk(-3, 'opp')]),
  c(
    'Coal Shovel',
    'ability',
    1,
    'Move 2 coal (as much as it has and as fits) from your equipped card with the most coal to your other equipped card with the least.',
    [{ op: 'moveCoal', n: 2 }],
  ),
  c('Stoke the Fire', 'ability', 1, 'Steampunk only. 2 coal on your equipped card with the least.', [coal(2)], {
    steampunkOnly: true,
  }),
  c('Kill Switch', 'ability', 4, 'Negate the link directly below and deal 1 damage.', [negate, dmg(1)]),
  c('Spark Jump', 'ability', 1, 'Deal 1 damage. Burn 1: deal 2 more.', [dmg(1)], { burn: { x: 1, effect: [dmg(2)] } }),
  c('Steam Vent', 'ability', 2, 'Steampunk only. Costs 1 coal. Negate the link directly below.', [negate], {
    steampunkOnly: true,
    coalCost: 1,
  }),
  c('Buffer Overflow', 'ability', 2, 'Deal 2 damage. Turbo 2: deal 2 more.', [dmg(2)], {
    turbo: { x: 2, effect: [dmg(2)] },
  }),
  c('Lag Spike', 'ability', 1, 'The opponent has -2 DEF this round.', [def(-2, 'opp')]),

  // ---------------- Equipment (stays on your avatar, CN-9.2)
  c(
    'Turbo Boots',
    'equipment',
    2,
    '2 rounds. +1 ATK. Gains 1 coal each round. Use (1 coal from it): +2 ATK this round.',
    [],
    {
      lasting: {
        duration: 2,
        mods: { atk: 1 },
        coalGain: { on: 'roundStart', n: 1 },
        usesCoal: true,
        use: { cost: 0, coal: 1, effect: [atk(2)] },
      },
    },
  ),
  c('Reactor Core', 'equipment', 3, '3 rounds. You receive 1 more mana each round.', [], {
    lasting: { duration: 3, mods: { income: 1 } },
  }),
  c('Data Glove', 'equipment', 1, '2 rounds. You draw up to 1 more card.', [], {
    lasting: { duration: 2, mods: { hand: 1 } },
  }),
  c('Nano Vest', 'equipment', 2, '2 rounds. +2 DEF.', [], { lasting: { duration: 2, mods: { def: 2 } } }),
  c(
    'Steam Piston',
    'equipment',
    2,
    'Steampunk only. 2 rounds (+1 on Steampunk). +1 ATK per coal on it. Gains 1 coal each round.',
    [],
    {
      steampunkOnly: true,
      lasting: {
        duration: 2,
        steamExtra: true,
        perCoal: { atk: 1 },
        coalGain: { on: 'roundStart', n: 1 },
        usesCoal: true,
      },
    },
  ),
  c(
    'Industrial Revolution',
    'equipment',
    2,
    'Steampunk only. 3 rounds. Coal of your other equipped cards moves here when they leave or are negated. Gains 1 coal when you activate an Offensive card. Use (2 coal from it): deal 3 damage.',
    [],
    {
      steampunkOnly: true,
      lasting: {
        duration: 3,
        keepsCoal: true,
        coalGain: { on: 'offensive', n: 1 },
        usesCoal: true,
        use: { cost: 0, coal: 2, effect: [dmg(3)] },
      },
    },
  ),
  c(
    'Boiler Heart',
    'equipment',
    3,
    '2 rounds (+1 on Steampunk). Gains 1 coal each round. Use (1 mana, 1 coal from it): gain 3 life.',
    [],
    {
      lasting: {
        duration: 2,
        steamExtra: true,
        coalGain: { on: 'roundStart', n: 1 },
        usesCoal: true,
        use: { cost: 1, coal: 1, effect: [heal(3)] },
      },
    },
  ),
  c('Plasma Cannon', 'equipment', 4, '2 rounds. Use (1 mana): deal 2 damage. Turbo 2: deal 2 damage now.', [], {
    turbo: { x: 2, effect: [dmg(2)] },
    lasting: { duration: 2, use: { cost: 1, coal: 0, effect: [dmg(2)] } },
  }),
  c(
    'Signal Booster',
    'equipment',
    1,
    '2 rounds. +1 DEF. Gains 1 coal when you activate an Ability (fuel for your Burn and coal costs).',
    [],
    {
      lasting: { duration: 2, mods: { def: 1 }, coalGain: { on: 'ability', n: 1 } },
    },
  ),
  c(
    'Cog Shield',
    'equipment',
    1,
    '2 rounds (+1 on Steampunk). +1 DEF. Gains 1 coal each round. Use (1 coal from it): +2 DEF this round.',
    [],
    {
      lasting: {
        duration: 2,
        steamExtra: true,
        mods: { def: 1 },
        coalGain: { on: 'roundStart', n: 1 },
        usesCoal: true,
        use: { cost: 0, coal: 1, effect: [def(2)] },
      },
    },
  ),
  c('Neural Link', 'equipment', 2, '2 rounds. Use (1 mana): draw 1 card.', [], {
    lasting: { duration: 2, use: { cost: 1, coal: 0, effect: [draw(1)] } },
  }),
  c(
    'Coal Furnace',
    'equipment',
    1,
    'Steampunk only. 3 rounds. Gains 1 coal each round (fuel for your Burn and coal costs).',
    [],
    {
      steampunkOnly: true,
      lasting: { duration: 3, coalGain: { on: 'roundStart', n: 1 } },
    },
  ),

  // ---------------- Infections (stay on the opponent's avatar, CN-9.3)
  c('Worm', 'infection', 1, '2 rounds. At the start of each round it deals 1 damage to its host.', [], {
    lasting: { duration: 2, roundStart: [dmg(1)] },
  }),
  c('Ransomware', 'infection', 3, '2 rounds. Its host receives 1 less mana each round.', [], {
    lasting: { duration: 2, mods: { income: -1 } },
  }),
  c('Memory Leak', 'infection', 2, '2 rounds. Its host draws up to 1 card fewer.', [], {
    lasting: { duration: 2, mods: { hand: -1 } },
  }),
  c(
    'Rootkit',
    'infection',
    2,
    '3 rounds. Host has -1 DEF. Gains 1 coal each round. Use (2 coal from it): deal 3 damage.',
    [],
    {
      lasting: {
        duration: 3,
        mods: { def: -1 },
        coalGain: { on: 'roundStart', n: 1 },
        usesCoal: true,
        use: { cost: 0, coal: 2, effect: [dmg(3)] },
      },
    },
  ),
  c(
    'Logic Bomb',
    'infection',
    2,
    '2 rounds. At the start of each round it deals 2 damage to its host. Burn 1: deal 2 damage now.',
    [],
    {
      burn: { x: 1, effect: [dmg(2)] },
      lasting: { duration: 2, roundStart: [dmg(2)] },
    },
  ),
  c('Spyware', 'infection', 1, '2 rounds. Host has -1 ATK.', [], { lasting: { duration: 2, mods: { atk: -1 } } }),
  c(
    'Rust Plague',
    'infection',
    2,
    'Steampunk only. 2 rounds. Host has -2 DEF. Gains 1 coal each round (fuel for your Burn and coal costs).',
    [],
    {
      steampunkOnly: true,
      lasting: { duration: 2, mods: { def: -2 }, coalGain: { on: 'roundStart', n: 1 } },
    },
  ),
  c('Botnet', 'infection', 3, '2 rounds. Host has -1 ATK; 1 damage to it at the start of each round.', [], {
    lasting: { duration: 2, mods: { atk: -1 }, roundStart: [dmg(1)] },
  }),
]

type RawAvatar = z.input<typeof avatarSchema>
const rawAvatars: RawAvatar[] = [
  {
    id: 'razorjack',
    name: 'Razorjack',
    type: 'offensive',
    steampunk: false,
    atk: 9,
    def: 2,
    ability: { name: 'Edge Rush', cost: 2, text: 'Deal 2 damage.', effect: [dmg(2)] },
    passive: {
      text: 'When you activate an Offensive card, +1 ATK this round.',
      onActivate: { kind: 'offensive', effect: [atk(1)] },
    },
  },
  {
    id: 'vex-vandal',
    name: 'Vex Vandal',
    type: 'offensive',
    steampunk: false,
    atk: 8,
    def: 3,
    ability: { name: 'Crash', cost: 1, text: 'The opponent has -2 DEF this round.', effect: [def(-2, 'opp')] },
    passive: { text: 'At the start of each round, the opponent has -1 DEF this round.', roundStart: [def(-1, 'opp')] },
  },
  {
    id: 'copper-duchess',
    name: 'Copper Duchess',
    type: 'offensive',
    steampunk: true,
    atk: 8,
    def: 3,
    ability: {
      name: 'Pressure Release',
      cost: 1,
      text: '+1 ATK this round; 1 coal on your equipped card with the least.',
      effect: [atk(1), coal(1)],
    },
    passive: {
      text: 'At the start of each round, 1 coal on your equipped card with the least.',
      roundStart: [coal(1)],
    },
  },
  {
    id: 'sentinel-ada',
    name: 'Sentinel Ada',
    type: 'moderate',
    steampunk: false,
    atk: 7,
    def: 4,
    ability: { name: 'Scan', cost: 1, text: 'Draw 1 card.', effect: [draw(1)] },
    passive: { text: 'You draw up to 1 more card.', mods: { hand: 1 } },
  },
  {
    id: 'cipher-monk',
    name: 'Cipher Monk',
    type: 'moderate',
    steampunk: false,
    atk: 7,
    def: 4,
    ability: { name: 'Meditate', cost: 1, text: 'Gain 2 life.', effect: [heal(2)] },
    passive: { text: 'You receive 1 more mana each round.', mods: { income: 1 } },
  },
  {
    id: 'baron-cogsworth',
    name: 'Baron Cogsworth',
    type: 'moderate',
    steampunk: true,
    atk: 8,
    def: 4,
    ability: { name: 'Stoke', cost: 1, text: '2 coal on your equipped card with the least.', effect: [coal(2)] },
    passive: {
      text: 'When you activate an equipment, 1 coal on your equipped card with the least.',
      onActivate: { kind: 'equipment', effect: [coal(1)] },
    },
  },
  {
    id: 'bastion-9',
    name: 'Bastion-9',
    type: 'defensive',
    steampunk: false,
    atk: 6,
    def: 4,
    ability: { name: 'Brace', cost: 1, text: '+2 DEF this round.', effect: [def(2)] },
    passive: { text: '+1 DEF.', mods: { def: 1 } },
  },
  {
    id: 'warden-lux',
    name: 'Warden Lux',
    type: 'defensive',
    steampunk: false,
    atk: 6,
    def: 5,
    ability: { name: 'Lockdown', cost: 2, text: 'The opponent has -2 ATK this round.', effect: [atk(-2, 'opp')] },
    passive: { text: 'At the start of each round, gain 1 life.', roundStart: [heal(1)] },
  },
  {
    id: 'madame-gaskette',
    name: 'Madame Gaskette',
    type: 'defensive',
    steampunk: true,
    atk: 6,
    def: 5,
    ability: {
      name: 'Vent Steam',
      cost: 2,
      text: 'The opponent has -2 ATK this round; 1 coal on your equipped card with the least.',
      effect: [atk(-2, 'opp'), coal(1)],
    },
    passive: {
      text: 'When you activate a Defensive card, 1 coal on your equipped card with the least.',
      onActivate: { kind: 'defensive', effect: [coal(1)] },
    },
  },
]

export const CARDS: readonly Card[] = z.array(cardSchema).parse(rawCards)
export const AVATARS: readonly Avatar[] = z.array(avatarSchema).parse(rawAvatars)
export const CARD_BY_ID: ReadonlyMap<string, Card> = new Map(CARDS.map(x => [x.id, x]))
export const AVATAR_BY_ID: ReadonlyMap<string, Avatar> = new Map(AVATARS.map(x => [x.id, x]))
/**
 * Each avatar's ability is its Unique Ability (CN-2.4, CN-4.1). It has an id of its own, so a deck that lists
 * one can be told why it is refused (CN-2.3).
 */
export const UNIQUE_BY_ID: ReadonlyMap<string, Avatar> = new Map(AVATARS.map(a => [slug(a.ability.name), a]))
/** Avatar id -> the id of its ability (its Unique Ability). */
export const ABILITY_ID_OF: ReadonlyMap<string, string> = new Map(AVATARS.map(a => [a.id, slug(a.ability.name)]))

type Entry = [string, number]
const deck = (avatar: string, entries: Entry[]) => ({ avatar, main: entries.map(([card, count]) => ({ card, count })) })

export const SAMPLE_DECKS = [
  {
    name: 'Neon Assault',
    deck: deck('razorjack', [
      ['data-spike', 3],
      ['overclocked-strike', 3],
      ['neon-blade', 2],
      ['packet-flood', 2],
      ['ddos-barrage', 1],
      ['rivet-gun', 2],
      ['voltage-surge', 2],
      ['trojan-payload', 2],
      ['ping', 2],
      ['counter-hack', 2],
      ['turbo-boots', 2],
      ['worm', 2],
      ['reactor-core', 1],
    ]),
  },
  {
    name: 'Firewall Fortress',
    deck: deck('bastion-9', [
      ['sandbox', 2],
      ['firewall-shield', 2],
      ['patch-update', 2],
      ['encrypted-armor', 2],
      ['honeypot', 2],
      ['cache-reserve', 2],
      ['quick-patch', 2],
      ['rollback', 2],
      ['emp-pulse', 1],
      ['nano-vest', 2],
      ['data-glove', 2],
      ['memory-leak', 2],
      ['mirror-proxy', 2],
      ['zero-day-exploit', 1],
    ]),
  },
  {
    name: 'Steam and Coal',
    deck: deck('baron-cogsworth', [
      ['boiler-punch', 3],
      ['furnace-blast', 2],
      ['steam-lance', 2],
      ['iron-plating', 2],
      ['pressure-valve', 2],
      ['stoke-the-fire', 2],
      ['steam-vent', 2],
      ['coal-shovel', 2],
      ['steam-piston', 2],
      ['industrial-revolution', 2],
      ['coal-furnace', 2],
      ['rust-plague', 2],
      ['spark-jump', 2],
    ]),
  },
  {
    name: 'Boilerworks',
    deck: deck('madame-gaskette', [
      ['iron-plating', 3],
      ['pressure-valve', 2],
      ['boiler-heart', 2],
      ['cog-shield', 2],
      ['industrial-revolution', 1],
      ['coal-furnace', 2],
      ['boiler-punch', 2],
      ['furnace-blast', 1],
      ['steam-vent', 1],
      ['flash-freeze', 2],
      ['coolant-flush', 2],
      ['reboot', 1],
      ['signal-booster', 2],
      ['rootkit', 1],
    ]),
  },
  {
    name: 'Cipher Control',
    deck: deck('cipher-monk', [
      ['null-pointer', 2],
      ['kill-switch', 1],
      ['mana-siphon', 2],
      ['adrenal-boost', 2],
      ['lag-spike', 2],
      ['buffer-overflow', 2],
      ['defrag', 2],
      ['backup-restore', 1],
      ['backdoor-raid', 2],
      ['neural-link', 2],
      ['plasma-cannon', 1],
      ['ransomware', 2],
      ['logic-bomb', 2],
      ['spyware', 2],
      ['botnet', 1],
      ['brute-force', 1],
      ['glitch-swarm', 1],
    ]),
  },
]
