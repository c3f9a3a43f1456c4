// Seat isolation: a token acts and sees only for its seat and match; views, logs and pushes hide others' secrets.
import { createClient } from 'graphql-ws'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { CREATE_MATCH, gql, LEGAL, SUBMIT, startListeningServer, type ListeningServer } from '../support/server.ts'
import { waitFor } from '../support/wait-for.ts'

let srv: ListeningServer
let port: number
beforeAll(async () => {
  srv = await startListeningServer()
  port = srv.port
})
afterAll(async () => srv.close())

const MATCH = `query($id: ID!) { match(id: $id) { seat version view log { seq seat action events } } }`

async function setup(seed: string) {
  const c = await gql(srv.app, CREATE_MATCH, {
    input: {
      game: 'race-to-20',
      seats: [{ deck: { cards: [1, 2, 3, 4, 5, 6] } }, { deck: { cards: [9, 8, 7, 6, 5, 4] } }],
      seed,
    },
  })
  const matchId: string = c.data.createMatch.match.id
  const tokens: string[] = c.data.createMatch.seats.map((s: { token: string }) => s.token)
  const stored = await srv.db.prisma.match.findUniqueOrThrow({ where: { id: matchId } })
  return { matchId, tokens, rng: (stored.state as { rng: number[] }).rng }
}

/** True if `text` contains the PRNG state (as a whole or its first two words in a row). */
function leaksRng(text: string, rng: number[]): boolean {
  return text.includes('rng') || text.includes(`${rng[0]},${rng[1]}`)
}

