// The statistics of a tournament: Wilson intervals, mean and spread, Bradley-Terry ratings.

/** The 95% Wilson score interval for `successes` out of `n` (draws may count as half a success). */
export function wilson(successes: number, n: number, z = 1.96): [number, number] {
  if (n === 0) return [0, 1]
  const p = successes / n
  const z2 = z * z
  const centre = (p + z2 / (2 * n)) / (1 + z2 / n)
  const half = (z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / (1 + z2 / n)
  return [Math.max(0, centre - half), Math.min(1, centre + half)]
}

export interface Spread {
  mean: number
  sd: number
  min: number
  max: number
}

export function spread(values: readonly number[]): Spread {
  if (values.length === 0) return { mean: 0, sd: 0, min: 0, max: 0 }
  const mean = values.reduce((a, b) => a + b, 0) / values.length
  const variance = values.length > 1 ? values.reduce((a, v) => a + (v - mean) ** 2, 0) / (values.length - 1) : 0
  return { mean, sd: Math.sqrt(variance), min: Math.min(...values), max: Math.max(...values) }
}

/** `score[i][j]`: points i took from j (a win 1, a draw 0.5); `games[i][j]`: games they played. */
export interface HeadToHead {
  score: number[][]
  games: number[][]
}

/**
 * Bradley-Terry strengths by Hunter's MM iterations, on the Elo scale (400·log10) with mean 0. Every pair
 * that met gets one virtual draw, so an entrant that never won still has a finite rating.
 */
export function bradleyTerry({ score, games }: HeadToHead, iterations = 500): number[] {
  const n = score.length
  const w = score.map((row, i) => row.map((s, j) => (games[i]![j]! > 0 ? s + 0.5 : 0)))
  const g = games.map(row => row.map(x => (x > 0 ? x + 1 : 0)))
  let p = new Array<number>(n).fill(1)
  for (let it = 0; it < iterations; it++) {
    const next = p.map((pi, i) => {
      let wins = 0
      let denom = 0
      for (let j = 0; j < n; j++) {
        if (j === i || g[i]![j] === 0) continue
        wins += w[i]![j]!
        denom += g[i]![j]! / (pi + p[j]!)
      }
      return denom > 0 ? wins / denom : pi
    })
    const mean = Math.exp(next.reduce((a, x) => a + Math.log(x), 0) / n)
    p = next.map(x => x / mean)
  }
  return p.map(x => 400 * Math.log10(x))
}
