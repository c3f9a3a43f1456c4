/**
 * Homebrew cards of Cyberpunk TCG: the strict set-card schema (the effect vocabulary of effects.ts without `custom`),
 * the card check, a set card as a catalogue entry, and the built-in cards' data (`Card.data`) in the same form.
 */
import { z } from 'zod'
import type { CardCheck, CardProblem } from '../../kernel/index.ts'
import { CARDS, defOf, namesOf, type CardDef } from './cards.ts'
import { OP_NAMES, STATIC_MODS, TRIGGERS, type Ability, type CardBehaviour, type Op } from './effects.ts'
import { describeAbility, describeSetCard } from './card-text.ts'

// Bounds keep homebrew cards within what a match can hold; every built-in card is well inside them.
const count = z.number().int().min(0).max(99)
const amount = z.number().int().min(-20).max(20)
const cost = z.number().int().min(0).max(20)
const label = z.string().min(1).max(60)

/** The effect's variables a card may name: what one operation chose (`as`) and what a trigger brings. */
export const VAR_NAMES = [
  'target',
  'unit',
  'ownUnit',
  'rivalUnit',
  'gear',
  'die',
  'slot',
  'milled',
  'discardCount',
  'discarded',
  'discardedCost',
  'paid',
  'played',
  'trash',
  'self',
  'subject',
  'thief',
] as const
const v = z.enum(VAR_NAMES).describe('An effect variable: set by an earlier `as`, or brought by the trigger')
const cardType = z.enum(['Unit', 'Legend', 'Gear', 'Program'])
const match = z.strictObject({ type: cardType.optional(), tag: label.optional() })

export const CONDITION_WORDS = [
  'credEven',
  'credMoreThanRival',
  'credLessThanRival',
  'credLessThan',
  'credDiffAtLeast',
  'distinctGigs',
  'gigAtLeast',
  'selfPowerAtLeast',
  'allLegendsFaceUp',
  'varBecameMinGig',
  'varCostEqualsFriendlyGig',
  'varEqualsFriendlyGig',
  'hostNamed',
  'selfStoleThisTurn',
  'varLegendArasakaOrSolo',
  'varSet',
  'not',
  'all',
  'mode',
  'rivalMoreGigsBy',
  'hasMinGig',
  'selfSpent',
  'selfEquipped',
  'gigsAtLeastCount',
  'varDieSize',
  'thiefIsLegend',
  'varDieEven',
  'varDieOdd',
  'firstStealBelowPower',
  'firstArasakaDefeat',
  'valuePair',
  'fixerEmpty',
  'friendlyD4Min',
  'varTag',
  'varIs',
  'evenAndOddGigs',
  'ownTurn',
] as const

const cond = (c: string, shape: z.ZodRawShape = {}, description?: string) =>
  z.strictObject({ c: z.literal(c), ...shape }).describe(description ?? c)

