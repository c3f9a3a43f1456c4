// Glicko-2 ratings: Glickman's worked example, idle periods, the direction of changes, symmetry between new players.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { glicko2Update, GLICKO2_START } from '../../src/service/glicko2.ts'

describe('Glicko-2', () => {
  it("reproduces the worked example of Glickman's paper (tau 0.5): 1464.06, RD 151.52, volatility 0.05999", () => {
    const after = glicko2Update({ rating: 1500, deviation: 200, volatility: 0.06 }, [
      { opponent: { rating: 1400, deviation: 30, volatility: 0.06 }, score: 1 },
      { opponent: { rating: 1550, deviation: 100, volatility: 0.06 }, score: 0 },
      { opponent: { rating: 1700, deviation: 300, volatility: 0.06 }, score: 0 },
    ])
    // The paper rounds its intermediate values to 4 decimals on the Glicko-2 scale (mu' = -0.2069, phi' = 0.8722),
    // so its 1464.06 and 151.52 hold to within 0.0001 x 173.7178 = 0.017; unrounded, the rating is 1464.0507.
    expect((after.rating - 1500) / 173.7178).toBeCloseTo(-0.2069, 4)
    expect(after.deviation / 173.7178).toBeCloseTo(0.8722, 4)
    expect(Math.abs(after.rating - 1464.06)).toBeLessThan(0.01)
    expect(Math.abs(after.deviation - 151.52)).toBeLessThan(0.01)
    // Likewise the paper's 0.05999 (its A, B iteration printed to 5 decimals); unrounded 0.0599960.
    expect(Math.abs(after.volatility - 0.05999)).toBeLessThan(0.00001)
  })

  it('a period without games only widens the deviation (step 6)', () => {
    const after = glicko2Update({ rating: 1500, deviation: 200, volatility: 0.06 }, [])
    expect(after.rating).toBe(1500)
    expect(after.deviation).toBeCloseTo(Math.sqrt((200 / 173.7178) ** 2 + 0.06 ** 2) * 173.7178, 9)
  })

  const rating = fc.record({
    rating: fc.double({ min: 500, max: 2500, noNaN: true }),
    deviation: fc.double({ min: 30, max: 350, noNaN: true }),
    volatility: fc.double({ min: 0.03, max: 0.1, noNaN: true }),
  })

  it('a win never lowers the rating, a loss never raises it, and one game never widens the deviation past its start', () => {
    fc.assert(
      fc.property(rating, rating, (me, them) => {
        const won = glicko2Update(me, [{ opponent: them, score: 1 }])
        const lost = glicko2Update(me, [{ opponent: them, score: 0 }])
        expect(won.rating).toBeGreaterThanOrEqual(me.rating)
        expect(lost.rating).toBeLessThanOrEqual(me.rating)
        expect(won.deviation).toBeLessThanOrEqual(
          Math.sqrt(me.deviation ** 2 + (won.volatility * 173.7178) ** 2) + 1e-9,
        )
        for (const r of [won, lost])
          expect(Number.isFinite(r.rating) && Number.isFinite(r.deviation) && Number.isFinite(r.volatility)).toBe(true)
      }),
    )
  })

  it('between two new players a win and a loss are symmetric around 1500', () => {
    const a = glicko2Update(GLICKO2_START, [{ opponent: GLICKO2_START, score: 1 }])
    const b = glicko2Update(GLICKO2_START, [{ opponent: GLICKO2_START, score: 0 }])
    expect(a.rating - 1500).toBeCloseTo(1500 - b.rating, 9)
    expect(a.rating).toBeGreaterThan(1600)
  })
})
