/** A throwaway database on the local PostgreSQL, and a TCP proxy in front of it to simulate outages. */
import net from 'node:net'
import pg from 'pg'

export const ADMIN_URL = process.env.PG_ADMIN_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres'

async function admin<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: ADMIN_URL })
  await c.connect()
  try {
    return await fn(c)
  } finally {
    await c.end()
  }
}

export interface ScratchDatabase {
  name: string
  /** The database's URL, optionally through another host:port (a proxy). */
  url(port?: number): string
  /** pg_terminate_backend on every connection to it; returns how many there were. */
  terminateBackends(): Promise<number>
  drop(): Promise<void>
}

export async function scratchDatabase(prefix = 'arbiter_test'): Promise<ScratchDatabase> {
  const name = `${prefix}_${process.pid}_${Date.now().toString(36)}_${Math.floor(Math.random() * 1e6)}`
  await admin(c => c.query(`CREATE DATABASE ${name}`))
  const base = new URL(ADMIN_URL)
  return {
    name,
    url: port => {
      const u = new URL(base)
      u.pathname = `/${name}`
      if (port) u.port = String(port)
      return u.toString()
    },
    terminateBackends: () =>
      admin(
        async c =>
          (
            await c.query(
              `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()`,
              [name],
            )
          ).rowCount ?? 0,
      ),
    drop: () => admin(c => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(() => {}),
  }
}

/** A loopback TCP proxy: `cut()` drops every connection and refuses new ones, `restore()` accepts again. */
export async function tcpProxy(
  targetPort: number,
  targetHost = '127.0.0.1',
): Promise<{ port: number; cut(): Promise<void>; restore(): Promise<void>; close(): Promise<void> }> {
  const sockets = new Set<net.Socket>()
  const server = net.createServer(client => {
    const upstream = net.connect(targetPort, targetHost)
    for (const s of [client, upstream]) {
      sockets.add(s)
      s.on('error', () => {})
      s.on('close', () => {
        sockets.delete(s)
        client.destroy()
        upstream.destroy()
      })
    }
    client.pipe(upstream).pipe(client)
  })
  const listen = (port: number) => new Promise<void>(resolve => server.listen(port, '127.0.0.1', () => resolve()))
  await listen(0)
  const port = (server.address() as net.AddressInfo).port
  const cut = async () => {
    await new Promise<void>(resolve => {
      server.close(() => resolve())
      for (const s of sockets) s.destroy()
    })
  }
  return { port, cut, restore: () => listen(port), close: () => (server.listening ? cut() : Promise.resolve()) }
}

/** A loopback port where nothing listens. */
export async function closedPort(): Promise<number> {
  const server = net.createServer()
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', () => resolve()))
  const port = (server.address() as net.AddressInfo).port
  await new Promise<void>(resolve => server.close(() => resolve()))
  return port
}