/** A condition; `not` and `all` nest conditions (how deep a card may nest is checked by `checkCard`). */
export const condition: z.ZodType = z.lazy(() =>
  z.discriminatedUnion('c', [
    cond('credEven', {}, 'Your Street Cred is even'),
    cond('credMoreThanRival', {}, 'Your Street Cred is higher than the rival’s'),
    cond('credLessThanRival', {}, 'Your Street Cred is lower than the rival’s'),
    cond('credLessThan', { n: count }, 'Your Street Cred is below n'),
    cond('credDiffAtLeast', { n: count }, 'The Street Creds differ by n or more'),
    cond('distinctGigs', { n: count }, 'You have Gigs of n different values'),
    cond('gigAtLeast', { n: count }, 'You have a Gig of n or more'),
    cond('selfPowerAtLeast', { n: count }, 'This Unit has n power or more'),
    cond('allLegendsFaceUp', {}, 'All your Legends are face up'),
    cond('varBecameMinGig', { v }, 'The Gig in v was just adjusted to 1'),
    cond('varCostEqualsFriendlyGig', { v }, 'The cost of the card in v equals a friendly Gig'),
    cond('varEqualsFriendlyGig', { v }, 'The number in v equals a friendly Gig'),
    cond('hostNamed', { name: label }, 'This card (or its host) has that name'),
    cond('selfStoleThisTurn', {}, 'This Unit stole a Gig this turn'),
    cond('varLegendArasakaOrSolo', { v }, 'The Legend in slot v is ARASAKA or has GO SOLO'),
    cond('varSet', { v }, 'Variable v is set'),
    cond('mode', { n: count }, 'Mode n was chosen'),
    cond('rivalMoreGigsBy', { n: count }, 'The rival has n more Gigs or more'),
    cond('hasMinGig', {}, 'You have a Gig showing 1'),
    cond('selfSpent', {}, 'This card is spent'),
    cond('selfEquipped', {}, 'This Unit is equipped'),
    cond('gigsAtLeastCount', { n: count, min: count }, 'You have n Gigs of min or more'),
    cond('varDieSize', { v, size: z.union([4, 6, 8, 10, 12, 20].map(n => z.literal(n))) }, 'The die in v has size'),
    cond('thiefIsLegend', {}, 'The thief is a Legend'),
    cond('varDieEven', { v }, 'The die in v shows an even number'),
    cond('varDieOdd', { v }, 'The die in v shows an odd number'),
    cond('firstStealBelowPower', {}, 'First steal this turn by another friendly Unit, of a Gig below its power'),
    cond('firstArasakaDefeat', {}, 'The defeated Unit is the first ARASAKA Unit defeated this turn'),
    cond('valuePair', {}, 'Two friendly Gigs show the same value'),
    cond('fixerEmpty', {}, 'Your fixer area is empty'),
    cond('friendlyD4Min', {}, 'Your d4 Gig shows 1'),
    cond('varTag', { v, tags: z.array(label).min(1).max(6) }, 'The card in v has one of the tags'),
    cond('varIs', { v, n: amount }, 'Variable v is n'),
    cond('evenAndOddGigs', {}, 'You have an even and an odd Gig'),
    cond('ownTurn', {}, 'It is your turn'),
    cond('not', { of: condition }, 'The condition does not hold'),
    cond('all', { of: z.array(condition).min(1).max(4) }, 'Every condition holds'),
  ] as never),
)

const unitFilter = z.strictObject({
  side: z.enum(['friendly', 'rival', 'any']),
  maxCost: count.optional(),
  maxPower: count.optional(),
  maxPowerFriendlyD20: z.boolean().optional(),
  ready: z.boolean().optional(),
  spent: z.boolean().optional(),
  unequipped: z.boolean().optional(),
  equipped: z.boolean().optional(),
  maxCostVar: v.optional(),
  powerEqDieVar: v.optional(),
  lowest: z.boolean().optional(),
  notSelf: z.boolean().optional(),
})

const UNIT_EFFECTS = [
  'cantAttack',
  'cantReady',
  'stealFewer',
  'fightBonus',
  'mustAttack',
  'noFightDefeat',
  'mayAttackUnits',
  'mayAttackReadyUnits',
] as const
const PLAYER_EFFECTS = [
  'fightDefeatShield',
  'defeatOpponentOnNextLoss',
  'stealOnBigWin',
  'goSoloDiscount',
  'programDiscount',
  'stealOnlyUpToPower',
  'legendsStealOnlyFromPower',
] as const

const op = (name: Op['op'], shape: z.ZodRawShape, description: string) =>
  z.strictObject({ op: z.literal(name), ...shape, if: condition.optional() }).describe(description)

