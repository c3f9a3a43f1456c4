// The server: Fastify with its connection and shutdown hooks, the GraphQL and REST APIs, the pages, the services and
// their job queue.
import type { IncomingMessage } from 'node:http'
import type { Duplex } from 'node:stream'
import Fastify, {
  LogController,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify'
import type { GameRegistry } from './kernel/index.ts'
import { registerGraphQL } from './api/graphql/plugin.ts'
import { errorHandler } from './api/rest/http-errors.ts'
import { registerLanguage } from './api/language.ts'
import { registerRest } from './api/rest/plugin.ts'
import { registerGraphiQL } from './api/web/graphiql.ts'
import { registerLanding } from './api/web/landing.ts'
import { ClientLimits } from './api/client-limits.ts'
import { DEFAULT_LIMITS, queueBounds, type Limits } from './api/limits.ts'
import { MatchWatchers } from './api/match-watch.ts'
import {
  actionApplied,
  commitBatch,
  countRejection,
  queueDepth,
  registerMetrics,
  snapshotCache,
} from './api/metrics.ts'
import { registerSecurity } from './api/security.ts'
import { registerWeb } from './api/web/plugin.ts'
import { registerRateLimit } from './api/rate-limit.ts'
import { isRedisBus, redisBus } from './api/redis-bus.ts'
import { PlayerFeed } from './api/player-feed.ts'
import { busPublisher, inProcessBus, onPlayerBlocked, type UpdateBus } from './api/updates.ts'
import {
  createServices,
  type DeckLabSettings,
  type RulesBook,
  type JobSettings,
  type QuotaSettings,
  type Services,
  type WebhookPolicy,
} from './service/index.ts'
import type { Database } from './store/database.ts'
import { openJobQueue, type JobQueue } from './store/jobs.ts'
import { quietStartup, type StartupLog } from './startup-log.ts'

/** Each request is logged once, when it completes (method, url, status, time), not also when it arrives. */
class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const line = {
      method: request.method,
      url: request.url,
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime * 10) / 10,
    }
    if (error) reply.log.error({ ...line, err: error }, 'request errored')
    else reply.log.info(line, 'request')
  }
}

export interface ServerOptions {
  db: Database
  registry: GameRegistry
  logger?: FastifyServerOptions['logger']
  /**
   * An mqemitter shared by several processes (e.g. mqemitter-redis for REDIS_URL); in-process when absent. It is closed
   * with the server.
   */
  bus?: UpdateBus
  /** Makes the bus a Redis one (REDIS_URL) that logs its outages through the server's logger. */
  redisUrl?: string
  /** GRAPHIQL: serve the GraphiQL IDE at /graphiql (default true). */
  graphiql?: boolean
  /** GRAPHQL_INTROSPECTION: answer schema introspection (default true). */
  introspection?: boolean
  /** CORS_ORIGINS, parsed by corsOrigins(): the origins browsers may call from (default any). */
  corsOrigins?: string[] | '*'
  bodyLimit?: number
  /** Run the job queue (clocks, bot seats, webhooks) in this process; default true. */
  jobs?: boolean
  /** Hears of the slow start-up steps (the job queue), which npm start reports; default: nothing said. */
  startup?: StartupLog
  /** Where webhooks may be sent (WEBHOOK_HOSTS, WEBHOOK_ALLOW_PRIVATE); default: any public address. */
  webhooks?: WebhookPolicy
  /** Background job and webhook settings (default: from the environment). */
  jobSettings?: JobSettings
  /** Creations allowed per address and per key per hour (QUOTA_*_PER_HOUR); default: from the environment. */
  quotas?: QuotaSettings
  /** Each game's ruleset versions and the engine of each (default: RULES_VERSIONS). */
  rules?: RulesBook
  /** The deck lab's bounds (DECKLAB_*); default: from the environment. */
  deckLab?: DeckLabSettings
  /** Overrides of DEFAULT_LIMITS (main.ts reads them from the environment). */
  limits?: Partial<Limits>
  /**
   * SNAPSHOT_CACHE_MB: the estimated heap of match snapshots cached in this process (default
   * DEFAULT_SNAPSHOT_CACHE_MB).
   */
  snapshotCacheMb?: number
  /**
   * SNAPSHOT_CACHE_SIZE: at most this many snapshots cached in this process (default: only the memory budget bounds
   * them).
   */
  snapshotCacheSize?: number
  /** ARBITER_ADMIN_KEY: the operator's bearer key; without it there is no operator API. */
  adminKey?: string | null
}

