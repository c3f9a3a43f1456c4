import type { AnyEngine } from '../kernel/index.ts'
import { cyberpunkTcg } from './cyberpunk-tcg/index.ts'
import { cyberNetCards } from './cyber-net-cards/index.ts'
import { diceThroneMarvel } from './dice-throne-marvel/index.ts'

/** The production registry's games. Each engine adds its own line here when it lands. */
export const productionGames: AnyEngine[] = [cyberNetCards, cyberpunkTcg, diceThroneMarvel]
