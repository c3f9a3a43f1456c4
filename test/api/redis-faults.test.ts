// Redis faults never end the process: starting without Redis, killed connections, and rate limits kept in Redis.
import { execFileSync } from 'node:child_process'
import { createClient } from 'graphql-ws'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import type { Limits } from '../../src/api/limits.ts'
import { redisBus, type RedisBus } from '../../src/api/redis-bus.ts'
import { matchTopic } from '../../src/api/updates.ts'
import { GameRegistry } from '../../src/kernel/index.ts'
import { buildServer, type ArbiterServer } from '../../src/server.ts'
import type { Database } from '../../src/store/database.ts'
import { openTestDatabase } from '../support/db.ts'
import { closedPort } from '../support/scratch-postgres.ts'
import { CREATE_MATCH, gql, RACE_DECK, SUBMIT } from '../support/server.ts'
import { raceGame } from '../support/test-game.ts'
import { waitFor } from '../support/wait-for.ts'

// The local Redis (REDIS_URL, default redis://127.0.0.1:6379, which .ci/run starts when it is down).
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379'
/** Whether the bus's command connection is connected (ioredis's status). */
const connected = (bus: RedisBus) => (bus.commands as { status: string }).status === 'ready'
/** How many connections Redis has subscribed to `channel` (PUBSUB NUMSUB on the bus's command connection). */
async function subscribers(bus: RedisBus, channel: string): Promise<number> {
  return (await (bus.commands as { pubsub(...args: string[]): Promise<[string, number]> }).pubsub('NUMSUB', channel))[1]
}

function capture(): {
  lines: string[]
  warn: (o: unknown, m?: string) => void
  info: (o: unknown, m?: string) => void
} {
  const lines: string[] = []
  const add = (o: unknown, m?: string) => void lines.push(typeof o === 'string' ? o : (m ?? ''))
  return { lines, warn: add, info: add }
}

// Every server shares one database, as processes do; each has its own bus.
let db: Database
const opened: ArbiterServer[] = []
beforeAll(async () => {
  db = await openTestDatabase()
})
afterAll(async () => {
  for (const app of opened) await app.close()
  await db.close()
})

async function serverOn(bus: RedisBus, limits?: Partial<Limits>): Promise<ArbiterServer> {
  const app = await buildServer({ db, registry: new GameRegistry([raceGame]), bus, limits })
  await app.listen({ port: 0, host: '127.0.0.1' })
  opened.push(app)
  return app
}

async function playOne(app: ArbiterServer): Promise<void> {
  const c = await gql(app, CREATE_MATCH, {
    input: { game: 'race-to-20', seats: [{ deck: RACE_DECK }, { deck: RACE_DECK }] },
  })
  const res = await gql(
    app,
    SUBMIT,
    { input: { matchId: c.data.createMatch.match.id, action: { type: 'roll' } } },
    c.data.createMatch.seats[0].token,
  )
  expect(res.errors).toBeUndefined()
  expect(res.data.submitAction.match.version).toBe(1)
}

/** CLIENT KILL of both of this bus's connections, found by their local ports. */
function killConnections(bus: RedisBus): void {
  const { port, hostname } = new URL(REDIS_URL)
  for (const conn of ['subConn', 'pubConn'] as const) {
    const local = (bus as unknown as Record<string, { stream: { localPort: number } }>)[conn]!.stream.localPort
    execFileSync('redis-cli', ['-h', hostname, '-p', port || '6379', 'CLIENT', 'KILL', 'ADDR', `127.0.0.1:${local}`])
  }
}

