// The deck lab's figures: Wilson intervals, win rates over finished games with draws as halves, per-seat and per-card
// counts.
import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { labResult, wilson, winRate, type LabGameRecord } from '../../src/service/lab-stats.ts'

const game = (over: Partial<LabGameRecord>): LabGameRecord => ({
  winners: [0],
  finished: true,
  decisions: 10,
  drawn: [],
  played: [],
  opponent: 0,
  seat: 0,
  ...over,
})

describe('deck lab figures', () => {
  it('the Wilson score interval of 5 in 10 at 95 % is 0.2366–0.7634', () => {
    const { low, high } = wilson(5, 10)
    expect(low).toBeCloseTo(0.2366, 4)
    expect(high).toBeCloseTo(0.7634, 4)
  })

  it('an interval always holds its rate and stays within [0, 1]', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2000 }), fc.double({ min: 0, max: 1, noNaN: true }), (n, share) => {
        const score = Math.round(share * n * 2) / 2
        const { low, high } = wilson(score, n)
        return low >= 0 && high <= 1 && low <= score / n + 1e-12 && score / n <= high + 1e-12
      }),
    )
  })

  it('a win rate counts finished games only, a draw as half, from the tested seat', () => {
    const rate = winRate([
      game({ seat: 1, winners: [1] }),
      game({ seat: 0, winners: [1] }),
      game({ winners: [] }),
      game({ finished: false, winners: [] }),
    ])
    expect(rate).toMatchObject({ games: 3, wins: 1, draws: 1, losses: 1, rate: 0.5 })
    expect(winRate([game({ finished: false, winners: [] })])).toBeNull()
  })

  it('splits by opponent and seat, counts unfinished games apart, and counts each card per game drawn and played', () => {
    const result = labResult(
      [
        game({ seat: 0, winners: [0], drawn: ['a', 'b'], played: ['a'], decisions: 8 }),
        game({ seat: 1, winners: [0], drawn: ['a'], played: [], decisions: 12 }),
        game({ seat: 0, opponent: 1, finished: false, winners: [], drawn: ['b'], played: ['b'], decisions: 99 }),
      ],
      ['first', 'second'],
      ['a', 'b', 'c'],
    )
    expect(result).toMatchObject({ games: 3, unfinished: 1, length: { mean: 10, min: 8, max: 12 } })
    expect(result.opponents[0]).toMatchObject({
      name: 'first',
      games: 2,
      unfinished: 0,
      firstSeat: { wins: 1 },
      secondSeat: { losses: 1 },
    })
    expect(result.opponents[1]).toMatchObject({ name: 'second', games: 1, unfinished: 1, winRate: null, length: null })
    expect(result.cards).toEqual([
      { card: 'a', drawnIn: 2, playedIn: 1, winRateWhenPlayed: expect.objectContaining({ games: 1, wins: 1 }) },
      { card: 'b', drawnIn: 2, playedIn: 1, winRateWhenPlayed: null },
      { card: 'c', drawnIn: 0, playedIn: 0, winRateWhenPlayed: null },
    ])
  })
})
