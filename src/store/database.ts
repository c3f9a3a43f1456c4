import { mkdirSync } from 'node:fs'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { PrismaPg } from '@prisma/adapter-pg'
import pg from 'pg'
import { PrismaPGlite } from 'pglite-prisma-adapter'
import { PrismaClient } from '../generated/prisma/client.ts'
import { applyMigrations, type MigrationTarget } from './migrate.ts'
import type { SqlClient } from './sql.ts'

export type DatabaseConfig =
  | { kind: 'postgres'; url: string; poolSize?: number }
  /** `dataDir` is a folder kept on disk, or 'memory://' for a throwaway database. */
  | { kind: 'pglite'; dataDir: string }

export interface Database {
  kind: DatabaseConfig['kind']
  prisma: PrismaClient
  sql: SqlClient
  /** Throws when the database does not answer. */
  ping(): Promise<void>
  close(): Promise<void>
}

// Prisma's own advisory lock id for migrations, so the app and `prisma migrate` never run them together.
const MIGRATION_LOCK = 72707369

async function openPostgres(url: string, poolSize: number): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize })
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
  return {
    kind: 'postgres',
    prisma,
    sql: { query: async (text, params, name) => (await pool.query({ text, values: params, name })).rows },
    ping: async () => void (await pool.query('SELECT 1')),
    close: async () => {
      await prisma.$disconnect()
      await pool.end()
    },
  }
}

async function openPGlite(dataDir: string): Promise<Database> {
  if (!dataDir.includes('://')) mkdirSync(path.resolve(dataDir), { recursive: true })
  const db = await PGlite.create(dataDir)
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
    throw e
  }
  const prisma = new PrismaClient({ adapter: new PrismaPGlite(db) })
  return {
    kind: 'pglite',
    prisma,
    // PGlite has one connection: this shares it with Prisma, so never call it inside a Prisma transaction.
    sql: { query: async <T>(text: string, params?: unknown[]) => (await db.query<T>(text, params)).rows },
    ping: async () => void (await db.query('SELECT 1')),
    close: async () => {
      await prisma.$disconnect()
      await db.close()
    },
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
