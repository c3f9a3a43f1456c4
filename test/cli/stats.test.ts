// The tournament statistics against values worked out by hand or from the literature.
import { describe, expect, it } from 'vitest'
import { bradleyTerry, spread, wilson } from '../../src/cli/stats.ts'

describe('tournament statistics', () => {
  it('the Wilson interval matches the textbook values and stays inside [0, 1]', () => {
    const [lo, hi] = wilson(81, 263)
    expect(lo).toBeCloseTo(0.2553, 3)
    expect(hi).toBeCloseTo(0.3662, 3)
    expect(wilson(0, 10)[0]).toBe(0)
    expect(wilson(10, 10)[1]).toBe(1)
    expect(wilson(10, 10)[0]).toBeCloseTo(0.7225, 3)
  })

  it('spread gives the mean, the sample standard deviation and the range', () => {
    expect(spread([2, 4, 4, 4, 5, 5, 7, 9])).toEqual({ mean: 5, sd: Math.sqrt(32 / 7), min: 2, max: 9 })
  })

  it('Bradley-Terry orders a transitive round robin and rates an even pair alike', () => {
    // A beats B 8-2, B beats C 8-2, A beats C 9-1; D only plays C, 5-5.
    const score = [
      [0, 8, 9, 0],
      [2, 0, 8, 0],
      [1, 2, 0, 5],
      [0, 0, 5, 0],
    ]
    const games = score.map((row, i) => row.map((_, j) => (i === j ? 0 : score[i]![j]! + score[j]![i]!)))
    const r = bradleyTerry({ score, games })
    expect(r[0]).toBeGreaterThan(r[1]!)
    expect(r[1]).toBeGreaterThan(r[2]!)
    expect(r[3]).toBeCloseTo(r[2]!, 5)
    expect(r.reduce((a, b) => a + b, 0)).toBeCloseTo(0, 6)
  })
})
