// Issue 26, findings 4, 5, 6 and 13: seats are reserved only with consent, the inbox filters in its query,
// leave cannot race the last join into a broken match, and an aborted match's export scouts no deck.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { gql, RACE_DECK, startTestServer, type TestServer } from '../support/server.ts'

let srv: TestServer
beforeAll(async () => {
  srv = await startTestServer()
})
afterAll(async () => srv.close())

const CREATE = `mutation($input: CreateMatchInput!) { createMatch(input: $input) { match { id status seat seats { seat joined player { id } } } seats { seat token } invites { seat code } } }`
const JOIN = `mutation($input: JoinMatchInput!) { joinMatch(input: $input) { match { id status seat seats { seat joined } } seat { seat token } } }`
const INBOX = `query($toAct: Boolean) { myMatches(toAct: $toAct) { id status seat toAct } }`

async function player(name: string): Promise<{ id: string; key: string }> {
  const p = (await gql(srv.app, `mutation($n: String!) { createPlayer(name: $n) { key player { id } } }`, { n: name }))
    .data.createPlayer
  return { id: p.player.id, key: p.key }
}

async function rest(method: 'GET' | 'POST', url: string, body?: unknown, key?: string) {
  const res = await srv.app.inject({
    method,
    url,
    payload: body as object,
    headers: key ? { authorization: `Bearer ${key}` } : {},
  })
  return { status: res.statusCode, body: res.json() }
}

describe('finding 4: a seat is reserved for a player only with its consent', () => {
  it('createMatch with another player id and a deck gives the creator no token for that seat: the match waits, the player accepts with the proposed deck', async () => {
    const [eve, bob] = await Promise.all([player('Eve'), player('Bob')])
    const c = await gql(
      srv.app,
      CREATE,
      { input: { game: 'race-to-20', seats: [{ deck: RACE_DECK }, { player: bob.id, deck: RACE_DECK }] } },
      eve.key,
    )
    expect(c.errors).toBeUndefined()
    const created = c.data.createMatch
    expect(created.seats.map((s: { seat: number }) => s.seat)).toEqual([0])
    expect(created.match.status).toBe('WAITING')
    expect(created.match.seats[1]).toEqual({ seat: 1, joined: false, player: { id: bob.id } })
    // Bob's inbox lists it as an invitation (no seat of his yet), not as a match he plays.
    const inbox = (await gql(srv.app, INBOX, {}, bob.key)).data.myMatches
    expect(inbox.find((m: { id: string }) => m.id === created.match.id)).toMatchObject({
      status: 'WAITING',
      seat: null,
    })
    // Eve's seat token cannot act for seat 1.
    const steal = await gql(srv.app, JOIN, { input: { matchId: created.match.id, seat: 1, deck: RACE_DECK } }, eve.key)
    expect(steal.errors?.[0]?.extensions.code).toBe('INVITE_INVALID')
    // Bob accepts without a deck: he plays the proposed one.
    const joined = await gql(srv.app, JOIN, { input: { matchId: created.match.id } }, bob.key)
    expect(joined.errors).toBeUndefined()
    expect(joined.data.joinMatch.match).toMatchObject({ status: 'ACTIVE', seat: 1 })
    expect(joined.data.joinMatch.seat.seat).toBe(1)
  })

  it('the creator who is that player fills its own seat at creation', async () => {
    const ann = await player('Ann')
    const c = (
      await gql(
        srv.app,
        CREATE,
        { input: { game: 'race-to-20', seats: [{ player: ann.id, deck: RACE_DECK }, { deck: RACE_DECK }] } },
        ann.key,
      )
    ).data.createMatch
    expect(c.match.status).toBe('ACTIVE')
    expect(c.seats.map((s: { seat: number }) => s.seat)).toEqual([0, 1])
  })

  it('declineInvitation aborts the match with endReason "declined"; only the invited player may decline (REST mirror too)', async () => {
    const [eve, bob] = await Promise.all([player('Eve'), player('Bob')])
    const make = async () =>
      (
        await gql(
          srv.app,
          CREATE,
          { input: { game: 'race-to-20', seats: [{ deck: RACE_DECK }, { player: bob.id, deck: RACE_DECK }] } },
          eve.key,
        )
      ).data.createMatch
    const first = await make()
    const byEve = await gql(
      srv.app,
      `mutation($id: ID!) { declineInvitation(matchId: $id) { status } }`,
      { id: first.match.id },
      eve.key,
    )
    expect(byEve.errors?.[0]?.extensions.code).toBe('INVITE_INVALID')
    const declined = await gql(
      srv.app,
      `mutation($id: ID!) { declineInvitation(matchId: $id) { status endReason } }`,
      { id: first.match.id },
      bob.key,
    )
    expect(declined.data.declineInvitation).toEqual({ status: 'ABORTED', endReason: 'declined' })
    const late = await gql(srv.app, JOIN, { input: { matchId: first.match.id } }, bob.key)
    expect(late.errors?.[0]?.extensions.code).toBe('MATCH_FINISHED')
    const second = await make()
    const viaRest = await rest('POST', `/api/matches/${second.match.id}/decline`, {}, bob.key)
    expect(viaRest.status).toBe(200)
    expect(viaRest.body).toMatchObject({ status: 'ABORTED', endReason: 'declined' })
  })

  it("blockInvitations(from) refuses that player's invitations with INVITATION_BLOCKED (403 over REST) until unblocked", async () => {
    const [eve, bob, ann] = await Promise.all([player('Eve'), player('Bob'), player('Ann')])
    const invite = { game: 'race-to-20', seats: [{ deck: RACE_DECK }, { player: bob.id }] }
    const blocked = await gql(
      srv.app,
      `mutation($from: ID!) { blockInvitations(from: $from) }`,
      { from: eve.id },
      bob.key,
    )
    expect(blocked.data.blockInvitations).toBe(true)
    const refused = await gql(srv.app, CREATE, { input: invite }, eve.key)
    expect(refused.errors?.[0]?.extensions.code).toBe('INVITATION_BLOCKED')
    const refusedRest = await rest('POST', '/api/matches', invite, eve.key)
    expect(refusedRest.status).toBe(403)
    expect(refusedRest.body.code).toBe('INVITATION_BLOCKED')
    // Another player's invitations still come through.
    expect((await gql(srv.app, CREATE, { input: invite }, ann.key)).errors).toBeUndefined()
    const unblocked = await rest('POST', `/api/players/${eve.id}/block-invitations`, { blocked: false }, bob.key)
    expect(unblocked).toEqual({ status: 200, body: { blocked: false } })
    expect((await gql(srv.app, CREATE, { input: invite }, eve.key)).errors).toBeUndefined()
  })
})

