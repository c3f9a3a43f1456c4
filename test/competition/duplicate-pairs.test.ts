// Issue 28, duplicate pairs: a duplicate challenge plays two matches created together (same seed, the same deck in each
// seat, the players' seats swapped, linked by Match.twin), rated as one result, the mean score, once the second ends;
// a duplicate round-robin of 4 players finishes, each pairing scoring its pair's mean; a round's deadline ends both
// matches of a pair; bad input refused with a code and nothing written.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { glicko2Update, GLICKO2_START } from '../../src/service/glicko2.ts'
import { gql, RACE_DECK, startListeningServer, type ListeningServer } from '../support/server.ts'
import { call, follow, newPlayer, until } from './support.ts'

let srv: ListeningServer
beforeAll(async () => {
  srv = await startListeningServer({ adminKey: ADMIN_KEY })
})
afterAll(async () => srv.close())

type Player = { id: string; key: string }
const ADMIN_KEY = 'operator-key-for-duplicate-pairs'
const SHORT_DECK = { cards: [1, 2, 3, 4, 5] }
const SAMPLE = { sampleDeck: 'Ones to nines' }
const later = () => new Date(Date.now() + 3_600_000).toISOString()

const history = async (p: Player) =>
  (await call(srv, 'GET', `/api/players/${p.id}/rating-history?game=race-to-20`)).json as any[]
const raceRating = async (p: Player) =>
  (await call(srv, 'GET', `/api/players/${p.id}`)).json.ratings.find((r: any) => r.game === 'race-to-20')

async function seatsOf(matchIds: string[]) {
  return srv.db.sql.query<{ matchId: string; index: number; deck: unknown; playerId: string }>(
    `SELECT "matchId", index, deck, "playerId" FROM "Seat" WHERE "matchId" = ANY($1::text[]) ORDER BY index`,
    [matchIds],
  )
}

