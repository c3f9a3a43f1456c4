import { z } from 'zod'
import { slugify } from '../../kernel/index.ts'
import {
  OP_NAMES,
  STATIC_MODS,
  TRIGGERS,
  type Ability,
  type CardBehaviour,
  type CardMatch,
  type Trigger,
} from './effects.ts'
import { cardSets } from './behaviours/index.ts'

export type CardType = 'Unit' | 'Legend' | 'Gear' | 'Program'
export type Color = 'Red' | 'Green' | 'Blue' | 'Yellow'
export const COLORS: Color[] = ['Red', 'Green', 'Blue', 'Yellow']

/**
 * A card's printed facts, transcribed as plain data (no card wording is kept): name, subtitle, type U/L/G/P,
 * colour R/G/B/Y, cost (null = '–'), power (null = none), RAM, sell tag, tags, keywords.
 */
export type FactRow = [
  string,
  string | null,
  'U' | 'L' | 'G' | 'P',
  'R' | 'G' | 'B' | 'Y',
  number | null,
  number | null,
  number,
  boolean,
  string[],
  string[],
]

/** One card as its set module writes it (behaviours/): its printed facts beside its behaviour and its own code. */
export interface CardEntry extends CardBehaviour {
  facts: FactRow
}

export const cardDefSchema = z.object({
  id: z.string().regex(/^[a-z0-9-]+$/),
  name: z.string().min(1),
  subtitle: z.string().nullable(),
  /** CP-2.6: a name with '&' gives three names */
  names: z.array(z.string()).min(1),
  type: z.enum(['Unit', 'Legend', 'Gear', 'Program']),
  color: z.enum(['Red', 'Green', 'Blue', 'Yellow']),
  /** null = blank cost '–' (CP-3.5) */
  cost: z.number().int().min(0).nullable(),
  power: z.number().int().nullable(),
  ram: z.number().int().min(0),
  sell: z.boolean(),
  tags: z.array(z.string()).min(1),
  keywords: z.array(z.enum(['BLOCKER', 'QUICK', 'GO SOLO', 'ADRENALINE'])),
})
export type CardDefFacts = z.infer<typeof cardDefSchema>

export interface CardDef extends CardDefFacts {
  abilities: Ability[]
  implemented: boolean
  text: string | null
  blocker: boolean
  quick: boolean
  goSolo: boolean
  adrenaline: boolean
  /** index of this card's abilities by kind, precomputed for speed */
  statics: string[]
  /** the events its own trigger abilities answer, and those its inherited (Gear bottom box) ones answer */
  triggers: ReadonlySet<Trigger>
  gearTriggers: ReadonlySet<Trigger>
  hasActivated: boolean
  costPer: CardBehaviour['costPer']
  altCost: CardBehaviour['altCost']
}

/** Structural validation of the behaviour data (the TypeScript types check the details). */
const opSchema = z.looseObject({ op: z.enum(OP_NAMES) })
const abilitySchema = z.discriminatedUnion('kind', [
  z.looseObject({
    kind: z.literal('trigger'),
    on: z.array(z.enum(TRIGGERS)).min(1),
    ops: z.array(opSchema).min(1),
    text: z.string().min(1),
  }),
  z.looseObject({ kind: z.literal('delayed'), ops: z.array(opSchema).min(1), text: z.string().min(1) }),
  z.looseObject({ kind: z.literal('static'), mod: z.enum(STATIC_MODS), text: z.string().min(1) }),
  z.looseObject({
    kind: z.literal('activated'),
    eddies: z.number().int().min(0),
    spend: z.boolean(),
    quick: z.boolean(),
    ops: z.array(opSchema).min(1),
    text: z.string().min(1),
  }),
  z.looseObject({ kind: z.literal('program'), ops: z.array(opSchema).min(1), text: z.string().min(1) }),
])
export const behaviourSchema = z.looseObject({ abilities: z.array(abilitySchema), text: z.string().min(1) })

const TYPE = { U: 'Unit', L: 'Legend', G: 'Gear', P: 'Program' } as const
const COLOR = { R: 'Red', G: 'Green', B: 'Blue', Y: 'Yellow' } as const

export function namesOf(name: string): string[] {
  if (!name.includes('&')) return [name]
  const parts = name.split('&').map(p => p.trim())
  return [...parts, name]
}

