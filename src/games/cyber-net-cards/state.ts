/** Plain-JSON match state of Cyber Net Cards. Card instances are numbers (uids); `cards[uid]` is the card id. */

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

export type LinkKind = 'card' | 'ability' | 'unique' | 'use'

export interface Link {
  seat: number
  kind: LinkKind
  /** The card (for 'card' and 'use'); -1 for the avatar's ability or Unique Ability. */
  uid: number
  turbo: boolean
  burn: boolean
  negated: boolean
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
  /** Cards activated this round that resolved or were negated; they go to the Void at the end of the round (CN-6.16). */
  active: number[]
  void: number[]
  mana: number
  /** Mana received at the start of this round (for views). */
  income: number
  recycled: boolean
  placed: boolean
  abilityUsed: boolean
  uniqueUsed: boolean
  /** Equipment and infections sitting on this avatar (CN-9.2, CN-9.3). */
  lasting: Lasting[]
  /** This player's cards that resolved this round, newest last (targets of rollback, CN-8.6). */
  done: number[]
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
  /** uid -> card id (never changes after setup). */
  cards: string[]
  players: PlayerState[]
  rng: number[]
  /** Set when the match is over: winners ([] = draw) and why. */
  winners: number[] | null
  reason: string | null
}

export function cloneState(s: CNState): CNState {
  return {
    ...s,
    chain: s.chain.map((l) => ({ ...l })),
    fx: s.fx.slice(),
    players: s.players.map((p) => ({
      ...p,
      deck: p.deck.slice(),
      hand: p.hand.slice(),
      field: p.field.slice(),
      active: p.active.slice(),
      void: p.void.slice(),
      lasting: p.lasting.map((l) => ({ ...l })),
      done: p.done.slice(),
    })),
    rng: s.rng.slice(),
  }
}
