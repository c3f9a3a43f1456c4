// `arbiter sim`: a bot-vs-bot tournament from its flags to its table and files.
import { productionGames } from '../games/index.ts'
import { readCardSets } from './card-set-files.ts'
import { entrants as makeEntrants } from './entrants.ts'
import { progressBar } from './progress.ts'
import { formatResults } from './report.ts'
import type { SimArgs } from './sim-args.ts'
import { summarize, type Results } from './summary.ts'
import { pairings, runTournament, schedule, type GameRecord } from './tournament.ts'
import { GamesJsonl, writeResults } from './write-results.ts'

export interface SimRun {
  results: Results
  records: GameRecord[]
  table: string
  /** Per entrant, thinking time on decisions with a real choice (depends on the machine, so not in the files). */
  timing: string
  files: string[]
}

export async function runSim(args: SimArgs, progress = true): Promise<SimRun> {
  const engine = productionGames.find(g => g.id === args.game)
  if (!engine) throw new Error(`unknown game "${args.game}": one of ${productionGames.map(g => g.id).join(', ')}`)
  if (engine.seats.min > 2) throw new Error(`${engine.id} needs ${engine.seats.min} seats; sim plays two-seat matches`)
  const entrants = makeEntrants(
    engine,
    args.decks ?? [engine.sampleDecks()[0]!.name],
    args.bots,
    { strength: args.strength, ...(args.rollout !== undefined && { rolloutDepth: args.rollout }) },
    readCardSets(engine, args.sets ?? []),
  )
  const pairs = pairings(entrants.length)
  const games = schedule(pairs, args.games, args.seed)
  // The options exactly as `setup` gets them (else the game's options for play by bots alone), so a dataset line
  // replays with them as written.
  const options: unknown = engine.schemas.options.parse(args.options ?? engine.randomPlayOptions ?? {})
  const dataset = args.out ? new GamesJsonl(args.out, engine.id, options, entrants) : undefined
  const bar = progress ? progressBar(games.length) : undefined
  let records: GameRecord[]
  try {
    records = await runTournament(entrants, games, {
      game: engine.id,
      options,
      maxDecisions: args['max-decisions'],
      log: !dataset ? 'none' : args.views ? 'views' : 'actions',
      ...(args.workers !== undefined && { workers: args.workers }),
      ...(bar && { onGame: bar.tick }),
      ...(dataset && { onRecord: (r: GameRecord) => dataset.add(r) }),
    })
  } finally {
    bar?.stop()
    dataset?.close()
  }
  const results = summarize(engine.id, args.seed, args.games, entrants, pairs, records)
  const files = args.out ? [...writeResults(args.out, results, entrants, records), dataset!.file] : []
  return {
    results,
    records,
    table: formatResults(results),
    timing: timing(
      entrants.map(e => e.label),
      records,
    ),
    files,
  }
}

function timing(labels: string[], records: readonly GameRecord[]): string {
  const lines = labels.map((label, e) => {
    let choices = 0
    let ms = 0
    let maxMs = 0
    let cpuMs = 0
    let maxCpuMs = 0
    for (const r of records) {
      r.seats.forEach((entrant, seat) => {
        if (entrant !== e) return
        const t = r.thinking[seat]!
        choices += t.choices
        ms += t.ms
        cpuMs += t.cpuMs
        maxCpuMs = Math.max(maxCpuMs, t.maxCpuMs)
        maxMs = Math.max(maxMs, t.maxMs)
      })
    }
    const per = (x: number) => (choices ? (x / choices).toFixed(2) : '-')
    return `  ${label}: ${per(ms)} ms wall (max ${maxMs.toFixed(0)} ms), ${per(cpuMs)} ms CPU (max ${maxCpuMs.toFixed(0)} ms) per move with a choice, ${choices} moves`
  })
  return [
    "thinking time (this machine, not deterministic; CPU time is the thread's own with --workers 1):",
    ...lines,
  ].join('\n')
}
