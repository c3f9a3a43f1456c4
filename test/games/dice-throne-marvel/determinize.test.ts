// determinize for search bots: the seat's view is kept, every unseen card is re-dealt, and nothing hidden leaks.
import { describe, it, expect } from 'vitest'
import { Random } from '../../../src/kernel/index.ts'
import type { DTState } from '../../../src/games/dice-throne-marvel/state.ts'
import { E, start, edit, act, rolling, passWhile } from './helpers.ts'

const SETUPS: [string[], Record<string, unknown>][] = [
  [['thor', 'spider-man'], {}],
  [['loki', 'scarlet-witch'], {}],
  [['thor', 'loki', 'spider-man', 'scarlet-witch'], { mode: '2v2' }],
  [['scarlet-witch', 'spider-man', 'thor'], { mode: 'free-for-all' }],
]
const sorted = (a: string[]) => a.slice().sort()

/** States at random points of a random game (every `every`-th decision). */
function samplePoints(heroes: string[], opts: Record<string, unknown>, seed: string, every = 7): DTState[] {
  const pick = Random.fromSeed(seed)
  let s = start(heroes, opts, seed)
  const out: DTState[] = []
  for (let i = 0; i < 3000 && !s.done; i++) {
    if (i % every === 3) out.push(s)
    const seat = pick.pick(E.status(s).toAct)
    s = act(s, seat, pick.pick(E.legalActions(s, seat)))
  }
  return out
}

describe('determinize', () => {
  it.each(SETUPS)(
    'DT-3.1 %j %j: the seat sees the same view; hands and decks keep their counts and cards per player',
    (heroes, opts) => {
      let changed = 0
      let n = 0
      for (const s of samplePoints(heroes, opts, `det-${heroes.join()}`)) {
        for (let seat = 0; seat < heroes.length; seat++) {
          const d = E.determinize!(s, seat, Random.fromSeed(`d-${n++}`))
          expect(E.view(d, seat)).toEqual(E.view(s, seat))
          expect(E.status(d)).toEqual(E.status(s))
          expect(d.p[seat]!.hand).toEqual(s.p[seat]!.hand)
          for (let o = 0; o < heroes.length; o++) {
            expect(d.p[o]!.hand.length).toBe(s.p[o]!.hand.length)
            expect(sorted([...d.p[o]!.hand, ...d.p[o]!.deck])).toEqual(sorted([...s.p[o]!.hand, ...s.p[o]!.deck]))
          }
          if (d.p.some((pl, o) => pl.hand.join() !== s.p[o]!.hand.join() || pl.deck.join() !== s.p[o]!.deck.join()))
            changed++
          expect(d.rng).not.toEqual(s.rng)
        }
      }
      expect(n).toBeGreaterThan(20)
      expect(changed).toBeGreaterThan(n / 2)
    },
  )
  it('the sample depends only on what the seat sees: two states differing only in hidden cards give the same sample', () => {
    for (const s of samplePoints(['loki', 'thor', 'spider-man'], { mode: 'free-for-all' }, 'leak', 11)) {
      // the same view for seat 0, another hidden arrangement: seat 1's hand and deck re-dealt, seat 0's deck reversed
      const other = edit(s, x => {
        const pool = [...x.p[1]!.hand, ...x.p[1]!.deck].reverse()
        x.p[1]!.hand = pool.slice(0, x.p[1]!.hand.length)
        x.p[1]!.deck = pool.slice(x.p[1]!.hand.length)
        x.p[0]!.deck.reverse()
        x.rng = [1, 2, 3, 4]
      })
      expect(E.view(other, 0)).toEqual(E.view(s, 0))
      expect(E.determinize!(other, 0, Random.fromSeed('same'))).toEqual(E.determinize!(s, 0, Random.fromSeed('same')))
    }
  })
  it('DT-13.20 the face-down Illusion order is re-sampled for the attacker and kept for Loki, who laid it', () => {
    let s = rolling(start(['thor', 'loki']), 0, [1, 1, 1, 2, 3])
    s = edit(s, x => (x.p[1]!.st['illusion'] = 1))
    s = act(s, 0, { type: 'select', ability: 'hammered', variant: 0 })
    s = passWhile(s, x => x.step === 'defChoose')
    s = act(s, 1, { type: 'spend', status: 'illusion' })
    s = act(s, 1, { type: 'arrange', order: ['none', 'all', 'half'] })
    const orders = new Set<string>()
    for (let k = 0; k < 60; k++) {
      expect(E.determinize!(s, 1, Random.fromSeed(`loki-${k}`)).ill).toEqual(['none', 'all', 'half'])
      const d = E.determinize!(s, 0, Random.fromSeed(`thor-${k}`))
      expect(E.view(d, 0)).toEqual(E.view(s, 0))
      orders.add(d.ill!.join())
    }
    expect(orders.size).toBe(6)
  })
  it.each(SETUPS)(
    'DT-GAP-1 %j %j: determinized states play on to the end (a seat asked in a window can always pass)',
    (heroes, opts) => {
      const pick = Random.fromSeed(`play-${heroes.join()}`)
      for (const s of samplePoints(heroes, opts, `play-${heroes.join()}`, 97)) {
        let d = E.determinize!(s, pick.int(0, heroes.length - 1), pick)
        for (let i = 0; i < 20_000 && !d.done; i++) {
          const seat = pick.pick(E.status(d).toAct)
          const legal = E.legalActions(d, seat)
          expect(legal.length).toBeGreaterThan(0)
          d = act(d, seat, pick.pick(legal))
        }
        expect(d.done).toBe(true)
      }
    },
  )
})
