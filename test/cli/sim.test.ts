// `arbiter sim` on small runs: the table, the files, determinism across worker counts, and the command itself.
import { execFile } from 'node:child_process'
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'
import { parseBot } from '../../src/cli/entrants.ts'
import { parseSimArgs } from '../../src/cli/sim-args.ts'
import { runSim } from '../../src/cli/sim.ts'
import type { Results } from '../../src/cli/summary.ts'
import { cyberNetCards } from '../../src/games/cyber-net-cards/index.ts'
import type { AnyEngine } from '../../src/kernel/index.ts'
import { raceGame } from '../support/test-game.ts'

const run = promisify(execFile)
const outDir = () => mkdtempSync(join(tmpdir(), 'arbiter-sim-'))

/** An SVG document whose every element is closed (a check for well-formedness without an XML parser). */
function expectSvg(text: string): void {
  expect(text.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true)
  expect(text.trimEnd().endsWith('</svg>')).toBe(true)
  const opened = [...text.matchAll(/<(\w+)[^>]*?(\/?)>/g)].filter(m => m[2] !== '/').map(m => m[1])
  const closed = [...text.matchAll(/<\/(\w+)>/g)].map(m => m[1])
  expect(opened.sort()).toEqual(closed.sort())
}

describe('arbiter sim', () => {
  it('three decks: a table with every pairing, Wilson intervals and ratings; JSON, CSV and SVG files that parse', async () => {
    const dir = outDir()
    const args = parseSimArgs([
      '--game',
      'cyber-net-cards',
      '--decks',
      'neon,firewall,boilerworks',
      '--bots',
      'random',
      '--games',
      '6',
      '--seed',
      't',
      '--workers',
      '2',
      '--out',
      dir,
    ])
    const { table, results } = await runSim(args, false)
    expect(table).toMatch(/Neon Assault\s+Firewall Fortress\s+6\s/)
    expect(table).toContain('95% CI (Wilson)')
    expect(table).toMatch(/first seat: [\d.]+% of 18 games/)
    expect(table).toContain('Bradley-Terry')

    const json = JSON.parse(readFileSync(join(dir, 'results.json'), 'utf8')) as Results
    expect(json.pairings).toHaveLength(3)
    for (const p of json.pairings) {
      expect(p.aWins + p.bWins + p.draws + p.cutOff).toBe(6)
      expect(p.ci95[0]).toBeLessThanOrEqual(p.aRate)
      expect(p.ci95[1]).toBeGreaterThanOrEqual(p.aRate)
    }
    expect(json.ratings).toHaveLength(3)
    expect(json).toEqual(JSON.parse(JSON.stringify(results)))

    const csv = readFileSync(join(dir, 'games.csv'), 'utf8').trim().split('\n')
    expect(csv[0]).toBe('game,pairing,seed,seat0,seat1,winner_seat,winner,decisions,finished')
    expect(csv).toHaveLength(1 + 18)
    // Seats alternate: each deck of a pairing sits first in half of its games.
    expect(csv.filter(l => l.split(',')[3] === 'Neon Assault' && l.split(',')[4] === 'Firewall Fortress')).toHaveLength(
      3,
    )
    for (const f of ['win-rates.svg', 'first-seat.svg', 'game-length.svg'])
      expectSvg(readFileSync(join(dir, f), 'utf8'))
  })

  it('the same seed gives the same files with one worker or two (ismcts and greedy on Dice Throne)', async () => {
    const files = async (workers: string) => {
      const dir = outDir()
      await runSim(
        parseSimArgs([
          '--game',
          'dice-throne-marvel',
          '--decks',
          'thor',
          '--bots',
          'ismcts:1,greedy',
          '--games',
          '2',
          '--seed',
          'same',
          '--workers',
          workers,
          '--out',
          dir,
        ]),
        false,
      )
      return ['results.json', 'games.csv', 'win-rates.svg'].map(f => readFileSync(join(dir, f), 'utf8'))
    }
    expect(await files('1')).toEqual(await files('2'))
  })

  it('refuses a bot kind the engine lacks, an unknown bot or an unknown deck, by name', async () => {
    const { determinize: _d, evaluate: _e, ...plain } = raceGame
    expect(() => parseBot('ismcts', plain as AnyEngine, { strength: 5 })).toThrow(
      'race-to-20 has no ismcts bot yet: the engine needs determinize (it offers random)',
    )
    expect(parseBot('ismcts:3:full', raceGame as AnyEngine, { strength: 5 })).toEqual({
      kind: 'ismcts',
      strength: 3,
      rolloutDepth: Infinity,
    })
    await expect(runSim(parseSimArgs(['--game', 'cyberpunk-tcg', '--bots', 'nonsense']), false)).rejects.toThrow(
      /unknown bot "nonsense"/,
    )
    await expect(runSim(parseSimArgs(['--game', 'dice-throne-marvel', '--decks', 'hulk']), false)).rejects.toThrow(
      /no dice-throne-marvel deck "hulk"; sample decks: Scarlet Witch/,
    )
    expect(() => parseSimArgs(['--game', 'x', '--strength', '11'])).toThrow(/--strength/)
  })

  it('runs as the package bin: `npx arbiter sim` prints the table', async () => {
    const { stdout } = await run('node', [
      'src/cli/arbiter-bin.mjs',
      'sim',
      '--game',
      'cyberpunk-tcg',
      '--decks',
      'heist,embracing',
      '--bots',
      'random',
      '--games',
      '2',
      '--workers',
      '1',
    ])
    expect(stdout).toMatch(/The Heist \(S001-HEI starter\)\s+Embracing Power \(S002-EBP starter\)\s+2\s/)
  })
})

