// The results as text tables for the terminal.
import type { Results } from './summary.ts'

const pct = (x: number) => `${(100 * x).toFixed(1)}%`

/** Columns before `textColumns` are text (left-aligned); the rest are numbers (right-aligned). */
function table(head: string[], rows: string[][], textColumns: number): string {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)))
  const line = (cells: string[]) => cells.map((c, i) => (i < textColumns ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ')
  return [line(head), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n')
}

export function formatResults(r: Results): string {
  const out: string[] = [`${r.game}: ${r.gamesPerPairing} games per pairing, seats alternated, seed "${r.seed}"`, '']
  out.push(
    table(
      ['A', 'B', 'games', 'A won', 'B won', 'draws', 'A win rate', '95% CI (Wilson)', 'length mean ± sd'],
      r.pairings.map((p) => [
        p.a,
        p.b,
        String(p.games),
        String(p.aWins),
        String(p.bWins),
        String(p.draws),
        pct(p.aRate),
        `${pct(p.ci95[0])} – ${pct(p.ci95[1])}`,
        `${p.length.mean.toFixed(1)} ± ${p.length.sd.toFixed(1)}`,
      ]),
      2,
    ),
  )
  const f = r.firstSeat
  out.push('', `first seat: ${pct(f.rate)} of ${f.games} games (95% CI ${pct(f.ci95[0])} – ${pct(f.ci95[1])}; draws count half, ${f.draws} draws)`)
  const l = r.length
  out.push(`game length (decisions): mean ${l.mean.toFixed(1)}, sd ${l.sd.toFixed(1)}, min ${l.min}, max ${l.max}${r.unfinished ? `; ${r.unfinished} games cut off unfinished (draws)` : ''}`)
  if (r.ratings) {
    out.push('', table(['entrant', 'Bradley-Terry (Elo scale, mean 0)'], r.ratings.map((x) => [x.label, x.rating.toFixed(1)]), 1))
  }
  return out.join('\n')
}
