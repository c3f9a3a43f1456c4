// Streams across processes (Redis) whose subscription Redis confirms only after a change was published: the player
// stream and the match stream still deliver it, read again once the subscription holds.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { redisBus } from '../../src/api/redis-bus.ts'
import { matchTopic, playerTopic, type UpdateBus } from '../../src/api/updates.ts'
import { GameRegistry } from '../../src/kernel/index.ts'
import { buildServer, type ArbiterServer } from '../../src/server.ts'
import type { Database } from '../../src/store/database.ts'
import { openTestDatabase } from '../support/db.ts'
import { CREATE_MATCH, gql, RACE_DECK, SUBMIT } from '../support/server.ts'
import { raceGame } from '../support/test-game.ts'
import { waitFor } from '../support/wait-for.ts'

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379'

/**
 * The Redis bus, with the subscriptions to `held` topics kept back until `release(topic)`: as when Redis confirms a
 * SUBSCRIBE late, a notice published meanwhile reaches no listener of this process.
 */
function slowSubscribing(): { bus: UpdateBus; held: Set<string>; release: (topic: string) => void } {
  const bus = redisBus(REDIS_URL, { warn: () => {}, info: () => {} })
  const held = new Set<string>()
  const waiting = new Map<string, (() => void)[]>()
  const on = bus.on.bind(bus)
  bus.on = ((topic: string, listener: never, done?: () => void) => {
    if (!held.has(topic)) return on(topic, listener, done)
    waiting.set(topic, [...(waiting.get(topic) ?? []), () => on(topic, listener, done)])
    return bus
  }) as typeof bus.on
  const release = (topic: string) => {
    held.delete(topic)
    for (const subscribe of waiting.get(topic) ?? []) subscribe()
    waiting.delete(topic)
  }
  return { bus, held, release }
}

/** The NDJSON lines of a stream, as they come. */
async function lines(url: string, token: string): Promise<{ got: Record<string, unknown>[]; stop: () => void }> {
  const abort = new AbortController()
  const res = await fetch(url, { headers: { authorization: `Bearer ${token}` }, signal: abort.signal })
  expect(res.status).toBe(200)
  const got: Record<string, unknown>[] = []
  void (async () => {
    const decoder = new TextDecoder()
    let buffered = ''
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      buffered += decoder.decode(chunk, { stream: true })
      for (let nl = buffered.indexOf('\n'); nl >= 0; nl = buffered.indexOf('\n')) {
        const line = buffered.slice(0, nl).trim()
        buffered = buffered.slice(nl + 1)
        if (line) got.push(JSON.parse(line) as Record<string, unknown>)
      }
    }
  })().catch(() => {})
  return { got, stop: () => abort.abort() }
}

let db: Database
let app: ArbiterServer
let base = ''
let slow: ReturnType<typeof slowSubscribing>
beforeAll(async () => {
  db = await openTestDatabase()
  slow = slowSubscribing()
  app = await buildServer({ db, registry: new GameRegistry([raceGame]), bus: slow.bus })
  base = await app.listen({ port: 0, host: '127.0.0.1' })
})
afterAll(async () => {
  await app.close()
  await db.close()
})

describe('a subscription Redis confirms after the change it should have told', () => {
  it('the player stream reads its events again once subscribed, and sends the yourTurn it was not told of', async () => {
    const p = (await gql(app, `mutation { createPlayer(name: "Late") { key player { id } } }`)).data.createPlayer
    const created = await gql(
      app,
      CREATE_MATCH,
      { input: { game: 'race-to-20', seats: [0, 1].map(() => ({ player: p.player.id, deck: RACE_DECK })) } },
      p.key,
    )
    const matchId = created.data.createMatch.match.id as string
    slow.held.add(playerTopic(p.player.id))
    const stream = await lines(`${base}/api/players/me/stream`, p.key)
    await waitFor('synced', () => stream.got.some(l => l['type'] === 'synced'))
    const seat = created.data.createMatch.match.toAct[0] as number
    const r = await gql(app, SUBMIT, { input: { matchId, seat, action: { type: 'roll' } } }, p.key)
    expect(r.errors).toBeUndefined()
    slow.release(playerTopic(p.player.id))
    const told = await waitFor('the yourTurn of the other seat', () =>
      stream.got.find(l => l['type'] === 'yourTurn' && l['pending'] === false && l['matchId'] === matchId),
    )
    expect((told['match'] as { seat: number }).seat).toBe(1 - seat)
    stream.stop()
  })

  it('the match stream loads the match again once subscribed, and sends the version committed in between', async () => {
    const created = await gql(app, CREATE_MATCH, {
      input: { game: 'race-to-20', seats: [{ deck: RACE_DECK }, { deck: RACE_DECK }] },
    })
    const matchId = created.data.createMatch.match.id as string
    const token = created.data.createMatch.seats[0].token as string
    slow.held.add(matchTopic(matchId))
    const stream = await lines(`${base}/api/matches/${matchId}/stream`, token)
    await waitFor('the first view', () => stream.got.length > 0)
    expect(stream.got[0]!['version']).toBe(0)
    const r = await gql(app, SUBMIT, { input: { matchId, action: { type: 'roll' } } }, token)
    expect(r.errors).toBeUndefined()
    slow.release(matchTopic(matchId))
    await waitFor('version 1', () => stream.got.some(l => l['version'] === 1))
    stream.stop()
  })
})
