import { z } from 'zod'
import type { RngState } from '../../kernel/index.ts'
import type { SetCard } from './card-set.ts'

export const optionsSchema = z
  .strictObject({
    /**
     * CR 5.8.4 vs 11.9.2.2: if true, a sell made by a card effect uses up the once-per-turn Sell action. Default false
     * (FAQ).
     */
    effectSellCountsAsAction: z.boolean().default(false),
    /** CR 11.26.1.2 vs 5.7.6: QUICK effects of face-up Legends in the Legends area are usable. Default true (FAQ). */
    quickInLegendsArea: z.boolean().default(true),
    /**
     * CR 1.16 concede: when true (default), `concede` is listed for the deciding seat and accepted; when false it is
     * neither listed nor accepted (every accepted action is listed). Random-play benchmarks and property tests turn it
     * off, or uniform random bots would end most games by conceding.
     */
    concedeListed: z.boolean().default(true),
  })
  .default({ effectSellCountsAsAction: false, quickInLegendsArea: true, concedeListed: true })
export type Options = z.infer<typeof optionsSchema>

export interface Unit {
  uid: number
  spent: boolean
  /** Lag (Gecikme, CP-7.12/7.15) */
  lag: boolean
  /** may attack while lagging (GO SOLO, ADRENALINE) */
  attacksWhileLagging: boolean
  /** shared between copies of a state (clone.ts): replaced, never written into */
  gear: number[]
  /** power modifier "this turn" */
  powerThisTurn: number
  /** BLOCKER granted this turn */
  blockerThisTurn: boolean
  stole: boolean
}

/**
 * What a continuous effect does (CP-12): each kind is read in one place of the rules. Player effects are charges ("the
 * next time …" this turn) or protections; Unit effects are on one Unit and end when it leaves the field.
 */
export type ContinuousKind =
  | 'fightDefeatShield' // the next friendly Unit that would be defeated in a fight this turn is not (a charge)
  | 'defeatOpponentOnNextLoss' // the next time a friendly Unit loses a fight this turn, defeat the opposing Unit (a charge)
  | 'stealOnBigWin' // the next friendly win of a fight by 3+ this turn also steals a Gig (a charge)
  | 'goSoloDiscount' // a friendly Legend's GO SOLO costs 2 €$ less this turn (a charge)
  | 'programDiscount' // the next Program this turn costs 1 €$ less per friendly Gig showing 1 (a charge)
  | 'stealOnlyUpToPower' // rival Units can't steal this player's Gigs of a value above their power
  | 'legendsStealOnlyFromPower' // rival Legends can't steal this player's Gigs of a value below their power
  | 'noFightDefeat' // the Unit can't be defeated in a fight
  | 'cantAttack' // the Unit can't attack
  | 'cantReady' // the Unit can't ready
  | 'stealFewer' // the Unit steals `amount` fewer Gigs
  | 'fightBonus' // the Unit has +`amount` power while fighting
  | 'mustAttack' // the Unit must attack if it can
  | 'mayAttackUnits' // the Unit may attack rival Units although it is lagging
  | 'mayAttackReadyUnits' // the Unit's next attack may target ready rival Units
  | 'cyberpsychosis' // the Unit is defeated at the end of the turn if it steals or fights from now on
  | 'cyberpsychosisHit' // it did steal or fight since (Cyberpsychosis ends it at the end of the turn)

export interface Continuous {
  kind: ContinuousKind
  /** the player whose effect it is: its controller, or the seat whose next turn ends it */
  seat: number
  /** the Unit it is on (Unit effects) */
  unit?: number
  /** its amount, when it has one (power, Gigs) */
  amount?: number
  /** it ends at the end of this turn, at the start of `seat`'s next turn, or at the end of a turn of `seat` */
  until: 'endOfTurn' | 'startOfSeatTurn' | 'endOfSeatTurn'
}

export interface LegendSlot {
  uid: number
  faceUp: boolean
  spent: boolean
  /** shared between copies of a state (clone.ts): replaced, never written into */
  gear: number[]
}

export interface Player {
  deck: number[] // top = last element
  hand: number[]
  trash: number[]
  eddies: number[]
  eddiesSpent: number
  legends: (LegendSlot | null)[]
  field: Unit[]
  removed: number[]
  fixer: number[]
  gigs: number[]
  /** face-down Legends this player has looked at */
  peek: number[]
  sold: boolean
  called: boolean
  /**
   * "the first time … each turn" keys used this turn (also: the turn's first Blue play, ARASAKA attack, Program played)
   */
  once: string[]
  /** delayed end-of-turn effects: [card, ability, source] */
  delayed: [string, number, number][]
}

/** The lists of a Player that copies of a state share (clone.ts): replaced (`append`), never written into. */
export type SharedList =
  'eddies' | 'removed' | 'peek' | 'once' | 'delayed' | 'fixer' | 'gigs' | 'trash' | 'hand' | 'deck'

