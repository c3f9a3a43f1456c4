// Property: what a seat is asked, and what the other seat may do, never depends on a hidden zone's contents (issue 23).
import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { randomPlayout } from '../../support/playout.ts'
import { Random } from '../../../src/kernel/index.ts'
import type { State } from '../../../src/games/cyberpunk-tcg/state.ts'
import type { Action } from '../../../src/games/cyberpunk-tcg/actions.ts'
import { E, copy, randomDeck } from './helpers.ts'

/** `s` with `seat`'s hidden cards dealt again: hand and deck shuffled together (sizes kept), face-down Legends swapped. */
function redeal(s: State, seat: number, r: Random): State {
  const t = copy(s)
  const p = t.p[seat]!
  const pool = r.shuffle([...p.hand, ...p.deck])
  p.hand = pool.slice(0, p.hand.length)
  p.deck = pool.slice(p.hand.length)
  const down = p.legends.flatMap((l, i) => (l && !l.up ? [i] : []))
  const uids = r.shuffle(down.map((i) => p.legends[i]!.u))
  p.legends = p.legends.map((l, i) => (l && !l.up ? { ...l, u: uids[down.indexOf(i)]! } : l))
  return t
}

describe('cyberpunk-tcg hidden zones (issue 23, CP-11.16 [001] 101)', () => {
  it('re-dealing the hand, deck and face-down Legends of the seat not acting never changes which seats are asked, nor the acting seat\'s actions, before or after its action (random decks of every implemented card)', () => {
    fc.assert(
      fc.property(fc.integer(), (seed) => {
        const r = Random.fromSeed(`deck:${seed}`)
        const decks = [randomDeck(r), randomDeck(r)]
        const deal = Random.fromSeed(`redeal:${seed}`)
        randomPlayout(E, decks, { concedeListed: false }, `hidden:${seed}`, {
          maxSteps: 400,
          onStep: ({ before, after, seat, action: step }) => {
            const action = step as Action
            const b = before as State
            // a seat that opted in to auto-passing accepts that its timing shows whether it holds an answer (issue 10)
            if (b.auto?.length) return
            const other = 1 - seat
            const b2 = redeal(b, other, deal)
            expect(E.status(b2).toAct).toEqual(E.status(b).toAct)
            expect(E.legalActions(b2, seat)).toEqual(E.legalActions(b, seat))
            const a2 = E.apply(b2, seat, action).state as State
            const a = after as State
            expect(E.status(a2).toAct).toEqual(E.status(a).toAct)
            if (E.status(a).toAct.includes(seat)) expect(E.legalActions(a2, seat)).toEqual(E.legalActions(a, seat))
          },
        })
      }),
      { numRuns: 60 },
    )
  })
})
