// Writes a tournament's files: results.json, games.csv and the two SVG plots.
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Entrant } from './entrants.ts'
import type { Results } from './summary.ts'
import { histogram, winRateHeatmap } from './svg.ts'
import type { GameRecord } from './tournament.ts'

const csvCell = (s: string) => (/[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s)

export function gamesCsv(entrants: readonly Entrant[], records: readonly GameRecord[]): string {
  const head = 'game,pairing,seed,seat0,seat1,winner_seat,winner,decisions,finished'
  const rows = records.map((r) => {
    const winnerSeat = r.winners.length === 1 ? r.winners[0]! : null
    const winner = winnerSeat === null ? 'draw' : entrants[r.seats[winnerSeat]!]!.label
    return [String(r.index), String(r.pairing), r.seed, entrants[r.seats[0]]!.label, entrants[r.seats[1]]!.label, winnerSeat === null ? '' : String(winnerSeat), winner, String(r.decisions), String(r.finished)]
      .map(csvCell)
      .join(',')
  })
  return [head, ...rows, ''].join('\n')
}

/** The files `--out DIR` writes; their contents depend only on the tournament's inputs, not on timing. */
export function writeResults(dir: string, results: Results, entrants: readonly Entrant[], records: readonly GameRecord[]): string[] {
  mkdirSync(dir, { recursive: true })
  const files: [string, string][] = [
    ['results.json', `${JSON.stringify(results, null, 2)}\n`],
    ['games.csv', gamesCsv(entrants, records)],
    ['win-rates.svg', winRateHeatmap(`${results.game}: win rates`, results.entrants.map((e) => e.label), results.matrix)],
    ['game-length.svg', histogram(`${results.game}: game length over ${records.length} games`, 'decisions per game', records.map((r) => r.decisions))],
  ]
  for (const [name, text] of files) writeFileSync(join(dir, name), text)
  return files.map(([name]) => join(dir, name))
}
