// Single-observer information-set MCTS (Cowling, Powley & Whitehouse 2012) over determinized states.
import type { AnyEngine, BaseAction, Random } from '../kernel/index.ts'
import { actorOf, evaluatedRewards, terminalRewards, type Rewards } from './outcome.ts'

/** UCB1's exploration constant for rewards in [0, 1], as in Cowling et al. */
export const EXPLORATION = 0.7

export interface SearchLimits {
  iterations: number
  /** Random moves in a playout before `evaluate` scores it; Infinity plays to the end (always, without `evaluate`). */
  rolloutDepth: number
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
  ) {}

  ucb(): number {
    return this.reward / this.visits + EXPLORATION * Math.sqrt(Math.log(this.available) / this.visits)
  }
}

// Actions from one legalActions call share a shape, so plain JSON tells equal actions apart cheaply.
const keyOf = (actor: number, action: BaseAction) => `${actor}|${JSON.stringify(action)}`

/**
 * Every iteration samples a state consistent with what `seat` sees (`engine.determinize`), descends the
 * shared tree by UCB1 among the children whose actions are legal in that sample (availability counts),
 * expands one untried action, plays a random playout, and credits each node with the reward of the seat
 * that moved into it. Returns the most visited root action. The real `state` is only read for the seat's
 * own legal actions (which it sees); the search itself never plays from it.
 */
export function ismctsChoice<A extends BaseAction>(engine: AnyEngine, state: unknown, seat: number, legal: readonly A[], rng: Random, limits: SearchLimits): A {
  if (legal.length === 1) return legal[0]!
  const root = search(engine, state, seat, legal, rng, limits)
  let best = 0
  let bestVisits = -1
  let bestMean = -1
  legal.forEach((a, i) => {
    const n = root.children.get(keyOf(seat, a))
    const visits = n?.visits ?? 0
    const mean = n && n.visits > 0 ? n.reward / n.visits : 0
    if (visits > bestVisits || (visits === bestVisits && mean > bestMean)) [best, bestVisits, bestMean] = [i, visits, mean]
  })
  return legal[best]!
}

/** Runs the iterations and returns the root; also used to time the search. */
export function search(engine: AnyEngine, state: unknown, seat: number, legal: readonly BaseAction[], rng: Random, limits: SearchLimits): Node {
  const root = new Node(seat, null)
  for (let i = 0; i < limits.iterations; i++) {
    if (limits.deadline !== undefined && (i & 7) === 0 && i > 0 && performance.now() > limits.deadline) break
    iterate(engine, state, seat, legal, root, rng, limits.rolloutDepth)
  }
  return root
}

function iterate(engine: AnyEngine, real: unknown, seat: number, rootLegal: readonly BaseAction[], root: Node, rng: Random, rolloutDepth: number): void {
  let d = engine.determinize!(real, seat, rng)
  let node = root
  const path: Node[] = []
  for (;;) {
    const st = engine.status(d)
    if (st.finished) break
    const actor = actorOf(st.toAct, seat)
    const legal = node === root ? rootLegal : engine.legalActions(d, actor)
    const untried: [string, BaseAction][] = []
    const present: Node[] = []
    for (const a of legal) {
      const key = keyOf(actor, a)
      const child = node.children.get(key)
      if (child) present.push(child)
      else untried.push([key, a])
    }
    if (untried.length > 0) {
      const [key, action] = rng.pick(untried)
      const child = new Node(actor, action)
      node.children.set(key, child)
      d = engine.apply(d, actor, action).state
      path.push(child)
      break
    }
    let chosen = present[0]!
    let score = -Infinity
    for (const c of present) c.available++
    for (const c of present) {
      const u = c.ucb()
      if (u > score) [chosen, score] = [c, u]
    }
    d = engine.apply(d, actor, chosen.action!).state
    path.push(chosen)
    node = chosen
  }
  const rewards = rollout(engine, d, rng, rolloutDepth)
  for (const n of path) {
    n.visits++
    n.reward += rewards(n.mover)
  }
}

/** A playout without `evaluate` that runs this long is scored as a draw, so a search always ends. */
export const MAX_PLAYOUT = 20_000

function rollout(engine: AnyEngine, start: unknown, rng: Random, depth: number): Rewards {
  let d = start
  const limit = engine.evaluate ? depth : MAX_PLAYOUT
  for (let moves = 0; ; moves++) {
    const st = engine.status(d)
    if (st.finished) return terminalRewards(engine, d)
    if (moves >= limit) return engine.evaluate ? evaluatedRewards(engine, d) : () => 0.5
    const actor = rng.pick(st.toAct)
    d = engine.apply(d, actor, rng.pick(engine.legalActions(d, actor))).state
  }
}
