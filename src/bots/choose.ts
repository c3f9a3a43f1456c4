// The one entry point for a built-in bot's move, used by the server's bot seats, AUTOPLAY and `arbiter sim`.
import { Random, type AnyEngine, type BaseAction } from '../kernel/index.ts'
import { ismctsMove } from './budget.ts'
import { greedyChoice } from './greedy.ts'
import { missingFor, UnsupportedBotError } from './kinds.ts'
import { randomChoice } from './random-bot.ts'
import { botOptionsSchema, type BotOptions } from './spec.ts'

/**
 * The action the bot `options.kind` takes for `seat` in `state`, one of `engine.legalActions(state, seat)`.
 * It sees only what `seat` sees: greedy and ismcts evaluate and search `determinize`d copies only. The
 * same seed (and, for ismcts, no `timeBudgetMs`) gives the same action. Throws UnsupportedBotError when
 * the engine lacks what the kind needs (see `botKinds`), and an Error when `seat` has no decision.
 */
export function chooseAction(engine: AnyEngine, state: unknown, seat: number, options: BotOptions): BaseAction {
  const o = botOptionsSchema.parse(options)
  if (missingFor(engine, o.kind).length > 0) throw new UnsupportedBotError(engine, o.kind)
  const legal: BaseAction[] = engine.legalActions(state, seat)
  if (legal.length === 0) throw new Error(`seat ${seat} has no decision to make`)
  const rng = Random.fromSeed(`bot:${o.kind}:${o.seed}`)
  switch (o.kind) {
    case 'random':
      return randomChoice(legal, rng)
    case 'greedy':
      return greedyChoice(engine, state, seat, legal, rng)
    case 'ismcts':
      return ismctsMove(engine, state, seat, legal, rng, o.strength, {
        ...(o.rolloutDepth !== undefined && { rolloutDepth: o.rolloutDepth }),
        ...(o.timeBudgetMs !== undefined && { deadline: performance.now() + o.timeBudgetMs }),
      })
  }
}
