// Continuous effects with a duration (CP-12): one list in the state, read by kind and ended in one loop
// (endContinuous).
import type { Continuous, ContinuousKind, State, Unit } from './state.ts'
import { withAdded } from './core.ts'

/** Effects an effect may start on a Unit (the vocabulary word `unitEffect`). */
export type UnitEffect =
  | 'cantAttack'
  | 'cantReady'
  | 'stealFewer'
  | 'fightBonus'
  | 'mustAttack'
  | 'noFightDefeat'
  | 'mayAttackUnits'
  | 'mayAttackReadyUnits'
/** Effects an effect may start for its player (the vocabulary word `playerEffect`). */
export type PlayerEffect =
  | 'fightDefeatShield'
  | 'defeatOpponentOnNextLoss'
  | 'stealOnBigWin'
  | 'goSoloDiscount'
  | 'programDiscount'
  | 'stealOnlyUpToPower'
  | 'legendsStealOnlyFromPower'

/**
 * How long each kind lasts: "this turn", "until your next turn", or (must attack) until the end of its controller's
 * next turn.
 */
const UNTIL: Record<ContinuousKind, Continuous['until']> = {
  fightDefeatShield: 'endOfTurn',
  defeatOpponentOnNextLoss: 'endOfTurn',
  stealOnBigWin: 'endOfTurn',
  goSoloDiscount: 'endOfTurn',
  programDiscount: 'endOfTurn',
  stealOnlyUpToPower: 'startOfSeatTurn',
  legendsStealOnlyFromPower: 'startOfSeatTurn',
  noFightDefeat: 'endOfTurn',
  cantAttack: 'startOfSeatTurn',
  cantReady: 'startOfSeatTurn',
  stealFewer: 'endOfTurn',
  fightBonus: 'endOfTurn',
  mustAttack: 'endOfSeatTurn',
  mayAttackUnits: 'endOfTurn',
  mayAttackReadyUnits: 'endOfTurn',
  cyberpsychosis: 'endOfTurn',
  cyberpsychosisHit: 'endOfTurn',
}

/** Kinds whose copies add up (amounts, charges); the others are on or off. */
const STACKS: ReadonlySet<ContinuousKind> = new Set([
  'fightDefeatShield',
  'defeatOpponentOnNextLoss',
  'stealOnBigWin',
  'goSoloDiscount',
  'programDiscount',
  'stealFewer',
  'fightBonus',
])

/**
 * Starts effect `kind` on Unit `un`, controlled by seat `seat`, by an effect of player `by`. "Until your next turn"
 * ends at the start of `by`'s turn; "must attack" at the end of the Unit's controller's turn.
 */
export function startUnitEffect(
  s: State,
  kind: ContinuousKind,
  by: number,
  seat: number,
  un: Unit,
  amount?: number,
): void {
  const until = UNTIL[kind]
  const e: Continuous = { kind, seat: until === 'endOfSeatTurn' ? seat : by, unit: un.uid, until }
  if (amount !== undefined) e.amount = amount
  if (STACKS.has(kind)) addContinuous(s, e)
  else addContinuousOnce(s, e)
}

/** Starts effect `kind` for player `seat`. */
export function startPlayerEffect(s: State, kind: ContinuousKind, seat: number): void {
  const e: Continuous = { kind, seat, until: UNTIL[kind] }
  if (STACKS.has(kind)) addContinuous(s, e)
  else addContinuousOnce(s, e)
}

/**
 * Adds a continuous effect. The list is shared between copies of a state (clone.ts): it is replaced, never written
 * into.
 */
export function addContinuous(s: State, e: Continuous): void {
  s.continuous = withAdded(s.continuous, e)
}

/** Adds `e` unless the same effect (kind, seat, Unit) is already on: for effects that do not stack ("can't attack"). */
export function addContinuousOnce(s: State, e: Continuous): void {
  if (!s.continuous.some(x => x.kind === e.kind && x.seat === e.seat && x.unit === e.unit)) addContinuous(s, e)
}

/** Whether Unit `unit` is under an effect of `kind`. */
export function unitHas(s: State, kind: ContinuousKind, unit: number): boolean {
  const list = s.continuous
  for (let i = 0; i < list.length; i++) if (list[i]!.kind === kind && list[i]!.unit === unit) return true
  return false
}

/** The total amount of the effects of `kind` on Unit `unit` (power while fighting, Gigs stolen fewer). */
export function unitAmount(s: State, kind: ContinuousKind, unit: number): number {
  let n = 0
  for (const e of s.continuous) if (e.kind === kind && e.unit === unit) n += e.amount ?? 1
  return n
}

/** How many effects of `kind` player `seat` has (charges: "the next time …", discounts). */
export function charges(s: State, kind: ContinuousKind, seat: number): number {
  let n = 0
  for (const e of s.continuous) if (e.kind === kind && e.seat === seat && e.unit === undefined) n++
  return n
}

/** Uses up one charge of `kind` of player `seat` (all of them with `all`); returns how many were used. */
export function useCharges(s: State, kind: ContinuousKind, seat: number, all = false): number {
  let used = 0
  const keep: Continuous[] = []
  for (const e of s.continuous) {
    if (e.kind === kind && e.seat === seat && e.unit === undefined && (all || used === 0)) used++
    else keep.push(e)
  }
  if (used) s.continuous = keep
  return used
}

/** Ends the effects of `kind` on Unit `unit` (an attack fulfils "must attack", uses "may attack ready Units"). */
export function endOnUnit(s: State, kind: ContinuousKind, unit: number): void {
  if (unitHas(s, kind, unit)) s.continuous = s.continuous.filter(e => !(e.kind === kind && e.unit === unit))
}

/** CP-10.28: a Unit that leaves the field is a new object if it returns; the effects on it end. */
export function forgetUnit(s: State, unit: number): void {
  if (s.continuous.some(e => e.unit === unit)) s.continuous = s.continuous.filter(e => e.unit !== unit)
}

/**
 * The one loop that ends effects: at the start of `seat`'s turn (CP-8.13, "until your next turn") or at the end of
 * `seat`'s turn (CP-8.40, "this turn"; and effects that last until the end of that seat's turn).
 */
export function endContinuous(s: State, moment: 'turnStart' | 'turnEnd', seat: number): void {
  const list = s.continuous
  if (!list.length) return
  const ends = (e: Continuous) =>
    moment === 'turnStart'
      ? e.until === 'startOfSeatTurn' && e.seat === seat
      : e.until === 'endOfTurn' || (e.until === 'endOfSeatTurn' && e.seat === seat)
  if (list.some(ends)) s.continuous = list.filter(e => !ends(e))
}
