// Ratings from three server processes at once: each player updated once per rated match, each update chained.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase, type Database } from '../../src/store/database.ts'
import { scratchDatabase, type ScratchDatabase } from '../support/scratch-postgres.ts'
import { startServerProcess, type ServerProcess } from '../support/server-process.ts'
import { waitFor } from '../support/wait-for.ts'

// Issue 28: three `npm start` processes on one PostgreSQL database; rated matches sharing players end at the same
// moment through different processes, and every player's rating is updated once per match, each update from the
// value the one before wrote (no update lost to a race).
const HEROES = ['thor', 'loki', 'spider-man', 'scarlet-witch']

async function call(
  url: string,
  method: string,
  path: string,
  body?: unknown,
  key?: string,
): Promise<{ status: number; json: any }> {
  const res = await fetch(`${url}${path}`, {
    method,
    headers: {
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(key ? { authorization: `Bearer ${key}` } : {}),
    },
    body: body !== undefined ? JSON.stringify(body) : undefined,
    signal: AbortSignal.timeout(20_000),
  })
  return { status: res.status, json: await res.json() }
}

let scratch: ScratchDatabase
let db: Database
const servers: ServerProcess[] = []
beforeAll(async () => {
  scratch = await scratchDatabase('arbiter_ratings')
  servers.push(await startServerProcess(scratch.url()))
  servers.push(...(await Promise.all([startServerProcess(scratch.url()), startServerProcess(scratch.url())])))
  db = await openDatabase({ kind: 'postgres', url: scratch.url(), poolSize: 4 })
}, 180_000)
afterAll(async () => {
  for (const s of servers) s.child.kill('SIGKILL')
  await db?.close()
  await scratch?.drop()
})

describe('three server processes rating matches that end at once', () => {
  it('updates each player once per rated match, each update chained on the one before', async () => {
    const url = (i: number) => servers[i % servers.length]!.url
    const players = await Promise.all(
      ['Hub', 'Xan', 'Yel', 'Zed'].map(async (name, i) => {
        const p = await call(url(i), 'POST', '/api/players', { name })
        return { id: p.json.player.id as string, key: p.json.key as string }
      }),
    )
    const [hub, x, y, z] = players as [
      (typeof players)[0],
      (typeof players)[0],
      (typeof players)[0],
      (typeof players)[0],
    ]
    const pairs = [
      [hub, x],
      [hub, y],
      [hub, z],
      [x, y],
      [z, hub],
      [y, z],
    ] as const
    const matches = await Promise.all(
      pairs.map(async ([a, b], i) => {
        const c = await call(
          url(i),
          'POST',
          '/api/challenges',
          { game: 'dice-throne-marvel', opponent: b.id, deck: { hero: HEROES[i % 4] }, rated: true },
          a.key,
        )
        expect(c.status).toBe(201)
        const acc = await call(
          url(i + 1),
          'POST',
          `/api/challenges/${c.json.id}/accept`,
          { deck: { hero: HEROES[(i + 1) % 4] } },
          b.key,
        )
        expect(acc.json.matches[0]).toMatchObject({ status: 'ACTIVE', rated: true })
        return { id: acc.json.matches[0].id as string, loser: i % 2 ? a : b }
      }),
    )
    // Every match ends at once, each through another process than the one before.
    const ends = await Promise.all(
      matches.map((m, i) => call(url(i + 2), 'POST', `/api/matches/${m.id}/resign`, {}, m.loser.key)),
    )
    for (const e of ends)
      expect(e.json, servers.flatMap(s => s.errors).join('\n')).toMatchObject({
        status: 'FINISHED',
        endReason: 'resigned',
      })
    await waitFor('every rated match rated', async () => (await db.prisma.ratedMatch.count()) >= matches.length, 30_000)
    for (const p of players) {
      const played = pairs.filter(pair => pair.includes(p)).length
      const history = await db.prisma.ratingChange.findMany({
        where: { playerId: p.id },
        orderBy: [{ at: 'asc' }, { id: 'asc' }],
      })
      expect(history).toHaveLength(played)
      expect(new Set(history.map(h => h.matches[0])).size).toBe(played)
      let before = 1500
      for (const h of history) {
        expect(h.rating - h.change).toBeCloseTo(before, 9)
        before = h.rating
      }
      const rating = await db.prisma.rating.findUniqueOrThrow({
        where: { playerId_game: { playerId: p.id, game: 'dice-throne-marvel' } },
      })
      expect(rating).toMatchObject({ games: played, rating: before })
    }
  }, 120_000)
})
