/**
 * What a seat may do now (legalActions): Recycle and placement (CN-3.8, CN-6.5), activations with Turbo, Burn, targets
 * and coal payments (CN-3.6–3.7, CN-5.4–5.6, CN-6.7–6.9), who is to act.
 */
import type { Card } from './data.ts'
import type { CNState } from './state.ts'
import { avatarOf, cardOf, FIELD_SLOTS } from './values.ts'
import type { CNAction } from './action.ts'
import { coalAvailable, coalPayments } from './coal.ts'

const TARGETED = new WeakMap<Card, boolean>()

/** Whether the card's effect negates an equipped card the player targets (purge); kept per card object. */
export function isTargeted(c: Card): boolean {
  let targeted = TARGETED.get(c)
  if (targeted === undefined) {
    targeted = [...c.effect, ...(c.turbo?.effect ?? []), ...(c.burn?.effect ?? [])].some(o => o.op === 'purge')
    TARGETED.set(c, targeted)
  }
  return targeted
}

/**
 * The possible targets of a purge by `seat`: the opponent's infections on `seat`'s avatar, then the opponent's
 * equipment.
 */
export function purgeTargets(s: CNState, seat: number): number[] {
  const out: number[] = []
  for (const l of s.players[seat]!.lasting) if (l.owner !== seat) out.push(l.uid)
  for (const l of s.players[1 - seat]!.lasting) if (l.owner !== seat) out.push(l.uid)
  return out
}

const VARIANTS = [
  [false, false],
  [true, false],
  [false, true],
  [true, true],
] as const
const NO_WAYS: number[][] = []

function pushPaid(out: CNAction[], a: CNAction & { type: 'activate' }, ways: number[][]): void {
  if (ways.length <= 1) out.push(a)
  else for (const coal of ways) out.push({ ...a, coal })
}

/**
 * Enumerates what `seat` may do now into `out`; with `out` null it only answers whether there is anything
 * besides passing. Order: cards in field order (plain, Turbo, Burn, both), the avatar's ability, Uses.
 */
export function enumerate(s: CNState, seat: number, responding: boolean, out: CNAction[] | null): boolean {
  const p = s.players[seat]!
  const mana = p.mana
  let coal = -1
  let found = false
  for (const uid of p.field) {
    const c = cardOf(s, uid)
    if (responding && c.kind !== 'ability') continue // CN-6.8, CN-6.9
    if (mana < c.cost) continue
    if (c.coalCost > 0 || c.burn) {
      if (coal < 0) coal = coalAvailable(s, seat)
      if (coal < c.coalCost) continue
    }
    if (out === null) return true
    found = true
    const t = c.turbo !== undefined && mana >= c.cost + c.turbo.x
    const b = c.burn !== undefined && coal >= c.coalCost + c.burn.x
    if (c.coalCost === 0 && !b && !isTargeted(c)) {
      // the common case: no coal to pay, no target
      out.push({ type: 'activate', card: uid, turbo: false, burn: false })
      if (t) out.push({ type: 'activate', card: uid, turbo: true, burn: false })
      continue
    }
    const targets = isTargeted(c) ? purgeTargets(s, seat) : null
    const list = targets !== null && targets.length > 0 ? targets : null
    for (const [tu, bu] of VARIANTS) {
      if ((tu && !t) || (bu && !b)) continue
      // where the coal comes from, when the player has a choice (CN-5.6)
      const n = c.coalCost + (bu ? c.burn!.x : 0)
      const ways = n > 0 ? coalPayments(s, seat, n) : NO_WAYS
      // one action per variant, target (the player's choice) and way of paying coal
      if (list === null) pushPaid(out, { type: 'activate', card: uid, turbo: tu, burn: bu }, ways)
      else for (const target of list) pushPaid(out, { type: 'activate', card: uid, turbo: tu, burn: bu, target }, ways)
    }
  }
  const a = avatarOf(s, seat)
  if (!p.abilityUsed && mana >= a.ability.cost) {
    if (out === null) return true
    found = true
    out.push({ type: 'ability' })
  }
  for (let h = 0; h < 2; h++) {
    const host = (seat + h) % 2
    for (const l of s.players[host]!.lasting) {
      if (l.owner !== seat || l.used) continue
      const u = cardOf(s, l.uid).lasting!.use
      if (!u || mana < u.cost || l.coal < u.coal) continue
      if (out === null) return true
      found = true
      out.push({ type: 'use', card: l.uid })
    }
  }
  return found
}

/**
 * The k-card subsets of `items`, in the order of `items`, each sorted by uid (k is small: an insertion sort, no
 * comparator).
 */
function combinations(items: number[], k: number): number[][] {
  const out: number[][] = []
  const pick: number[] = []
  const rec = (start: number) => {
    if (pick.length === k) {
      const c = pick.slice()
      for (let i = 1; i < c.length; i++) {
        const v = c[i]!
        let j = i - 1
        for (; j >= 0 && c[j]! > v; j--) c[j + 1] = c[j]!
        c[j + 1] = v
      }
      out.push(c)
      return
    }
    for (let i = start; i <= items.length - (k - pick.length); i++) {
      pick.push(items[i]!)
      rec(i + 1)
      pick.pop()
    }
  }
  rec(0)
  return out
}

export function toAct(s: CNState): number[] {
  if (s.phase === 'over') return []
  if (s.pending !== undefined) return [s.pending.seat]
  if (s.phase === 'prep') {
    const out: number[] = []
    if (!s.players[0]!.placed) out.push(0)
    if (!s.players[1]!.placed) out.push(1)
    return out
  }
  return [s.chain.length > 0 ? s.responder : s.turn]
}

// A one-entry memo: a client lists a state's actions and then applies one of them to that same state, whose apply
// checks the action against the list (states are never mutated once returned). A WeakMap over every state cost more
// in garbage collection than it saved.
let memoState: CNState | null = null

let memoLists: (CNAction[] | undefined)[] = []

/** Every action `seat` may take now (the same array again for the last state object asked about). */
export function legal(s: CNState, seat: number): CNAction[] {
  if (s !== memoState) {
    memoState = s
    memoLists = []
  }
  const hit = memoLists[seat]
  if (hit !== undefined) return hit
  const out = computeLegal(s, seat)
  memoLists[seat] = out
  return out
}

function computeLegal(s: CNState, seat: number): CNAction[] {
  if (s.phase === 'over') return []
  const p = s.players[seat]
  if (!p) return []
  if (s.pending !== undefined) {
    // a coal tie waits for its player: one action per tied card, oldest first (Decision 6)
    if (s.pending.seat !== seat) return []
    return s.pending.options.map((card): CNAction => ({ type: 'pickCoal', card }))
  }
  if (s.phase === 'prep') {
    if (p.placed) return []
    const out: CNAction[] = []
    if (!p.recycled && p.deck.length > 0) for (const uid of p.hand) out.push({ type: 'recycle', card: uid }) // CN-3.8
    for (const cards of combinations(p.hand, Math.min(FIELD_SLOTS, p.hand.length))) out.push({ type: 'place', cards })
    return out
  }
  const responding = s.chain.length > 0
  if ((responding ? s.responder : s.turn) !== seat) return []
  const out: CNAction[] = []
  enumerate(s, seat, responding, out)
  out.push({ type: 'pass' })
  if (p.autoPassSet !== true) out.push({ type: 'setAutoPass', on: p.autoPass !== true })
  return out
}
