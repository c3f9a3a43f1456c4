// Who acts and the response windows: what the others can see of a hand, the next seat to answer, after a response (DT-4.4, DT-4.6, DT-4.7, DT-6.9, DT-10.6, DT-11).
import { CARDS, HEROES, SHARED_CARDS } from './data.ts'
import type { DTState, Player } from './state.ts'
import type { Ctx } from './context.ts'
import { reopenIfChanged } from './dice.ts'
import { endMain2, endRollPhases, nextTurn, startOffense } from './turn.ts'
import { activate, runFx } from './abilities.ts'
import { applyIncoming, openDefWindow, resolveAttack, startDefRoll, toDefence } from './damage.ts'
import { asked, defChooseOptions, modifyOptions } from './legal.ts'
import { resolveCard } from './cards.ts'

/** Whether `seat`'s hand may hold `card` as far as the others can tell; with auto-pass on, whether it does. */
export function mayHold(s: DTState, seat: number, card: string): boolean {
  const pl = s.p[seat]!
  if (pl.hand.length === 0) return false
  if (pl.auto) return pl.hand.includes(card)
  return unseenCards(pl).includes(card)
}
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

export function actor(s: DTState): number {
  if (s.done) return -1
  if (s.choice) return s.choice.seat
  switch (s.step) {
    case 'pre':
    case 'def':
    case 'then':
    case 'inc':
    case 'main1End':
    case 'main2End':
      return s.win ? s.win.seats[s.win.index] ?? -1 : -1
    case 'main1':
    case 'main2':
      return s.win ? s.win.seats[s.win.index] ?? -1 : s.active
    case 'defChoose':
      return s.atk!.to
    default:
      return s.active
  }
}

/** Runs forced steps until someone has a decision. */
export function advance(s: DTState, c: Ctx) {
  for (let guard = 0; guard < 1000; guard++) {
    if (s.done || s.choice) return
    if (s.p[s.active]!.out) {
      nextTurn(s, c)
      continue
    }
    if (s.atk && s.p[s.atk.to]!.out && (s.step === 'modify' || s.step === 'defChoose' || s.step === 'def')) {
      endRollPhases(s, c)
      continue
    }
    if ((s.step === 'main1' || s.step === 'main2') && !s.win) return
    switch (s.step) {
      case 'main1':
      case 'main2':
      case 'pre':
      case 'def':
      case 'then':
      case 'inc':
      case 'main1End':
      case 'main2End': {
        const w = s.win!
        while (w.index < w.seats.length && !asked(s, w.seats[w.index]!)) w.index++
        if (w.index < w.seats.length) return
        s.win = null
        if (s.step === 'main1' || s.step === 'main2') {
          const h = s.held!
          s.held = null
          resolveCard(s, h.seat, h.a, c)
          continue
        }
        if (s.step === 'pre') {
          activate(s, c)
          continue
        }
        if (s.step === 'then') {
          runFx(s, c)
          continue
        }
        if (s.step === 'main1End') {
          startOffense(s, c)
          continue
        }
        if (s.step === 'main2End') {
          endMain2(s, c)
          continue
        }
        if (s.step === 'inc') {
          const ret = s.inc!.resumeAt
          applyIncoming(s, c)
          if (s.done) continue
          if (ret) {
            // back to where the throw was made (its window polled again from the turn player)
            s.step = ret.step
            s.win = ret.window ? { kind: ret.window.kind, seats: ret.window.seats, index: 0 } : null
          } else runFx(s, c)
          continue
        }
        resolveAttack(s, c)
        continue
      }
      case 'modify':
        // the attacker's own pause: asked by what the others see (Ambush! may be in hand), like a window
        if (modifyOptions(asOthersSee(s, s.active), s.active).length > 0 && !(s.p[s.active]!.auto && modifyOptions(s, s.active).length === 0)) return
        afterModify(s, c)
        continue
      case 'defChoose': {
        const opts = defChooseOptions(s)
        if (opts.length === 0) {
          openDefWindow(s)
          continue
        }
        if (opts.length === 1 && opts[0]!.type === 'defend') {
          startDefRoll(s, opts[0]!.defence, c)
          continue
        }
        return
      }
      default:
        return
    }
  }
}
export function afterModify(s: DTState, c: Ctx) {
  const atk = s.atk!
  if (atk.damageType === 'collateral') {
    openDefWindow(s)
    return
  }
  toDefence(s, c)
}

/** After a response in a window: dice changes send the attacker back (DT-GAP-2 / research 1.2); otherwise poll again. */
export function afterResponse(s: DTState, c: Ctx) {
  if (s.done) return
  const win = s.win
  if (!win) c.changed = false
  else if (!reopenIfChanged(s, c)) win.index = 0
}
