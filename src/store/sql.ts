/**
 * The raw SQL port used on the hot paths (one round trip per submitAction), implemented for both
 * backends. Everything else goes through Prisma.
 */
export interface SqlClient {
  /**
   * `name` makes it a prepared statement where the backend supports them (node-postgres), so it is parsed once per
   * connection.
   */
  query<T = Record<string, unknown>>(text: string, params?: unknown[], name?: string): Promise<T[]>
}

/** SQLSTATE of a unique violation, as both node-postgres and PGlite report it. */
export const UNIQUE_VIOLATION = '23505'

/**
 * SQLSTATEs of a statement the database rolled back because it collided with another (a deadlock, a serialization
 * failure): nothing of it was written, and it may simply be tried again.
 */
export const COLLISIONS = new Set(['40P01', '40001'])

export function sqlState(err: unknown): string | undefined {
  if (err && typeof err === 'object' && 'code' in err && typeof (err as { code: unknown }).code === 'string') {
    return (err as { code: string }).code
  }
  return undefined
}
