// The server under load for `npm run bench`: the production games plus the platform's test game, so
// that the API's own cost is measured apart from any engine's. Logger off, like a tuned deployment.
import { GameRegistry } from '../src/kernel/index.ts'
import { productionGames } from '../src/games/index.ts'
import { buildServer } from '../src/server.ts'
import { openDatabase } from '../src/store/database.ts'
import { raceGame } from '../test/support/test-game.ts'

const db = await openDatabase({ kind: 'postgres', url: process.env.DATABASE_URL!, poolSize: 20 })
// No rate limits: the load runs are meant to go as fast as the server can.
const app = await buildServer({ db, registry: new GameRegistry([...productionGames, raceGame]), graphiql: false, limits: { rateLimitMax: 0 } })
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' })
process.send?.('ready')
process.on('SIGTERM', async () => {
  await app.close()
  await db.close()
  process.exit(0)
})
