// Issue 28, point 4: the bot ladder. Bots that know only their keys opt in, are paired by the server's job (told
// ladderPaired, then matchStarted), play rated matches; a bot that loses 3 ladder matches in a row by timeout is
// taken off and told. Pairing rounds every second and a 1-second move clock here (the defaults are 30 s and 60 s).
process.env.LADDER_INTERVAL_SECONDS = '1'
process.env.LADDER_MOVE_SECONDS = '1'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { nearestPairs } from '../../src/service/ladder.ts'
import { gql, RACE_DECK, startListeningServer, type ListeningServer } from '../support/server.ts'
import { call, follow, newPlayer, playToEnd, until } from './support.ts'

let srv: ListeningServer
beforeAll(async () => {
  srv = await startListeningServer()
})
afterAll(async () => srv.close())

const entry = async (key: string) =>
  (await gql(srv.app, `query { me { ladder { game active removedReason gamesToday lastOpponent { id } } } }`, {}, key))
    .data.me.ladder

describe('the bot ladder', () => {
  it('pairs nearest ratings first and never a bot with its previous ladder opponent', () => {
    const bot = (playerId: string, rating: number, lastOpponentId: string | null = null) => ({
      playerId,
      rating,
      lastOpponentId,
    })
    const ids = (pairs: [{ playerId: string }, { playerId: string }][]) =>
      pairs.map(([x, y]) => [x.playerId, y.playerId])
    expect(ids(nearestPairs([bot('a', 1500), bot('b', 1900), bot('c', 1510), bot('d', 1880)]))).toEqual([
      ['a', 'c'],
      ['b', 'd'],
    ])
    expect(ids(nearestPairs([bot('a', 1500, 'c'), bot('c', 1510, 'a'), bot('b', 1600)]))).toEqual([['c', 'b']])
    expect(nearestPairs([bot('a', 1500, 'b'), bot('b', 1500, 'a')])).toEqual([])
  })

  it('refuses a player that is not a bot (NOT_A_BOT, nothing written) and a bad deck', async () => {
    const ann = await newPlayer(srv, 'Ann')
    const res = await call(srv, 'PUT', '/api/players/me/ladder/race-to-20', { deck: RACE_DECK }, ann.key)
    expect(res).toMatchObject({ status: 403, json: { code: 'NOT_A_BOT' } })
    expect(await srv.db.prisma.ladderEntry.count({ where: { playerId: ann.id } })).toBe(0)
    const bot = await newPlayer(srv, 'Bot', true)
    expect((await call(srv, 'PUT', '/api/players/me/ladder/race-to-20', {}, bot.key)).json.code).toBe('BAD_USER_INPUT')
    expect(
      (await call(srv, 'PUT', '/api/players/me/ladder/race-to-20', { deck: { cards: [99] } }, bot.key)).json.code,
    ).toBe('DECK_ILLEGAL')
    expect(await srv.db.prisma.ladderEntry.count({ where: { playerId: bot.id } })).toBe(0)
  })

  it('two bots that know only their keys join, are paired by the server, told ladderPaired then matchStarted, and play a rated match to the end', async () => {
    const [a, b] = await Promise.all([newPlayer(srv, 'Ladder A', true), newPlayer(srv, 'Ladder B', true)])
    const streams = [follow(srv, '/api/players/me/stream', a.key), follow(srv, '/api/players/me/stream', b.key)]
    await Promise.all(streams.map(s => s.opened))
    // Moves must come within the 1-second clock: the bots play at once, reading their streams.
    for (const p of [a, b])
      expect(
        (await call(srv, 'PUT', '/api/players/me/ladder/race-to-20', { sampleDeck: 'Ones to nines' }, p.key)).json,
      ).toMatchObject({ game: 'race-to-20', active: true })
    const paired = await until('ladderPaired', () =>
      streams[0]!.lines.find(l => l.type === 'ladderPaired' && l.game === 'race-to-20'),
    )
    const matchId = paired.matchId
    for (const s of streams) {
      await until('ladderPaired then matchStarted', () => {
        const types = s.lines.filter(l => l.matchId === matchId).map(l => l.type)
        return types.indexOf('matchStarted') > types.indexOf('ladderPaired') && types.indexOf('ladderPaired') >= 0
      })
    }
    const [end] = await Promise.all([playToEnd(srv, matchId, a.key), playToEnd(srv, matchId, b.key)])
    expect(end).toMatchObject({ status: 'FINISHED', rated: true })
    expect(end.clock).toMatchObject({ perMoveSeconds: 1, onTimeout: 'FORFEIT' })
    await until(
      'both rated',
      async () => (await srv.db.prisma.ratingChange.count({ where: { matches: { has: matchId } } })) === 2,
    )
    const mine = await entry(a.key)
    expect(mine).toEqual([
      { game: 'race-to-20', active: true, removedReason: null, gamesToday: 1, lastOpponent: { id: b.id } },
    ])
    // Another player sees none of a bot's entries.
    expect(
      (await gql(srv.app, `query($id: ID!) { player(id: $id) { ladder { game } } }`, { id: a.id }, b.key)).data.player
        .ladder,
    ).toEqual([])
    // The same two are never paired twice in a row: the next rounds pass them over.
    expect(await srv.app.services.ladder.pair()).toBe(0)
    for (const p of [a, b])
      expect((await call(srv, 'DELETE', '/api/players/me/ladder/race-to-20', undefined, p.key)).json.active).toBe(false)
    for (const s of streams) s.stop()
  })

  it('a bot that loses its third ladder match in a row by timeout is taken off the ladder and told ladderRemoved', async () => {
    const [idle, other] = await Promise.all([newPlayer(srv, 'Idle bot', true), newPlayer(srv, 'Other bot', true)])
    const streams = [follow(srv, '/api/players/me/stream', idle.key), follow(srv, '/api/players/me/stream', other.key)]
    await Promise.all(streams.map(s => s.opened))
    for (const p of [idle, other])
      await call(srv, 'PUT', '/api/players/me/ladder/race-to-20', { deck: RACE_DECK }, p.key)
    // Two timeouts in a row already counted for both: whichever is to act first and does not will lose its third.
    await srv.db.prisma.ladderEntry.updateMany({
      where: { playerId: { in: [idle.id, other.id] } },
      data: { timeoutsInRow: 2 },
    })
    const removed = await until(
      'ladderRemoved',
      () => streams.flatMap(s => s.lines).find(l => l.type === 'ladderRemoved' && l.game === 'race-to-20'),
      30_000,
    )
    const [loser, winner] = streams[0]!.lines.includes(removed) ? [idle, other] : [other, idle]
    const ended = await srv.db.prisma.match.findFirstOrThrow({
      where: { seats: { some: { playerId: loser.id } } },
      orderBy: { createdAt: 'desc' },
    })
    expect(ended).toMatchObject({ status: 'FINISHED', endReason: 'timeout', rated: true })
    expect((await entry(loser.key))[0]).toMatchObject({
      active: false,
      removedReason: 'lost 3 ladder matches in a row by timeout',
    })
    expect((await entry(winner.key))[0]).toMatchObject({ active: true, removedReason: null })
    expect(
      (
        await srv.db.prisma.ladderEntry.findUniqueOrThrow({
          where: { playerId_game: { playerId: winner.id, game: 'race-to-20' } },
        })
      ).timeoutsInRow,
    ).toBe(0)
    await call(srv, 'DELETE', '/api/players/me/ladder/race-to-20', undefined, winner.key)
    for (const s of streams) s.stop()
  })
})
