import { cyberNetCards } from '../../../src/games/cyber-net-cards/index.ts'
import type { CNState, Lasting, PlayerState } from '../../../src/games/cyber-net-cards/state.ts'
import type { CNAction } from '../../../src/games/cyber-net-cards/action.ts'

export const E = cyberNetCards

export interface SeatSpec {
  avatar: string
  life: number
  mana: number
  deck: string[]
  hand: string[]
  field: string[]
  /** Cards on this avatar: equipment of this seat, or infections of the other seat (owner given). */
  equipped: { card: string; owner?: number; coal?: number; left?: number; used?: boolean }[]
  abilityUsed: boolean
  placed: boolean
  /**
   * Auto-pass (Decision 10). On by default in these built states, so a rule test is not asked for the passes of a
   * seat with no real answer; the tests of who is asked turn it off, as a seat starts in a real match.
   */
  autoPass: boolean
}

const defaults = (avatar: string): SeatSpec => ({
  avatar,
  life: 30,
  mana: 0,
  deck: Array.from({ length: 10 }, () => 'data-spike'),
  hand: [],
  field: [],
  equipped: [],
  abilityUsed: false,
  placed: true,
  autoPass: true,
})

/**
 * Builds a state directly (plain JSON) for rule tests: by default the Action stage of round 3, seat 0 to act.
 * Returns the state and `uid(seat, cardId, zone?)` to find a card instance.
 */
export function scenario(o: {
  seats?: [Partial<SeatSpec>, Partial<SeatSpec>]
  round?: number
  phase?: 'prep' | 'action'
  first?: number
  turn?: number
}) {
  const specs = [0, 1].map(i => ({ ...defaults(i === 0 ? 'sentinel-ada' : 'bastion-9'), ...(o.seats?.[i] ?? {}) }))
  const cards: string[] = []
  const add = (ids: string[]) => ids.map(id => (cards.push(id), cards.length - 1))
  const players: PlayerState[] = specs.map(sp => ({
    avatar: sp.avatar,
    life: sp.life,
    deck: add(sp.deck),
    hand: add(sp.hand),
    field: add(sp.field),
    active: [],
    void: [],
    mana: sp.mana,
    income: 0,
    recycled: false,
    placed: sp.placed,
    abilityUsed: sp.abilityUsed,
    lasting: [],
    done: [],
    ...(sp.autoPass ? { autoPass: true as const } : {}),
  }))
  specs.forEach((sp, i) => {
    for (const e of sp.equipped) {
      const [uid] = add([e.card])
      const l: Lasting = { uid: uid!, owner: e.owner ?? i, left: e.left ?? 2, coal: e.coal ?? 0, used: e.used ?? false }
      players[i]!.lasting.push(l)
    }
  })
  const first = o.first ?? 0
  const state: CNState = {
    game: 'cyber-net-cards',
    round: o.round ?? 3,
    phase: o.phase ?? 'action',
    first,
    turn: o.turn ?? first,
    passes: 0,
    chain: [],
    responder: -1,
    fx: [],
    cards,
    players,
    rng: [1, 2, 3, 4],
    winners: null,
    reason: null,
  }
  const uid = (seat: number, card: string, zone: 'field' | 'hand' | 'deck' | 'lasting' = 'field'): number => {
    const p = state.players[seat]!
    const list =
      zone === 'lasting' ? [...state.players[0]!.lasting, ...state.players[1]!.lasting].map(l => l.uid) : p[zone]
    const u = list.find(x => cards[x] === card)
    if (u === undefined) throw new Error(`no ${card} in ${zone} of seat ${seat}`)
    return u
  }
  return { state, uid }
}

export function act(state: CNState, seat: number, action: CNAction) {
  return E.apply(state, seat, action)
}

export const activate = (card: number, turbo = false, burn = false, target?: number): CNAction =>
  target === undefined ? { type: 'activate', card, turbo, burn } : { type: 'activate', card, turbo, burn, target }
/** Activates a card that targets an equipped card (EMP Pulse). */
export const activateOn = (card: number, target: number): CNAction => activate(card, false, false, target)
export const PASS: CNAction = { type: 'pass' }
/** Listed last at each decision of a seat with auto-pass on (the default of `scenario`). */
export const AUTO_OFF: CNAction = { type: 'setAutoPass', on: false }
export const AUTO_ON: CNAction = { type: 'setAutoPass', on: true }

export function sampleDeck(name: string) {
  const d = E.sampleDecks().find(x => x.name === name)
  if (!d) throw new Error(name)
  return d.deck
}
