/**
 * The `arbiter/engines` entry: the pure rules engines and the kernel, for local search, with no server dependencies.
 */
import type { Random } from './kernel/random.ts'
import type { BaseAction, GameEngine } from './kernel/index.ts'
import { cyberNetCards } from './games/cyber-net-cards/index.ts'
import type { CNAction, CNDeck, CNOptions, CNState } from './games/cyber-net-cards/index.ts'
import type { CNView } from './games/cyber-net-cards/schemas.ts'
import { cyberpunkTcg } from './games/cyberpunk-tcg/index.ts'
import type { Action as CPAction } from './games/cyberpunk-tcg/actions.ts'
import type { Deck as CPDeck } from './games/cyberpunk-tcg/deck.ts'
import type { View as CPView } from './games/cyberpunk-tcg/schemas.ts'
import type { Options as CPOptions, State as CPState } from './games/cyberpunk-tcg/state.ts'
import { diceThroneMarvel } from './games/dice-throne-marvel/index.ts'
import type { DTAction, DTDeck, DTOptions, DTState } from './games/dice-throne-marvel/index.ts'
import type { DTView } from './games/dice-throne-marvel/view.ts'
import { productionGames } from './games/index.ts'

/**
 * An engine as the library gives it: the engine contract with `view` typed by the game's view, and the search
 * members (`determinize`, `evaluate`) present, as every production engine has them.
 */
export type LibraryEngine<State, Action extends BaseAction, Deck, Options, View> = Omit<
  GameEngine<State, Action, Deck, Options>,
  'view' | 'determinize' | 'evaluate'
> & {
  /** What `seat` may see (null = spectator). */
  view(state: State, seat: number | null): View
  /** A full state consistent with everything `seat` can see (hidden cards shuffled, the RNG re-seeded), for search. */
  determinize(state: State, seat: number, rng: Random): State
  /** A one-ply heuristic: how good `state` is for `seat`, in [0, 1], from what `seat` can see. */
  evaluate(state: State, seat: number): number
}

export type CyberNetCardsEngine = LibraryEngine<CNState, CNAction, CNDeck, CNOptions, CNView>
export type CyberpunkTcgEngine = LibraryEngine<CPState, CPAction, CPDeck, CPOptions, CPView>
export type DiceThroneMarvelEngine = LibraryEngine<DTState, DTAction, DTDeck, DTOptions, DTView>

/** Every engine the server hosts, one property per game id, each typed by its game. */
export interface Engines {
  readonly 'cyber-net-cards': CyberNetCardsEngine
  readonly 'cyberpunk-tcg': CyberpunkTcgEngine
  readonly 'dice-throne-marvel': DiceThroneMarvelEngine
}
export type GameId = keyof Engines

/**
 * The engine, checked to have what its library type promises (a missing member would otherwise fail only when called).
 */
function searchable<E extends { id: string; determinize?: unknown; evaluate?: unknown }>(
  engine: E,
): E & { determinize: NonNullable<E['determinize']>; evaluate: NonNullable<E['evaluate']> } {
  if (typeof engine.determinize !== 'function' || typeof engine.evaluate !== 'function')
    throw new Error(`${engine.id}: the library needs determinize and evaluate`)
  return engine as E & { determinize: NonNullable<E['determinize']>; evaluate: NonNullable<E['evaluate']> }
}

/** The same objects the server runs. */
export const engines: Engines = Object.freeze({
  'cyber-net-cards': searchable(cyberNetCards) as CyberNetCardsEngine,
  'cyberpunk-tcg': searchable(cyberpunkTcg) as CyberpunkTcgEngine,
  'dice-throne-marvel': searchable(diceThroneMarvel) as DiceThroneMarvelEngine,
})

export { productionGames }
export { Random, RuleViolation, actionId, canonicalJson, redactEvent, sameAction } from './kernel/index.ts'
export type {
  AnyEngine,
  GameEngine,
  GameEvent,
  LabelContext,
  MatchStatus,
  BaseAction,
  DeckReport,
} from './kernel/index.ts'
export type {
  CNAction,
  CNDeck,
  CNOptions,
  CNState,
  CNView,
  CPAction,
  CPDeck,
  CPOptions,
  CPState,
  CPView,
  DTAction,
  DTDeck,
  DTOptions,
  DTState,
  DTView,
}
export { cyberpunkTcg, cyberNetCards, diceThroneMarvel }
