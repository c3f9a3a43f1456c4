// A tournament's schedule and its run on worker threads; results come back in schedule order.
import { availableParallelism } from 'node:os'
import { Piscina } from 'piscina'
import type { Entrant } from './entrants.ts'
import type { LogLevel, MatchOutcome } from '../bots/play-match.ts'
import { eachSetOnce } from './card-set-files.ts'
import type { SimTask } from './sim-task.ts'

export interface ScheduledGame {
  index: number
  pairing: number
  /** Entrant index in seat 0 and in seat 1. */
  seats: [number, number]
  seed: string
}

export interface GameRecord extends ScheduledGame, MatchOutcome {}

/** Every pair of distinct entrants (or one entrant against itself when it is alone). */
export function pairings(count: number): [number, number][] {
  if (count === 1) return [[0, 0]]
  const out: [number, number][] = []
  for (let a = 0; a < count; a++) for (let b = a + 1; b < count; b++) out.push([a, b])
  return out
}

/**
 * `games` per pairing with seats alternated (a mirror keeps one seat order, so its record is the first
 * seat's), interleaved across pairings so early results and the ETA are representative. Each game's seed
 * depends only on the tournament seed and its place in the schedule.
 */
export function schedule(pairs: readonly [number, number][], games: number, seed: string): ScheduledGame[] {
  const out: ScheduledGame[] = []
  for (let g = 0; g < games; g++) {
    pairs.forEach(([a, b], pairing) => {
      const seats: [number, number] = a === b || g % 2 === 0 ? [a, b] : [b, a]
      out.push({ index: out.length, pairing, seats, seed: `${seed}/${pairing}/${g}` })
    })
  }
  return out
}

export interface RunOptions {
  game: string
  options: unknown
  maxDecisions: number
  /** What each game records of its decisions (`none` unless a dataset is written). */
  log?: LogLevel
  workers?: number
  onGame?: (done: number) => void
  /** Each game as it ends, in any order, with its action log; the records returned keep no action log. */
  onRecord?: (record: GameRecord) => void
}

/** Plays the schedule on `workers` threads (default one per core); the records do not depend on the worker count. */
export async function runTournament(
  entrants: readonly Entrant[],
  games: readonly ScheduledGame[],
  run: RunOptions,
): Promise<GameRecord[]> {
  const threads = run.workers ?? availableParallelism()
  const pool = new Piscina({
    filename: new URL('./sim-worker.mjs', import.meta.url).href,
    minThreads: threads,
    maxThreads: threads,
    idleTimeout: 1000,
  })
  let done = 0
  try {
    return await Promise.all(
      games.map(async g => {
        const task: SimTask = {
          game: run.game,
          decks: g.seats.map(e => entrants[e]!.deck),
          options: run.options,
          bots: g.seats.map(e => entrants[e]!.bot),
          seed: g.seed,
          maxDecisions: run.maxDecisions,
          log: run.log ?? 'none',
          sets: eachSetOnce(g.seats.flatMap(e => entrants[e]!.sets)),
        }
        const outcome: MatchOutcome = await pool.run(task)
        const { actions: _logged, ...kept }: GameRecord = { ...g, ...outcome }
        if (outcome.actions) run.onRecord?.({ ...kept, actions: outcome.actions })
        run.onGame?.(++done)
        return kept
      }),
    )
  } finally {
    await pool.destroy()
  }
}
