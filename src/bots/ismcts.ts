// Single-observer information-set MCTS (Cowling, Powley & Whitehouse 2012) over determinized states, guided by
// `evaluate`.
import { Random, type AnyEngine, type BaseAction } from '../kernel/index.ts'
import { actorOf, evaluatedRewards, terminalRewards, type Rewards } from './outcome.ts'

/**
 * How a playout picks its moves: `random` uniformly; `greedy` the move whose next position the mover's `evaluate`
 * (on the determinized state being played) rates best, ties to the seeded generator. Greedy playouts make the search
 * a rollout algorithm (Bertsekas; Tesauro's Monte Carlo rollouts): each root action is scored by how the position
 * stands after greedy play goes on from it, not by `evaluate` right after it.
 */
export type PlayoutPolicy = 'random' | 'greedy'

export interface SearchLimits {
  iterations: number
  /** Moves in a playout before `evaluate` scores it; Infinity plays to the end (always, without `evaluate`). */
  rolloutDepth: number
  /** How those moves are picked (random without `evaluate`). */
  playout: PlayoutPolicy
  /**
   * Also ends a playout (before `rolloutDepth`) at the start of its `playoutRuns`-th new run, 0 for never. A run is
   * a stretch of one seat's decisions (its turn, in most games); a new one starts when a seat other than the run's
   * owner is to act right after its own move, so a lone decision inside another seat's run (a block, a reaction)
   * does not start one. 1 scores every action at the end of the searching seat's run, 2 after the rival's answer.
   */
  playoutRuns: number
  /** UCB's exploration constant, in the units of the rewards (see DEFAULT_EXPLORATION). */
  exploration: number
  /** How many playouts a child's prior (`evaluate` right after its action) counts as (see DEFAULT_PRIOR_VISITS). */
  priorVisits: number
  /** How many actions below the root the tree grows at most (Infinity: no limit). */
  maxDepth: number
  /** Stops early when the wall clock passes this `performance.now()` value. */
  deadline?: number
}

/** One node per action sequence seen from the searching seat's information set. */
export class Node {
  readonly children = new Map<string, Node>()
  visits = 0
  /** Sum of the rewards of `mover`, the seat whose action led here. */
  reward = 0
  /** How many times this node's action was available when its parent was selected from. */
  available = 1

  constructor(
    readonly mover: number,
    readonly action: BaseAction | null,
    /**
     * `mover`'s `evaluate` of the position right after `action`, in the determinization that first met it (0.5 without
     * `evaluate`).
     */
    readonly prior: number,
  ) {}

  /**
   * The mean reward with the prior counted as `priorVisits` playouts, so a few noisy playouts cannot bury greedy's
   * pick.
   */
  value(priorVisits: number): number {
    return (this.reward + priorVisits * this.prior) / (this.visits + priorVisits)
  }

  ucb(limits: SearchLimits): number {
    return this.value(limits.priorVisits) + limits.exploration * Math.sqrt(Math.log(this.available) / (this.visits + 1))
  }
}

// Actions from one legalActions call share a shape, so plain JSON tells equal actions apart cheaply.
const keyOf = (actor: number, action: BaseAction) => `${actor}|${JSON.stringify(action)}`

/**
 * Every iteration samples a state consistent with what `seat` sees (`engine.determinize`) and descends the shared tree
 * among the children whose actions are legal in that sample (availability counts). Actions met for the first time
 * become children with a prior, the mover's `evaluate` right after them (greedy's one-ply score); selection is UCB over
 * the prior-weighted mean. The first unvisited child chosen is scored by a short random playout and `evaluate`, as is a
 * node at `maxDepth` however often it is visited; each node on the path is credited with the reward of the seat that
 * moved into it. Returns the root action with the most visits. The real `state` is only read for the seat's own legal
 * actions (which it sees); the search itself never plays from it.
 */
export function ismctsChoice<A extends BaseAction>(
  engine: AnyEngine,
  state: unknown,
  seat: number,
  legal: readonly A[],
  rng: Random,
  limits: SearchLimits,
): A {
  if (legal.length === 1) return legal[0]!
  const root = search(engine, state, seat, legal, rng, limits)
  let best = 0
  let bestVisits = -1
  let bestValue = -1
  legal.forEach((a, i) => {
    const n = root.children.get(keyOf(seat, a))
    const visits = n?.visits ?? 0
    const value = n ? n.value(limits.priorVisits) : 0
    if (visits > bestVisits || (visits === bestVisits && value > bestValue))
      [best, bestVisits, bestValue] = [i, visits, value]
  })
  return legal[best]!
}

