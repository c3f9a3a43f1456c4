// ismcts starts every child from greedy's one-ply score (its prior), so a move that wins at once is found without
// playouts.
import { describe, expect, it } from 'vitest'
import { Random } from '../../src/kernel/index.ts'
import { searchDefaults } from '../../src/bots/budget.ts'
import { ismctsChoice, Node, search } from '../../src/bots/ismcts.ts'
import { raceGame } from '../support/test-game.ts'

const decks = [{ cards: [1, 2, 3, 4, 5, 6, 7, 8, 9] }, { cards: [1, 2, 3, 4, 5, 6, 7, 8, 9] }]

/** Seat 0 at 13 of 20 holding 7, 1 and 2: playing the 7 wins now, while a roll (at most 6) cannot. */
function oneMoveFromWinning() {
  const s = structuredClone(raceGame.setup(decks, { target: 20 }, 'prior'))
  s.hands[0] = [7, 1, 2]
  s.scores = [13, 10]
  return s
}

describe('ismcts priors', () => {
  it('with a single iteration and no playout it plays the winning card, for every seed', () => {
    const state = oneMoveFromWinning()
    const legal = raceGame.legalActions(state, 0)
    expect(legal).toHaveLength(4)
    for (let i = 0; i < 20; i++) {
      const action = ismctsChoice(raceGame, state, 0, legal, Random.fromSeed(`one-${i}`), {
        ...searchDefaults,
        iterations: 1,
        rolloutDepth: 0,
      })
      expect(action).toEqual({ type: 'play', card: 7 })
    }
  })

  it("every root child gets the mover's evaluate after its action as prior (1 for the win)", () => {
    const state = oneMoveFromWinning()
    const root = search(raceGame, state, 0, raceGame.legalActions(state, 0), Random.fromSeed('priors'), {
      ...searchDefaults,
      iterations: 1,
      rolloutDepth: 0,
    })
    const priors = Object.fromEntries([...root.children.values()].map(c => [JSON.stringify(c.action), c.prior]))
    expect(priors['{"type":"play","card":7}']).toBe(1)
    expect(priors['{"type":"play","card":2}']).toBeCloseTo(raceGame.evaluate!({ ...state, scores: [15, 10] }, 0))
    expect(priors['{"type":"play","card":1}']).toBeLessThan(priors['{"type":"play","card":2}']!)
  })

  it("with maxDepth 1 the tree holds only the root's children, and every iteration scores one of them", () => {
    const state = raceGame.setup(decks, { target: 20 }, 'depth')
    const limits = { ...searchDefaults, iterations: 300, rolloutDepth: 0 }
    const shallow = search(raceGame, state, 0, raceGame.legalActions(state, 0), Random.fromSeed('depth'), {
      ...limits,
      maxDepth: 1,
    })
    expect([...shallow.children.values()].every(c => c.children.size === 0)).toBe(true)
    expect([...shallow.children.values()].reduce((n, c) => n + c.visits, 0)).toBe(300)
    const deep = search(raceGame, state, 0, raceGame.legalActions(state, 0), Random.fromSeed('depth'), limits)
    expect([...deep.children.values()].some(c => c.children.size > 0)).toBe(true)
  })

  it('a prior counts as priorVisits playouts in the value UCB starts from', () => {
    const n = new Node(0, { type: 'pass' }, 0.8)
    expect(n.value(10)).toBeCloseTo(0.8)
    n.visits = 2
    n.reward = 0
    expect(n.value(10)).toBeCloseTo(8 / 12)
    expect(n.value(0)).toBe(0)
  })
})