export interface ArbiterServer extends FastifyInstance {
  services: Services
}

/** Pushes go through this process's memory without Redis: subscribers elsewhere would never hear of its writes. */
async function warnIfNotAlone(app: FastifyInstance, db: Database): Promise<void> {
  const others = await db.otherListeners().catch(() => 0)
  if (others > 0) {
    app.log.warn(
      { otherServers: others },
      'another Arbiter server uses this database, but REDIS_URL is not set: subscriptions and streams hear only of actions submitted to their own server; set REDIS_URL on every server for cross-process pushes',
    )
  }
}

/**
 * A request that asked to upgrade (a WebSocket) and was answered in HTTP instead (no such path, rate limited, a bad
 * token) has a socket Node no longer reads or tracks: nothing would ever close it (it stayed in CLOSE-WAIT, and held
 * the server's close() up). It is ended once the answer is flushed. An accepted upgrade is hijacked: no answer, no
 * hook.
 */
function closeRefusedUpgrades(app: FastifyInstance): void {
  app.addHook('onResponse', (req, _reply, done) => {
    // Node's own flag for a request it handed to the 'upgrade' listeners (missing from @types/node).
    if ((req.raw as { upgrade?: boolean }).upgrade) {
      const socket = req.raw.socket
      socket.end(() => socket.destroy())
    }
    done()
  })
}

/** How long a WebSocket client has to answer the close frame sent at shutdown before its socket is cut. */
const WEBSOCKET_CLOSE_GRACE_MS = 2_000

/**
 * At shutdown every WebSocket is sent a close frame (by @fastify/websocket), and ws waits up to 30 s for the client's
 * answer; an upgraded socket is no connection Node's HTTP server tracks, so forceCloseConnections leaves it. A client
 * that stopped reading (a paused socket) thus held the process up for 30 s after SIGTERM: every upgraded socket still
 * open WEBSOCKET_CLOSE_GRACE_MS after the close begins is cut. (One set entry per open WebSocket, bounded by
 * CONNECTIONS_PER_ADDRESS.)
 */
function cutWebSocketsAtClose(app: FastifyInstance): void {
  const upgraded = new Set<Duplex>()
  app.server.on('upgrade', (_req: IncomingMessage, socket: Duplex) => {
    upgraded.add(socket)
    socket.once('close', () => upgraded.delete(socket))
  })
  app.addHook('preClose', done => {
    for (const socket of upgraded) setTimeout(() => socket.destroy(), WEBSOCKET_CLOSE_GRACE_MS).unref()
    done()
  })
}

