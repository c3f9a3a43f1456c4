// The registry of hosted games, by id.
import type { AnyEngine } from './engine.ts'

export class GameRegistry {
  private readonly engines = new Map<string, AnyEngine>()

  constructor(engines: readonly AnyEngine[] = []) {
    for (const e of engines) this.register(e)
  }

  register(engine: AnyEngine): void {
    if (this.engines.has(engine.id)) throw new Error(`game ${engine.id} registered twice`)
    this.engines.set(engine.id, engine)
  }

  get(id: string): AnyEngine | undefined {
    return this.engines.get(id)
  }

  list(): AnyEngine[] {
    return [...this.engines.values()]
  }
}
