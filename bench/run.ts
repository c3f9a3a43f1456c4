// `npm run bench`: engine playouts on one core, the snapshot cache's memory, boardgame.io's server as an
// outside anchor, then the API under load against the local PostgreSQL (DATABASE_URL, default
// postgresql://postgres@127.0.0.1:5432/postgres, where a scratch database is made) and the embedded PGlite.
// Figures are printed, never asserted: a slow machine must not fail anything.
import { fork } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { productionGames } from '../src/games/index.ts'
import { playouts } from './engines.ts'
import { randomPlayOptions } from './random-play-options.ts'
import { botSteps } from './bot-steps.ts'
import { boardgameIoMoves } from './bgio-anchor.ts'
import { cacheMemory } from './cache-memory.ts'
import { GqlClient, runLoad, type LoadResult } from './http-load.ts'

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5)
const CLIENTS = 10

function fmt(n: number, digits = 0): string {
  return n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits })
}

function engineBench(): void {
  console.log(`\n== Engines: uniform random playouts on one core (${SECONDS}s each) ==`)
  const only = process.env.BENCH_GAME?.split(',')
  for (const engine of productionGames) {
    if (only && !only.includes(engine.id)) continue
    const samples = engine.sampleDecks()
    const decks = [samples[0]!.deck, (samples[1] ?? samples[0])!.deck]
    const r = playouts(engine, decks, randomPlayOptions(engine.id), SECONDS)
    console.log(
      `${engine.id.padEnd(20)} ${fmt(r.games / r.seconds).padStart(8)} games/s  ${fmt(r.decisions / r.seconds).padStart(10)} decisions/s  ` +
        `(${samples[0]!.name} vs ${(samples[1] ?? samples[0])!.name}; ${r.games} games, ${fmt(r.decisions / Math.max(1, r.games), 1)} decisions/game${r.unfinished ? `, ${r.unfinished} cut at the step limit` : ''})`,
    )
  }
}

async function scratchDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const admin = process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres'
  const name = `arbiter_bench_${process.pid}`
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
  const r = await p.gql.post(CREATE, { input: { game: 'race-to-20', seats: [{ deck: DECK }, { deck: DECK }], options: { target: 100_000 } } })
  const c = r.data.createMatch
  return { gql: p.gql, matchId: c.match.id, tokens: c.seats.map((s: { token: string }) => s.token), toAct: c.match.toAct[0] }
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
  return fork(new URL(script, import.meta.url).pathname, [], { execArgv: ['--import', 'tsx', ...prof], env: { ...process.env, ...env } })
}

function ready(child: ReturnType<typeof fork>, what: string): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    child.once('message', () => resolve())
    child.once('exit', (code) => reject(new Error(`${what} exited with ${code}`)))
  })
}

async function apiBench(backend: Backend): Promise<ApiFigures> {
  const db = backend === 'PostgreSQL' ? await scratchDatabase() : null
  const dataDir = backend === 'PGlite' ? mkdtempSync(path.join(tmpdir(), 'arbiter-bench-')) : null
  const port = 3900 + (process.pid % 90) + (backend === 'PGlite' ? 1 : 0)
  const server = fork1('./server.ts', db ? { DATABASE_URL: db.url, PORT: String(port) } : { BENCH_DB: 'pglite', BENCH_DATA_DIR: dataDir!, PORT: String(port) })
  const out: ApiFigures = { rows: [], oneRequest: [] }
  const print = (name: string, r: LoadResult, bare?: LoadResult, extra = '') => {
    const note = `${bare ? `${fmt((100 * r.perSecond) / bare.perSecond, 1)}% of bare` : ''}${extra}`
    out.rows.push({ name, r, note })
    console.log(`${line(name, r)}  ${note}`)
  }
  try {
    await ready(server, 'bench server')
    const where = backend === 'PostgreSQL' ? 'the local PostgreSQL' : 'the embedded PGlite (on disk)'
    console.log(`\n== API on ${where}, ${CLIENTS} concurrent clients, ${SECONDS}s each (server and load generator share this machine) ==`)
    const clients = Array.from({ length: CLIENTS }, () => ({ gql: new GqlClient(port) }))
    const players = await Promise.all(clients.map(newMatch))

    await runLoad(players, 1, async (p) => !(await p.gql.post('{ __typename }', {})).errors)
    const bare = await runLoad(players, SECONDS, async (p) => !(await p.gql.post('{ __typename }', {})).errors)
    print('bare mercurius { __typename }', bare)

    const legal = await runLoad(players, SECONDS, async (p) => {
      const r = await p.gql.post(LEGAL, { id: p.matchId }, p.tokens[p.toAct])
      return !r.errors && r.data.legalActions.length > 0
    })
    print('legalActions', legal, bare)

    const submit = await runLoad(players, SECONDS, async (p) => {
      const r = await p.gql.post(SUBMIT, { input: { matchId: p.matchId, action: { type: 'roll' } } }, p.tokens[p.toAct])
      if (r.errors) return false
      p.toAct = r.data.submitAction.match.toAct[0]
      return true
    })
    print('submitAction (persisted)', submit, bare)

    console.log(`-- a bot's decision on each real engine, ${CLIENTS} concurrent bots (decisions/s; the same random choices)`)
    const serverCpu = () =>
      new Promise<number>((resolve) => {
        server.once('message', (m: { cpu: number }) => resolve(m.cpu))
        server.send({ cpu: true })
      })
    for (const r of await botSteps(port, CLIENTS, SECONDS, serverCpu)) {
      const cpu = (p: { cpuPerDecision: number }) => `  server CPU ${fmt(p.cpuPerDecision)} µs/decision`
      print(`${r.game}, 2 requests`, r.two.load, bare, cpu(r.two))
      print(`${r.game}, 1 request`, r.one.load, bare, `  ${fmt(r.one.load.perSecond / r.two.load.perSecond, 2)}x two requests${cpu(r.one)}`)
      out.oneRequest.push({ game: r.game, r: r.one.load })
    }

    if (process.env.BENCH_ONLY === 'api') {
      for (const c of clients) c.gql.close()
      return out
    }
    console.log(`-- random match(id) reads over 1,000 then 50,000 stored matches (copies of one race), ${CLIENTS} clients`)
    const template = players[0]!.matchId
    // In slices: one statement copying 50,000 rows runs the embedded database out of memory.
    const clone = async (from: number, to: number) => {
      for (let lo = from; lo <= to; lo += 5_000) {
        await new Promise<void>((resolve) => {
          server.once('message', () => resolve())
          server.send({ clone: template, prefix: READ_ID, from: lo, to: Math.min(to, lo + 4_999) })
        })
      }
    }
    const reads = async (n: number) => {
      const step = async (p: Player) => {
        const id = `${READ_ID}${String(1 + Math.floor(Math.random() * n)).padStart(12, '0')}`
        const r = await p.gql.post(READ, { id })
        return !r.errors && r.data.match.id === id
      }
      await runLoad(players, 1, step)
      return runLoad(players, SECONDS, step)
    }
    await clone(1, 1_000)
    const small = await reads(1_000)
    print('match(id) over 1k stored', small, bare)
    await clone(1_001, 50_000)
    const large = await reads(50_000)
    print('match(id) over 50k stored', large, bare, `  ${fmt(small.perSecond / large.perSecond, 2)}x slower than over 1k`)
    for (const c of clients) c.gql.close()
  } finally {
    server.kill('SIGTERM')
    await new Promise((r) => server.once('exit', r))
    await db?.drop()
    if (dataDir) rmSync(dataDir, { recursive: true, force: true })
  }
  return out
}

