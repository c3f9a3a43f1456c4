// `npm run bench`: engine playouts on one core, then the API under load against the local PostgreSQL
// (DATABASE_URL, default postgresql://postgres@127.0.0.1:5432/postgres, where a scratch database is made).
// Figures are printed, never asserted: a slow machine must not fail anything.
import { fork } from 'node:child_process'
import pg from 'pg'
import { productionGames } from '../src/games/index.ts'
import { playouts } from './engines.ts'
import { randomPlayOptions } from './random-play-options.ts'
import { botSteps } from './bot-steps.ts'
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

function line(name: string, r: LoadResult, bare?: LoadResult): string {
  const ratio = bare ? `  ${fmt((100 * r.perSecond) / bare.perSecond, 1)}% of bare` : ''
  return `${name.padEnd(34)} ${fmt(r.perSecond).padStart(7)} req/s  p50 ${fmt(r.p50, 2).padStart(6)} ms  p99 ${fmt(r.p99, 2).padStart(6)} ms  errors ${r.errors}${ratio}`
}

async function apiBench(): Promise<void> {
  const db = await scratchDatabase()
  const port = 3900 + (process.pid % 90)
  const server = fork(new URL('./server.ts', import.meta.url).pathname, [], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, DATABASE_URL: db.url, PORT: String(port) },
  })
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('message', () => resolve())
      server.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)))
    })
    console.log(`\n== API on PostgreSQL, ${CLIENTS} concurrent clients, ${SECONDS}s each (server and load generator share this machine) ==`)
    const clients = Array.from({ length: CLIENTS }, () => ({ gql: new GqlClient(port) }))
    const players = await Promise.all(clients.map(newMatch))

    await runLoad(players, 1, async (p) => !(await p.gql.post('{ __typename }', {})).errors)
    const bare = await runLoad(players, SECONDS, async (p) => !(await p.gql.post('{ __typename }', {})).errors)
    console.log(line('bare mercurius { __typename }', bare))

    const legal = await runLoad(players, SECONDS, async (p) => {
      const r = await p.gql.post(LEGAL, { id: p.matchId }, p.tokens[p.toAct])
      return !r.errors && r.data.legalActions.length > 0
    })
    console.log(line('legalActions', legal, bare))

    const submit = await runLoad(players, SECONDS, async (p) => {
      const r = await p.gql.post(SUBMIT, { input: { matchId: p.matchId, action: { type: 'roll' } } }, p.tokens[p.toAct])
      if (r.errors) return false
      p.toAct = r.data.submitAction.match.toAct[0]
      return true
    })
    console.log(line('submitAction (persisted)', submit, bare))
    const actions = players.length ? await countActions(db.url) : 0
    console.log(`actions stored: ${actions}`)
    for (const c of clients) c.gql.close()

    console.log(`\n== A bot's decision on each real engine, ${CLIENTS} concurrent bots (decisions/s; the same random choices) ==`)
    for (const r of await botSteps(port, CLIENTS, SECONDS)) {
      const gain = r.one.perSecond / r.two.perSecond
      console.log(line(`${r.game}, 2 requests`, r.two, bare))
      console.log(`${line(`${r.game}, 1 request`, r.one, bare)}  ${fmt(gain, 2)}x two requests`)
    }
  } finally {
    server.kill('SIGTERM')
    await new Promise((r) => server.once('exit', r))
    await db.drop()
  }
}

async function countActions(url: string): Promise<number> {
  const c = new pg.Client({ connectionString: url })
  await c.connect()
  const r = await c.query('SELECT count(*)::int AS n FROM "Action"')
  await c.end()
  return r.rows[0].n
}

engineBench()
if (process.env.BENCH_SKIP_API !== '1' && process.env.BENCH_ONLY !== 'engines') await apiBench()