/** Every word of the vocabulary but `custom` (a card's own code, which a set card cannot name). */
export const operationSchemas = [
  op('draw', { n: count }, 'Draw n cards'),
  op(
    'discard',
    { n: count, optional: z.boolean().optional(), as: v.optional(), type: z.literal('Program').optional() },
    'Discard n cards (`as`: how many were discarded)',
  ),
  op(
    'gig',
    {
      mode: z.enum(['adjust', 'increase', 'decrease', 'exact']),
      upTo: count,
      side: z.enum(['any', 'friendly', 'var']),
      v: v.optional(),
      as: v.optional(),
    },
    'Change a Gig die by up to `upTo`',
  ),
  op(
    'chooseUnit',
    { filter: unitFilter, as: v, optional: z.boolean().optional(), by: z.literal('rival').optional() },
    'Choose a Unit in the field that matches the filter (into variable `as`)',
  ),
  op(
    'chooseGear',
    {
      as: v,
      optional: z.boolean().optional(),
      side: z.enum(['friendly', 'rival', 'any']).optional(),
      maxPower: count.optional(),
    },
    'Choose an equipped Gear (into variable `as`)',
  ),
  op(
    'mode',
    { labels: z.array(label).min(2).max(4), bothIf: condition.optional() },
    'Choose one mode (the condition `mode` reads it)',
  ),
  op('defeatAll', { others: z.boolean() }, 'Defeat every Unit (`others`: but this one)'),
  op('bounceSelf', {}, 'Return this card to its owner’s hand'),
  op(
    'readyLegend',
    { tag: label.optional(), n: count.optional(), inLegendsArea: z.boolean().optional() },
    'Ready spent Legends',
  ),
  op('once', {}, 'The rest of the effect happens only once per turn'),
  op('grant', { v, what: z.enum(['adrenaline', 'blocker']) }, 'The Unit in v gains ADRENALINE or BLOCKER this turn'),
  op('readyUnits', { n: count }, 'Ready up to n friendly Units'),
  op('revealTopGain', {}, 'Reveal the top card of your deck and gain it'),
  op('powerMinusSelf', { v }, 'The Unit in v gets minus this Unit’s power this turn'),
  op('powerPerGear', { v, n: amount }, 'The Unit in v gets n power per Gear equipped to it this turn'),
  op('bottomDeck', { v }, 'Put the card in v on the bottom of its owner’s deck'),
  op('bottomDeckAll', { side: z.literal('rival'), maxPower: count }, 'Bottom-deck every rival Unit of low power'),
  op('powerAll', { side: z.literal('rival'), n: amount }, 'Every rival Unit gets n power this turn'),
  op('spendAll', { side: z.literal('rival') }, 'Spend every rival Unit'),
  op(
    'search',
    {
      n: count,
      type: z.enum(['Gear', 'Unit', 'Program']).optional(),
      maxCost: count.optional(),
      costInGigs: z.boolean().optional(),
      take: count,
      upTo: z.boolean().optional(),
      perMinGig: z.boolean().optional(),
      hidden: z.boolean().optional(),
    },
    'Look at the top n cards of your deck and take `take` of them',
  ),
  op('mill', { n: count, as: v }, 'Trash the top n cards of your deck (into variable `as`)'),
  op(
    'fromAmong',
    {
      v,
      type: z.enum(['Unit', 'Program', 'Gear']).optional(),
      tag: label.optional(),
      optional: z.boolean().optional(),
      as: v.optional(),
    },
    'Take a card from among those in v',
  ),
  op('setGig', { cross: z.boolean(), optional: z.boolean() }, 'Set a Gig to the value of another'),
  op(
    'unitEffect',
    { v, effect: z.enum(UNIT_EFFECTS), n: amount.optional() },
    'Start a lasting effect on the Unit in v (how long it lasts is the effect’s own)',
  ),
  op('playerEffect', { effect: z.enum(PLAYER_EFFECTS) }, 'Start a lasting effect for you'),
  op('mayPay', { n: count, as: v }, 'You may pay n €$ (variable `as` is 1 when you did)'),
  op('gainMaxGig', {}, 'Gain a Gig from your fixer area at its highest value'),
  op('stealExtra', { distinctValue: z.boolean().optional() }, 'Steal one more Gig'),
  op(
    'playFree',
    {
      from: z
        .array(z.enum(['hand', 'trash', 'top']))
        .min(1)
        .max(3),
      type: z.enum(['Unit', 'Program', 'Gear', 'any']),
      maxCost: count,
      optional: z.boolean(),
      bottom: z.boolean().optional(),
      tag: label.optional(),
      otherUnitOnly: z.boolean().optional(),
      grantAttackUnits: z.boolean().optional(),
      n: count.optional(),
      onlyVar: v.optional(),
      notSrc: z.boolean().optional(),
      as: v.optional(),
    },
    'Play a card for free',
  ),
  op('sellTop', {}, 'Put the top card of your deck into your Eddies'),
  op('psycho', { v }, 'Cyberpsychosis on the Unit in v (ability 1 of the card is its delayed end)'),
  op('drawPer', { per: z.enum(['evenGig', 'oddGig', 'valuePair', 'faceUpLegend']) }, 'Draw a card per thing counted'),
  op('powerPer', { v, n: amount, per: z.literal('evenGig') }, 'The Unit in v gets n power per thing counted'),
  op(
    'fromTrash',
    { type: z.enum(['Unit', 'Program']), notSelf: z.boolean().optional() },
    'Return a card from your trash to your hand',
  ),
  op('rivalDiscard', { n: count }, 'The rival discards n cards'),
  op('defeat', { v }, 'Defeat the card in v'),
  op('spend', { v }, 'Spend the card in v'),
  op('power', { v, n: amount }, 'The Unit in v gets n power this turn'),
  op('swapGig', { optional: z.boolean() }, 'Swap a friendly Gig with a rival one'),
  op('lookLegend', { as: v, optional: z.boolean().optional() }, 'Look at a face-down Legend'),
  op('lookAllLegends', {}, 'Look at every face-down Legend'),
  op('callFree', { v: v.optional(), optional: z.boolean() }, 'Call a Legend for free'),
  op('topMayTrash', {}, 'Look at the top card of your deck; you may trash it'),
  op('readyEddies', { n: count }, 'Ready n of your Eddies'),
  op('readySelf', {}, 'Ready this card'),
  op('delay', { ab: z.number().int().min(0).max(7) }, 'At the end of the turn, ability `ab` (a delayed one) happens'),
]
export const OPERATION_WORDS: readonly string[] = OP_NAMES.filter(w => w !== 'custom')
const operation = z.discriminatedUnion('op', operationSchemas as never)
const ops = z.array(operation).min(1).max(12)
const text = z
  .string()
  .min(1)
  .max(300)
  .optional()
  .describe('Our own words; the generated text stands for it when left out')
