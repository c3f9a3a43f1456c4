// Which bot kinds an engine supports, and why a kind is missing.
import type { AnyEngine } from '../kernel/index.ts'
import type { BotKind } from './spec.ts'

/** The engine members each kind needs beyond the base contract. */
const NEEDS: Record<BotKind, readonly ('determinize' | 'evaluate')[]> = {
  random: [],
  greedy: ['determinize', 'evaluate'],
  ismcts: ['determinize'],
}

/** The kinds `engine` supports, weakest first (what `Game.bots` lists). */
export function botKinds(engine: AnyEngine): BotKind[] {
  return (Object.keys(NEEDS) as BotKind[]).filter(k => missingFor(engine, k).length === 0)
}

export function missingFor(engine: AnyEngine, kind: BotKind): string[] {
  return NEEDS[kind].filter(m => typeof engine[m] !== 'function')
}

export class UnsupportedBotError extends Error {
  constructor(engine: AnyEngine, kind: BotKind) {
    super(`${engine.id} has no ${kind} bot: the engine needs ${missingFor(engine, kind).join(' and ')}`)
    this.name = 'UnsupportedBotError'
  }
}
