/** Glicko-2 (Glickman, "Example of the Glicko-2 system", 2013): one rating period's update, pure math. */

export interface Glicko2Rating {
  rating: number
  deviation: number
  volatility: number
}

/** One game of the period: the opponent's rating before it and the score (1 win, 0.5 draw, 0 loss). */
export interface Glicko2Result {
  opponent: Glicko2Rating
  score: number
}

export const GLICKO2_START: Glicko2Rating = { rating: 1500, deviation: 350, volatility: 0.06 }
/** The system constant τ, which bounds how fast the volatility changes. */
export const GLICKO2_TAU = 0.5
/** The volatility iteration's convergence tolerance. */
const EPSILON = 0.000001
/** The paper's conversion factor between the Glicko and Glicko-2 scales. */
const SCALE = 173.7178

const g = (phi: number) => 1 / Math.sqrt(1 + (3 * phi * phi) / (Math.PI * Math.PI))
const expected = (mu: number, muJ: number, phiJ: number) => 1 / (1 + Math.exp(-g(phiJ) * (mu - muJ)))

/**
 * The player's rating after one rating period with these results (steps 1 to 8 of the paper). A period with no
 * result only widens the deviation (step 6); Arbiter never runs one (idle time does not raise RD).
 */
export function glicko2Update(
  player: Glicko2Rating,
  results: readonly Glicko2Result[],
  tau = GLICKO2_TAU,
): Glicko2Rating {
  const mu = (player.rating - 1500) / SCALE
  const phi = player.deviation / SCALE
  const sigma = player.volatility
  if (results.length === 0) return { ...player, deviation: Math.sqrt(phi * phi + sigma * sigma) * SCALE }
  let vInverse = 0
  let sum = 0
  for (const r of results) {
    const muJ = (r.opponent.rating - 1500) / SCALE
    const gJ = g(r.opponent.deviation / SCALE)
    const e = expected(mu, muJ, r.opponent.deviation / SCALE)
    vInverse += gJ * gJ * e * (1 - e)
    sum += gJ * (r.score - e)
  }
  const v = 1 / vInverse
  const delta = v * sum
  const newSigma = volatility(phi, sigma, v, delta, tau)
  const phiStar = Math.sqrt(phi * phi + newSigma * newSigma)
  const newPhi = 1 / Math.sqrt(1 / (phiStar * phiStar) + 1 / v)
  const newMu = mu + newPhi * newPhi * sum
  return { rating: newMu * SCALE + 1500, deviation: newPhi * SCALE, volatility: newSigma }
}

/** Step 5: the new volatility, the root of f found by the Illinois algorithm. */
function volatility(phi: number, sigma: number, v: number, delta: number, tau: number): number {
  const a = Math.log(sigma * sigma)
  const f = (x: number) => {
    const ex = Math.exp(x)
    const d = phi * phi + v + ex
    return (ex * (delta * delta - phi * phi - v - ex)) / (2 * d * d) - (x - a) / (tau * tau)
  }
  let A = a
  let B: number
  if (delta * delta > phi * phi + v) {
    B = Math.log(delta * delta - phi * phi - v)
  } else {
    let k = 1
    while (f(a - k * tau) < 0) k++
    B = a - k * tau
  }
  let fA = f(A)
  let fB = f(B)
  while (Math.abs(B - A) > EPSILON) {
    const C = A + ((A - B) * fA) / (fB - fA)
    const fC = f(C)
    if (fC * fB <= 0) {
      A = B
      fA = fB
    } else {
      fA = fA / 2
    }
    B = C
    fB = fC
  }
  return Math.exp(A / 2)
}
