// ismcts's greedy playouts (the rollout algorithm): they play only legal moves, rate them by `evaluate`, and stop where
// asked.
import { describe, expect, it } from 'vitest'
import { Random, type AnyEngine } from '../../src/kernel/index.ts'
import { searchDefaults } from '../../src/bots/budget.ts'
import { greedyNext, ismctsChoice, search } from '../../src/bots/ismcts.ts'
import { raceGame } from '../support/test-game.ts'

const decks = [{ cards: [1, 2, 3, 4, 5, 6, 7, 8, 9] }, { cards: [1, 2, 3, 4, 5, 6, 7, 8, 9] }]
const greedyLimits = { ...searchDefaults, playout: 'greedy' as const, rolloutDepth: 6, iterations: 200 }

describe('ismcts greedy playouts', () => {
  it("greedyNext returns the position after the legal action the mover's evaluate rates best", () => {
    const state = raceGame.setup(decks, { target: 20 }, 'next')
    const legal = raceGame.legalActions(state, 0)
    const next = greedyNext(raceGame, state, 0, legal, Random.fromSeed('n')) as typeof state
    const after = legal.map(a => raceGame.apply(state, 0, a).state)
    const best = Math.max(...after.map(s => raceGame.evaluate!(s, 0)))
    expect(after.some(s => JSON.stringify(s) === JSON.stringify(next))).toBe(true)
    expect(raceGame.evaluate!(next, 0)).toBe(best)
  })

  it('a search with greedy playouts answers with a listed action, the same one for the same seed', () => {
    for (const seed of ['a', 'b', 'c']) {
      const state = raceGame.setup(decks, { target: 30 }, `g-${seed}`)
      const legal = raceGame.legalActions(state, 0)
      const first = ismctsChoice(raceGame, state, 0, legal, Random.fromSeed(seed), greedyLimits)
      expect(legal).toContainEqual(first)
      expect(ismctsChoice(raceGame, state, 0, legal, Random.fromSeed(seed), greedyLimits)).toEqual(first)
    }
  })

  it('with greedy playouts it still plays the winning card (the playout never overrides a won game)', () => {
    const state = structuredClone(raceGame.setup(decks, { target: 20 }, 'win'))
    state.hands[0] = [7, 1, 2]
    state.scores = [13, 10]
    const action = ismctsChoice(raceGame, state, 0, raceGame.legalActions(state, 0), Random.fromSeed('w'), {
      ...greedyLimits,
      priorVisits: 0.01,
    })
    expect(action).toEqual({ type: 'play', card: 7 })
  })

  it.each([
    [1, 5],
    [2, 8],
  ])(
    'playoutRuns %i scores the playout when the %i-th move is due: a lone rival move inside a run starts no new run',
    (runs, scoredAt) => {
      const { engine, scored } = runsGame()
      const limits = { ...greedyLimits, iterations: 1, maxDepth: 1, rolloutDepth: 50, playoutRuns: runs }
      search(engine, { moves: 0 }, 0, engine.legalActions({ moves: 0 }, 0), Random.fromSeed('r'), limits)
      expect(scored.at(-1)).toBe(scoredAt)
    },
  )
})

/**
 * Seats move in this order (then the game ends): seat 0 twice, seat 1 once (a reaction), seat 0 once, then seat 1's
 * run of three, seat 0's of two. `scored` lists the move count of every position `evaluate` is asked about.
 */
function runsGame() {
  const order = [0, 0, 1, 0, 1, 1, 1, 0, 0]
  type S = { moves: number }
  const scored: number[] = []
  const engine = {
    id: 'runs',
    status: (s: S) => ({
      toAct: s.moves < order.length ? [order[s.moves]!] : [],
      finished: s.moves >= order.length,
      winners: [],
    }),
    legalActions: (s: S, seat: number) => (order[s.moves] === seat ? [{ type: 'a' }, { type: 'b' }] : []),
    apply: (s: S) => ({ state: { moves: s.moves + 1 }, events: [] }),
    determinize: (s: S) => s,
    evaluate: (s: S) => (scored.push(s.moves), 0.5),
  } as unknown as AnyEngine
  return { engine, scored }
}
