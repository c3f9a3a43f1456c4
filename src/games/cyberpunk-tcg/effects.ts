// The effect vocabulary (CP-10, CP-11, CP-12) in which every card's behaviour is written (behaviours/).
// Triggers, conditions, operations and targets are data; the interpreter (interpreter/) runs them.
// `custom` operations run a small piece of a card's own code, kept beside the card in its set module (behaviours/).
// Descriptions (`text`) are our own short paraphrases, not the printed wording.
import type { PlayerEffect, UnitEffect } from './continuous.ts'
import type { Ctx } from './core.ts'
import type { Frame } from './state.ts'
import type { CardType } from './cards.ts'

export type Trigger =
  | 'PLAY' // this card was played (Units, Gears, Legends to the field)
  | 'CALL' // this Legend was turned face-up by Call a Legend
  | 'ATTACK' // this Unit attacks (pending when spent to declare)
  | 'DEFEATED' // this Unit was defeated (after it moved)
  | 'SPENT' // this Unit or Legend became spent (any reason)
  | 'END_OF_TURN' // at the end of its controller's turn
  | 'WIN_FIGHT' // this Unit won a fight against a rival Unit
  | 'FIRST_ARASAKA_ATTACK' // the first time a friendly ARASAKA Unit attacks each turn (face-up Legend)
  | 'FIRST_BLUE_PLAY' // the first time its controller plays a Blue Unit or Blue Gear each turn (face-up Legend)
  | 'BLOCK' // this Unit used BLOCKER
  | 'START_OF_TURN' // at the start of its controller's turn
  | 'STEAL' // this Unit stole a Gig (once per Gig; the die is var `subject`)
  | 'FRIENDLY_STEAL' // a friendly Unit stole a Gig (once per Gig; the die is var `subject`, the thief var `thief`)
  | 'LOSE_FIGHT' // this Unit lost a fight (the opposing Unit is var `subject`)
  | 'FRIENDLY_BLOCK' // a friendly Unit used BLOCKER (the blocker is var `subject`)
  | 'PLAY_BRAINDANCE' // its controller played a BRAINDANCE Program
  | 'UNIT_DEFEATED' // any Unit was defeated (var `subject`; var `thief` = 1 when it was a friendly equipped Unit)
  | 'STEAL_EVENT' // this Unit stole 1 or more Gigs (once per steal; var `thief` = 1 for its first steal this turn)
  | 'FRIENDLY_STEAL_EVENT' // a friendly Unit stole 1 or more Gigs (once per steal; thief in var `thief`)
  | 'RIVAL_TOUCHED_GIGS' // a rival adjusted or swapped friendly Gigs
  | 'FRIENDLY_EQUIPPED_SPENT' // a friendly equipped Unit or Legend became spent (var `subject`)
  | 'ROLL_IN' // you rolled a Gig in from your fixer area (var `subject`)
  | 'ROLLED' // you rolled a Gig (first roll or reroll; var `subject`)

export type Cond =
  | { c: 'credEven' }
  | { c: 'credMoreThanRival' }
  | { c: 'credLessThanRival' }
  | { c: 'credLessThan'; n: number }
  | { c: 'credDiffAtLeast'; n: number }
  | { c: 'distinctGigs'; n: number }
  | { c: 'gigAtLeast'; n: number }
  | { c: 'selfPowerAtLeast'; n: number }
  | { c: 'allLegendsFaceUp' }
  | { c: 'varBecameMinGig'; v: string }
  | { c: 'varCostEqualsFriendlyGig'; v: string }
  | { c: 'varEqualsFriendlyGig'; v: string }
  | { c: 'hostNamed'; name: string }
  | { c: 'selfStoleThisTurn' }
  | { c: 'varLegendArasakaOrSolo'; v: string }
  | { c: 'varSet'; v: string }
  | { c: 'not'; of: Cond }
  | { c: 'all'; of: Cond[] }
  | { c: 'mode'; n: number }
  | { c: 'rivalMoreGigsBy'; n: number }
  | { c: 'hasMinGig' }
  | { c: 'selfSpent' }
  | { c: 'selfEquipped' }
  | { c: 'gigsAtLeastCount'; n: number; min: number }
  | { c: 'varDieSize'; v: string; size: number }
  | { c: 'thiefIsLegend' }
  | { c: 'varDieEven'; v: string }
  | { c: 'varDieOdd'; v: string }
  /**
   * the stolen Gig (var `subject`) by `thief` is the turn's first steal, by a friendly Unit other than this card, of a
   * Gig valued below the thief's power
   */
  | { c: 'firstStealBelowPower' }
  /** the defeated Unit (var `subject`) is the turn's first ARASAKA Unit defeated */
  | { c: 'firstArasakaDefeat' }
  | { c: 'valuePair' }
  | { c: 'fixerEmpty' }
  | { c: 'friendlyD4Min' }
  | { c: 'varTag'; v: string; tags: string[] }
  | { c: 'varIs'; v: string; n: number }
  | { c: 'evenAndOddGigs' }
  /** it is its controller's turn */
  | { c: 'ownTurn' }

