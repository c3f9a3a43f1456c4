// The Defensive Roll's result, counter damage and final damage (DT-7.3, DT-12, DT-13.12, DT-13.22, DT-14.1-DT-14.3).
import type { AttackMark, Defence, DefenceOp, HeroId } from './data.ts'
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
 * What the dice of a defence give (`defenceResult`), read once for its resolution, the counter damage ahead and the
 * bots' estimate.
 */
export interface DefenceReading {
  prevented: number
  counter: number
  halves: number
  /** Mjölnir steps (throw if home, retrieve if away). */
  mjolnirSteps: number
}
export function readDefenceDice(
  hero: HeroId,
  ops: readonly DefenceOp[],
  dice: number[],
  atk: Pick<Attack, AttackMark>,
): DefenceReading {
  const got: DefenceReading = { prevented: 0, counter: 0, halves: 0, mjolnirSteps: 0 }
  for (const op of ops) {
    if (op.op === 'preventPer') for (const sym of op.syms) got.prevented += op.n * countSym(hero, dice, sym)
    else if (op.op === 'counterPer') got.counter += op.n * countSym(hero, dice, op.sym)
    else if (op.op === 'mjolnirPer')
      got.mjolnirSteps += Math.min(op.max ?? 5, Math.floor(countSym(hero, dice, op.sym) / op.n))
    else if (
      op.op === 'halveOn' &&
      countSym(hero, dice, op.sym) +
        (op.markedAlso && atk[op.markedAlso.mark] ? countSym(hero, dice, op.markedAlso.sym) : 0) >
        0
    )
      got.halves++
  }
  return got
}
/** How many of `steps` alternating Mjölnir steps are throws (at the attacker), from where Mjölnir is. */
function throwsOf(steps: number, mjolnir: number): number {
  return mjolnir === -1 ? Math.ceil(steps / 2) : mjolnir === -2 ? 0 : Math.floor(steps / 2)
}
/** The level of the attack's defence its defender rolls. */
function defenceLevel(s: DTState, atk: Attack) {
  const dp = s.p[atk.to]!
  const d = defenceOf(dp.hero, atk.defence!)
  return d.levels[Math.min(levelOf(dp, atk.defence!), d.levels.length) - 1]!
}
/**
 * Counter damage the rolled defence dice will deal to the attacker (Counterpunch, Mischief, Mjölnir's throws, Invisible
 * Punch), or 0.
 */
export function counterAhead(s: DTState): number {
  const atk = s.atk
  const r = s.roll
  if (!atk || !atk.defence || !r || r.kind !== 'def') return 0
  const dp = s.p[atk.to]!
  const got = readDefenceDice(dp.hero, defenceLevel(s, atk).ops, r.dice, atk)
  // Mjölnir's throws at the attacker are undefendable but preventable (DT-6.7); Invisible Punch! when the defence
  // prevents
  return got.counter + throwsOf(got.mjolnirSteps, dp.mj) + (atk.invisiblePunch && got.halves > 0 ? 3 : 0)
}
export function defenceResult(s: DTState, c: Ctx) {
  const atk = s.atk!
  if (!atk.defence || !s.roll) return
  const hero = s.p[atk.to]!.hero
  const dice = s.roll.dice
  const ops = defenceLevel(s, atk).ops
  const got = readDefenceDice(hero, ops, dice, atk)
  for (let k = 0; k < got.mjolnirSteps; k++) {
    c.ctr = atk
    mjStep(s, atk.to, atk.by, c)
    c.ctr = null
  }
  atk.preventedDamage += got.prevented
  atk.counter += got.counter
  if (got.halves > 0) {
    atk.halves += got.halves
    atk.spiderSense = true
  }
  for (const op of ops) {
    if (op.op === 'onSymbol' && countSym(hero, dice, op.sym) > 0) runOps(s, atk.to, atk.by, op.ops, c, null)
    else if (op.op === 'gainPer') {
      const n = countSym(hero, dice, op.sym)
      if (n) gainStatus(s, atk.to, op.s, op.n * n, c)
    }
  }
}
/** DT-12: add and subtract first; then every divider from the same subtotal; divisions round up. */
export function finalDamage(
  a: Pick<Attack, 'base' | 'addedDamage' | 'preventedDamage' | 'halves' | 'allPrevented' | 'ultimate' | 'damageType'>,
): number {
  const modifiable = a.damageType === 'normal' || a.damageType === 'undefendable' || a.damageType === 'ultimate'
  let sub = a.base + (modifiable ? a.addedDamage : 0)
  if (a.ultimate) return Math.max(0, sub) // DT-6.12, DT-10.4: cannot be prevented
  sub = Math.max(0, sub - a.preventedDamage)
  if (a.allPrevented) return 0
  let prevented = 0
  for (let k = 0; k < a.halves; k++) prevented += Math.ceil(sub / 2)
  return Math.max(0, sub - prevented)
}
