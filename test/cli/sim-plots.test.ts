// `arbiter sim`'s summary and plots: games per cell, intervals, draws and cut-off games apart, the first seat, lengths
// in turns; deck prefixes.
import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { resolveDeck, type Entrant } from '../../src/cli/entrants.ts'
import { formatResults } from '../../src/cli/report.ts'
import { parseSimArgs } from '../../src/cli/sim-args.ts'
import { runSim } from '../../src/cli/sim.ts'
import { summarize } from '../../src/cli/summary.ts'
import { firstSeatChart, gameLengthPlots, winRateHeatmap } from '../../src/cli/svg.ts'
import type { GameRecord } from '../../src/cli/tournament.ts'
import { productionGames } from '../../src/games/index.ts'

const entrant = (label: string): Entrant => ({
  label,
  deckName: label,
  deck: {},
  sets: [],
  bot: { kind: 'random', strength: 5 },
  botLabel: 'random',
})
const thinking = [0, 1].map(() => ({ choices: 0, ms: 0, maxMs: 0, cpuMs: 0, maxCpuMs: 0 }))

/**
 * 40 games of A against B, seats alternated: 34 cut off, 2 draws; A wins games 0 and 2 in seat 0 and game 1 in seat 1,
 * B wins game 3 in seat 0.
 */
function records(turns: boolean): GameRecord[] {
  return Array.from({ length: 40 }, (_, g): GameRecord => {
    const seats: [number, number] = g % 2 === 0 ? [0, 1] : [1, 0]
    const cut = g >= 6
    const winners = cut || g === 4 || g === 5 ? [] : g === 3 ? [0] : [seats.indexOf(0)]
    return {
      index: g,
      pairing: 0,
      seats,
      seed: `s/${g}`,
      winners,
      decisions: cut ? 500 : 100 + g,
      finished: !cut,
      thinking,
      ...(turns && { turns: cut ? 60 : 10 + g }),
    }
  })
}

describe('arbiter sim summary and plots', () => {
  it('counts draws and cut-off games apart, per cell and per seat, with the 95% interval', () => {
    const r = summarize('g', 's', 40, [entrant('A'), entrant('B')], [[0, 1]], records(true))
    const p = r.pairings[0]!
    expect(p).toMatchObject({ games: 40, aWins: 3, bWins: 1, draws: 2, cutOff: 34 })
    // Seat 0 won games 0, 2 (A) and 3 (B); seat 1 won game 1 (A from seat 1).
    expect(p.firstSeat).toEqual({ seat0Wins: 3, seat1Wins: 1, draws: 2, cutOff: 34 })
    expect(r.cells[0]![1]).toMatchObject({ games: 40, wins: 3, losses: 1, draws: 2, cutOff: 34, rate: 0.525 })
    expect(r.cells[1]![0]).toMatchObject({ games: 40, wins: 1, losses: 3, draws: 2, cutOff: 34, rate: 0.475 })
    expect(r.cells[0]![0]).toBeNull()
    const [lo, hi] = r.cells[0]![1]!.ci95
    expect(lo).toBeLessThan(0.525)
    expect(hi).toBeGreaterThan(0.525)
    expect(r.firstSeat).toMatchObject({ games: 40, wins: 3, draws: 36, cutOff: 34 })
    expect(r.turns).toMatchObject({ min: 10, max: 60 })
    const table = formatResults(r)
    expect(table).toMatch(/cut off/)
    expect(table).toMatch(/A\s+B\s+40\s+3\s+1\s+2\s+34\s/)
    expect(table).toContain('warning: 34 of 40 games were cut off')
    expect(table).toMatch(/game length \(turns\): mean/)
  })

  it('the heat map shows games, interval, wins–draws–losses and cut-off games per cell, hatching mostly cut-off cells', () => {
    const r = summarize('g', 's', 40, [entrant('A'), entrant('B')], [[0, 1]], records(true))
    const svg = winRateHeatmap('t', ['A', 'B'], r.cells)
    expect(svg).toContain('40 games: 3–2–1')
    expect(svg).toContain('40 games: 1–2–3')
    expect(svg).toContain('34 cut off')
    expect(svg).toMatch(/95% \d+%–\d+%/)
    expect(svg.match(/fill="url\(#cut\)"/g)).toHaveLength(2)
    // Without cut-off games a cell is coloured by its rate, never hatched.
    const fine = summarize('g', 's', 4, [entrant('A'), entrant('B')], [[0, 1]], records(false).slice(0, 4))
    expect(winRateHeatmap('t', ['A', 'B'], fine.cells)).not.toMatch(/fill="url\(#cut\)"/)
  })

  it('the first-seat chart and the length plots: in turns when the engine tells them, else decisions only', () => {
    const chart = firstSeatChart('t', [{ label: 'A vs B', seat0Wins: 3, seat1Wins: 1, draws: 2, cutOff: 34 }], {
      rate: 0.5,
      ci95: [0.35, 0.65],
      games: 40,
    })
    expect(chart).toContain('>34<')
    expect(chart).toContain('seat 0 over all 40 games: 50.0%')
    const withTurns = gameLengthPlots('t', records(true))
    expect(withTurns).toContain('in turns')
    expect(withTurns).toContain('cut off (34)')
    const noTurns = gameLengthPlots('t', records(false))
    expect(noTurns).not.toContain('in turns')
    expect(noTurns).toContain('lengths are in decisions only')
  })

  it('--decks takes any unambiguous start of a deck name or hero id, and refuses an ambiguous one', () => {
    const cp = productionGames.find(g => g.id === 'cyberpunk-tcg')!
    const dt = productionGames.find(g => g.id === 'dice-throne-marvel')!
    expect(resolveDeck(cp, 'emb').name).toBe('Embracing Power (S002-EBP starter)')
    expect(resolveDeck(cp, 'The-He').name).toBe('The Heist (S001-HEI starter)')
    expect(resolveDeck(dt, 'scar').name).toBe('Scarlet Witch')
    expect(resolveDeck(dt, 'spi').name).toBe('Spider-Man (Miles Morales)')
    expect(() => resolveDeck(dt, 's')).toThrow(
      /"s" matches several dice-throne-marvel decks: Scarlet Witch, Spider-Man/,
    )
  })

  it('a run cut off at the decision limit: the files tell it (Dice Throne tells turns)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'arbiter-plots-'))
    const { results, table } = await runSim(
      parseSimArgs([
        '--game',
        'dice-throne-marvel',
        '--decks',
        'thor,lok',
        '--bots',
        'random',
        '--games',
        '4',
        '--max-decisions',
        '30',
        '--workers',
        '1',
        '--out',
        dir,
      ]),
      false,
    )
    expect(results.unfinished).toBe(4)
    expect(results.pairings[0]).toMatchObject({ games: 4, cutOff: 4, draws: 0 })
    expect(results.turns).toBeDefined()
    expect(table).toContain('warning: 4 of 4 games were cut off')
    expect(readFileSync(join(dir, 'win-rates.svg'), 'utf8')).toContain('4 cut off')
    expect(readFileSync(join(dir, 'game-length.svg'), 'utf8')).toContain('in turns')
    expect(readFileSync(join(dir, 'first-seat.svg'), 'utf8')).toContain('Thor vs Loki')
  })
})
