/** The update bus shared by several processes through Redis (REDIS_URL), which survives Redis outages. */
import mqemitterRedis from 'mqemitter-redis'
import type { FastifyBaseLogger } from 'fastify'
import type { UpdateBus } from './updates.ts'

interface RedisConnection extends NodeJS.EventEmitter {
  status: string
  disconnect(): void
}

export interface RedisBus extends UpdateBus {
  /** False from the first connection error until both connections are back. */
  readonly redisUp: boolean
  /** Called each time Redis is back after an outage (notifications sent meanwhile were lost). */
  onResume(listener: () => void): void
  /** The ioredis connection that publishes, free for other commands (the rate-limit counters). */
  readonly commands: unknown
}

export function isRedisBus(bus: UpdateBus): bus is RedisBus {
  return 'redisUp' in bus
}

/**
 * ioredis reconnects and re-subscribes by itself; mqemitter-redis re-emits its connection errors on
 * `state`, where nobody listened, which ended the process. Here they are logged once when Redis goes
 * away and once when it is back. Meanwhile requests are served; pushes to other processes are queued by
 * ioredis until it reconnects (or dropped after its retries), and this process's own subscribers get
 * them once Redis carries them again. Starting with Redis unreachable is the same: the server starts
 * degraded and connects when Redis comes up.
 */
export function redisBus(url: string, log: Pick<FastifyBaseLogger, 'warn' | 'info'>): RedisBus {
  const bus = mqemitterRedis({ connectionString: url }) as unknown as UpdateBus & {
    state: NodeJS.EventEmitter
    subConn: RedisConnection
    pubConn: RedisConnection
    closing: boolean
    /** mqemitter's own close, which mqemitter-redis's waits for its connections to end before calling. */
    _close(cb: () => void): void
  }
  let up = true
  let started = false
  let closing = false
  const resumed: (() => void)[] = []
  const down = (err?: Error) => {
    if (!up || closing) return
    up = false
    const detail = err ? { err: { message: err.message, code: (err as { code?: unknown }).code } } : {}
    log.warn(
      detail,
      started
        ? 'Redis is unreachable: pushes to other processes are paused until it is back'
        : 'Redis is unreachable at start-up: serving without cross-process pushes until it is reachable',
    )
  }
  bus.state.on('error', down)
  // A connection Redis closed (CLIENT KILL, a restart) reconnects without any error event.
  for (const conn of [bus.subConn, bus.pubConn]) conn.on('close', () => down())
  const connected = () => {
    started = true
    if (up || bus.subConn.status !== 'ready' || bus.pubConn.status !== 'ready') return
    up = true
    log.info('Redis is back: cross-process pushes resumed')
    for (const l of resumed) l()
  }
  // `connect` fires before the connection is `ready`; ready is what counts.
  for (const conn of [bus.subConn, bus.pubConn]) conn.on('ready', () => setImmediate(connected))
  // QUIT waits for a connection that may never come: while Redis is down, drop both and close at once.
  const close = bus.close.bind(bus)
  bus.close = cb => {
    closing = true
    if (up) return close(cb)
    for (const conn of [bus.subConn, bus.pubConn]) conn.disconnect()
    bus.closing = true
    bus._close(cb)
  }
  Object.defineProperty(bus, 'redisUp', { get: () => up })
  return Object.assign(bus, {
    onResume: (l: () => void) => void resumed.push(l),
    commands: bus.pubConn,
  }) as unknown as RedisBus
}
