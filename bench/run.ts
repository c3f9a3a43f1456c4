// `npm run bench`: engine playouts on one core, the snapshot cache's memory, boardgame.io's server as an outside
// anchor, then the API under load against the local PostgreSQL (DATABASE_URL, default
// postgresql://postgres@127.0.0.1:5432/postgres, where a scratch database is made) and the embedded PGlite. Figures are
// printed, never asserted: a slow machine must not fail anything. BENCH_ONLY=engines runs only the engines;
// BENCH_ONLY=api only the API's hot path (no reads); BENCH_ONLY=reads only the bare query and the match(id) reads over
// 1k and 50k stored matches on each database (SNAPSHOT_CACHE_MB / SNAPSHOT_CACHE_SIZE reach the server).
// BENCH_STREAMS=1 adds the memory of 10,000 idle streams and subscriptions and of paused readers (a few minutes;
// bench/stream-memory.ts); BENCH_ONLY=streams runs only that. BENCH_ONLY=decks runs only the deck builders' figures (a
// card query over a catalogue, a 50-card text import; bench/decks.ts). BENCH_ONLY=python runs only Python's steps/s
// through `arbiter engine --stdio` and over REST, as ratios to the engines in process (bench/python.ts; BENCH_PYTHON:
// the interpreter).
// BENCH_ONLY=homebrew measures the extra RSS of refusing hostile homebrew card sets (bench/homebrew-memory.ts),
// exiting 1 past its bound.
import { fork } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { productionGames } from '../src/games/index.ts'
import { playouts } from './engines.ts'
import { botSteps } from './bot-steps.ts'
import { boardgameIoMoves } from './bgio-anchor.ts'
import { boardgameIoLocalPlayouts } from './bgio-local.ts'
import { cacheMemory } from './cache-memory.ts'
import { DEFAULT_SNAPSHOT_CACHE_MB, snapshotBytes } from '../src/service/snapshot-cache.ts'
import { raceGame } from '../test/support/test-game.ts'
import { GqlClient, runLoad, type LoadResult } from './http-load.ts'
import { cpuPerRequest, generatorCpu, postgresCpu, type CpuSample } from './cpu-shares.ts'
import { streamMemoryBench } from './stream-memory.ts'
import { deckBench } from './decks.ts'
import { pythonBench } from './python.ts'
import { HOMEBREW_RSS_BOUND_MB, homebrewMemory } from './homebrew-memory.ts'

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5)
const READS_ONLY = process.env.BENCH_ONLY === 'reads'
const API_ONLY = process.env.BENCH_ONLY === 'api'
const STREAMS_ONLY = process.env.BENCH_ONLY === 'streams'
const DECKS_ONLY = process.env.BENCH_ONLY === 'decks'
const PYTHON_ONLY = process.env.BENCH_ONLY === 'python'
const HOMEBREW_ONLY = process.env.BENCH_ONLY === 'homebrew'
const CLIENTS = 10
/** BENCH_RTT_MS: the simulated round trip of the remote bots. */
const REMOTE_RTT_MS = Number(process.env.BENCH_RTT_MS ?? 20)

function fmt(n: number, digits = 0): string {
  return n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits })
}

function engineBench(): void {
  console.log(`\n== Engines: uniform random playouts on one core (${SECONDS}s each) ==`)
  const only = process.env.BENCH_GAME?.split(',')
  const rates: string[] = []
  const decisionRates: [string, number][] = []
  for (const engine of productionGames) {
    if (only && !only.includes(engine.id)) continue
    const samples = engine.sampleDecks()
    const decks = [samples[0]!.deck, (samples[1] ?? samples[0])!.deck]
    const r = playouts(engine, decks, engine.randomPlayOptions ?? {}, SECONDS)
    decisionRates.push([engine.id, r.decisions / r.seconds])
    console.log(
      `${engine.id.padEnd(20)} ${fmt(r.games / r.seconds).padStart(8)} games/s  ${fmt(r.decisions / r.seconds).padStart(10)} decisions/s  ` +
        `(${samples[0]!.name} vs ${(samples[1] ?? samples[0])!.name}; ${r.games} games, ${fmt(r.decisions / Math.max(1, r.games), 1)} decisions/game${r.unfinished ? `, ${r.unfinished} cut at the step limit` : ''})`,
    )
  }
  // Measured after the engines, in the same run: the engines' decisions/s as multiples of it compare across machines.
  const anchor = boardgameIoLocalPlayouts(SECONDS)
  const anchorMoves = anchor.moves / anchor.seconds
  for (const [id, rate] of decisionRates) rates.push(`${id} ${fmt(rate / anchorMoves, 1)}x`)
  console.log(
    `${'boardgame.io (anchor)'.padEnd(20)} ${fmt(anchor.games / anchor.seconds).padStart(8)} games/s  ${fmt(anchorMoves).padStart(10)} moves/s      ` +
      `(TicTacToe through its local Client, the game's reducer in process; ${anchor.games} games)`,
  )
  console.log(`   decisions/s ÷ boardgame.io's moves/s: ${rates.join(', ')}`)
}

