// Paying costs (CR 11.8, CP-3.3): which Legends pay with the Eddies, and the €$ each play, Call, GO SOLO or activation
// costs.
import type { CardDef } from './cards.ts'
import { firstPlayKinds } from './homebrew.ts'
import type { Ability } from './effects.ts'
import type { LegendSlot, State } from './state.ts'
import {
  type Ctx,
  cardMatches,
  def,
  faceUpLegendCount,
  friendlyGigValues,
  playedKey,
  spendLegend,
  staticCount,
  staticsInPlay,
} from './core.ts'
import { evalCondFor } from './interpreter/conditions.ts'
import { charges } from './continuous.ts'

/** Pays `amount` €$ with the Legends at `slots` and the rest with ready Eddies (CR 11.8). */
export function pay(c: Ctx, seat: number, slots: number[], amount: number): void {
  const p = c.s.players[seat]!
  for (const i of slots) spendLegend(c, seat, p.legends[i]!)
  p.eddiesSpent += amount - slots.length
}

/**
 * CP-4.2 / CR 11.8.1: a Legend in the Legends area can pay 1 €$ if it is not spent, and face-down or face-up with a
 * sell tag.
 */
function payableSlot(s: State, x: LegendSlot | null | undefined): boolean {
  return !!x && !x.spent && (!x.faceUp || def(s, x.uid).sell)
}

function payableSlots(s: State, seat: number): number[] {
  const out: number[] = []
  const l = s.players[seat]!.legends
  for (let i = 0; i < l.length; i++) if (payableSlot(s, l[i])) out.push(i)
  return out
}

/**
 * What one listing of legal actions knows of a seat's means to pay (the state does not change while it lists): the
 * payable Legends (bit i = slot i) and the ready Eddies, found once.
 */
export interface PayMemo {
  mask: number
  count: number
  eddies: number
}

export function payMemo(s: State, seat: number): PayMemo {
  const p = s.players[seat]!
  let mask = 0
  let count = 0
  const l = p.legends
  // the slots of `payableSlots`, without the list
  for (let i = 0; i < l.length; i++) {
    if (payableSlot(s, l[i])) {
      mask |= 1 << i
      count++
    }
  }
  return { mask, count, eddies: p.eddies.length - p.eddiesSpent }
}

export function canPayFrom(m: PayMemo, cost: number): boolean {
  return m.eddies + m.count >= cost
}

/**
 * The pay sets depend only on which slots can pay, the cost and the Eddies up to the cost, so every listing of every
 * match shares one list per case, and every action listed with it shares its sets: each set is frozen, so no holder of
 * one action can change another's (the lists stay unfrozen: a for-of over a frozen array allocated a result per step).
 */
const SHARED_SETS = new Map<number, readonly number[][]>()

export function paySetsFrom(m: PayMemo, cost: number): readonly number[][] {
  const e = Math.min(m.eddies, cost)
  const key = (cost * 4096 + e) * 64 + m.mask
  let sets = SHARED_SETS.get(key)
  if (!sets) {
    const slots: number[] = []
    for (let i = 0; 1 << i <= m.mask; i++) if (m.mask & (1 << i)) slots.push(i)
    sets = setsFor(slots, e, cost).map(set => Object.freeze(set) as number[])
    SHARED_SETS.set(key, sets)
  }
  return sets
}

export function paySets(s: State, seat: number, cost: number): number[][] {
  const p = s.players[seat]!
  return setsFor(payableSlots(s, seat), p.eddies.length - p.eddiesSpent, cost)
}

function setsFor(slots: number[], eddies: number, cost: number): number[][] {
  const out: number[][] = []
  const n = slots.length
  for (let mask = 0; mask < 1 << n; mask++) {
    let k = 0
    for (let b = 0; b < n; b++) if (mask & (1 << b)) k++
    if (k > cost || cost - k > eddies) continue
    const set: number[] = []
    for (let b = 0; b < n; b++) if (mask & (1 << b)) set.push(slots[b]!)
    out.push(set)
  }
  return out
}

export function canPay(s: State, seat: number, cost: number): boolean {
  const m = payMemo(s, seat)
  return m.eddies + m.count >= cost
}

/** CR 5.7.3: a Call costs 1 €$, nothing on its own turn with a free-Call Legend (T-Bug). */
export function callCost(s: State, seat: number): number {
  return s.active === seat && staticCount(s, seat, 'freeCallOwnTurn') > 0 ? 0 : 1
}

/** The €$ part of an activation cost (Johnny Silverhand: Rocking Renegade may reduce it to 0). */
export function activationCost(s: State, seat: number, a: Extract<Ability, { kind: 'activated' }>): number {
  if (!a.lessPerGig8) return a.eddies
  return Math.max(0, a.eddies - friendlyGigValues(s, seat).filter(v => v >= 8).length)
}

/** The €$ to pay for a card from hand: printed cost with its own reductions (CP-3.4: the printed cost is unchanged). */
export function playCost(s: State, seat: number, d: CardDef): number {
  let base = d.cost ?? 0
  if (firstPlayKinds(s).some(m => cardMatches(d, m))) {
    const once = s.players[seat]!.once
    for (const a of staticsInPlay(s, seat, 'firstPlayDiscount'))
      if (cardMatches(d, a.cards) && !once.includes(playedKey(a.cards)))
        base = Math.max(Math.min(base, a.min), base - a.n)
  }
  if (d.altCost && evalCondFor(s, seat, d.altCost.if)) base = Math.min(base, d.altCost.cost)
  const programDiscounts = d.type === 'Program' ? charges(s, 'programDiscount', seat) : 0
  if (programDiscounts > 0) {
    const mins = friendlyGigValues(s, seat).filter(v => v === 1).length * programDiscounts
    base = Math.max(Math.min(base, 1), base - mins)
  }
  const cp = d.costPer
  if (!cp) return base
  const p = s.players[seat]!
  let n: number
  if (cp.per === 'gig8') n = friendlyGigValues(s, seat).filter(v => v >= 8).length
  else if (cp.per === 'trashUnit') n = p.trash.filter(u => def(s, u).type === 'Unit').length
  else n = faceUpLegendCount(s, seat)
  return Math.max(Math.min(cp.min, base), base - n) // CR 11.8.3
}

/** GO SOLO cost: printed cost, less a GO SOLO discount, plus what the rival's cards add (Riot Shield; CR 11.25). */
export function soloCost(s: State, seat: number, cost: number): number {
  let tax = 0
  for (const a of staticsInPlay(s, 1 - seat, 'rivalGoSoloCost')) tax += a.n
  const disc = charges(s, 'goSoloDiscount', seat)
  return Math.max(Math.min(cost, 1), cost - 2 * disc) + tax
}
