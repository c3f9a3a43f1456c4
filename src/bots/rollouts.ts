// The rollout algorithm at the root (Bertsekas; Tesauro's Monte Carlo rollouts): greedy's best few actions, each scored
// by greedy play after it.
import type { AnyEngine, BaseAction, Random } from '../kernel/index.ts'
import { playout, type SearchLimits } from './ismcts.ts'

/** How the root's actions are sampled when `SearchLimits.candidates` is set. */
export interface RolloutWork {
  /** Determinizations, shared by every candidate (common random numbers). */
  samples: number
  /** How many of greedy's best actions (by their mean `evaluate` over the samples) are played out. */
  candidates: number
}

/**
 * Scores every legal action as greedy does (mean `evaluate` right after it over `samples` determinizations), then
 * plays out the best `candidates` of them on the same determinizations, each sample's playout with the same seed
 * whichever the candidate, so that the candidates differ by their action, not by luck; returns the best mean playout.
 * Past `limits.deadline` it stops after the sample being played out.
 */
export function rolloutChoice<A extends BaseAction>(
  engine: AnyEngine,
  state: unknown,
  seat: number,
  legal: readonly A[],
  rng: Random,
  limits: SearchLimits,
  work: RolloutWork,
): A {
  if (legal.length === 1) return legal[0]!
  const samples = Array.from({ length: work.samples }, () => ({
    d: engine.determinize!(state, seat, rng),
    seed: `${rng.int(0, 2 ** 30)}`,
  }))
  const scored = legal.map((action, i) => {
    const next = samples.map(s => engine.apply(s.d, seat, action).state)
    return {
      i,
      next,
      prior: next.reduce((t: number, n) => t + engine.evaluate!(n, seat), 0) / samples.length,
      total: 0,
    }
  })
  // a stable sort: ties keep the legal order, which is deterministic
  const top = [...scored].sort((a, b) => b.prior - a.prior).slice(0, work.candidates)
  for (let j = 0; j < samples.length; j++) {
    if (j > 0 && limits.deadline !== undefined && performance.now() > limits.deadline) break
    for (const c of top) c.total += playout(engine, c.next[j], seat, seat, samples[j]!.seed, limits)
  }
  const best = top.reduce((b, c) => (c.total > b.total ? c : b))
  return legal[best.i]!
}
