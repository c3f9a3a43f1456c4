// Issue 27, point 5: draw offers where the game has a draw result (Game.draws): offer, accept (FINISHED, winners []),
// decline (drawDeclined), withdrawn by the offerer's next decision; ILLEGAL_ACTION in a game without draws.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { productionGames } from '../../src/games/index.ts'
import type { AnyEngine } from '../../src/kernel/index.ts'
import { gql, RACE_DECK, startListeningServer, type ListeningServer } from '../support/server.ts'
import { raceGame } from '../support/test-game.ts'

// The test game with a draw result declared, so that offers can be played out quickly.
const raceWithDraws = {
  ...raceGame,
  id: 'race-with-draws',
  name: 'Race to 20 (draws allowed)',
  draws: true,
} as AnyEngine
let srv: ListeningServer
beforeAll(async () => {
  srv = await startListeningServer({ games: [raceGame as AnyEngine, raceWithDraws, ...productionGames] })
})
afterAll(async () => {
  await srv.close()
})

type Who = { id: string; key: string }
const CREATE = `mutation($input: CreateMatchInput!) { createMatch(input: $input) { match { id } } }`
const JOIN = `mutation($input: JoinMatchInput!) { joinMatch(input: $input) { match { status } } }`
const DRAW_OFFER = `drawOffer { seat accepted at }`

async function player(name: string): Promise<Who> {
  const p = (await gql(srv.app, `mutation($n: String!) { createPlayer(name: $n) { key player { id } } }`, { n: name }))
    .data.createPlayer
  return { id: p.player.id, key: p.key }
}

async function match(game: string, x: Who, y: Who): Promise<string> {
  const id = (await gql(srv.app, CREATE, { input: { game, seats: [{ player: x.id }, { player: y.id }] } }, x.key)).data
    .createMatch.match.id
  await gql(srv.app, JOIN, { input: { matchId: id, deck: RACE_DECK } }, x.key)
  expect(
    (await gql(srv.app, JOIN, { input: { matchId: id, deck: RACE_DECK } }, y.key)).data.joinMatch.match.status,
  ).toBe('ACTIVE')
  return id
}

