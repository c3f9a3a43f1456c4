// Isolated damage (Mjölnir, Webbed, collateral) dealt outside an attack, waiting as incoming damage where someone may
// prevent it (DT-6.4, DT-6.7, DT-6.9, DT-13.25).
import type { DamageType } from './data.ts'
import { cardOf } from './card-set.ts'
import type { DTState } from './state.ts'
import type { Ctx } from './context.ts'
import { changeHp } from './players.ts'
import { gainStatus } from './statuses.ts'
import { checkDeaths } from './deaths.ts'
import { deckIds, mayHold } from './seen.ts'

/**
 * Isolated damage (Mjölnir throws, Webbed, Chain Lightning's collateral): dealt on its own, outside the attack.
 * Undefendable and collateral damage can be prevented (DT-6.7, DT-6.9): inside an ability's effects, when a
 * seat could prevent it (Not This Time!, or Invulnerability! for its target), it waits as incoming damage for a
 * prevention window (`inc`); otherwise it lands at once. Hits of one effect on one player add up.
 */
export function isoHit(s: DTState, by: number, to: number, n: number, dt: DamageType, c: Ctx, why: string) {
  if (s.p[to]!.out) return
  // read from the defence dice, it lands with the counter damage, which the defence window let anyone prevent
  if (c.ctr && to === c.ctr.by) {
    c.ctr.counter += n
    return
  }
  const inc = s.inc
  if (c.iso && (inc ? inc.to === to : canPreventIso(s, to))) {
    if (inc) inc.amount += n
    else s.inc = { by, to, amount: n, damageType: dt, preventedDamage: 0, allPrevented: false, why }
    c.ev.push({ type: 'incoming', by, to, amount: n, damageType: dt, why })
    return
  }
  changeHp(s, to, -n, c, why)
}
/**
 * Someone might prevent isolated damage to `to` in a roll phase: a card of `when: incomingDamage` (anyone's, Not This
 * Time!) or `incomingDamageToYou` (its target's, Invulnerability!) that the seat can pay for. Judged from what the
 * others see (the card is not in that seat's discard pile or in play), so that whether the damage waits never tells
 * what a hand holds; a seat that auto-passes counts only with the real card.
 */
function canPreventIso(s: DTState, to: number): boolean {
  for (let q = 0; q < s.n; q++) {
    const pl = s.p[q]!
    if (pl.out || pl.hand.length === 0) continue
    for (const id of deckIds(s, q)) {
      const card = cardOf(s, q, id)!
      if (card.when !== 'incomingDamage' && !(card.when === 'incomingDamageToYou' && q === to)) continue
      if (pl.cp < card.cost || (card.needs && (pl.st[card.needs.status] ?? 0) < card.needs.n)) continue
      if (mayHold(s, q, id)) return true
    }
  }
  return false
}
/** The prevention window closes: the incoming isolated damage lands (fixed preventions first, DT-12.3). */
export function applyIncoming(s: DTState, c: Ctx) {
  const x = s.inc!
  s.inc = null
  s.win = null
  const n = x.allPrevented ? 0 : Math.max(0, x.amount - x.preventedDamage)
  c.ev.push({ type: 'isolatedDamage', by: x.by, to: x.to, amount: n, damageType: x.damageType, why: x.why })
  if (!s.p[x.to]!.out) changeHp(s, x.to, -n, c, x.why)
  checkDeaths(s, c)
}
export function inflict(s: DTState, by: number, to: number, status: string, n: number, c: Ctx) {
  if (s.p[to]!.out) return
  const added = gainStatus(s, to, status, n, c)
  // Webbed: inflicting it deals 2 isolated undefendable damage (DT-13.25).
  if (status === 'webbed' && added > 0) isoHit(s, by, to, 2, 'undefendable', c, 'webbed')
}
