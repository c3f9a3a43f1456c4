/** Which built-in bot kinds can play a game: search needs the engine's determinize and evaluate. */
import type { AnyEngine } from '../kernel/index.ts'

export function botKinds(engine: AnyEngine): string[] {
  return engine.determinize && engine.evaluate ? ['random', 'greedy', 'ismcts'] : ['random']
}
