// The effect interpreter of abilities and cards, hero custom effects and Mjölnir (DT-2.5-DT-2.7, DT-5.5-DT-5.7,
// DT-6.9-DT-6.11, DT-9.4, DT-9.5, DT-13.12-DT-13.14, DT-REF-2, DT-REF-3).
import { StepBudget, STEP_LIMIT } from '../../kernel/index.ts'
import type { Effect } from './data.ts'
import type { DTAction, DTState } from './state.ts'
import type { Ctx } from './context.ts'
import { changeHp, draw, gainCp } from './players.ts'
import { gainStatus, loseStatus, statusKeys } from './statuses.ts'
import { countSym, markChanged, maxOfAKind, rollDice, setDie, symOf } from './dice.ts'
import { inflict, isoHit } from './isolated.ts'
import { cardOf, setOf } from './card-set.ts'

// The step budget of the action being applied; null outside one (e.g. a bot's look-ahead, which applies).
let budget: StepBudget | null = null
let stepLimit = STEP_LIMIT

/** Runs `fn` (one action's steps) counting its effect steps: past the limit a RulesLoop names the card. */
export function withStepBudget<T>(fn: () => T): T {
  const outer = budget
  budget = new StepBudget(stepLimit)
  try {
    return fn()
  } finally {
    budget = outer
  }
}

/** For tests: a lower step limit, so that a finite card reaches it. */
export function withStepLimit<T>(limit: number, fn: () => T): T {
  const outer = stepLimit
  stepLimit = limit
  try {
    return fn()
  } finally {
    stepLimit = outer
  }
}

/** Counts one effect step of the card being played (none: an ability's effect); throws RulesLoop past the limit. */
function spendStep(s: DTState, seat: number, chosen: Chosen | null) {
  if (budget === null) return
  const card = chosen === null ? undefined : cardOf(s, seat, chosen.card)
  budget.spend(
    card?.id ?? null,
    card?.name ?? null,
    card !== undefined && budget.nearLimit() ? setOf(s, seat, card.id) : null,
  )
}

// --- Mjölnir (companion, DT-9): throw if home, retrieve if away.
export function mjStep(s: DTState, thor: number, target: number, c: Ctx) {
  const pl = s.p[thor]!
  if (pl.mj === -2) return
  if (pl.mj === -1) {
    if (target < 0 || s.p[target]!.out) return
    pl.mj = target
    pl.throws++
    c.ev.push({ type: 'mjolnir', seat: thor, action: 'throw', to: target })
    isoHit(s, thor, target, 1, 'undefendable', c, 'mjolnir') // isolated undefendable (DT-13.12)
  } else {
    const from = pl.mj
    pl.mj = -1
    c.ev.push({ type: 'mjolnir', seat: thor, action: 'retrieve', from })
    gainStatus(s, thor, 'electrokinesis', 1, c)
  }
}

/** What a card's player named when playing it (the play action: its die, value, dice, token and players). */
export type Chosen = Extract<DTAction, { type: 'play' }>

