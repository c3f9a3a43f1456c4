// Bot moves and deck lab games off the request thread: a search takes up to a second of CPU, so it runs on a worker
// thread.
import { Piscina } from 'piscina'
import { productionGames } from '../games/index.ts'
import type { AnyEngine, BaseAction } from '../kernel/index.ts'
import { chooseMove, type MoveTask } from './move-task.ts'
import { playLabGame, type LabGameOutcome, type LabGameTask } from './lab-game.ts'

const production = new Map(productionGames.map(e => [e.id, e]))

export class MovePool {
  private pool: Piscina | null = null

  /** The bot's action; engines outside the production registry (tests' own games) run on this thread. */
  async choose(engine: AnyEngine, task: MoveTask): Promise<BaseAction> {
    if (production.get(engine.id) !== engine) return chooseMove(engine, task)
    return (await this.started().run(task)) as BaseAction
  }

  /**
   * One deck lab game, played to its end on the worker (the same thread: a lab's games queue behind each other, one at
   * a time).
   */
  async playLabGame(engine: AnyEngine, task: LabGameTask): Promise<LabGameOutcome> {
    if (production.get(engine.id) !== engine) return playLabGame(engine, task)
    return (await this.started().run(task, { name: 'runLabGame' })) as LabGameOutcome
  }

  // One thread, started on first use and stopped when idle: bot moves are rare next to requests.
  private started(): Piscina {
    this.pool ??= new Piscina({
      filename: new URL('./move-worker.mjs', import.meta.url).href,
      minThreads: 0,
      maxThreads: 1,
      idleTimeout: 30_000,
    })
    return this.pool
  }

  async close(): Promise<void> {
    await this.pool?.destroy()
    this.pool = null
  }
}