async function rest(method: string, path: string, token?: string, body?: unknown) {
  const res = await fetch(`${srv.base}/api${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(method === 'GET' ? {} : { 'content-type': 'application/json' }),
    },
    body: method === 'GET' ? undefined : JSON.stringify(body ?? {}),
  })
  return { status: res.status, body: await res.json() }
}

const events = async (playerId: string, matchId: string) =>
  (
    await srv.db.sql.query<{ type: string }>(
      `SELECT type FROM "PlayerEvent" WHERE "playerId" = $1 AND "matchId" = $2 ORDER BY seq`,
      [playerId, matchId],
    )
  ).map(r => r.type)
const matchOf = async (id: string, key: string) =>
  (await gql(srv.app, `query($id: ID!) { match(id: $id) { status winners endReason ${DRAW_OFFER} } }`, { id }, key))
    .data.match

describe('draw offers', () => {
  it('Game.draws: Cyber Net Cards and Marvel Dice Throne have a draw result, Cyberpunk TCG does not', async () => {
    const games = (await gql(srv.app, `{ games { id draws } }`)).data.games
    expect(Object.fromEntries(games.map((g: any) => [g.id, g.draws]))).toEqual({
      'race-to-20': false,
      'race-with-draws': true,
      'cyber-net-cards': true,
      'cyberpunk-tcg': false,
      'dice-throne-marvel': true,
    })
  })

  it('accepted by every other seat: FINISHED with winners [] and endReason "draw agreed"; the log still replays', async () => {
    const [ann, bob] = [await player('Ann'), await player('Bob')]
    const id = await match('race-with-draws', ann, bob)
    const offered = await gql(
      srv.app,
      `mutation($id: ID!) { offerDraw(matchId: $id) { ${DRAW_OFFER} } }`,
      { id },
      ann.key,
    )
    expect(offered.data.offerDraw.drawOffer).toMatchObject({ seat: 0, accepted: [] })
    expect(await events(bob.id, id)).toContain('drawOffered')
    // REST carries the same offer.
    expect((await rest('GET', `/matches/${id}`, bob.key)).body.drawOffer).toEqual(offered.data.offerDraw.drawOffer)
    const again = await rest('POST', `/matches/${id}/draw`, bob.key)
    expect([again.status, again.body.code]).toEqual([422, 'ILLEGAL_ACTION'])
    const own = await rest('POST', `/matches/${id}/draw/answer`, ann.key, { accept: true })
    expect(own.body.code).toBe('ILLEGAL_ACTION')
    const done = await rest('POST', `/matches/${id}/draw/answer`, bob.key, { accept: true })
    expect(done.status).toBe(200)
    expect(await matchOf(id, ann.key)).toEqual({
      status: 'FINISHED',
      winners: [],
      endReason: 'draw agreed',
      drawOffer: null,
    })
    expect(await events(ann.id, id)).toContain('matchFinished')
    expect((await gql(srv.app, `query($id: ID!) { verifyMatch(id: $id) { ok } }`, { id })).data.verifyMatch.ok).toBe(
      true,
    )
  })

  it('declined: the offer ends, the offerer’s player gets drawDeclined, the match goes on', async () => {
    const [ann, bob] = [await player('Ann'), await player('Bob')]
    const id = await match('race-with-draws', ann, bob)
    await rest('POST', `/matches/${id}/draw`, bob.key)
    const declined = await gql(
      srv.app,
      `mutation($id: ID!) { answerDraw(matchId: $id, accept: false) { status ${DRAW_OFFER} } }`,
      { id },
      ann.key,
    )
    expect(declined.data.answerDraw).toEqual({ status: 'ACTIVE', drawOffer: null })
    expect(await events(bob.id, id)).toContain('drawDeclined')
    expect(await events(ann.id, id)).not.toContain('drawDeclined')
    expect((await rest('POST', `/matches/${id}/draw/answer`, bob.key, { accept: true })).body.code).toBe(
      'ILLEGAL_ACTION',
    )
  })

  it("is withdrawn by the offerer's next decision", async () => {
    const [ann, bob] = [await player('Ann'), await player('Bob')]
    const id = await match('race-with-draws', ann, bob)
    await rest('POST', `/matches/${id}/draw`, ann.key)
    expect((await matchOf(id, bob.key)).drawOffer).toMatchObject({ seat: 0 })
    const moved = await gql(
      srv.app,
      `mutation($input: SubmitActionInput!) { submitAction(input: $input) { match { version } } }`,
      { input: { matchId: id, action: { type: 'roll' } } },
      ann.key,
    )
    expect(moved.errors).toBeUndefined()
    expect((await matchOf(id, bob.key)).drawOffer).toBeNull()
    expect((await rest('POST', `/matches/${id}/draw/answer`, bob.key, { accept: true })).body.code).toBe(
      'ILLEGAL_ACTION',
    )
  })

  it('is ILLEGAL_ACTION in a game without a draw result, and bad input is a 4xx with nothing written', async () => {
    const [ann, bob] = [await player('Ann'), await player('Bob')]
    const id = await match('race-to-20', ann, bob)
    const r = await rest('POST', `/matches/${id}/draw`, ann.key)
    expect([r.status, r.body.code]).toEqual([422, 'ILLEGAL_ACTION'])
    const drawable = await match('race-with-draws', ann, bob)
    expect((await rest('POST', `/matches/${drawable}/draw/answer`, bob.key, { accept: 'yes' })).body.code).toBe(
      'BAD_USER_INPUT',
    )
    expect((await rest('POST', `/matches/${drawable}/draw`, ann.key, { seat: 9 })).body.code).toBe('BAD_USER_INPUT')
    expect((await rest('POST', `/matches/${drawable}/draw`)).body.code).toBe('UNAUTHENTICATED')
    const stored = await srv.db.sql.query<{ offer: unknown }>(
      `SELECT "drawOffer" AS offer FROM "Match" WHERE id = ANY($1::text[])`,
      [[id, drawable]],
    )
    expect(stored.map(s => s.offer)).toEqual([null, null])
  })
})
