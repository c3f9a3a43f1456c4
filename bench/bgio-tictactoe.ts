/** The anchors' game: a boardgame.io TicTacToe as small as its tutorial's, for its server and its in-process client. */
import { INVALID_MOVE } from 'boardgame.io/core'

type Cells = (string | null)[]
const LINES = [
  [0, 1, 2],
  [3, 4, 5],
  [6, 7, 8],
  [0, 3, 6],
  [1, 4, 7],
  [2, 5, 8],
  [0, 4, 8],
  [2, 4, 6],
]

export const TicTacToe = {
  name: 'tic-tac-toe',
  setup: () => ({ cells: Array<string | null>(9).fill(null) }),
  turn: { minMoves: 1, maxMoves: 1 },
  moves: {
    clickCell: ({ G, playerID }: { G: { cells: Cells }; playerID: string }, id: number) => {
      if (G.cells[id] !== null) return INVALID_MOVE
      G.cells[id] = playerID
    },
  },
  endIf: ({ G, ctx }: { G: { cells: Cells }; ctx: { currentPlayer: string } }) => {
    if (LINES.some(([a, b, c]) => G.cells[a!] !== null && G.cells[a!] === G.cells[b!] && G.cells[a!] === G.cells[c!]))
      return { winner: ctx.currentPlayer }
    if (G.cells.every(c => c !== null)) return { draw: true }
  },
}
