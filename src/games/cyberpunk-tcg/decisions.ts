// Decisions: who decides now, and every legal action of the Main Phase (CP-8.24–8.37) and attacks (CP-9.4–9.11).
import type { Ability } from './effects.ts'
import type { State, Unit } from './state.ts'
import type { Action } from './actions.ts'
import {
  activationCost,
  callCost,
  canPayFrom,
  payMemo,
  paySetsFrom,
  playCost,
  soloCost,
  type PayMemo,
} from './payment.ts'
import { autoPassAction, reactActions } from './responses.ts'
import { def, hasBlocker, hasStatic, staticCount, staticsOn } from './core.ts'
import { pendingChoices, pendingResolver } from './pending.ts'
import { unitHas } from './continuous.ts'

/** The seat that must decide now, or -1. */
export function decider(s: State): number {
  if (s.phase === 'over') return -1
  if (s.prompt) return s.prompt.seat
  if (s.frames.length || s.defeatQueue) return -1
  if (s.pending.length) return pendingResolver(s)
  if (s.phase === 'choose') return s.chooser
  if (s.phase === 'mull') return s.step
  if (s.attack) return s.attack.step === 'react' ? 1 - s.attack.seat : -1
  if (s.phase === 'main') return s.active
  return -1
}

function canAttackWith(s: State, seat: number, un: Unit): boolean {
  if (un.spent) return false // CP-9.6
  if (unitHas(s, 'cantAttack', un.uid)) return false
  if (hasStatic(s, un.uid, un.gear, 'cantAttack')) return false
  if (hasStatic(s, un.uid, un.gear, 'needsProgramToAttack') && !s.players[seat]!.once.includes('program-played'))
    return false
  if (un.lag) {
    if (staticCount(s, 1 - seat, 'suppressNewRivals') > 0) return false
    if (!un.attacksWhileLagging && !lagPermission(s, seat, un)) return false // CP-9.7
  }
  return true
}

/** ADRENALINE granted by a Gear, or a permission to attack some targets the turn it is played (CP-9.4) */
function lagPermission(s: State, seat: number, un: Unit): boolean {
  return (
    adrenalineNow(s, seat, un) ||
    unitHas(s, 'mayAttackUnits', un.uid) ||
    staticsOn(s, seat, un.uid, un.gear, 'attackWhenPlayed').length > 0
  )
}

/** ADRENALINE it has now from a static word (CR 11.27), beside the printed keyword it entered the field with */
function adrenalineNow(s: State, seat: number, un: Unit): boolean {
  return staticsOn(s, seat, un.uid, un.gear, 'adrenaline').length > 0
}

/** Whether a permission to attack `targets` the turn it is played applies to it now (CP-9.4) */
function mayAttackWhenPlayed(s: State, seat: number, un: Unit, targets: 'units' | 'gigs'): boolean {
  return staticsOn(s, seat, un.uid, un.gear, 'attackWhenPlayed').some(a => a.targets === targets)
}

export function attackTargets(s: State, seat: number, un: Unit): (number | 'gigs')[] {
  const out: (number | 'gigs')[] = []
  let units = true
  let gigs = !hasStatic(s, un.uid, un.gear, 'onlyAttackUnits')
  if (un.lag && !un.attacksWhileLagging && !adrenalineNow(s, seat, un)) {
    // only the specific permission applies (CP-9.4)
    units = mayAttackWhenPlayed(s, seat, un, 'units') || unitHas(s, 'mayAttackUnits', un.uid)
    gigs = gigs && mayAttackWhenPlayed(s, seat, un, 'gigs')
  }
  // CP-9.9: only spent rival Units, unless a permission allows ready ones (all, or those with BLOCKER)
  let ready = unitHas(s, 'mayAttackReadyUnits', un.uid)
  let readyBlockers = false
  for (const a of staticsOn(s, seat, un.uid, un.gear, 'attackReady'))
    if (a.blockers) readyBlockers = true
    else ready = true
  if (units)
    for (const t of s.players[1 - seat]!.field)
      if (t.spent || ready || (readyBlockers && hasBlocker(s, t))) out.push(t.uid)
  if (gigs && s.players[1 - seat]!.gigs.length > 0) out.push('gigs') // CP-9.10 / 9.11
  return out
}

