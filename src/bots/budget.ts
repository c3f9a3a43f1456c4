// How strength maps to search effort, and the strongest bot that fits a time budget (for AUTOPLAY).
import { Random, type AnyEngine, type BaseAction } from '../kernel/index.ts'
import { botKinds } from './kinds.ts'
import { ismctsChoice, type SearchLimits } from './ismcts.ts'
import { rolloutChoice, type RolloutWork } from './rollouts.ts'
import type { BotKind } from './spec.ts'

/**
 * Random moves in an ismcts playout before `evaluate` scores the position: none, since every child already starts
 * from its `evaluate` prior and random moves mostly add noise to it; except in a game whose `botTuning` sets
 * `rolloutDepth`.
 */
export const DEFAULT_ROLLOUT_DEPTH = 0

export function defaultRolloutDepth(engine: AnyEngine): number {
  return engine.botTuning?.rolloutDepth ?? DEFAULT_ROLLOUT_DEPTH
}

/** UCB's exploration constant: `evaluate` tells moves apart by a few hundredths, so the usual 0.7 would drown it. */
export const DEFAULT_EXPLORATION = 0.1

/** The prior of a child counts as this many playouts (see `Node.value`). */
export const DEFAULT_PRIOR_VISITS = 10

/** The search settings of a default ismcts but for its iteration count and playout length. */
export const searchDefaults: Omit<SearchLimits, 'iterations'> = {
  rolloutDepth: DEFAULT_ROLLOUT_DEPTH,
  playout: 'random',
  playoutRuns: 0,
  exploration: DEFAULT_EXPLORATION,
  priorVisits: DEFAULT_PRIOR_VISITS,
  maxDepth: Infinity,
}

/**
 * ismcts iterations per move: 40 × strength², so strength 1 = 40, the default 5 = 1,000, 10 = 4,000. The
 * default keeps a move under a second of one core in every game on average (see README for the maxima). Not in
 * a game whose `botTuning` asks for root rollouts, whose strength sets the samples instead.
 */
export function iterationsFor(strength: number): number {
  return 40 * strength * strength
}

/** The root rollouts of an ismcts move at `strength`, or undefined where ismcts grows a tree. */
export function rolloutWorkFor(engine: AnyEngine, strength: number): RolloutWork | undefined {
  const r = engine.botTuning?.rootRollouts
  return r && { samples: Math.ceil((r.samplesPer5 * strength) / 5), candidates: r.candidates }
}

/** The search settings of an ismcts move at `strength` in `engine`; `rolloutDepth` overrides the playout's length. */
export function searchLimitsFor(engine: AnyEngine, strength: number, rolloutDepth?: number): SearchLimits {
  const base = {
    ...searchDefaults,
    iterations: iterationsFor(strength),
    rolloutDepth: rolloutDepth ?? defaultRolloutDepth(engine),
  }
  const r = engine.botTuning?.rootRollouts
  return r ? { ...base, playout: 'greedy', playoutRuns: r.runs, rolloutDepth: rolloutDepth ?? r.depth } : base
}

/** One ismcts move: the rollout algorithm where the game asks for it, else the tree search. */
export function ismctsMove<A extends BaseAction>(
  engine: AnyEngine,
  state: unknown,
  seat: number,
  legal: readonly A[],
  rng: Random,
  strength: number,
  options: { rolloutDepth?: number; deadline?: number } = {},
): A {
  const limits = {
    ...searchLimitsFor(engine, strength, options.rolloutDepth),
    ...(options.deadline !== undefined && { deadline: options.deadline }),
  }
  const work = rolloutWorkFor(engine, strength)
  return work
    ? rolloutChoice(engine, state, seat, legal, rng, limits, work)
    : ismctsChoice(engine, state, seat, legal, rng, limits)
}

/** What an ismcts move's time grows with: its iterations, or its samples where it runs root rollouts. */
function effortFor(engine: AnyEngine, strength: number): number {
  return rolloutWorkFor(engine, strength)?.samples ?? iterationsFor(strength)
}

export interface BotChoice {
  kind: BotKind
  strength?: number
  timeBudgetMs?: number
}

/** Calibration times a strength-2 move (160 iterations in most games). */
const CALIBRATION_STRENGTH = 2
const msPerEffort = new Map<string, number>()

/** Times a short search from the opening of a sample match, once per engine and process: ms per unit of `effortFor`. */
function calibrate(engine: AnyEngine): number {
  const known = msPerEffort.get(engine.id)
  if (known !== undefined) return known
  const samples = engine.sampleDecks()
  const decks = Array.from({ length: engine.seats.min }, (_, i) => samples[i % samples.length]!.deck)
  const state = engine.setup(decks, engine.schemas.options.parse({}), 'calibration')
  const seat = engine.status(state).toAct[0]!
  const start = performance.now()
  ismctsMove(
    engine,
    state,
    seat,
    engine.legalActions(state, seat),
    Random.fromSeed('calibration'),
    CALIBRATION_STRENGTH,
  )
  const ms = (performance.now() - start) / effortFor(engine, CALIBRATION_STRENGTH)
  msPerEffort.set(engine.id, ms)
  return ms
}

/**
 * The strongest bot whose usual move fits in `budgetMs`: ismcts at the highest strength whose iteration
 * count, timed on this machine, takes at most half the budget (positions vary), with the budget as its
 * hard stop; else greedy, else random. AUTOPLAY uses it; the choice depends on the clock.
 */
export function strongestWithin(engine: AnyEngine, budgetMs: number): BotChoice {
  const kinds = botKinds(engine)
  if (kinds.includes('ismcts')) {
    const ms = calibrate(engine)
    for (let strength = 10; strength >= 1; strength--) {
      if (effortFor(engine, strength) * ms <= budgetMs / 2) return { kind: 'ismcts', strength, timeBudgetMs: budgetMs }
    }
  }
  return { kind: kinds.includes('greedy') ? 'greedy' : 'random' }
}