export interface UnitFilter {
  side: 'friendly' | 'rival' | 'any'
  maxCost?: number
  maxPower?: number
  /** power at most the value of a friendly d20 */
  maxPowerFriendlyD20?: boolean
  ready?: boolean
  spent?: boolean
  unequipped?: boolean
  equipped?: boolean
  /** cost at most the number in this var */
  maxCostVar?: string
  /** power equal to the value of the die in this var */
  powerEqDieVar?: string
  /** only the lowest-power Units among the matching ones */
  lowest?: boolean
  notSelf?: boolean
}

export type Op = { if?: Cond } & (
  | { op: 'draw'; n: number }
  | { op: 'discard'; n: number; optional?: boolean; as?: string; type?: 'Program' }
  | {
      op: 'gig'
      mode: 'adjust' | 'increase' | 'decrease' | 'exact'
      upTo: number
      side: 'any' | 'friendly' | 'var'
      v?: string
      as?: string
    }
  | { op: 'chooseUnit'; filter: UnitFilter; as: string; optional?: boolean; by?: 'rival' }
  | { op: 'chooseGear'; as: string; optional?: boolean; side?: 'friendly' | 'rival' | 'any'; maxPower?: number }
  | { op: 'mode'; labels: string[]; bothIf?: Cond }
  | { op: 'defeatAll'; others: boolean }
  | { op: 'bounceSelf' }
  | { op: 'readyLegend'; tag?: string; n?: number; inLegendsArea?: boolean }
  | { op: 'once' }
  | { op: 'grant'; v: string; what: 'adrenaline' | 'blocker' }
  | { op: 'readyUnits'; n: number }
  | { op: 'revealTopGain' }
  | { op: 'powerMinusSelf'; v: string }
  | { op: 'powerPerGear'; v: string; n: number }
  | { op: 'bottomDeck'; v: string }
  | { op: 'bottomDeckAll'; side: 'rival'; maxPower: number }
  | { op: 'powerAll'; side: 'rival'; n: number }
  | { op: 'spendAll'; side: 'rival' }
  /**
   * `take` cards (or up to `take` with `upTo`: "up to", "any"); without `upTo` a pick is made while one is legal
   * (CP-12.20)
   */
  | {
      op: 'search'
      n: number
      type?: 'Gear' | 'Unit' | 'Program'
      maxCost?: number
      costInGigs?: boolean
      take: number
      upTo?: boolean
      perMinGig?: boolean
      hidden?: boolean
    }
  | { op: 'mill'; n: number; as: string }
  | { op: 'fromAmong'; v: string; type?: 'Unit' | 'Program' | 'Gear'; tag?: string; optional?: boolean; as?: string }
  | { op: 'setGig'; cross: boolean; optional: boolean }
  /** starts a continuous effect on a Unit (continuous.ts; how long it lasts is the kind's) */
  | { op: 'unitEffect'; v: string; effect: UnitEffect; n?: number }
  /** starts a continuous effect for this effect's player */
  | { op: 'playerEffect'; effect: PlayerEffect }
  | { op: 'mayPay'; n: number; as: string }
  | { op: 'gainMaxGig' }
  | { op: 'stealExtra'; distinctValue?: boolean }
  | {
      op: 'playFree'
      from: ('hand' | 'trash' | 'top')[]
      type: 'Unit' | 'Program' | 'Gear' | 'any'
      maxCost: number
      optional: boolean
      bottom?: boolean
      tag?: string
      otherUnitOnly?: boolean
      grantAttackUnits?: boolean
      n?: number
      onlyVar?: string
      notSrc?: boolean
      as?: string
    }
  | { op: 'sellTop' }
  | { op: 'psycho'; v: string }
  | { op: 'drawPer'; per: 'evenGig' | 'oddGig' | 'valuePair' | 'faceUpLegend' }
  | { op: 'powerPer'; v: string; n: number; per: 'evenGig' }
  | { op: 'fromTrash'; type: 'Unit' | 'Program'; notSelf?: boolean }
  | { op: 'rivalDiscard'; n: number }
  | { op: 'defeat'; v: string }
  | { op: 'spend'; v: string }
  | { op: 'power'; v: string; n: number }
  | { op: 'swapGig'; optional: boolean }
  | { op: 'lookLegend'; as: string; optional?: boolean }
  | { op: 'lookAllLegends' }
  | { op: 'callFree'; v?: string; optional: boolean }
  | { op: 'topMayTrash' }
  | { op: 'readyEddies'; n: number }
  | { op: 'readySelf' }
  | { op: 'delay'; ab: number }
  /**
   * what the vocabulary cannot say: the card's own code, written beside the card's row in its set module (behaviours/)
   */
  | { op: 'custom'; run: (c: Ctx, f: Frame) => boolean }
)