describe('finding 6: leaveMatch racing the last joinMatch', () => {
  it('never leaves an ACTIVE match with an empty seat (30 races)', async () => {
    let broken = 0
    for (let i = 0; i < 30; i++) {
      const c = (await gql(srv.app, CREATE, { input: { game: 'race-to-20', seats: [{ open: true }, { open: true }] } }))
        .data.createMatch
      const first = (
        await gql(srv.app, JOIN, { input: { matchId: c.match.id, inviteCode: c.invites[0].code, deck: RACE_DECK } })
      ).data.joinMatch
      await Promise.all([
        gql(
          srv.app,
          `mutation($id: ID!) { leaveMatch(matchId: $id) { status } }`,
          { id: c.match.id },
          first.seat.token,
        ),
        gql(srv.app, JOIN, { input: { matchId: c.match.id, inviteCode: c.invites[1].code, deck: RACE_DECK } }),
      ])
      const m = (
        await gql(srv.app, `query($id: ID!) { match(id: $id) { status seats { joined } } }`, { id: c.match.id })
      ).data.match
      if (m.status === 'ACTIVE' && m.seats.some((s: { joined: boolean }) => !s.joined)) broken++
      if (m.status === 'WAITING') expect(m.seats.filter((s: { joined: boolean }) => s.joined)).toHaveLength(1)
    }
    expect(broken).toBe(0)
  })
})

describe('finding 5: myMatches filters in its query', () => {
  it('210 newer invitations do not push out the match where the player must act', async () => {
    const [ann, eve] = await Promise.all([player('Ann'), player('Eve')])
    const real = (
      await gql(
        srv.app,
        CREATE,
        { input: { game: 'race-to-20', seats: [{ player: ann.id, deck: RACE_DECK }, { deck: RACE_DECK }] } },
        ann.key,
      )
    ).data.createMatch
    expect(real.match.status).toBe('ACTIVE')
    for (let i = 0; i < 210; i += 30) {
      await Promise.all(
        Array.from({ length: 30 }, () =>
          gql(
            srv.app,
            CREATE,
            { input: { game: 'race-to-20', seats: [{ deck: RACE_DECK }, { player: ann.id }] } },
            eve.key,
          ),
        ),
      )
    }
    const toAct = (await gql(srv.app, INBOX, { toAct: true }, ann.key)).data.myMatches
    expect(toAct.map((m: { id: string }) => m.id)).toEqual([real.match.id])
    const waiting = (await gql(srv.app, `{ myMatches(status: ACTIVE) { id } }`, {}, ann.key)).data.myMatches
    expect(waiting.map((m: { id: string }) => m.id)).toEqual([real.match.id])
  })
})

describe('finding 13: scouting by abort', () => {
  it("the export of a match ABORTED before every seat made a decision of its own shows no seat's deck, for every caller", async () => {
    const c = (
      await gql(srv.app, CREATE, {
        input: { game: 'race-to-20', seats: [{ deck: RACE_DECK }, { deck: { cards: [9, 8, 7, 6, 5, 4, 3, 2, 1] } }] },
      })
    ).data.createMatch
    const aborted = await gql(
      srv.app,
      `mutation($id: ID!) { abort(matchId: $id) { status } }`,
      { id: c.match.id },
      c.seats[0].token,
    )
    expect(aborted.data.abort.status).toBe('ABORTED')
    for (const key of [undefined, c.seats[0].token, c.seats[1].token]) {
      const exported = await rest('GET', `/api/matches/${c.match.id}/export`, undefined, key)
      expect(exported.status).toBe(200)
      expect(exported.body.seats.map((s: { deck: unknown }) => s.deck)).toEqual([null, null])
    }
  })
})