/** Runs the iterations and returns the root; also used to time the search. */
export function search(
  engine: AnyEngine,
  state: unknown,
  seat: number,
  legal: readonly BaseAction[],
  rng: Random,
  limits: SearchLimits,
): Node {
  const root = new Node(seat, null, 0.5)
  for (let i = 0; i < limits.iterations; i++) {
    if (limits.deadline !== undefined && (i & 7) === 0 && i > 0 && performance.now() > limits.deadline) break
    iterate(engine, state, seat, legal, root, rng, limits)
  }
  return root
}

function iterate(
  engine: AnyEngine,
  real: unknown,
  seat: number,
  rootLegal: readonly BaseAction[],
  root: Node,
  rng: Random,
  limits: SearchLimits,
): void {
  let d = engine.determinize!(real, seat, rng)
  let node = root
  const path: Node[] = []
  for (;;) {
    const st = engine.status(d)
    if (st.finished) break
    const actor = actorOf(st.toAct, seat)
    const legal = node === root ? rootLegal : engine.legalActions(d, actor)
    const present: Node[] = []
    // the positions after actions met for the first time, so the chosen one need not be applied again
    const fresh = new Map<Node, unknown>()
    for (const a of legal) {
      const key = keyOf(actor, a)
      let child = node.children.get(key)
      if (!child) {
        const next = engine.apply(d, actor, a).state
        child = new Node(actor, a, engine.evaluate ? engine.evaluate(next, actor) : 0.5)
        node.children.set(key, child)
        fresh.set(child, next)
      }
      present.push(child)
    }
    // scanned from a random offset so that ties (equal priors, say) go to the seeded generator
    const offset = rng.int(0, present.length - 1)
    let chosen = present[offset]!
    let score = -Infinity
    for (let i = 0; i < present.length; i++) {
      const c = present[(offset + i) % present.length]!
      c.available++
      const u = c.ucb(limits)
      if (u > score) [chosen, score] = [c, u]
    }
    d = fresh.get(chosen) ?? engine.apply(d, actor, chosen.action!).state
    path.push(chosen)
    node = chosen
    if (chosen.visits === 0 || path.length >= limits.maxDepth) break
  }
  const rewards = rollout(engine, d, seat, path.length > 0 ? path[path.length - 1]!.mover : seat, rng, limits)
  for (const n of path) {
    n.visits++
    n.reward += rewards(n.mover)
  }
}

/** A playout without `evaluate` that runs this long is scored as a draw, so a search always ends. */
export const MAX_PLAYOUT = 20_000

/** `lastMover` made the move that led to `start`; `seat` is the searching seat. */
function rollout(
  engine: AnyEngine,
  start: unknown,
  seat: number,
  lastMover: number,
  rng: Random,
  limits: SearchLimits,
): Rewards {
  let d = start
  const limit = engine.evaluate ? limits.rolloutDepth : MAX_PLAYOUT
  const greedy = limits.playout === 'greedy' && engine.evaluate !== undefined
  let previous = lastMover
  let owner = seat
  let runs = 0
  for (let moves = 0; ; moves++) {
    const st = engine.status(d)
    if (st.finished) return terminalRewards(engine, d)
    if (previous !== owner && st.toAct.includes(previous)) [owner, runs] = [previous, runs + 1]
    const runsDone = limits.playoutRuns > 0 && runs >= limits.playoutRuns && engine.evaluate !== undefined
    if (moves >= limit || runsDone) return engine.evaluate ? evaluatedRewards(engine, d) : () => 0.5
    const actor = rng.pick(st.toAct)
    previous = actor
    const legal = engine.legalActions(d, actor)
    d = greedy ? greedyNext(engine, d, actor, legal, rng) : engine.apply(d, actor, rng.pick(legal)).state
  }
}

/** `seat`'s reward for one playout from `start` (see `rollout`) with a generator of its own, seeded by `seed`. */
export function playout(
  engine: AnyEngine,
  start: unknown,
  seat: number,
  lastMover: number,
  seed: string,
  limits: SearchLimits,
): number {
  return rollout(engine, start, seat, lastMover, Random.fromSeed(seed), limits)(seat)
}

/**
 * The position after `actor`'s best-rated action in the determinized `d`; scanned from a random offset so ties go to
 * `rng`.
 */
export function greedyNext(
  engine: AnyEngine,
  d: unknown,
  actor: number,
  legal: readonly BaseAction[],
  rng: Random,
): unknown {
  const offset = rng.int(0, legal.length - 1)
  let best: unknown
  let score = -Infinity
  for (let i = 0; i < legal.length; i++) {
    const next = engine.apply(d, actor, legal[(offset + i) % legal.length]!).state
    const v = engine.evaluate!(next, actor)
    if (v > score) [best, score] = [next, v]
  }
  return best
}
