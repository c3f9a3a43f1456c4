// The state and action types of Marvel Dice Throne: players, rolls, attacks, windows, choices (DT-1.2 steps, DT-2.8
// CP_MAX, DT-3.2 HAND_LIMIT, DT-6.1 incoming damage, DT-9 Mjölnir, DT-15 team pools).
import type { Card, DamageType, HeroId } from './data.ts'

export type Mode = '1v1' | '2v2' | 'free-for-all'
export type Step =
  | 'upkeep'
  | 'income'
  | 'main1'
  | 'rolling'
  | 'rollEnd'
  | 'pre'
  | 'target'
  | 'modify'
  | 'defStart'
  | 'defChoose'
  | 'def'
  | 'then'
  | 'inc'
  | 'combo'
  | 'main2'
  | 'discard'
  | 'over'
  | 'main1End'
  | 'main2End'
  | 'discardEnd'

export interface Player {
  hero: HeroId
  cp: number
  hand: string[]
  deck: string[]
  discard: string[]
  /** Status tokens on this player. */
  st: Record<string, number>
  /** Stack limits raised for this player (DT-8.7). */
  lim: Record<string, number>
  /** Ability / defence levels (absent = level 1). */
  lv: Record<string, number>
  /** Upgrade cards in play (cannot be sold: DT-4.11). */
  ups: string[]
  out: boolean
  /** Mjölnir (Thor only): -1 home, -2 no companion, otherwise the seat holding it. */
  mj: number
  throws: number
  comboUsed: boolean
  ekUsed: boolean
  /** The seat chose to auto-pass: it is not asked in a window where it has no real answer (timing may reveal it). */
  auto?: boolean
}
export interface Roll {
  owner: number
  dice: number[]
  left: number
  /** Index of a die that may not be rerolled (Reality Warp), or -1. */
  lock: number
  /** tgt: the 2v2 targeting die, which Roll Phase cards may change before it is read. */
  kind: 'off' | 'def' | 'tgt'
}
export interface Attack {
  by: number
  to: number
  ability: string
  variant: number
  level: number
  name: string
  damageType: DamageType
  base: number
  ultimate: boolean
  addedDamage: number
  preventedDamage: number
  halves: number
  allPrevented: boolean
  counter: number
  defence: string | null
  guardBreak: boolean
  invisibility: boolean
  spiderSense: boolean
  swingEscape: boolean
  invisiblePunch: boolean
  indomitableWill: boolean
  illusion: string | null
  /** Prevention of the counter damage the attacker takes (Not This Time! / Invulnerability! on the attacker). */
  counterPrevented?: number
  allCounterPrevented?: boolean
}
export interface Window {
  /**
   * card: the others' window before a non-Instant action resolves (DT-11.3); phase: the window of the Upkeep
   * and Income Phases and at the end of a Main or Discard Phase (Instants at any time, DT-4.4); pre: before activation;
   * rollEnd: the attacker activates nothing, before the Offensive Roll Phase ends; defStart: the start of the Defensive
   * Roll Phase, before the defence is chosen; def: the defence window; then: the "Then" pause before an ability's later
   * effects (DT-5.2); inc: incoming isolated damage.
   */
  kind: 'pre' | 'rollEnd' | 'defStart' | 'def' | 'then' | 'inc' | 'phase' | 'card' | 'tgt'
  seats: number[]
  index: number
}
export type Choice =
  | { kind: 'setDie'; seat: number; used: number }
  | { kind: 'arrange'; seat: number }
  | { kind: 'pick'; seat: number }
  | { kind: 'botTarget'; seat: number; heal: number; cp: number; dmg: number[]; left: number }
  /** Odinforce II: its 5 fresh dice may be rerolled (any of them) once before they are read. */
  | { kind: 'odinReroll'; seat: number; dice: number[] }
  /** Mjölnir "up to max times" (For Asgard!, Ricochet!): how many alternating steps to make. */
  | { kind: 'mjSteps'; seat: number; max: number }
  /** Try, Try Again! played on one die: one more die may be rerolled, the same one or another (research 1.6). */
  | { kind: 'reroll1'; seat: number }