async function scratchDatabase(use = 'arbiter'): Promise<{ url: string; drop: () => Promise<void> }> {
  const admin = process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres'
  const name = `${use}_bench_${process.pid}`
  const client = new pg.Client({ connectionString: admin })
  await client.connect()
  await client.query(`CREATE DATABASE ${name}`)
  const url = new URL(admin)
  url.pathname = `/${name}`
  return {
    url: url.toString(),
    drop: async () => {
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
      await client.end()
    },
  }
}

const CREATE = `mutation($input: CreateMatchInput!) { createMatch(input: $input) { match { id toAct } seats { token } } }`
const SUBMIT = `mutation($input: SubmitActionInput!) { submitAction(input: $input) { match { version status toAct } events } }`
const LEGAL = `query($id: ID!) { legalActions(matchId: $id) { id label action } }`
const DECK = { cards: [1, 2, 3, 4, 5, 6, 7, 8, 9] }

interface Player {
  gql: GqlClient
  matchId: string
  tokens: string[]
  toAct: number
}

async function newMatch(p: Pick<Player, 'gql'>): Promise<Player> {
  // A long race (target 100,000) so that a match outlives the measurement.
  const r = await p.gql.post(CREATE, {
    input: { game: 'race-to-20', seats: [{ deck: DECK }, { deck: DECK }], options: { target: 100_000 } },
  })
  const c = r.data.createMatch
  return {
    gql: p.gql,
    matchId: c.match.id,
    tokens: c.seats.map((s: { token: string }) => s.token),
    toAct: c.match.toAct[0],
  }
}

function line(name: string, r: LoadResult): string {
  return `${name.padEnd(34)} ${fmt(r.perSecond).padStart(7)} /s  p50 ${fmt(r.p50, 2).padStart(6)} ms  p99 ${fmt(r.p99, 2).padStart(6)} ms  errors ${r.errors}`
}

type Backend = 'PostgreSQL' | 'PGlite'

/** What one backend's API section measured, for the side-by-side table and the anchor ratios. */
interface ApiFigures {
  rows: { name: string; r: LoadResult; note: string }[]
  oneRequest: { game: string; r: LoadResult }[]
}

// The copies' ids: valid UUIDs (version 4, variant 8) numbered in their last 12 digits.
const READ_ID = '00000000-0000-4000-8000-'
const READ = `query($id: ID!) { match(id: $id) { id version status } }`

function fork1(script: string, env: NodeJS.ProcessEnv): ReturnType<typeof fork> {
  // BENCH_CPU_PROF=<dir>: the server writes a CPU profile there when it stops.
  const prof = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : []
  // NODE_ENV=production as a deployment runs it (docs/configuration.md), and as boardgame.io's anchor server runs:
  // graphql-js then skips its development-only checks.
  return fork(new URL(script, import.meta.url).pathname, [], {
    execArgv: ['--import', 'tsx', ...prof],
    env: { ...process.env, NODE_ENV: 'production', ...env },
  })
}

function ready(child: ReturnType<typeof fork>, what: string): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    child.once('message', () => resolve())
    child.once('exit', code => reject(new Error(`${what} exited with ${code}`)))
  })
}

