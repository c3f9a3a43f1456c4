// Rewards per seat for a finished or cut-off position, shared by the search bots.
import type { AnyEngine } from '../kernel/index.ts'

/**
 * A seat's reward in [0, 1] for one playout; the match's seat count is not in the contract, so it is asked per seat.
 */
export type Rewards = (seat: number) => number

/** 1 for each winner and 0 for the others; a finished game without winners is a draw worth 0.5 each. */
export function terminalRewards(engine: AnyEngine, state: unknown): Rewards {
  const winners = engine.status(state).winners ?? []
  return s => (winners.length === 0 ? 0.5 : winners.includes(s) ? 1 : 0)
}

/** Each seat's own evaluation of `state` (each reads only what that seat sees), computed once per seat. */
export function evaluatedRewards(engine: AnyEngine, state: unknown): Rewards {
  const memo = new Map<number, number>()
  return s => {
    let v = memo.get(s)
    if (v === undefined) memo.set(s, (v = engine.evaluate!(state, s)))
    return v
  }
}

/** The seat that moves at a node: `seat` when it is among those to act, else the first of them. */
export function actorOf(toAct: readonly number[], seat: number): number {
  return toAct.includes(seat) ? seat : toAct[0]!
}
