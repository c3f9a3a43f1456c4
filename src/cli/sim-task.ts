// One game of a tournament as a worker runs it: plain data in, plain data out.
import { productionGames } from '../games/index.ts'
import type { CardSetCards } from '../kernel/index.ts'
import { playMatch, type LogLevel, type MatchOutcome, type SeatBot } from '../bots/play-match.ts'

export interface SimTask {
  game: string
  decks: unknown[]
  options: unknown
  bots: SeatBot[]
  seed: string
  maxDecisions: number
  log: LogLevel
  /** The homebrew card sets the decks name. */
  sets: CardSetCards[]
}

export function runTask(task: SimTask): MatchOutcome {
  const engine = productionGames.find(g => g.id === task.game)
  if (!engine) throw new Error(`unknown game ${task.game}`)
  return playMatch(
    engine,
    task.decks,
    task.options,
    task.bots,
    task.seed,
    task.maxDecisions,
    task.log,
    undefined,
    task.sets,
  )
}