/** Pushes onto `out` the plays from hand that `seat` can pay for (QUICK Programs only in a response). */
export function playableFromHand(s: State, seat: number, quickOnly: boolean, memo: PayMemo, out: Action[]): void {
  const p = s.players[seat]!
  let hosts: number[] | null = null
  // a hand holds a few cards: a list is cheaper than a Set
  const seen: string[] = []
  for (const u of p.hand) {
    const id = s.cards[u]!
    if (seen.includes(id)) continue
    seen.push(id)
    const d = def(s, u)
    if (!d.implemented || d.cost === null || d.type === 'Legend') continue
    if (quickOnly && !(d.type === 'Program' && d.quick)) continue
    const cost = playCost(s, seat, d)
    if (!canPayFrom(memo, cost)) continue
    const sets = paySetsFrom(memo, cost)
    if (d.type === 'Gear') {
      if (!hosts) {
        hosts = []
        for (const l of p.legends) if (l && l.faceUp) hosts.push(l.uid)
        for (const un of p.field) hosts.push(un.uid)
      }
      for (const h of hosts) for (const ps of sets) out.push({ type: 'play', card: id, pay: ps, host: h })
    } else for (const ps of sets) out.push({ type: 'play', card: id, pay: ps })
  }
}

const FREE: readonly number[][] = paySetsFrom({ mask: 0, count: 0, eddies: 0 }, 0)

/** Pushes onto `out` the Calls `seat` may make (CP-8.31). */
export function callActions(s: State, seat: number, memo: PayMemo, out: Action[]): void {
  const p = s.players[seat]!
  if (p.called) return
  const free = callCost(s, seat) === 0
  if (!free && !canPayFrom(memo, 1)) return
  const sets = free ? FREE : paySetsFrom(memo, 1)
  const l = p.legends
  for (let slot = 0; slot < l.length; slot++)
    if (l[slot] && !l[slot]!.faceUp) for (const ps of sets) out.push({ type: 'call', slot, pay: ps })
}

function activateOne(
  s: State,
  seat: number,
  u: number,
  src: number,
  i: number,
  a: Extract<Ability, { kind: 'activated' }>,
  sp: boolean,
  lag: boolean,
  memo: PayMemo,
  out: Action[],
): void {
  if (a.spend && (sp || lag)) return // CP-8.36
  const cost = activationCost(s, seat, a)
  if (!canPayFrom(memo, cost)) return
  // a Legend spent as the cost cannot also pay €$ for the same activation
  const own = a.spend ? s.players[seat]!.legends.findIndex(l => l?.uid === u) : -1
  for (const ps of paySetsFrom(memo, cost))
    if (own < 0 || !ps.includes(own)) out.push({ type: 'activate', src, ab: i, pay: ps })
}

function activateFrom(
  s: State,
  seat: number,
  u: number,
  gear: number[],
  sp: boolean,
  lag: boolean,
  quickOnly: boolean,
  memo: PayMemo,
  out: Action[],
): void {
  // the card's own activated abilities first, then its Gear's inherited ones
  const d = def(s, u)
  if (d.hasActivated) {
    const abs = d.abilities
    for (let i = 0; i < abs.length; i++) {
      const a = abs[i]!
      if (a.kind === 'activated' && !a.inherit && (!quickOnly || a.quick))
        activateOne(s, seat, u, u, i, a, sp, lag, memo, out)
    }
  }
  for (const g of gear) {
    const gd = def(s, g)
    if (!gd.hasActivated) continue
    const abs = gd.abilities
    for (let i = 0; i < abs.length; i++) {
      const a = abs[i]!
      if (a.kind === 'activated' && a.inherit && (!quickOnly || a.quick))
        activateOne(s, seat, u, g, i, a, sp, lag, memo, out)
    }
  }
}

