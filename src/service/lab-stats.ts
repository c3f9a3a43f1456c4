// A deck lab run's figures from its games: win rates with 95 % Wilson intervals per opponent, per seat and per card,
// and game lengths.
import type { LabGameOutcome } from '../bots/lab-game.ts'

/** The normal quantile of a two-sided 95 % interval. */
const Z = 1.96

export interface WinRate {
  games: number
  wins: number
  draws: number
  losses: number
  /** (wins + draws / 2) / games. */
  rate: number
  /** Its 95 % Wilson score interval. */
  low: number
  high: number
}

export interface LabLength {
  mean: number
  min: number
  max: number
}

export interface LabOpponentResult {
  index: number
  name: string
  games: number
  unfinished: number
  winRate: WinRate | null
  firstSeat: WinRate | null
  secondSeat: WinRate | null
  length: LabLength | null
}

export interface LabCardStat {
  card: string
  drawnIn: number
  playedIn: number
  winRateWhenPlayed: WinRate | null
}

export interface DeckLabResult {
  games: number
  unfinished: number
  winRate: WinRate | null
  opponents: LabOpponentResult[]
  cards: LabCardStat[]
  length: LabLength | null
}

/** One game as the result counts it: against which opponent, in which seat, and what the tested deck did. */
export interface LabGameRecord extends LabGameOutcome {
  opponent: number
  /** The tested deck's seat. */
  seat: number
}

/** The Wilson score interval of `score` successes in `n` trials (a draw counts half), clamped to [0, 1]. */
export function wilson(score: number, n: number): { low: number; high: number } {
  const p = score / n
  const denominator = 1 + (Z * Z) / n
  const centre = (p + (Z * Z) / (2 * n)) / denominator
  const half = (Z * Math.sqrt((p * (1 - p)) / n + (Z * Z) / (4 * n * n))) / denominator
  return { low: Math.max(0, centre - half), high: Math.min(1, centre + half) }
}

/** Over the finished games of `games`; null when none finished. */
export function winRate(games: readonly LabGameRecord[]): WinRate | null {
  let wins = 0
  let draws = 0
  let losses = 0
  for (const g of games) {
    if (!g.finished) continue
    if (g.winners.length === 0) draws++
    else if (g.winners.includes(g.seat)) wins++
    else losses++
  }
  const n = wins + draws + losses
  if (n === 0) return null
  const score = wins + draws / 2
  return { games: n, wins, draws, losses, rate: score / n, ...wilson(score, n) }
}

/** Decisions per finished game; null when none finished. */
export function length(games: readonly LabGameRecord[]): LabLength | null {
  const decisions = games.filter(g => g.finished).map(g => g.decisions)
  if (decisions.length === 0) return null
  return {
    mean: decisions.reduce((a, b) => a + b, 0) / decisions.length,
    min: Math.min(...decisions),
    max: Math.max(...decisions),
  }
}

/** The result of the games played so far; `cards`: the distinct cards of the tested deck's main deck, in deck order. */
export function labResult(
  games: readonly LabGameRecord[],
  opponentNames: readonly string[],
  cards: readonly string[],
): DeckLabResult {
  return {
    games: games.length,
    unfinished: games.filter(g => !g.finished).length,
    winRate: winRate(games),
    opponents: opponentNames.map((name, index) => {
      const mine = games.filter(g => g.opponent === index)
      return {
        index,
        name,
        games: mine.length,
        unfinished: mine.filter(g => !g.finished).length,
        winRate: winRate(mine),
        firstSeat: winRate(mine.filter(g => g.seat === 0)),
        secondSeat: winRate(mine.filter(g => g.seat === 1)),
        length: length(mine),
      }
    }),
    cards: cards.map(card => {
      const played = games.filter(g => g.played.includes(card))
      return {
        card,
        drawnIn: games.filter(g => g.drawn.includes(card)).length,
        playedIn: played.length,
        winRateWhenPlayed: winRate(played),
      }
    }),
    length: length(games),
  }
}
