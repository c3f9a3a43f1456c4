import { randomBytes } from 'node:crypto'
import { mkdirSync } from 'node:fs'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { PrismaPg } from '@prisma/adapter-pg'
import pg from 'pg'
import { PrismaPGlite } from 'pglite-prisma-adapter'
import { PrismaClient } from '../generated/prisma/client.ts'
import { lockDataDir } from './data-lock.ts'
import { applyMigrations, type MigrationTarget } from './migrate.ts'
import { quietStartup, type StartupLog } from '../startup-log.ts'
import type { SqlClient } from './sql.ts'

export type DatabaseConfig =
  | { kind: 'postgres'; url: string; poolSize?: number }
  /** `dataDir` is a folder kept on disk, or 'memory://' for a throwaway database. */
  | { kind: 'pglite'; dataDir: string }

/**
 * Tells a process about match changes committed by other processes, so that cached snapshots can be
 * trusted without asking the database. `epoch` changes whenever reports may have been missed.
 */
export interface ChangeFeed {
  /** True while every change is being reported. */
  readonly live: boolean
  readonly epoch: number
  /**
   * How long a copy confirmed by the database may answer reads without asking again: this bounds how
   * long a lost report that the feed's own checks miss could leave it stale.
   */
  readonly trustMs: number
  onChange(listener: (matchId: string, version: number) => void): void
  /** Tells the other processes, soon and off the commit path, that this one committed `version` of a match. */
  announce(matchId: string, version: number): void
}

/** The channel of change reports, with the payload `<origin>;<matchId>:<version>,<matchId>:<version>…`. */
export const CHANGE_CHANNEL = 'arbiter_match'

/** Told of a connection the database dropped (the process carries on; the next query reconnects). */
export type FaultListener = (err: Error, where: string) => void

export interface Database {
  kind: DatabaseConfig['kind']
  prisma: PrismaClient
  sql: SqlClient
  changes: ChangeFeed
  /** The server's connection string (postgres), for clients that open their own pool (the job queue). */
  url?: string
  /** Runs `fn` in one transaction on one connection: committed when it resolves, rolled back when it throws. */
  transaction<T>(fn: (tx: SqlClient) => Promise<T>): Promise<T>
  /** Runs SQL that may hold several statements (no parameters then), as pg's simple query does. */
  raw(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>
  onFault(listener: FaultListener): void
  /** The connection pool's counts (null on the embedded database, which has one connection). */
  poolStats(): { total: number; idle: number; waiting: number } | null
  /** How many other processes LISTEN on the change channel of this database (0 on the embedded one). */
  otherListeners(): Promise<number>
  /** Throws when the database does not answer. */
  ping(): Promise<void>
  close(): Promise<void>
}

// Prisma's own advisory lock id for migrations, so the app and `prisma migrate` never run them together.
const MIGRATION_LOCK = 72707369

/** Fans connection faults out to the listeners registered so far; before any, they are dropped. */
class Faults {
  private readonly listeners: FaultListener[] = []
  readonly on = (l: FaultListener): void => void this.listeners.push(l)
  report(err: Error, where: string): void {
    for (const l of this.listeners) l(err, where)
  }
}

async function openPostgres(url: string, poolSize: number, startup: StartupLog): Promise<Database> {
  const faults = new Faults()
  // Without these listeners node-postgres re-emits a dropped connection (a server restart, a failover,
  // pg_terminate_backend) as an unhandled 'error' event, which ends the process. The pool discards a
  // broken client by itself; a request that was using it fails and is answered UNAVAILABLE.
  const pool = new pg.Pool({ connectionString: url, max: poolSize, connectionTimeoutMillis: 5_000 })
  pool.on('error', err => faults.report(err, 'idle pool connection'))
  pool.on('connect', client => client.on('error', err => faults.report(err, 'pool connection')))
  const target: MigrationTarget = {
    async exclusive(fn) {
      const client = await pool.connect()
      try {
        await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK])
        await client.query('BEGIN')
        try {
          const out = await fn({
            exec: async sql => void (await client.query(sql)),
            query: async (sql, params) => (await client.query(sql, params)).rows,
          })
          await client.query('COMMIT')
          return out
        } catch (e) {
          await client.query('ROLLBACK')
          throw e
        } finally {
          await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK])
        }
      } finally {
        client.release()
      }
    },
  }
  try {
    await migrate(target, startup)
  } catch (e) {
    await pool.end()
    throw e
  }
  const prisma = new PrismaClient({ adapter: new PrismaPg(pool) })
  const changes = new PostgresChangeFeed(url, faults, pool)
  await changes.start()
  return {
    kind: 'postgres',
    prisma,
    changes,
    url,
    raw: async (text, values) => ({ rows: (await pool.query(text, values)).rows }),
    transaction: async fn => {
      const client = await pool.connect()
      try {
        await client.query('BEGIN')
        try {
          const out = await fn({ query: async (text, params) => (await client.query(text, params)).rows })
          await client.query('COMMIT')
          return out
        } catch (e) {
          await client.query('ROLLBACK').catch(() => {})
          throw e
        }
      } finally {
        client.release()
      }
    },
    onFault: faults.on,
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    otherListeners: () => changes.countOthers(),
    sql: { query: async (text, params, name) => (await pool.query({ text, values: params, name })).rows },
    ping: async () => void (await pool.query('SELECT 1')),
    close: async () => {
      await changes.stop()
      await prisma.$disconnect()
      await pool.end()
    },
  }
}