/** Pushes onto `out` the activations `seat` may make (QUICK ones only in a response). */
export function activateActions(s: State, seat: number, quickOnly: boolean, memo: PayMemo, out: Action[]): void {
  const p = s.players[seat]!
  if (!quickOnly || s.opts.quickInLegendsArea)
    for (const l of p.legends)
      if (l && l.faceUp) activateFrom(s, seat, l.uid, l.gear, l.spent, false, quickOnly, memo, out)
  for (const un of p.field) activateFrom(s, seat, un.uid, un.gear, un.spent, un.lag, quickOnly, memo, out)
}

function mainActions(s: State, seat: number): Action[] {
  const p = s.players[seat]!
  const out: Action[] = []
  // Mox Inciters / Evelyn Parker: a Unit that must attack this turn keeps the turn open while it can attack
  let mustAttack = false
  for (const u of p.field)
    if (unitHas(s, 'mustAttack', u.uid) && canAttackWith(s, seat, u) && attackTargets(s, seat, u).length > 0) {
      mustAttack = true
      break
    }
  if (!mustAttack) out.push({ type: 'pass' })
  const memo = payMemo(s, seat)
  if (!p.sold) {
    const seen: string[] = []
    for (const u of p.hand) {
      const id = s.cards[u]!
      if (seen.includes(id)) continue
      seen.push(id)
      if (def(s, u).sell) out.push({ type: 'sell', card: id })
    }
  }
  callActions(s, seat, memo, out)
  playableFromHand(s, seat, false, memo, out)
  const ls = p.legends
  for (let slot = 0; slot < ls.length; slot++) {
    const l = ls[slot]
    if (!l || !l.faceUp) continue
    const d = def(s, l.uid)
    if (d.cost === null) continue // CP-7.13
    for (const ps of paySetsFrom(memo, d.cost)) out.push({ type: 'legend', slot, solo: false, pay: ps })
    if (d.goSolo)
      for (const ps of paySetsFrom(memo, soloCost(s, seat, d.cost)))
        out.push({ type: 'legend', slot, solo: true, pay: ps })
  }
  activateActions(s, seat, false, memo, out)
  for (const un of p.field) {
    if (!canAttackWith(s, seat, un)) continue
    for (const t of attackTargets(s, seat, un)) out.push({ type: 'attack', unit: un.uid, target: t })
  }
  autoPassAction(s, seat, out)
  return out
}

// A one-entry memo: a client lists the legal actions of a state and then applies one of them to that same state.
let memoState: State | null = null

let memoSeat = -1

let memoList: Action[] = []

/** Legal actions, memoised for the last state object asked about (states are never mutated once returned). */
export function listActions(s: State, seat: number): Action[] {
  if (s === memoState && seat === memoSeat) return memoList
  return remember(s, seat, computeActions(s, seat))
}

/**
 * Records `reactions`, those of `seat` found while settling `s` (the React Step asks only when there are some), as the
 * listing of `s`: the state is returned as it is then, and its listing would find the same reactions again.
 */
export function settleListing(s: State, seat: number, reactions: Action[]): void {
  remember(s, seat, withConcede(s, reactions))
}

function remember(s: State, seat: number, list: Action[]): Action[] {
  memoState = s
  memoSeat = seat
  memoList = list
  return list
}

/** CR 1.16: conceding is always open, and listed unless the options turn it off. */
function withConcede(s: State, out: Action[]): Action[] {
  if (s.opts.concedeListed) out.push({ type: 'concede' })
  return out
}

function computeActions(s: State, seat: number): Action[] {
  if (decider(s) !== seat) return []
  let out: Action[]
  if (s.prompt) out = s.prompt.options.map(o => ({ type: 'choose', pick: o }) as Action)
  else if (s.pending.length) out = pendingChoices(s).map(p => ({ type: 'resolve', id: p.id }))
  else if (s.phase === 'choose')
    out = [
      { type: 'goFirst', first: true },
      { type: 'goFirst', first: false },
    ]
  else if (s.phase === 'mull') {
    out = [
      { type: 'mulligan', redraw: false },
      { type: 'mulligan', redraw: true },
    ]
    autoPassAction(s, seat, out)
  } else if (s.attack) out = reactActions(s, seat)
  else out = mainActions(s, seat)
  return withConcede(s, out)
}
