// Legal card plays, status spends and Mjölnir discards in each window (DT-2.2, DT-2.11, DT-4.1-DT-4.14, DT-5.3, DT-5.4,
// DT-6.5, DT-7, DT-8.2, DT-8.9, DT-13.8-DT-13.16, DT-15.6, DT-GAP-7).
import { STATUSES, type Card, type Effect } from './data.ts'
import { cardOf } from './card-set.ts'
import type { DTAction, DTState } from './state.ts'
import { levelOf, opponents, teammate } from './players.ts'
import { statusKeys } from './statuses.ts'
import { counterAhead } from './defence.ts'
import { mjolnirAct, playAct, subsetsOf, type Ctxt } from './action-table.ts'

/** Thor may discard a card to throw or retrieve Mjölnir at any time (his decisions and every response window). */
export function mjolnirActions(s: DTState, seat: number, out: DTAction[], inWindow = false) {
  const pl = s.p[seat]!
  if (pl.mj === -2 || pl.hand.length === 0 || (!inWindow && seat !== s.active)) return
  const hand = pl.hand
  const opps = pl.mj === -1 ? opponents(s, seat) : null
  for (let i = 0; i < hand.length; i++) {
    const card = hand[i]!
    if (hand.indexOf(card) !== i) continue // once per card name, in hand order
    if (opps) for (const o of opps) out.push(mjolnirAct(card, o))
    else out.push(mjolnirAct(card, -1))
  }
}

/** Status spends available in a context (DT-8.9: spendable like an Instant). */
export function spendActions(s: DTState, seat: number, ctx: Ctxt, out: DTAction[]) {
  const pl = s.p[seat]!
  const st = pl.st
  if (ctx === 'main' && (st['electrokinesis'] ?? 0) >= 4 && !pl.ekUsed)
    out.push({ type: 'spend', status: 'electrokinesis' })
  const r = s.roll
  if (r && r.owner === seat && (ctx === 'rolling' || ctx === 'def') && (st['probability-manipulation'] ?? 0) > 0) {
    for (let i = 0; i < r.dice.length; i++) {
      if (i === r.lock) continue
      if (r.dice[i]! < 6) out.push({ type: 'spend', status: 'probability-manipulation', die: i, value: r.dice[i]! + 1 })
      if (r.dice[i]! > 1) out.push({ type: 'spend', status: 'probability-manipulation', die: i, value: r.dice[i]! - 1 })
    }
  }
  if (ctx !== 'modify' && (st['conjure'] ?? 0) > 0) {
    for (const o of opponents(s, seat)) {
      for (const k of statusKeys(s.p[o]!.st)) {
        const def = STATUSES[k]!
        if (def.polarity === 'positive' && !def.unique) out.push({ type: 'spend', status: 'conjure', from: o, take: k })
      }
    }
  }
  const atk = s.atk
  if (
    atk &&
    atk.by === seat &&
    (ctx === 'modify' || ctx === 'def') &&
    (st['crackle'] ?? 0) > 0 &&
    atk.damageType !== 'pure' &&
    atk.damageType !== 'collateral'
  ) {
    if (Object.keys(s.p[atk.to]!.st).length > 0) out.push({ type: 'spend', status: 'crackle' })
  }
  if (
    atk &&
    atk.to === seat &&
    ctx === 'def' &&
    !atk.ultimate &&
    !atk.illusion &&
    (st['illusion'] ?? 0) > 0 &&
    atk.damageType !== 'collateral'
  )
    out.push({ type: 'spend', status: 'illusion' })
  // Spider-Sense: discard Invisibility for one extra roll attempt (research 2.2)
  if (
    atk &&
    atk.to === seat &&
    ctx === 'def' &&
    atk.defence === 'spider-sense' &&
    r &&
    r.kind === 'def' &&
    r.left === 0 &&
    (st['invisibility'] ?? 0) > 0
  )
    out.push({ type: 'spend', status: 'invisibility' })
}

