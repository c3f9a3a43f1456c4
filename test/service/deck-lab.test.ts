// The deck lab: a run queued on the job queue and played once across two servers on one database, matching `arbiter
// sim`; quotas and cancellation.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { GameRegistry } from '../../src/kernel/index.ts'
import { productionGames } from '../../src/games/index.ts'
import { runSim } from '../../src/cli/sim.ts'
import { parseSimArgs } from '../../src/cli/sim-args.ts'
import { buildServer, type ArbiterServer } from '../../src/server.ts'
import type { Database } from '../../src/store/database.ts'
import { backendName, openTestDatabase } from '../support/db.ts'
import { gql } from '../support/server.ts'
import { waitFor } from '../support/wait-for.ts'

const engine = productionGames.find(g => g.id === 'dice-throne-marvel')!
const [tested, opponent] = engine.sampleDecks()
const dbs: Database[] = []
const servers: ArbiterServer[] = []
let key = ''

beforeAll(async () => {
  const first = await openTestDatabase()
  dbs.push(first)
  // PGlite lives inside one process: the second "process" shares it; Postgres gets a second pool.
  dbs.push(backendName === 'postgres' ? await openTestDatabase() : first)
  for (const db of dbs)
    servers.push(
      await buildServer({ db, registry: new GameRegistry([engine]), deckLab: { maxGames: 50, gamesPerDay: 40 } }),
    )
  key = (await gql(servers[0]!, `mutation { createPlayer(name: "lab tester") { key } }`)).data.createPlayer.key
})
afterAll(async () => {
  for (const s of servers) await s.close()
  for (const db of new Set(dbs)) await db.close()
})

const RUN = `id status games played seed error result { games unfinished winRate { games wins draws losses rate low high }
  opponents { index name games unfinished winRate { games wins draws losses rate low high } firstSeat { games } secondSeat { games } length { mean min max } }
  cards { card drawnIn playedIn winRateWhenPlayed { games rate low high } } length { mean min max } }`
const DECK_LAB = `mutation($deck: JSON, $opponents: [LabOpponentInput!]!, $games: Int!, $seed: String, $maxDecisions: Int) {
  deckLab(game: "dice-throne-marvel", deck: $deck, opponents: $opponents, games: $games, seed: $seed, maxDecisions: $maxDecisions) { ${RUN} } }`
const GET = `query($id: ID!) { deckLabRun(id: $id) { ${RUN} } }`