const inherit = z.boolean().optional().describe('On a Gear: its host has the ability')

const stat = (mod: string, shape: z.ZodRawShape, description: string) =>
  z.strictObject({ kind: z.literal('static'), mod: z.literal(mod), ...shape, inherit, text }).describe(description)
const whileCond = condition.optional()

/** The static words, with or without parameters. */
export const staticSchemas = [
  stat('cantAttack', {}, 'This Unit cannot attack'),
  stat('onlyAttackUnits', {}, 'This Unit can only attack Units'),
  stat('unblockableIfLessCred', {}, 'Cannot be blocked while your Street Cred is lower'),
  stat('suppressNewRivals', {}, 'Rival Units cannot attack the turn they are played'),
  stat('needsProgramToAttack', {}, 'Cannot attack unless you played a Program this turn'),
  stat('deadmanReplace', {}, '(Gear) if the host would be defeated, defeat this Gear instead'),
  stat('freeCallOwnTurn', {}, 'During your turn you may Call a Legend for free'),
  stat('jackieReplace', {}, 'If a friendly Unit would be defeated, you may pay 1 €$ to defeat this Legend instead'),
  stat('altPreventSteal', {}, 'When a rival Unit would steal a Gig, you may discard a card costing its value'),
  stat('fightBonusVs', { n: amount, vs: match }, '+n power while fighting a card that matches `vs`'),
  stat('winsFightVs', { vs: match }, 'Wins every fight against a card that matches `vs`'),
  stat(
    'attackBonus',
    { n: amount, attackers: match.extend({ others: z.boolean().optional() }) },
    '+n power to each friendly attacking Unit that matches',
  ),
  stat('powerPerGear', { n: amount, while: whileCond }, '+n power per Gear equipped to it'),
  stat('adrenaline', { while: whileCond }, '(Gear, inherited) its host has ADRENALINE'),
  stat(
    'attackWhenPlayed',
    { targets: z.enum(['units', 'gigs']), while: whileCond },
    'May attack the turn it is played',
  ),
  stat('attackReady', { blockers: z.boolean(), while: whileCond }, 'May attack ready rival Units'),
  stat(
    'firstPlayDiscount',
    { n: count, min: count, cards: match },
    'The first matching card you play each turn costs n €$ less (to min)',
  ),
  stat('rivalGoSoloCost', { n: count }, 'Rivals pay n €$ more for GO SOLO'),
]
const STATIC_WORDS: readonly string[] = STATIC_MODS

