// Plays one bot-vs-bot match to its end: the unit of work of `arbiter sim` and of the deck lab's games.
import type { AnyEngine, CardSetCards, GameEvent } from '../kernel/index.ts'
import { chooseAction, type BotOptions } from './index.ts'

export type SeatBot = Omit<BotOptions, 'seed' | 'timeBudgetMs'>

/** One decision of a match's log, as `games.jsonl` records it (with `view` and `observation` when asked for). */
export interface LoggedAction {
  seat: number
  action: unknown
  /** The acting seat's view just before the decision. */
  view?: unknown
  /** `encodeObservation` of that view, when the engine has the encoding. */
  observation?: number[]
}

/** What to record of each decision besides the outcome: nothing, the actions, or the actions with the views. */
export type LogLevel = 'none' | 'actions' | 'views'

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
  /** Every decision in order (absent with the log level `none`). */
  actions?: LoggedAction[]
  /** The turn the match ended on, when the engine tells it: the status's or else the public view's `turn`. */
  turns?: number
}

/** Told of every decision as it is applied (the deck lab counts the cards drawn and played from it). */
export type DecisionObserver = (before: unknown, seat: number, events: readonly GameEvent[]) => void

/** A match that has not ended after this many decisions is stopped and counted as a draw. */
export const MAX_DECISIONS = 5_000

/**
 * `bots[i]` plays seat i; `sets`: the card sets the decks name (homebrew cards), dealt as a match deals them. Each
 * decision's bot seed is derived from the match seed and the decision number,
 * so a match's result is a pure function of its inputs (only `thinking` depends on the clock). When several
 * seats are to act, the lowest acts first.
 */
export function playMatch(
  engine: AnyEngine,
  decks: unknown[],
  options: unknown,
  bots: SeatBot[],
  seed: string,
  maxDecisions = MAX_DECISIONS,
  log: LogLevel = 'none',
  observe?: DecisionObserver,
  sets: readonly CardSetCards[] = [],
): MatchOutcome {
  let state = engine.setup(decks, engine.schemas.options.parse(options ?? {}), seed, sets)
  const thinking = bots.map(() => ({ choices: 0, ms: 0, maxMs: 0, cpuMs: 0, maxCpuMs: 0 }))
  const actions: LoggedAction[] = []
  const encode = observationEncoder(engine)
  const outcome = (decisions: number): MatchOutcome => {
    const st = engine.status(state)
    const turns = turnOf(st) ?? turnOf(engine.view(state, null))
    return {
      winners: st.winners ?? [],
      decisions,
      finished: st.finished,
      thinking,
      ...(log !== 'none' && { actions }),
      ...(turns !== undefined && { turns }),
    }
  }
  for (let decisions = 0; decisions < maxDecisions; decisions++) {
    const st = engine.status(state)
    if (st.finished) return outcome(decisions)
    const seat = Math.min(...st.toAct)
    const start = performance.now()
    const cpu = process.cpuUsage()
    const view = log === 'views' ? engine.view(state, seat) : undefined
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
    if (log === 'actions') actions.push({ seat, action })
    else if (log === 'views')
      actions.push({ seat, action, view, ...(encode && { observation: Array.from(encode(view)) }) })
    const applied = engine.apply(state, seat, action)
    observe?.(state, seat, applied.events)
    state = applied.state
  }
  return outcome(maxDecisions)
}

/**
 * The engine's observation encoding, when it has one (`encodeObservation`, part of the engine contract of issue 33:
 * an engine without it yet gets views but no observations in the dataset).
 */
function observationEncoder(engine: AnyEngine): ((view: unknown) => ArrayLike<number>) | undefined {
  const encode = (engine as { encodeObservation?: (view: unknown) => ArrayLike<number> }).encodeObservation
  return encode?.bind(engine)
}

/** The turn number a status or view reports as `turn` (every engine here has it in its view), if any. */
function turnOf(reported: unknown): number | undefined {
  const t = (reported as { turn?: unknown } | null)?.turn
  return typeof t === 'number' && Number.isInteger(t) ? t : undefined
}
