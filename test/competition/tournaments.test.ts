// Issue 28, point 5: server-run tournaments over the API. Eight bots that know only their keys play a Swiss
// tournament of 3 rounds to its end (each match's loser resigns, by a script whose pairings and standings are
// computed by hand below); two servers on one database pair each round once; a round's deadline; a start time with
// too few entrants; bad input refused with nothing written.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { gql, startListeningServer, startTestServer, type ListeningServer, type TestServer } from '../support/server.ts'
import { call, follow, newPlayer, until } from './support.ts'

let srv: ListeningServer
beforeAll(async () => {
  srv = await startListeningServer({ adminKey: 'operator-key-for-tournaments' })
})
afterAll(async () => srv.close())

type Player = { id: string; key: string }
const later = () => new Date(Date.now() + 3_600_000).toISOString()
const SAMPLE = { sampleDeck: 'Ones to nines' }

async function tournament(key: string, input: Record<string, unknown>) {
  const res = await call(
    srv,
    'POST',
    '/api/tournaments',
    { game: 'race-to-20', name: 'Test cup', startsAt: later(), ...input },
    key,
  )
  expect(res.status).toBe(201)
  return res.json
}

describe('a Swiss tournament of 8 bots over 3 rounds', () => {
  it(
    'finishes by itself: pairings, events and standings as computed by hand (the loser of each match is the later joiner)',
    { timeout: 180_000 },
    async () => {
      const names = ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H']
      const bots = await Promise.all(names.map(n => newPlayer(srv, `Swiss ${n}`, true)))
      const nameOf = new Map(bots.map((b, i) => [b.id, names[i]!]))
      const streams = bots.map(b => follow(srv, '/api/players/me/stream', b.key))
      await Promise.all(streams.map(s => s.opened))
      const t = await tournament(bots[0]!.key, { format: 'SWISS', rounds: 3 })
      expect(t).toMatchObject({
        status: 'OPEN',
        rounds: 3,
        currentRound: 0,
        createdBy: { id: bots[0]!.id },
        standings: [],
      })
      for (const b of bots)
        expect((await call(srv, 'POST', `/api/tournaments/${t.id}/join`, SAMPLE, b.key)).status).toBe(200)
      // Joining twice changes nothing.
      expect(
        (await call(srv, 'POST', `/api/tournaments/${t.id}/join`, SAMPLE, bots[3]!.key)).json.entrants.map((e: any) =>
          nameOf.get(e.player.id),
        ),
      ).toEqual(names)
      const started = await call(srv, 'POST', `/api/tournaments/${t.id}/start`, {}, bots[0]!.key)
      expect(started.json).toMatchObject({ status: 'RUNNING', currentRound: 1 })

      // Round 1: all level, paired in join order. Winners A C E G. Round 2: A C E G on 1 point paired among
      // themselves (A–C, E–G), B D F H too. Winners A E B F. Round 3: A–E (2), B–C and F–G (1, none met), D–H (0).
      const expected = [
        [
          ['A', 'B'],
          ['C', 'D'],
          ['E', 'F'],
          ['G', 'H'],
        ],
        [
          ['A', 'C'],
          ['E', 'G'],
          ['B', 'D'],
          ['F', 'H'],
        ],
        [
          ['A', 'E'],
          ['B', 'C'],
          ['F', 'G'],
          ['D', 'H'],
        ],
      ]
      for (let round = 1; round <= 3; round++) {
        const told = await Promise.all(
          streams.map(s =>
            until(
              `round ${round} pairing`,
              () => s.lines.find(l => l.type === 'tournamentPairing' && l.tournamentId === t.id && l.round === round),
              60_000,
            ),
          ),
        )
        // The pairing is told with the round's claim, the match's start right after it.
        await Promise.all(
          told.map((e, i) =>
            until('matchStarted', () =>
              streams[i]!.lines.find(l => l.type === 'matchStarted' && l.matchId === e.matchId),
            ),
          ),
        )
        const view = await call(srv, 'GET', `/api/tournaments/${t.id}`)
        const pairs = view.json.pairings.filter((p: any) => p.round === round)
        expect(pairs.map((p: any) => p.players.map((pl: any) => nameOf.get(pl.id)))).toEqual(expected[round - 1])
        for (const p of pairs) expect(p.match).toMatchObject({ status: 'ACTIVE', rated: false, tournament: t.id })
        // Each bot resigns the matches it is to lose: the one who joined later (a later letter).
        await Promise.all(
          told.map(async (event, i) => {
            const pair = pairs.find((p: any) => p.match.id === event.matchId)
            const other = pair.players.find((pl: any) => pl.id !== bots[i]!.id)
            if (nameOf.get(other.id)! < names[i]!)
              expect((await call(srv, 'POST', `/api/matches/${event.matchId}/resign`, {}, bots[i]!.key)).status).toBe(
                200,
              )
          }),
        )
      }
      await Promise.all(
        streams.map(s =>
          until('tournamentFinished', () =>
            s.lines.find(l => l.type === 'tournamentFinished' && l.tournamentId === t.id),
          ),
        ),
      )
      // Every bot heard each round start before its pairing, once each.
      for (const s of streams) {
        const mine = s.lines.filter(l => l.tournamentId === t.id).map(l => `${l.type}${l.round ?? ''}`)
        expect(mine).toEqual([
          'tournamentRoundStarted1',
          'tournamentPairing1',
          'tournamentRoundStarted2',
          'tournamentPairing2',
          'tournamentRoundStarted3',
          'tournamentPairing3',
          'tournamentFinished',
        ])
      }
      const done = (await call(srv, 'GET', `/api/tournaments/${t.id}`)).json
      expect(done).toMatchObject({ status: 'FINISHED', currentRound: 3 })
      // A 3 (Buchholz 5); E, B, F on 2 by Buchholz 6, 5, 3; C, G, D on 1 by Buchholz 6, 4, 3; H 0.
      expect(
        done.standings.map((s: any) => [s.rank, nameOf.get(s.player.id), s.points, s.buchholz, s.sonnebornBerger]),
      ).toEqual([
        [1, 'A', 3, 5, 5],
        [2, 'E', 2, 6, 3],
        [3, 'B', 2, 5, 2],
        [4, 'F', 2, 3, 1],
        [5, 'C', 1, 6, 1],
        [6, 'G', 1, 4, 0],
        [7, 'D', 1, 3, 0],
        [8, 'H', 0, 4, 0],
      ])
      // GraphQL: one round's pairings, a match's tournament, and the tournament on a player event.
      const q = await gql(
        srv.app,
        `query($id: ID!) { tournament(id: $id) { pairings(round: 2) { round bye points players { name } match { tournament status endReason } } standings { rank wins losses byes } } }`,
        { id: t.id },
        bots[0]!.key,
      )
      expect(q.data.tournament.pairings).toHaveLength(4)
      expect(q.data.tournament.pairings[0]).toEqual({
        round: 2,
        bye: false,
        points: [1, 0],
        players: [{ name: 'Swiss A' }, { name: 'Swiss C' }],
        match: { tournament: t.id, status: 'FINISHED', endReason: 'resigned' },
      })
      expect(q.data.tournament.standings[0]).toEqual({ rank: 1, wins: 3, losses: 0, byes: 0 })
      expect(
        (await gql(srv.app, `query { tournaments(status: FINISHED) { id } }`)).data.tournaments.map((x: any) => x.id),
      ).toContain(t.id)
      for (const s of streams) s.stop()
    },
  )
})