export const abilitySchemas = {
  trigger: z
    .strictObject({
      kind: z.literal('trigger'),
      on: z.array(z.enum(TRIGGERS)).min(1).max(4),
      when: condition.optional(),
      ops,
      inherit,
      text,
    })
    .describe('When one of the events `on` happens (CP-11.1)'),
  delayed: z
    .strictObject({ kind: z.literal('delayed'), ops, inherit, text })
    .describe('At the end of the turn, once an effect (`delay`) asked for it'),
  activated: z
    .strictObject({
      kind: z.literal('activated'),
      eddies: count,
      spend: z.boolean(),
      quick: z.boolean(),
      ops,
      inherit,
      lessPerGig8: z.boolean().optional(),
      text,
    })
    .describe('Paid and used at will (CP-11.10)'),
  program: z.strictObject({ kind: z.literal('program'), ops, text }).describe("A Program's effect when played"),
}
const ability = z.union([
  z.discriminatedUnion('kind', [
    abilitySchemas.trigger,
    abilitySchemas.delayed,
    abilitySchemas.activated,
    abilitySchemas.program,
  ]),
  z.discriminatedUnion('mod', staticSchemas as never),
])

const KEYWORDS = ['BLOCKER', 'QUICK', 'GO SOLO', 'ADRENALINE'] as const

