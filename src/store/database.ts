import { mkdirSync } from 'node:fs'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { PrismaPg } from '@prisma/adapter-pg'
import pg from 'pg'
import { PrismaPGlite } from 'pglite-prisma-adapter'
import { PrismaClient } from '../generated/prisma/client.ts'
import { lockDataDir } from './data-lock.ts'
import { applyMigrations, type MigrationTarget } from './migrate.ts'
import type { SqlClient } from './sql.ts'

export type DatabaseConfig =
  | { kind: 'postgres'; url: string; poolSize?: number }
  /** `dataDir` is a folder kept on disk, or 'memory://' for a throwaway database. */
  | { kind: 'pglite'; dataDir: string }

/**
 * Tells a process about match changes committed by any process, so that cached snapshots can be
 * trusted without asking the database. `epoch` changes whenever reports may have been missed.
 */
export interface ChangeFeed {
  /** True while every change is being reported. */
  readonly live: boolean
  readonly epoch: number
  onChange(listener: (matchId: string, version: number) => void): void
}

/** The channel the commit statement notifies on, with the payload `<matchId>:<version>`. */
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

async function openPostgres(url: string, poolSize: number): Promise<Database> {
  const faults = new Faults()
  // Without these listeners node-postgres re-emits a dropped connection (a server restart, a failover,
  // pg_terminate_backend) as an unhandled 'error' event, which ends the process. The pool discards a
  // broken client by itself; a request that was using it fails and is answered UNAVAILABLE.
  const pool = new pg.Pool({ connectionString: url, max: poolSize, connectionTimeoutMillis: 5_000 })
  pool.on('error', (err) => faults.report(err, 'idle pool connection'))
  pool.on('connect', (client) => client.on('error', (err) => faults.report(err, 'pool connection')))
  const target: MigrationTarget = {
    async exclusive(fn) {
      const client = await pool.connect()
      try {
        await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK])
        await client.query('BEGIN')
        try {
          const out = await fn({
            exec: async (sql) => void (await client.query(sql)),
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
    await applyMigrations(target)
  } catch (e) {
    await pool.end()
    throw e
  }
  const prisma = new PrismaClient({ adapter: new PrismaPg(pool) })
  const changes = new PostgresChangeFeed(url, faults)
  await changes.start()
  return {
    kind: 'postgres',
    prisma,
    changes,
    url,
    raw: async (text, values) => ({ rows: (await pool.query(text, values)).rows }),
    onFault: faults.on,
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    // Each server's change feed is one connection whose only statement was the LISTEN; one is ours.
    otherListeners: async () => {
      const rows = (await pool.query(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND query = $1`, [`LISTEN ${CHANGE_CHANNEL}`])).rows
      return Math.max(0, (rows[0]?.n ?? 0) - (changes.live ? 1 : 0))
    },
    sql: { query: async (text, params, name) => (await pool.query({ text, values: params, name })).rows },
    ping: async () => void (await pool.query('SELECT 1')),
    close: async () => {
      await changes.stop()
      await prisma.$disconnect()
      await pool.end()
    },
  }
}

async function openPGlite(dataDir: string): Promise<Database> {
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
    exclusive: (fn) =>
      db.transaction((tx) =>
        fn({ exec: async (sql) => void (await tx.exec(sql)), query: async (sql, params) => (await tx.query<Record<string, unknown>>(sql, params)).rows }),
      ),
  }
  try {
    await applyMigrations(target)
  } catch (e) {
    await db.close()
    unlock()
    throw e
  }
  const prisma = new PrismaClient({ adapter: new PrismaPGlite(db) })
  // An embedded database lives in this process, so its notifications cannot be lost: the feed is always live.
  const listeners: ((matchId: string, version: number) => void)[] = []
  await db.listen(CHANGE_CHANNEL, (payload) => reportChange(payload, listeners))
  const changes: ChangeFeed = { live: true, epoch: 1, onChange: (l) => void listeners.push(l) }
  return {
    kind: 'pglite',
    prisma,
    changes,
    raw: async (text, values) => (values?.length ? { rows: (await db.query(text, values)).rows } : { rows: (await db.exec(text)).at(-1)?.rows ?? [] }),
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

function reportChange(payload: string, listeners: readonly ((matchId: string, version: number) => void)[]): void {
  const [id, v] = payload.split(':')
  const version = Number(v)
  if (id && Number.isInteger(version)) for (const l of listeners) l(id, version)
}

/**
 * LISTENs on its own connection. While the connection is down the feed is not live (readers then ask
 * the database); every reconnection starts a new epoch, since changes may have been missed meanwhile.
 */
class PostgresChangeFeed implements ChangeFeed {
  live = false
  epoch = 0
  private client: pg.Client | null = null
  private stopped = false
  private retry: NodeJS.Timeout | null = null
  private readonly listeners: ((matchId: string, version: number) => void)[] = []

  constructor(
    private readonly url: string,
    private readonly faults: Faults,
  ) {}

  onChange(listener: (matchId: string, version: number) => void): void {
    this.listeners.push(listener)
  }

  async start(): Promise<void> {
    const client = new pg.Client({ connectionString: this.url })
    client.on('notification', (msg) => reportChange(msg.payload ?? '', this.listeners))
    const lost = (err?: Error) => {
      if (this.client !== client) return
      if (err && this.live) this.faults.report(err, 'change feed (LISTEN) connection')
      this.live = false
      this.client = null
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
    this.epoch++
    this.live = true
  }

  async stop(): Promise<void> {
    this.stopped = true
    this.live = false
    if (this.retry) clearTimeout(this.retry)
    const c = this.client
    this.client = null
    await c?.end().catch(() => {})
  }
}

export function openDatabase(config: DatabaseConfig): Promise<Database> {
  return config.kind === 'postgres' ? openPostgres(config.url, config.poolSize ?? 10) : openPGlite(config.dataDir)
}

/** DATABASE_URL selects a server; otherwise the embedded database in ARBITER_DATA_DIR (default ./data). */
export function databaseConfigFromEnv(env: NodeJS.ProcessEnv = process.env): DatabaseConfig {
  if (env.DATABASE_URL) return { kind: 'postgres', url: env.DATABASE_URL }
  return { kind: 'pglite', dataDir: env.ARBITER_DATA_DIR ?? './data' }
}
