// The Defensive Roll's result, counter damage and final damage (DT-7.3, DT-12, DT-13.12, DT-13.22, DT-14.1-DT-14.3).
import type { Defence, DefenceOp, HeroId } from './data.ts'
import type { Attack, DTState } from './state.ts'
import type { Ctx } from './context.ts'
import { levelOf } from './players.ts'
import { gainStatus } from './statuses.ts'
import { COMPILED, countSym } from './dice.ts'
import { mjStep, runOps } from './effects.ts'

/** A hero's defence by id (the hero data's own object). */
export function defenceOf(hero: HeroId, id: string): Defence {
  return COMPILED[hero]!.defs.get(id)!
}
/**
 * The prevention and counter damage the dice of a defence written in the vocabulary give: one reading for its
 * resolution (`defenceResult`), the counter damage ahead (`counterAhead`) and the bots' estimate (`heuristic.ts`).
 */
export function readDefenceDice(hero: HeroId, ops: readonly DefenceOp[], dice: number[]): { prevented: number; counter: number } {
  let prevented = 0
  let counter = 0
  for (const op of ops) {
    if (op.op === 'preventPer') for (const sym of op.syms) prevented += op.n * countSym(hero, dice, sym)
    else if (op.op === 'counterPer') counter += op.n * countSym(hero, dice, op.sym)
  }
  return { prevented, counter }
}
/** Counter damage the rolled defence dice will deal to the attacker (Counterpunch, Mischief, Invisible Punch), or 0. */
export function counterAhead(s: DTState): number {
  const atk = s.atk
  const r = s.roll
  if (!atk || !atk.defence || !r || r.kind !== 'def') return 0
  const dp = s.p[atk.to]!
  const d = defenceOf(dp.hero, atk.defence)
  const lv = d.levels[Math.min(levelOf(dp, atk.defence), d.levels.length) - 1]!
  const eff = lv.effect
  if (lv.ops) return readDefenceDice(dp.hero, lv.ops, r.dice).counter
  if (eff === 'spiderSense' && atk.invisiblePunch) return countSym(dp.hero, r.dice, 'spider') + (atk.swingEscape ? countSym(dp.hero, r.dice, 'web') : 0) > 0 ? 3 : 0
  if (eff === 'thunderWheel1' || eff === 'thunderWheel2') {
    // Mjölnir's throws at the attacker (undefendable but preventable: DT-6.7): steps alternate throw / retrieve
    const h = countSym(dp.hero, r.dice, 'hammer')
    const times = eff === 'thunderWheel1' ? (h >= 2 ? 1 : 0) : Math.floor(h / 2)
    return dp.mj === -1 ? Math.ceil(times / 2) : dp.mj === -2 ? 0 : Math.floor(times / 2)
  }
  return 0
}
export function defenceResult(s: DTState, c: Ctx) {
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
    case 'ops': {
      const got = readDefenceDice(hero, lv.ops!, dice)
      atk.preventedDamage += got.prevented
      atk.counter += got.counter
      for (const op of lv.ops!) if (op.op === 'onSymbol' && countSym(hero, dice, op.sym) > 0) runOps(s, atk.to, atk.by, op.ops, c, null)
      break
    }
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
