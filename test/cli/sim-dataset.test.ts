// `arbiter sim --out` writes games.jsonl: every game's seed, decks, options and actions, which replay to the same end.
import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { parseSimArgs } from '../../src/cli/sim-args.ts'
import { runSim } from '../../src/cli/sim.ts'
import type { GameLine } from '../../src/cli/write-results.ts'
import { productionGames } from '../../src/games/index.ts'

const outDir = () => mkdtempSync(join(tmpdir(), 'arbiter-dataset-'))
const readLines = (dir: string) =>
  readFileSync(join(dir, 'games.jsonl'), 'utf8')
    .trimEnd()
    .split('\n')
    .map(l => JSON.parse(l) as GameLine)

/** Plays a dataset line again with the engine alone: the state at the end of its actions. */
function replay(line: GameLine) {
  const engine = productionGames.find(g => g.id === line.game)!
  let state = engine.setup(line.decks, engine.schemas.options.parse(line.options), line.seed)
  for (const { seat, action } of line.actions) state = engine.apply(state, seat, action).state
  return engine.status(state)
}

describe('arbiter sim --out: games.jsonl', () => {
  for (const game of ['cyber-net-cards', 'cyberpunk-tcg', 'dice-throne-marvel']) {
    it(`${game}: one line per game in schedule order, and replaying each line gives its winners`, async () => {
      const dir = outDir()
      const { records } = await runSim(
        parseSimArgs([
          '--game',
          game,
          '--bots',
          'random,greedy',
          '--games',
          '4',
          '--seed',
          'data',
          '--workers',
          '2',
          '--out',
          dir,
        ]),
        false,
      )
      const lines = readLines(dir)
      expect(lines.map(l => l.index)).toEqual([0, 1, 2, 3])
      lines.forEach((line, i) => {
        expect(line).toMatchObject({
          game,
          seed: records[i]!.seed,
          winners: records[i]!.winners,
          finished: records[i]!.finished,
          decisions: records[i]!.decisions,
        })
        expect(line.actions).toHaveLength(line.decisions)
        expect(line.players).toEqual(records[i]!.seats.map(e => (e === 0 ? 'random' : 'greedy')))
        expect(line.actions[0]).not.toHaveProperty('view')
        const end = replay(line)
        expect(end.finished).toBe(line.finished)
        expect(line.finished ? (end.winners ?? []) : []).toEqual(line.winners)
      })
    }, 120_000)
  }

  it('a game cut off at --max-decisions replays as unfinished with no winners', async () => {
    const dir = outDir()
    await runSim(
      parseSimArgs([
        '--game',
        'dice-throne-marvel',
        '--bots',
        'random',
        '--games',
        '2',
        '--max-decisions',
        '5',
        '--workers',
        '1',
        '--out',
        dir,
      ]),
      false,
    )
    for (const line of readLines(dir)) {
      expect(line).toMatchObject({ finished: false, winners: [], decisions: 5 })
      expect(line.actions).toHaveLength(5)
      expect(replay(line).finished).toBe(false)
    }
  })

  it('--views adds the acting seat’s view before each decision (and the observation when the engine encodes one)', async () => {
    const dir = outDir()
    await runSim(
      parseSimArgs([
        '--game',
        'cyber-net-cards',
        '--bots',
        'random',
        '--games',
        '1',
        '--seed',
        'v',
        '--workers',
        '1',
        '--out',
        dir,
        '--views',
      ]),
      false,
    )
    const [line] = readLines(dir)
    const engine = productionGames.find(g => g.id === 'cyber-net-cards')!
    const encode = (engine as { encodeObservation?: (view: unknown) => ArrayLike<number> }).encodeObservation
    let state = engine.setup(line!.decks, engine.schemas.options.parse(line!.options), line!.seed)
    for (const entry of line!.actions) {
      expect(entry.view).toEqual(JSON.parse(JSON.stringify(engine.view(state, entry.seat))))
      if (encode) expect(entry.observation).toEqual(Array.from(encode.call(engine, entry.view)))
      else expect(entry).not.toHaveProperty('observation')
      state = engine.apply(state, entry.seat, entry.action).state
    }
    expect(() => parseSimArgs(['--game', 'cyber-net-cards', '--views'])).toThrow(/--out DIR is needed/)
  })
})
