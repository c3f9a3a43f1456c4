// An attack from activation to damage: the ability's effects and their Then / incoming pauses, targeting, the Defensive
// Roll, resolution (DT-1.2, DT-5.2, DT-5.3, DT-6.9, DT-10.4, DT-12.2, DT-13.26, DT-13.27, DT-14, DT-GAP-12, DT-REF-5).
import type { DamageType, Effect } from './data.ts'
import type { DTAction, DTState, Step } from './state.ts'
import type { Ctx } from './context.ts'
import { changeHp, draw, levelOf, opponents } from './players.ts'
import { loseStatus } from './statuses.ts'
import { rollDice, variantAt } from './dice.ts'
import { customDamage, odinforceDice, runOps } from './effects.ts'
import { checkDeaths } from './deaths.ts'
import { defenceOf, defenceResult, finalDamage } from './defence.ts'
import { holdAction, openWindow } from './windows.ts'

export function activate(s: DTState, c: Ctx) {
  const sel = s.sel!
  const a = s.active
  const tgt = s.roll && s.roll.kind === 'tgt' ? s.roll : null
  if (!tgt) c.ev.push({ type: 'phase', phase: 'targeting-roll', seat: a })
  if (s.target < 0 || s.p[s.target]!.out) {
    const opps = opponents(s, a)
    if (opps.length === 1) {
      s.roll = s.offRoll ?? s.roll
      s.offRoll = null
      s.target = opps[0]!
      leaderBonus(s, c)
    } else if (s.mode === '2v2') {
      if (!tgt) {
        // the targeting die is on the table: Roll Phase cards may change it before it is read (DT-4.3)
        const d = c.r.die(6)
        c.ev.push({ type: 'targetingRoll', seat: a, die: d })
        s.offRoll = s.roll
        s.roll = { owner: a, dice: [d], left: 0, lock: -1, kind: 'tgt' }
        openWindow(s, 'tgt')
        return
      }
      const d = tgt.dice[0]!
      s.roll = s.offRoll!
      s.offRoll = null
      if (d <= 4) s.target = opps[d <= 2 ? 0 : 1] ?? opps[0]!
      else {
        s.step = 'target'
        return
      }
    } else {
      s.step = 'target'
      return
    }
  }
  void sel
  resolveActivation(s, c)
}
/**
 * Free-for-all follows King of the Hill (research 1.5): the player(s) with the most health are Leaders, and
 * targeting a Leader with an attack (an ability that deals damage) draws 1 card at once.
 */
export function leaderBonus(s: DTState, c: Ctx) {
  if (s.mode !== 'free-for-all' || !s.sel) return
  const v = variantAt(s.p[s.active]!, s.sel.ability, s.sel.variant)
  if (!v || !v.dmg) return
  let most = -Infinity
  for (let i = 0; i < s.n; i++) if (!s.p[i]!.out) most = Math.max(most, s.hp[s.pool[i]!]!)
  if (s.hp[s.pool[s.target]!]! !== most) return
  c.ev.push({ type: 'leaderBonus', seat: s.active, target: s.target })
  draw(s, s.active, 1, c)
}
/** The turn player's selected ability as it activates: the selection, attacker, target, level and variant. */
function selected(s: DTState) {
  const sel = s.sel!
  const pl = s.p[s.active]!
  return {
    sel,
    a: s.active,
    pl,
    t: s.target,
    lvl: levelOf(pl, sel.ability),
    v: variantAt(pl, sel.ability, sel.variant)!,
  }
}
export function resolveActivation(s: DTState, c: Ctx) {
  const { sel, a, t, lvl, v } = selected(s)
  c.ev.push({ type: 'ability', seat: a, ability: sel.ability, name: v.name, level: lvl, target: t })
  // a choice inside the effects (Odinforce II, Mjölnir steps) or incoming isolated damage pauses them (runFx)
  s.fx = { ph: 0, ability: sel.ability, variant: sel.variant, by: a, to: t, i: 0 }
  runFx(s, c)
}
/**
 * Runs the ability's effect list from the cursor `s.fx`, one effect at a time. It pauses on a choice (resumed by
 * `doChoice` through `resumeFx`) and on incoming isolated damage (a prevention window, then it goes on). At the
 * end: `pre` goes on to the damage (`finishActivation`), `post` ("Then" effects) to the end of the roll phases.
 */
