// What the others can see of a seat's hand: the cards it may hold (not in its public discard pile, not in play)
// (DT-3.1, DT-11).
import { HEROES, SHARED_CARDS } from './data.ts'
import type { DTState } from './state.ts'
import { cardOf } from './card-set.ts'

/** Every card of a hero's deck, once per name (DT-GAP-5: one copy each). */
const DECK_CARDS: Record<string, string[]> = {}
for (const h of Object.values(HEROES)) DECK_CARDS[h.id] = [...new Set([...SHARED_CARDS, ...h.cards])]
// A seat's deck ids with its homebrew additions, built once per list of set cards (it never changes in a match).
const WITH_ADDED = new WeakMap<object, string[]>()

/** The ids of `seat`'s deck, once each: its hero's cards, then the new cards its deck's sets add (public, DT-13.3). */
export function deckIds(s: DTState, seat: number): string[] {
  const base = DECK_CARDS[s.p[seat]!.hero]!
  const own = s.homebrew?.seatCards[seat]
  if (own === undefined || own.length === 0) return base
  let ids = WITH_ADDED.get(own)
  if (ids === undefined) WITH_ADDED.set(own, (ids = [...base, ...own.map(c => c.id).filter(id => !base.includes(id))]))
  return ids
}
/**
 * The cards of a player's deck the others cannot place: not in the public discard pile, not an upgrade in play.
 * Any of them may be in the hand, as far as the others know (its hand and deck are one unseen pool).
 */
export function unseenCards(s: DTState, seat: number): string[] {
  const pl = s.p[seat]!
  const out: string[] = []
  for (const id of deckIds(s, seat)) {
    let seen = 0
    for (const x of pl.discard) if (x === id) seen++
    for (const x of pl.ups) if (x === id) seen++
    if (seen < cardOf(s, seat, id)!.count) out.push(id)
  }
  return out
}
/**
 * The state as the others see `seat`: its hand replaced by every card it may hold (not a real state: only read).
 * The real hand is kept in too, which changes nothing in a real state (its hand is among its unseen cards).
 */
export function asOthersSee(s: DTState, seat: number): DTState {
  const pl = s.p[seat]!
  if (pl.hand.length === 0) return s
  const p = s.p.slice()
  p[seat] = { ...pl, hand: pl.hand.concat(unseenCards(s, seat)) }
  return { ...s, p }
}
/** Whether `seat`'s hand may hold `card` as far as the others can tell; with auto-pass on, whether it does. */
export function mayHold(s: DTState, seat: number, card: string): boolean {
  const pl = s.p[seat]!
  if (pl.hand.length === 0) return false
  if (pl.auto) return pl.hand.includes(card)
  return unseenCards(s, seat).includes(card)
}