async function openPGlite(dataDir: string, startup: StartupLog): Promise<Database> {
  let unlock = () => {}
  if (!dataDir.includes('://')) {
    mkdirSync(path.resolve(dataDir), { recursive: true })
    unlock = lockDataDir(dataDir)
  }
  let db: PGlite
  try {
    db = await PGlite.create(dataDir)
  } catch (e) {
    unlock()
    throw e
  }
  const target: MigrationTarget = {
    exclusive: fn =>
      db.transaction(tx =>
        fn({
          exec: async sql => void (await tx.exec(sql)),
          query: async (sql, params) => (await tx.query<Record<string, unknown>>(sql, params)).rows,
        }),
      ),
  }
  try {
    await migrate(target, startup)
  } catch (e) {
    await db.close()
    unlock()
    throw e
  }
  const prisma = new PrismaClient({ adapter: new PrismaPGlite(db) })
  // An embedded database belongs to one process (the data lock), so reports never leave it: they go
  // straight to the caches open on it here (tests run two servers on one), with nothing to lose, so a
  // cached copy is trusted until a change to it is reported.
  const listeners: ((matchId: string, version: number) => void)[] = []
  const changes: ChangeFeed = {
    live: true,
    epoch: 1,
    trustMs: Infinity,
    onChange: l => void listeners.push(l),
    announce: (matchId, version) => {
      for (const l of listeners) l(matchId, version)
    },
  }
  return {
    kind: 'pglite',
    prisma,
    changes,
    transaction: fn =>
      db.transaction(tx =>
        fn({ query: async <T>(text: string, params?: unknown[]) => (await tx.query<T>(text, params)).rows }),
      ),
    raw: async (text, values) =>
      values?.length
        ? { rows: (await db.query(text, values)).rows }
        : { rows: (await db.exec(text)).at(-1)?.rows ?? [] },
    // An embedded database has no connection to lose.
    onFault: () => {},
    poolStats: () => null,
    otherListeners: async () => 0,
    // PGlite has one connection: this shares it with Prisma, so never call it inside a Prisma transaction.
    sql: { query: async <T>(text: string, params?: unknown[]) => (await db.query<T>(text, params)).rows },
    ping: async () => void (await db.query('SELECT 1')),
    close: async () => {
      await prisma.$disconnect()
      await db.close()
      unlock()
    },
  }
}

/** How long a batch of change reports waits for more commits before it is sent. */
const BATCH_MS = 2
/** NOTIFY payloads must stay under 8000 bytes. */
const MAX_PAYLOAD = 7_000
/** How often each process counts the other processes listening. */
const POLL_MS = 1_000
/** A count older than this is not relied on: reports are sent as if others listened. */
const COUNT_FRESH_MS = 2_000
/**
 * A feed trusts cached copies only this long after its LISTEN took effect, so that every other
 * process has counted it (with a count younger than COUNT_FRESH_MS) before it relies on their reports.
 */
const GRACE_MS = COUNT_FRESH_MS + POLL_MS
/** A LISTEN that has not heard its own heartbeat (sent every POLL_MS) for this long is taken as broken. */
const HEARTBEAT_LOST_MS = 3 * POLL_MS
/**
 * The longest a confirmed copy answers without asking the database again. Reports are not lost while
 * this feed hears its own heartbeat and no other listener has vanished (see countOthers), so this only
 * bounds what those checks cannot see.
 */