export type Vars = Record<string, number | boolean | number[]>

export interface Frame {
  seat: number
  card: string
  ability: number
  source: number
  next: number
  vars: Vars
  answer?: unknown
  /** started from a pending effect: the first id of the effects that go pending while it resolves (CP-10.35) */
  pendingFrom?: number
  /** uid of the Program resolving outside every area (CP-7.35) */
  prog?: number
}

/**
 * Shared between copies of a state (clone.ts), as is the list of them: never written into once pending (the list is
 * replaced).
 */
export interface Pending {
  id: number
  seat: number
  card: string
  ability: number
  source: number
  /** the die a STEAL trigger is about */
  subject?: number
  /** the Unit that stole (FRIENDLY_STEAL) */
  thief?: number
}

export interface Attack {
  attacker: number
  seat: number
  /** defending unit uid, or -1 for the Gig area */
  target: number
  step: 'trig' | 'react' | 'fight' | 'defeat' | 'steal' | 'end'
  /** declared against a ready Unit by a permission for this one attack (CP-9.3): it stays a valid target (CP-9.46 c) */
  permittedTarget?: boolean
  /** fight result: [attacker defeated, target defeated] */
  result?: [boolean, boolean]
  toSteal?: number
  picked?: number[]
  /** index of the picked Gig whose steal-prevention decision is next, and the answer */
  preventing?: number
  preventAnswer?: unknown
  /** Gigs whose steal was prevented (they still count against the number stolen) */
  blocked?: number[]
}

/**
 * Shared between copies of a state (clone.ts): written into only by the step that opens it, then answered (replaced).
 */
export interface Prompt {
  seat: number
  kind: 'op' | 'roll' | 'steal' | 'repl' | 'prevent'
  options: unknown[]
  label: string
  /** card the prompting player privately sees (search) */
  seen?: string[]
  /** the `seen` cards are revealed (Fool on the Hill): every viewer sees them */
  revealed?: boolean
}

/** Shared between copies of a state (clone.ts), as is the list of dice: a new value replaces both (`setDie`). */
export interface Die {
  size: number
  value: number
}

/** The homebrew cards of a match (card sets): kept in the state so that replaying seed and log needs nothing else. */
export interface Homebrew {
  /** The sets the decks use, as "<id>@<version>" (views show them). */
  cardSets: string[]
  /** Every set card the decks use, parsed (card-set.ts), by its id in the match (homebrew.ts). */
  cards: Record<string, SetCard>
  /** The set of each of those cards ("<id>@<version>"). */
  sets: Record<string, string>
}

export interface State {
  cards: string[]
  owner: number[]
  dice: Die[]
  players: Player[]
  turn: number
  active: number
  first: number
  chooser: number
  phase: 'choose' | 'mull' | 'start' | 'main' | 'end' | 'over'
  step: number
  attack: Attack | null
  frames: Frame[]
  pending: Pending[]
  prompt: Prompt | null
  limbo: number[]
  /**
   * continuous effects in play (continuous.ts); shared between copies of a state (clone.ts): replaced, never written
   * into
   */
  continuous: Continuous[]
  /** consecutive turns begun with both fixer areas empty */
  streak: number
  overtime: boolean
  winners: number[] | null
  reason: string | null
  seq: number
  opts: Options
  /**
   * the seat that finishes all of its own pending effects first: both players gained new ones as it resolved one
   * (CP-10.35)
   */
  resolvesFirst?: number | null
  /**
   * Seats that opted in to auto-passing (`setAutoPass`): the engine does not ask them to respond when they hold no real
   * answer, which lets the rival read their hand from the timing. Absent: nobody opted in. Shared between copies of a
   * state (clone.ts), as are `autoTurn` and `lki`: replaced, never written into.
   */
  auto?: number[]
  /**
   * `autoTurn[seat]`: the turn in which `seat` last changed that setting (once per turn, so no bot toggles it forever)
   */
  autoTurn?: number[]
  /**
   * CP-10.28 last-known information: a Unit's state at the moment it left the field, for effects already pending or
   * resolving that read it (its power, spent, stolen this turn, equipped); forgotten when no effect resolves or waits
   */
  lastKnown?: { uid: number; power: number; spent: boolean; stole: boolean; equipped: boolean }[]
  /** a defeat waiting for replacement decisions (CP-12.14) */
  defeatQueue: {
    list: [number, number][]
    index: number
    keep: number[]
    answer?: unknown
    /** the defeat being replaced: the card now to be defeated, and those already defeated instead (CP-12.14) */
    chain?: { target: number; used: number[] }
  } | null
  rng: RngState
  /** absent when no deck lists a card set; shared between copies of a state (never written into) */
  homebrew?: Homebrew
}

export const DIE_SIZES = [4, 6, 8, 10, 12, 20]