describe('seat isolation', () => {
  it("seat 0's token cannot act for seat 1, see its hand or read its legal actions", async () => {
    const { matchId, tokens } = await setup('iso-1')
    await gql(srv.app, SUBMIT, { input: { matchId, action: { type: 'roll' } } }, tokens[0])
    // Now it is seat 1's decision; seat 0's token only ever speaks for seat 0.
    const act = await gql(srv.app, SUBMIT, { input: { matchId, action: { type: 'roll' } } }, tokens[0])
    expect(act.errors?.[0]?.extensions.code).toBe('NOT_YOUR_DECISION')
    const legal0 = await gql(srv.app, LEGAL, { id: matchId }, tokens[0])
    expect(legal0.data.legalActions).toEqual([])
    const legal1 = await gql(srv.app, LEGAL, { id: matchId }, tokens[1])
    expect(legal1.data.legalActions.length).toBeGreaterThan(0)
    const v0 = (await gql(srv.app, MATCH, { id: matchId }, tokens[0])).data.match
    const stored = (await srv.db.prisma.match.findUniqueOrThrow({ where: { id: matchId } })).state as {
      hands: number[][]
    }
    expect(v0.view.hand).toEqual(stored.hands[0])
    expect(JSON.stringify(v0.view)).not.toContain(JSON.stringify(stored.hands[1]))
    const spectatorLegal = await gql(srv.app, LEGAL, { id: matchId })
    expect(spectatorLegal.errors?.[0]?.extensions.code).toBe('UNAUTHENTICATED')
  })

  it('a token of another match is refused', async () => {
    const a = await setup('iso-a')
    const b = await setup('iso-b')
    const res = await gql(srv.app, MATCH, { id: a.matchId }, b.tokens[0])
    expect(res.errors?.[0]?.extensions.code).toBe('UNAUTHENTICATED')
    const act = await gql(srv.app, SUBMIT, { input: { matchId: a.matchId, action: { type: 'roll' } } }, b.tokens[0])
    expect(act.errors?.[0]?.extensions.code).toBe('UNAUTHENTICATED')
  })

  it('no view or log entry shows the PRNG state or the other seat’s drawn cards', async () => {
    const { matchId, tokens, rng } = await setup('iso-log')
    // Seat 0 plays cards so that both seats draw, then check every viewer's log.
    for (let i = 0; i < 4; i++) {
      const seat = i % 2
      const legal = (await gql(srv.app, LEGAL, { id: matchId }, tokens[seat])).data.legalActions
      const play = legal.find((a: { action: { type: string } }) => a.action.type === 'play')
      await gql(srv.app, SUBMIT, { input: { matchId, actionId: play.id } }, tokens[seat])
    }
    for (const [viewer, token] of [
      [0, tokens[0]],
      [1, tokens[1]],
      [null, undefined],
    ] as const) {
      const m = (await gql(srv.app, MATCH, { id: matchId }, token)).data.match
      expect(leaksRng(JSON.stringify(m), rng)).toBe(false)
      const draws = m.log
        .flatMap((e: { events: { type: string; seat: number; secret?: unknown }[] }) => e.events)
        .filter((e: { type: string }) => e.type === 'drew')
      expect(draws.length).toBe(4)
      for (const d of draws) expect(d.secret !== undefined).toBe(d.seat === viewer)
    }
  })

  it('each subscriber is pushed its own view now and after every action, without secrets of others', async () => {
    const { matchId, tokens, rng } = await setup('iso-sub')
    const clients = [tokens[0], undefined].map(t =>
      createClient({
        url: `ws://127.0.0.1:${port}/graphql`,
        webSocketImpl: WebSocket,
        connectionParams: t ? { authorization: `Bearer ${t}` } : {},
      }),
    )
    const received: any[][] = [[], []]
    const done = clients.map(
      (client, i) =>
        new Promise<void>((resolve, reject) => {
          client.subscribe(
            {
              query: `subscription($id: ID!) { matchUpdated(matchId: $id) { seat version view } }`,
              variables: { id: matchId },
            },
            {
              next: msg => {
                received[i]!.push(msg)
                // A feed may fold versions told late into the newest (views are coalesced): version 2 ends it.
                if ((msg.data as { matchUpdated: { version: number } }).matchUpdated.version === 2) resolve()
              },
              error: reject,
              complete: () => {},
            },
          )
        }),
    )
    // Each subscription is live once it has pushed the current view (version 0): only then are actions submitted.
    await waitFor('both subscribers to receive the current view', () => received.every(r => r.length > 0))
    await gql(srv.app, SUBMIT, { input: { matchId, action: { type: 'roll' } } }, tokens[0])
    await gql(srv.app, SUBMIT, { input: { matchId, action: { type: 'roll' } } }, tokens[1])
    await Promise.all(done)
    for (const c of clients) await c.dispose()
    const [mine, spectator] = received
    for (const r of received) {
      const versions = r.map(m => m.data.matchUpdated.version as number)
      expect(versions[0]).toBe(0)
      expect(versions.at(-1)).toBe(2)
      expect(versions.every((v, k) => k === 0 || v > versions[k - 1]!)).toBe(true)
    }
    expect(mine!.every(m => m.data.matchUpdated.seat === 0 && Array.isArray(m.data.matchUpdated.view.hand))).toBe(true)
    expect(spectator!.every(m => m.data.matchUpdated.seat === null && m.data.matchUpdated.view.hand === null)).toBe(
      true,
    )
    expect(leaksRng(JSON.stringify(received), rng)).toBe(false)
  })

  it('a subscription with a foreign token is refused', async () => {
    const a = await setup('iso-sub-a')
    const b = await setup('iso-sub-b')
    const client = createClient({
      url: `ws://127.0.0.1:${port}/graphql`,
      webSocketImpl: WebSocket,
      connectionParams: { authorization: `Bearer ${b.tokens[0]}` },
    })
    const outcome = await new Promise<any>(resolve => {
      client.subscribe(
        { query: `subscription($id: ID!) { matchUpdated(matchId: $id) { version } }`, variables: { id: a.matchId } },
        { next: m => resolve(m), error: e => resolve({ error: e }), complete: () => {} },
      )
    })
    await client.dispose()
    expect(JSON.stringify(outcome)).toContain('UNAUTHENTICATED')
  })
})
