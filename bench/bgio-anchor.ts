// boardgame.io's moves/s over its socket.io transport, the anchor for a bot's decision on Arbiter: each
// of the concurrent clients plays random TicTacToe games (both seats of one match), one move at a time,
// waiting for the server's new state before the next, as an Arbiter bot waits for its ActionResult.
import { fork } from 'node:child_process'
import { io, type Socket } from 'socket.io-client'
import { Random } from '../src/kernel/index.ts'
import { runLoad, type LoadResult } from './http-load.ts'

interface State {
  _stateID: number
  G: { cells: (string | null)[] }
  ctx: { currentPlayer: string; gameover?: unknown }
}

interface Player {
  socket: Socket
  pick: Random
  matchID: string
  state: State
  /** Resolves on the server's next state of this client's match. */
  next: ((s: State) => void) | null
}

async function newMatch(p: Player, port: number): Promise<void> {
  const res = await fetch(`http://127.0.0.1:${port}/games/tic-tac-toe/create`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ numPlayers: 2 }),
  })
  p.matchID = ((await res.json()) as { matchID: string }).matchID
  p.state = await new Promise<State>(resolve => {
    p.next = resolve
    p.socket.emit('sync', p.matchID, '0', undefined, 2)
  })
}

function wire(p: Player): void {
  const deliver = (matchID: string, state: State) => {
    if (matchID !== p.matchID || !p.next) return
    const n = p.next
    p.next = null
    n(state)
  }
  p.socket.on('sync', (matchID: string, info: { state: State }) => deliver(matchID, info.state))
  p.socket.on('update', (matchID: string, state: State) => deliver(matchID, state))
}

/** `databaseUrl`: store matches on PostgreSQL (bgio-postgres) instead of in memory. */
export async function boardgameIoMoves(
  port: number,
  clients: number,
  seconds: number,
  databaseUrl?: string,
): Promise<LoadResult> {
  const server = fork(new URL('./bgio-server.ts', import.meta.url).pathname, [], {
    execArgv: ['--import', 'tsx'],
    env: {
      ...process.env,
      PORT: String(port),
      NODE_ENV: 'production',
      ...(databaseUrl ? { BGIO_DATABASE_URL: databaseUrl } : {}),
    },
  })
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('message', () => resolve())
      server.once('exit', code => reject(new Error(`boardgame.io server exited with ${code}`)))
    })
    const players: Player[] = await Promise.all(
      Array.from({ length: clients }, async (_, i) => {
        const socket = io(`http://127.0.0.1:${port}/tic-tac-toe`, { transports: ['websocket'] })
        await new Promise<void>(resolve => socket.once('connect', () => resolve()))
        const p: Player = {
          socket,
          pick: Random.fromSeed(`bgio-${i}`),
          matchID: '',
          state: undefined as unknown as State,
          next: null,
        }
        wire(p)
        await newMatch(p, port)
        return p
      }),
    )
    const step = async (p: Player): Promise<boolean> => {
      const seat = p.state.ctx.currentPlayer
      const free = p.state.G.cells.flatMap((c, i) => (c === null ? [i] : []))
      const action = { type: 'MAKE_MOVE', payload: { type: 'clickCell', args: [p.pick.pick(free)], playerID: seat } }
      const state = await new Promise<State>(resolve => {
        p.next = resolve
        p.socket.emit('update', action, p.state._stateID, p.matchID, seat)
      })
      if (state._stateID <= p.state._stateID) return false
      p.state = state
      if (state.ctx.gameover !== undefined) await newMatch(p, port)
      return true
    }
    await runLoad(players, 1, step)
    const r = await runLoad(players, seconds, step)
    for (const p of players) p.socket.close()
    return r
  } finally {
    server.kill('SIGTERM')
    await new Promise(r => server.once('exit', r))
  }
}
