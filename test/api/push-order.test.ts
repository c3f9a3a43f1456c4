// Pushed views arrive once each, in increasing version order, under duplicate or late notifications and bursts; live
// subscriptions are capped per connection and per match.
import { createClient, type Client } from 'graphql-ws'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { MatchWatchers } from '../../src/api/match-watch.ts'
import { inProcessBus, publishUpdate } from '../../src/api/updates.ts'
import { GameRegistry } from '../../src/kernel/index.ts'
import { buildServer, type ArbiterServer } from '../../src/server.ts'
import type { MatchView } from '../../src/service/index.ts'
import type { Database } from '../../src/store/database.ts'
import { openTestDatabase } from '../support/db.ts'
import { CREATE_MATCH, gql, RACE_DECK, SUBMIT } from '../support/server.ts'
import { raceGame } from '../support/test-game.ts'
import { waitFor } from '../support/wait-for.ts'

/** A load that takes a little while, so that notifications arrive while it is in flight. */
const slowLoad = () => new Promise(r => setTimeout(r, 5))

describe('a watcher gets each version once, in order, starting with the current one', () => {
  it('duplicate, late and out-of-order notifications never repeat or go back; a burst is one view of the newest version', async () => {
    const bus = inProcessBus()
    let current = 3
    const loads: number[] = []
    const view = (version: number) => ({ id: 'm', version, status: 'ACTIVE' }) as MatchView
    const watchers = new MatchWatchers(
      bus,
      async (_id, _c, min) => {
        loads.push(min)
        await slowLoad()
        return view(Math.max(current, min))
      },
      10,
      { bufferBytes: 65_536, stallMs: 30_000 },
    )
    const feed = watchers.watch(view(3), {})
    const got: number[] = []
    const reading = (async () => {
      for await (const v of feed) got.push(v.version)
    })()
    for (const v of [4, 4, 3, 5, 2, 5]) {
      current = Math.max(current, v)
      publishUpdate(bus, { matchId: 'm', version: v })
    }
    await waitFor('version 5', () => got.includes(5))
    current = 7
    publishUpdate(bus, { matchId: 'm', version: 7 })
    publishUpdate(bus, { matchId: 'm', version: 6 })
    // The bus delivers in order: once 8 is sent, the 6 before it has been dealt with.
    await waitFor('version 7', () => got.includes(7))
    current = 8
    publishUpdate(bus, { matchId: 'm', version: 8 })
    await waitFor('version 8', () => got.includes(8))
    expect(watchers.count('m')).toBe(1)
    await feed.return()
    await reading
    expect(watchers.count('m')).toBe(0)
    // 4 is loaded once and already finds 5; the 6 that came after 7 is dropped.
    expect(got).toEqual([3, 5, 7, 8])
    expect(loads).toEqual([4, 7, 8])
  })
})

