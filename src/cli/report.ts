// The results as text tables for the terminal.
import type { Results } from './summary.ts'

const pct = (x: number) => `${(100 * x).toFixed(1)}%`

/** Columns before `textColumns` are text (left-aligned); the rest are numbers (right-aligned). */
function table(head: string[], rows: string[][], textColumns: number): string {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map(r => r[i]!.length)))
  const line = (cells: string[]) =>
    cells.map((c, i) => (i < textColumns ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ')
  return [line(head), widths.map(w => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n')
}

export function formatResults(r: Results): string {
  const out: string[] = [`${r.game}: ${r.gamesPerPairing} games per pairing, seats alternated, seed "${r.seed}"`, '']
  const withTurns = r.turns !== undefined
  out.push(
    table(
      [
        'A',
        'B',
        'games',
        'A won',
        'B won',
        'draws',
        'cut off',
        'A win rate',
        '95% CI (Wilson)',
        'seat 0 won–lost',
        'decisions mean ± sd',
        ...(withTurns ? ['turns mean ± sd'] : []),
      ],
      r.pairings.map(p => [
        p.a,
        p.b,
        String(p.games),
        String(p.aWins),
        String(p.bWins),
        String(p.draws),
        String(p.cutOff),
        pct(p.aRate),
        `${pct(p.ci95[0])} – ${pct(p.ci95[1])}`,
        `${p.firstSeat.seat0Wins}–${p.firstSeat.seat1Wins}`,
        `${p.length.mean.toFixed(1)} ± ${p.length.sd.toFixed(1)}`,
        ...(withTurns ? [p.turns ? `${p.turns.mean.toFixed(1)} ± ${p.turns.sd.toFixed(1)}` : '-'] : []),
      ]),
      2,
    ),
  )
  const f = r.firstSeat
  out.push(
    '',
    `first seat: ${pct(f.rate)} of ${f.games} games (95% CI ${pct(f.ci95[0])} – ${pct(f.ci95[1])}; draws and cut-off games count half: ${f.draws - f.cutOff} draws, ${f.cutOff} cut off)`,
  )
  const l = r.length
  out.push(
    `game length (decisions): mean ${l.mean.toFixed(1)}, sd ${l.sd.toFixed(1)}, min ${l.min}, max ${l.max}${r.unfinished ? `; ${r.unfinished} games cut off unfinished (scored as draws)` : ''}`,
  )
  if (r.turns)
    out.push(
      `game length (turns): mean ${r.turns.mean.toFixed(1)}, sd ${r.turns.sd.toFixed(1)}, min ${r.turns.min}, max ${r.turns.max}`,
    )
  if (r.unfinished > 0 && r.unfinished * 4 >= f.games)
    out.push(
      `warning: ${r.unfinished} of ${f.games} games were cut off at the decision limit; their win rates say little`,
    )
  if (r.ratings) {
    out.push(
      '',
      table(
        ['entrant', 'Bradley-Terry (Elo scale, mean 0)'],
        r.ratings.map(x => [x.label, x.rating.toFixed(1)]),
        1,
      ),
    )
  }
  return out.join('\n')
}
