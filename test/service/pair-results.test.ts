// The pairwise results a finished match gives each player for Glicko-2: two seats, free-for-all, shared seats.
import { describe, expect, it } from 'vitest'
import { pairResults } from '../../src/service/ratings.ts'

describe('the results a match gives each player (pairwise, for Glicko-2)', () => {
  it('two seats: one result each, win 1 and loss 0; no winner is a draw', () => {
    expect(Object.fromEntries(pairResults(['a', 'b'], [1]))).toEqual({
      a: [{ opponent: 'b', score: 0 }],
      b: [{ opponent: 'a', score: 1 }],
    })
    expect(Object.fromEntries(pairResults(['a', 'b'], []))).toEqual({
      a: [{ opponent: 'b', score: 0.5 }],
      b: [{ opponent: 'a', score: 0.5 }],
    })
  })

  it('a free-for-all: the winner is ahead of everyone, the others level with each other', () => {
    const r = pairResults(['a', 'b', 'c'], [2])
    expect(r.get('c')).toEqual([
      { opponent: 'a', score: 1 },
      { opponent: 'b', score: 1 },
    ])
    expect(r.get('a')).toEqual([
      { opponent: 'b', score: 0.5 },
      { opponent: 'c', score: 0 },
    ])
  })

  it('a player holding two seats plays none of its own; a seat without a player is nobody', () => {
    const r = pairResults(['a', 'a', 'b', null], [0])
    expect(r.get('a')).toEqual([
      { opponent: 'b', score: 1 },
      { opponent: 'b', score: 0.5 },
    ])
    expect(r.get('b')).toEqual([
      { opponent: 'a', score: 0 },
      { opponent: 'a', score: 0.5 },
    ])
    expect(r.has('null')).toBe(false)
  })
})
