// How strength maps to search effort, and the strongest bot that fits a time budget (for AUTOPLAY).
import type { AnyEngine } from '../kernel/index.ts'
import { Random } from '../kernel/index.ts'
import { botKinds } from './kinds.ts'
import { search, type PlayoutPolicy } from './ismcts.ts'
import type { BotKind } from './spec.ts'

/**
 * Random moves in an ismcts playout before `evaluate` scores the position: none, since every child already starts
 * from its `evaluate` prior and random moves mostly add noise to it; except in the games listed in ROLLOUT_BY_GAME.
 */
export const DEFAULT_ROLLOUT_DEPTH = 0

/**
 * Games whose short rounds a few random moves see to the end of: in Cyber Net Cards 10 moves (up to the Climax)
 * beat none head to head (see README, "Measured strength").
 */
const ROLLOUT_BY_GAME: Record<string, number> = { 'cyber-net-cards': 10 }

export function defaultRolloutDepth(engine: AnyEngine): number {
  return ROLLOUT_BY_GAME[engine.id] ?? DEFAULT_ROLLOUT_DEPTH
}

/**
 * Games whose tree stops one action below the root, so ismcts scores each of its actions by `evaluate` right after
 * it over many determinizations (greedy's score, better sampled): in Cyberpunk TCG bigger trees did not beat greedy
 * more often (30% against 37% on the same seeds, and no deeper variant did better; see README, "Measured strength")
 * and cost four times the CPU.
 */
const DEPTH_BY_GAME: Record<string, number> = { 'cyberpunk-tcg': 1 }

export function defaultMaxDepth(engine: AnyEngine): number {
  return DEPTH_BY_GAME[engine.id] ?? Infinity
}

/** UCB's exploration constant: `evaluate` tells moves apart by a few hundredths, so the usual 0.7 would drown it. */
export const DEFAULT_EXPLORATION = 0.1

/** The prior of a child counts as this many playouts (see `Node.value`). */
export const DEFAULT_PRIOR_VISITS = 10

/** The search settings of a default ismcts but for its iteration count and playout length. */
export const searchDefaults = { rolloutDepth: DEFAULT_ROLLOUT_DEPTH, playout: 'random' as PlayoutPolicy, playoutRuns: 0, maxApplies: Infinity, exploration: DEFAULT_EXPLORATION, priorVisits: DEFAULT_PRIOR_VISITS, maxDepth: Infinity }

/**
 * ismcts iterations per move: 40 × strength², so strength 1 = 40, the default 5 = 1,000, 10 = 4,000. The
 * default keeps a move under a second of one core in every game on average (Cyberpunk TCG, whose tree is one
 * action deep, takes a few tens of ms; see README for the maxima).
 */
export function iterationsFor(strength: number): number {
  return 40 * strength * strength
}

export interface BotChoice {
  kind: BotKind
  strength?: number
  timeBudgetMs?: number
}

const CALIBRATION_ITERATIONS = 200
const msPerIteration = new Map<string, number>()

/** Times a short search from the opening of a sample match, once per engine and process. */
function calibrate(engine: AnyEngine): number {
  const known = msPerIteration.get(engine.id)
  if (known !== undefined) return known
  const samples = engine.sampleDecks()
  const decks = Array.from({ length: engine.seats.min }, (_, i) => samples[i % samples.length]!.deck)
  const state = engine.setup(decks, engine.schemas.options.parse({}), 'calibration')
  const seat = engine.status(state).toAct[0]!
  const start = performance.now()
  search(engine, state, seat, engine.legalActions(state, seat), Random.fromSeed('calibration'), {
    ...searchDefaults,
    rolloutDepth: defaultRolloutDepth(engine),
    maxDepth: defaultMaxDepth(engine),
    iterations: CALIBRATION_ITERATIONS,
  })
  const ms = (performance.now() - start) / CALIBRATION_ITERATIONS
  msPerIteration.set(engine.id, ms)
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
      if (iterationsFor(strength) * ms <= budgetMs / 2) return { kind: 'ismcts', strength, timeBudgetMs: budgetMs }
    }
  }
  return { kind: kinds.includes('greedy') ? 'greedy' : 'random' }
}
