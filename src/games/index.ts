import type { AnyEngine } from '../kernel/index.ts'
import { cyberpunkTcg } from './cyberpunk-tcg/index.ts'
import { cyberNetCards } from './cyber-net-cards/index.ts'
import { diceThroneMarvel } from './dice-throne-marvel/index.ts'

/** The production registry's games. Each engine adds its own line here when it lands. */
export const productionGames: AnyEngine[] = [cyberNetCards, cyberpunkTcg, diceThroneMarvel]

/**
 * The match options for play by bots alone of a production game (its engine's `randomPlayOptions`), for callers that
 * know the game by id (benchmarks and tests over the API); the defaults for any other game.
 */
export function randomPlayOptions(gameId: string): Record<string, unknown> {
  return productionGames.find(engine => engine.id === gameId)?.randomPlayOptions ?? {}
}
