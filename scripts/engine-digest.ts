// A digest of random games of one engine (every view, listing, event and status), so a refactor can show it changes no
// behaviour.
//   node --import tsx scripts/engine-digest.ts <game> [games=300] [--state]
// Prints one sha256 over all games, then one per game. `--state` also hashes each raw state (for refactors that keep
// state field names); without it only what clients see is hashed, so renaming an internal field keeps the digest.
import { createHash } from 'node:crypto'
import { productionGames } from '../src/games/index.ts'
import { Random, canonicalJson } from '../src/kernel/index.ts'

const [gameId, countArg] = process.argv.slice(2).filter(a => !a.startsWith('--'))
const withState = process.argv.includes('--state')
const engine = gameId ? productionGames.find(g => g.id === gameId) : undefined
if (!engine) {
  console.error(`usage: engine-digest <${productionGames.map(g => g.id).join('|')}> [games] [--state]`)
  process.exit(2)
}
const games = Number(countArg ?? 300)
const samples = engine.sampleDecks()
const total = createHash('sha256')

for (let g = 0; g < games; g++) {
  const seed = `digest-${g}`
  const chooser = Random.fromSeed(`chooser:${seed}`)
  const seats = engine.seats.min + (g % (engine.seats.max - engine.seats.min + 1))
  const decks = Array.from({ length: seats }, () => chooser.pick(samples).deck)
  const one = createHash('sha256')
  const viewers = [null, ...Array.from({ length: seats }, (_, s) => s)]
  const record = (state: unknown, events: unknown[]) => {
    one.update(canonicalJson({ events, status: engine.status(state) }))
    for (const v of viewers) one.update(canonicalJson(engine.view(state, v)))
    for (let s = 0; s < seats; s++) one.update(canonicalJson(engine.legalActions(state, s)))
    if (withState) one.update(canonicalJson(state))
  }
  let state = engine.setup(decks, engine.schemas.options.parse(engine.randomPlayOptions ?? {}), seed)
  record(state, [])
  for (let step = 0; step < 3000 && !engine.status(state).finished; step++) {
    const seat = chooser.pick(engine.status(state).toAct)
    const action = chooser.pick(engine.legalActions(state, seat))
    const next = engine.apply(state, seat, action)
    state = next.state
    record(state, next.events)
  }
  const digest = one.digest('hex')
  total.update(digest)
  if (process.argv.includes('--each')) console.log(g, digest)
}
console.log(`${engine.id} ${games} games: ${total.digest('hex')}`)
