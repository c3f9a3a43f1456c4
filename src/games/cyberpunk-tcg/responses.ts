// Response windows (CP-9.23–9.28, CR 9.23.4): who is asked depends only on what the rival sees, and the auto-pass
// opt-in (issue 10).
import { handCosts, quickMin } from './homebrew.ts'
import type { State } from './state.ts'
import type { Action } from './actions.ts'
import { activateActions, callActions, playableFromHand, settleListing } from './decisions.ts'
import { canPay, payMemo } from './payment.ts'
import { def, hasBlocker, staticCount } from './core.ts'
import { unblockable } from './attack.ts'

/** Whether `seat` opted in to auto-passing (`setAutoPass`). */
export function autoPasses(s: State, seat: number): boolean {
  return s.auto?.includes(seat) ?? false
}

/**
 * CP-9.23: whether the defender is asked in the React Step. It depends only on what its rival sees (issue 10): a
 * public reaction (a Call, a BLOCKER, a QUICK ability), or a card in hand with enough €$ for the cheapest QUICK
 * Program — so a defender asked without a real answer has only `endReactions`. A seat that opted in to auto-passing
 * is asked only when it has a real answer.
 */
export function reactAsked(s: State, seat: number): boolean {
  const list = reactActions(s, seat)
  if (list.length > 1 || (!autoPasses(s, seat) && s.players[seat]!.hand.length > 0 && canPay(s, seat, quickMin(s)))) {
    settleListing(s, seat, list)
    return true
  }
  return false
}

/**
 * CR 9.23.4 (Alt Cunningham: Mother of Daemons): what `seat` may discard so that a Gig of value `v` is not stolen,
 * 'none' last, or null when it is not asked. Asked whenever the ability is in play, the hand is not empty and some card
 * costs `v`, whatever the hand holds (issue 10); with auto-pass on, only when a card of that cost is in hand.
 */
export function preventOptions(s: State, seat: number, v: number): unknown[] | null {
  if (staticCount(s, seat, 'altPreventSteal') === 0) return null
  const hand = s.players[seat]!.hand
  if (!hand.length || !handCosts(s).has(v)) return null
  const opts: unknown[] = [...new Set(hand.filter(u => def(s, u).cost === v).map(u => s.cards[u]!))].sort()
  if (!opts.length && autoPasses(s, seat)) return null
  return [...opts, 'none']
}

/**
 * The auto-pass switch, offered at the seat's mulligan and open Main Phase, once per turn (so no bot flips it forever).
 */
export function autoPassAction(s: State, seat: number, out: Action[]): void {
  if (s.autoTurn?.[seat] !== s.turn) out.push({ type: 'setAutoPass', on: !autoPasses(s, seat) })
}

export function reactActions(s: State, seat: number): Action[] {
  const a = s.attack!
  const out: Action[] = []
  const memo = payMemo(s, seat)
  callActions(s, seat, memo, out)
  if (!unblockable(s, a))
    for (const un of s.players[seat]!.field)
      if (!un.spent && un.uid !== a.target && hasBlocker(s, un)) out.push({ type: 'block', unit: un.uid })
  activateActions(s, seat, true, memo, out)
  playableFromHand(s, seat, true, memo, out)
  out.push({ type: 'endReactions' })
  return out
}
