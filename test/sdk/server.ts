// A real Arbiter server with the production games on an in-memory database, listening on a free port.
import { productionGames } from '../../src/games/index.ts'
import { GameRegistry } from '../../src/kernel/index.ts'
import { buildServer, type ArbiterServer, type ServerOptions } from '../../src/server.ts'
import { openTestDatabase } from '../support/db.ts'

export interface RunningServer {
  app: ArbiterServer
  url: string
  close(): Promise<void>
}

export async function startServer(opts: Pick<ServerOptions, 'limits'> = {}): Promise<RunningServer> {
  const db = await openTestDatabase()
  const app = await buildServer({ db, registry: new GameRegistry(productionGames), graphiql: false, ...opts })
  await app.listen({ port: 0, host: '127.0.0.1' })
  const addr = app.server.address()
  const port = typeof addr === 'object' && addr ? addr.port : 0
  return {
    app,
    url: `http://127.0.0.1:${port}`,
    close: async () => {
      const closing = app.close()
      // Keep-alive connections of the clients under test would otherwise hold the server open.
      app.server.closeAllConnections()
      await closing
      await db.close()
    },
  }
}
