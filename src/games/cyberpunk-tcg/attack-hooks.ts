// Attack hooks (CP-9.34–9.45): what effects in play add to a fight or a steal. attack.ts runs them in order and names
// no card.
import type { State, Unit } from './state.ts'
import { type Ctx, cardMatches, def, pushPending, staticsOf } from './core.ts'
import { charges, startUnitEffect, unitAmount, unitHas, useCharges } from './continuous.ts'

/** One side of a fight, once powers are compared. */
export interface Fighter {
  seat: number
  unit: Unit
  /** its power in this fight */
  power: number
  loses: boolean
}

export interface AttackHook {
  /** power `un` adds while fighting Unit `opponent` (CP-GAP-8: "while fighting" modifiers add to the power sum) */
  fightPower?(s: State, un: Unit, opponent: number): number
  /** `un` wins every fight against `opponent`, whatever the powers (CR 9.17.4) */
  winsFight?(s: State, un: Unit, opponent: number): boolean
  /** `un`, which this fight would defeat, is not defeated (the hook may use up a charge of `seat`'s) */
  keepsFromFightDefeat?(s: State, seat: number, un: Unit): boolean
  /** after the fight's result is known, before its defeats (CR 9.18: effects that go pending with the fight) */
  afterFight?(c: Ctx, attacker: Fighter, defender: Fighter): void
  /** Gigs `un` steals fewer in the Steal Step */
  stealsFewer?(s: State, un: Unit): number
  /** a Unit of `thiefSeat` with power `power` may not steal a Gig of value `value` from `defender` */
  forbidsSteal?(s: State, defender: number, thief: Unit, power: number, value: number): boolean
  /** `un` stole one or more Gigs (in an attack or by an effect) */
  afterSteal?(s: State, seat: number, un: Unit): void
}

/** Cyberpsychosis: stealing or fighting after it resolved is what defeats the Unit at the end of the turn. */
function cyberpsychosisHit(s: State, seat: number, un: Unit): void {
  if (unitHas(s, 'cyberpsychosis', un.uid) && !unitHas(s, 'cyberpsychosisHit', un.uid))
    startUnitEffect(s, 'cyberpsychosisHit', seat, seat, un)
}

/** The hooks, in the order they run (the order pending effects are made in). */
const ATTACK_HOOKS: AttackHook[] = [
  // +N power while fighting (Synapse Burnout and other `fightBonus` effects)
  { fightPower: (s, un) => unitAmount(s, 'fightBonus', un.uid) },
  // static: +n power while fighting a card of a kind (its own ability)
  {
    fightPower(s, un, opponent) {
      let n = 0
      for (const a of staticsOf(s, un.uid, 'fightBonusVs')) if (cardMatches(def(s, opponent), a.vs)) n += a.n
      return n
    },
  },
  // static: wins every fight against a card of a kind (its own ability or its Gear's)
  {
    winsFight: (s, un, opponent) =>
      [un.uid, ...un.gear].some(u => staticsOf(s, u, 'winsFightVs').some(a => cardMatches(def(s, opponent), a.vs))),
  },
  // a `fightDefeatShield` charge is used by the player's next fight, whatever its result
  { keepsFromFightDefeat: (s, seat) => useCharges(s, 'fightDefeatShield', seat) > 0 },
  // "can't be defeated in a fight this turn"
  { keepsFromFightDefeat: (s, _seat, un) => unitHas(s, 'noFightDefeat', un.uid) },
  // "the next time a friendly Unit loses a fight this turn, defeat the opposing Unit" is a delayed effect that goes
  // pending with the fight triggers (CR 9.18) and defeats by effect, not in the fight, so "can't be defeated in a
  // fight" does not stop it; every copy played waits for the same next loss
  {
    afterFight(c, attacker, defender) {
      for (const [me, other] of [
        [attacker, defender],
        [defender, attacker],
      ] as const) {
        if (!me.loses) continue
        const n = useCharges(c.s, 'defeatOpponentOnNextLoss', me.seat, true)
        for (let i = 0; i < n; i++) pushPending(c.s, me.seat, 'safety-override', 1, me.unit.uid, other.unit.uid)
      }
    },
  },
  {
    afterFight(c, attacker, defender) {
      cyberpsychosisHit(c.s, attacker.seat, attacker.unit)
      cyberpsychosisHit(c.s, defender.seat, defender.unit)
    },
  },
  // the next friendly win by 3 or more this turn also steals a Gig
  {
    afterFight(c, attacker, defender) {
      for (const [me, other] of [
        [attacker, defender],
        [defender, attacker],
      ] as const) {
        if (charges(c.s, 'stealOnBigWin', me.seat) > 0 && me.power - other.power >= 3 && !me.loses) {
          useCharges(c.s, 'stealOnBigWin', me.seat)
          pushPending(c.s, me.seat, 'appetite-for-destruction', 1, me.unit.uid)
        }
      }
    },
  },
  { stealsFewer: (s, un) => unitAmount(s, 'stealFewer', un.uid) },
  // rival Units can't steal Gigs of a value above their power
  {
    forbidsSteal: (s, defender, _thief, power, value) =>
      value > power && charges(s, 'stealOnlyUpToPower', defender) > 0,
  },
  // rival Legends can't steal Gigs of a value below their power
  {
    forbidsSteal: (s, defender, thief, power, value) =>
      value < power && def(s, thief.uid).type === 'Legend' && charges(s, 'legendsStealOnlyFromPower', defender) > 0,
  },
  { afterSteal: cyberpsychosisHit },
]

export function fightPower(s: State, un: Unit, opponent: number): number {
  let n = 0
  for (const h of ATTACK_HOOKS) if (h.fightPower) n += h.fightPower(s, un, opponent)
  return n
}

export function winsEveryFight(s: State, un: Unit, opponent: number): boolean {
  return ATTACK_HOOKS.some(h => h.winsFight?.(s, un, opponent))
}

/** Whether the fight's defeat of `un` is kept from happening; every hook runs (each may use up its charge). */
export function keptFromFightDefeat(s: State, seat: number, un: Unit): boolean {
  let kept = false
  for (const h of ATTACK_HOOKS) if (h.keepsFromFightDefeat?.(s, seat, un)) kept = true
  return kept
}

export function afterFight(c: Ctx, attacker: Fighter, defender: Fighter): void {
  for (const h of ATTACK_HOOKS) h.afterFight?.(c, attacker, defender)
}

export function stealsFewer(s: State, un: Unit): number {
  let n = 0
  for (const h of ATTACK_HOOKS) if (h.stealsFewer) n += h.stealsFewer(s, un)
  return n
}

/**
 * Whether `thief` (power `power`) may steal a Gig of value `value` from `defender` (CP-9.41 with the effects in play).
 */
export function mayStealGig(s: State, defender: number, thief: Unit, power: number, value: number): boolean {
  return !ATTACK_HOOKS.some(h => h.forbidsSteal?.(s, defender, thief, power, value))
}

export function afterSteal(s: State, seat: number, un: Unit): void {
  for (const h of ATTACK_HOOKS) h.afterSteal?.(s, seat, un)
}
