// The greedy bot: one ply, each legal action scored by the engine's `evaluate` on determinized copies.
import type { AnyEngine, BaseAction, Random } from '../kernel/index.ts'

/**
 * Determinizations each action is scored on, shared by all actions (common random numbers): one sample
 * would overrate any action whose outcome is a die roll or a draw, since the best of noisy scores wins.
 */
export const GREEDY_SAMPLES = 8

/**
 * Applies every legal action to the same few `determinize`d copies (never the real state, whose next draw
 * or roll is hidden) and keeps the best mean `evaluate` for `seat`; ties go to the seeded `rng`. If the
 * same seat acts again afterwards that is still one ply: the position is scored as it stands.
 */
export function greedyChoice<A extends BaseAction>(
  engine: AnyEngine,
  state: unknown,
  seat: number,
  legal: readonly A[],
  rng: Random,
): A {
  if (legal.length === 1) return legal[0]!
  const samples = Array.from({ length: GREEDY_SAMPLES }, () => engine.determinize!(state, seat, rng))
  const scores = legal.map(action => {
    let total = 0
    for (const d of samples) total += engine.evaluate!(engine.apply(d, seat, action).state, seat)
    return total / samples.length
  })
  const best = Math.max(...scores)
  return rng.pick(legal.filter((_, i) => scores[i]! >= best - 1e-12))
}
