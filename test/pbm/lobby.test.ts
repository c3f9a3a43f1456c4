// The lobby's edges and the playerEvents subscription: leave, abort while WAITING, reminders, rematch offers.
import { createClient } from 'graphql-ws'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { gql, RACE_DECK, startListeningServer, type ListeningServer } from '../support/server.ts'
import { waitFor } from '../support/wait-for.ts'

let srv: ListeningServer
beforeAll(async () => {
  srv = await startListeningServer()
})
afterAll(async () => srv.close())

const CREATE = `mutation($input: CreateMatchInput!) { createMatch(input: $input) { match { id status } seats { seat token } invites { seat code } } }`
const JOIN = `mutation($input: JoinMatchInput!) { joinMatch(input: $input) { match { id status seats { seat joined name } } seat { seat token } } }`

async function player(name: string): Promise<{ id: string; key: string }> {
  const p = (await gql(srv.app, `mutation($n: String!) { createPlayer(name: $n) { key player { id } } }`, { n: name }))
    .data.createPlayer
  return { id: p.player.id, key: p.key }
}

/** The playerEvents subscription of one player key, collecting event types per match. */
function subscribe(key: string): {
  events: { type: string; matchId: string; seat: number | null }[]
  close(): Promise<void>
} {
  const client = createClient({
    url: `ws://127.0.0.1:${srv.port}/graphql`,
    webSocketImpl: WebSocket,
    connectionParams: { authorization: `Bearer ${key}` },
  })
  const events: { type: string; matchId: string; seat: number | null }[] = []
  client.subscribe(
    { query: `subscription { playerEvents { type matchId at match { seat } } }` },
    {
      next: (m: any) =>
        events.push({
          type: m.data.playerEvents.type,
          matchId: m.data.playerEvents.matchId,
          seat: m.data.playerEvents.match?.seat ?? null,
        }),
      error: () => {},
      complete: () => {},
    },
  )
  return { events, close: () => client.dispose() as Promise<void> }
}

const until = <T>(what: string, check: () => T | Promise<T>, ms = 60_000) => waitFor(what, check, ms, 100)

describe('the lobby', () => {
  it('leaveMatch frees a joined open seat while WAITING; a WAITING match can be aborted', async () => {
    const ann = await player('Ann')
    const c = (await gql(srv.app, CREATE, { input: { game: 'race-to-20', seats: [{ open: true }, { open: true }] } }))
      .data.createMatch
    const j = (
      await gql(
        srv.app,
        JOIN,
        { input: { matchId: c.match.id, inviteCode: c.invites[0].code, deck: RACE_DECK } },
        ann.key,
      )
    ).data.joinMatch
    expect(j.match.seats).toEqual([
      { seat: 0, joined: true, name: 'Ann' },
      { seat: 1, joined: false, name: null },
    ])
    const left = await gql(
      srv.app,
      `mutation($id: ID!) { leaveMatch(matchId: $id) { status seats { seat joined name } } }`,
      { id: c.match.id },
      ann.key,
    )
    expect(left.data.leaveMatch.seats[0]).toEqual({ seat: 0, joined: false, name: null })
    // The old seat token no longer belongs to the match; the invitation works again.
    const stale = await gql(
      srv.app,
      `mutation($id: ID!) { abort(matchId: $id) { status } }`,
      { id: c.match.id },
      j.seat.token,
    )
    expect(stale.errors?.[0]?.extensions.code).toBe('UNAUTHENTICATED')
    const again = (
      await gql(srv.app, JOIN, { input: { matchId: c.match.id, inviteCode: c.invites[0].code, deck: RACE_DECK } })
    ).data.joinMatch
    const aborted = await gql(
      srv.app,
      `mutation($id: ID!) { abort(matchId: $id) { status endReason } }`,
      { id: c.match.id },
      again.seat.token,
    )
    expect(aborted.data.abort).toEqual({ status: 'ABORTED', endReason: 'aborted' })
    const late = await gql(srv.app, JOIN, {
      input: { matchId: c.match.id, inviteCode: c.invites[1].code, deck: RACE_DECK },
    })
    expect(late.errors?.[0]?.extensions.code).toBe('MATCH_FINISHED')
  })

  it('an illegal deck at join is DECK_ILLEGAL and takes no seat; a match not started refuses actions with MATCH_NOT_STARTED', async () => {
    const c = (
      await gql(srv.app, CREATE, { input: { game: 'race-to-20', seats: [{ deck: RACE_DECK }, { open: true }] } })
    ).data.createMatch
    const bad = await gql(srv.app, JOIN, {
      input: { matchId: c.match.id, inviteCode: c.invites[0].code, deck: { cards: [1] } },
    })
    expect(bad.errors?.[0]?.extensions.code).toBe('DECK_ILLEGAL')
    const act = await gql(
      srv.app,
      `mutation($input: SubmitActionInput!) { submitAction(input: $input) { match { version } } }`,
      { input: { matchId: c.match.id, action: { type: 'roll' } } },
      c.seats[0].token,
    )
    expect(act.errors?.[0]?.extensions.code).toBe('MATCH_NOT_STARTED')
  })

  it('playerEvents: invited, matchStarted, yourTurn, a reminder before the deadline, matchFinished, rematchOffered', async () => {
    const [ann, bob] = await Promise.all([player('Ann'), player('Bob')])
    const sub = subscribe(bob.key)
    // The subscription is live once it has said synced (after the pending state).
    await until("Bob's subscription to be live", () => sub.events.some(e => e.type === 'synced'))
    const c = (
      await gql(
        srv.app,
        CREATE,
        {
          input: {
            game: 'race-to-20',
            seats: [{ player: ann.id }, { player: bob.id }],
            clock: { perMoveSeconds: 3, reminderAt: 0.3 },
          },
        },
        ann.key,
      )
    ).data.createMatch
    const id = c.match.id
    await gql(srv.app, JOIN, { input: { matchId: id, deck: RACE_DECK } }, ann.key)
    await gql(srv.app, JOIN, { input: { matchId: id, deck: RACE_DECK } }, bob.key)
    await gql(
      srv.app,
      `mutation($input: SubmitActionInput!) { submitAction(input: $input) { match { version } } }`,
      { input: { matchId: id, action: { type: 'roll' } } },
      ann.key,
    )
    await until('a reminder for Bob', () => sub.events.some(e => e.type === 'reminder'))
    await until('the forfeit', () => sub.events.some(e => e.type === 'matchFinished'))
    await gql(srv.app, `mutation($id: ID!) { offerRematch(matchId: $id) { seat { seat } } }`, { id }, ann.key)
    await until('the rematch offer', () => sub.events.some(e => e.type === 'rematchOffered'))
    await sub.close()
    const types = sub.events.filter(e => e.matchId === id).map(e => e.type)
    expect(types).toEqual(['invited', 'matchStarted', 'yourTurn', 'reminder', 'matchFinished', 'rematchOffered'])
    expect(sub.events.find(e => e.type === 'yourTurn')!.seat).toBe(1)
  })
})
