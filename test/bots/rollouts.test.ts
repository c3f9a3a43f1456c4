// Root rollouts (the rollout algorithm): greedy's best few actions, each scored by greedy playouts on shared samples.
import { describe, expect, it } from 'vitest'
import { Random } from '../../src/kernel/index.ts'
import { searchDefaults } from '../../src/bots/budget.ts'
import { greedyChoice } from '../../src/bots/greedy.ts'
import { rolloutChoice } from '../../src/bots/rollouts.ts'
import { raceGame } from '../support/test-game.ts'

const decks = [{ cards: [1, 2, 3, 4, 5, 6, 7, 8, 9] }, { cards: [1, 2, 3, 4, 5, 6, 7, 8, 9] }]
const limits = { ...searchDefaults, iterations: 0, playout: 'greedy' as const, rolloutDepth: 6 }

describe('rolloutChoice', () => {
  it('answers with a listed action, the same one for the same seed', () => {
    for (const seed of ['a', 'b', 'c', 'd']) {
      const state = raceGame.setup(decks, { target: 40 }, `r-${seed}`)
      const legal = raceGame.legalActions(state, 0)
      const work = { samples: 3, candidates: 3 }
      const first = rolloutChoice(raceGame, state, 0, legal, Random.fromSeed(seed), limits, work)
      expect(legal).toContainEqual(first)
      expect(rolloutChoice(raceGame, state, 0, legal, Random.fromSeed(seed), limits, work)).toEqual(first)
    }
  })

  it('plays the card that wins at once', () => {
    const state = structuredClone(raceGame.setup(decks, { target: 20 }, 'win'))
    state.hands[0] = [7, 1, 2]
    state.scores = [13, 10]
    expect(
      rolloutChoice(raceGame, state, 0, raceGame.legalActions(state, 0), Random.fromSeed('w'), limits, {
        samples: 4,
        candidates: 4,
      }),
    ).toEqual({ type: 'play', card: 7 })
  })

  it("with one candidate it plays greedy's pick (its best mean evaluate) without playing out", () => {
    const state = structuredClone(raceGame.setup(decks, { target: 40 }, 'one'))
    state.hands[0] = [9, 1, 2]
    const pick = rolloutChoice(raceGame, state, 0, raceGame.legalActions(state, 0), Random.fromSeed('o'), limits, {
      samples: 4,
      candidates: 1,
    })
    expect(pick).toEqual(greedyChoice(raceGame, state, 0, raceGame.legalActions(state, 0), Random.fromSeed('o')))
    expect(pick).toEqual({ type: 'play', card: 9 })
  })
})
