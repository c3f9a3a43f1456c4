/** Request rate limits per client IP and per bearer token (@fastify/rate-limit), answered RATE_LIMITED 429. */
import { hash } from 'node:crypto'
import { createRequire } from 'node:module'
import rateLimit from '@fastify/rate-limit'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { ApiError } from './api-error.ts'
import { bearerToken } from './auth.ts'
import type { Limits } from './limits.ts'
import type { RedisBus } from './redis-bus.ts'

type Done = (err: Error | null, res?: { current: number; ttl: number }) => void
interface Store {
  incr(key: string, cb: Done, timeWindow: number, max: number): void
  child(routeOptions: unknown): Store
}
type StoreClass = new (continueExceeding: boolean, exponentialBackoff: boolean, ...rest: unknown[]) => Store

// The plugin's own stores (no type declarations ship with them).
const require = createRequire(import.meta.url)
const LocalStore = require('@fastify/rate-limit/store/LocalStore.js') as StoreClass
const RedisStore = require('@fastify/rate-limit/store/RedisStore.js') as StoreClass

// A Redis store must never hold a request up: past this, or while Redis is down, this process counts alone.
const REDIS_TIMEOUT_MS = 200

/** Counts in Redis (shared by every process) while it is up, else in this process. */
function failoverStore(
  bus: RedisBus | undefined,
): new (params: { continueExceeding: boolean; exponentialBackoff: boolean }) => Store {
  return class {
    private readonly local: Store
    private readonly remote: Store | null
    constructor(params: { continueExceeding: boolean; exponentialBackoff: boolean }) {
      this.local = new LocalStore(params.continueExceeding, params.exponentialBackoff)
      this.remote = bus
        ? new RedisStore(params.continueExceeding, params.exponentialBackoff, bus.commands, 'arbiter-rate-')
        : null
    }
    incr(key: string, cb: Done, timeWindow: number, max: number): void {
      if (!this.remote || !bus!.redisUp) return this.local.incr(key, cb, timeWindow, max)
      let answered = false
      const once: Done = (err, res) => {
        if (answered) return
        answered = true
        clearTimeout(timer)
        if (err) this.local.incr(key, cb, timeWindow, max)
        else cb(null, res)
      }
      const timer = setTimeout(() => once(new Error('rate-limit store timed out')), REDIS_TIMEOUT_MS)
      this.remote.incr(key, once, timeWindow, max)
    }
    child(): Store {
      return this
    }
  }
}

const tokenKey = (s: string) => hash('sha256', s, 'base64url').slice(0, 22)

// Probes and scrapes are never limited.
const EXEMPT = new Set(['/health', '/metrics'])

export async function registerRateLimit(
  app: FastifyInstance,
  limits: Limits,
  bus: RedisBus | undefined,
): Promise<void> {
  if (limits.rateLimitMax === 0) return
  await app.register(rateLimit, {
    global: false,
    timeWindow: limits.rateLimitWindowMs,
    store: failoverStore(bus) as never,
    skipOnError: true,
  })
  const token = (req: FastifyRequest) => bearerToken(req.headers.authorization)
  // Two counters for every request: its IP, and its token if it has one (so neither many IPs sharing a
  // token nor random tokens from one IP get past).
  const byIp = app.createRateLimit({ max: limits.rateLimitMax, keyGenerator: req => `ip:${req.ip}` })
  const byToken = app.createRateLimit({
    max: limits.rateLimitTokenMax,
    keyGenerator: req => `token:${tokenKey(token(req) ?? '')}`,
  })
  app.addHook('onRequest', async (req, reply) => {
    if (EXEMPT.has(req.url)) return
    const checks = token(req) ? [byIp(req), byToken(req)] : [byIp(req)]
    for (const r of await Promise.all(checks)) {
      if (r.isAllowed || !r.isExceeded) continue
      void reply.header('retry-after', String(Math.max(1, r.ttlInSeconds)))
      throw new ApiError(
        'RATE_LIMITED',
        `too many requests: at most ${r.max} per ${Math.round(limits.rateLimitWindowMs / 1000)} s ${r.key.startsWith('ip:') ? 'from one address' : 'with one token'}; retry after ${Math.max(1, r.ttlInSeconds)} s`,
      )
    }
  })
}
