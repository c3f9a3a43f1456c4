import { Random, type AnyEngine } from '../src/kernel/index.ts'

export interface PlayoutFigures {
  game: string
  games: number
  decisions: number
  seconds: number
  unfinished: number
}

/**
 * Random playouts on one core: at every step list the acting seat's legal actions and pick one
 * uniformly, until the game ends. Runs for about `seconds`.
 */
export function playouts(
  engine: AnyEngine,
  decks: unknown[],
  options: unknown,
  seconds: number,
  maxSteps = 5_000,
): PlayoutFigures {
  const pick = Random.fromSeed(`bench:${engine.id}`)
  const opts = engine.schemas.options.parse(options ?? {})
  let games = 0
  let decisions = 0
  let unfinished = 0
  const start = performance.now()
  const end = start + seconds * 1000
  while (performance.now() < end) {
    let state = engine.setup(decks, opts, `bench-${games}`)
    let steps = 0
    for (; steps < maxSteps; steps++) {
      const st = engine.status(state)
      if (st.finished) break
      const seat = st.toAct.length === 1 ? st.toAct[0]! : pick.pick(st.toAct)
      const legal = engine.legalActions(state, seat)
      state = engine.apply(state, seat, pick.pick(legal)).state
      decisions++
    }
    if (steps === maxSteps) unfinished++
    games++
  }
  return { game: engine.id, games, decisions, seconds: (performance.now() - start) / 1000, unfinished }
}
