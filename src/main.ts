import { GameRegistry } from './kernel/index.ts'
import { productionGames } from './games/index.ts'
import { limitsFromEnv } from './api/limits.ts'
import { corsOrigins } from './api/security.ts'
import { buildServer } from './server.ts'
import { snapshotCacheMbFromEnv, snapshotCacheSizeFromEnv, webhookPolicyFromEnv } from './service/index.ts'
import { DataDirLocked } from './store/data-lock.ts'
import { databaseConfigFromEnv, openDatabase } from './store/database.ts'
import { formatDuration, quietStartup, stderrStartup } from './startup-log.ts'

/** An on/off variable: on unless it says false, 0, off or no. */
function switchOn(raw: string | undefined): boolean {
  return !/^(false|0|off|no)$/i.test(raw?.trim() ?? '')
}

// Each start-up step on stderr with its duration (LOG_LEVEL=silent hushes it with the rest).
const startup = process.env.LOG_LEVEL === 'silent' ? quietStartup : stderrStartup()
// The static imports above ran before this line: loading (and compiling) the code is the first step.
startup.note(`code loaded in ${formatDuration(process.uptime() * 1_000)}`)

const config = databaseConfigFromEnv()
const db = await openDatabase(config, startup).catch((e: unknown) => {
  if (!(e instanceof DataDirLocked)) throw e
  console.error(`Arbiter did not start: ${e.message}`)
  process.exit(1)
})
const app = await startup.step('server (routes, GraphQL schema, job queue)', () =>
  buildServer({
    db,
    startup,
    registry: new GameRegistry(productionGames),
    logger: { level: process.env.LOG_LEVEL ?? 'info' },
    redisUrl: process.env.REDIS_URL || undefined,
    adminKey: process.env.ARBITER_ADMIN_KEY || null,
    limits: limitsFromEnv(),
    snapshotCacheSize: snapshotCacheSizeFromEnv(),
    snapshotCacheMb: snapshotCacheMbFromEnv(),
    graphiql: switchOn(process.env.GRAPHIQL),
    introspection: switchOn(process.env.GRAPHQL_INTROSPECTION),
    corsOrigins: corsOrigins(process.env.CORS_ORIGINS),
    webhooks: webhookPolicyFromEnv(process.env),
  }),
)

let closing = false
async function shutdown(signal: string): Promise<void> {
  if (closing) return
  closing = true
  app.log.info({ signal }, 'shutting down')
  await app.close()
  await db.close()
  process.exit(0)
}
process.on('SIGTERM', () => void shutdown('SIGTERM'))
process.on('SIGINT', () => void shutdown('SIGINT'))

const port = Number(process.env.PORT ?? 3000)
const address = await startup.step(
  'listening',
  () => app.listen({ port, host: process.env.HOST ?? '0.0.0.0' }),
  at => `at ${at}`,
)
startup.note(`started in ${formatDuration(process.uptime() * 1_000)}`)
app.log.info(
  { database: config.kind === 'postgres' ? 'postgres (DATABASE_URL)' : `embedded PGlite in ${config.dataDir}` },
  `Arbiter serves GraphQL at ${address}/graphql, REST at /api, OpenAPI at /docs`,
)