describe('arbiter sim --sets (homebrew card sets)', () => {
  const GLASS_CANNON = {
    id: 'glass-cannon',
    name: 'Glass Cannon',
    kind: 'offensive',
    cost: 1,
    effect: [
      { op: 'damage', n: 3 },
      { op: 'def', n: -1 },
    ],
  }
  /** A sample deck with three of its card entries' copies given to Glass Cannon, naming the set by its bare id. */
  function cannonDeck(dir: string): string {
    const sample = cyberNetCards.sampleDecks()[0]!.deck as { avatar: string; main: { card: string; count: number }[] }
    const main = sample.main.map(e => ({ ...e }))
    let moved = 0
    for (const e of main)
      while (moved < 3 && e.count > 1) {
        e.count--
        moved++
      }
    const file = join(dir, 'cannon-deck.json')
    writeFileSync(
      file,
      JSON.stringify({ ...sample, sets: ['cannons'], main: [...main, { card: 'Glass Cannon', count: moved }] }),
    )
    return file
  }

  it('plays a .json deck with cards of a set file, writes the sets in games.jsonl, and each line replays to its winners', async () => {
    const dir = outDir()
    writeFileSync(join(dir, 'cannons.json'), JSON.stringify({ name: 'Cannons', cards: [GLASS_CANNON] }))
    const args = parseSimArgs([
      '--game',
      'cyber-net-cards',
      '--decks',
      `${cannonDeck(dir)},${cyberNetCards.sampleDecks()[1]!.name}`,
      '--sets',
      join(dir, 'cannons.json'),
      '--bots',
      'greedy',
      '--games',
      '4',
      '--workers',
      '1',
      '--out',
      join(dir, 'out'),
    ])
    const sim = await runSim(args, false)
    expect(sim.records).toHaveLength(4)
    const lines = readFileSync(join(dir, 'out', 'games.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map(l => JSON.parse(l))
    let cannonsPlayed = 0
    for (const line of lines) {
      expect(line.cardSets).toEqual([{ ref: 'cannons@1', name: 'Cannons', cards: [GLASS_CANNON] }])
      expect(line.decks.find((d: { sets?: string[] }) => d.sets)!.sets).toEqual(['cannons@1'])
      let state = cyberNetCards.setup(line.decks, line.options, line.seed, line.cardSets)
      for (const a of line.actions as { seat: number; action: unknown }[]) {
        const applied = cyberNetCards.apply(state, a.seat, a.action as never)
        state = applied.state
        cannonsPlayed += applied.events.filter(e => e.type === 'activated' && e['card'] === 'glass-cannon').length
      }
      expect(cyberNetCards.status(state).winners ?? []).toEqual(line.winners)
    }
    expect(cannonsPlayed).toBeGreaterThan(0)
  })

  it('refuses a set file with a card outside the vocabulary, naming the file and the path, and a deck naming no loaded set', async () => {
    const dir = outDir()
    const bad = join(dir, 'bad.json')
    writeFileSync(bad, JSON.stringify({ cards: [{ ...GLASS_CANNON, effect: [{ op: 'explode' }] }] }))
    await expect(
      runSim(parseSimArgs(['--game', 'cyber-net-cards', '--sets', bad, '--games', '1', '--workers', '1']), false),
    ).rejects.toThrow(`${bad}: cards.0.effect.0.op`)
    await expect(
      runSim(parseSimArgs(['--game', 'cyber-net-cards', '--decks', cannonDeck(dir), '--games', '1']), false),
    ).rejects.toThrow(/cannon-deck\.json is not a legal cyber-net-cards deck/)
  })
})