/** A set card: the built-in cards' `Card.data` form (see `cardData`); every word from the vocabulary. */
export const setCardSchema = z
  .strictObject({
    id: z
      .string()
      .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/)
      .max(64)
      .describe('Lower-case words joined by hyphens; may reuse a built-in card’s id'),
    name: label,
    subtitle: label.nullable().default(null),
    names: z.array(label).max(4).optional().describe('Derived from the name (CP-2.6); checked when given'),
    type: cardType,
    color: z.enum(['Red', 'Green', 'Blue', 'Yellow']),
    cost: cost.nullable().describe('null: a blank cost (CP-3.5)'),
    power: z.number().int().min(0).max(40).nullable().describe('null: none'),
    ram: z.number().int().min(0).max(6),
    sellTag: z.boolean().default(false),
    tags: z.array(label).min(1).max(4),
    keywords: z.array(z.enum(KEYWORDS)).max(4).default([]),
    implemented: z.literal(true).optional(),
    description: z.string().min(1).max(500).optional().describe('Our own summary; the generated text when left out'),
    abilities: z.array(ability).max(8),
    altCost: z
      .strictObject({ if: condition, cost })
      .optional()
      .describe('Play it for `cost` €$ when the condition holds'),
    costPer: z
      .strictObject({ per: z.enum(['gig8', 'trashUnit', 'faceUpLegend']), min: cost })
      .optional()
      .describe('-1 €$ per thing counted, to `min`'),
  })
  .superRefine((card, ctx) => {
    if (card.names !== undefined && JSON.stringify(card.names) !== JSON.stringify(namesOf(card.name)))
      ctx.addIssue({ code: 'custom', path: ['names'], message: `names must be ${JSON.stringify(namesOf(card.name))}` })
    card.abilities.forEach((a, i) => {
      if (!('ops' in a)) return
      ;(a.ops as Op[]).forEach((o, k) => {
        // `delay` and `psycho` name another ability of the card, which must be a delayed one
        const target = o.op === 'delay' ? o.ab : o.op === 'psycho' ? 1 : null
        if (target !== null && card.abilities[target]?.kind !== 'delayed')
          ctx.addIssue({
            code: 'custom',
            path: ['abilities', i, 'ops', k, o.op === 'delay' ? 'ab' : 'op'],
            message: `ability ${target} of the card must be a delayed one`,
          })
      })
    })
    if (card.type === 'Program' && !card.abilities.some(a => a.kind === 'program'))
      ctx.addIssue({ code: 'custom', path: ['abilities'], message: 'a Program needs a program ability' })
  })
export type SetCard = z.output<typeof setCardSchema>

export const cardJsonSchema: unknown = z.toJSONSchema(setCardSchema, {
  io: 'input',
  unrepresentable: 'any',
  reused: 'ref',
})

/** The words a place takes, by the key it is under. */
const WORDS_AT: Record<string, readonly string[]> = {
  op: OPERATION_WORDS,
  c: CONDITION_WORDS,
  mod: STATIC_WORDS,
  kind: ['trigger', 'delayed', 'static', 'activated', 'program'],
  on: TRIGGERS,
  effect: [...UNIT_EFFECTS, ...PLAYER_EFFECTS],
  v: VAR_NAMES,
  as: VAR_NAMES,
}

/** The word key of an object at a place of the card (`op`, `c`, `mod` or `kind`), for a union that refused it. */
function wordKey(at: unknown): string | null {
  if (typeof at !== 'object' || at === null) return null
  for (const k of ['op', 'c', 'mod', 'kind']) if (k in at) return k
  return null
}

function problemOf(error: z.ZodError, raw: unknown): CardProblem {
  // the deepest issue says most (a union reports the branch it tried)
  const flat: z.core.$ZodIssue[] = []
  const walk = (issues: readonly z.core.$ZodIssue[], prefix: PropertyKey[]) => {
    for (const i of issues) {
      const full = { ...i, path: [...prefix, ...i.path] } as z.core.$ZodIssue
      flat.push(full)
      if (i.code === 'invalid_union') for (const e of i.errors) walk(e, full.path)
    }
  }
  walk(error.issues, [])
  const issue = flat.reduce((a, b) => (b.path.length > a.path.length ? b : a))
  const path = issue.path.filter((k): k is string | number => typeof k !== 'symbol')
  if (issue.code === 'unrecognized_keys')
    return { path: [...path, issue.keys[0]!], message: `Unknown key "${issue.keys[0]}": ${issue.message}` }
  let at = raw
  for (const k of path) at = (at as Record<string | number, unknown> | undefined)?.[k]
  const key = issue.code === 'invalid_union' ? wordKey(at) : null
  if (key !== null) {
    const word = (at as Record<string, unknown>)[key]
    const words = key === 'kind' && word === 'static' ? STATIC_WORDS : WORDS_AT[key]!
    const place = key === 'kind' && word === 'static' ? 'mod' : key
    return {
      path: [...path, place],
      message: `Unknown ${place === 'op' ? 'operation' : place === 'c' ? 'condition' : place} ${JSON.stringify((at as Record<string, unknown>)[place] ?? null)}`,
      words: [...words],
    }
  }
  const last = path[path.length - 1]
  const words =
    typeof last === 'string'
      ? WORDS_AT[last]
      : typeof path[path.length - 2] === 'string'
        ? WORDS_AT[path[path.length - 2] as string]
        : undefined
  return { path, message: issue.message, ...(words ? { words: [...words] } : {}) }
}