const TRUST_MS = 60_000

/**
 * LISTENs on its own connection. While the connection is down the feed is not live (readers then ask
 * the database); every reconnection starts a new epoch, since changes may have been missed meanwhile.
 *
 * Reports are sent after the commit, not inside it: a NOTIFY in the commit statement takes PostgreSQL's
 * global notification lock at commit and so serialises every commit. Here the versions committed within
 * BATCH_MS go out as one NOTIFY from the pool, only while other processes listen, each report carrying
 * this feed's origin so that its own reports are ignored when they come back.
 */
class PostgresChangeFeed implements ChangeFeed {
  live = false
  epoch = 0
  readonly trustMs = TRUST_MS
  private readonly origin = randomBytes(9).toString('base64url')
  /** When this feed last heard its own heartbeat on its LISTEN connection. */
  private heard = 0
  /** The other listeners' backend pids at the last count. */
  private peers = new Set<number>()
  private client: pg.Client | null = null
  /** The backend pid of the LISTEN connection (0 while there is none), left out of the count. */
  private listenPid = 0
  private stopped = false
  private retry: NodeJS.Timeout | null = null
  private grace: NodeJS.Timeout | null = null
  private readonly listeners: ((matchId: string, version: number) => void)[] = []
  private pending = new Map<string, number>()
  private flushTimer: NodeJS.Timeout | null = null
  private others: { n: number; at: number } | null = null
  private readonly poll: NodeJS.Timeout

  constructor(
    private readonly url: string,
    private readonly faults: Faults,
    private readonly pool: pg.Pool,
  ) {
    this.poll = setInterval(() => void this.tick().catch(() => {}), POLL_MS)
    this.poll.unref()
  }

  onChange(listener: (matchId: string, version: number) => void): void {
    this.listeners.push(listener)
  }

  announce(matchId: string, version: number): void {
    if (this.stopped) return
    // The caches open on this feed in this process (tests run two servers on one database) hear it at once:
    // the database's report of our own origin is skipped.
    for (const l of this.listeners) l(matchId, version)
    if ((this.pending.get(matchId) ?? -1) < version) this.pending.set(matchId, version)
    this.flushTimer ??= setTimeout(() => void this.flush(), BATCH_MS)
  }

  /**
   * Once per POLL_MS: a heartbeat to itself, so that a LISTEN connection that broke without an error is
   * found and reopened (a new epoch), and the count of the other listeners.
   */
  private async tick(): Promise<void> {
    if (this.live && Date.now() - this.heard > HEARTBEAT_LOST_MS)
      this.client?.emit('error', new Error('the change feed stopped hearing its own heartbeat'))
    if (this.client && this.listenPid)
      await this.pool.query(`SELECT pg_notify($1, $2)`, [CHANGE_CHANNEL, `${this.origin};`])
    await this.countOthers()
  }

  /**
   * Other server processes LISTENing on this database (each feed's connection whose last statement was
   * the LISTEN). A listener that vanished (a process that stopped or crashed, perhaps between a commit
   * and its report) starts a new epoch: no copy confirmed before is trusted without asking again.
   */
  async countOthers(): Promise<number> {
    const at = Date.now()
    const rows = (
      await this.pool.query<{ pid: number }>(
        `SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND query = $1 AND pid <> $2`,
        [`LISTEN ${CHANGE_CHANNEL}`, this.listenPid],
      )
    ).rows
    const now = new Set(rows.map(r => r.pid))
    if ([...this.peers].some(pid => !now.has(pid))) this.epoch++
    this.peers = now
    const n = now.size
    if (!this.others || this.others.at <= at) this.others = { n, at }
    return n
  }

  private othersMayListen(): boolean {
    return !this.others || Date.now() - this.others.at > COUNT_FRESH_MS || this.others.n > 0
  }

