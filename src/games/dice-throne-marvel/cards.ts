// Playing a card: pay, the window before a Main Phase card, resolve, then discard (DT-2.1, DT-2.5, DT-2.6, DT-4.8,
// DT-4.10, DT-4.11, DT-4.13, DT-5.1, DT-8.7, DT-9.3, DT-11.3, DT-GAP-10).
import { STATUSES } from './data.ts'
import { cardOf } from './card-set.ts'
import type { DTAction, DTState } from './state.ts'
import type { Ctx } from './context.ts'
import { removeAt, toDiscard } from './players.ts'
import { runOps } from './effects.ts'
import { checkDeaths } from './deaths.ts'
import { upgradeCost } from './card-actions.ts'
import { holdAction } from './windows.ts'

export function playCard(s: DTState, seat: number, a: Extract<DTAction, { type: 'play' }>, c: Ctx) {
  const pl = s.p[seat]!
  const card = cardOf(s, seat, a.card)!
  const cost = card.timing === 'upgrade' ? upgradeCost(s, seat, a.card) : card.cost
  pl.hand = removeAt(pl.hand, pl.hand.indexOf(a.card))
  pl.cp -= cost
  c.ev.push({ type: 'play', seat, card: a.card, cost, cp: pl.cp })
  // cards that are not Instants can be interrupted (DT-11.3): Main Phase, Roll Phase and upgrade cards wait for
  // the others' answers (Instants and status spends) before they resolve; then play resumes where it was
  if (card.timing !== 'instant') {
    holdAction(s, seat, a)
    return
  }
  resolveCard(s, seat, a, c)
}
/** A paid card's effect, then its discard (DT-5.1); an upgrade goes into play. */
export function resolveCard(s: DTState, seat: number, a: Extract<DTAction, { type: 'play' }>, c: Ctx) {
  const pl = s.p[seat]!
  const card = cardOf(s, seat, a.card)!
  if (card.timing === 'upgrade') {
    const u = card.upgrade!
    pl.ups = [...pl.ups, a.card]
    if (u.kind === 'passive') pl.lim = { ...pl.lim, [u.target]: STATUSES[u.target]!.limit + 1 }
    else pl.lv = { ...pl.lv, [u.target]: u.level }
    return
  }
  runOps(s, seat, a.target ?? -1, card.ops!, c, null, a)
  // pay, resolve, then discard (DT-5.1): a reshuffle during the effect does not take the card back into the deck
  toDiscard(pl, a.card)
  checkDeaths(s, c)
}