export function runOps(
  s: DTState,
  seat: number,
  target: number,
  ops: Effect[],
  c: Ctx,
  dice: number[] | null,
  chosen: Chosen | null = null,
) {
  for (const op of ops) {
    if (s.done || s.choice) return
    spendStep(s, seat, chosen)
    switch (op.op) {
      case 'gain':
        gainStatus(s, seat, op.s, op.n, c)
        break
      case 'inflict':
        if (target >= 0) inflict(s, seat, target, op.s, op.n, c)
        break
      case 'heal':
        changeHp(s, seat, op.n, c, 'heal')
        break
      case 'draw':
        draw(s, seat, op.n, c)
        break
      case 'cp':
        gainCp(s, seat, op.n, c)
        break
      case 'steal': {
        if (target < 0) break
        const got = Math.min(op.n, s.p[target]!.cp)
        gainCp(s, target, -got, c)
        gainCp(s, seat, got, c)
        break
      }
      case 'mj':
        for (let k = 0; k < op.n; k++) mjStep(s, seat, target, c)
        break
      case 'mjUpTo':
        // the owner decides how many steps; the activation resumes after the choice (finishActivation)
        if (s.p[seat]!.mj !== -2 && op.n > 0) s.choice = { kind: 'mjSteps', seat, max: op.n }
        break
      case 'throw':
        if (s.p[seat]!.mj === -1) mjStep(s, seat, target, c)
        break
      case 'isolated':
        if (target >= 0 && !s.p[target]!.out) isoHit(s, seat, target, op.n, op.dt, c, `isolated-${op.dt}`)
        break
      case 'onKind':
        if (dice && maxOfAKind(dice) >= op.n) runOps(s, seat, target, op.ops, c, dice, chosen)
        break
      case 'custom':
        customOp(s, seat, target, op.id, c)
        break
      case 'retrieve':
        if (s.p[seat]!.mj >= 0) mjStep(s, seat, -1, c)
        break
      case 'pay':
        // the tokens may have been spent while the card waited (DT-4.6): then nothing after it happens
        if ((s.p[seat]!.st[op.s] ?? 0) < op.n) return
        loseStatus(s, seat, op.s, op.n, c)
        break
      case 'addDamage':
        if (s.atk) s.atk.addedDamage += op.n
        break
      case 'prevent': {
        const atk = s.atk
        if (s.step === 'inc') s.inc!.preventedDamage += op.n
        else if (atk && target >= 0 && target === atk.by) atk.counterPrevented = (atk.counterPrevented ?? 0) + op.n
        else if (atk) atk.preventedDamage += op.n
        break
      }
      case 'preventAll': {
        const atk = s.atk
        if (s.step === 'inc') s.inc!.allPrevented = true
        else if (atk && target >= 0 && target === atk.by) atk.allCounterPrevented = true
        else if (atk) atk.allPrevented = true
        break
      }
      case 'mark':
        if (s.atk) s.atk[op.mark] = true
        break
      case 'extraAttempt': {
        const r = s.roll
        if (!r) break
        r.left++
        if (r.kind === 'off') markChanged(c)
        break
      }
      case 'setDie':
        setDie(s, chosen!.die!, op.to ?? chosen!.value!, c, chosen!.card)
        break
      case 'reroll': {
        const r = s.roll!
        const rerolled = chosen!.dice ?? [chosen!.die!]
        for (const i of rerolled) r.dice[i] = c.r.die(6)
        c.ev.push({ type: 'roll', seat: r.owner, dice: r.dice.slice(), rerolled })
        if (r.kind === 'off') markChanged(c)
        break
      }
      case 'oneMoreDie':
        // the second die is chosen after seeing the first change
        if (op.act === 'set') s.choice = { kind: 'setDie', seat, used: chosen!.die! }
        else if (chosen!.dice!.length === 1) s.choice = { kind: 'reroll1', seat }
        break
      case 'moveStatus':
        // the token may have been spent while the card waited (DT-4.6): only a token still there moves
        if (loseStatus(s, chosen!.from!, chosen!.status!, 1, c) > 0)
          gainStatus(s, chosen!.target!, chosen!.status!, 1, c)
        break
      case 'removeStatus':
        if (op.all) for (const k of statusKeys(s.p[target]!.st)) loseStatus(s, target, k, 99, c)
        else loseStatus(s, target, chosen!.status!, 1, c)
        break
      case 'rollOne': {
        const d = c.r.die(6)
        c.ev.push({ type: 'roll', seat, dice: [d], for: op.for })
        const then = op.byValue ? op.byValue[d - 1] : op.bySymbol![symOf(s.p[seat]!.hero, d)]
        if (then) runOps(s, seat, target, then, c, dice, chosen)
        break
      }
    }
  }
}
function customOp(s: DTState, seat: number, target: number, id: string, c: Ctx) {
  const pl = s.p[seat]!
  switch (id) {
    case 'summon3':
    case 'summon4': {
      if (pl.mj === -1) gainStatus(s, seat, 'electrokinesis', 3, c)
      else {
        // retrieve, and collateral damage to the holder (its special targeting: DT-6.10). It is incoming
        // damage, not an attack (DT-6.11): no defence, no modifiers, but it can be prevented (DT-6.9).
        const holder = pl.mj
        mjStep(s, seat, target, c)
        if (!s.p[holder]!.out) c.coll = { to: holder, n: id === 'summon3' ? 3 : 4 }
      }
      return
    }
    case 'odinforce':
    case 'odinforce2': {
      const d = rollDice(c, 5) // "Roll [#]": fresh dice (DT-5.5, DT-5.6)
      c.ev.push({ type: 'roll', seat, dice: d.slice(), for: 'odinforce' })
      // Odinforce II: the owner may first reroll any of these dice once (research 2.1)
      if (id === 'odinforce2') s.choice = { kind: 'odinReroll', seat, dice: d }
      else odinforceDice(s, seat, target, d, c)
      return
    }
    case 'rod':
      if (!(target >= 0 && pl.mj === target)) gainStatus(s, seat, 'electrokinesis', 1, c)
      return
  }
}
/** Odinforce: 2+ hammers one throw/retrieve, 2+ worthy +1 CP, +1 EK per thunder. */
export function odinforceDice(s: DTState, seat: number, target: number, d: number[], c: Ctx) {
  const hero = s.p[seat]!.hero
  if (countSym(hero, d, 'hammer') >= 2) mjStep(s, seat, target, c)
  if (countSym(hero, d, 'worthy') >= 2) gainCp(s, seat, 1, c)
  const t = countSym(hero, d, 'thunder')
  if (t) gainStatus(s, seat, 'electrokinesis', t, c)
}
export function customDamage(s: DTState, seat: number, target: number, id: string, c: Ctx): number {
  const pl = s.p[seat]!
  switch (id) {
    case 'best2of3':
    case 'best2of4': {
      const d = rollDice(c, id === 'best2of3' ? 3 : 4)
      c.ev.push({ type: 'roll', seat, dice: d.slice(), for: 'chain-lightning' })
      d.sort((a, b) => b - a) // the event keeps the dice as rolled
      return d[0]! + d[1]!
    }
    case 'reflexes': {
      const d = rollDice(c, 2)
      c.ev.push({ type: 'roll', seat, dice: d.slice(), for: 'spider-reflexes' })
      const t = d[0]! + d[1]!
      if (t <= 5) gainStatus(s, seat, 'combo', 1, c)
      return t
    }
    case 'rod':
      return target >= 0 && pl.mj === target ? 9 : 7
  }
  return 0
}