describe('matchUpdated and the NDJSON stream under a burst of actions', () => {
  let db: Database
  let app: ArbiterServer
  let base: string
  beforeAll(async () => {
    db = await openTestDatabase()
    app = await buildServer({
      db,
      registry: new GameRegistry([raceGame]),
      limits: { subscriptionsPerConnection: 2, subscriptionsPerMatch: 3 },
    })
    await app.listen({ port: 0, host: '127.0.0.1' })
    base = `127.0.0.1:${(app.server.address() as { port: number }).port}`
  })
  afterAll(async () => {
    await app.close()
    await db.close()
  })

  async function newMatch(seed: string): Promise<{ matchId: string; tokens: string[] }> {
    const c = await gql(app, CREATE_MATCH, {
      input: { game: 'race-to-20', seats: [{ deck: RACE_DECK }, { deck: RACE_DECK }], seed, options: { target: 100 } },
    })
    return {
      matchId: c.data.createMatch.match.id,
      tokens: c.data.createMatch.seats.map((s: { token: string }) => s.token),
    }
  }

  function subscribe(client: Client, matchId: string, into: number[], errors: unknown[] = []): void {
    client.subscribe(
      { query: `subscription($id: ID!) { matchUpdated(matchId: $id) { version } }`, variables: { id: matchId } },
      {
        next: m => void into.push((m.data as { matchUpdated: { version: number } }).matchUpdated.version),
        error: e => void errors.push(e),
        complete: () => {},
      },
    )
  }

  it('versions strictly increase from the current one to the last, none twice, on both transports', async () => {
    const { matchId, tokens } = await newMatch('burst')
    await gql(app, SUBMIT, { input: { matchId, action: { type: 'roll' } } }, tokens[0])
    const client = createClient({ url: `ws://${base}/graphql`, webSocketImpl: WebSocket })
    const ws: number[] = []
    subscribe(client, matchId, ws)
    const stream = await fetch(`http://${base}/api/matches/${matchId}/stream`)
    const reader = stream.body!.getReader()
    // Both feeds are live once each has sent the current view.
    let text = new TextDecoder().decode((await reader.read()).value)
    await waitFor('the subscription to send the current view', () => ws.length > 0)
    // Both seats at once, without expectedVersion: commits (and notifications) come as fast as they can.
    const writers = tokens.map(async t => {
      for (let i = 0; i < 15; i++) await gql(app, SUBMIT, { input: { matchId, action: { type: 'roll' } } }, t)
    })
    await Promise.all(writers)
    const last = (await gql(app, 'query($id: ID!) { match(id: $id) { version } }', { id: matchId })).data.match.version
    await waitFor(`the subscription to reach version ${last}`, () => ws.at(-1) === last)
    await client.dispose()
    while (!text.includes(`"version":${last},`)) text += new TextDecoder().decode((await reader.read()).value)
    await reader.cancel()
    const nd = text
      .split('\n')
      .filter(Boolean)
      .map(l => (JSON.parse(l) as { version: number }).version)
    for (const seen of [ws, nd]) {
      expect(seen[0]).toBe(1)
      expect(seen.at(-1)).toBe(last)
      for (let i = 1; i < seen.length; i++) expect(seen[i]).toBeGreaterThan(seen[i - 1]!)
    }
  })

  it('caps live subscriptions per connection and per match (RATE_LIMITED), and frees them when they end', async () => {
    const { matchId } = await newMatch('caps')
    const first = createClient({ url: `ws://${base}/graphql`, webSocketImpl: WebSocket, lazy: false })
    const seen: number[][] = [[], [], []]
    const errors: unknown[] = []
    subscribe(first, matchId, seen[0]!)
    subscribe(first, matchId, seen[1]!)
    subscribe(first, matchId, seen[2]!, errors)
    await waitFor('the third subscription on one connection to be refused', () => errors.length > 0)
    expect(JSON.stringify(errors)).toContain('SUBSCRIPTIONS_PER_CONNECTION')
    const second = createClient({ url: `ws://${base}/graphql`, webSocketImpl: WebSocket })
    const ok: number[] = []
    subscribe(second, matchId, ok)
    const refused: unknown[] = []
    subscribe(second, matchId, [], refused)
    await waitFor('the fourth subscription to the match to be refused', () => refused.length > 0)
    expect(JSON.stringify(refused)).toContain('SUBSCRIPTIONS_PER_MATCH')
    expect(seen[0]).toEqual([0])
    expect(ok).toEqual([0])
    await first.dispose()
    // The server frees the first connection's subscriptions when it sees the connection close: a new one is
    // refused until then, and accepted after.
    const third = createClient({ url: `ws://${base}/graphql`, webSocketImpl: WebSocket })
    const again = await waitFor('a subscription to be accepted once the first connection is gone', async () => {
      const views: number[] = []
      const failed: unknown[] = []
      subscribe(third, matchId, views, failed)
      await waitFor('an answer to the subscription', () => views.length > 0 || failed.length > 0)
      return views.length > 0 ? views : null
    })
    expect(again).toEqual([0])
    await second.dispose()
    await third.dispose()
  })
})
