// Writes a tournament's files: results.json, games.csv, the SVG plots and the dataset games.jsonl.
import { closeSync, mkdirSync, openSync, writeFileSync, writeSync } from 'node:fs'
import { join } from 'node:path'
import type { CardSetCards } from '../kernel/index.ts'
import { eachSetOnce } from './card-set-files.ts'
import type { Entrant } from './entrants.ts'
import type { LoggedAction } from '../bots/play-match.ts'
import type { Results } from './summary.ts'
import { firstSeatChart, gameLengthPlots, winRateHeatmap } from './svg.ts'
import type { GameRecord } from './tournament.ts'

const csvCell = (s: string) => (/[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s)

export function gamesCsv(entrants: readonly Entrant[], records: readonly GameRecord[]): string {
  const head = 'game,pairing,seed,seat0,seat1,winner_seat,winner,decisions,finished'
  const rows = records.map(r => {
    const winnerSeat = r.winners.length === 1 ? r.winners[0]! : null
    const winner = winnerSeat === null ? 'draw' : entrants[r.seats[winnerSeat]!]!.label
    return [
      String(r.index),
      String(r.pairing),
      r.seed,
      entrants[r.seats[0]]!.label,
      entrants[r.seats[1]]!.label,
      winnerSeat === null ? '' : String(winnerSeat),
      winner,
      String(r.decisions),
      String(r.finished),
    ]
      .map(csvCell)
      .join(',')
  })
  return [head, ...rows, ''].join('\n')
}

/** The files `--out DIR` writes; their contents depend only on the tournament's inputs, not on timing. */
export function writeResults(
  dir: string,
  results: Results,
  entrants: readonly Entrant[],
  records: readonly GameRecord[],
): string[] {
  mkdirSync(dir, { recursive: true })
  const files: [string, string][] = [
    ['results.json', `${JSON.stringify(results, null, 2)}\n`],
    ['games.csv', gamesCsv(entrants, records)],
    [
      'win-rates.svg',
      winRateHeatmap(
        `${results.game}: win rates`,
        results.entrants.map(e => e.label),
        results.cells,
      ),
    ],
    [
      'first-seat.svg',
      firstSeatChart(
        `${results.game}: the first seat (seat 0)`,
        results.pairings.map(p => ({ label: `${p.a} vs ${p.b}`, ...p.firstSeat })),
        results.firstSeat,
      ),
    ],
    ['game-length.svg', gameLengthPlots(`${results.game}: game length over ${records.length} games`, records)],
  ]
  for (const [name, text] of files) writeFileSync(join(dir, name), text)
  return files.map(([name]) => join(dir, name))
}

/** The dataset's line of one game: enough to replay it with the engine (see docs/bots.md, "Datasets"). */
export interface GameLine {
  game: string
  index: number
  seed: string
  decks: unknown[]
  options: unknown
  players: string[]
  actions: LoggedAction[]
  winners: number[]
  finished: boolean
  decisions: number
  /** The homebrew card sets the decks name (`--sets`), which `setup` needs to replay the game; absent without. */
  cardSets?: CardSetCards[]
}

/**
 * `games.jsonl`, written as the games end: a game that ends before an earlier one of the schedule waits here for it,
 * so the lines are in schedule order and only the games not yet written are held in memory.
 */
export class GamesJsonl {
  readonly file: string
  private readonly fd: number
  private next = 0
  private readonly waiting = new Map<number, string>()

  constructor(
    dir: string,
    private readonly game: string,
    private readonly options: unknown,
    private readonly entrants: readonly Entrant[],
  ) {
    mkdirSync(dir, { recursive: true })
    this.file = join(dir, 'games.jsonl')
    this.fd = openSync(this.file, 'w')
  }

  add(r: GameRecord): void {
    const line: GameLine = {
      game: this.game,
      index: r.index,
      seed: r.seed,
      decks: r.seats.map(e => this.entrants[e]!.deck),
      options: this.options,
      players: r.seats.map(e => this.entrants[e]!.label),
      actions: r.actions ?? [],
      winners: r.winners,
      finished: r.finished,
      decisions: r.decisions,
    }
    const sets = eachSetOnce(r.seats.flatMap(e => this.entrants[e]!.sets))
    if (sets.length) line.cardSets = sets
    this.waiting.set(r.index, `${JSON.stringify(line)}\n`)
    for (let text = this.waiting.get(this.next); text !== undefined; text = this.waiting.get(this.next)) {
      writeSync(this.fd, text)
      this.waiting.delete(this.next++)
    }
  }

  close(): void {
    closeSync(this.fd)
  }
}
