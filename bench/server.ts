// The server under load for `npm run bench`: the production games plus the platform's test game, so
// that the API's own cost is measured apart from any engine's. Logger off, like a tuned deployment.
// BENCH_DB=pglite runs it on the embedded default (in BENCH_DATA_DIR) instead of DATABASE_URL.
import { GameRegistry } from '../src/kernel/index.ts'
import { productionGames } from '../src/games/index.ts'
import { buildServer } from '../src/server.ts'
import { snapshotCacheMbFromEnv, snapshotCacheSizeFromEnv } from '../src/service/index.ts'
import { openDatabase } from '../src/store/database.ts'
import { raceGame } from '../test/support/test-game.ts'

const db = await openDatabase(
  process.env.BENCH_DB === 'pglite'
    ? { kind: 'pglite', dataDir: process.env.BENCH_DATA_DIR! }
    : { kind: 'postgres', url: process.env.DATABASE_URL!, poolSize: 20 },
)
// No rate limits: the load runs are meant to go as fast as the server can.
const app = await buildServer({
  db,
  registry: new GameRegistry([...productionGames, raceGame]),
  graphiql: false,
  limits: { rateLimitMax: 0 },
  snapshotCacheSize: snapshotCacheSizeFromEnv(),
  snapshotCacheMb: snapshotCacheMbFromEnv(),
})
// The least a persisted action can cost: one row updated and committed durably per request, on the same pool.
await db.raw('CREATE TABLE bench_write (id int PRIMARY KEY, n bigint NOT NULL)')
await db.raw('INSERT INTO bench_write SELECT g, 0 FROM generate_series(0, 99) g')
app.post('/bench/write', async (req, reply) => {
  const id = Number((req.query as { row?: string }).row)
  const r = await db.raw('UPDATE bench_write SET n = n + 1 WHERE id = $1 RETURNING n', [id])
  return r.rows.length === 1
    ? { n: Number((r.rows[0] as { n: string }).n) }
    : reply.status(404).send({ code: 'NOT_FOUND' })
})
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' })
// A new change feed trusts the cache only after its grace period; the load starts once it does.
while (!db.changes.live) await new Promise(r => setTimeout(r, 100))

// Copies of one match and its seats as matches `<prefix><from>` … `<prefix><to>` (numbers in 12 digits), for the reads
// over many stored matches; done here so that it works on the embedded database too, which only this process opens.
const CLONE_MATCHES = `INSERT INTO "Match" SELECT (jsonb_populate_record(NULL::"Match", to_jsonb(m) || jsonb_build_object('id', $2 || lpad(g::text, 12, '0')))).*
  FROM "Match" m, generate_series($3::int, $4::int) g WHERE m.id = $1`
const CLONE_SEATS = `INSERT INTO "Seat" SELECT (jsonb_populate_record(NULL::"Seat", to_jsonb(s) || jsonb_build_object('matchId', $2 || lpad(g::text, 12, '0'), 'tokenHash', NULL, 'inviteHash', NULL))).*
  FROM "Seat" s, generate_series($3::int, $4::int) g WHERE s."matchId" = $1`

process.on('message', async (m: { cpu?: true; clone: string; prefix: string; from: number; to: number }) => {
  // The server's own CPU time (µs), for per-request costs that the shared machine's load does not blur.
  if (m.cpu) {
    const u = process.cpuUsage()
    process.send?.({ cpu: u.user + u.system })
    return
  }
  const args = [m.clone, m.prefix, m.from, m.to]
  await db.raw(CLONE_MATCHES, args)
  await db.raw(CLONE_SEATS, args)
  process.send?.('cloned')
})
process.send?.('ready')
process.on('SIGTERM', async () => {
  await app.close()
  await db.close()
  process.exit(0)
})
