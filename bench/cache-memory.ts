// The heap one cached snapshot holds on each real engine: states taken from random play (a quarter,
// half and three quarters into a game), parsed from JSON as a load from the database parses them.
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { Random, type AnyEngine } from '../src/kernel/index.ts'

setFlagsFromString('--expose-gc')
const gc = runInNewContext('gc') as () => void

function gameStates(engine: AnyEngine, seed: string): unknown[] {
  const pick = Random.fromSeed(seed)
  const samples = engine.sampleDecks()
  let state = engine.setup(
    [samples[0]!.deck, (samples[1] ?? samples[0])!.deck],
    engine.schemas.options.parse(engine.randomPlayOptions ?? {}),
    seed,
  )
  const states = [state]
  for (let steps = 0; steps < 5_000 && !engine.status(state).finished; steps++) {
    const st = engine.status(state)
    const seat = pick.pick(st.toAct)
    state = engine.apply(state, seat, pick.pick(engine.legalActions(state, seat))).state
    states.push(state)
  }
  return [0.25, 0.5, 0.75].map(f => states[Math.floor(f * (states.length - 1))])
}

/** Mean heap bytes per cached state (and its JSON size) over `copies` parsed copies of sampled states. */
export function cacheMemory(engine: AnyEngine, copies = 600): { bytes: number; jsonBytes: number } {
  const json = [0, 1, 2, 3].flatMap(g => gameStates(engine, `cache-memory-${g}`)).map(s => JSON.stringify(s))
  gc()
  const before = process.memoryUsage().heapUsed
  const held = Array.from({ length: copies }, (_, i) => ({
    snap: { state: JSON.parse(json[i % json.length]!) },
    at: 0,
    epoch: 0,
  }))
  gc()
  const bytes = (process.memoryUsage().heapUsed - before) / held.length
  return { bytes, jsonBytes: json.reduce((n, j) => n + j.length, 0) / json.length }
}
