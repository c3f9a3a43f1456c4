// What the others can see of a seat's hand: the cards it may hold (not in its public discard pile, not in play)
// (DT-3.1, DT-11).
import { CARDS, HEROES, SHARED_CARDS } from './data.ts'
import type { DTState, Player } from './state.ts'

/** Every card of a hero's deck, once per name (DT-GAP-5: one copy each). */
const DECK_CARDS: Record<string, string[]> = {}
for (const h of Object.values(HEROES)) DECK_CARDS[h.id] = [...new Set([...SHARED_CARDS, ...h.cards])]
/**
 * The cards of a player's deck the others cannot place: not in the public discard pile, not an upgrade in play.
 * Any of them may be in the hand, as far as the others know (its hand and deck are one unseen pool).
 */
export function unseenCards(pl: Player): string[] {
  const out: string[] = []
  for (const id of DECK_CARDS[pl.hero]!) {
    let seen = 0
    for (const x of pl.discard) if (x === id) seen++
    for (const x of pl.ups) if (x === id) seen++
    if (seen < CARDS[id]!.count) out.push(id)
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
  p[seat] = { ...pl, hand: pl.hand.concat(unseenCards(pl)) }
  return { ...s, p }
}
/** Whether `seat`'s hand may hold `card` as far as the others can tell; with auto-pass on, whether it does. */
export function mayHold(s: DTState, seat: number, card: string): boolean {
  const pl = s.p[seat]!
  if (pl.hand.length === 0) return false
  if (pl.auto) return pl.hand.includes(card)
  return unseenCards(pl).includes(card)
}
