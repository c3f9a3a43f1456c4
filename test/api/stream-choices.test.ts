// NDJSON lines carry the caller's choices at their version: a streaming bot decides from the lines alone.
import { afterAll, beforeAll, expect, it } from 'vitest'
import { RACE_DECK, startListeningServer, type ListeningServer } from '../support/server.ts'

let srv: ListeningServer
beforeAll(async () => {
  srv = await startListeningServer()
})
afterAll(async () => {
  await srv.close()
})

async function call(method: string, url: string, body?: unknown, token?: string): Promise<any> {
  const res = await fetch(`${srv.base}${url}`, {
    method,
    headers: {
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  })
  return res.json()
}

/** The stream's lines as they come; `next()` waits for the following one. */
async function lines(url: string, token: string): Promise<{ next(): Promise<any>; stop(): void }> {
  const queue: any[] = []
  let wake = () => {}
  const ac = new AbortController()
  const res = await fetch(`${srv.base}${url}`, { headers: { authorization: `Bearer ${token}` }, signal: ac.signal })
  void (async () => {
    const decoder = new TextDecoder()
    let buf = ''
    try {
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        buf += decoder.decode(chunk, { stream: true })
        for (let nl = buf.indexOf('\n'); nl >= 0; nl = buf.indexOf('\n')) {
          const text = buf.slice(0, nl).trim()
          buf = buf.slice(nl + 1)
          if (text) queue.push(JSON.parse(text))
          wake()
        }
      }
    } catch {
      // The test stopped reading.
    }
  })()
  return {
    next: async () => {
      while (queue.length === 0) await new Promise<void>(r => (wake = r))
      return queue.shift()
    },
    stop: () => ac.abort(),
  }
}

it("the match stream's lines list the caller's choices at their version, and the player stream's yourTurn too", async () => {
  const p = await call('POST', '/api/players', { name: 'Streamer' })
  const created = await call(
    'POST',
    '/api/matches',
    {
      game: 'race-to-20',
      seats: [{ deck: RACE_DECK }, { player: p.player.id, deck: RACE_DECK }],
      seed: 'stream-choices',
    },
    p.key,
  )
  const id = created.match.id
  const first = created.seats.find((s: { seat: number }) => s.seat === 0).token
  expect(created.match.toAct).toEqual([0])

  const match = await lines(`/api/matches/${id}/stream`, p.key)
  const events = await lines('/api/players/me/stream', p.key)
  const v0 = await match.next()
  expect(v0).toMatchObject({ version: 0, seat: 1, toAct: [0], legalActions: [] })

  await call('POST', `/api/matches/${id}/actions`, { action: { type: 'roll' } }, first)
  const v1 = await match.next()
  expect(v1).toMatchObject({ version: 1, toAct: [1] })
  const legal = await call('GET', `/api/matches/${id}/legal-actions`, undefined, p.key)
  expect(legal.length).toBeGreaterThan(0)
  expect(v1.legalActions).toEqual(legal)
  let turn = await events.next()
  while (turn.type !== 'yourTurn') turn = await events.next()
  expect(turn.match.legalActions).toEqual(legal)

  // The bot answers from the line alone.
  const res = await call('POST', `/api/matches/${id}/actions`, { actionId: v1.legalActions[0].id }, p.key)
  expect(res.match.version).toBe(2)
  expect(await match.next()).toMatchObject({ version: 2, toAct: [0], legalActions: [] })
  match.stop()
  events.stop()
})