export function runFx(s: DTState, c: Ctx) {
  const fx = s.fx!
  const v = variantAt(s.p[fx.by]!, fx.ability, fx.variant)!
  const ops = fx.ph === 0 ? v.pre : v.post
  const dice = fx.ph === 0 && s.roll ? s.roll.dice.slice() : null
  // an Ultimate cannot be answered (DT-10.3): its isolated damage lands at once
  c.iso = v.dmg?.type !== 'ultimate'
  let i = fx.i
  while (i < ops.length && !s.done && !s.p[fx.by]!.out) {
    ONE_OP[0] = ops[i]!
    runOps(s, fx.by, fx.to, ONE_OP, c, dice)
    i++
    if (s.choice || s.inc) {
      c.iso = false
      s.fx = { ph: fx.ph, ability: fx.ability, variant: fx.variant, by: fx.by, to: fx.to, i }
      if (!s.choice) openWindow(s, 'inc')
      return
    }
  }
  c.iso = false
  s.fx = null
  if (s.done) return
  if (fx.ph === 0) finishActivation(s, c)
  else afterPost(s, c)
}
const ONE_OP: Effect[] = []
/** Steps inside the roll phases, where Roll Phase cards can be played (DT-4.3). */
export const ROLL_STEPS: ReadonlySet<Step> = new Set<Step>([
  'rolling',
  'rollEnd',
  'pre',
  'target',
  'modify',
  'defStart',
  'defChoose',
  'def',
  'then',
  'inc',
  'combo',
])
/** After a choice inside an ability's effects: its incoming isolated damage first, then the rest of the effects. */
export function resumeFx(s: DTState, c: Ctx) {
  if (s.done) return
  if (s.inc) openWindow(s, 'inc')
  else if (s.fx) runFx(s, c)
  else finishActivation(s, c)
}
/**
 * Odinforce II's 5 fresh dice are read, rerolled first (`rerolled`, a held reroll) or as they fell (DT-5.5); then the
 * ability's effects go on.
 */
export function readOdinforce(s: DTState, seat: number, fresh: number[], rerolled: number[] | null, c: Ctx) {
  const d = fresh.slice()
  if (rerolled) {
    for (let k = 0; k < rerolled.length; k++) d[rerolled[k]!] = c.r.die(6)
    c.ev.push({ type: 'roll', seat, dice: d.slice(), for: 'odinforce', rerolled: rerolled.slice() })
  }
  c.iso = fxIso(s)
  odinforceDice(s, seat, s.target, d, c)
  c.iso = false
  checkDeaths(s, c)
  resumeFx(s, c)
}
/** Whether the choice in progress belongs to an ability's (non-Ultimate) effects, whose isolated damage can wait. */
export function fxIso(s: DTState): boolean {
  const fx = s.fx
  if (!fx) return false
  return variantAt(s.p[fx.by]!, fx.ability, fx.variant)?.dmg?.type !== 'ultimate'
}
/** The rest of an activation once its first effects are resolved: damage builds the Attack. */
function finishActivation(s: DTState, c: Ctx) {
  const { sel, a, pl, t, lvl, v } = selected(s)
  const dice = s.roll!.dice.slice()
  checkDeaths(s, c)
  if (s.done) return
  const coll = c.coll
  if (coll) {
    c.coll = null
    if (!s.p[coll.to]!.out) {
      s.atk = {
        by: a,
        to: coll.to,
        ability: sel.ability,
        variant: sel.variant,
        level: lvl,
        name: v.name,
        damageType: 'collateral',
        base: coll.n,
        ultimate: false,
        addedDamage: 0,
        preventedDamage: 0,
        halves: 0,
        allPrevented: false,
        counter: 0,
        defence: null,
        guardBreak: false,
        invisibility: false,
        spiderSense: false,
        swingEscape: false,
        invisiblePunch: false,
        indomitableWill: false,
        illusion: null,
        counterPrevented: 0,
        allCounterPrevented: false,
      }
      c.ev.push({ type: 'collateral', by: a, to: coll.to, damage: coll.n })
      s.roll = null
      s.step = 'modify'
      return
    }
  }
  if (!v.dmg || s.p[t]!.out) {
    runOps(s, a, t, v.post, c, dice)
    checkDeaths(s, c)
    // no attack: the `combo` step offers nothing and the roll phases end (`flow.ts`)
    if (!s.done) s.step = 'combo'
    return
  }
  let base = v.dmg.custom ? customDamage(s, a, t, v.dmg.custom, c) : v.dmg.n
  if (v.dmg.perEk) base += pl.st['electrokinesis'] ?? 0
  let dt: DamageType = v.dmg.type
  if (dt === 'normal' && (s.p[t]!.st['webbed'] ?? 0) > 0) {
    dt = 'undefendable' // DT-13.26
    loseStatus(s, t, 'webbed', 1, c)
  }
  s.atk = {
    by: a,
    to: t,
    ability: sel.ability,
    variant: sel.variant,
    level: lvl,
    name: v.name,
    damageType: dt,
    base,
    ultimate: dt === 'ultimate',
    addedDamage: 0,
    preventedDamage: 0,
    halves: 0,
    allPrevented: false,
    counter: 0,
    defence: null,
    guardBreak: false,
    invisibility: false,
    spiderSense: false,
    swingEscape: false,
    invisiblePunch: false,
    indomitableWill: false,
    illusion: null,
    counterPrevented: 0,
    allCounterPrevented: false,
  }
  c.ev.push({ type: 'attack', by: a, to: t, damage: base, damageType: dt })
  s.roll = null
  s.step = 'modify'
}