/** A set card's abilities as the interpreter runs them: every ability with its text (generated where left out). */
function behaviourOf(card: SetCard): CardBehaviour {
  const abilities = card.abilities.map(a => ({ ...a, text: a.text ?? describeAbility(a as Ability) }))
  return {
    abilities: abilities as Ability[],
    text: card.description ?? describeSetCard(card),
    ...(card.altCost ? { altCost: card.altCost as CardBehaviour['altCost'] } : {}),
    ...(card.costPer ? { costPer: card.costPer } : {}),
  }
}

/**
 * Checks one set card; on success the parsed card and its generated text. A card nested deeper than the schema (JSON
 * over 12 levels) is refused before parsing.
 */
export function checkCard(raw: unknown): CardCheck<SetCard> {
  const deep = depthPath(raw, 0)
  if (deep !== null) return { ok: false, problem: { path: deep, message: 'the card is nested too deeply' } }
  const parsed = setCardSchema.safeParse(raw)
  if (!parsed.success) return { ok: false, problem: problemOf(parsed.error, raw) }
  return { ok: true, card: parsed.data, text: describeSetCard(parsed.data) }
}

// The card schema is at most this deep (conditions nest 3 levels inside an operation inside an ability).
const MAX_DEPTH = 14

/** The path to the first place deeper than MAX_DEPTH, or null. */
function depthPath(v: unknown, depth: number): (string | number)[] | null {
  if (typeof v !== 'object' || v === null) return null
  if (depth >= MAX_DEPTH) return []
  for (const [k, x] of Object.entries(v)) {
    const p = depthPath(x, depth + 1)
    if (p !== null) return [Array.isArray(v) ? Number(k) : k, ...p]
  }
  return null
}

/** A set card as a catalogue entry, as the rules read it. */
export function setCardDef(card: SetCard): CardDef {
  return defOf(
    {
      id: card.id,
      name: card.name,
      subtitle: card.subtitle,
      names: namesOf(card.name),
      type: card.type,
      color: card.color,
      cost: card.cost,
      power: card.power,
      ram: card.ram,
      sell: card.sellTag,
      tags: card.tags,
      keywords: card.keywords,
    },
    behaviourOf(card),
  )
}

/** Whether a built-in card is data (every operation a vocabulary word): the cards that round-trip as set cards. */
export function isData(d: CardDef): boolean {
  return d.abilities.every(a => a.kind === 'static' || a.ops.every(o => o.op !== 'custom'))
}

/**
 * `Card.data` of a built-in card: its facts, and for a card that is data its abilities (a valid set card as it is);
 * a card with code of its own has no `abilities` (it cannot be homebrew).
 */
export function cardData(d: CardDef): Record<string, unknown> {
  const facts = {
    name: d.name,
    subtitle: d.subtitle,
    names: d.names,
    color: d.color,
    cost: d.cost,
    power: d.power,
    ram: d.ram,
    sellTag: d.sell,
    tags: d.tags,
    keywords: d.keywords,
    implemented: d.implemented,
    description: d.text,
  }
  if (!isData(d)) return facts
  return {
    id: d.id,
    type: d.type,
    ...facts,
    abilities: d.abilities,
    ...(d.altCost ? { altCost: d.altCost } : {}),
    ...(d.costPer ? { costPer: d.costPer } : {}),
  }
}

/** The built-in cards that are data, by id (a function: the catalogue may still be loading when this module is). */
export function dataCards(): string[] {
  return [...CARDS.values()].filter(isData).map(d => d.id)
}
