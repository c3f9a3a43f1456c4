// Stand-in for @prisma/streams-local, which needs Node 22 and is loaded only by `prisma dev` (a local Prisma Postgres);
// see package.json "overrides".
export async function startLocalDurableStreamsServer() {
  throw new Error(
    '`prisma dev` is not available in Arbiter: it needs @prisma/streams-local (Node >= 22). Use PGlite (no DATABASE_URL) or a PostgreSQL server.',
  )
}