export async function buildServer(opts: ServerOptions): Promise<ArbiterServer> {
  const limits: Limits = { ...DEFAULT_LIMITS, ...opts.limits }
  // forceCloseConnections: WebSockets and NDJSON streams live as long as their clients; closing (SIGTERM)
  // ends them rather than waiting for every client to leave.
  const app = Fastify({
    logger: opts.logger ?? false,
    bodyLimit: opts.bodyLimit ?? 1_048_576,
    logController: new OneLinePerRequest(),
    forceCloseConnections: true,
    // A share code travels in the path (GET /api/deck-codes/{code}); the deck service bounds it (DECK_CODE_MAX_LENGTH).
    routerOptions: { maxParamLength: 2100 },
    // REQUEST_BODY_TIMEOUT_MS: Node answers 408 and closes a request not wholly received in time (a body that
    // trickles or stops). It checks every so often: here a quarter of the timeout, so a request lasts at most 1.25×.
    // Node 20 enforces it only with a headers timeout no longer than it (and requires that anyway).
    requestTimeout: limits.requestBodyTimeoutMs,
    http:
      limits.requestBodyTimeoutMs > 0
        ? {
            connectionsCheckingInterval: Math.max(100, Math.min(30_000, Math.round(limits.requestBodyTimeoutMs / 4))),
            headersTimeout: Math.min(60_000, limits.requestBodyTimeoutMs),
          }
        : {},
  })
  closeRefusedUpgrades(app)
  cutWebSocketsAtClose(app)
  const bus = opts.bus ?? (opts.redisUrl ? redisBus(opts.redisUrl, app.log) : inProcessBus())
  if (!opts.bus && !opts.redisUrl) app.addHook('onReady', async () => warnIfNotAlone(app, opts.db))
  opts.db.onFault((err, where) =>
    app.log.warn(
      { err: { message: err.message, code: (err as { code?: unknown }).code }, where },
      'a database connection was lost; the next query reconnects',
    ),
  )
  app.addHook('onClose', (_app, done) => bus.close(done))
  let jobs: JobQueue | null = null
  // The deck lab hands a run it is playing back to the queue before the queue stops (set once the services exist).
  let stopLab: () => Promise<void> = async () => {}
  if (opts.jobs ?? true) {
    jobs = await (opts.startup ?? quietStartup).step('job queue (pg-boss)', () =>
      openJobQueue(opts.db, err => app.log.error({ err }, 'job queue error')),
    )
    const queue = jobs
    app.addHook('onClose', async () => {
      await stopLab()
      await queue.stop()
    })
  }
  const services = createServices(
    opts.db,
    opts.registry,
    busPublisher(bus),
    jobs,
    (err, what) => app.log.error({ err }, what),
    {
      actionApplied,
      snapshotCache,
      commitBatch,
      queueDepth,
    },
    {
      snapshotCacheSize: opts.snapshotCacheSize,
      snapshotCacheMb: opts.snapshotCacheMb,
      webhooks: opts.webhooks,
      jobs: opts.jobSettings,
      quotas: opts.quotas,
      adminKey: opts.adminKey,
      deckLab: opts.deckLab,
      rules: opts.rules,
    },
  )
  // A block by the operator on any process: this one forgets the player's key at once and ends its streams.
  const stopBlocks = onPlayerBlocked(bus, (playerId, keyHash) => services.players.forgetKey(keyHash, playerId))
  app.addHook('onClose', async () => stopBlocks())
  await (opts.startup ?? quietStartup).step(
    'background workers (clocks, bot seats, webhooks, competitions, deck lab)',
    async () => {
      await services.background?.start()
      await services.competition?.start()
      await services.deckLab.start()
    },
  )
  app.addHook('onClose', async () => services.background?.stop())
  stopLab = () => services.deckLab.stop()
  app.decorate('services', services)
  app.setErrorHandler(errorHandler)
  registerLanguage(app, services)
  await registerSecurity(app, opts.corsOrigins ?? '*')
  registerMetrics(app, () => opts.db.poolStats())
  app.setNotFoundHandler((req, reply) => {
    countRejection('NOT_FOUND')
    void reply.status(404).send({ code: 'NOT_FOUND', message: `no route ${req.method} ${req.url}` })
  })

  await registerRateLimit(app, limits, isRedisBus(bus) ? bus : undefined)
  const clients = new ClientLimits(limits)
  clients.guardConnections(app.server)
  const watchers = new MatchWatchers(
    bus,
    (id, caller, min, seat) => services.matches.get(id, caller, min, seat),
    limits.subscriptionsPerMatch,
    queueBounds(limits),
  )
  if (isRedisBus(bus)) bus.onResume(() => (watchers.refreshAll(), PlayerFeed.wakeAll()))
  app.addHook('preClose', done => {
    watchers.closeAll()
    done()
  })
  const graphiql = opts.graphiql ?? true
  await registerGraphQL(app, { services, bus, introspection: opts.introspection ?? true, limits, watchers, clients })
  await registerRest(app, services, watchers, bus, { clients, bounds: queueBounds(limits) })
  if (graphiql) await registerGraphiQL(app)
  await registerLanding(app)
  await registerWeb(app)

  // A browser opening the endpoint gets the GraphiQL IDE; clients that GET /graphql?query=… are unaffected.
  app.addHook('onRequest', async (req, reply) => {
    if (
      graphiql &&
      req.method === 'GET' &&
      req.url === '/graphql' &&
      String(req.headers.accept ?? '').includes('text/html')
    ) {
      return reply.redirect('/graphiql')
    }
  })

  app.get('/health', { schema: { hide: true } }, async (_req, reply) => {
    try {
      await opts.db.ping()
      return { status: 'ok', database: opts.db.kind }
    } catch (err) {
      app.log.error({ err }, 'database health check failed')
      return reply.status(503).send({ status: 'error', database: opts.db.kind })
    }
  })
  return app as unknown as ArbiterServer
}