describe('Redis faults never end the process', () => {
  it('starts degraded with REDIS_URL where nothing listens, serves, and says so once', async () => {
    const log = capture()
    const app = await serverOn(redisBus(`redis://127.0.0.1:${await closedPort()}`, log))
    await waitFor('the bus to find Redis unreachable', () => log.lines.some(l => l.includes('unreachable')))
    await playOne(app)
    expect(log.lines.filter(l => l.includes('unreachable'))).toEqual([
      'Redis is unreachable at start-up: serving without cross-process pushes until it is reachable',
    ])
  })

  it('survives CLIENT KILL of its connections, logs down and back once, and cross-process subscriptions resume', async () => {
    const logA = capture()
    const logB = capture()
    const busA = redisBus(REDIS_URL, logA)
    const busB = redisBus(REDIS_URL, logB)
    const a = await serverOn(busA)
    const b = await serverOn(busB)
    const c = await gql(a, CREATE_MATCH, {
      input: { game: 'race-to-20', seats: [{ deck: RACE_DECK }, { deck: RACE_DECK }], seed: 'redis-kill' },
    })
    const matchId = c.data.createMatch.match.id
    const [t0, t1] = c.data.createMatch.seats.map((s: { token: string }) => s.token)
    const port = (b.server.address() as { port: number }).port
    const client = createClient({
      url: `ws://127.0.0.1:${port}/graphql`,
      webSocketImpl: WebSocket,
      connectionParams: { authorization: `Bearer ${t0}` },
    })
    const versions: number[] = []
    client.subscribe(
      { query: `subscription($id: ID!) { matchUpdated(matchId: $id) { version } }`, variables: { id: matchId } },
      {
        next: m => void versions.push((m.data as { matchUpdated: { version: number } }).matchUpdated.version),
        error: () => {},
        complete: () => {},
      },
    )
    // Live once B has pushed the current view and Redis has B subscribed to the match's channel.
    await waitFor('the current view', () => versions.length > 0)
    await waitFor('B subscribed in Redis', async () => (await subscribers(busB, matchTopic(matchId))) > 0)
    killConnections(busA)
    killConnections(busB)
    await waitFor('both buses to say Redis is back', () =>
      [logA, logB].every(log => log.lines.some(l => l.startsWith('Redis is back'))),
    )
    expect(busA.redisUp && busB.redisUp).toBe(true)
    await waitFor('B subscribed in Redis again', async () => (await subscribers(busB, matchTopic(matchId))) > 0)
    await gql(a, SUBMIT, { input: { matchId, action: { type: 'roll' } } }, t0)
    await gql(a, SUBMIT, { input: { matchId, action: { type: 'roll' } } }, t1)
    await waitFor('version 2 on B', () => versions.includes(2))
    await client.dispose()
    expect(versions).toContain(2)
    for (const log of [logA, logB]) {
      expect(log.lines).toEqual([
        'Redis is unreachable: pushes to other processes are paused until it is back',
        'Redis is back: cross-process pushes resumed',
      ])
    }
  })

  it('rate limits are counted in Redis, across servers, and in each process while Redis is unreachable', async () => {
    const limits = { rateLimitMax: 6 }
    const busA = redisBus(REDIS_URL, capture())
    const busB = redisBus(REDIS_URL, capture())
    const a = await serverOn(busA, limits)
    const b = await serverOn(busB, limits)
    // An address of its own, so that no other test sharing this Redis counts with it.
    const ip = `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${process.pid % 250}`
    const games = (app: ArbiterServer) =>
      app.inject({ method: 'GET', url: '/api/games', remoteAddress: ip }).then(r => r.statusCode)
    await waitFor('both buses connected to Redis', () => connected(busA) && connected(busB))
    const seen = [
      await games(a),
      await games(b),
      await games(a),
      await games(b),
      await games(a),
      await games(b),
      await games(a),
      await games(b),
    ]
    expect(seen).toEqual([200, 200, 200, 200, 200, 200, 429, 429])
    const downBus = redisBus(`redis://127.0.0.1:${await closedPort()}`, capture())
    const down = await serverOn(downBus, limits)
    await waitFor('the bus to find Redis unreachable', () => !downBus.redisUp)
    const alone = []
    for (let i = 0; i < 7; i++) alone.push(await games(down))
    expect(alone).toEqual([200, 200, 200, 200, 200, 200, 429])
  })
})
