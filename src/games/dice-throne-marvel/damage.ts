// Damage: isolated and incoming damage, the Defensive Roll, counter damage, prevention and final damage (DT-6, DT-7.3, DT-10.4, DT-10.5, DT-12, DT-13.12, DT-13.22, DT-13.25, DT-13.27, DT-14.1-DT-14.3, DT-GAP-9, DT-GAP-11).
import { CARDS, type DamageType, type Defence, type HeroId } from './data.ts'
import type { Attack, DTState } from './state.ts'
import type { Ctx } from './context.ts'
import { changeHp, levelOf, priority } from './players.ts'
import { gainStatus } from './statuses.ts'
import { COMPILED, countSym, rollDice, variantAt } from './dice.ts'
import { mjStep } from './effects.ts'
import { checkDeaths, endRollPhases } from './turn.ts'
import { openWindow, runFx } from './abilities.ts'
import { mayHold } from './windows.ts'

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
 * Someone might prevent isolated damage to `to` in a roll phase: Not This Time! (anyone), Invulnerability! (its
 * target). Judged from what the others see (the card is not in that seat's discard pile or in play), so that
 * whether the damage waits never tells what a hand holds; a seat that auto-passes counts only with the real card.
 */
function canPreventIso(s: DTState, to: number): boolean {
  for (let q = 0; q < s.n; q++) {
    const pl = s.p[q]!
    if (pl.out || pl.hand.length === 0) continue
    if (pl.cp >= CARDS['not-this-time']!.cost && mayHold(s, q, 'not-this-time')) return true
    if (q === to && pl.cp >= CARDS['invulnerability']!.cost && (pl.st['electrokinesis'] ?? 0) >= 2 && mayHold(s, q, 'invulnerability')) return true
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

/** After the attacker's modifiers: the Defensive Roll Phase (only for damage that can be defended). */
export function toDefence(s: DTState, c: Ctx) {
  const atk = s.atk!
  c.ev.push({ type: 'phase', phase: 'defensive-roll', seat: atk.to })
  s.step = 'defChoose'
}
export function startDefRoll(s: DTState, defence: string, c: Ctx) {
  const atk = s.atk!
  const dp = s.p[atk.to]!
  const d = defenceOf(dp.hero, defence)
  const lv = d.levels[Math.min(levelOf(dp, defence), d.levels.length) - 1]!
  atk.defence = defence
  const dice = rollDice(c, lv.dice)
  s.roll = { owner: atk.to, dice, left: 0, lock: -1, kind: 'def' }
  c.ev.push({ type: 'defend', seat: atk.to, defence, dice: dice.slice() })
  openDefWindow(s)
}
/** A hero's defence by id (the hero data's own object). */
function defenceOf(hero: HeroId, id: string): Defence {
  return COMPILED[hero]!.defs.get(id)!
}
export function openDefWindow(s: DTState) {
  s.step = 'def'
  s.win = { kind: 'def', seats: priority(s), index: 0 }
}
/** Counter damage the rolled defence dice will deal to the attacker (Counterpunch, Mischief, Invisible Punch), or 0. */
export function counterAhead(s: DTState): number {
  const atk = s.atk
  const r = s.roll
  if (!atk || !atk.defence || !r || r.kind !== 'def') return 0
  const dp = s.p[atk.to]!
  const d = defenceOf(dp.hero, atk.defence)
  const eff = d.levels[Math.min(levelOf(dp, atk.defence), d.levels.length) - 1]!.effect
  if (eff === 'counterpunch') return countSym(dp.hero, r.dice, 'thwip')
  if (eff === 'mischief') return countSym(dp.hero, r.dice, 'dagger')
  if (eff === 'spiderSense' && atk.invisiblePunch) return countSym(dp.hero, r.dice, 'spider') + (atk.swingEscape ? countSym(dp.hero, r.dice, 'web') : 0) > 0 ? 3 : 0
  if (eff === 'thunderWheel1' || eff === 'thunderWheel2') {
    // Mjölnir's throws at the attacker (undefendable but preventable: DT-6.7): steps alternate throw / retrieve
    const h = countSym(dp.hero, r.dice, 'hammer')
    const times = eff === 'thunderWheel1' ? (h >= 2 ? 1 : 0) : Math.floor(h / 2)
    return dp.mj === -1 ? Math.ceil(times / 2) : dp.mj === -2 ? 0 : Math.floor(times / 2)
  }
  return 0
}
function defenceResult(s: DTState, c: Ctx) {
  const atk = s.atk!
  if (!atk.defence || !s.roll) return
  const dp = s.p[atk.to]!
  const d = defenceOf(dp.hero, atk.defence)
  const lv = d.levels[Math.min(levelOf(dp, atk.defence), d.levels.length) - 1]!
  const dice = s.roll.dice
  const hero = dp.hero
  switch (lv.effect) {
    case 'thunderWheel1':
    case 'thunderWheel2': {
      const h = countSym(hero, dice, 'hammer')
      const times = lv.effect === 'thunderWheel1' ? (h >= 2 ? 1 : 0) : Math.floor(h / 2)
      c.ctr = atk
      for (let k = 0; k < times; k++) mjStep(s, atk.to, atk.by, c)
      c.ctr = null
      atk.preventedDamage += 2 * countSym(hero, dice, 'worthy')
      const th = countSym(hero, dice, 'thunder')
      if (th) gainStatus(s, atk.to, 'electrokinesis', th, c)
      break
    }
    case 'spiderSense': {
      const hit = countSym(hero, dice, 'spider') + (atk.swingEscape ? countSym(hero, dice, 'web') : 0)
      if (hit > 0) {
        atk.halves++
        atk.spiderSense = true
      }
      break
    }
    case 'counterpunch':
      atk.counter += countSym(hero, dice, 'thwip')
      break
    case 'chaosShield':
      atk.preventedDamage += 2 * (countSym(hero, dice, 'chaos') + countSym(hero, dice, 'magic'))
      if (countSym(hero, dice, 'scarlet')) gainStatus(s, atk.to, 'crackle', 1, c)
      break
    case 'slipAway':
      atk.preventedDamage += 2 * countSym(hero, dice, 'helm')
      if (countSym(hero, dice, 'trickster')) gainStatus(s, atk.to, 'bag-of-tricks', 1, c)
      break
    case 'mischief':
      atk.counter += countSym(hero, dice, 'dagger')
      if (countSym(hero, dice, 'trickster')) gainStatus(s, atk.to, 'illusion', 1, c)
      break
  }
}
/** DT-12: add and subtract first; then every divider from the same subtotal; divisions round up. */
export function finalDamage(a: Pick<Attack, 'base' | 'addedDamage' | 'preventedDamage' | 'halves' | 'allPrevented' | 'ultimate' | 'damageType'>): number {
  const modifiable = a.damageType === 'normal' || a.damageType === 'undefendable' || a.damageType === 'ultimate'
  let sub = a.base + (modifiable ? a.addedDamage : 0)
  if (a.ultimate) return Math.max(0, sub) // DT-6.12, DT-10.4: cannot be prevented
  sub = Math.max(0, sub - a.preventedDamage)
  if (a.allPrevented) return 0
  let prevented = 0
  for (let k = 0; k < a.halves; k++) prevented += Math.ceil(sub / 2)
  return Math.max(0, sub - prevented)
}
export function resolveAttack(s: DTState, c: Ctx) {
  const atk = s.atk!
  s.win = null
  defenceResult(s, c)
  if (atk.illusion === 'half') atk.halves++
  if (atk.illusion === 'none') atk.allPrevented = true
  if (atk.invisiblePunch && atk.spiderSense) atk.counter += 3
  let dmg = finalDamage(atk)
  if (atk.indomitableWill && !s.p[atk.to]!.out) {
    const hp = s.hp[s.pool[atk.to]!]!
    if (hp - dmg <= 0) {
      const d = c.r.die(6)
      c.ev.push({ type: 'roll', seat: atk.to, dice: [d], for: 'indomitable-will' })
      if (d === 4 || d === 5) dmg = Math.max(0, hp - 1)
    }
  }
  // counter damage has no type: it can be prevented, not defended or modified (research 1.4)
  if (atk.allCounterPrevented) atk.counter = 0
  else atk.counter = Math.max(0, atk.counter - (atk.counterPrevented ?? 0))
  c.ev.push({ type: 'damage', by: atk.by, to: atk.to, amount: dmg, damageType: atk.damageType, counter: atk.counter })
  // damage and counter damage land together
  if (!s.p[atk.to]!.out) changeHp(s, atk.to, -dmg, c, atk.damageType)
  if (atk.counter > 0) changeHp(s, atk.by, -atk.counter, c, 'counter')
  const pl = s.p[atk.by]!
  const v = variantAt(pl, atk.ability, atk.variant)
  checkDeaths(s, c)
  if (s.done) return
  if (v && v.post.length && !pl.out) {
    s.fx = { ph: 1, ability: atk.ability, variant: atk.variant, by: atk.by, to: atk.to, i: 0 }
    // "Then" pauses the game: statuses, Instants and Roll Phase cards may be played before what follows (DT-5.2, DT-5.3)
    if (!atk.ultimate && !s.p[atk.to]!.out) {
      s.roll = null
      openWindow(s, 'then')
      return
    }
    runFx(s, c)
    return
  }
  afterPost(s, c)
}
/** After the attack and its "Then" effects: Combo, or the end of the roll phases. */
export function afterPost(s: DTState, c: Ctx) {
  checkDeaths(s, c)
  if (s.done) return
  const atk = s.atk!
  const pl = s.p[atk.by]!
  s.roll = null
  // Combo needs an attack (DT-13.27); collateral damage is not one (DT-6.11)
  if (!pl.out && !s.p[atk.to]!.out && atk.damageType !== 'collateral' && (pl.st['combo'] ?? 0) > 0 && !pl.comboUsed) {
    s.step = 'combo'
    return
  }
  endRollPhases(s, c)
}