  private async flush(): Promise<void> {
    this.flushTimer = null
    const batch = this.pending
    this.pending = new Map()
    if (batch.size === 0 || !this.othersMayListen()) return
    const payloads: string[] = []
    let current = ''
    for (const [id, v] of batch) {
      const entry = `${id}:${v}`
      if (current && current.length + entry.length + 1 > MAX_PAYLOAD) {
        payloads.push(current)
        current = ''
      }
      current = current ? `${current},${entry}` : `${this.origin};${entry}`
    }
    payloads.push(current)
    try {
      await this.pool.query(`SELECT pg_notify($1, p) FROM unnest($2::text[]) AS p`, [CHANGE_CHANNEL, payloads])
    } catch {
      // The commits are durable; only the reports failed. They go again (merged with newer ones) until
      // the database takes them, and meanwhile other processes' TRUST_MS bounds any stale copy.
      for (const [id, v] of batch) if ((this.pending.get(id) ?? -1) < v) this.pending.set(id, v)
      if (!this.stopped) this.flushTimer ??= setTimeout(() => void this.flush(), 100)
    }
  }

  private report(payload: string): void {
    const sep = payload.indexOf(';')
    if (sep < 0) return
    if (payload.slice(0, sep) === this.origin) {
      if (sep === payload.length - 1) this.heard = Date.now()
      return
    }
    for (const entry of payload.slice(sep + 1).split(',')) {
      const [id, v] = entry.split(':')
      const version = Number(v)
      if (id && Number.isInteger(version)) for (const l of this.listeners) l(id, version)
    }
  }

  async start(): Promise<void> {
    const client = new pg.Client({ connectionString: this.url })
    client.on('notification', msg => this.report(msg.payload ?? ''))
    const lost = (err?: Error) => {
      if (this.client !== client) return
      if (err && this.live) this.faults.report(err, 'change feed (LISTEN) connection')
      this.live = false
      this.client = null
      this.listenPid = 0
      if (this.grace) clearTimeout(this.grace)
      void client.end().catch(() => {})
      if (!this.stopped) this.retry = setTimeout(() => void this.start().catch(() => lost()), 1_000)
    }
    client.on('error', lost)
    client.on('end', () => lost())
    this.client = client
    try {
      await client.connect()
      await client.query(`LISTEN ${CHANGE_CHANNEL}`)
    } catch (err) {
      lost(err as Error)
      return
    }
    this.listenPid = (client as unknown as { processID: number }).processID
    this.epoch++
    this.heard = Date.now()
    this.grace = setTimeout(() => {
      if (this.client === client) this.live = true
    }, GRACE_MS)
    this.grace.unref()
  }

  async stop(): Promise<void> {
    this.stopped = true
    this.live = false
    clearInterval(this.poll)
    if (this.retry) clearTimeout(this.retry)
    if (this.grace) clearTimeout(this.grace)
    if (this.flushTimer) {
      clearTimeout(this.flushTimer)
      await this.flush()
    }
    const c = this.client
    this.client = null
    await c?.end().catch(() => {})
  }
}

/** Applies the migrations not yet applied, as a start-up step. */
function migrate(target: MigrationTarget, startup: StartupLog): Promise<string[]> {
  return startup.step(
    'migrations',
    () => applyMigrations(target),
    applied => (applied.length === 0 ? 'none to apply' : `applied ${applied.length}`),
  )
}

/** `startup` hears of the steps (opening, migrations) when the caller reports them (npm start). */
export function openDatabase(config: DatabaseConfig, startup: StartupLog = quietStartup): Promise<Database> {
  return startup.step(
    `database: ${describeDatabase(config)}`,
    () =>
      config.kind === 'postgres'
        ? openPostgres(config.url, config.poolSize ?? 10, startup)
        : openPGlite(config.dataDir, startup),
    () => 'open',
  )
}

/** Which database, for people: the PostgreSQL server without its credentials, or the embedded database's folder. */
export function describeDatabase(config: DatabaseConfig): string {
  if (config.kind === 'pglite')
    return config.dataDir.includes('://')
      ? `embedded PGlite at ${config.dataDir}`
      : `embedded PGlite at ${path.resolve(config.dataDir)}`
  try {
    const url = new URL(config.url)
    return `PostgreSQL at ${url.host}${url.pathname}`
  } catch {
    return 'PostgreSQL (DATABASE_URL)'
  }
}

/** DATABASE_URL selects a server; otherwise the embedded database in ARBITER_DATA_DIR (default ./data). */
export function databaseConfigFromEnv(env: NodeJS.ProcessEnv = process.env): DatabaseConfig {
  if (env.DATABASE_URL) return { kind: 'postgres', url: env.DATABASE_URL }
  return { kind: 'pglite', dataDir: env.ARBITER_DATA_DIR ?? './data' }
}
