/**
 * The engines' anchor from outside: boardgame.io's own game logic in process (its local Client: the game's
 * reducer, no transport), playing uniform random TicTacToe games on one core, as the engines' playouts do.
 * Its moves/s scale with the machine as the engines' decisions/s do, so their ratio compares across hosts.
 */
import { Client } from 'boardgame.io/client'
import { Random } from '../src/kernel/index.ts'
import { TicTacToe } from './bgio-tictactoe.ts'

export interface LocalAnchor {
  games: number
  moves: number
  seconds: number
}

export function boardgameIoLocalPlayouts(seconds: number): LocalAnchor {
  const pick = Random.fromSeed('bench:bgio')
  const client = Client({ game: TicTacToe, numPlayers: 2, debug: false })
  client.start()
  let games = 0
  let moves = 0
  const start = performance.now()
  const end = start + seconds * 1000
  while (performance.now() < end) {
    client.reset()
    for (let s = client.getState()!; !s.ctx.gameover; s = client.getState()!) {
      const free = (s.G.cells as (string | null)[]).flatMap((c, i) => (c === null ? [i] : []))
      client.updatePlayerID(s.ctx.currentPlayer)
      client.moves.clickCell!(pick.pick(free))
      moves++
    }
    games++
  }
  client.stop()
  return { games, moves, seconds: (performance.now() - start) / 1000 }
}
