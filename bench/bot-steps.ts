// A bot's decision over the API on each real engine: two requests (legalActions, then submitAction) against
// one (submitAction answering with the next legal actions), at the same concurrency, in the same run.
import { productionGames } from '../src/games/index.ts'
import { Random } from '../src/kernel/index.ts'
import { GqlClient, runLoad, type LoadResult } from './http-load.ts'
import { randomPlayOptions } from './random-play-options.ts'

const PLAYER = `mutation { createPlayer(name: "bench bot") { key player { id } } }`
const CREATE = `mutation($input: CreateMatchInput!) { createMatch(input: $input) {
  match { id toAct s0: legalActions(seat: 0) { id } s1: legalActions(seat: 1) { id } } } }`
const LEGAL = `query($id: ID!, $seat: Int) { legalActions(matchId: $id, seat: $seat) { id } }`
const SUBMIT_TWO = `mutation($input: SubmitActionInput!) { submitAction(input: $input) { match { status toAct } } }`
const SUBMIT_ONE = `mutation($input: SubmitActionInput!) { submitAction(input: $input) {
  match { status toAct s0: legalActions(seat: 0) { id } s1: legalActions(seat: 1) { id } } } }`

interface Bot {
  gql: GqlClient
  key: string
  playerId: string
  game: string
  pick: Random
  matchId: string
  toAct: number[]
  legal: { id: string }[][]
}

type Shown = { id: string; toAct: number[]; status?: string; s0: { id: string }[]; s1: { id: string }[] }

function show(b: Bot, m: Shown): void {
  b.toAct = m.toAct
  b.legal = [m.s0, m.s1]
}

/** One player key holds both seats, so one bot answers every decision of its match. */
async function newMatch(b: Bot): Promise<void> {
  const engine = productionGames.find((g) => g.id === b.game)!
  const samples = engine.sampleDecks()
  const seats = [0, 1].map((i) => ({ player: b.playerId, deck: samples[i % samples.length]!.deck }))
  const r = await b.gql.post(CREATE, { input: { game: b.game, seats, options: randomPlayOptions(b.game) } }, b.key)
  b.matchId = r.data.createMatch.match.id
  show(b, r.data.createMatch.match)
}

export async function botSteps(port: number, clients: number, seconds: number): Promise<{ game: string; two: LoadResult; one: LoadResult }[]> {
  const out: { game: string; two: LoadResult; one: LoadResult }[] = []
  for (const engine of productionGames) {
    const bots: Bot[] = await Promise.all(
      Array.from({ length: clients }, async (_, i) => {
        const gql = new GqlClient(port)
        const p = (await gql.post(PLAYER, {})).data.createPlayer
        const b: Bot = { gql, key: p.key, playerId: p.player.id, game: engine.id, pick: Random.fromSeed(`bench-${i}`), matchId: '', toAct: [], legal: [] }
        await newMatch(b)
        return b
      }),
    )
    const two = await runLoad(bots, seconds, async (b) => {
      const seat = b.pick.pick(b.toAct)
      const legal = (await b.gql.post(LEGAL, { id: b.matchId, seat }, b.key)).data.legalActions as { id: string }[]
      const r = await b.gql.post(SUBMIT_TWO, { input: { matchId: b.matchId, seat, actionId: b.pick.pick(legal).id } }, b.key)
      if (r.errors) return false
      if (r.data.submitAction.match.status !== 'ACTIVE') await newMatch(b)
      else b.toAct = r.data.submitAction.match.toAct
      return true
    })
    for (const b of bots) await newMatch(b)
    const one = await runLoad(bots, seconds, async (b) => {
      const seat = b.pick.pick(b.toAct)
      const r = await b.gql.post(SUBMIT_ONE, { input: { matchId: b.matchId, seat, actionId: b.pick.pick(b.legal[seat]!).id } }, b.key)
      if (r.errors) return false
      if (r.data.submitAction.match.status !== 'ACTIVE') await newMatch(b)
      else show(b, r.data.submitAction.match)
      return true
    })
    for (const b of bots) b.gql.close()
    out.push({ game: engine.id, two, one })
  }
  return out
}
