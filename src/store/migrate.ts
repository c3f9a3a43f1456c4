import { createHash, randomUUID } from 'node:crypto'
import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

export const MIGRATIONS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../prisma/migrations')

/** What the runner needs from a backend: run a script and queries inside one transaction. */
export interface MigrationTarget {
  /** Runs `fn` in a transaction holding a lock that other migrating processes wait for. */
  exclusive<T>(
    fn: (tx: {
      exec(sql: string): Promise<void>
      query(sql: string, params?: unknown[]): Promise<Record<string, unknown>[]>
    }) => Promise<T>,
  ): Promise<T>
}

// The same table Prisma Migrate keeps, so `prisma migrate deploy/status` sees these migrations as applied.
const CREATE_TABLE = `CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
  "id" VARCHAR(36) PRIMARY KEY NOT NULL,
  "checksum" VARCHAR(64) NOT NULL,
  "finished_at" TIMESTAMPTZ,
  "migration_name" VARCHAR(255) NOT NULL,
  "logs" TEXT,
  "rolled_back_at" TIMESTAMPTZ,
  "started_at" TIMESTAMPTZ NOT NULL DEFAULT now(),
  "applied_steps_count" INTEGER NOT NULL DEFAULT 0
)`

/**
 * Applies every migration folder not yet recorded, in name order, each in its own transaction, recording
 * it with Prisma's checksum (sha256 of migration.sql). A recorded migration whose file changed is an error.
 * Returns the names applied.
 */
export async function applyMigrations(target: MigrationTarget, dir = MIGRATIONS_DIR): Promise<string[]> {
  const names = (await readdir(dir, { withFileTypes: true }))
    .filter(e => e.isDirectory())
    .map(e => e.name)
    .sort()
  const applied: string[] = []
  for (const name of names) {
    const sql = await readFile(path.join(dir, name, 'migration.sql'), 'utf8')
    const checksum = createHash('sha256').update(sql).digest('hex')
    const done = await target.exclusive(async tx => {
      await tx.exec(CREATE_TABLE)
      const rows = await tx.query(
        `SELECT checksum FROM "_prisma_migrations" WHERE migration_name = $1 AND finished_at IS NOT NULL AND rolled_back_at IS NULL`,
        [name],
      )
      if (rows.length > 0) {
        if (rows[0]!.checksum !== checksum) throw new Error(`migration ${name} was modified after it was applied`)
        return false
      }
      await tx.exec(sql)
      await tx.query(
        `INSERT INTO "_prisma_migrations" (id, checksum, finished_at, migration_name, applied_steps_count) VALUES ($1, $2, now(), $3, 1)`,
        [randomUUID(), checksum, name],
      )
      return true
    })
    if (done) applied.push(name)
  }
  return applied
}
