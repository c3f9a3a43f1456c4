import { diceThroneMarvel } from '../../../src/games/dice-throne-marvel/index.ts'
import type { DTAction, DTState } from '../../../src/games/dice-throne-marvel/state.ts'
import type { GameEvent } from '../../../src/kernel/index.ts'

export const E = diceThroneMarvel

/** A fresh match; `first` forces the starting player (the start roll is tested separately). */
export function start(heroes: string[], opts: Record<string, unknown> = {}, seed = 'test'): DTState {
  return E.setup(
    heroes.map(hero => ({ hero })),
    E.schemas.options.parse(opts),
    seed,
  )
}

/** A copy of `s` changed by `f` (test-only state building). */
export function edit(s: DTState, f: (x: DTState) => void): DTState {
  const c = structuredClone(s)
  f(c)
  return c
}

export let lastEvents: GameEvent[] = []
/**
 * Applies `a`. A non-Instant card, a sale, a discard for Mjölnir, a roll or a defence chosen (by `a`, or when
 * it is the only one, by the engine) waits for the others' window before it resolves (DT-11.3): `act` passes for
 * everyone there, so the test sees it resolved, with the events of the play and of its resolution (the tests of that
 * window use `E.apply`).
 */
export function act(s: DTState, seat: number, a: DTAction): DTState {
  let r = E.apply(s, seat, a)
  const evs = r.events
  while (r.state.held && r.state.win?.kind === 'card' && r.state.held !== s.held && !r.state.done) {
    r = E.apply(r.state, toAct(r.state), { type: 'pass' })
    evs.push(...r.events)
  }
  lastEvents = evs
  return r.state
}
export const toAct = (s: DTState) => E.status(s).toAct[0]!
export const hpOf = (s: DTState, seat: number) => s.hp[s.pool[seat]!]!

/** Puts the active player (given seat) into their Offensive Roll Phase with these dice. */
export function rolling(s: DTState, seat: number, dice: number[], left = 2): DTState {
  return edit(s, x => {
    x.active = seat
    x.step = 'rolling'
    x.roll = { owner: seat, dice, left, lock: -1, kind: 'off' }
    x.sel = null
    x.atk = null
    x.win = null
    x.choice = null
    x.target = -1
  })
}

/**
 * Passes in every open window / optional step (and ends the Discard Phase) until `stop` is true or no pass is possible.
 */
export function passWhile(s: DTState, stop: (x: DTState) => boolean = () => false): DTState {
  for (let i = 0; i < 100; i++) {
    if (s.done || stop(s)) return s
    const seat = toAct(s)
    const legal = E.legalActions(s, seat)
    // a Mjölnir "up to" choice takes every step (the printed maximum)
    // the Discard Phase is ended as soon as it may be (DT-2.4: selling there is optional with 6 cards or fewer)
    const p =
      legal.find(a => a.type === 'pass' || a.type === 'done' || (a.type === 'end' && s.step === 'discard')) ??
      legal.find(a => a.type === 'defend') ??
      legal.filter(a => a.type === 'steps').at(-1)
    if (!p) return s
    s = act(s, seat, p)
  }
  return s
}

/** Passes through the Upkeep and Income Phases' windows (DT-4.4, DT-8.9) until the turn player's Main Phase 1. */
export const toMain1 = (s: DTState) => passWhile(s, x => x.step === 'main1')

/** Selects an ability in the rolling step and lets every window pass. */
export function attack(s: DTState, ability: string, variant = 0, stop?: (x: DTState) => boolean): DTState {
  s = act(s, s.active, { type: 'select', ability, variant })
  return passWhile(s, stop)
}

/**
 * Every hand emptied, and every seat auto-passing: a test then gives the cards it needs, and windows ask only
 * the seats with a real answer (the tests of who is asked without auto-pass build their states themselves).
 */
export function emptyHands(s: DTState): DTState {
  return edit(s, x => {
    for (const p of x.p) {
      p.hand = []
      p.auto = true
    }
  })
}
export function setHand(s: DTState, seat: number, hand: string[], cp?: number): DTState {
  return edit(s, x => {
    x.p[seat]!.hand = hand
    if (cp !== undefined) x.p[seat]!.cp = cp
  })
}
export function inMain(s: DTState, seat: number, step: 'main1' | 'main2' = 'main1'): DTState {
  return edit(s, x => {
    x.active = seat
    x.step = step
    x.roll = null
    x.atk = null
    x.win = null
    x.sel = null
    x.choice = null
    x.target = -1
  })
}
export const listed = (s: DTState, seat: number, pred: (a: DTAction) => boolean) => E.legalActions(s, seat).some(pred)
