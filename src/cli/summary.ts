// Turns a tournament's game records into its results: win rates, first-seat advantage, lengths, ratings.
import type { Entrant } from './entrants.ts'
import { bradleyTerry, spread, wilson, type Spread } from './stats.ts'
import type { GameRecord } from './tournament.ts'

export interface PairingResult {
  a: string
  b: string
  games: number
  aWins: number
  bWins: number
  /** Finished games without a single winner. */
  draws: number
  /** Games stopped at --max-decisions (scored as draws, counted apart from them). */
  cutOff: number
  /** a's score share, a draw or a cut-off game counting half. */
  aRate: number
  ci95: [number, number]
  /** Decisions per game. */
  length: Spread
  /** Turns per game, when the engine tells its turn. */
  turns?: Spread
  /** The same games by seat: how seat 0 fared whoever sat there. */
  firstSeat: SeatSplit
}

/** Games by outcome for the first seat (seat 0). */
export interface SeatSplit {
  seat0Wins: number
  seat1Wins: number
  draws: number
  cutOff: number
}

/** One cell of the win-rate matrix: the row entrant's games against the column entrant. */
export interface MatrixCell {
  games: number
  wins: number
  losses: number
  draws: number
  cutOff: number
  /** Score share, a draw or a cut-off game counting half. */
  rate: number
  ci95: [number, number]
}

export interface Results {
  game: string
  seed: string
  gamesPerPairing: number
  entrants: { label: string; deck: string; bot: string }[]
  pairings: PairingResult[]
  /** Seat 0's score share over every game, a draw or a cut-off game counting half (`draws` counts both). */
  firstSeat: { games: number; wins: number; draws: number; cutOff: number; rate: number; ci95: [number, number] }
  length: Spread
  /** Turns per game, when the engine tells its turn (absent otherwise: then lengths are in decisions only). */
  turns?: Spread
  unfinished: number
  /** `matrix[i][j]`: entrant i's score share against j; null where they did not meet. */
  matrix: (number | null)[][]
  /**
   * `cells[i][j]`: the games behind `matrix[i][j]`, by outcome, with the 95% interval; null where they did not meet.
   */
  cells: (MatrixCell | null)[][]
  /** Bradley-Terry on the Elo scale (mean 0), when there are more than two entrants. */
  ratings?: { label: string; rating: number }[]
}

const round = (x: number, digits = 4) => Number(x.toFixed(digits))
const roundSpread = (s: Spread): Spread => ({ mean: round(s.mean, 2), sd: round(s.sd, 2), min: s.min, max: s.max })

/** Seat 0's outcomes over `games`. */
function seatSplit(games: readonly GameRecord[]): SeatSplit {
  const split: SeatSplit = { seat0Wins: 0, seat1Wins: 0, draws: 0, cutOff: 0 }
  for (const r of games) {
    if (!r.finished) split.cutOff++
    else if (r.winners.length !== 1) split.draws++
    else if (r.winners[0] === 0) split.seat0Wins++
    else split.seat1Wins++
  }
  return split
}

/** Turns per game, when every game tells its turn. */
function turnSpread(games: readonly GameRecord[]): Spread | undefined {
  if (games.length === 0 || games.some(r => r.turns === undefined)) return undefined
  return roundSpread(spread(games.map(r => r.turns!)))
}

const emptyCell = (): Omit<MatrixCell, 'rate' | 'ci95'> => ({ games: 0, wins: 0, losses: 0, draws: 0, cutOff: 0 })

export function summarize(
  game: string,
  seed: string,
  gamesPerPairing: number,
  entrants: readonly Entrant[],
  pairs: readonly [number, number][],
  records: readonly GameRecord[],
): Results {
  const n = entrants.length
  const score = entrants.map(() => new Array<number>(n).fill(0))
  const met = entrants.map(() => new Array<number>(n).fill(0))
  const tallies = entrants.map(() => entrants.map(() => emptyCell()))
  const pairingResults = pairs.map(([a, b], p): PairingResult => {
    const games = records.filter(r => r.pairing === p)
    let aWins = 0
    let bWins = 0
    let draws = 0
    let cutOff = 0
    for (const r of games) {
      // In a mirror the entrant listed as `a` is the one in seat 0.
      const aSeat = r.seats[0] === a ? 0 : 1
      if (!r.finished) cutOff++
      else if (r.winners.length !== 1) draws++
      else if (r.winners[0] === aSeat) aWins++
      else bWins++
    }
    const aScore = aWins + (draws + cutOff) / 2
    const tally = (row: number, column: number, wins: number, losses: number) => {
      const t = tallies[row]![column]!
      t.games += games.length
      t.wins += wins
      t.losses += losses
      t.draws += draws
      t.cutOff += cutOff
    }
    tally(a, b, aWins, bWins)
    if (a !== b) {
      tally(b, a, bWins, aWins)
      score[a]![b]! += aScore
      score[b]![a]! += games.length - aScore
      met[a]![b]! += games.length
      met[b]![a]! += games.length
    }
    const ci = wilson(aScore, games.length)
    const turns = turnSpread(games)
    return {
      a: entrants[a]!.label,
      b: entrants[b]!.label,
      games: games.length,
      aWins,
      bWins,
      draws,
      cutOff,
      aRate: round(games.length ? aScore / games.length : 0),
      ci95: [round(ci[0]), round(ci[1])],
      length: roundSpread(spread(games.map(r => r.decisions))),
      ...(turns && { turns }),
      firstSeat: seatSplit(games),
    }
  })
  const overall = seatSplit(records)
  const seat0Score = overall.seat0Wins + (overall.draws + overall.cutOff) / 2
  const firstCi = wilson(seat0Score, records.length)
  const matrix = score.map((row, i) => row.map((s, j) => (met[i]![j]! > 0 ? round(s / met[i]![j]!) : null)))
  pairs.forEach(([a, b], p) => {
    if (a === b) matrix[a]![a] = pairingResults[p]!.aRate
  })
  const cells = tallies.map(row =>
    row.map((t): MatrixCell | null => {
      if (t.games === 0) return null
      const points = t.wins + (t.draws + t.cutOff) / 2
      const ci = wilson(points, t.games)
      return { ...t, rate: round(points / t.games), ci95: [round(ci[0]), round(ci[1])] }
    }),
  )
  const turns = turnSpread(records)
  const results: Results = {
    game,
    seed,
    gamesPerPairing,
    entrants: entrants.map(e => ({ label: e.label, deck: e.deckName, bot: e.botLabel })),
    pairings: pairingResults,
    firstSeat: {
      games: records.length,
      wins: overall.seat0Wins,
      draws: overall.draws + overall.cutOff,
      cutOff: overall.cutOff,
      rate: round(records.length ? seat0Score / records.length : 0),
      ci95: [round(firstCi[0]), round(firstCi[1])],
    },
    length: roundSpread(spread(records.map(r => r.decisions))),
    ...(turns && { turns }),
    unfinished: overall.cutOff,
    matrix,
    cells,
  }
  if (n > 2) {
    const ratings = bradleyTerry({ score, games: met })
    results.ratings = entrants
      .map((e, i) => ({ label: e.label, rating: round(ratings[i]!, 1) }))
      .sort((x, y) => y.rating - x.rating)
  }
  return results
}
