import type { AnyEngine } from '../kernel/index.ts'

/** The production registry's games. Each engine adds its own line here when it lands. */
export const productionGames: AnyEngine[] = []
