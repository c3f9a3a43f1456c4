// Plays one bot-vs-bot match to its end: the unit of work of `arbiter sim`.
import type { AnyEngine } from '../kernel/index.ts'
import { chooseAction, type BotOptions } from '../bots/index.ts'

export type SeatBot = Omit<BotOptions, 'seed' | 'timeBudgetMs'>

export interface MatchOutcome {
  /** Seats that won; empty for a draw or a match cut off at `maxDecisions`. */
  winners: number[]
  decisions: number
  finished: boolean
  /**
   * Per seat: decisions with a real choice (two or more legal actions), the wall-clock time spent on them and
   * the process's CPU time (the thread's own only when nothing else runs, as with one worker).
   */
  thinking: { choices: number; ms: number; maxMs: number; cpuMs: number; maxCpuMs: number }[]
}

/** A match that has not ended after this many decisions is stopped and counted as a draw. */
export const MAX_DECISIONS = 5_000

/**
 * `bots[i]` plays seat i. Each decision's bot seed is derived from the match seed and the decision number,
 * so a match's result is a pure function of its inputs (only `thinking` depends on the clock). When several
 * seats are to act, the lowest acts first.
 */
export function playMatch(engine: AnyEngine, decks: unknown[], options: unknown, bots: SeatBot[], seed: string, maxDecisions = MAX_DECISIONS): MatchOutcome {
  let state = engine.setup(decks, engine.schemas.options.parse(options ?? {}), seed)
  const thinking = bots.map(() => ({ choices: 0, ms: 0, maxMs: 0, cpuMs: 0, maxCpuMs: 0 }))
  for (let decisions = 0; decisions < maxDecisions; decisions++) {
    const st = engine.status(state)
    if (st.finished) return { winners: st.winners ?? [], decisions, finished: true, thinking }
    const seat = Math.min(...st.toAct)
    const start = performance.now()
    const cpu = process.cpuUsage()
    const action = chooseAction(engine, state, seat, { ...bots[seat]!, seed: `${seed}:${decisions}` })
    const ms = performance.now() - start
    const used = process.cpuUsage(cpu)
    if (engine.legalActions(state, seat).length > 1) {
      const t = thinking[seat]!
      t.choices++
      t.ms += ms
      t.maxMs = Math.max(t.maxMs, ms)
      const cpuMs = (used.user + used.system) / 1000
      t.cpuMs += cpuMs
      t.maxCpuMs = Math.max(t.maxCpuMs, cpuMs)
    }
    state = engine.apply(state, seat, action).state
  }
  const st = engine.status(state)
  return { winners: st.winners ?? [], decisions: maxDecisions, finished: st.finished, thinking }
}
