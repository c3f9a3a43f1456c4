// A bot's decision over the API on each real engine: two requests (legalActions, then submitAction) against
// one (submitAction answering with the next decision's legal actions), at the same concurrency, in the same run.
// Both decide for the same seat: the one just played while it is still to act, else the first to act. The two
// take turns in short slices, so that the shared machine's changing load falls on both alike.
import { productionGames, randomPlayOptions } from '../src/games/index.ts'
import { Random } from '../src/kernel/index.ts'
import { GqlClient, mergeLoads, runLoad, type LoadResult } from './http-load.ts'

const PLAYER = `mutation { createPlayer(name: "bench bot") { key player { id } } }`
const CREATE = `mutation($input: CreateMatchInput!) { createMatch(input: $input) { match { id seat toAct legalActions { id } } } }`
const LEGAL = `query($id: ID!, $seat: Int) { legalActions(matchId: $id, seat: $seat) { id } }`
const SUBMIT_TWO = `mutation($input: SubmitActionInput!) { submitAction(input: $input) { match { status toAct } } }`
// Match.legalActions without a seat: the next decision's choices, whichever of the bot's seats makes it.
const SUBMIT_ONE = `mutation($input: SubmitActionInput!) { submitAction(input: $input) { match { status toAct legalActions { id } } } }`

interface Bot {
  gql: GqlClient
  key: string
  playerId: string
  game: string
  pick: Random
  matchId: string
  /** The seat of the next decision, and (one-request path) its legal actions. */
  seat: number
  legal: { id: string }[]
}

type Shown = { id: string; toAct: number[]; status?: string; legalActions: { id: string }[] }

/** The server's choice for Match.legalActions without a seat, so both paths decide for the same seat. */
function nextSeat(b: Bot, toAct: number[]): void {
  b.seat = toAct.includes(b.seat) ? b.seat : Math.min(...toAct)
}

function show(b: Bot, m: Shown): void {
  nextSeat(b, m.toAct)
  b.legal = m.legalActions
}

/** One player key holds both seats, so one bot answers every decision of its match. */
async function newMatch(b: Bot): Promise<void> {
  const engine = productionGames.find(g => g.id === b.game)!
  const samples = engine.sampleDecks()
  const seats = [0, 1].map(i => ({ player: b.playerId, deck: samples[i % samples.length]!.deck }))
  const r = await b.gql.post(CREATE, { input: { game: b.game, seats, options: randomPlayOptions(b.game) } }, b.key)
  b.matchId = r.data.createMatch.match.id
  // The creator's view is of its first seat to act.
  b.seat = r.data.createMatch.match.seat
  b.legal = r.data.createMatch.match.legalActions
}

/** One path's figures: its load runs merged, and the server's CPU time per decision (µs). */
export interface BotPath {
  load: LoadResult
  cpuPerDecision: number
}

// The two paths take turns in slices this long, so that the shared machine's changing load falls on both alike.
const SLICE_SECONDS = 0.5

/** `serverCpu`: the server's CPU time so far (µs). `rttMs`: each bot's simulated round trip to the server. */
export async function botSteps(
  port: number,
  clients: number,
  seconds: number,
  serverCpu: () => Promise<number>,
  rttMs = 0,
): Promise<{ game: string; two: BotPath; one: BotPath }[]> {
  const out: { game: string; two: BotPath; one: BotPath }[] = []
  const only = process.env.BENCH_GAME?.split(',')
  const slices = Math.max(1, Math.round(seconds / SLICE_SECONDS))
  for (const engine of productionGames) {
    if (only && !only.includes(engine.id)) continue
    // Each path has its own bots (the same seeds), so that either can stop between slices.
    const team = () =>
      Promise.all(
        Array.from({ length: clients }, async (_, i) => {
          const gql = new GqlClient(port, rttMs)
          const p = (await gql.post(PLAYER, {})).data.createPlayer
          const b: Bot = {
            gql,
            key: p.key,
            playerId: p.player.id,
            game: engine.id,
            pick: Random.fromSeed(`bench-${i}`),
            matchId: '',
            seat: 0,
            legal: [],
          }
          await newMatch(b)
          return b
        }),
      )
    const paths = {
      two: {
        bots: await team(),
        step: async (b: Bot) => {
          const legal = (await b.gql.post(LEGAL, { id: b.matchId, seat: b.seat }, b.key)).data.legalActions as {
            id: string
          }[]
          const r = await b.gql.post(
            SUBMIT_TWO,
            { input: { matchId: b.matchId, seat: b.seat, actionId: b.pick.pick(legal).id } },
            b.key,
          )
          if (r.errors) return false
          if (r.data.submitAction.match.status !== 'ACTIVE') await newMatch(b)
          else nextSeat(b, r.data.submitAction.match.toAct)
          return true
        },
        runs: [] as LoadResult[],
        cpu: 0,
      },
      one: {
        bots: await team(),
        step: async (b: Bot) => {
          const r = await b.gql.post(
            SUBMIT_ONE,
            { input: { matchId: b.matchId, seat: b.seat, actionId: b.pick.pick(b.legal).id } },
            b.key,
          )
          if (r.errors) return false
          if (r.data.submitAction.match.status !== 'ACTIVE') await newMatch(b)
          else show(b, r.data.submitAction.match)
          return true
        },
        runs: [] as LoadResult[],
        cpu: 0,
      },
    }
    for (let i = 0; i < slices; i++) {
      for (const path of i % 2 === 0 ? [paths.two, paths.one] : [paths.one, paths.two]) {
        const before = await serverCpu()
        path.runs.push(await runLoad(path.bots, SLICE_SECONDS, path.step))
        path.cpu += (await serverCpu()) - before
      }
    }
    const figures = (path: typeof paths.two): BotPath => {
      const load = mergeLoads(path.runs)
      return { load, cpuPerDecision: path.cpu / Math.max(1, load.requests) }
    }
    for (const b of [...paths.two.bots, ...paths.one.bots]) b.gql.close()
    out.push({ game: engine.id, two: figures(paths.two), one: figures(paths.one) })
  }
  return out
}
