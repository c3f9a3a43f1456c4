// One bot move as a task for a worker thread: the engine by game id, the state, and who plays it how.
import { productionGames } from '../games/index.ts'
import type { AnyEngine, BaseAction } from '../kernel/index.ts'
import { strongestWithin } from './budget.ts'
import { chooseAction } from './choose.ts'
import type { BotKind } from './spec.ts'

/** `auto`: the strongest kind that fits `budgetMs` (AUTOPLAY); otherwise that kind at that strength. */
export type MoveSpec = { kind: BotKind; strength?: number; budgetMs: number } | { kind: 'auto'; budgetMs: number }

export interface MoveTask {
  game: string
  state: unknown
  seat: number
  spec: MoveSpec
  seed: string
}

export function chooseMove(engine: AnyEngine, task: MoveTask): BaseAction {
  const spec =
    task.spec.kind === 'auto'
      ? strongestWithin(engine, task.spec.budgetMs)
      : { ...task.spec, timeBudgetMs: task.spec.budgetMs }
  return chooseAction(engine, task.state, task.seat, {
    kind: spec.kind,
    strength: spec.strength,
    timeBudgetMs: spec.timeBudgetMs,
    seed: task.seed,
  })
}

const engines = new Map(productionGames.map(e => [e.id, e]))

/** The worker's entry: production games only (the pool runs other engines on the calling thread). */
export function runMoveTask(task: MoveTask): BaseAction {
  const engine = engines.get(task.game)
  if (!engine) throw new Error(`no production game ${task.game}`)
  return chooseMove(engine, task)
}
