// Issue 28, point 1: Glicko-2 ratings per game, updated once when a rated match finishes (resign and timeout are
// losses, aborted and unrated matches change nothing), also when two servers on one database race to rate it;
// Player.ratings, ratingHistory and the leaderboard; two bots that know only their keys meet through a seek.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { glicko2Update, GLICKO2_START } from '../../src/service/glicko2.ts'
import {
  gql,
  RACE_DECK,
  startListeningServer,
  startTestServer,
  type ListeningServer,
  type TestServer,
} from '../support/server.ts'
import { call, follow, newPlayer, playToEnd, until } from './support.ts'

let srv: ListeningServer
let second: TestServer
beforeAll(async () => {
  srv = await startListeningServer()
  // A second server on the same database: its rating update races the first's.
  second = await startTestServer({ db: srv.db })
})
afterAll(async () => {
  await second.close()
  await srv.close()
})

/** A rated (or unrated) match between two players, made by a challenge the second accepts. */
async function challengeMatch(
  a: { id: string; key: string },
  b: { id: string; key: string },
  extra: Record<string, unknown> = {},
): Promise<string> {
  const c = await call(
    srv,
    'POST',
    '/api/challenges',
    { game: 'race-to-20', opponent: b.id, deck: RACE_DECK, rated: true, ...extra },
    a.key,
  )
  expect(c.status).toBe(201)
  const accepted = await call(srv, 'POST', `/api/challenges/${c.json.id}/accept`, { deck: RACE_DECK }, b.key)
  expect(accepted.status).toBe(200)
  expect(accepted.json.matches[0].rated).toBe(extra.rated ?? true)
  return accepted.json.matches[0].id
}

const history = async (p: { id: string }) =>
  (await call(srv, 'GET', `/api/players/${p.id}/rating-history?game=race-to-20`)).json as any[]
const raceRating = async (p: { id: string }) =>
  (await call(srv, 'GET', `/api/players/${p.id}`)).json.ratings.find((r: any) => r.game === 'race-to-20')

describe('ratings', () => {
  it('a new player has the start values for every game; a resigned rated match updates both players once by Glicko-2, from the ratings before it', async () => {
    const [ann, bob] = await Promise.all([newPlayer(srv, 'Ann'), newPlayer(srv, 'Bob')])
    expect(await raceRating(ann)).toEqual({
      game: 'race-to-20',
      rating: 1500,
      deviation: 350,
      volatility: 0.06,
      games: 0,
    })
    const matchId = await challengeMatch(ann, bob)
    // Both servers try to rate the match while it ends: one update only.
    const racing = Array.from({ length: 6 }, (_, i) => (i % 2 ? second : srv).app.services.ratings.matchEnded(matchId))
    const resigned = await call(srv, 'POST', `/api/matches/${matchId}/resign`, {}, bob.key)
    expect(resigned.json).toMatchObject({ status: 'FINISHED', winners: [0], endReason: 'resigned' })
    await Promise.all([
      ...racing,
      ...Array.from({ length: 6 }, (_, i) => (i % 2 ? second : srv).app.services.ratings.matchEnded(matchId)),
    ])
    const won = glicko2Update(GLICKO2_START, [{ opponent: GLICKO2_START, score: 1 }])
    const lost = glicko2Update(GLICKO2_START, [{ opponent: GLICKO2_START, score: 0 }])
    expect(await raceRating(ann)).toEqual({ game: 'race-to-20', ...won, games: 1 })
    expect(await raceRating(bob)).toEqual({ game: 'race-to-20', ...lost, games: 1 })
    const annHistory = await history(ann)
    expect(annHistory).toHaveLength(1)
    expect(annHistory[0]).toMatchObject({ matches: [matchId], ...won, change: won.rating - 1500 })
    expect(await history(bob)).toHaveLength(1)
    // GraphQL: Player.ratings in Query.games order, and the same history.
    const g = await gql(
      srv.app,
      `query($id: ID!) { player(id: $id) { ratings { game rating games } } ratingHistory(player: $id, game: "race-to-20") { matches change } }`,
      { id: bob.id },
    )
    expect(g.errors).toBeUndefined()
    expect(g.data.player.ratings).toEqual([{ game: 'race-to-20', rating: lost.rating, games: 1 }])
    expect(g.data.ratingHistory).toEqual([{ matches: [matchId], change: lost.rating - 1500 }])
  })

  it('a timeout is a loss; an aborted rated match and an unrated match change nothing', async () => {
    const [ann, bob] = await Promise.all([newPlayer(srv, 'Ann'), newPlayer(srv, 'Bob')])
    const aborted = await challengeMatch(ann, bob)
    expect((await call(srv, 'POST', `/api/matches/${aborted}/abort`, {}, ann.key)).json.status).toBe('ABORTED')
    const unrated = await challengeMatch(ann, bob, { rated: false })
    expect((await call(srv, 'POST', `/api/matches/${unrated}/resign`, {}, ann.key)).json.status).toBe('FINISHED')
    expect(await history(ann)).toEqual([])
    expect(await history(bob)).toEqual([])

    const timed = await challengeMatch(ann, bob, { clock: { perMoveSeconds: 1, onTimeout: 'FORFEIT' } })
    // The deadline job may run on either server (or another test file's, on a shared database); the change feed tells
    // this one's cache at once, so the match it serves ends within the job's polling.
    const ended = await until(
      'the timeout',
      async () => {
        const m = (await call(srv, 'GET', `/api/matches/${timed}`)).json
        return m.status === 'FINISHED' && m
      },
      45_000,
    )
    expect(ended).toMatchObject({ endReason: 'timeout', winners: [1] })
    await until('the rating update', async () => (await history(bob)).length === 1)
    expect((await raceRating(bob)).rating).toBeGreaterThan(1500)
    expect((await raceRating(ann)).rating).toBeLessThan(1500)
  })

  it('the leaderboard ranks by rating, then deviation, then id, and pages with `after`; bad arguments are BAD_USER_INPUT', async () => {
    const [ann, bob] = await Promise.all([newPlayer(srv, 'Ann'), newPlayer(srv, 'Bob')])
    const matchId = await challengeMatch(ann, bob)
    await call(srv, 'POST', `/api/matches/${matchId}/resign`, {}, bob.key)
    const page = (await call(srv, 'GET', '/api/games/race-to-20/leaderboard?first=500')).json as any[]
    expect(page.map(e => e.rank)).toEqual(page.map((_, i) => i + 1))
    for (let i = 1; i < page.length; i++) {
      const [a, b] = [page[i - 1], page[i]]
      const ordered =
        a.rating.rating > b.rating.rating ||
        (a.rating.rating === b.rating.rating &&
          (a.rating.deviation < b.rating.deviation ||
            (a.rating.deviation === b.rating.deviation && a.player.id < b.player.id)))
      expect(ordered).toBe(true)
    }
    const k = Math.max(0, page.findIndex(e => e.player.id === ann.id) - 1)
    const next = (await call(srv, 'GET', `/api/games/race-to-20/leaderboard?first=2&after=${page[k].player.id}`)).json
    expect(next).toEqual(page.slice(k + 1, k + 3))
    expect((await call(srv, 'GET', '/api/games/race-to-20/leaderboard?first=501')).json.code).toBe('BAD_USER_INPUT')
    expect((await call(srv, 'GET', '/api/games/no-such-game/leaderboard')).json.code).toBe('NOT_FOUND')
    const q = await gql(srv.app, `query { leaderboard(game: "race-to-20", first: 0) { rank } }`)
    expect(q.errors?.[0]?.extensions.code).toBe('BAD_USER_INPUT')
  })

  it('an open seat of a rated match is joined only with a player key', async () => {
    const ann = await newPlayer(srv, 'Ann')
    const c = await gql(
      srv.app,
      `mutation($input: CreateMatchInput!) { createMatch(input: $input) { match { id rated status } invites { code } } }`,
      {
        input: { game: 'race-to-20', rated: true, seats: [{ player: ann.id, deck: RACE_DECK }, { open: true }] },
      },
      ann.key,
    )
    expect(c.data.createMatch.match).toMatchObject({ rated: true, status: 'WAITING' })
    const anonymous = await call(srv, 'POST', `/api/matches/${c.data.createMatch.match.id}/join`, {
      inviteCode: c.data.createMatch.invites[0].code,
      deck: RACE_DECK,
    })
    expect(anonymous.json.code).toBe('UNAUTHENTICATED')
    const bob = await newPlayer(srv, 'Bob')
    const joined = await call(
      srv,
      'POST',
      `/api/matches/${c.data.createMatch.match.id}/join`,
      { inviteCode: c.data.createMatch.invites[0].code, deck: RACE_DECK },
      bob.key,
    )
    expect(joined.json.match).toMatchObject({ status: 'ACTIVE', rated: true })
  })
})

