// The server of the stream-memory bench (bench/stream-memory.ts): the test game on a fresh embedded database, the
// per-client caps off (one address opens every stream) but STREAM_BUFFER_KB and STREAM_STALL_SECONDS at their
// defaults; it reports its heap after a full collection when asked over IPC.
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { GameRegistry } from '../src/kernel/index.ts'
import { buildServer } from '../src/server.ts'
import { openDatabase } from '../src/store/database.ts'
import { raceGame } from '../test/support/test-game.ts'

setFlagsFromString('--expose-gc')
const gc = runInNewContext('gc') as () => void

const db = await openDatabase({ kind: 'pglite', dataDir: process.env.BENCH_DATA_DIR! })
const app = await buildServer({
  db,
  registry: new GameRegistry([raceGame]),
  graphiql: false,
  limits: {
    rateLimitMax: 0,
    streamsPerAddress: 0,
    streamsPerPlayer: 0,
    connectionsPerAddress: 0,
    subscriptionsPerMatch: 100_000,
    subscriptionOpsPerMinute: 0,
  },
})
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' })

process.on('message', (m: { memory?: true }) => {
  if (!m.memory) return
  gc()
  gc()
  const u = process.memoryUsage()
  process.send?.({ heapUsed: u.heapUsed, external: u.external + u.arrayBuffers, rss: u.rss })
})
process.send?.('ready')
process.on('SIGTERM', async () => {
  await app.close()
  await db.close()
  process.exit(0)
})
