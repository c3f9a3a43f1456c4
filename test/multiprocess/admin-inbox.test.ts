// Issue 27, points 7 and 8 across real processes: two `npm start` servers on one PostgreSQL with Redis and
// ARBITER_ADMIN_KEY. A player stream on one receives, numbered and in order, the events committed through the
// other; the operator's block on one refuses the player's key on the other at once and ends its stream there.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { scratchDatabase, type ScratchDatabase } from '../support/scratch-postgres.ts'
import { startServerProcess, type ServerProcess } from '../support/server-process.ts'

const ADMIN_KEY = 'operator-key-of-the-multiprocess-test'

async function call(url: string, query: string, variables: Record<string, unknown> = {}, token?: string): Promise<any> {
  const res = await fetch(`${url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ query, variables }),
    signal: AbortSignal.timeout(10_000),
  })
  return res.json()
}

let scratch: ScratchDatabase
const servers: ServerProcess[] = []
beforeAll(async () => {
  scratch = await scratchDatabase('arbiter_inbox_mp')
  // The test game (race-to-20) is not served by `npm start`: Dice Throne is, with a one-field deck.
  servers.push(await startServerProcess(scratch.url(), { ARBITER_ADMIN_KEY: ADMIN_KEY }))
  servers.push(await startServerProcess(scratch.url(), { ARBITER_ADMIN_KEY: ADMIN_KEY }))
}, 180_000)
afterAll(async () => {
  for (const s of servers) s.child.kill('SIGKILL')
  await scratch?.drop()
})

async function player(url: string, name: string): Promise<{ id: string; key: string }> {
  const p = (await call(url, `mutation($n: String!) { createPlayer(name: $n) { key player { id } } }`, { n: name }))
    .data.createPlayer
  return { id: p.player.id, key: p.key }
}

/** The player stream, line by line. */
async function stream(
  url: string,
  key: string,
  query = '',
): Promise<{ next(): Promise<any>; ended(): Promise<void>; close(): void }> {
  const abort = new AbortController()
  const res = await fetch(`${url}/api/players/me/stream${query}`, {
    headers: { authorization: `Bearer ${key}` },
    signal: abort.signal,
  })
  expect(res.status).toBe(200)
  const reader = res.body!.getReader()
  const held: any[] = []
  let buffered = ''
  const read = async (): Promise<boolean> => {
    const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }))
    if (done) return false
    buffered += new TextDecoder().decode(value)
    const lines = buffered.split('\n')
    buffered = lines.pop()!
    for (const l of lines) if (l.trim()) held.push(JSON.parse(l))
    return true
  }
  return {
    next: async () => {
      while (held.length === 0) if (!(await read())) throw new Error('the stream ended')
      return held.shift()
    },
    // Resolves when the server ends the stream (what comes before is read and dropped).
    ended: async () => {
      while (await read());
    },
    close: () => abort.abort(),
  }
}

describe('two server processes: the inbox and the operator', () => {
  it('events committed through one server reach a stream on the other numbered and in order; a block there refuses the key at once', async () => {
    const [one, two] = [servers[0]!.url, servers[1]!.url]
    const [ann, bob] = [await player(one, 'Ann'), await player(one, 'Bob')]
    // Bob's stream and key on server two.
    const s = await stream(two, bob.key, '?after=0')
    expect((await s.next()).type).toBe('synced')
    expect((await call(two, `{ me { id } }`, {}, bob.key)).data.me).toEqual({ id: bob.id })

    const created = await call(
      one,
      `mutation($input: CreateMatchInput!) { createMatch(input: $input) { match { id } } }`,
      {
        input: { game: 'dice-throne-marvel', seats: [{ player: ann.id, deck: { hero: 'thor' } }, { player: bob.id }] },
      },
      ann.key,
    )
    const id = created.data.createMatch.match.id
    await call(
      one,
      `mutation($input: JoinMatchInput!) { joinMatch(input: $input) { match { status } } }`,
      { input: { matchId: id, deck: { hero: 'loki' } } },
      bob.key,
    )
    const got = [await s.next(), await s.next()]
    expect(got.map(e => [e.type, e.matchId, e.seq])).toEqual([
      ['invited', id, 1],
      ['matchStarted', id, 2],
    ])

    const blocked = await call(
      one,
      `mutation($p: ID!) { adminBlockPlayer(playerId: $p) { blocked } }`,
      { p: bob.id },
      ADMIN_KEY,
    )
    expect(blocked.data.adminBlockPlayer).toEqual({ blocked: true })
    expect((await call(two, `{ me { id } }`, {}, bob.key)).data.me).toBeNull()
    await s.ended()
    const match = (await call(two, `query($id: ID!) { match(id: $id) { status endReason winners } }`, { id })).data
      .match
    expect(match).toEqual({ status: 'FINISHED', endReason: 'timeout', winners: [0] })
    const log = await call(two, `{ adminLog { action targetId by } }`, {}, ADMIN_KEY)
    expect(log.data.adminLog[0]).toEqual({ action: 'blockPlayer', targetId: bob.id, by: 'admin' })
  }, 60_000)
})
