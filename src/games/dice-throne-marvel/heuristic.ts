// A one-ply evaluation of a Dice Throne position for one seat, in [0, 1], for the greedy bot.
import { HEROES, type Variant } from './data.ts'
import { finalDamage, readDefenceDice } from './defence.ts'
import { meets, variantsOf } from './dice.ts'
import type { Attack, DTState, Player } from './state.ts'

/*
 * Everything is counted in health points, the currency that decides the game (DT-GAP-1: the last pool standing
 * wins), and only from what `seat` sees in its view: health, CP, hand sizes (never their contents), levels,
 * upgrades, status tokens, the dice on the table and the attack being resolved.
 *
 * - Health: 1 per point of the side's pool (a team shares one in 2v2: DT-15.1).
 * - CP: 1 each. A card costing n CP buys roughly n health worth of effect.
 * - Cards in hand: 2 each, up to the hand limit of 6 (beyond it a card is only worth the 1 CP it sells for).
 *   Worth more than a CP so that selling (card for 1 CP) is a loss, and less than what most cards give when
 *   played (Triple Up!: 2 CP and a card for 3 cards), so that the bot plays them.
 * - Levels: 4 per ability or defence level above I (an upgrade adds 1-3 damage to every use of the ability
 *   for the rest of the game, and costs 0-4 CP plus a card); 2 for a passive upgrade (a stack limit).
 * - Status tokens: what one token is worth to its holder (negative for Webbed and Reality Warp).
 * - Threat: damage about to be dealt counts for the attacker at 80% (it may still be prevented or defended):
 *   the attack being resolved (with the defence dice read once they are rolled), the ability selected, or, in
 *   the attacker's Offensive Roll, the best ability its dice meet now. So the bot activates its best ability
 *   rather than none, and rerolls only when the average reroll meets something better than what it has.
 * - Eliminated opponents (free-for-all): each counts toward the score on its own, so finishing one pays.
 *
 * The score is a logistic of (own side − mean of the living opposing sides) / 25 health, so a 25-point lead
 * reads as about 0.73; 1 when `seat` has won, 0 when it has lost or is out, 0.5 for a draw.
 */
const CP = 1
const CARD = 2
const HAND_LIMIT = 6
const LEVEL = 4
const PASSIVE = 2
const THREAT = 0.8
const SCALE = 25
const ELIMINATED = 1.5
const TOKEN: Record<string, number> = {
  'probability-manipulation': 1.5,
  'reality-warp': -2,
  conjure: 2,
  crackle: 2.5,
  electrokinesis: 1.5,
  'guard-break': 1.5,
  'bag-of-tricks': 2.5,
  illusion: 3,
  webbed: -2.5,
  combo: 3,
  invisibility: 2,
}
/**
 * Expected damage of the abilities whose damage is rolled when they resolve (Chain Lightning, Spider-Reflexes,
 * Lightning Rod).
 */
const CUSTOM_DAMAGE: Record<string, number> = { best2of3: 9, best2of4: 10, reflexes: 7, rod: 8 }
/** An undefendable or Ultimate hit cannot be reduced by a defence roll, so it is worth more than its number. */
const TYPE_FACTOR: Record<string, number> = { normal: 1, undefendable: 1.15, pure: 1.15, collateral: 1, ultimate: 1.25 }

/** What an ability variant is worth to its user before it resolves: its damage, plus a rough value of its effects. */
function variantValue(pl: Player, v: Variant): number {
  let value = 0
  if (v.dmg) {
    const n = v.dmg.custom ? (CUSTOM_DAMAGE[v.dmg.custom] ?? v.dmg.n) : v.dmg.n
    value += (n + (v.dmg.perEk ? (pl.st['electrokinesis'] ?? 0) : 0)) * (TYPE_FACTOR[v.dmg.type] ?? 1)
  }
  for (const op of [...v.pre, ...v.post]) {
    if (op.op === 'gain') value += op.n * Math.max(0, TOKEN[op.s] ?? 1)
    else if (op.op === 'inflict') value += op.n * Math.max(1, -(TOKEN[op.s] ?? -1)) + (op.s === 'webbed' ? 2 : 0)
    else if (op.op === 'heal' || op.op === 'cp' || op.op === 'steal') value += op.n
    else if (op.op === 'draw') value += op.n * CARD
    else if (op.op === 'isolated') value += op.n
  }
  return value
}