async function apiBench(backend: Backend): Promise<ApiFigures> {
  const db = backend === 'PostgreSQL' ? await scratchDatabase() : null
  const dataDir = backend === 'PGlite' ? mkdtempSync(path.join(tmpdir(), 'arbiter-bench-')) : null
  const port = 3900 + (process.pid % 90) + (backend === 'PGlite' ? 1 : 0)
  const server = fork1(
    './server.ts',
    db
      ? { DATABASE_URL: db.url, PORT: String(port) }
      : { BENCH_DB: 'pglite', BENCH_DATA_DIR: dataDir!, PORT: String(port) },
  )
  const out: ApiFigures = { rows: [], oneRequest: [] }
  let stopping = false
  // A server that dies under load would otherwise show only as the load generator's ECONNRESET.
  server.on('exit', (code, signal) => {
    if (!stopping) console.error(`the ${backend} bench server exited (code ${code}, signal ${signal})`)
  })
  const print = (name: string, r: LoadResult, bare?: LoadResult, extra = '') => {
    const note = `${bare ? `${fmt((100 * r.perSecond) / bare.perSecond, 1)}% of bare` : ''}${extra}`
    out.rows.push({ name, r, note })
    console.log(`${line(name, r)}  ${note}`)
  }
  try {
    await ready(server, 'bench server')
    const where = backend === 'PostgreSQL' ? 'the local PostgreSQL' : 'the embedded PGlite (on disk)'
    console.log(
      `\n== API on ${where}, ${CLIENTS} concurrent clients, ${SECONDS}s each (server and load generator share this machine) ==`,
    )
    const clients = Array.from({ length: CLIENTS }, () => ({ gql: new GqlClient(port) }))
    const players = await Promise.all(clients.map(newMatch))

    await runLoad(players, 1, async p => !(await p.gql.post('{ __typename }', {})).errors)
    const bareCpu = await serverCpu(server)
    const bare = await runLoad(players, SECONDS, async p => !(await p.gql.post('{ __typename }', {})).errors)
    print('bare mercurius { __typename }', bare, undefined, perRequest(bare, (await serverCpu(server)) - bareCpu))
    // A request that waits for the database once (GET /health runs SELECT 1): what one round trip costs a request
    // on this machine, beside which the persisted submit's share of bare is read.
    const healthCpu = await serverCpu(server)
    const health = await runLoad(players, SECONDS, async p => (await p.gql.status('/health')) === 200)
    print('GET /health (one SELECT 1)', health, bare, perRequest(health, (await serverCpu(server)) - healthCpu))
    // The least any persisted action costs (bench server only): one row per client updated and committed durably.
    const writeCpu = await serverCpu(server)
    const write = await runLoad(
      players,
      SECONDS,
      async p => (await p.gql.status(`/bench/write?row=${players.indexOf(p)}`, 'POST')) === 200,
    )
    print('one durable UPDATE per request', write, bare, perRequest(write, (await serverCpu(server)) - writeCpu))

    if (!READS_ONLY) await hotPath(server, players, bare, print, port, out, backend)
    if (!API_ONLY) await manyMatchReads(server, port, players, bare, print)
    for (const c of clients) c.gql.close()
  } finally {
    stopping = true
    server.kill('SIGTERM')
    await new Promise(r => server.once('exit', r))
    await db?.drop()
    if (dataDir) rmSync(dataDir, { recursive: true, force: true })
  }
  return out
}

/** The server's group commits so far: statements, and the actions they wrote (from /metrics). */
async function commitBatches(port: number): Promise<{ statements: number; actions: number }> {
  const text = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text()
  const value = (name: string) => Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(text)?.[1] ?? 0)
  return { statements: value('arbiter_commit_batch_actions_count'), actions: value('arbiter_commit_batch_actions_sum') }
}

type Print = (name: string, r: LoadResult, bare?: LoadResult, extra?: string) => void

/** The bench server's own CPU time (µs), for per-request costs that the shared machine's load does not blur. */
function serverCpu(server: ReturnType<typeof fork>): Promise<number> {
  return new Promise<number>(resolve => {
    server.once('message', (m: { cpu: number }) => resolve(m.cpu))
    server.send({ cpu: true })
  })
}

/**
 * A load's server CPU per request, for the notes: the server's share of the cost, apart from PostgreSQL's and the load
 * generator's.
 */
function perRequest(r: LoadResult, cpuMicros: number): string {
  return `  server CPU ${fmt(cpuMicros / r.requests)} µs/request`
}

