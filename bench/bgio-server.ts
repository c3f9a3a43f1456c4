// The bench's outside anchor: boardgame.io's own server (socket.io transport) with a TicTacToe as small as its
// tutorial's (bgio-tictactoe.ts), in a child process like Arbiter's bench server; in memory, or on PostgreSQL through
// the bgio-postgres storage adapter when BGIO_DATABASE_URL is set.
import { PostgresStore } from 'bgio-postgres'
import { Server } from 'boardgame.io/server'
import { TicTacToe } from './bgio-tictactoe.ts'

const url = process.env.BGIO_DATABASE_URL
const db = url ? new PostgresStore(url, { logging: false }) : undefined
await Server({ games: [TicTacToe], origins: [], ...(db ? { db } : {}) }).run(Number(process.env.PORT))
process.send?.('ready')
process.on('SIGTERM', () => process.exit(0))