export type StaticMod =
  | 'cantAttack'
  | 'onlyAttackUnits'
  | 'unblockableIfLessCred'
  | 'suppressNewRivals' // rival Units can't attack the turn they're played
  | 'needsProgramToAttack' // can't attack unless you played a Program this turn
  | 'deadmanReplace' // (Gear) if the host would be defeated, defeat this Gear instead
  | 'freeCallOwnTurn' // during your turn you may Call a Legend for free
  | 'jackieReplace' // optional: if a friendly Unit would be defeated, pay 1 €$ to defeat this Legend instead
  | 'altPreventSteal' // optional: when a rival Unit would steal a Gig, discard a card costing its value to prevent it
  | ParamStaticMod

/** The static words that take parameters (StaticAbility). */
export type ParamStaticMod =
  | 'fightBonusVs'
  | 'winsFightVs'
  | 'attackBonus'
  | 'powerPerGear'
  | 'adrenaline'
  | 'attackWhenPlayed'
  | 'attackReady'
  | 'firstPlayDiscount'
  | 'rivalGoSoloCost'

/** Which cards a static word is about: those of `type` with `tag` (either may be left out). */
export interface CardMatch {
  type?: CardType
  tag?: string
}

/**
 * `while`: the condition under which a static word applies, read for the source's controller whenever the rules ask
 * (CP-12).
 */
export type StaticAbility = { kind: 'static'; inherit?: boolean; text: string } & (
  | { mod: Exclude<StaticMod, ParamStaticMod> }
  /** +n power while fighting a card that matches `vs` (CP-GAP-8: added to the power sum) */
  | { mod: 'fightBonusVs'; n: number; vs: CardMatch }
  /** wins every fight against a card that matches `vs`, whatever the powers (CR 9.17.4) */
  | { mod: 'winsFightVs'; vs: CardMatch }
  /** +n power to each friendly attacking Unit that matches `attackers` (`others`: not this card itself) */
  | { mod: 'attackBonus'; n: number; attackers: CardMatch & { others?: boolean } }
  /** +n power per Gear equipped to it (CP-5.2) */
  | { mod: 'powerPerGear'; n: number; while?: Cond }
  /** (on a Gear, inherited) its host has ADRENALINE (CR 11.27) */
  | { mod: 'adrenaline'; while?: Cond }
  /** may attack `targets` the turn it is played (CP-9.4: a permission for those targets only) */
  | { mod: 'attackWhenPlayed'; targets: 'units' | 'gigs'; while?: Cond }
  /** may attack ready rival Units, only those with BLOCKER when `blockers` (CP-9.3 / CP-9.9) */
  | { mod: 'attackReady'; blockers: boolean; while?: Cond }
  /**
   * the first card matching `cards` its controller plays each turn costs n €$ less, to a minimum of `min` (CR 11.8.3)
   */
  | { mod: 'firstPlayDiscount'; n: number; min: number; cards: CardMatch }
  /** its controller's rivals pay n €$ more to use GO SOLO (CR 11.25) */
  | { mod: 'rivalGoSoloCost'; n: number }
)