function cacheMemoryBench(): void {
  console.log(`\n== Snapshot cache: heap per cached state (mid-game states parsed from JSON, as loaded) ==`)
  for (const engine of productionGames) {
    const m = cacheMemory(engine)
    console.log(`${engine.id.padEnd(20)} ${fmt(m.bytes / 1024, 1).padStart(6)} kB per entry  (JSON ${fmt(m.jsonBytes / 1024, 1)} kB)`)
  }
}

async function anchorBench(): Promise<LoadResult> {
  console.log(`\n== Anchor: boardgame.io 0.50 in-memory server, socket.io, TicTacToe, ${CLIENTS} concurrent clients, ${SECONDS}s ==`)
  const r = await boardgameIoMoves(3990 + (process.pid % 9), CLIENTS, SECONDS)
  console.log(line('boardgame.io moves', r))
  return r
}

function sideBySide(figures: Record<Backend, ApiFigures>, anchor: LoadResult): void {
  console.log(`\n== PostgreSQL and PGlite side by side (per second; p99 in ms) ==`)
  console.log(`${''.padEnd(34)} ${'PostgreSQL'.padStart(30)}   ${'PGlite'.padStart(30)}`)
  const cell = (r: LoadResult, note: string) => `${fmt(r.perSecond).padStart(7)} p99 ${fmt(r.p99, 1).padStart(5)}  ${note.replace(/ +server CPU.*$/, '').trim().replace(' of bare', '').replace(' two requests', '').replace(' slower than over 1k', ' slower').padStart(12)}`
  for (const [i, row] of figures.PostgreSQL.rows.entries()) {
    const other = figures.PGlite.rows[i]!
    console.log(`${row.name.padEnd(34)} ${cell(row.r, row.note).padStart(30)}   ${cell(other.r, other.note).padStart(30)}`)
  }
  for (const [i, one] of figures.PostgreSQL.oneRequest.entries()) {
    const other = figures.PGlite.oneRequest[i]!
    console.log(`${`${one.game} decision / boardgame.io`.padEnd(34)} ${`${fmt(one.r.perSecond / anchor.perSecond, 2)}x`.padStart(30)}   ${`${fmt(other.r.perSecond / anchor.perSecond, 2)}x`.padStart(30)}`)
  }
}

const apiOnly = process.env.BENCH_ONLY === 'api'
if (!apiOnly) engineBench()
if (process.env.BENCH_SKIP_API !== '1' && process.env.BENCH_ONLY !== 'engines') {
  if (!apiOnly) cacheMemoryBench()
  const anchor = apiOnly ? null : await anchorBench()
  const only = process.env.BENCH_DATABASES
  const figures = { PostgreSQL: only === 'pglite' ? null : await apiBench('PostgreSQL'), PGlite: only === 'postgres' ? null : await apiBench('PGlite') }
  if (figures.PostgreSQL && figures.PGlite && anchor) sideBySide(figures as Record<Backend, ApiFigures>, anchor)
}
