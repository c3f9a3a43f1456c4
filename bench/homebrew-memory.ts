// The memory a process spends on hostile homebrew card sets (a 10,000-card set, unknown words, huge numbers, deep
// JSON): the extra RSS over a server at rest, measured against its bound (README "Homebrew cards"), not timed.
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { cyberNetCards } from '../src/games/cyber-net-cards/index.ts'
import { GameRegistry } from '../src/kernel/index.ts'
import { buildServer } from '../src/server.ts'
import { openDatabase } from '../src/store/database.ts'

setFlagsFromString('--expose-gc')
const gc = runInNewContext('gc') as () => void

/** The extra RSS a process may reach while refusing hostile sets. */
export const HOMEBREW_RSS_BOUND_MB = 200
const ROUNDS = 5

const CARD = { id: 'glass-cannon', name: 'Glass Cannon', kind: 'offensive', cost: 1, effect: [{ op: 'damage', n: 3 }] }

/** The hostile bodies of test/api/card-sets.test.ts, and a 10,000-card set, as raw JSON. */
function hostileBodies(): string[] {
  const body = (cards: unknown) => JSON.stringify({ game: 'cyber-net-cards', name: 'Hostile', cards })
  return [
    body(Array.from({ length: 10_000 }, (_, i) => ({ ...CARD, id: `c-${i}` }))),
    body([CARD, { ...CARD, id: 'loop', effect: [{ op: 'repeat', times: 1e9 }] }]),
    body([{ ...CARD, effect: [{ op: 'damage', n: 1e300 }] }]),
    body([{ ...CARD, lasting: { duration: 1, forever: true } }]),
    body([{ ...CARD, name: 'x'.repeat(300_000) }]),
    `{"game":"cyber-net-cards","name":"Deep","cards":[${'{"effect":['.repeat(5000)}{"op":"damage","n":1}${']}'.repeat(5000)}]}`,
  ]
}

export async function homebrewMemory(): Promise<{ baseMb: number; peakMb: number; extraMb: number }> {
  const db = await openDatabase({ kind: 'pglite', dataDir: 'memory://' })
  const app = await buildServer({ db, registry: new GameRegistry([cyberNetCards]), jobs: false })
  try {
    const created = await app.inject({
      method: 'POST',
      url: '/graphql',
      payload: { query: `mutation { createPlayer(name: "hostile") { key } }` },
    })
    const key = created.json().data.createPlayer.key as string
    const bodies = hostileBodies()
    gc()
    const base = process.memoryUsage().rss
    let peak = base
    const sample = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5)
    for (let round = 0; round < ROUNDS; round++)
      for (const payload of bodies) {
        const res = await app.inject({
          method: 'POST',
          url: '/api/card-sets',
          headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
          payload,
        })
        if (res.statusCode < 400 || res.statusCode >= 500)
          throw new Error(`a hostile set got ${res.statusCode}, not a 4xx: ${res.body.slice(0, 200)}`)
        peak = Math.max(peak, process.memoryUsage().rss)
      }
    clearInterval(sample)
    const mb = (n: number) => n / 1024 / 1024
    return { baseMb: mb(base), peakMb: mb(peak), extraMb: mb(peak - base) }
  } finally {
    await app.close()
    await db.close()
  }
}