/** Where an activated ability's effect list (`pre` = 0, `post` = 1) resumes after a pause. */
export interface EffectCursor {
  ph: 0 | 1
  ability: string
  variant: number
  by: number
  to: number
  i: number
}
/** Isolated damage waiting to be dealt (DT-6.1), which cards can still prevent (DT-6.4, DT-6.7, DT-6.9). */
export interface Incoming {
  by: number
  to: number
  amount: number
  damageType: DamageType
  preventedDamage: number
  allPrevented: boolean
  why: string
  /** A Mjölnir throw made by discarding a card: the step and window to go back to once it has landed. */
  resumeAt?: { step: Step; window: Window | null }
}
/**
 * An action that is not an Instant, paid for and waiting for answers (DT-11.3): a card played, a card sold, a card
 * discarded for Mjölnir, a roll (an Offensive Roll attempt, a defence's roll once it is chosen, an extra defence
 * attempt, a reroll that follows a first roll); where play resumes once it has resolved.
 */
export interface HeldCard {
  seat: number
  a: Extract<DTAction, { type: 'play' | 'sell' | 'mjolnir' | 'roll' | 'defend' }>
  /** A reroll of fresh dice rolled by an effect (Odinforce II's 5 dice), not of the roll on the table. */
  fresh?: number[]
  /**
   * The step and window it interrupted, and the card held there before it (a Roll Phase card played in a window opened
   * inside another card's window).
   */
  resumeAt: { step: Step; window: Window | null; held: HeldCard | null }
}
export interface DTState {
  game: 'dice-throne-marvel'
  mode: Mode
  n: number
  rng: number[]
  /** seat -> health pool index (2v2: one pool per team). */
  pool: number[]
  hp: number[]
  startHp: number
  p: Player[]
  first: number
  active: number
  turn: number
  step: Step
  roll: Roll | null
  sel: { ability: string; variant: number } | null
  atk: Attack | null
  win: Window | null
  choice: Choice | null
  /** Target of the current offensive roll phase (-1 before targeting). */
  target: number
  /** Illusion card order chosen by Loki (hidden from the attacker). */
  ill: string[] | null
  /** Slot Loki suggested to the attacker (public, not binding: DT-13.21), or -1. */
  sug?: number
  /** An ability's effects paused by a choice, a "Then" pause or incoming isolated damage. */
  fx?: EffectCursor | null
  /** Isolated damage waiting for its prevention window. */
  inc?: Incoming | null
  /**
   * A card that is not an Instant, paid for and waiting for the others' window before it resolves (DT-11.3), and where
   * play resumes after it.
   */
  held?: HeldCard | null
  /** The offensive dice, kept aside while the 2v2 targeting die is the roll on the table. */
  offRoll?: Roll | null
  done: boolean
  winners: number[]
  reason: string
  /** Homebrew cards (absent for a match of built-in cards only); never changes during a match. */
  homebrew?: Homebrew
}

/** The homebrew cards of a match (card sets): kept in the state so that replaying seed and log needs nothing else. */
export interface Homebrew {
  /** The sets the decks use, as "<id>@<version>" (views show them). */
  cardSets: string[]
  /** Each seat's set cards that its deck uses, parsed; a seat's card ids resolve here before the built-in cards. */
  seatCards: Card[][]
  /** The set of each of those cards ("<id>@<version>"), in the same order. */
  seatCardSets: string[][]
}

export type DTAction =
  | { type: 'end' }
  | { type: 'pass' }
  | { type: 'noAttack' }
  | { type: 'done' }
  | { type: 'sell'; card: string }
  | {
      type: 'play'
      card: string
      die?: number
      value?: number
      dice?: number[]
      target?: number
      status?: string
      from?: number
    }
  | { type: 'spend'; status: string; die?: number; value?: number; from?: number; take?: string }
  | { type: 'mjolnir'; discard: string; target?: number }
  | { type: 'roll'; dice: number[] }
  | { type: 'select'; ability: string; variant: number }
  | { type: 'target'; seat: number }
  | { type: 'defend'; defence: string }
  | { type: 'setDie'; die: number; value: number }
  | { type: 'arrange'; order: string[]; suggest?: number }
  | { type: 'pick'; slot: number }
  | { type: 'steps'; count: number }
  | { type: 'setAutoPass'; on: boolean }

export const CP_MAX = 15
export const HAND_LIMIT = 6
