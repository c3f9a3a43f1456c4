/** Plain-JSON match state of Cyber Net Cards. Card instances are numbers (uids); `cards[uid]` is the card id. */
import type { Card } from './data.ts'

/** The homebrew cards of a match (card sets): kept in the state so that replaying seed and log needs nothing else. */
export interface Homebrew {
  /** The sets the decks use, as "<id>@<version>" (views show them). */
  cardSets: string[]
  /** Each seat's set cards that its deck uses, parsed; a seat's card ids resolve here before the built-in cards. */
  seatCards: Card[][]
  /** The set of each of those cards ("<id>@<version>"), in the same order. */
  seatCardSets: string[][]
  /** The first uid of each seat's cards (uids are dealt seat by seat, so a uid's owner is known). */
  firstUid: number[]
}

export interface Lasting {
  uid: number
  /** Seat that activated it; the card sits on the avatar whose `lasting` list holds it. */
  owner: number
  /** Rounds left, counting the current one (CN-9.1). */
  left: number
  coal: number
  /** Use already used this round (CN-5.10). */
  used: boolean
}

/** 'ability' is the avatar's ability, its Unique Ability (CN-2.4, CN-4.1). */
export type LinkKind = 'card' | 'ability' | 'use'

export interface Link {
  seat: number
  kind: LinkKind
  /** The card (for 'card' and 'use'); -1 for the avatar's ability (its Unique Ability). */
  uid: number
  turbo: boolean
  burn: boolean
  negated: boolean
  /** The chosen target (an equipped card's uid) of a card that targets one (EMP Pulse), else -1. */
  target: number
}

/** A round effect (CN-6.18): ATK/DEF change on `seat` from source `src` (a uid, or -1 for avatar powers). */
export interface Fx {
  src: number
  seat: number
  atk: number
  def: number
}

export interface PlayerState {
  avatar: string
  life: number
  /** Top of deck first. */
  deck: number[]
  hand: number[]
  /** Armed (face-down) cards placed this round and not yet activated (CN-6.5, CN-REF-2). */
  field: number[]
  /**
   * Cards activated this round that resolved or were negated; they go to the Void at the end of the round (CN-6.16).
   */
  active: number[]
  void: number[]
  mana: number
  /** Mana received at the start of this round (for views). */
  income: number
  recycled: boolean
  placed: boolean
  /** The avatar's ability (its Unique Ability) was used this round (CN-4.4). */
  abilityUsed: boolean
  /** Equipment and infections sitting on this avatar (CN-9.2, CN-9.3). */
  lasting: Lasting[]
  /** This player's cards that resolved this round, newest last (targets of rollback, CN-8.6). */
  done: number[]
  /**
   * The seat opted in to auto-passing (Decision 10): it is not asked when it has no real answer, accepting that the
   * timing may show it. Absent when off.
   */
  autoPass?: true
  /** Auto-pass was just changed at the seat's current decision (once per decision, so random play cannot loop). */
  autoPassSet?: true
}

/**
 * A tie the controlling player breaks (Decision 6): an effect puts coal on or takes it from "the
 * card with the least/most coal" and two or more eligible cards are tied. The effect waits; `seat` picks one of
 * `options` (`pickCoal`). The forced steps are then run again from `base` (the state before `action`, taken by
 * `by`) with `picks` as the answers to the ties met on the way, so the result is the same as if the steps had never
 * stopped (replay-safe, no code paths to resume). `events`: how many events the earlier runs already returned.
 */
export interface CoalPick {
  seat: number
  /** 'coal': the card that receives coal; 'moveFrom' / 'moveTo': where a move takes it from / puts it (Coal Shovel). */
  what: 'coal' | 'moveFrom' | 'moveTo'
  /** Coal the effect puts on or moves. */
  n: number
  /** The tied cards (uids), oldest first: one listed action each. */
  options: number[]
  base: CNState
  by: number
  action: { type: string }
  picks: number[]
  events: number
}

export interface CNState {
  game: 'cyber-net-cards'
  round: number
  phase: 'prep' | 'action' | 'over'
  /** Starting player of this round (CN-7). */
  first: number
  /** Whose turn it is in the Action stage. */
  turn: number
  /** Consecutive passes (CN-6.10). */
  passes: number
  /** The open chain, first activation first (CN-8). */
  chain: Link[]
  /** Seat that may answer the chain now. */
  responder: number
  fx: Fx[]
  /** uid -> card id (never changes during a match; a determinized copy has its own, Decision 26). */
  cards: string[]
  players: PlayerState[]
  rng: number[]
  /** Set when the match is over: winners ([] = draw) and why. */
  winners: number[] | null
  reason: string | null
  /** A coal tie the player must break before anything else happens (absent when there is none). */
  pending?: CoalPick
  /** Homebrew cards (absent for a match of built-in cards only); never changes during a match. */
  homebrew?: Homebrew
}

function cloneLasting(l: Lasting): Lasting {
  return { uid: l.uid, owner: l.owner, left: l.left, coal: l.coal, used: l.used }
}

function clonePlayer(p: PlayerState): PlayerState {
  const lasting: Lasting[] = new Array(p.lasting.length)
  for (let i = 0; i < lasting.length; i++) lasting[i] = cloneLasting(p.lasting[i]!)
  return {
    avatar: p.avatar,
    life: p.life,
    deck: p.deck.slice(),
    hand: p.hand.slice(),
    field: p.field.slice(),
    active: p.active.slice(),
    void: p.void.slice(),
    mana: p.mana,
    income: p.income,
    recycled: p.recycled,
    placed: p.placed,
    abilityUsed: p.abilityUsed,
    lasting,
    done: p.done.slice(),
    ...(p.autoPass === true ? { autoPass: true } : {}),
    ...(p.autoPassSet === true ? { autoPassSet: true } : {}),
  }
}

/** A deep copy made by hand (much faster than structuredClone); `cards` never changes, so it is shared. */
export function cloneState(s: CNState): CNState {
  const chain: Link[] = new Array(s.chain.length)
  for (let i = 0; i < chain.length; i++) {
    const l = s.chain[i]!
    chain[i] = {
      seat: l.seat,
      kind: l.kind,
      uid: l.uid,
      turbo: l.turbo,
      burn: l.burn,
      negated: l.negated,
      target: l.target,
    }
  }
  const out: CNState = {
    game: s.game,
    round: s.round,
    phase: s.phase,
    first: s.first,
    turn: s.turn,
    passes: s.passes,
    chain,
    responder: s.responder,
    fx: s.fx.slice(),
    cards: s.cards,
    players: [clonePlayer(s.players[0]!), clonePlayer(s.players[1]!)],
    rng: s.rng.slice(),
    winners: s.winners === null ? null : s.winners.slice(),
    reason: s.reason,
  }
  // the pending pick is never changed in place (a pick builds a new one) and `base` is never mutated: shared
  if (s.pending !== undefined) out.pending = s.pending
  if (s.homebrew !== undefined) out.homebrew = s.homebrew
  return out
}
