// Issue 28, point 5: Swiss pairings, round-robin rounds and standings (Buchholz, Sonneborn–Berger) against
// hand-computed examples, and their invariants as properties.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  roundRobinRound,
  roundRobinRounds,
  standings,
  swissRound,
  type Board,
} from '../../src/service/tournament-pairing.ts'

const NAMES = ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H']
const entrants = (names: string[]) => names.map((playerId, i) => ({ playerId, order: i + 1, withdrawn: false }))

/** The Swiss players of the next round from the boards so far (ratings all equal: rank by points, then join order). */
function next(names: string[], boards: Board[]) {
  const points = new Map(standings(entrants(names), boards).map(s => [s.playerId, s.points]))
  return swissRound(
    names.map((playerId, i) => ({ playerId, points: points.get(playerId)!, rating: 1500, order: i + 1 })),
    boards,
  )
}

/** Boards of a round from its pairs and their points for seat 0 (1 win, 0.5 draw, 0 loss). */
const decided = (round: number, pairs: [string, string][], first: number[]): Board[] =>
  pairs.map((players, i) => ({ round, players, points: [first[i]!, 1 - first[i]!] }))

describe('Swiss pairing and standings (hand-computed, 8 players, 3 rounds)', () => {
  it('pairs equal points first with the higher-ranked paired first, never twice the same, and ranks by points, Buchholz, Sonneborn–Berger, wins, join order', () => {
    const r1 = next(NAMES, [])!
    expect(r1).toEqual({
      pairs: [
        ['A', 'B'],
        ['C', 'D'],
        ['E', 'F'],
        ['G', 'H'],
      ],
      bye: null,
    })
    // A beats B, D beats C, E and F draw, H beats G.
    const boards = decided(1, r1.pairs, [1, 0, 0.5, 0])
    // Ranked A D H (1), E F (0.5), B C G (0): E–F met, so two pairs of equal points at most (A–D, C–G); seat 0 to
    // whoever had it less.
    const r2 = next(NAMES, boards)!
    expect(r2).toEqual({
      pairs: [
        ['D', 'A'],
        ['H', 'E'],
        ['F', 'B'],
        ['C', 'G'],
      ],
      bye: null,
    })
    // D beats A, H beats E, F and B draw, C beats G.
    boards.push(...decided(2, r2.pairs, [1, 1, 0.5, 1]))
    const r3 = next(NAMES, boards)!
    expect(r3).toEqual({
      pairs: [
        ['D', 'H'],
        ['A', 'C'],
        ['F', 'G'],
        ['B', 'E'],
      ],
      bye: null,
    })
    // D beats H, A beats C, G beats F, B and E draw.
    boards.push(...decided(3, r3.pairs, [1, 1, 0, 0.5]))
    const table = standings(entrants(NAMES), boards)
    expect(table.map(s => [s.rank, s.playerId, s.points, s.buchholz, s.sonnebornBerger, s.wins])).toEqual([
      [1, 'D', 3, 5, 5, 3],
      [2, 'A', 2, 5, 2, 2], // A and H level on every tie-break but join order
      [3, 'H', 2, 5, 2, 2],
      [4, 'C', 1, 6, 1, 1],
      [5, 'G', 1, 4, 1, 1], // G, B, E: Buchholz 4 and Sonneborn–Berger 1 each; G has a win
      [6, 'B', 1, 4, 1, 0],
      [7, 'E', 1, 4, 1, 0],
      [8, 'F', 1, 3, 1, 0],
    ])
    expect(table.find(s => s.playerId === 'B')).toMatchObject({ wins: 0, draws: 2, losses: 1, byes: 0 })
  })

  it('gives the bye to the lowest-ranked player without one, and a bye counts 1 point but no Buchholz', () => {
    const five = NAMES.slice(0, 5)
    const r1 = next(five, [])!
    expect(r1).toEqual({
      pairs: [
        ['A', 'B'],
        ['C', 'D'],
      ],
      bye: 'E',
    })
    const boards: Board[] = [...decided(1, r1.pairs, [1, 1]), { round: 1, players: ['E'], points: [1] }]
    // Ranked A C E (1), B D (0): the lowest-ranked without a bye is D.
    const r2 = next(five, boards)!
    expect(r2.bye).toBe('D')
    expect(r2.pairs).toEqual([
      ['A', 'C'],
      ['E', 'B'],
    ])
    const e = standings(entrants(five), boards).find(s => s.playerId === 'E')!
    expect(e).toMatchObject({ points: 1, buchholz: 0, byes: 1, wins: 0 })
  })

  it('is null when no pairing without a repeat is left', () => {
    const boards = decided(1, [['A', 'B']], [1])
    expect(next(['A', 'B'], boards)).toBeNull()
  })

  it('never repeats a pairing and pairs everyone but at most one, for any results (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 8 }),
        fc.array(fc.constantFrom(0, 0.5, 1), { minLength: 40, maxLength: 40 }),
        (n, results) => {
          const names = NAMES.slice(0, n)
          const boards: Board[] = []
          const seen = new Set<string>()
          for (let round = 1; round <= Math.min(3, n - 1); round++) {
            const plan = next(names, boards)
            if (!plan) return
            expect(plan.pairs.length * 2 + (plan.bye ? 1 : 0)).toBe(n)
            for (const [a, b] of plan.pairs) {
              const key = [a, b].sort().join('|')
              expect(seen.has(key)).toBe(false)
              seen.add(key)
            }
            boards.push(
              ...decided(
                round,
                plan.pairs,
                plan.pairs.map((_, i) => results[round * 8 + i]!),
              ),
            )
            if (plan.bye) boards.push({ round, players: [plan.bye], points: [1] })
          }
        },
      ),
    )
  })
})

