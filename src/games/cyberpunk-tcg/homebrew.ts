/**
 * The cards of a match with homebrew card sets: lookup by id (set cards first, then the built-in catalogue), the
 * catalogue summaries the rules read, widened to the set cards, and the RULES_LOOP step budget of the interpreter.
 */
import { StepBudget, STEP_LIMIT, type CardSetCards } from '../../kernel/index.ts'
import { CARDS, FIRST_PLAY_KINDS, HAND_COSTS, QUICK_MIN, type CardDef } from './cards.ts'
import { checkCard, setCardDef, setCardSchema, cardData, type SetCard } from './card-set.ts'
import type { CardMatch } from './effects.ts'
import type { Homebrew, State } from './state.ts'

interface Catalogue {
  byId: Map<string, CardDef>
  quickMin: number
  handCosts: Set<number>
  firstPlayKinds: CardMatch[]
}

// Per match: built once from the state's homebrew part, which is shared by every state of the match and never changed.
const catalogues = new WeakMap<Homebrew, Catalogue>()

function catalogueOf(h: Homebrew): Catalogue {
  let c = catalogues.get(h)
  if (c === undefined) {
    const byId = new Map(Object.entries(h.cards).map(([id, card]) => [id, { ...setCardDef(card), id }]))
    const set = [...byId.values()]
    c = {
      byId,
      quickMin: Math.min(
        QUICK_MIN,
        ...set
          .filter(d => d.type === 'Program' && d.quick)
          .map(d => Math.min(d.cost ?? 0, d.altCost?.cost ?? Infinity, d.costPer?.min ?? Infinity, 1)),
      ),
      handCosts: new Set([
        ...HAND_COSTS,
        ...set.flatMap(d => (d.type !== 'Legend' && d.cost !== null ? [d.cost] : [])),
      ]),
      firstPlayKinds: [
        ...FIRST_PLAY_KINDS,
        ...set.flatMap(d =>
          d.abilities.flatMap(a => (a.kind === 'static' && a.mod === 'firstPlayDiscount' ? [a.cards] : [])),
        ),
      ].filter((m, i, all) => all.findIndex(o => o.type === m.type && o.tag === m.tag) === i),
    }
    catalogues.set(h, c)
  }
  return c
}

/** The card with id `id` in this match: a set card of the match, else the built-in card. */
export function cardIn(s: State, id: string): CardDef | undefined {
  return (s.homebrew !== undefined ? catalogueOf(s.homebrew).byId.get(id) : undefined) ?? CARDS.get(id)
}

/** The cheapest €$ a QUICK Program of the match can be played for (the response windows' shortcut). */
export function quickMin(s: State): number {
  return s.homebrew !== undefined ? catalogueOf(s.homebrew).quickMin : QUICK_MIN
}

/** Every printed cost a card of the match may have in a hand. */
export function handCosts(s: State): ReadonlySet<number> {
  return s.homebrew !== undefined ? catalogueOf(s.homebrew).handCosts : HAND_COSTS
}

/** The kinds of card a first-play discount of the match is about. */
export function firstPlayKinds(s: State): readonly CardMatch[] {
  return s.homebrew !== undefined ? catalogueOf(s.homebrew).firstPlayKinds : FIRST_PLAY_KINDS
}

/** The set a card id of the match comes from (`<id>@<version>`); null for a built-in card. */
export function setOfCard(s: State, id: string): string | null {
  return s.homebrew?.sets[id] ?? null
}

/** One deck's set cards as the deck names them, with the set each came from. */
export interface DeckSetCard {
  card: SetCard
  set: string
}

/** The sets a deck lists, parsed, in its order, and the refs that are not among those given. */
export function deckSets(
  refs: readonly string[] | undefined,
  given: readonly CardSetCards[] = [],
): { sets: { ref: string; cards: SetCard[] }[]; unknown: string[] } {
  const sets: { ref: string; cards: SetCard[] }[] = []
  const unknown: string[] = []
  for (const ref of refs ?? []) {
    const set = given.find(s => s.ref === ref)
    if (set === undefined) {
      unknown.push(ref)
      continue
    }
    sets.push({
      ref,
      cards: set.cards.map((raw, i) => {
        const r = checkCard(raw)
        if (!r.ok) throw new Error(`card ${i} of set ${ref} is not a valid card: ${r.problem.message}`)
        return r.card
      }),
    })
  }
  return { sets, unknown }
}

const canonical = (card: SetCard) => JSON.stringify(card)

/**
 * Whether `id` already means a card other than `card` (of set `set`, null for a card tried alone) in a match whose
 * set cards are `homebrew`: another set card, or a built-in card with other data.
 */
export function clashes(homebrew: Homebrew | undefined, id: string, card: SetCard, set: string | null): boolean {
  const held = homebrew?.cards[id]
  if (held !== undefined) return canonical(held) !== canonical(card) || (homebrew!.sets[id] ?? null) !== set
  const builtIn = CARDS.get(id)
  return builtIn !== undefined && canonical(setCardSchema.parse(cardData(builtIn))) !== canonical(card)
}

/**
 * The homebrew part of a match's state: every set card its decks use, under one id each. A set card keeps its own id
 * unless that id already means another card in the match (a built-in card with other data, or another set's card):
 * then it is `<id>@<set>`. `decks[i]` are seat i's set cards; returns each seat's map from its deck's id to the
 * match's.
 */
export function homebrewOf(
  refs: readonly string[],
  decks: readonly DeckSetCard[][],
): { homebrew: Homebrew; ids: Map<string, string>[] } | null {
  if (refs.length === 0) return null
  const homebrew: Homebrew = { cardSets: [...refs], cards: {}, sets: {} }
  const ids = decks.map(list => {
    const map = new Map<string, string>()
    for (const { card, set } of list) {
      const id = clashes(homebrew, card.id, card, set) ? `${card.id}@${set}` : card.id
      homebrew.cards[id] = card
      homebrew.sets[id] = set
      map.set(card.id, id)
    }
    return map
  })
  return { homebrew, ids }
}

// The step budget of the action being applied; null outside one.
let budget: StepBudget | null = null
let stepLimit = STEP_LIMIT

/** Runs `fn` (one action's rules) counting the interpreter's steps: past the limit a RulesLoop names the card. */
export function withStepBudget<T>(fn: () => T): T {
  const outer = budget
  budget = new StepBudget(stepLimit)
  try {
    return fn()
  } finally {
    budget = outer
  }
}

/** For tests: a lower step limit, so that a finite card reaches it. */
export function withStepLimit<T>(limit: number, fn: () => T): T {
  const outer = stepLimit
  stepLimit = limit
  try {
    return fn()
  } finally {
    stepLimit = outer
  }
}

/** Counts one operation of card `id`'s effect. */
export function spendStep(s: State, id: string): void {
  if (budget === null) return
  const near = budget.nearLimit()
  budget.spend(id, near ? (cardIn(s, id)?.name ?? id) : null, near ? setOfCard(s, id) : null)
}