async function hotPath(
  server: ReturnType<typeof fork>,
  players: Player[],
  bare: LoadResult,
  print: Print,
  port: number,
  out: ApiFigures,
  backend: Backend,
): Promise<void> {
  const legalCpu = await serverCpu(server)
  const legal = await runLoad(players, SECONDS, async p => {
    const r = await p.gql.post(LEGAL, { id: p.matchId }, p.tokens[p.toAct])
    return !r.errors && r.data.legalActions.length > 0
  })
  const submitCpu = await serverCpu(server)
  print('legalActions', legal, bare, perRequest(legal, submitCpu - legalCpu))

  // The embedded database runs inside the server process, so its CPU is the server's.
  const sample = async (): Promise<CpuSample> => ({
    server: await serverCpu(server),
    postgres: backend === 'PostgreSQL' ? postgresCpu() : 0,
    generator: generatorCpu(),
  })
  const batchesBefore = await commitBatches(port)
  const before = await sample()
  const submit = await runLoad(players, SECONDS, async p => {
    const r = await p.gql.post(SUBMIT, { input: { matchId: p.matchId, action: { type: 'roll' } } }, p.tokens[p.toAct])
    if (r.errors) return false
    p.toAct = r.data.submitAction.match.toAct[0]
    return true
  })
  const cpu = cpuPerRequest(before, await sample(), submit.requests)
  const batches = await commitBatches(port)
  const perStatement =
    (batches.actions - batchesBefore.actions) / Math.max(1, batches.statements - batchesBefore.statements)
  print(
    'submitAction (persisted)',
    submit,
    bare,
    `  server CPU ${fmt(cpu.server)} µs/request, ${fmt(perStatement, 1)} actions per commit statement`,
  )
  // The figures the ratio to bare cannot pass here: every core busy with the server, PostgreSQL and the load
  // generator; and the server's one JavaScript thread always busy.
  if (cpu.postgres !== null) {
    const share = (rate: number) => `${fmt((100 * rate) / bare.perSecond, 1)}% of bare`
    console.log(
      `   a submit's CPU: server ${fmt(cpu.server)}${backend === 'PostgreSQL' ? ` + PostgreSQL ${fmt(cpu.postgres)}` : ' (with PGlite)'} + load generator ${fmt(cpu.generator)} µs: ` +
        `at most ${fmt(cpu.ceiling)}/s on this machine's cores (${share(cpu.ceiling)}), ${fmt(cpu.processCeiling)}/s on the server's one thread (${share(cpu.processCeiling)})`,
    )
  }

  console.log(
    `-- a bot's decision on each real engine, ${CLIENTS} concurrent bots (decisions/s; the same random choices)`,
  )
  for (const r of await botSteps(port, CLIENTS, SECONDS, () => serverCpu(server))) {
    const cpu = (p: { cpuPerDecision: number }) => `  server CPU ${fmt(p.cpuPerDecision)} µs/decision`
    print(`${r.game}, 2 requests`, r.two.load, bare, cpu(r.two))
    print(
      `${r.game}, 1 request`,
      r.one.load,
      bare,
      `  ${fmt(r.one.load.perSecond / r.two.load.perSecond, 2)}x two requests${cpu(r.one)}`,
    )
    out.oneRequest.push({ game: r.game, r: r.one.load })
  }

  // Third-party bots run elsewhere: with a round trip per request, one request per decision saves a round trip.
  console.log(`-- the same, each bot ${REMOTE_RTT_MS} ms away (a simulated round trip per request)`)
  for (const r of await botSteps(port, CLIENTS, SECONDS, () => serverCpu(server), REMOTE_RTT_MS)) {
    print(`${r.game}, 2 requests, remote`, r.two.load, bare)
    print(
      `${r.game}, 1 request, remote`,
      r.one.load,
      bare,
      `  ${fmt(r.one.load.perSecond / r.two.load.perSecond, 2)}x two requests`,
    )
  }
}

