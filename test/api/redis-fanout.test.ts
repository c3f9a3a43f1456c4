// matchUpdated across processes through Redis: a subscriber on one server receives an action submitted on another.
import { createClient } from 'graphql-ws'
import mqemitterRedis from 'mqemitter-redis'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { GameRegistry } from '../../src/kernel/index.ts'
import { buildServer, type ArbiterServer } from '../../src/server.ts'
import { matchTopic, type UpdateBus } from '../../src/api/updates.ts'
import type { Database } from '../../src/store/database.ts'
import { openTestDatabase } from '../support/db.ts'
import { CREATE_MATCH, gql, RACE_DECK, SUBMIT } from '../support/server.ts'
import { raceGame } from '../support/test-game.ts'
import { waitFor } from '../support/wait-for.ts'

// Two server processes' worth of servers on one database, fanned out through the local Redis
// (REDIS_URL, default redis://127.0.0.1:6379, which .ci/run starts when it is down).
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379'

let db: Database
const servers: ArbiterServer[] = []
const buses: UpdateBus[] = []
beforeAll(async () => {
  db = await openTestDatabase()
  for (let i = 0; i < 2; i++) {
    const bus = mqemitterRedis({ connectionString: REDIS_URL }) as UpdateBus
    buses.push(bus)
    const app = await buildServer({ db, registry: new GameRegistry([raceGame]), bus })
    await app.listen({ port: 0, host: '127.0.0.1' })
    servers.push(app)
  }
})
afterAll(async () => {
  for (const s of servers) await s.close()
  await db.close()
})

/** How many connections Redis has subscribed to `channel` (PUBSUB NUMSUB, asked on a bus's command connection). */
async function subscribers(channel: string): Promise<number> {
  const commands = (buses[0] as unknown as { pubConn: { pubsub(...args: string[]): Promise<[string, number]> } })
    .pubConn
  return (await commands.pubsub('NUMSUB', channel))[1]
}

describe('matchUpdated across processes through Redis (REDIS_URL)', () => {
  it('a subscriber on server B receives the action submitted on server A', async () => {
    const [a, b] = servers as [ArbiterServer, ArbiterServer]
    const c = await gql(a, CREATE_MATCH, {
      input: { game: 'race-to-20', seats: [{ deck: RACE_DECK }, { deck: RACE_DECK }], seed: 'fanout' },
    })
    const matchId = c.data.createMatch.match.id
    const token = c.data.createMatch.seats[0].token
    const addr = b.server.address()
    const client = createClient({
      url: `ws://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}/graphql`,
      webSocketImpl: WebSocket,
      connectionParams: { authorization: `Bearer ${token}` },
    })
    const seen: unknown[] = []
    const got = new Promise<any>((resolve, reject) => {
      client.subscribe(
        { query: `subscription($id: ID!) { matchUpdated(matchId: $id) { version seat } }`, variables: { id: matchId } },
        { next: m => void (seen.push(m.data?.matchUpdated) === 2 && resolve(m)), error: reject, complete: () => {} },
      )
    })
    // Live once B has pushed the current view and Redis confirms B's subscription to the match's channel.
    await waitFor('the current view on server B', () => seen.length > 0)
    await waitFor('server B subscribed in Redis', async () => (await subscribers(matchTopic(matchId))) > 0)
    await gql(a, SUBMIT, { input: { matchId, action: { type: 'roll' } } }, token)
    const msg = await got
    await client.dispose()
    expect(msg.data.matchUpdated).toEqual({ version: 1, seat: 0 })
    expect(seen).toEqual([
      { version: 0, seat: 0 },
      { version: 1, seat: 0 },
    ])
  })
})
