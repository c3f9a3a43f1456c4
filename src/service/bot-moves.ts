/** How a bot seat (or AUTOPLAY on timeout) chooses its move: the built-in bots, seeded by the match. */
import { Random, type AnyEngine } from '../kernel/index.ts'
import type { BotSpec, Snapshot } from './match-store.ts'

/** Per-move time budgets: a bot seat's move, and one AUTOPLAY move for a late seat. */
export const BOT_MOVE_BUDGET_MS = 1_000
export const AUTOPLAY_BUDGET_MS = 1_000

export function chooseBotMove(engine: AnyEngine, snap: Snapshot, seat: number, _spec: BotSpec | null, _budgetMs: number): { type: string } {
  const rng = Random.fromSeed(`${snap.id}:${snap.version}:${seat}`)
  return rng.pick(engine.legalActions(snap.state, seat))
}
