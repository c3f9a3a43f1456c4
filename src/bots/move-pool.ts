// Bot moves off the request thread: a search takes up to a second of CPU, so it runs on a worker thread.
import { Piscina } from 'piscina'
import { productionGames } from '../games/index.ts'
import type { AnyEngine, BaseAction } from '../kernel/index.ts'
import { chooseMove, type MoveTask } from './move-task.ts'

const production = new Map(productionGames.map((e) => [e.id, e]))

export class MovePool {
  private pool: Piscina | null = null

  /** The bot's action; engines outside the production registry (tests' own games) run on this thread. */
  async choose(engine: AnyEngine, task: MoveTask): Promise<BaseAction> {
    if (production.get(engine.id) !== engine) return chooseMove(engine, task)
    // One thread, started on first use and stopped when idle: bot moves are rare next to requests.
    this.pool ??= new Piscina({ filename: new URL('./move-worker.mjs', import.meta.url).href, minThreads: 0, maxThreads: 1, idleTimeout: 30_000 })
    return (await this.pool.run(task)) as BaseAction
  }

  async close(): Promise<void> {
    await this.pool?.destroy()
    this.pool = null
  }
}
