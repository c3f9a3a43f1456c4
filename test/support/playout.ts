import { Random, sameAction, RuleViolation, type AnyEngine, type GameEvent } from '../../src/kernel/index.ts'

export interface PlayoutStep {
  before: unknown
  after: unknown
  seat: number
  action: { type: string }
  events: GameEvent[]
}

export interface PlayoutResult {
  state: unknown
  log: { seat: number; action: { type: string } }[]
  steps: number
  finished: boolean
}

/**
 * Plays one game choosing uniformly among the legal actions of the seats to act, with its own seeded
 * chooser. `onStep` sees every transition so property tests can check invariants at each step.
 * Fails if a finished game still lists actions, or an unfinished one lists none.
 */
export function randomPlayout(
  engine: AnyEngine,
  decks: unknown[],
  options: unknown,
  seed: string,
  opts: { maxSteps?: number; onStep?: (step: PlayoutStep) => void } = {},
): PlayoutResult {
  const chooser = Random.fromSeed(`chooser:${seed}`)
  let state = engine.setup(decks, engine.schemas.options.parse(options ?? {}), seed)
  const log: PlayoutResult['log'] = []
  const maxSteps = opts.maxSteps ?? 20_000
  for (let i = 0; i < maxSteps; i++) {
    const st = engine.status(state)
    if (st.finished) {
      for (let s = 0; s < decks.length; s++) {
        if (engine.legalActions(state, s).length > 0) throw new Error(`finished game lists actions for seat ${s}`)
      }
      return { state, log, steps: i, finished: true }
    }
    if (st.toAct.length === 0) throw new Error('unfinished game with nobody to act')
    const seat = chooser.pick(st.toAct)
    const legal = engine.legalActions(state, seat)
    if (legal.length === 0) throw new Error(`seat ${seat} is to act but has no legal action`)
    const action = chooser.pick(legal)
    const { state: next, events } = engine.apply(state, seat, action)
    opts.onStep?.({ before: state, after: next, seat, action, events })
    log.push({ seat, action })
    state = next
  }
  return { state, log, steps: maxSteps, finished: false }
}

/** Rebuilds a state from seed, decks, options and the action log, as the service's replay does. */
export function replay(
  engine: AnyEngine,
  decks: unknown[],
  options: unknown,
  seed: string,
  log: PlayoutResult['log'],
): unknown {
  let state = engine.setup(decks, engine.schemas.options.parse(options ?? {}), seed)
  for (const { seat, action } of log) state = engine.apply(state, seat, action).state
  return state
}

/** Asserts that apply rejects `action` with a RuleViolation and leaves `state` untouched. */
export function expectRejected(engine: AnyEngine, state: unknown, seat: number, action: unknown): RuleViolation {
  const before = JSON.stringify(state)
  try {
    engine.apply(state, seat, action as { type: string })
  } catch (e) {
    if (JSON.stringify(state) !== before) throw new Error('a rejected action changed the state', { cause: e })
    if (!(e instanceof RuleViolation)) throw e
    return e
  }
  throw new Error(`action ${JSON.stringify(action)} was accepted`)
}

export function isListed(engine: AnyEngine, state: unknown, seat: number, action: unknown): boolean {
  return engine.legalActions(state, seat).some(a => sameAction(a, action))
}