describe('a duplicate challenge', () => {
  it('plays two ACTIVE matches with one seed, the same deck in each seat and the seats swapped, linked by twin', async () => {
    const [ann, bob] = (await Promise.all([newPlayer(srv, 'Dup Ann'), newPlayer(srv, 'Dup Bob')])) as [Player, Player]
    const c = await call(
      srv,
      'POST',
      '/api/challenges',
      { game: 'race-to-20', opponent: bob.id, deck: SHORT_DECK, rated: true, duplicate: true },
      ann.key,
    )
    expect(c.status).toBe(201)
    expect(c.json).toMatchObject({ duplicate: true, status: 'PENDING', matches: [] })
    const accepted = await call(srv, 'POST', `/api/challenges/${c.json.id}/accept`, { deck: RACE_DECK }, bob.key)
    expect(accepted.status).toBe(200)
    const [first, second] = accepted.json.matches
    expect(accepted.json.matches).toHaveLength(2)
    expect(first).toMatchObject({ status: 'ACTIVE', rated: true, twin: second.id })
    expect(second).toMatchObject({ status: 'ACTIVE', rated: true, twin: first.id })
    expect(first.seats.map((s: any) => s.playerId)).toEqual([ann.id, bob.id])
    expect(second.seats.map((s: any) => s.playerId)).toEqual([bob.id, ann.id])
    // One seed (its commitment, as the seed is shown only after the end), and the same deck in each seat: the two
    // matches start from the same state.
    expect(second.seedCommitment).toBe(first.seedCommitment)
    const seats = await seatsOf([first.id, second.id])
    for (const index of [0, 1]) {
      const [a, b] = seats.filter(s => s.index === index)
      expect(a!.deck).toEqual(b!.deck)
    }
    expect(seats.find(s => s.matchId === first.id && s.index === 0)!.deck).toEqual(SHORT_DECK)
    const states = await srv.db.sql.query<{ id: string; state: unknown }>(
      `SELECT id, state FROM "Match" WHERE id = ANY($1::text[])`,
      [[first.id, second.id]],
    )
    expect(states[0]!.state).toEqual(states[1]!.state)
    // GraphQL and REST name the twin.
    const g = await gql(srv.app, `query($id: ID!) { match(id: $id) { twin rated } }`, { id: second.id }, ann.key)
    expect(g.data.match).toEqual({ twin: first.id, rated: true })
    expect((await call(srv, 'GET', `/api/matches/${first.id}`)).json.twin).toBe(second.id)

    // The first match alone rates nothing: the pair is one result.
    expect((await call(srv, 'POST', `/api/matches/${first.id}/resign`, {}, bob.key)).json.winners).toEqual([0])
    expect(await history(ann)).toEqual([])
    expect(await raceRating(ann)).toMatchObject({ rating: 1500, games: 0 })
    // The second ends with no winner: Ann scored 1 and 0.5 (mean 0.75), Bob 0 and 0.5 (mean 0.25).
    expect(await srv.app.services.matches.endUndecided(second.id, 'roundDeadline')).toBe(true)
    // Rated once, however often it is asked for either match.
    await Promise.all([first.id, second.id, first.id, second.id].map(id => srv.app.services.ratings.matchEnded(id)))
    const annAfter = glicko2Update(GLICKO2_START, [{ opponent: GLICKO2_START, score: 0.75 }])
    const bobAfter = glicko2Update(GLICKO2_START, [{ opponent: GLICKO2_START, score: 0.25 }])
    expect(await raceRating(ann)).toEqual({ game: 'race-to-20', ...annAfter, games: 1 })
    expect(await raceRating(bob)).toEqual({ game: 'race-to-20', ...bobAfter, games: 1 })
    const annHistory = await history(ann)
    expect(annHistory).toHaveLength(1)
    expect(annHistory[0]).toMatchObject({ matches: [first.id, second.id], ...annAfter, change: annAfter.rating - 1500 })
    expect(await history(bob)).toHaveLength(1)
    expect((await call(srv, 'GET', `/api/challenges/${c.json.id}`, undefined, bob.key)).json.matches).toMatchObject([
      { id: first.id, status: 'FINISHED' },
      { id: second.id, status: 'FINISHED', endReason: 'roundDeadline' },
    ])
  })

  it('is unrated when either of its matches ends ABORTED, and settled: neither is rated later', async () => {
    const [ann, bob] = (await Promise.all([newPlayer(srv, 'Abort Ann'), newPlayer(srv, 'Abort Bob')])) as [
      Player,
      Player,
    ]
    const c = await call(
      srv,
      'POST',
      '/api/challenges',
      { game: 'race-to-20', opponent: bob.id, deck: RACE_DECK, rated: true, duplicate: true },
      ann.key,
    )
    const [first, second] = (await call(srv, 'POST', `/api/challenges/${c.json.id}/accept`, SAMPLE, bob.key)).json
      .matches
    const aborted = await call(srv, 'POST', `/api/admin/matches/${first.id}/abort`, { reason: 'test' }, ADMIN_KEY)
    expect(aborted.json).toMatchObject({ status: 'ABORTED' })
    expect((await call(srv, 'POST', `/api/matches/${second.id}/resign`, {}, bob.key)).json.status).toBe('FINISHED')
    expect(await srv.app.services.ratings.matchEnded(second.id)).toBe(false)
    const rated = await srv.db.sql.query<{ matchId: string }>(
      `SELECT "matchId" FROM "RatedMatch" WHERE "matchId" = ANY($1::text[]) ORDER BY "matchId"`,
      [[first.id, second.id]],
    )
    expect(rated.map(r => r.matchId)).toEqual([first.id, second.id].sort())
    expect(await history(ann)).toEqual([])
    expect(await raceRating(bob)).toMatchObject({ rating: 1500, games: 0 })
  })

  it('refuses bad input with BAD_USER_INPUT and writes nothing', async () => {
    const [ann, bob] = (await Promise.all([newPlayer(srv, 'Bad Ann'), newPlayer(srv, 'Bad Bob')])) as [Player, Player]
    const bad = await call(
      srv,
      'POST',
      '/api/challenges',
      { game: 'race-to-20', opponent: bob.id, deck: RACE_DECK, duplicate: 'yes' },
      ann.key,
    )
    expect(bad.status).toBe(400)
    expect(bad.json.code).toBe('BAD_USER_INPUT')
    expect((await call(srv, 'GET', '/api/players/me/challenges', undefined, ann.key)).json).toEqual([])
    const badTournament = await call(
      srv,
      'POST',
      '/api/tournaments',
      { game: 'race-to-20', name: 'Bad cup', format: 'ROUND_ROBIN', startsAt: later(), duplicate: 1 },
      ann.key,
    )
    expect(badTournament.status).toBe(400)
    expect(badTournament.json.code).toBe('BAD_USER_INPUT')
    // A pair is two players' two seats on a server seed: a seed of the caller's, or one seat, is refused.
    const seats = [
      { player: ann.id, deck: RACE_DECK },
      { player: bob.id, deck: RACE_DECK },
    ]
    for (const input of [
      { game: 'race-to-20', seats, seed: 'mine' },
      { game: 'race-to-20', seats: seats.slice(0, 1) },
    ]) {
      await expect(
        srv.app.services.matches.createPair(input, {}, { ids: [crypto.randomUUID(), crypto.randomUUID()] }),
      ).rejects.toMatchObject({ code: 'BAD_USER_INPUT' })
    }
    const [count] = await srv.db.sql.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM "Seat" WHERE "playerId" = ANY($1::text[])`,
      [[ann.id, bob.id]],
    )
    expect(count!.n).toBe(0)
  })
})

/** Joins the players to a new duplicate tournament of `a`'s and starts it. */
async function duplicateTournament(players: Player[], input: Record<string, unknown>) {
  const t = await call(
    srv,
    'POST',
    '/api/tournaments',
    { game: 'race-to-20', name: 'Pair cup', startsAt: later(), duplicate: true, ...input },
    players[0]!.key,
  )
  expect(t.status).toBe(201)
  expect(t.json.duplicate).toBe(true)
  for (const p of players)
    expect((await call(srv, 'POST', `/api/tournaments/${t.json.id}/join`, SAMPLE, p.key)).status).toBe(200)
  const started = await call(srv, 'POST', `/api/tournaments/${t.json.id}/start`, {}, players[0]!.key)
  expect(started.json).toMatchObject({ status: 'RUNNING', currentRound: 1 })
  return t.json.id as string
}

describe('a duplicate round-robin of 4 players', () => {
  it(
    'finishes: each pairing plays a pair, its points the mean, the round ending once both matches have',
    { timeout: 180_000 },
    async () => {
      const names = ['A', 'B', 'C', 'D']
      const players = (await Promise.all(names.map(n => newPlayer(srv, `Pair ${n}`)))) as Player[]
      const nameOf = new Map(players.map((p, i) => [p.id, names[i]!]))
      const keyOf = new Map(players.map(p => [p.id, p.key]))
      const streams = players.map(p => follow(srv, '/api/players/me/stream', p.key))
      await Promise.all(streams.map(s => s.opened))
      const id = await duplicateTournament(players, { format: 'ROUND_ROBIN', rated: true })
      for (let round = 1; round <= 3; round++) {
        // The round is claimed first, its matches made right after.
        const view = await until(`round ${round}`, async () => {
          const v = (await call(srv, 'GET', `/api/tournaments/${id}`)).json
          return v.currentRound === round && v.pairings.every((p: any) => p.match) && v
        })
        const pairs = view.pairings.filter((p: any) => p.round === round)
        expect(pairs).toHaveLength(2)
        for (const p of pairs) {
          expect(p.match).toMatchObject({ status: 'ACTIVE', rated: true, tournament: id })
          const twin = (await call(srv, 'GET', `/api/matches/${p.match.twin}`)).json
          expect(twin).toMatchObject({ status: 'ACTIVE', twin: p.match.id, tournament: id })
          expect(twin.seats.map((s: any) => s.playerId)).toEqual(p.players.map((pl: any) => pl.id).reverse())
        }
        // One tournamentPairing per pair, naming its first match.
        await Promise.all(
          streams.map(s =>
            until(`round ${round} pairing`, () =>
              s.lines.find(
                l =>
                  l.type === 'tournamentPairing' &&
                  l.tournamentId === id &&
                  l.round === round &&
                  pairs.some((p: any) => p.match.id === l.matchId),
              ),
            ),
          ),
        )
        // The earlier joiner wins both matches of each pair, except in round 1's A–D, where D wins the second.
        for (const p of pairs) {
          const [x, y] = p.players.map((pl: any) => pl.id) as [string, string]
          const later = nameOf.get(x)! > nameOf.get(y)! ? x : y
          const earlier = later === x ? y : x
          const split = round === 1 && nameOf.get(earlier) === 'A' && nameOf.get(later) === 'D'
          await call(srv, 'POST', `/api/matches/${p.match.id}/resign`, {}, keyOf.get(later))
          // One match of the pair ended: the pairing is not decided, the round goes on.
          const between = (await call(srv, 'GET', `/api/tournaments/${id}`)).json
          expect(between.currentRound).toBe(round)
          expect(between.pairings.find((b: any) => b.match?.id === p.match.id).points).toBeNull()
          await call(srv, 'POST', `/api/matches/${p.match.twin}/resign`, {}, keyOf.get(split ? earlier : later))
        }
      }
      const done = await until('the end', async () => {
        const v = (await call(srv, 'GET', `/api/tournaments/${id}`)).json
        return v.status === 'FINISHED' && v
      })
      const ad = done.pairings.find((p: any) => p.round === 1 && p.players.some((pl: any) => nameOf.get(pl.id) === 'D'))
      expect(ad.points).toEqual([0.5, 0.5])
      expect(
        done.standings.map((s: any) => [s.rank, nameOf.get(s.player.id), s.points, s.wins, s.draws, s.losses]),
      ).toEqual([
        [1, 'A', 2.5, 2, 1, 0],
        [2, 'B', 2, 2, 0, 1],
        [3, 'C', 1, 1, 0, 2],
        [4, 'D', 0.5, 0, 1, 2],
      ])
      // Rated: one update per pair, counting both its matches.
      const hist = await history(players[0]!)
      expect(hist).toHaveLength(3)
      for (const h of hist) expect(h.matches).toHaveLength(2)
      for (const s of streams) s.stop()
    },
  )

  it('ends both matches of a pair at the round deadline, half a point each', { timeout: 60_000 }, async () => {
    const players = (await Promise.all(['E', 'F'].map(n => newPlayer(srv, `Slow ${n}`)))) as Player[]
    const id = await duplicateTournament(players, { format: 'ROUND_ROBIN', roundSeconds: 1 })
    const done = await until('the deadline', async () => {
      const v = (await call(srv, 'GET', `/api/tournaments/${id}`)).json
      return v.status === 'FINISHED' && v
    })
    const [pairing] = done.pairings
    expect(pairing.points).toEqual([0.5, 0.5])
    expect(pairing.match).toMatchObject({ status: 'FINISHED', endReason: 'roundDeadline', winners: [] })
    const twin = (await call(srv, 'GET', `/api/matches/${pairing.match.twin}`)).json
    expect(twin).toMatchObject({ status: 'FINISHED', endReason: 'roundDeadline', winners: [] })
  })
})