/** The best ability the dice on the table meet now, for the player rolling them. */
function rollPotential(pl: Player, dice: number[]): number {
  let best = 0
  for (const a of HEROES[pl.hero]!.abilities)
    for (const v of variantsOf(pl, a.id)) if (meets(pl.hero, dice, v)) best = Math.max(best, variantValue(pl, v))
  return best
}

/**
 * The attack's damage and counter damage once the rolled defence dice are read (the same counts as the engine's defence
 * effects).
 */
function attackOutcome(s: DTState, atk: Attack): { damage: number; counter: number } {
  const a = { ...atk }
  const r = s.roll
  if (a.defence && r && r.kind === 'def') {
    const dp = s.p[a.to]!
    const d = HEROES[dp.hero]!.defences.find(x => x.id === a.defence)
    const lv = d ? d.levels[Math.min(dp.lv[d.id] ?? 1, d.levels.length) - 1]! : null
    if (lv) {
      const got = readDefenceDice(dp.hero, lv.ops, r.dice, a)
      a.preventedDamage += got.prevented
      a.counter += got.counter
      a.halves += got.halves
    }
  }
  if (a.illusion === 'half') a.halves++
  if (a.illusion === 'none') a.allPrevented = true
  return {
    damage: finalDamage(a),
    counter: a.allCounterPrevented ? 0 : Math.max(0, a.counter - (a.counterPrevented ?? 0)),
  }
}

/** Damage about to be dealt, by the side (pool) that deals it. */
function threats(s: DTState): Map<number, number> {
  const out = new Map<number, number>()
  const add = (seat: number, n: number) => out.set(s.pool[seat]!, (out.get(s.pool[seat]!) ?? 0) + n)
  const atk = s.atk
  if (
    atk &&
    !s.p[atk.to]!.out &&
    (s.step === 'modify' || s.step === 'defStart' || s.step === 'defChoose' || s.step === 'def' || s.choice)
  ) {
    const o = attackOutcome(s, atk)
    add(atk.by, o.damage)
    add(atk.to, o.counter)
  } else if (s.sel && (s.step === 'pre' || s.step === 'target')) {
    const pl = s.p[s.active]!
    const v = variantsOf(pl, s.sel.ability)[s.sel.variant]
    if (v) add(s.active, variantValue(pl, v))
  } else if (s.step === 'rolling' && s.roll && s.roll.kind === 'off') {
    add(s.roll.owner, rollPotential(s.p[s.roll.owner]!, s.roll.dice))
  }
  const inc = s.inc
  if (inc && !inc.allPrevented && !s.p[inc.to]!.out) add(inc.by, Math.max(0, inc.amount - inc.preventedDamage))
  return out
}

function material(pl: Player): number {
  let v = pl.cp * CP + Math.min(pl.hand.length, HAND_LIMIT) * CARD + Math.max(0, pl.hand.length - HAND_LIMIT) * CP
  for (const k in pl.lv) v += (pl.lv[k]! - 1) * LEVEL
  v += Object.keys(pl.lim).length * PASSIVE
  for (const k in pl.st) v += pl.st[k]! * (TOKEN[k] ?? 0)
  return v
}

export function evaluate(s: DTState, seat: number): number {
  if (s.done) return s.winners.includes(seat) ? 1 : s.winners.length === 0 ? 0.5 : 0
  if (s.p[seat]!.out) return 0
  const mine = s.pool[seat]!
  const value = new Map<number, number>()
  for (let i = 0; i < s.n; i++) {
    const pool = s.pool[i]!
    if (!value.has(pool)) value.set(pool, Math.max(0, s.hp[pool]!))
    if (!s.p[i]!.out) value.set(pool, value.get(pool)! + material(s.p[i]!))
  }
  for (const [pool, n] of threats(s)) if (value.has(pool)) value.set(pool, value.get(pool)! + THREAT * n)
  let opp = 0
  let living = 0
  let out = 0
  const seen = new Set<number>()
  for (let i = 0; i < s.n; i++) {
    const pool = s.pool[i]!
    if (pool === mine || seen.has(pool)) continue
    seen.add(pool)
    // a pool is out when all of its players are
    if (s.p.every((pl, j) => s.pool[j] !== pool || pl.out)) out++
    else {
      opp += value.get(pool)!
      living++
    }
  }
  const x = (value.get(mine)! - (living ? opp / living : 0)) / SCALE + (ELIMINATED * out) / Math.max(1, seen.size)
  return Math.min(0.999, Math.max(0.001, 1 / (1 + Math.exp(-x))))
}
