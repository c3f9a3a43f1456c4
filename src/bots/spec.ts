// What a caller asks of a built-in bot: its kind, strength, seed and optional time budget.
import { z } from 'zod'

export const BOT_KINDS = ['random', 'greedy', 'ismcts'] as const
export const botKindSchema = z.enum(BOT_KINDS)
export type BotKind = z.infer<typeof botKindSchema>

export const DEFAULT_STRENGTH = 5

export const botOptionsSchema = z.object({
  kind: botKindSchema,
  /**
   * 1 (fastest) to 10 (strongest); only ismcts uses it, see `iterationsFor` (and `rolloutWorkFor` in Cyberpunk TCG).
   */
  strength: z.number().int().min(1).max(10).default(DEFAULT_STRENGTH),
  /** Every random choice the bot makes comes from this seed, so a move is reproducible. */
  seed: z.string(),
  /** A wall-clock cap for ismcts: it stops early when reached, and is then no longer deterministic. */
  timeBudgetMs: z.number().positive().optional(),
  /**
   * ismcts playouts: after this many random moves the position is scored with `evaluate`; `Infinity`
   * plays to the end. Defaults to `defaultRolloutDepth(engine)` (none, or 10 in Cyber Net Cards); in Cyberpunk TCG
   * it caps the greedy playouts of the root rollouts instead (120 by default, see `searchLimitsFor`).
   */
  rolloutDepth: z.number().int().min(0).or(z.literal(Infinity)).optional(),
})
export type BotOptions = z.input<typeof botOptionsSchema>
export type ParsedBotOptions = z.output<typeof botOptionsSchema>