async function manyMatchReads(
  server: ReturnType<typeof fork>,
  port: number,
  players: Player[],
  bare: LoadResult,
  print: Print,
): Promise<void> {
  console.log(
    `-- random match(id) reads over 1,000 then 50,000 stored matches (copies of one race, each read once first), ${CLIENTS} clients`,
  )
  const template = players[0]!.matchId
  // In slices: one statement copying 50,000 rows runs the embedded database out of memory.
  const clone = async (from: number, to: number) => {
    for (let lo = from; lo <= to; lo += 5_000) {
      await new Promise<void>(resolve => {
        server.once('message', () => resolve())
        server.send({ clone: template, prefix: READ_ID, from: lo, to: Math.min(to, lo + 4_999) })
      })
    }
  }
  const cpu = () => serverCpu(server)
  // Wall-clock rates swing with whatever else runs on the machine; the share of reads the cache answered
  // and the server's CPU per read do not, so they are printed beside them.
  const cacheCounts = async () => {
    const text = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text()
    const count = (result: string) =>
      Number(new RegExp(`arbiter_snapshot_cache_total\\{result="${result}"\\} (\\S+)`).exec(text)?.[1] ?? 0)
    return { hit: count('hit'), miss: count('miss') }
  }
  const idOf = (i: number) => `${READ_ID}${String(i).padStart(12, '0')}`
  const reads = async (n: number) => {
    // Every stored match is read once first, as on a server that has run a while: the figure then says
    // whether the cache holds the working set, not how a cold start goes.
    let next = 1
    await Promise.all(
      players.map(async p => {
        while (next <= n) await p.gql.post(READ, { id: idOf(next++) })
      }),
    )
    const step = async (p: Player) => {
      const id = idOf(1 + Math.floor(Math.random() * n))
      const r = await p.gql.post(READ, { id })
      return !r.errors && r.data.match.id === id
    }
    await runLoad(players, 1, step)
    const [before, cpuBefore] = [await cacheCounts(), await cpu()]
    const r = await runLoad(players, SECONDS, step)
    const [after, cpuAfter] = [await cacheCounts(), await cpu()]
    const hits = after.hit - before.hit
    const cpuPerRead = (cpuAfter - cpuBefore) / r.requests
    return {
      r,
      cpuPerRead,
      note: `  cache hits ${fmt((100 * hits) / (hits + after.miss - before.miss), 1)}%, server CPU ${fmt(cpuPerRead)} µs/read`,
    }
  }
  await clone(1, 1_000)
  const small = await reads(1_000)
  print('match(id) over 1k stored', small.r, bare, small.note)
  await clone(1_001, 50_000)
  const large = await reads(50_000)
  print(
    'match(id) over 50k stored',
    large.r,
    bare,
    `  ${fmt(small.r.perSecond / large.r.perSecond, 2)}x slower than over 1k${large.note}, ${fmt(large.cpuPerRead / small.cpuPerRead, 2)}x the CPU`,
  )
}

function cacheMemoryBench(): void {
  console.log(
    `\n== Snapshot cache: heap per cached state (mid-game states parsed from JSON, as loaded) and the entries the default ${DEFAULT_SNAPSHOT_CACHE_MB} MB holds ==`,
  )
  for (const engine of [...productionGames, raceGame]) {
    const m = cacheMemory(engine)
    const counted = snapshotBytes(m.jsonBytes)
    console.log(
      `${engine.id.padEnd(20)} ${fmt(m.bytes / 1024, 1).padStart(6)} kB per state  (JSON ${fmt(m.jsonBytes / 1024, 1)} kB; the entry counted as ${fmt(counted / 1024, 1)} kB: ` +
        `${fmt((DEFAULT_SNAPSHOT_CACHE_MB * 2 ** 20) / counted)} entries${engine === raceGame ? '; the test race the reads below store' : ''})`,
    )
  }
}

/**
 * boardgame.io's moves/s in memory (the issue's anchor) and on the local PostgreSQL, which persists each move as
 * Arbiter does.
 */
interface Anchors {
  memory: LoadResult
  postgres: LoadResult
}

async function anchorBench(): Promise<Anchors> {
  console.log(
    `\n== Anchor: boardgame.io 0.50 server, socket.io, TicTacToe, ${CLIENTS} concurrent clients, ${SECONDS}s ==`,
  )
  const port = 3990 + (process.pid % 9)
  const memory = await boardgameIoMoves(port, CLIENTS, SECONDS)
  console.log(line('boardgame.io moves, in memory', memory))
  const db = await scratchDatabase('bgio')
  try {
    const postgres = await boardgameIoMoves(port, CLIENTS, SECONDS, db.url)
    console.log(line('boardgame.io moves, PostgreSQL', postgres))
    return { memory, postgres }
  } finally {
    await db.drop()
  }
}

