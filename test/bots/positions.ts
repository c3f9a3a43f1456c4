// Positions for bot tests: states reached by seeded random play where the seat to act has a real choice.
import { Random, type AnyEngine } from '../../src/kernel/index.ts'

export interface Position {
  state: unknown
  seat: number
}

export function decksFor(engine: AnyEngine): unknown[] {
  const samples = engine.sampleDecks()
  return Array.from({ length: engine.seats.min }, (_, i) => samples[i % samples.length]!.deck)
}

/**
 * `count` positions from seeded random games, taken at random steps, each with at least two legal actions
 * for the seat to act (a single action tests nothing).
 */
export function positions(engine: AnyEngine, count: number, seed: string): Position[] {
  const pick = Random.fromSeed(`positions:${seed}`)
  const out: Position[] = []
  const options = engine.schemas.options.parse(engine.randomPlayOptions ?? {})
  for (let g = 0; out.length < count && g < count * 20; g++) {
    let state = engine.setup(decksFor(engine), options, `${seed}-${g}`)
    const stopAt = pick.int(0, 80)
    for (let i = 0; !engine.status(state).finished; i++) {
      const seat = Math.min(...engine.status(state).toAct)
      const legal = engine.legalActions(state, seat)
      if (i >= stopAt && legal.length > 1) {
        out.push({ state, seat })
        break
      }
      state = engine.apply(state, seat, pick.pick(legal)).state
    }
  }
  return out
}
