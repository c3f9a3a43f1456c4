// Whether a step of a match can be taken back: not once it used the random generator or let a seat know something hidden from it.
import type { AnyEngine, GameEvent } from './engine.ts'

/** Why a step cannot be undone (Takeback's `TAKEBACK_REFUSED` reason); null: it can. */
export type UndoBlock = 'RANDOM_USED' | 'HIDDEN_REVEALED' | null

/**
 * What the engine's own members say about one applied step (`before` → `after`, with its events), for every seat:
 * - RANDOM_USED: the seeded generator moved. Every engine keeps it in the state under `rng` (the kernel's Random,
 *   whose state is plain JSON), so any die, shuffle or pick changes it.
 * - HIDDEN_REVEALED: an event carries a `secret` told to some seats (a drawn card), or some seat's view names a
 *   card (an id of `engine.cards()`) more often than before: a card it could not see came into sight (drawn,
 *   played from a hand hidden from it, revealed from a deck). A card that only moves within what the seat saw
 *   keeps its count. This errs on the side of refusing (a view that names a card twice counts twice).
 */
export function undoBlock(engine: AnyEngine, before: unknown, after: unknown, events: readonly GameEvent[], seats: number): UndoBlock {
  if (JSON.stringify(randomState(before)) !== JSON.stringify(randomState(after))) return 'RANDOM_USED'
  if (events.some((e) => e.secret !== undefined && (e.visibleTo === undefined || e.visibleTo.length > 0))) return 'HIDDEN_REVEALED'
  const cards = new Set(engine.cards().map((c) => c.id))
  for (let seat = 0; seat < seats; seat++) {
    const was = cardCounts(engine.view(before, seat), cards)
    const now = cardCounts(engine.view(after, seat), cards)
    for (const [card, count] of now) if (count > (was.get(card) ?? 0)) return 'HIDDEN_REVEALED'
  }
  return null
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
