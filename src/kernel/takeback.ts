// Whether a step of a match can be taken back: not once it used the random generator or let a seat know something
// hidden from it.
import type { AnyEngine, GameEvent } from './engine.ts'
import { Random } from './random.ts'
import { RuleViolation } from './rule-violation.ts'

/** Why a step cannot be undone (Takeback's `TAKEBACK_REFUSED` reason); null: it can. */
export type UndoBlock = 'RANDOM_USED' | 'HIDDEN_REVEALED' | null

/** One applied decision: `seat` took `action` in `before` and the engine gave `after` and `events`. */
export interface AppliedStep {
  before: unknown
  after: unknown
  seat: number
  action: unknown
  events: readonly GameEvent[]
}

/**
 * Other hidden states tried per seat (engine.determinize): a few, from fixed seeds, so that the answer never changes.
 */
const SAMPLES = 3

/**
 * What the engine's own members say about one applied step, for every seat:
 * - RANDOM_USED: the seeded generator moved. Every engine keeps it in the state under `rng` (the kernel's Random,
 *   whose state is plain JSON), so any die, shuffle or pick changes it.
 * - HIDDEN_REVEALED: an event carries a `secret` told to some seats (a drawn card); or some seat's view names a
 *   card (an id of `engine.cards()`) more often than before: a card it could not see came into sight (drawn,
 *   played from a hand hidden from it, revealed from a deck), while a card that only moves within what the seat saw
 *   keeps its count; or, where the engine can redraw what a seat cannot see (`determinize`), the same decision in
 *   such a redrawn state shows that seat something else (whether the other seat was asked, say, told it
 *   something about that seat's hand). Each errs on the side of refusing.
 */
export function undoBlock(engine: AnyEngine, step: AppliedStep, seats: number): UndoBlock {
  const { before, after, events } = step
  if (JSON.stringify(randomState(before)) !== JSON.stringify(randomState(after))) return 'RANDOM_USED'
  if (events.some(e => e.secret !== undefined && (e.visibleTo === undefined || e.visibleTo.length > 0)))
    return 'HIDDEN_REVEALED'
  const cards = new Set(engine.cards().map(c => c.id))
  for (let seat = 0; seat < seats; seat++) {
    const seen = engine.view(after, seat)
    const was = cardCounts(engine.view(before, seat), cards)
    for (const [card, count] of cardCounts(seen, cards)) if (count > (was.get(card) ?? 0)) return 'HIDDEN_REVEALED'
    if (dependsOnUnseen(engine, step, seat, JSON.stringify(seen))) return 'HIDDEN_REVEALED'
  }
  return null
}

/**
 * Whether the decision, taken in a state that differs from `before` only in what `viewer` cannot see, shows `viewer`
 * another view.
 */
function dependsOnUnseen(engine: AnyEngine, step: AppliedStep, viewer: number, seen: string): boolean {
  if (!engine.determinize) return false
  for (let sample = 0; sample < SAMPLES; sample++) {
    const other = engine.determinize(step.before, viewer, Random.fromSeed(`takeback:${viewer}:${sample}`))
    let next: unknown
    try {
      next = engine.apply(other, step.seat, step.action).state
    } catch (e) {
      // Not a decision the acting seat could take there (its own hidden cards were redrawn): nothing to compare.
      if (e instanceof RuleViolation) continue
      throw e
    }
    if (JSON.stringify(engine.view(next, viewer)) !== seen) return true
  }
  return false
}

function randomState(state: unknown): unknown {
  return state !== null && typeof state === 'object' ? (state as { rng?: unknown }).rng : undefined
}

/** How many times each card id occurs as a string anywhere in a view. */
function cardCounts(view: unknown, cards: ReadonlySet<string>): Map<string, number> {
  const counts = new Map<string, number>()
  const walk = (value: unknown): void => {
    if (typeof value === 'string') {
      if (cards.has(value)) counts.set(value, (counts.get(value) ?? 0) + 1)
    } else if (Array.isArray(value)) {
      for (const v of value) walk(v)
    } else if (value !== null && typeof value === 'object') {
      for (const v of Object.values(value)) walk(v)
    }
  }
  walk(view)
  return counts
}