/** A catalogue entry from a card's facts and behaviour (a built-in card, or a set card: card-set.ts). */
export function defOf(facts: CardDefFacts, b: CardBehaviour): CardDef {
  const abilities = b.abilities
  return {
    ...facts,
    abilities,
    implemented: true,
    text: b.text,
    blocker: facts.keywords.includes('BLOCKER'),
    quick: facts.keywords.includes('QUICK'),
    goSolo: facts.keywords.includes('GO SOLO'),
    adrenaline: facts.keywords.includes('ADRENALINE'),
    hasActivated: abilities.some(a => a.kind === 'activated'),
    costPer: b.costPer,
    altCost: b.altCost,
    statics: abilities.flatMap(a => (a.kind === 'static' ? [a.mod] : [])),
    triggers: new Set(abilities.flatMap(a => (a.kind === 'trigger' && !a.inherit ? a.on : []))),
    gearTriggers: new Set(abilities.flatMap(a => (a.kind === 'trigger' && a.inherit ? a.on : []))),
  }
}

/** The catalogue, in card-id order (the order of the `cards` listing). */
function build(): Map<string, CardDef> {
  const out = new Map<string, CardDef>()
  const entries = Object.entries(cardSets()).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
  for (const [key, b] of entries) {
    const [name, subtitle, t, c, cost, power, ram, sell, tags, keywords] = b.facts
    const id = slugify(subtitle ? `${name}: ${subtitle}` : name)
    if (id !== key) throw new Error(`card ${key} is written under the wrong id (its facts make ${id})`)
    const facts = cardDefSchema.parse({
      id,
      name,
      subtitle,
      names: namesOf(name),
      type: TYPE[t],
      color: COLOR[c],
      cost,
      power,
      ram,
      sell,
      tags,
      keywords,
    })
    behaviourSchema.parse(b)
    out.set(id, defOf(facts, b))
  }
  return out
}

export const CARDS: Map<string, CardDef> = build()

/**
 * Summaries of the catalogue for the response windows (responses.ts), kept here so no module reads the catalogue while
 * loading: the cheapest €$ a QUICK Program can be played for (printed cost, or what a reduction may bring it
 * to: CR 11.8.3).
 */
export const QUICK_MIN = Math.min(
  ...[...CARDS.values()]
    .filter(d => d.implemented && d.type === 'Program' && d.quick)
    .map(d => Math.min(d.cost ?? 0, d.altCost?.cost ?? Infinity, d.costPer?.min ?? Infinity, 1)),
)

/** The kinds of card whose first play each turn a first-play discount (firstPlayDiscount) is about, each once. */
export const FIRST_PLAY_KINDS: CardMatch[] = [...CARDS.values()]
  .flatMap(d => d.abilities.flatMap(a => (a.kind === 'static' && a.mod === 'firstPlayDiscount' ? [a.cards] : [])))
  .filter((m, i, all) => all.findIndex(o => o.type === m.type && o.tag === m.tag) === i)

/**
 * Every printed cost a card in a hand may have: a Gig of another value has no card to discard for it (Mother of
 * Daemons).
 */
export const HAND_COSTS = new Set(
  [...CARDS.values()].flatMap(d => (d.type !== 'Legend' && d.cost !== null ? [d.cost] : [])),
)

export function card(id: string): CardDef {
  const c = CARDS.get(id)
  if (!c) throw new Error(`unknown card ${id}`)
  return c
}

/** A card's printed name ("Name: Subtitle"), as the `cards` query gives it. */
export function printed(id: string): string {
  const d = CARDS.get(id)
  return d ? printedName(d) : 'a card'
}

/** The printed name of a card's definition (a built-in or a set card). */
export function printedName(d: CardDef): string {
  return d.subtitle ? `${d.name}: ${d.subtitle}` : d.name
}

/** Resolves a deck entry (id or full printed name) to a card id, or null. */
const refCache = new Map<string, string | null>()
export function resolveCardRef(ref: string): string | null {
  let id = refCache.get(ref)
  if (id === undefined) {
    const slug = slugify(ref)
    id = CARDS.has(slug) ? slug : null
    if (refCache.size < 5000) refCache.set(ref, id)
  }
  return id
}

/** Cards of the set with no published facts (see the rules map): not in the catalogue. */
export const MISSING_CARDS = ['Rebecca: Having a Moment', 'Pilar & Rebecca: Runs in the Family']
