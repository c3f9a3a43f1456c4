/** The `arbiter/engines` entry: the pure rules engines and the kernel, for local search, with no server dependencies. */
import { productionGames } from './games/index.ts'
import type { AnyEngine } from './kernel/index.ts'

/** Every engine the server hosts, by game id (the same objects the server runs). */
export const engines: Readonly<Record<string, AnyEngine>> = Object.freeze(Object.fromEntries(productionGames.map((e) => [e.id, e])))

export { productionGames }
export { Random, RuleViolation, actionId, canonicalJson, redactEvent, sameAction } from './kernel/index.ts'
export type { AnyEngine, GameEngine, GameEvent, LabelContext, MatchStatus, BaseAction, DeckReport } from './kernel/index.ts'
export { cyberpunkTcg } from './games/cyberpunk-tcg/index.ts'
export { cyberNetCards } from './games/cyber-net-cards/index.ts'
export { diceThroneMarvel } from './games/dice-throne-marvel/index.ts'