describe('two bots that know only their player keys', () => {
  it('find each other through a seek, play a rated match to the end over REST, and their ratings change once', async () => {
    const [seeker, taker] = await Promise.all([newPlayer(srv, 'Seeker bot', true), newPlayer(srv, 'Taker bot', true)])
    const events = follow(srv, '/api/players/me/stream', seeker.key)
    await events.opened
    const seek = await call(
      srv,
      'POST',
      '/api/seeks',
      { game: 'race-to-20', sampleDeck: 'Ones to nines', rated: true, ratingRange: { min: 1000, max: 2000 } },
      seeker.key,
    )
    expect(seek.status).toBe(201)
    // The taker looks for an open rated seek it may accept, and takes it.
    const found = await until('a seek to accept', async () =>
      ((await call(srv, 'GET', '/api/seeks?game=race-to-20', undefined, taker.key)).json as any[]).find(
        s => s.id === seek.json.id && s.rated,
      ),
    )
    const accepted = await call(
      srv,
      'POST',
      `/api/seeks/${found.id}/accept`,
      { sampleDeck: 'Ones to nines' },
      taker.key,
    )
    expect(accepted.status).toBe(200)
    // The seeker learns of its match from seekAccepted, or, had its stream been closed, from GET /api/seeks/{id}.
    const told = await until('seekAccepted', () =>
      events.lines.find(l => l.type === 'seekAccepted' && l.seekId === seek.json.id),
    )
    const matchId = told.matchId
    expect((await call(srv, 'GET', `/api/seeks/${seek.json.id}`, undefined, seeker.key)).json.match.id).toBe(matchId)
    const [a, b] = await Promise.all([playToEnd(srv, matchId, seeker.key), playToEnd(srv, matchId, taker.key)])
    expect(a.status).toBe('FINISHED')
    expect(b.winners).toEqual(a.winners)
    const winner = a.winners[0] === 0 ? seeker : taker
    const loser = winner === seeker ? taker : seeker
    await until('both rated', async () => (await history(winner)).length === 1 && (await history(loser)).length === 1)
    expect(await history(winner)).toEqual([
      expect.objectContaining({
        matches: [matchId],
        change: glicko2Update(GLICKO2_START, [{ opponent: GLICKO2_START, score: 1 }]).rating - 1500,
      }),
    ])
    expect((await raceRating(loser)).rating).toBeLessThan(1500)
    expect((await raceRating(winner)).games).toBe(1)
    events.stop()
  })
})
