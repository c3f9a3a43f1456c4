import { openDatabase, type Database } from '../../src/store/database.ts'

/**
 * The database the tests run against: the PostgreSQL in DATABASE_URL when set (CI), else an embedded
 * PGlite (in memory, or in `dataDir` when a test needs it on disk).
 */
export function openTestDatabase(dataDir = 'memory://'): Promise<Database> {
  const url = process.env.DATABASE_URL
  return url ? openDatabase({ kind: 'postgres', url, poolSize: 20 }) : openDatabase({ kind: 'pglite', dataDir })
}

export const backendName = process.env.DATABASE_URL ? 'postgres' : 'pglite'
