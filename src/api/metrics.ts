/**
 * Prometheus metrics (prom-client), served at /metrics. The HTTP, rejection and pool metrics are
 * collected here; the service calls `actionApplied`, `snapshotCache`, `commitBatch` and `queueDepth`.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client'

/** One registry per process (a server process serves one app). */
export const registry = new Registry()
collectDefaultMetrics({ register: registry, prefix: 'arbiter_' })

const requestSeconds = new Histogram({
  name: 'arbiter_request_duration_seconds',
  help: 'Request latency by GraphQL operation (type:first root field) or REST route',
  labelNames: ['route', 'operation', 'status'] as const,
  buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
  registers: [registry],
})
const rejections = new Counter({
  name: 'arbiter_rejections_total',
  help: 'Errors answered, by code',
  labelNames: ['code'] as const,
  registers: [registry],
})
const actions = new Counter({
  name: 'arbiter_actions_applied_total',
  help: 'Actions committed, by game',
  labelNames: ['game'] as const,
  registers: [registry],
})
const cache = new Counter({
  name: 'arbiter_snapshot_cache_total',
  help: 'Snapshot cache lookups, by result (hit, miss)',
  labelNames: ['result'] as const,
  registers: [registry],
})
const commitBatches = new Histogram({
  name: 'arbiter_commit_batch_actions',
  help: 'Actions written by one commit statement (concurrent actions of different matches share one)',
  buckets: [1, 2, 4, 8, 16, 32],
  registers: [registry],
})
const queue = new Gauge({
  name: 'arbiter_queue_depth',
  help: 'Jobs waiting, by queue',
  labelNames: ['queue'] as const,
  registers: [registry],
})

export interface PoolStats {
  total: number
  idle: number
  waiting: number
}
let poolStats: (() => PoolStats | null) | null = null
new Gauge({
  name: 'arbiter_db_pool_connections',
  help: 'Database pool connections, by state (total, idle, waiting requests)',
  labelNames: ['state'] as const,
  registers: [registry],
  collect() {
    const s = poolStats?.()
    if (!s) return
    for (const [state, n] of Object.entries(s)) this.set({ state }, n)
  },
})

/** An action was committed (MatchService.submit, after a successful commit). */
export function actionApplied(game: string): void {
  actions.inc({ game })
}

/** A snapshot lookup was answered from the cache (`hit`) or went to the database (MatchStore.load). */
export function snapshotCache(hit: boolean): void {
  cache.inc({ result: hit ? 'hit' : 'miss' })
}

/** One commit statement wrote `n` actions (MatchStore's group commit). */
export function commitBatch(n: number): void {
  commitBatches.observe(n)
}

/** The number of jobs waiting in a queue (pg-boss), each time it is known. */
export function queueDepth(name: string, depth: number): void {
  queue.set({ queue: name }, depth)
}

export function countRejection(code: string): void {
  rejections.inc({ code })
}

const kOperation = Symbol('arbiter.graphqlOperation')
type WithOperation = FastifyRequest & { [kOperation]?: string }

/**
 * Labels a GraphQL request by its operation type and first root field (bounded by the schema, unlike client-chosen
 * names).
 */
export function labelOperation(request: FastifyRequest, operation: string): void {
  ;(request as WithOperation)[kOperation] = operation
}

export function registerMetrics(app: FastifyInstance, pool: () => PoolStats | null): void {
  poolStats = pool
  app.addHook('onResponse', async (req, reply) => {
    const route = req.routeOptions.url ?? 'unmatched'
    if (route === '/metrics') return
    requestSeconds.observe(
      { route, operation: (req as WithOperation)[kOperation] ?? '', status: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    )
  })
  app.get('/metrics', { schema: { hide: true } }, async (_req, reply) => {
    void reply.header('content-type', registry.contentType)
    return registry.metrics()
  })
}
