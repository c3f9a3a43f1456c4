// The greedy bot's one-ply evaluation: bounds, won and lost states, what it rewards, and that it reads only the seat's
// view.
import { describe, it, expect } from 'vitest'
import { Random } from '../../../src/kernel/index.ts'
import type { DTAction, DTState } from '../../../src/games/dice-throne-marvel/state.ts'
import { E, start, edit, act, rolling, inMain, setHand } from './helpers.ts'

const evaluate = E.evaluate!

describe('evaluate', () => {
  it('DT-GAP-1 is 1 for the winner and 0 for the loser of a finished match, 0.5 for everybody in a draw', () => {
    const s = start(['thor', 'loki'])
    const over = E.resign!(s, 1).state
    expect(evaluate(over, 0)).toBe(1)
    expect(evaluate(over, 1)).toBe(0)
    const draw = edit(s, x => {
      x.done = true
      x.winners = []
      x.reason = 'draw'
    })
    expect(evaluate(draw, 0)).toBe(0.5)
  })
  it('DT-15.1 DT-11.4 a 2v2 team wins and loses together; an eliminated free-for-all seat scores 0 while play goes on', () => {
    const team = E.resign!(start(['thor', 'loki', 'spider-man', 'scarlet-witch'], { mode: '2v2' }), 0).state
    expect([0, 1, 2, 3].map(seat => evaluate(team, seat))).toEqual([0, 1, 0, 1])
    const ffa = E.resign!(start(['thor', 'loki', 'spider-man'], { mode: 'free-for-all' }), 2).state
    expect(evaluate(ffa, 2)).toBe(0)
    expect(evaluate(ffa, 0)).toBeGreaterThan(0.5)
  })
  it('DT-GAP-1 more health than the opponent is better, and stays strictly inside (0, 1) before the end', () => {
    const s = start(['thor', 'loki'])
    expect(evaluate(s, 0)).toBeCloseTo(evaluate(s, 1), 1)
    const ahead = edit(s, x => (x.hp[1] = 20))
    expect(evaluate(ahead, 0)).toBeGreaterThan(evaluate(s, 0))
    expect(evaluate(ahead, 1)).toBeLessThan(evaluate(s, 1))
    const nearly = edit(s, x => (x.hp[1] = 1))
    expect(evaluate(nearly, 0)).toBeLessThan(1)
    expect(evaluate(nearly, 1)).toBeGreaterThan(0)
  })
  it('DT-GAP-2 activating the best ability the dice meet scores above activating none or a weaker one', () => {
    const s = rolling(start(['thor', 'loki']), 0, [1, 1, 1, 1, 1], 0)
    const score = (a: DTAction) => evaluate(act(s, 0, a), 0)
    expect(score({ type: 'select', ability: 'hammered', variant: 2 })).toBeGreaterThan(score({ type: 'noAttack' }))
    expect(score({ type: 'select', ability: 'hammered', variant: 2 })).toBeGreaterThan(
      score({ type: 'select', ability: 'hammered', variant: 0 }),
    )
  })
  it('DT-2.4 DT-4.14 selling a card for 1 CP scores lower than keeping it; an affordable upgrade scores higher', () => {
    const s = setHand(inMain(start(['thor', 'loki']), 0), 0, ['hammered-ii', 'six-it'], 3)
    expect(evaluate(act(s, 0, { type: 'sell', card: 'six-it' }), 0)).toBeLessThan(evaluate(s, 0))
    expect(evaluate(act(s, 0, { type: 'play', card: 'hammered-ii' }), 0)).toBeGreaterThan(evaluate(s, 0))
  })
  it('DT-3.1 reads only what the seat sees: the same for every determinization and for any other hidden cards', () => {
    const pick = Random.fromSeed('eval-hidden')
    let s: DTState = start(['scarlet-witch', 'spider-man', 'loki'], { mode: 'free-for-all' }, 'eval-hidden')
    for (let i = 0; i < 400 && !s.done; i++) {
      for (const seat of [0, 1, 2]) expect(evaluate(E.determinize!(s, seat, pick), seat)).toBe(evaluate(s, seat))
      const seat = pick.pick(E.status(s).toAct)
      s = act(s, seat, pick.pick(E.legalActions(s, seat)))
    }
  })
  it('DT-GAP-1 a one-ply greedy player scoring actions with evaluate beats a uniform random one in 1v1', () => {
    const heroes = ['scarlet-witch', 'thor', 'loki', 'spider-man']
    let wins = 0
    for (let g = 0; g < 8; g++) {
      const rng = Random.fromSeed(`greedy-${g}`)
      const me = g % 2
      let s = start([heroes[g % 4]!, heroes[(g + 1) % 4]!], {}, `greedy-${g}`)
      while (!s.done) {
        const seat = E.status(s).toAct[0]!
        const legal = E.legalActions(s, seat)
        let a = rng.pick(legal)
        if (seat === me) {
          const d = E.determinize!(s, seat, rng)
          const scores = legal.map(x => evaluate(E.apply(d, seat, x).state, seat))
          a = legal[scores.indexOf(Math.max(...scores))]!
        }
        s = act(s, seat, a)
      }
      if (s.winners.includes(me)) wins++
    }
    expect(wins).toBeGreaterThanOrEqual(7)
  })
})
