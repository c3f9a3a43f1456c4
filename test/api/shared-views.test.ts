// Issue 26: a version fanned out to many watchers of one match is one view per seat, its game view computed once, while
// each watcher's credentials are still checked: a wrong or rotated key gets no view, another seat's token its own.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { MatchWatchers } from '../../src/api/match-watch.ts'
import { inProcessBus } from '../../src/api/updates.ts'
import type { Caller, MatchView } from '../../src/service/index.ts'
import { CREATE_MATCH, gql, RACE_DECK, startTestServer, type TestServer } from '../support/server.ts'
import { raceGame } from '../support/test-game.ts'

const WATCHERS = 40
const engine = { ...raceGame }
const engineView = vi.spyOn(engine, 'view')
const bus = inProcessBus()
let srv: TestServer

beforeAll(async () => {
  srv = await startTestServer({ games: [engine], bus })
})
afterAll(async () => {
  await srv.close()
})

async function newMatch(seed: string, seat1: Record<string, unknown> = { deck: RACE_DECK }, token?: string) {
  const c = await gql(
    srv.app,
    CREATE_MATCH,
    { input: { game: 'race-to-20', seats: [{ deck: RACE_DECK }, seat1], seed, options: { target: 100 } } },
    token,
  )
  return {
    matchId: c.data.createMatch.match.id as string,
    tokens: c.data.createMatch.seats.map((s: { token: string }) => s.token) as string[],
  }
}

describe('watchers of one match share each version', () => {
  it(`${WATCHERS} watchers, spectators and seat 0: one view object per seat, the game view computed once each`, async () => {
    const { matches } = srv.app.services
    const { matchId, tokens } = await newMatch('shared')
    const watchers = new MatchWatchers(bus, (id, c, min, seat) => matches.get(id, c, min, seat), WATCHERS, {
      bufferBytes: 1 << 20,
      stallMs: 60_000,
    })
    const callers: Caller[] = Array.from({ length: WATCHERS }, (_, i) => (i % 2 ? { token: tokens[0] } : {}))
    const firsts = await Promise.all(callers.map(c => matches.get(matchId, c)))
    const feeds = firsts.map((first, i) => watchers.watch(first!, callers[i]!))
    for (const f of feeds) await f.next()

    engineView.mockClear()
    await matches.submit({ matchId, action: { type: 'roll' } }, { token: tokens[0] })
    const got = (await Promise.all(feeds.map(f => f.next()))).map(r => r.value as MatchView)
    // What each transport does with its view: serialise it (the game view, and `cardSets`, are read then).
    const lines = got.map(v => JSON.stringify(v))

    expect(got.every(v => v.version === 1)).toBe(true)
    expect(new Set(got.filter(v => v.seat === null)).size).toBe(1)
    expect(new Set(got.filter(v => v.seat === 0)).size).toBe(1)
    expect(new Set(lines).size).toBe(2)
    // One view for seat 0, one for spectators, and one spectator's view each for their `cardSets`: not one per watcher.
    expect(engineView.mock.calls.map(c => c[1])).toEqual(expect.arrayContaining([0, null]))
    expect(engineView).toHaveBeenCalledTimes(4)
    for (const f of feeds) await f.return()
  })

  it("in one turn, each reader still gets its own seat's view; a wrong token and a rotated key get none", async () => {
    const { matches } = srv.app.services
    const pat = (await gql(srv.app, `mutation { createPlayer(name: "Pat") { key player { id } } }`)).data.createPlayer
    const { matchId, tokens } = await newMatch('rotated', { player: pat.player.id, deck: RACE_DECK }, pat.key)
    const fresh = (await gql(srv.app, `mutation { rotatePlayerKey { key } }`, {}, pat.key)).data.rotatePlayerKey.key
    const read = (token?: string) =>
      matches.get(matchId, { token }).then(
        v => v!.seat,
        (e: { code?: string }) => e.code,
      )
    // Started in the same turn, so that any view made for one of them would be handed to the next.
    const seats = await Promise.all([read(tokens[0]), read(fresh), read(), read('st_not-a-seat'), read(pat.key)])
    expect(seats).toEqual([0, 1, null, 'UNAUTHENTICATED', 'UNAUTHENTICATED'])
  })
})