describe('two servers on one database', () => {
  let second: TestServer
  // A second server process on the same database (for this test only: it shares no bus with the first, so a player
  // stream on the first would not hear what the second's jobs tell): its job workers race the first's for every round.
  beforeAll(async () => {
    second = await startTestServer({ db: srv.db })
  })
  afterAll(async () => second.close())

  it('pair each round once and start it once, however many times both try', { timeout: 120_000 }, async () => {
    const players = await Promise.all([1, 2, 3, 4, 5].map(n => newPlayer(srv, `Racer ${n}`)))
    const t = await tournament(players[0]!.key, { format: 'SWISS', rounds: 2 })
    for (const p of players) await call(srv, 'POST', `/api/tournaments/${t.id}/join`, SAMPLE, p.key)
    const starts = await Promise.all(
      [srv, second, srv, second].map(s =>
        s.app.inject({
          method: 'POST',
          url: `/api/tournaments/${t.id}/start`,
          headers: { authorization: `Bearer ${players[0]!.key}` },
          payload: {},
        }),
      ),
    )
    expect(starts.map(r => r.statusCode).sort()).toEqual([200, 409, 409, 409])
    for (let round = 1; round <= 2; round++) {
      await until(
        `round ${round}`,
        async () => (await second.app.services.tournaments.get(t.id))!.currentRound === round,
      )
      await Promise.all([srv, second, srv, second].map(s => s.app.services.tournaments.advance(t.id)))
      const boards = (await srv.app.services.tournaments.get(t.id))!.pairings.filter(p => p.round === round)
      // 5 entrants: two matches and a bye, each written once.
      expect(boards.map(b => b.players.length).sort()).toEqual([1, 2, 2])
      for (const b of boards.filter(x => x.matchId)) {
        const resigner = players.find(p => p.id === b.players[1]!.id)!
        await Promise.all([
          call(srv, 'POST', `/api/matches/${b.matchId}/resign`, {}, resigner.key),
          // The same end heard by both servers' hooks at once: its points are written once.
          second.app.services.tournaments.matchEnded(b.matchId!),
        ])
      }
      await Promise.all([srv, second].map(s => s.app.services.tournaments.advance(t.id)))
    }
    await until('finished', async () => (await srv.app.services.tournaments.get(t.id))!.status === 'FINISHED')
    const counts = await srv.db.sql.query<{ type: string; n: number }>(
      `SELECT event->>'type' AS type, count(*)::int AS n FROM "PlayerEvent" WHERE event->>'tournamentId' = $1 GROUP BY 1 ORDER BY 1`,
      [t.id],
    )
    // Each of 5 players: 2 round starts, 2 pairings, 1 finish.
    expect(counts).toEqual([
      { type: 'tournamentFinished', n: 5 },
      { type: 'tournamentPairing', n: 10 },
      { type: 'tournamentRoundStarted', n: 10 },
    ])
    const made = await srv.db.sql.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM "Match" m JOIN "TournamentPairing" p ON p."matchId" = m.id WHERE p."tournamentId" = $1`,
      [t.id],
    )
    expect(made[0]!.n).toBe(4)
    const table = (await srv.app.services.tournaments.get(t.id))!.standings
    expect(table.reduce((s, r) => s + r.byes, 0)).toBe(2)
    expect(table.filter(r => r.byes > 1)).toEqual([])
  })
})

describe('deadlines, start times and withdrawals', () => {
  it('ends a match still ACTIVE at its round deadline FINISHED with no winner, half a point each', async () => {
    const [a, b] = (await Promise.all([newPlayer(srv, 'Slow A'), newPlayer(srv, 'Slow B')])) as [Player, Player]
    const t = await tournament(a.key, { format: 'ROUND_ROBIN', roundSeconds: 1 })
    for (const p of [a, b]) await call(srv, 'POST', `/api/tournaments/${t.id}/join`, SAMPLE, p.key)
    const started = (await call(srv, 'POST', `/api/tournaments/${t.id}/start`, {}, a.key)).json
    expect(started).toMatchObject({ rounds: 1, currentRound: 1 })
    const done = await until('finished', async () => {
      const v = (await call(srv, 'GET', `/api/tournaments/${t.id}`)).json
      return v.status === 'FINISHED' && v
    })
    expect(done.pairings[0]).toMatchObject({
      points: [0.5, 0.5],
      match: { status: 'FINISHED', endReason: 'roundDeadline', winners: [] },
    })
    expect(done.standings.map((s: any) => [s.points, s.draws])).toEqual([
      [0.5, 1],
      [0.5, 1],
    ])
  })

  it('cancels at its start time with too few entrants, telling them; a round-robin goes on without an entrant that withdrew', async () => {
    const lone = await newPlayer(srv, 'Lone')
    const stream = follow(srv, '/api/players/me/stream', lone.key)
    await stream.opened
    const soon = await tournament(lone.key, {
      format: 'ROUND_ROBIN',
      startsAt: new Date(Date.now() + 1000).toISOString(),
    })
    await call(srv, 'POST', `/api/tournaments/${soon.id}/join`, SAMPLE, lone.key)
    await until('tournamentCancelled', () =>
      stream.lines.find(l => l.type === 'tournamentCancelled' && l.tournamentId === soon.id),
    )
    expect((await call(srv, 'GET', `/api/tournaments/${soon.id}`)).json.status).toBe('CANCELLED')
    stream.stop()

    const [a, b, c] = (await Promise.all(['RR A', 'RR B', 'RR C'].map(n => newPlayer(srv, n)))) as [
      Player,
      Player,
      Player,
    ]
    const t = await tournament(a.key, { format: 'ROUND_ROBIN' })
    for (const p of [a, b, c]) await call(srv, 'POST', `/api/tournaments/${t.id}/join`, SAMPLE, p.key)
    const running = (await call(srv, 'POST', `/api/tournaments/${t.id}/start`, {}, a.key)).json
    expect(running).toMatchObject({ rounds: 3, currentRound: 1 })
    const withdrawn = (await call(srv, 'POST', `/api/tournaments/${t.id}/withdraw`, {}, c.key)).json
    expect(withdrawn.entrants.find((e: any) => e.player.id === c.id).withdrawn).toBe(true)
    // Every match is played out by resignation of its seat 1; C is never paired again and its opponent has a bye.
    const done = await until('finished', async () => {
      const v = (await call(srv, 'GET', `/api/tournaments/${t.id}`)).json
      for (const p of v.pairings) {
        if (p.match?.status !== 'ACTIVE') continue
        const key = [a, b, c].find(x => x.id === p.players[1].id)!.key
        await call(srv, 'POST', `/api/matches/${p.match.id}/resign`, {}, key)
      }
      return v.status === 'FINISHED' && v
    })
    // Round 1: B–C, A's bye. Round 2: A would meet C, B has the circle's bye: two byes. Round 3: A–B.
    const afterFirst = done.pairings.filter((p: any) => p.round > 1)
    expect(afterFirst.flatMap((p: any) => p.players.map((x: any) => x.id))).not.toContain(c.id)
    expect(done.pairings.map((p: any) => [p.round, p.bye])).toEqual([
      [1, false],
      [1, true],
      [2, true],
      [2, true],
      [3, false],
    ])
    expect(done.standings.find((s: any) => s.player.id === c.id).withdrawn).toBe(true)
  })
})

describe('bad input', () => {
  it('refuses each with a 4xx and a code, writing nothing', async () => {
    const [me, other] = await Promise.all([newPlayer(srv, 'Organiser'), newPlayer(srv, 'Other')])
    const before = await srv.db.prisma.tournament.count()
    const bad = async (body: Record<string, unknown>, key: string | undefined = me.key) =>
      call(srv, 'POST', '/api/tournaments', { game: 'race-to-20', name: 'Bad', startsAt: later(), ...body }, key)
    expect(await bad({ format: 'SWISS', rounds: 3, minEntrants: 1 })).toMatchObject({
      status: 400,
      json: { code: 'BAD_USER_INPUT' },
    })
    expect(await bad({ format: 'SWISS', rounds: 0 })).toMatchObject({ status: 400, json: { code: 'BAD_USER_INPUT' } })
    expect(await bad({ format: 'SWISS' })).toMatchObject({ status: 400, json: { code: 'BAD_USER_INPUT' } })
    expect(await bad({ format: 'ROUND_ROBIN', rounds: 2 })).toMatchObject({
      status: 400,
      json: { code: 'BAD_USER_INPUT' },
    })
    expect(await bad({ format: 'ROUND_ROBIN', startsAt: 'tomorrow' })).toMatchObject({
      status: 400,
      json: { code: 'BAD_USER_INPUT' },
    })
    expect(await bad({ format: 'ROUND_ROBIN', minEntrants: 5, maxEntrants: 4 })).toMatchObject({
      status: 400,
      json: { code: 'BAD_USER_INPUT' },
    })
    expect(await bad({ format: 'ROUND_ROBIN' }, '')).toMatchObject({ status: 401, json: { code: 'UNAUTHENTICATED' } })
    expect(await srv.db.prisma.tournament.count()).toBe(before)

    // The operator creates one; a tournament with 1 entrant does not start.
    const t = (
      await call(
        srv,
        'POST',
        '/api/tournaments',
        { game: 'race-to-20', name: 'Operator cup', format: 'ROUND_ROBIN', startsAt: later() },
        'operator-key-for-tournaments',
      )
    ).json
    expect(t).toMatchObject({ status: 'OPEN', createdBy: null })
    await call(srv, 'POST', `/api/tournaments/${t.id}/join`, SAMPLE, me.key)
    expect(await call(srv, 'POST', `/api/tournaments/${t.id}/start`, {}, 'operator-key-for-tournaments')).toMatchObject(
      { status: 409, json: { code: 'TOO_FEW_ENTRANTS' } },
    )
    expect(await call(srv, 'POST', `/api/tournaments/${t.id}/start`, {}, me.key)).toMatchObject({
      status: 400,
      json: { code: 'BAD_USER_INPUT' },
    })
    expect(
      await call(srv, 'POST', `/api/tournaments/${t.id}/join`, { deck: { cards: [99] } }, other.key),
    ).toMatchObject({ status: 422, json: { code: 'DECK_ILLEGAL' } })
    expect((await call(srv, 'GET', `/api/tournaments/${t.id}`)).json).toMatchObject({
      status: 'OPEN',
      currentRound: 0,
      entrants: [{ player: { id: me.id } }],
    })

    // Joining after the start.
    await call(srv, 'POST', `/api/tournaments/${t.id}/join`, SAMPLE, other.key)
    expect((await call(srv, 'POST', `/api/tournaments/${t.id}/start`, {}, 'operator-key-for-tournaments')).status).toBe(
      200,
    )
    const late = await newPlayer(srv, 'Late')
    expect(await call(srv, 'POST', `/api/tournaments/${t.id}/join`, SAMPLE, late.key)).toMatchObject({
      status: 409,
      json: { code: 'TOURNAMENT_STARTED' },
    })
    expect(await srv.db.prisma.tournamentEntrant.count({ where: { tournamentId: t.id } })).toBe(2)
    expect((await call(srv, 'GET', '/api/tournaments/not-a-tournament')).json.code).toBe('NOT_FOUND')
    expect(
      (await call(srv, 'POST', `/api/tournaments/${t.id}/cancel`, {}, 'operator-key-for-tournaments')).json.status,
    ).toBe('CANCELLED')
  })
})
