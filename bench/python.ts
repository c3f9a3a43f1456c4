// `npm run bench` (BENCH_ONLY=python): Python's steps/s through `arbiter engine --stdio` (random actions, batched over
// 64 environments) as a ratio to the same engine's in-process decisions/s from JavaScript, to the same environment
// protocol driven in process from JavaScript (the host's own work, no pipe, no Python), and Python over REST.
import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { productionGames } from '../src/games/index.ts'
import { playouts } from './engines.ts'
import { EngineHost } from '../src/cli/engine-host.ts'
import { answerLine } from '../src/cli/engine-stdio.ts'
import { Random } from '../src/kernel/index.ts'
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

/**
 * The loop of python_steps.py's `stdio`, in process: the same batches of reset and step requests (random legal
 * indices, base64 observations) through `answerLine`, the engine process's own function, with no pipe and no Python.
 * What it costs is what `arbiter engine --stdio` must do whatever drives it: the fair anchor of Python's figure.
 */
function hostInProcess(game: string, seconds: number, envs: number, observe: boolean): PythonFigures {
  const host = new EngineHost(productionGames)
  const pick = Random.fromSeed(`bench-host:${game}`)
  const options = game === 'cyberpunk-tcg' ? { concedeListed: false } : {}
  let seed = 0
  const reset = (env: number) => ({ op: 'reset', env, game, options, seed: String(seed++), observe, format: 'base64' })
  const batch = (requests: object[]) =>
    JSON.parse(answerLine(host, JSON.stringify(requests), () => {})) as {
      env: number
      finished: boolean
      legalIndices: number[]
    }[]
  let answers = batch(Array.from({ length: envs }, (_, i) => reset(i)))
  let steps = 0
  let games = 0
  const start = performance.now()
  while (performance.now() - start < seconds * 1000) {
    answers = batch(
      answers.map(a => {
        if (a.finished) {
          games++
          return reset(a.env)
        }
        steps++
        return { op: 'step', env: a.env, action: pick.pick(a.legalIndices), observe, format: 'base64' }
      }),
    )
  }
  return { steps, games, seconds: (performance.now() - start) / 1000 }
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
      const host = hostInProcess(engine.id, seconds, ENVS, true)
      const observed = await python(['stdio', engine.id, String(seconds), String(ENVS), 'observe'])
      const bare = await python(['stdio', engine.id, String(seconds), String(ENVS), 'no-observe'])
      const rest = await python(['rest', engine.id, String(seconds), server.base])
      const rate = (f: PythonFigures) => f.steps / f.seconds
      console.log(
        `${engine.id.padEnd(20)} JS ${fmt(jsRate).padStart(8)}/s   host in process ${fmt(rate(host)).padStart(7)}/s   stdio+observation ${fmt(rate(observed)).padStart(7)}/s (${fmt((100 * rate(observed)) / jsRate, 1)} % of JS, ${fmt((100 * rate(observed)) / rate(host), 1)} % of the host in process)   ` +
          `stdio, masks only ${fmt(rate(bare)).padStart(7)}/s (${fmt((100 * rate(bare)) / jsRate, 1)} %)   REST ${fmt(rate(rest), 1).padStart(6)}/s   stdio ÷ REST ${fmt(rate(observed) / rate(rest), 0)}x`,
      )
    }
  } finally {
    await server.close()
    rmSync(dataDir, { recursive: true, force: true })
  }
}