/** Card plays available to `seat` in a context, with their parameters (DT-4). */
export function cardActions(s: DTState, seat: number, ctx: Ctxt, out: DTAction[], instantsOnly = false) {
  const pl = s.p[seat]!
  if (pl.hand.length === 0) return
  const hand = pl.hand
  for (let h = 0; h < hand.length; h++) {
    const id = hand[h]!
    if (hand.indexOf(id) !== h) continue // once per card name, in hand order
    const card = cardOf(s, seat, id)!
    if (instantsOnly && card.timing !== 'instant') continue
    if (card.timing === 'main' || card.timing === 'upgrade') {
      if (ctx !== 'main') continue
    } else if (card.timing === 'roll') {
      if (ctx === 'main' || ctx === 'phase') continue
    }
    if (card.timing === 'upgrade') {
      const u = card.upgrade!
      if (u.kind === 'passive') {
        if (pl.ups.includes(id) || pl.cp < card.cost) continue
        out.push(playAct(id))
        continue
      }
      const cur = levelOf(pl, u.target)
      if (u.level <= cur) continue
      if (pl.cp < upgradeCost(s, seat, id)) continue
      out.push(playAct(id))
      continue
    }
    if (pl.cp < card.cost) continue
    if (ctx === 'modify' && card.when !== 'attackModifier') continue
    if (opsCardPlayable(s, seat, card, ctx)) choiceOptions(s, seat, card, ctx, out)
  }
}
/** CP to pay for an upgrade: the difference to the upgrade already on that ability (DT-4.14). */
export function upgradeCost(s: DTState, seat: number, cardId: string): number {
  const card = cardOf(s, seat, cardId)!
  const u = card.upgrade!
  let paid = 0
  for (const x of s.p[seat]!.ups) {
    const o = cardOf(s, seat, x)!
    if (o.upgrade!.target === u.target) paid = Math.max(paid, o.cost)
  }
  return Math.max(0, card.cost - paid)
}
/** Whether a card may be played now: its `when`, `needs` and `thrownThisTurn`, and not twice on one attack (`mark`). */
function opsCardPlayable(s: DTState, seat: number, card: Card, ctx: Ctxt): boolean {
  const pl = s.p[seat]!
  if (card.needs && (pl.st[card.needs.status] ?? 0) < card.needs.n) return false
  if (card.thrownThisTurn !== undefined && pl.throws < card.thrownThisTurn) return false
  const atk = s.atk
  // the defender of an attack window (an Ultimate cannot be answered: DT-10.3)
  const defending = ctx === 'def' && atk !== null && atk.to === seat && !atk.ultimate
  switch (card.when) {
    case undefined:
      if (ctx === 'modify') return false
      break
    case 'attacked':
      // collateral damage is incoming damage but not an attack (DT-6.11)
      if (!defending || atk!.damageType === 'collateral') return false
      break
    case 'spiderSense':
      if (!defending || atk!.defence !== 'spider-sense') return false
      break
    case 'attackModifier':
      // pure and collateral damage cannot be modified (DT-6.3)
      if (
        !atk ||
        atk.by !== seat ||
        (ctx !== 'modify' && ctx !== 'def') ||
        atk.damageType === 'pure' ||
        atk.damageType === 'collateral'
      )
        return false
      break
    case 'offensiveRoll':
      if (!s.roll || s.roll.kind !== 'off' || (ctx !== 'rolling' && ctx !== 'pre')) return false
      break
    case 'defensiveRoll':
      if (!s.roll || s.roll.kind !== 'def' || ctx !== 'def' || !atk) return false
      break
    case 'incomingDamage':
    case 'incomingDamageToYou':
      // where the damage is on its way: `preventOptions`
      break
  }
  for (const op of card.ops!) if (op.op === 'mark' && (!atk || atk[op.mark])) return false
  return true
}
/** Whether an effect is aimed at an opponent (one is named), looking into the effects of a rolled die too. */
function aimsAtOpponent(ops: readonly Effect[]): boolean {
  return ops.some(
    o =>
      o.op === 'inflict' ||
      o.op === 'steal' ||
      o.op === 'isolated' ||
      (o.op === 'rollOne' &&
        Object.values(o.bySymbol ?? {})
          .concat(o.byValue ?? [])
          .some(aimsAtOpponent)),
  )
}
/** The ways to play a card that may be played now: what its player names (`choose`), each a listed action. */
function choiceOptions(s: DTState, seat: number, card: Card, ctx: Ctxt, out: DTAction[]) {
  const id = card.id
  if (card.when === 'incomingDamage' || card.when === 'incomingDamageToYou')
    return preventOptions(s, seat, card, ctx, out)
  const choose = card.choose
  if (!choose) {
    if (aimsAtOpponent(card.ops!)) for (const o of opponents(s, seat)) out.push({ type: 'play', card: id, target: o })
    else out.push(playAct(id))
    return
  }
  if ('die' in choose || 'dice' in choose) {
    // the dice of a roll on the table; in a "Then" pause, an isolated-damage window or a phase window they have been
    // read
    const r = ctx === 'then' || ctx === 'inc' || ctx === 'phase' || ctx === 'main' ? null : s.roll
    if (!r) return
    const whose = 'die' in choose ? choose.die : choose.dice
    if (
      whose === 'own'
        ? r.owner !== seat
        : whose === 'teammate'
          ? !teammate(s, seat, r.owner)
          : whose === 'opponent'
            ? teammate(s, seat, r.owner)
            : false
    )
      return
    if ('dice' in choose) {
      for (const sub of subsetsOf(r.dice.length))
        if (sub.length <= choose.upTo && !sub.includes(r.lock)) out.push({ type: 'play', card: id, dice: sub })
      return
    }
    const to = choose.to
    for (let i = 0; i < r.dice.length; i++) {
      if (i === r.lock) continue
      const now = r.dice[i]!
      if (to === undefined) out.push({ type: 'play', card: id, die: i })
      else if (typeof to === 'number') {
        if (now !== to) out.push({ type: 'play', card: id, die: i })
      } else if (to === 'step') {
        if (now < 6) out.push({ type: 'play', card: id, die: i, value: now + 1 })
        if (now > 1) out.push({ type: 'play', card: id, die: i, value: now - 1 })
      } else {
        const values = to === 'any' ? ANY_VALUE : to === 'another' ? otherValues(r.dice, i) : to
        for (const v of values) if (v !== now) out.push({ type: 'play', card: id, die: i, value: v })
      }
    }
    return
  }
  if ('player' in choose) {
    for (let a = 0; a < s.n; a++)
      if (!s.p[a]!.out && Object.keys(s.p[a]!.st).length) out.push({ type: 'play', card: id, target: a })
    return
  }
  if ('token' in choose) {
    for (let a = 0; a < s.n; a++)
      if (!s.p[a]!.out)
        for (const k of statusKeys(s.p[a]!.st)) out.push({ type: 'play', card: id, target: a, status: k })
    return
  }
  for (let a = 0; a < s.n; a++) {
    if (s.p[a]!.out) continue
    // unique statuses follow their own rules and are not transferable (DT-8.13; research 2.2)
    for (const k of statusKeys(s.p[a]!.st))
      if (!STATUSES[k]!.unique)
        for (let b = 0; b < s.n; b++)
          if (b !== a && !s.p[b]!.out) out.push({ type: 'play', card: id, from: a, status: k, target: b })
  }
}
const ANY_VALUE = [1, 2, 3, 4, 5, 6]
/** The values of the other dice than die `i`, once each, in increasing order. */
function otherValues(dice: number[], i: number): number[] {
  const values = new Set<number>()
  for (let j = 0; j < dice.length; j++) if (j !== i && dice[j] !== dice[i]) values.add(dice[j]!)
  return [...values].sort()
}
/**
 * Prevention cards: the incoming damage they may prevent (DT-6.9): the attack's damage to its defender, the counter
 * damage its defence dice will deal to the attacker (named as `target`), or incoming isolated damage. `incomingDamage`
 * names any player's; `incomingDamageToYou` only yours. A card preventing all of it is not offered once all is
 * prevented.
 */
function preventOptions(s: DTState, seat: number, card: Card, ctx: Ctxt, out: DTAction[]) {
  const atk = ctx === 'def' ? s.atk : null
  const inc = ctx === 'inc' ? s.inc : null
  const all = card.ops!.some(o => o.op === 'preventAll')
  if (card.when === 'incomingDamage') {
    if ((atk && !atk.ultimate) || inc) out.push(playAct(card.id))
    if (atk && !atk.ultimate && counterAhead(s) > 0) out.push({ type: 'play', card: card.id, target: atk.by })
    return
  }
  if (
    (atk && atk.to === seat && !atk.ultimate && !(all && atk.allPrevented)) ||
    (inc && inc.to === seat && !(all && inc.allPrevented))
  )
    out.push(playAct(card.id))
  if (atk && atk.by === seat && !(all && atk.allCounterPrevented) && counterAhead(s) > 0)
    out.push({ type: 'play', card: card.id, target: seat })
}