function sideBySide(figures: Record<Backend, ApiFigures>, anchors: Anchors): void {
  console.log(`\n== PostgreSQL and PGlite side by side (per second; p99 in ms) ==`)
  console.log(`${''.padEnd(34)} ${'PostgreSQL'.padStart(30)}   ${'PGlite'.padStart(30)}`)
  const cell = (r: LoadResult, note: string) =>
    `${fmt(r.perSecond).padStart(7)} p99 ${fmt(r.p99, 1).padStart(5)}  ${note
      .replace(/ +(cache hits|server CPU).*$/, '')
      .trim()
      .replace(' of bare', '')
      .replace(' two requests', '')
      .replace(' slower than over 1k', ' slower')
      .padStart(12)}`
  for (const [i, row] of figures.PostgreSQL.rows.entries()) {
    const other = figures.PGlite.rows[i]!
    console.log(
      `${row.name.padEnd(34)} ${cell(row.r, row.note).padStart(30)}   ${cell(other.r, other.note).padStart(30)}`,
    )
  }
  for (const [store, anchor] of [
    ['in memory', anchors.memory],
    ['on PostgreSQL', anchors.postgres],
  ] as const) {
    console.log(`-- a bot's decision (1 request) ÷ boardgame.io's moves/s ${store}`)
    for (const [i, one] of figures.PostgreSQL.oneRequest.entries()) {
      const other = figures.PGlite.oneRequest[i]!
      console.log(
        `${`${one.game} decision / boardgame.io`.padEnd(34)} ${`${fmt(one.r.perSecond / anchor.perSecond, 2)}x`.padStart(30)}   ${`${fmt(other.r.perSecond / anchor.perSecond, 2)}x`.padStart(30)}`,
      )
    }
  }
}

/** Hostile homebrew sets: the extra RSS against its bound; past the bound the run fails (exit code 1). */
async function homebrewBench(): Promise<void> {
  console.log(`\n== Homebrew card sets: extra RSS while refusing hostile sets (bound ${HOMEBREW_RSS_BOUND_MB} MB) ==`)
  const m = await homebrewMemory()
  const ratio = m.extraMb / HOMEBREW_RSS_BOUND_MB
  console.log(
    `base ${fmt(m.baseMb, 0)} MB, peak ${fmt(m.peakMb, 0)} MB: ${fmt(m.extraMb, 1)} MB extra, ${fmt(ratio, 2)} of the bound`,
  )
  if (ratio > 1) {
    console.log(`FAIL: past the bound of ${HOMEBREW_RSS_BOUND_MB} MB`)
    process.exitCode = 1
  }
}

function decksBench(): void {
  console.log(
    `\n== Deck builders: median ms per call, in process, and as multiples of the anchor measured alongside ==`,
  )
  const rows = deckBench()
  const anchor = rows[0]!.medianMs
  for (const r of rows)
    console.log(
      `${r.name.padEnd(40)} ${fmt(r.medianMs, 4).padStart(9)} ms  ${fmt(r.medianMs / anchor, 1).padStart(7)}x the anchor`,
    )
}

if (STREAMS_ONLY) await streamMemoryBench()
if (HOMEBREW_ONLY || !process.env.BENCH_ONLY) await homebrewBench()
if (DECKS_ONLY || !process.env.BENCH_ONLY) decksBench()
if (PYTHON_ONLY) await pythonBench(SECONDS)
if (!READS_ONLY && !API_ONLY && !STREAMS_ONLY && !DECKS_ONLY && !PYTHON_ONLY && !HOMEBREW_ONLY) engineBench()
if (
  process.env.BENCH_SKIP_API !== '1' &&
  process.env.BENCH_ONLY !== 'engines' &&
  !STREAMS_ONLY &&
  !DECKS_ONLY &&
  !PYTHON_ONLY &&
  !HOMEBREW_ONLY
) {
  if (!READS_ONLY && !API_ONLY) cacheMemoryBench()
  const anchors = READS_ONLY || API_ONLY ? null : await anchorBench()
  const only = process.env.BENCH_DATABASES
  const figures = {
    PostgreSQL: only === 'pglite' ? null : await apiBench('PostgreSQL'),
    PGlite: only === 'postgres' ? null : await apiBench('PGlite'),
  }
  if (figures.PostgreSQL && figures.PGlite && anchors) sideBySide(figures as Record<Backend, ApiFigures>, anchors)
}
if (process.env.BENCH_STREAMS === '1' && !STREAMS_ONLY) await streamMemoryBench()
