/** How a bot seat (or AUTOPLAY on timeout) chooses its move: the built-in bots, seeded by the match. */
import type { AnyEngine } from '../kernel/index.ts'
import type { MovePool } from '../bots/move-pool.ts'
import type { MoveSpec } from '../bots/move-task.ts'
import type { BotSpec, Snapshot } from './match-store.ts'

/**
 * Time caps: a bot seat's move (its strength sets the search; this only stops a runaway one) and one
 * AUTOPLAY move for a late seat (the strongest bot that fits, see strongestWithin).
 */
export const BOT_MOVE_BUDGET_MS = 5_000
export const AUTOPLAY_BUDGET_MS = 1_000

export async function chooseBotMove(
  pool: MovePool,
  engine: AnyEngine,
  snap: Snapshot,
  seat: number,
  bot: BotSpec | null,
): Promise<{ type: string }> {
  const spec: MoveSpec = bot
    ? { kind: bot.kind as 'random' | 'greedy' | 'ismcts', strength: bot.strength, budgetMs: BOT_MOVE_BUDGET_MS }
    : { kind: 'auto', budgetMs: AUTOPLAY_BUDGET_MS }
  return pool.choose(engine, {
    game: engine.id,
    state: snap.state,
    seat,
    spec,
    seed: `${snap.id}:${snap.version}:${seat}`,
  })
}
