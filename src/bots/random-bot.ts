// The random bot: uniform among the legal actions.
import type { BaseAction, Random } from '../kernel/index.ts'

export function randomChoice<A extends BaseAction>(legal: readonly A[], rng: Random): A {
  return rng.pick(legal)
}