export type Ability =
  /** `when`: the trigger condition beyond the event, checked as it happens — unmet, nothing goes pending (CP-11.1) */
  | { kind: 'trigger'; on: Trigger[]; when?: Cond; ops: Op[]; inherit?: boolean; text: string }
  | { kind: 'delayed'; ops: Op[]; inherit?: boolean; text: string }
  | StaticAbility
  | {
      kind: 'activated'
      eddies: number
      spend: boolean
      quick: boolean
      ops: Op[]
      inherit?: boolean
      lessPerGig8?: boolean
      text: string
    }
  | { kind: 'program'; ops: Op[]; text: string }

export interface CardBehaviour {
  abilities: Ability[]
  /** alternative cost when the condition holds (e.g. "if your fixer area is empty, play this for 1 €$") */
  altCost?: { if: Cond; cost: number }
  /** play-cost reduction: -1 €$ per counted thing, to a minimum of `min` */
  costPer?: { per: 'gig8' | 'trashUnit' | 'faceUpLegend'; min: number }
  /** one-line summary of the card in our own words */
  text: string
}

/** Runtime lists of the vocabulary, for the zod validation of the set modules in cards.ts. */
export const TRIGGERS = [
  'PLAY',
  'CALL',
  'ATTACK',
  'DEFEATED',
  'SPENT',
  'END_OF_TURN',
  'WIN_FIGHT',
  'FIRST_ARASAKA_ATTACK',
  'FIRST_BLUE_PLAY',
  'BLOCK',
  'START_OF_TURN',
  'STEAL',
  'FRIENDLY_STEAL',
  'LOSE_FIGHT',
  'FRIENDLY_BLOCK',
  'PLAY_BRAINDANCE',
  'UNIT_DEFEATED',
  'STEAL_EVENT',
  'FRIENDLY_STEAL_EVENT',
  'RIVAL_TOUCHED_GIGS',
  'FRIENDLY_EQUIPPED_SPENT',
  'ROLL_IN',
  'ROLLED',
] as const satisfies readonly Trigger[]
export const OP_NAMES = [
  'draw',
  'discard',
  'gig',
  'chooseUnit',
  'chooseGear',
  'mode',
  'defeatAll',
  'bounceSelf',
  'readyLegend',
  'once',
  'grant',
  'readyUnits',
  'revealTopGain',
  'powerMinusSelf',
  'powerPerGear',
  'bottomDeck',
  'bottomDeckAll',
  'powerAll',
  'spendAll',
  'search',
  'mill',
  'fromAmong',
  'setGig',
  'unitEffect',
  'playerEffect',
  'mayPay',
  'gainMaxGig',
  'stealExtra',
  'playFree',
  'sellTop',
  'psycho',
  'drawPer',
  'powerPer',
  'fromTrash',
  'rivalDiscard',
  'defeat',
  'spend',
  'power',
  'swapGig',
  'lookLegend',
  'lookAllLegends',
  'callFree',
  'topMayTrash',
  'readyEddies',
  'readySelf',
  'delay',
  'custom',
] as const satisfies readonly Op['op'][]
export const STATIC_MODS = [
  'cantAttack',
  'onlyAttackUnits',
  'unblockableIfLessCred',
  'suppressNewRivals',
  'needsProgramToAttack',
  'deadmanReplace',
  'freeCallOwnTurn',
  'jackieReplace',
  'altPreventSteal',
  'fightBonusVs',
  'winsFightVs',
  'attackBonus',
  'powerPerGear',
  'adrenaline',
  'attackWhenPlayed',
  'attackReady',
  'firstPlayDiscount',
  'rivalGoSoloCost',
] as const satisfies readonly StaticMod[]
// every member of the vocabulary types is listed above (a compile error here means a list is out of date)
type Missing<T, L extends readonly unknown[]> = Exclude<T, L[number]>
export const VOCABULARY_COMPLETE: [
  Missing<Trigger, typeof TRIGGERS>,
  Missing<Op['op'], typeof OP_NAMES>,
  Missing<StaticMod, typeof STATIC_MODS>,
] extends [never, never, never]
  ? true
  : never = true