async function eventsOf(db: Database, runId: string, type: string): Promise<number> {
  const rows = await db.sql.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM "PlayerEvent" WHERE type = $1 AND event->>'deckLabRunId' = $2`,
    [type, runId],
  )
  return rows[0]!.n
}

describe(`deck lab (${backendName})`, () => {
  it("a run is played exactly once across two servers, with sim's wins, draws and losses for the same seed, and figures with intervals", async () => {
    const [a, b] = servers as [ArbiterServer, ArbiterServer]
    const games = 4
    const maxDecisions = 3000
    const queued = await gql(
      a,
      DECK_LAB,
      { deck: tested!.deck, opponents: [{ sampleDeck: opponent!.name }], games, seed: 'lab-seed', maxDecisions },
      key,
    )
    expect(queued.errors).toBeUndefined()
    const id = queued.data.deckLab.id
    expect(queued.data.deckLab).toMatchObject({ games, seed: 'lab-seed' })
    // Read through the other server: both serve the queue, one plays the run.
    const run = await waitFor(
      'the run to finish',
      async () => {
        const r = (await gql(b, GET, { id }, key)).data.deckLabRun
        return r.status === 'FINISHED' ? r : null
      },
      120_000,
    )
    expect(run.played).toBe(games)
    expect(await eventsOf(dbs[0]!, id, 'deckLabFinished')).toBe(1)
    // A repeat of the job (a retry, or the other process) finds the run claimed and changes nothing.
    await b.services.deckLab.run(id)
    await a.services.deckLab.run(id)
    expect((await gql(a, GET, { id }, key)).data.deckLabRun).toEqual(run)
    expect(await eventsOf(dbs[0]!, id, 'deckLabFinished')).toBe(1)

    const sim = await runSim(
      parseSimArgs([
        '--game',
        engine.id,
        '--decks',
        `${tested!.name},${opponent!.name}`,
        '--bots',
        'random',
        '--games',
        String(games),
        '--seed',
        'lab-seed',
        '--max-decisions',
        String(maxDecisions),
        '--workers',
        '1',
      ]),
      false,
    )
    const tally = { wins: 0, draws: 0, losses: 0, unfinished: 0 }
    for (const r of sim.records) {
      const seat = r.seats.indexOf(0)
      if (!r.finished) tally.unfinished++
      else if (r.winners.length === 0) tally.draws++
      else if (r.winners.includes(seat)) tally.wins++
      else tally.losses++
    }
    const against = run.result.opponents[0]
    expect({
      wins: against.winRate?.wins ?? 0,
      draws: against.winRate?.draws ?? 0,
      losses: against.winRate?.losses ?? 0,
      unfinished: against.unfinished,
    }).toEqual(tally)
    expect(against.firstSeat.games + against.secondSeat.games + against.unfinished).toBe(games)
    const rate = run.result.winRate
    expect(rate.low).toBeLessThanOrEqual(rate.rate)
    expect(rate.rate).toBeLessThanOrEqual(rate.high)
    expect(run.result.cards.length).toBeGreaterThan(0)
    expect(run.result.cards.some((c: { drawnIn: number }) => c.drawnIn > 0)).toBe(true)
    for (const c of run.result.cards) expect(c.drawnIn).toBeLessThanOrEqual(games)
  }, 240_000)

  it('refuses a run without a player key, with games out of range, or past the daily quota, queueing nothing', async () => {
    const [a] = servers as [ArbiterServer]
    const count = async () =>
      (await dbs[0]!.sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM "DeckLabRun"`))[0]!.n
    const before = await count()
    const anonymous = await a.inject({
      method: 'POST',
      url: '/api/deck-lab',
      payload: { game: engine.id, deck: tested!.deck, opponents: [{ sampleDeck: opponent!.name }], games: 2 },
    })
    expect(anonymous.statusCode).toBe(401)
    const tooMany = await gql(
      a,
      DECK_LAB,
      { deck: tested!.deck, opponents: [{ sampleDeck: opponent!.name }], games: 51 },
      key,
    )
    expect(tooMany.errors?.[0]?.extensions.code).toBe('BAD_USER_INPUT')
    // 4 of today's 40 are taken by the first test (or fewer when run alone): 2 opponents × 20 is over what is left.
    const over = await a.inject({
      method: 'POST',
      url: '/api/deck-lab',
      headers: { authorization: `Bearer ${key}` },
      payload: {
        game: engine.id,
        deck: tested!.deck,
        opponents: [{ sampleDeck: opponent!.name }, { deck: tested!.deck }],
        games: 20 + 1,
      },
    })
    expect(over.statusCode).toBe(429)
    expect(over.json().code).toBe('QUOTA_EXCEEDED')
    expect(await count()).toBe(before)
  })

  it('a cancelled run ends CANCELLED with the figures of the games it played, and tells its owner once', async () => {
    const [a, b] = servers as [ArbiterServer, ArbiterServer]
    const auth = { authorization: `Bearer ${key}` }
    const queued = await a.inject({
      method: 'POST',
      url: '/api/deck-lab',
      headers: auth,
      payload: { game: engine.id, deck: tested!.deck, opponents: [{ sampleDeck: opponent!.name }], games: 30 },
    })
    expect(queued.statusCode).toBe(200)
    const id = queued.json().id
    const cancelled = await b.inject({ method: 'POST', url: `/api/deck-lab/${id}/cancel`, headers: auth })
    expect(cancelled.json().status).toBe('CANCELLED')
    await waitFor(
      'the owner told of the end',
      async () => (await eventsOf(dbs[0]!, id, 'deckLabFinished')) === 1,
      60_000,
    )
    const run = (await a.inject({ method: 'GET', url: `/api/deck-lab/${id}`, headers: auth })).json()
    expect(run.status).toBe('CANCELLED')
    expect(run.result.games).toBe(run.played)
    expect(run.played).toBeLessThan(30)
    const mine = (await a.inject({ method: 'GET', url: '/api/players/me/deck-lab', headers: auth })).json()
    expect(mine[0].id).toBe(id)
    // Cancelling an ended run returns it unchanged.
    expect((await a.inject({ method: 'POST', url: `/api/deck-lab/${id}/cancel`, headers: auth })).json()).toEqual(run)
  }, 240_000)
})