/** After the attacker's modifiers: the Defensive Roll Phase (only for damage that can be defended). */
export function toDefence(s: DTState, c: Ctx) {
  const atk = s.atk!
  c.ev.push({ type: 'phase', phase: 'defensive-roll', seat: atk.to })
  // the phase step is a window: the defence is chosen after it, so what is gained there (Yikes!'s Invisibility
  // against an attack Guard Break made undefendable) counts for the choice (DT-13.29)
  openWindow(s, 'defStart')
}
/**
 * The defender chose its defence (DT-14.4): the defence is an ability, not an Instant, so its roll waits for the
 * others' answers (DT-11.3) and lands when that window closes (`rollDefence`).
 */
export function chooseDefence(s: DTState, a: Extract<DTAction, { type: 'defend' }>) {
  const atk = s.atk!
  atk.defence = a.defence
  holdAction(s, atk.to, a)
}
/** The chosen defence's one roll (DT-14.1-DT-14.3), then the defence window. */
export function rollDefence(s: DTState, c: Ctx) {
  const atk = s.atk!
  const dp = s.p[atk.to]!
  const defence = atk.defence!
  const d = defenceOf(dp.hero, defence)
  const lv = d.levels[Math.min(levelOf(dp, defence), d.levels.length) - 1]!
  const dice = rollDice(c, lv.dice)
  s.roll = { owner: atk.to, dice, left: 0, lock: -1, kind: 'def' }
  c.ev.push({ type: 'defend', seat: atk.to, defence, dice: dice.slice() })
  openWindow(s, 'def')
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
    // "Then" pauses the game: statuses, Instants and Roll Phase cards may be played before what follows (DT-5.2,
    // DT-5.3)
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
/** After the attack and its "Then" effects: the `combo` step (Combo, or the end of the roll phases: `flow.ts`). */
export function afterPost(s: DTState, c: Ctx) {
  checkDeaths(s, c)
  if (s.done) return
  s.roll = null
  s.step = 'combo'
}
/**
 * Whether the attack just ended offers Combo to its attacker: Combo needs an attack (DT-13.27); collateral damage
 * is not one (DT-6.11). Otherwise the `combo` step is a forced step to the end of the roll phases (`flow.ts`).
 */
export function comboOffered(s: DTState): boolean {
  const atk = s.atk
  if (!atk) return false
  const pl = s.p[atk.by]!
  return !pl.out && !s.p[atk.to]!.out && atk.damageType !== 'collateral' && (pl.st['combo'] ?? 0) > 0 && !pl.comboUsed
}