describe('round-robin rounds', () => {
  it('meets every other entrant once in n − 1 rounds (n rounds, one bye each, when n is odd)', () => {
    for (let n = 2; n <= 9; n++) {
      const names = Array.from({ length: n }, (_, i) => `p${i}`)
      const met = new Map<string, number>()
      const byes = new Map<string, number>()
      for (let round = 1; round <= roundRobinRounds(n); round++) {
        const plan = roundRobinRound(names, round)
        const playing = plan.pairs.flat()
        expect(new Set(playing).size).toBe(playing.length)
        for (const [a, b] of plan.pairs) met.set([a, b].sort().join('|'), (met.get([a, b].sort().join('|')) ?? 0) + 1)
        if (plan.bye) byes.set(plan.bye, (byes.get(plan.bye) ?? 0) + 1)
      }
      expect(roundRobinRounds(n)).toBe(n % 2 === 0 ? n - 1 : n)
      expect(met.size).toBe((n * (n - 1)) / 2)
      expect([...met.values()].every(v => v === 1)).toBe(true)
      expect([...byes.values()]).toEqual(n % 2 === 0 ? [] : names.map(() => 1))
    }
  })
})

describe('standings of duplicate pairs (mean scores)', () => {
  it('counts a mean above half as a win, half as a draw, below as a loss; Sonneborn–Berger weighs by the score', () => {
    // A–B 0.75/0.25, B–C 0.5/0.5, C–A 0/1: A 1.75, B 0.75, C 0.5.
    const boards: Board[] = [
      { round: 1, players: ['A', 'B'], points: [0.75, 0.25] },
      { round: 2, players: ['B', 'C'], points: [0.5, 0.5] },
      { round: 3, players: ['C', 'A'], points: [0, 1] },
    ]
    const table = standings(entrants(['A', 'B', 'C']), boards)
    expect(table.map(s => [s.playerId, s.points, s.wins, s.draws, s.losses, s.buchholz, s.sonnebornBerger])).toEqual([
      ['A', 1.75, 2, 0, 0, 1.25, 0.75 * 0.75 + 0.5],
      ['B', 0.75, 0, 1, 1, 2.25, 0.25 * 1.75 + 0.25],
      ['C', 0.5, 0, 1, 1, 2.5, 0.5 * 0.75],
    ])
  })
})
