// The built-in bots pick only legal actions, are reproducible from their seed, and say which kinds an engine lacks.
import { describe, expect, it } from 'vitest'
import {
  botKinds,
  chooseAction,
  defaultRolloutDepth,
  iterationsFor,
  rolloutWorkFor,
  strongestWithin,
  UnsupportedBotError,
  type BotKind,
} from '../../src/bots/index.ts'
import { productionGames } from '../../src/games/index.ts'
import { sameAction, type AnyEngine } from '../../src/kernel/index.ts'
import { playMatch } from '../../src/bots/play-match.ts'
import { raceGame } from '../support/test-game.ts'
import { positions } from './positions.ts'

const botGames: AnyEngine[] = [raceGame, ...productionGames.filter(e => e.determinize && e.evaluate)]
const raceDecks = [{ cards: [1, 2, 3, 4, 5, 6, 7, 8, 9] }, { cards: [1, 2, 3, 4, 5, 6, 7, 8, 9] }]
// The test game without the bot members, as an engine that has not implemented them yet.
const { determinize: _d, evaluate: _e, ...withoutBotMembers } = raceGame
const plainGame = withoutBotMembers as AnyEngine

describe.each(botGames.map(e => [e.id, e] as const))('bots on %s', (_id, engine) => {
  const spots = positions(engine, engine === raceGame ? 30 : 8, 'legal')

  it('lists random, greedy and ismcts', () => {
    expect(botKinds(engine)).toEqual(['random', 'greedy', 'ismcts'])
  })

  it.each(['random', 'greedy', 'ismcts'] as BotKind[])(
    '%s picks a listed action, the same one again for the same seed',
    kind => {
      expect(spots.length).toBeGreaterThan(5)
      for (const [i, { state, seat }] of spots.entries()) {
        const before = JSON.stringify(state)
        const options = { kind, strength: 1, seed: `p${i}` }
        const action = chooseAction(engine, state, seat, options)
        expect(engine.legalActions(state, seat).some(a => sameAction(a, action))).toBe(true)
        expect(chooseAction(engine, state, seat, options)).toEqual(action)
        expect(JSON.stringify(state)).toBe(before)
      }
    },
  )
})

describe('bot kinds and budgets', () => {
  it('an engine without determinize and evaluate offers only random, and refuses the others by name', () => {
    expect(botKinds(plainGame)).toEqual(['random'])
    const state = plainGame.setup(raceDecks, { target: 20 }, 'plain')
    expect(() => chooseAction(plainGame, state, 0, { kind: 'greedy', seed: 'x' })).toThrow(UnsupportedBotError)
    expect(() => chooseAction(plainGame, state, 0, { kind: 'ismcts', seed: 'x' })).toThrow(/needs determinize/)
    expect(strongestWithin(plainGame, 1000)).toEqual({ kind: 'random' })
  })

  it('ismcts runs 40 × strength² iterations: 40 at 1, 1,000 at the default 5, 4,000 at 10', () => {
    expect([1, 5, 10].map(iterationsFor)).toEqual([40, 1000, 4000])
  })

  it('ismcts plays no random moves before evaluate by default, 10 in Cyber Net Cards (where they were measured to help)', () => {
    expect(Object.fromEntries(productionGames.map(e => [e.id, defaultRolloutDepth(e)]))).toEqual({
      'cyberpunk-tcg': 0,
      'dice-throne-marvel': 0,
      'cyber-net-cards': 10,
    })
    expect(defaultRolloutDepth(raceGame)).toBe(0)
  })

  it('ismcts runs root rollouts in Cyberpunk TCG only (trees did not beat greedy there): 6 candidates on 6 samples at 5, samples growing with strength', () => {
    expect(Object.fromEntries(productionGames.map(e => [e.id, rolloutWorkFor(e, 5)]))).toEqual({
      'cyberpunk-tcg': { samples: 6, candidates: 6 },
      'dice-throne-marvel': undefined,
      'cyber-net-cards': undefined,
    })
    const cp = productionGames.find(e => e.id === 'cyberpunk-tcg')!
    expect([1, 10].map(s => rolloutWorkFor(cp, s)!.samples)).toEqual([2, 12])
    expect(rolloutWorkFor(raceGame, 5)).toBeUndefined()
  })

  it('strongestWithin picks ismcts for a roomy budget, greedy when no search fits', () => {
    const roomy = strongestWithin(raceGame, 60_000)
    expect(roomy).toEqual({ kind: 'ismcts', strength: 10, timeBudgetMs: 60_000 })
    expect(strongestWithin(raceGame, 0.001)).toEqual({ kind: 'greedy' })
  })

  it('a time budget stops ismcts early and it still answers with a listed action', () => {
    const state = raceGame.setup(raceDecks, { target: 20 }, 'budget')
    const start = performance.now()
    const action = chooseAction(raceGame, state, 0, { kind: 'ismcts', strength: 10, seed: 'b', timeBudgetMs: 20 })
    expect(performance.now() - start).toBeLessThan(1000)
    expect(raceGame.legalActions(state, 0).some(a => sameAction(a, action))).toBe(true)
  })

  it('a seat with no decision gets an error, not a made-up move', () => {
    const state = raceGame.setup(raceDecks, { target: 20 }, 'turn')
    expect(() => chooseAction(raceGame, state, 1, { kind: 'random', seed: 'x' })).toThrow(/no decision/)
  })
})

describe('strength on the test game', () => {
  function winRate(
    a: { kind: BotKind; strength?: number },
    b: { kind: BotKind; strength?: number },
    games: number,
  ): number {
    let wins = 0
    for (let g = 0; g < games; g++) {
      const aSeat = g % 2
      const bots = aSeat === 0 ? [a, b] : [b, a]
      if (playMatch(raceGame, raceDecks, { target: 40 }, bots, `strength-${g}`).winners.includes(aSeat)) wins++
    }
    return wins / games
  }

  it('greedy (play the best card, or roll when every card is below 3.5) beats random in most of 200 games', () => {
    expect(winRate({ kind: 'greedy' }, { kind: 'random' }, 200)).toBeGreaterThan(0.75)
  })

  it('ismcts at strength 1 beats random in most of 40 games', () => {
    expect(winRate({ kind: 'ismcts', strength: 1 }, { kind: 'random' }, 40)).toBeGreaterThan(0.75)
  })
})
