// `npm run bench` (BENCH_ONLY=python): Python's steps/s through `arbiter engine --stdio` (random actions, batched over
// 64 environments) as a ratio to the same engine's in-process decisions/s from JavaScript, and Python over REST for
// comparison.
import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { productionGames } from '../src/games/index.ts'
import { playouts } from './engines.ts'
import { startListeningServer } from '../test/support/server.ts'

const ENVS = 64
const SCRIPT = path.join(import.meta.dirname, 'python_steps.py')

interface PythonFigures {
  steps: number
  games: number
  seconds: number
}

/** Runs the Python side without blocking: the REST figures need this process's server to answer meanwhile. */
async function python(args: string[]): Promise<PythonFigures> {
  const { stdout } = await promisify(execFile)(process.env.BENCH_PYTHON ?? 'python3', [SCRIPT, ...args], {
    encoding: 'utf8',
  })
  return JSON.parse(stdout) as PythonFigures
}

function fmt(n: number, digits = 0): string {
  return n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits })
}

export async function pythonBench(seconds: number): Promise<void> {
  console.log(
    `\n== Python: random steps/s through arbiter engine --stdio (${ENVS} environments per batch) and over REST (${seconds}s each) ==`,
  )
  const dataDir = mkdtempSync(path.join(tmpdir(), 'arbiter-bench-python-'))
  const server = await startListeningServer({ games: productionGames, dataDir })
  try {
    for (const engine of productionGames) {
      const samples = engine.sampleDecks()
      const js = playouts(engine, [samples[0]!.deck, samples[0]!.deck], engine.randomPlayOptions ?? {}, seconds)
      const jsRate = js.decisions / js.seconds
      const observed = await python(['stdio', engine.id, String(seconds), String(ENVS), 'observe'])
      const bare = await python(['stdio', engine.id, String(seconds), String(ENVS), 'no-observe'])
      const rest = await python(['rest', engine.id, String(seconds), server.base])
      const rate = (f: PythonFigures) => f.steps / f.seconds
      console.log(
        `${engine.id.padEnd(20)} JS ${fmt(jsRate).padStart(8)}/s   stdio+observation ${fmt(rate(observed)).padStart(7)}/s (${fmt((100 * rate(observed)) / jsRate, 1)} % of JS)   ` +
          `stdio, masks only ${fmt(rate(bare)).padStart(7)}/s (${fmt((100 * rate(bare)) / jsRate, 1)} %)   REST ${fmt(rate(rest), 1).padStart(6)}/s   stdio ÷ REST ${fmt(rate(observed) / rate(rest), 0)}x`,
      )
    }
  } finally {
    await server.close()
    rmSync(dataDir, { recursive: true, force: true })
  }
}
