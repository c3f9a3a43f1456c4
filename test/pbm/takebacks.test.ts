// Issue 27, point 4: takebacks. A seat asks to return the match to version v; every other seat accepts or declines
// (takebackOffered, takebackAccepted, takebackDeclined); refused past a die roll or a reveal (TAKEBACK_REFUSED with a
// reason), or where the match does not allow it; the state after acceptance is the replay without the undone actions.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AnyEngine } from '../../src/kernel/index.ts'
import { gql, RACE_DECK, startListeningServer, type ListeningServer } from '../support/server.ts'
import { raceGame, type RaceState } from '../support/test-game.ts'

// Race to 20 where a seat may always pass (the die and the draw are Race's own): a pass uses no randomness and
// reveals nothing, so it can be taken back, while both hands stay hidden from the other seat.
const racePass = {
  ...raceGame,
  id: 'race-pass',
  name: 'Race to 20 (pass any time)',
  legalActions: (s: RaceState, seat: number) => {
    const listed = raceGame.legalActions(s, seat)
    return listed.length === 0 || listed.some(a => a.type === 'pass') ? listed : [...listed, { type: 'pass' as const }]
  },
  apply: (s: RaceState, seat: number, action: { type: string }) =>
    action.type === 'pass' && s.winner === null && s.turn === seat
      ? { state: { ...s, turn: 1 - seat }, events: [{ type: 'passed', seat }] }
      : raceGame.apply(s, seat, action as Parameters<typeof raceGame.apply>[2]),
} as AnyEngine

let srv: ListeningServer
beforeAll(async () => {
  srv = await startListeningServer({ games: [racePass] })
})
afterAll(async () => {
  await srv.close()
})

type Who = { id: string; key: string }
const TAKEBACK = `takeback { seat toVersion accepted at }`
const MATCH = `query($id: ID!) { match(id: $id) { version status toAct view ${TAKEBACK} legalActions { id label action } } }`

async function player(name: string): Promise<Who> {
  const p = (await gql(srv.app, `mutation($n: String!) { createPlayer(name: $n) { key player { id } } }`, { n: name }))
    .data.createPlayer
  return { id: p.player.id, key: p.key }
}

async function match(x: Who, y: Who, extra: Record<string, unknown> = {}): Promise<string> {
  const input = { game: 'race-pass', seed: 'takeback-seed', seats: [{ player: x.id }, { player: y.id }], ...extra }
  const created = await gql(
    srv.app,
    `mutation($input: CreateMatchInput!) { createMatch(input: $input) { match { id } } }`,
    { input },
    x.key,
  )
  const id = created.data.createMatch.match.id
  for (const who of [x, y]) {
    const joined = await gql(
      srv.app,
      `mutation($input: JoinMatchInput!) { joinMatch(input: $input) { match { status } } }`,
      { input: { matchId: id, deck: RACE_DECK } },
      who.key,
    )
    expect(joined.errors).toBeUndefined()
  }
  return id
}

