// A bot only sees what its seat sees: replacing the hidden part of the state leaves its choices' distribution
// unchanged.
import { describe, expect, it } from 'vitest'
import { chooseAction, type BotKind } from '../../src/bots/index.ts'
import { productionGames } from '../../src/games/index.ts'
import { Random, type AnyEngine, type BaseAction } from '../../src/kernel/index.ts'
import { raceGame, type RaceState } from '../support/test-game.ts'
import { homogeneity } from './chi-square.ts'
import { positions, type Position } from './positions.ts'

type Bot = (engine: AnyEngine, state: unknown, seat: number, seed: string) => BaseAction

const builtIn =
  (kind: BotKind): Bot =>
  (engine, state, seat, seed) =>
    chooseAction(engine, state, seat, { kind, strength: 1, seed })

/**
 * The bot's choices over `n` seeds on the real state, and over `n` other seeds on states whose hidden
 * part (hands, deck order, dice, the generator) is re-sampled, one new "real" state per seed.
 */
function twoSamples(engine: AnyEngine, { state, seat }: Position, bot: Bot, n: number): [string[], string[]] {
  const onReal = Array.from({ length: n }, (_, k) => JSON.stringify(bot(engine, state, seat, `a${k}`)))
  const onOther = Array.from({ length: n }, (_, k) => {
    const other = engine.determinize!(state, seat, Random.fromSeed(`hidden-${k}`))
    return JSON.stringify(bot(engine, other, seat, `b${k}`))
  })
  return [onReal, onOther]
}

// Seat 0 holds 1, 2, 3 and trails: roll (3.5 on average) or play the 3. Whoever knows the next die knows which
// is better; here the real next die is a 6 (seed 'leak-1'), so a bot that peeks always rolls.
const rollOrThree: Position = {
  state: {
    rng: Random.fromSeed('leak-1').state(),
    turn: 0,
    hands: [
      [1, 2, 3],
      [7, 8, 9],
    ],
    decks: [
      [4, 5, 6],
      [1, 2, 3],
    ],
    scores: [10, 14],
    target: 40,
    winner: null,
  } satisfies RaceState,
  seat: 0,
}

// A bot that cheats: greedy that scores each action on the real state, so it sees the real next die.
const peeking: Bot = (engine, state, seat, seed) => {
  const legal: BaseAction[] = engine.legalActions(state, seat)
  const scores = legal.map(a => engine.evaluate!(engine.apply(state, seat, a).state, seat))
  const best = Math.max(...scores)
  return Random.fromSeed(seed).pick(legal.filter((_, i) => scores[i] === best))
}

describe('hidden information does not reach the bots', () => {
  it('the test detects a bot that peeks at the real next die (its power)', () => {
    const [real, other] = twoSamples(raceGame, rollOrThree, peeking, 200)
    expect(homogeneity(real, other).same).toBe(false)
  })

  it.each(['random', 'greedy', 'ismcts'] as BotKind[])(
    '%s chooses alike on the real and on re-sampled hidden state (chi-square, p > 0.001)',
    kind => {
      const [real, other] = twoSamples(raceGame, rollOrThree, builtIn(kind), 200)
      const h = homogeneity(real, other)
      expect(h.same, JSON.stringify(h)).toBe(true)
    },
  )

  const searchable = productionGames.filter(e => e.determinize && e.evaluate)
  describe.each(searchable.map(e => [e.id, e] as const))('%s', (_id, engine) => {
    const spots = positions(engine, 2, 'leak')
    it.each(['greedy', 'ismcts'] as BotKind[])('%s chooses alike on the real and on re-sampled hidden state', kind => {
      for (const spot of spots) {
        const [real, other] = twoSamples(engine, spot, builtIn(kind), kind === 'ismcts' ? 60 : 150)
        const h = homogeneity(real, other)
        expect(h.same, JSON.stringify(h)).toBe(true)
      }
    })
  })
})
