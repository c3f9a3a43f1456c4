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
  draws: number
  /** a's score share, a draw counting half. */
  aRate: number
  ci95: [number, number]
  length: Spread
}

export interface Results {
  game: string
  seed: string
  gamesPerPairing: number
  entrants: { label: string; deck: string; bot: string }[]
  pairings: PairingResult[]
  /** Seat 0's score share over every game, a draw counting half. */
  firstSeat: { games: number; wins: number; draws: number; rate: number; ci95: [number, number] }
  length: Spread
  unfinished: number
  /** `matrix[i][j]`: entrant i's score share against j; null where they did not meet. */
  matrix: (number | null)[][]
  /** Bradley-Terry on the Elo scale (mean 0), when there are more than two entrants. */
  ratings?: { label: string; rating: number }[]
}

const round = (x: number, digits = 4) => Number(x.toFixed(digits))
const roundSpread = (s: Spread): Spread => ({ mean: round(s.mean, 2), sd: round(s.sd, 2), min: s.min, max: s.max })

export function summarize(game: string, seed: string, gamesPerPairing: number, entrants: readonly Entrant[], pairs: readonly [number, number][], records: readonly GameRecord[]): Results {
  const n = entrants.length
  const score = entrants.map(() => new Array<number>(n).fill(0))
  const met = entrants.map(() => new Array<number>(n).fill(0))
  const pairingResults = pairs.map(([a, b], p): PairingResult => {
    const games = records.filter((r) => r.pairing === p)
    let aWins = 0
    let bWins = 0
    for (const r of games) {
      // In a mirror the entrant listed as `a` is the one in seat 0.
      const aSeat = r.seats[0] === a ? 0 : 1
      if (r.winners.length === 1) {
        if (r.winners[0] === aSeat) aWins++
        else bWins++
      }
    }
    const draws = games.length - aWins - bWins
    const aScore = aWins + draws / 2
    if (a !== b) {
      score[a]![b]! += aScore
      score[b]![a]! += games.length - aScore
      met[a]![b]! += games.length
      met[b]![a]! += games.length
    }
    const ci = wilson(aScore, games.length)
    return {
      a: entrants[a]!.label,
      b: entrants[b]!.label,
      games: games.length,
      aWins,
      bWins,
      draws,
      aRate: round(games.length ? aScore / games.length : 0),
      ci95: [round(ci[0]), round(ci[1])],
      length: roundSpread(spread(games.map((r) => r.decisions))),
    }
  })
  const seat0Wins = records.filter((r) => r.winners.length === 1 && r.winners[0] === 0).length
  const decided = records.filter((r) => r.winners.length === 1).length
  const seat0Score = seat0Wins + (records.length - decided) / 2
  const firstCi = wilson(seat0Score, records.length)
  const matrix = score.map((row, i) => row.map((s, j) => (met[i]![j]! > 0 ? round(s / met[i]![j]!) : null)))
  pairs.forEach(([a, b], p) => {
    if (a === b) matrix[a]![a] = pairingResults[p]!.aRate
  })
  const results: Results = {
    game,
    seed,
    gamesPerPairing,
    entrants: entrants.map((e) => ({ label: e.label, deck: e.deckName, bot: e.botLabel })),
    pairings: pairingResults,
    firstSeat: {
      games: records.length,
      wins: seat0Wins,
      draws: records.length - decided,
      rate: round(records.length ? seat0Score / records.length : 0),
      ci95: [round(firstCi[0]), round(firstCi[1])],
    },
    length: roundSpread(spread(records.map((r) => r.decisions))),
    unfinished: records.filter((r) => !r.finished).length,
    matrix,
  }
  if (n > 2) {
    const ratings = bradleyTerry({ score, games: met })
    results.ratings = entrants.map((e, i) => ({ label: e.label, rating: round(ratings[i]!, 1) })).sort((x, y) => y.rating - x.rating)
  }
  return results
}