async function act(id: string, who: Who, action: unknown): Promise<number> {
  const r = await gql(
    srv.app,
    `mutation($input: SubmitActionInput!) { submitAction(input: $input) { match { version } } }`,
    { input: { matchId: id, action } },
    who.key,
  )
  expect(r.errors).toBeUndefined()
  return r.data.submitAction.match.version
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

const read = async (id: string, who: Who) => (await gql(srv.app, MATCH, { id }, who.key)).data.match
const events = async (who: Who, id: string) =>
  (
    await srv.db.sql.query<{ type: string }>(
      `SELECT type FROM "PlayerEvent" WHERE "playerId" = $1 AND "matchId" = $2 ORDER BY seq`,
      [who.id, id],
    )
  ).map(r => r.type)
const stored = async (id: string) =>
  (
    await srv.db.sql.query<{ version: number; takeback: unknown }>(
      `SELECT version, takeback FROM "Match" WHERE id = $1`,
      [id],
    )
  )[0]!

/**
 * The state at version `v` computed here from the seed and the log's first v actions: the replay without what came
 * after.
 */
async function replayTo(id: string, v: number): Promise<RaceState> {
  const row = (await srv.db.prisma.match.findUnique({
    where: { id },
    include: { seats: { orderBy: { index: 'asc' } }, actions: { orderBy: { seq: 'asc' } } },
  }))!
  let state = racePass.setup(
    row.seats.map(s => s.deck),
    racePass.schemas.options.parse(row.options),
    row.seed,
  ) as RaceState
  for (const a of row.actions.filter(x => x.seq <= v))
    state = racePass.apply(state, a.seat!, a.action as { type: string }).state
  return state
}

describe('takebacks', () => {
  it('offered, accepted by the other seat: a new version whose state, views, toAct and legal actions are those of toVersion; the log still replays', async () => {
    const [ann, bob] = [await player('Ann'), await player('Bob')]
    const id = await match(ann, bob)
    await act(id, ann, { type: 'pass' })
    const atOne = { ann: await read(id, ann), bob: await read(id, bob) }
    await act(id, bob, { type: 'pass' })
    const v = await act(id, ann, { type: 'pass' })
    expect(v).toBe(3)

    const asked = await gql(
      srv.app,
      `mutation($id: ID!) { requestTakeback(matchId: $id, toVersion: 1) { version ${TAKEBACK} } }`,
      { id },
      ann.key,
    )
    expect(asked.errors).toBeUndefined()
    expect(asked.data.requestTakeback).toMatchObject({ version: 3, takeback: { seat: 0, toVersion: 1, accepted: [] } })
    expect(await events(bob, id)).toContain('takebackOffered')
    expect(await events(ann, id)).not.toContain('takebackOffered')
    // REST carries the same request.
    expect((await rest('GET', `/matches/${id}`, bob.key)).body.takeback).toEqual(asked.data.requestTakeback.takeback)

    const own = await rest('POST', `/matches/${id}/takeback/answer`, ann.key, { accept: true })
    expect([own.status, own.body.code]).toEqual([422, 'ILLEGAL_ACTION'])
    const done = await rest('POST', `/matches/${id}/takeback/answer`, bob.key, { accept: true })
    expect(done.status).toBe(200)
    expect(done.body.version).toBe(4)
    expect(await events(ann, id)).toContain('takebackAccepted')

    const after = { ann: await read(id, ann), bob: await read(id, bob) }
    for (const seat of ['ann', 'bob'] as const) {
      expect(after[seat]).toEqual({ ...atOne[seat], version: 4 })
    }
    expect(after.ann.takeback).toBeNull()
    const row = await srv.db.prisma.match.findUnique({ where: { id } })
    expect(JSON.parse(JSON.stringify(await replayTo(id, 1)))).toEqual(row!.state)
    expect((await srv.app.services.matches.replay(id)).identical).toBe(true)
    const log = (
      await gql(srv.app, `query($id: ID!) { match(id: $id) { log { seq seat action label events } } }`, { id }, bob.key)
    ).data.match.log
    expect(log.at(-1)).toEqual({
      seq: 4,
      seat: 0,
      action: { type: 'takeback', toVersion: 1 },
      label: 'took back to version 1',
      events: [],
    })
    // Play goes on from there: it is Bob's decision again, as at version 1.
    expect(await act(id, bob, { type: 'pass' })).toBe(5)
  })

  it('declined: the request ends, the requester’s player gets takebackDeclined, nothing else changes', async () => {
    const [ann, bob] = [await player('Ann'), await player('Bob')]
    const id = await match(ann, bob)
    await act(id, ann, { type: 'pass' })
    await rest('POST', `/matches/${id}/takeback`, ann.key, { toVersion: 0 })
    const declined = await gql(
      srv.app,
      `mutation($id: ID!) { answerTakeback(matchId: $id, accept: false) { version ${TAKEBACK} } }`,
      { id },
      bob.key,
    )
    expect(declined.data.answerTakeback).toEqual({ version: 1, takeback: null })
    expect(await events(ann, id)).toContain('takebackDeclined')
    expect(await events(bob, id)).not.toContain('takebackDeclined')
    expect((await rest('POST', `/matches/${id}/takeback/answer`, bob.key, { accept: true })).body.code).toBe(
      'ILLEGAL_ACTION',
    )
    expect(await stored(id)).toEqual({ version: 1, takeback: null })
  })

  it('withdrawn by the requester (answerTakeback false), and lapses when the match moves on', async () => {
    const [ann, bob] = [await player('Ann'), await player('Bob')]
    const id = await match(ann, bob)
    await act(id, ann, { type: 'pass' })
    await rest('POST', `/matches/${id}/takeback`, ann.key, { toVersion: 0 })
    const withdrawn = await rest('POST', `/matches/${id}/takeback/answer`, ann.key, { accept: false })
    expect([withdrawn.status, withdrawn.body.version]).toEqual([200, 1])
    expect((await read(id, bob)).takeback).toBeNull()
    expect(await events(bob, id)).not.toContain('takebackDeclined')

    await rest('POST', `/matches/${id}/takeback`, ann.key, { toVersion: 0 })
    expect((await read(id, bob)).takeback).toMatchObject({ seat: 0, toVersion: 0 })
    // Bob plays on instead of answering: the request lapses with the version it was asked at.
    await act(id, bob, { type: 'pass' })
    expect((await read(id, ann)).takeback).toBeNull()
    expect((await rest('POST', `/matches/${id}/takeback/answer`, bob.key, { accept: true })).body.code).toBe(
      'ILLEGAL_ACTION',
    )
    expect((await read(id, ann)).version).toBe(2)
  })

  it('refused past a die roll (RANDOM_USED) or a drawn card (HIDDEN_REVEALED), and where not allowed (NOT_ALLOWED); nothing written', async () => {
    const [ann, bob] = [await player('Ann'), await player('Bob')]
    const id = await match(ann, bob)
    await act(id, ann, { type: 'pass' }) // v1
    await act(id, bob, { type: 'roll' }) // v2: the die
    await act(id, ann, { type: 'pass' }) // v3
    const card = (await read(id, bob)).view.hand[0]
    await act(id, bob, { type: 'play', card }) // v4: Bob draws a replacement
    const refusals = [
      [bob, 3, 'HIDDEN_REVEALED'],
      [ann, 2, 'HIDDEN_REVEALED'],
      [bob, 1, 'RANDOM_USED'],
      [ann, 0, 'RANDOM_USED'],
    ] as const
    for (const [who, toVersion, reason] of refusals) {
      const r = await rest('POST', `/matches/${id}/takeback`, who.key, { toVersion })
      expect([r.status, r.body.code, r.body.reason]).toEqual([422, 'TAKEBACK_REFUSED', reason])
      // The refusal says which version, never what was drawn or rolled.
      expect(r.body.message).not.toMatch(/drew|card \d|rolled/)
    }
    const gqlRefused = await gql(
      srv.app,
      `mutation($id: ID!) { requestTakeback(matchId: $id, toVersion: 0) { version } }`,
      { id },
      ann.key,
    )
    expect(gqlRefused.errors?.[0]?.extensions).toMatchObject({ code: 'TAKEBACK_REFUSED', reason: 'RANDOM_USED' })

    const off = await match(ann, bob, { takebacks: false })
    await act(off, ann, { type: 'pass' })
    expect((await rest('POST', `/matches/${off}/takeback`, ann.key, { toVersion: 0 })).body).toMatchObject({
      code: 'TAKEBACK_REFUSED',
      reason: 'NOT_ALLOWED',
    })
    const rated = await match(ann, bob, { rated: true })
    await act(rated, ann, { type: 'pass' })
    expect((await rest('POST', `/matches/${rated}/takeback`, ann.key, { toVersion: 0 })).body).toMatchObject({
      code: 'TAKEBACK_REFUSED',
      reason: 'NOT_ALLOWED',
    })
    const ratedOn = await match(ann, bob, { rated: true, takebacks: true })
    await act(ratedOn, ann, { type: 'pass' })
    expect((await rest('POST', `/matches/${ratedOn}/takeback`, ann.key, { toVersion: 0 })).status).toBe(200)

    for (const m of [id, off, rated]) expect((await stored(m)).takeback).toBeNull()
    expect(await events(ann, id)).not.toContain('takebackOffered')
    expect(await events(bob, id)).not.toContain('takebackOffered')
  })

  it('bad input (a future, current or negative version, a wrong type, no token) and a second request: a 4xx with a code, nothing written', async () => {
    const [ann, bob] = [await player('Ann'), await player('Bob')]
    const id = await match(ann, bob)
    await act(id, ann, { type: 'pass' })
    await act(id, bob, { type: 'pass' })
    const bad = [
      [ann.key, { toVersion: 2 }, 400, 'BAD_USER_INPUT'],
      [ann.key, { toVersion: 7 }, 400, 'BAD_USER_INPUT'],
      [ann.key, { toVersion: -1 }, 400, 'BAD_USER_INPUT'],
      [ann.key, { toVersion: '1' }, 400, 'BAD_USER_INPUT'],
      [ann.key, { toVersion: 1, seat: 9 }, 400, 'BAD_USER_INPUT'],
      [ann.key, { toVersion: 1, extra: true }, 400, 'BAD_USER_INPUT'],
      [undefined, { toVersion: 1 }, 401, 'UNAUTHENTICATED'],
    ] as const
    for (const [token, body, status, code] of bad) {
      const r = await rest('POST', `/matches/${id}/takeback`, token, body)
      expect([r.status, r.body.code]).toEqual([status, code])
    }
    expect(await stored(id)).toEqual({ version: 2, takeback: null })
    const future = await gql(
      srv.app,
      `mutation($id: ID!) { requestTakeback(matchId: $id, toVersion: 3) { version } }`,
      { id },
      bob.key,
    )
    expect(future.errors?.[0]?.extensions.code).toBe('BAD_USER_INPUT')

    expect((await rest('POST', `/matches/${id}/takeback`, bob.key, { toVersion: 1 })).status).toBe(200)
    const second = await rest('POST', `/matches/${id}/takeback`, ann.key, { toVersion: 0 })
    expect([second.status, second.body.code]).toEqual([422, 'ILLEGAL_ACTION'])
    expect((await stored(id)).takeback).toMatchObject({ seat: 1, toVersion: 1 })
    expect((await rest('POST', `/matches/${id}/takeback/answer`, ann.key, { accept: 'yes' })).body.code).toBe(
      'BAD_USER_INPUT',
    )
    expect((await stored(id)).takeback).toMatchObject({ seat: 1, toVersion: 1, accepted: [] })
  })

  it("never shows the other seat's hidden cards: the requester's view after it is its own view of toVersion, the notices carry no state", async () => {
    const [ann, bob] = [await player('Ann'), await player('Bob')]
    const id = await match(ann, bob)
    await act(id, ann, { type: 'pass' })
    await act(id, bob, { type: 'pass' })
    await rest('POST', `/matches/${id}/takeback`, bob.key, { toVersion: 1 })
    const done = await gql(
      srv.app,
      `mutation($id: ID!) { answerTakeback(matchId: $id, accept: true) { version seat view } }`,
      { id },
      ann.key,
    )
    const state = await replayTo(id, 1)
    // Each seat sees exactly what the engine shows it of the state at version 1: its own hand, the other's hand size.
    expect(done.data.answerTakeback).toEqual({ version: 3, seat: 0, view: racePass.view(state, 0) })
    expect((await read(id, bob)).view).toEqual(racePass.view(state, 1))
    expect(Object.keys(done.data.answerTakeback.view)).not.toContain('hands')
    const spectator = (await gql(srv.app, `query($id: ID!) { match(id: $id) { view } }`, { id })).data.match.view
    expect(spectator).toEqual(racePass.view(state, null))
    // The kept events carry the match's id and nothing of its state.
    const kept = await srv.db.sql.query<{ event: Record<string, unknown> }>(
      `SELECT event FROM "PlayerEvent" WHERE "matchId" = $1 AND type LIKE 'takeback%' ORDER BY "createdAt"`,
      [id],
    )
    expect(kept.map(k => Object.keys(k.event).sort())).toEqual([
      ['at', 'matchId', 'type'],
      ['at', 'matchId', 'type'],
    ])
  })

  it('an action racing the acceptance: exactly one wins, and the match is consistent either way', async () => {
    const [ann, bob] = [await player('Ann'), await player('Bob')]
    for (let round = 0; round < 4; round++) {
      const id = await match(ann, bob)
      await act(id, ann, { type: 'pass' })
      await act(id, bob, { type: 'pass' })
      await act(id, ann, { type: 'pass' })
      // Bob is to act at version 3; Ann asks to return to version 2 (her pass), Bob both accepts and plays.
      await rest('POST', `/matches/${id}/takeback`, ann.key, { toVersion: 2 })
      const [accept, move] = await Promise.all([
        rest('POST', `/matches/${id}/takeback/answer`, bob.key, { accept: true }),
        rest('POST', `/matches/${id}/actions`, bob.key, { action: { type: 'pass' } }),
      ])
      const { version } = await stored(id)
      const actions = (
        await srv.db.sql.query<{ kind: string }>(
          `SELECT kind FROM "Action" WHERE "matchId" = $1 AND seq > 3 ORDER BY seq`,
          [id],
        )
      ).map(r => r.kind)
      if (accept.status === 200) {
        // The takeback came first: the state is version 2's, where Ann is to act, so Bob's pass was refused.
        expect(actions[0]).toBe('takeback')
        expect(move.status).toBeGreaterThanOrEqual(400)
        expect(move.status).toBeLessThan(500)
        expect(version).toBe(4)
      } else {
        expect([409, 422]).toContain(accept.status)
        expect(move.status).toBe(200)
        expect(actions).toEqual(['move'])
        expect(version).toBe(4)
        expect((await read(id, ann)).takeback).toBeNull()
      }
      expect((await srv.app.services.matches.replay(id)).identical).toBe(true)
    }
  })
})
