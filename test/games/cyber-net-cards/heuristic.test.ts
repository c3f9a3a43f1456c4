// The greedy bot's one-ply evaluation: 1 won, 0 lost, reads only what the seat sees, and plays better than chance.
import { describe, expect, it } from 'vitest'
import { Random } from '../../../src/kernel/index.ts'
import { evaluate } from '../../../src/games/cyber-net-cards/heuristic.ts'
import type { CNState } from '../../../src/games/cyber-net-cards/state.ts'
import { randomPlayout } from '../../support/playout.ts'
import { act, activate, E, sampleDeck, scenario } from './helpers.ts'

describe('evaluate', () => {
  it('CN-1.8 CN-1.10 is 1 for the winner and 0 for the loser of a finished match, 0.5 for both in a draw', () => {
    const s = E.setup([sampleDeck('Neon Assault'), sampleDeck('Firewall Fortress')], {}, 'eval-end')
    const over = E.resign!(s, 1).state
    expect([evaluate(over, 0), evaluate(over, 1)]).toEqual([1, 0])
    const { state, uid } = scenario({
      seats: [
        { life: 1, field: ['data-spike'] },
        { life: 1, field: ['sandbox'] },
      ],
    })
    const killed = act(state, 0, activate(uid(0, 'data-spike'))).state
    expect(E.status(killed).winners).toEqual([0])
    expect([evaluate(killed, 0), evaluate(killed, 1)]).toEqual([1, 0])
    const drawn = { ...killed, winners: [] }
    expect([evaluate(drawn, 0), evaluate(drawn, 1)]).toEqual([0.5, 0.5])
  })

  it('CN-1.2 CN-6.13 more life, and a better Climax ahead, are better; strictly between 0 and 1 while the match goes on', () => {
    const base = (life0: number, life1: number, field: string[] = []) =>
      scenario({ seats: [{ life: life0, field }, { life: life1 }] }).state
    const even = evaluate(base(30, 30), 0)
    expect(even).toBeGreaterThan(0)
    expect(even).toBeLessThan(1)
    expect(evaluate(base(30, 20), 0)).toBeGreaterThan(even)
    expect(evaluate(base(20, 30), 0)).toBeLessThan(even)
    // +3 ATK this round (Neon Blade resolved) moves the Climax by 3 life
    // (decks far from empty, so the deckout race does not count)
    const deck = Array.from({ length: 20 }, () => 'data-spike')
    const { state, uid } = scenario({
      seats: [
        { mana: 2, field: ['neon-blade'], deck },
        { field: ['sandbox'], deck },
      ],
    })
    const after = act(state, 0, activate(uid(0, 'neon-blade'))).state
    expect(after.phase).toBe('action')
    expect(evaluate(after, 0)).toBeGreaterThan(evaluate(state, 0))
  })

  it('CN-8.1 a card on the chain counts for what it will do; a lethal one is close to a win', () => {
    const { state, uid } = scenario({
      seats: [
        { mana: 5, field: ['brute-force'] },
        { life: 6, field: ['counter-hack'], mana: 2 },
      ],
    })
    const chained = act(state, 0, activate(uid(0, 'brute-force'))).state
    expect(E.status(chained).toAct).toEqual([1])
    expect(evaluate(chained, 0)).toBeGreaterThan(0.9)
    expect(evaluate(chained, 1)).toBeLessThan(0.1)
  })

  it('CN-6.13 CN-1.10 surviving the Climax by a little is less sure when the opponent still has hidden armed cards', () => {
    // Razorjack against Razorjack: 9 ATK against 2 DEF, so the Climax takes 7 life from each; seat 0 keeps 2, the
    // opponent falls to -4 unless its armed cards add that much (a draw)
    const at = (hidden: number) =>
      evaluate(
        scenario({
          seats: [
            { avatar: 'razorjack', life: 9 },
            { avatar: 'razorjack', life: 3, field: Array.from({ length: hidden }, () => 'data-spike') },
          ],
        }).state,
        0,
      )
    expect(at(0)).toBeGreaterThan(0.65)
    // more than the three cards' own worth (0.6 life each, about 0.05 of value in all)
    expect(at(0) - at(3)).toBeGreaterThan(0.1)
  })

  it('CN-1.8 CN-1.10 when the Climax would kill both, damage that kills before it is worth more than ATK for it', () => {
    const at = (field: string[]) =>
      evaluate(
        scenario({
          seats: [
            { avatar: 'razorjack', life: 3, mana: 2, abilityUsed: true, field },
            { avatar: 'razorjack', life: 2, abilityUsed: true },
          ],
        }).state,
        0,
      )
    // Overclocked Strike deals 2, the opponent's life; Neon Blade gives +3 ATK (and +1 more from Razorjack's passive)
    expect(at(['overclocked-strike'])).toBeGreaterThan(at(['neon-blade']) + 0.05)
    expect(at(['overclocked-strike'])).toBeGreaterThan(at([]) + 0.1)
  })

  it('CN-6.5 reads only what the seat sees: every determinized sample of a position gets the same value', () => {
    const decks = E.sampleDecks()
    let checked = 0
    randomPlayout(E, [decks[2]!.deck, decks[4]!.deck], {}, 'eval-view', {
      onStep: ({ after }) => {
        const s = after as CNState
        if (E.status(s).finished || checked++ % 7 !== 0) return
        for (const seat of [0, 1]) {
          const v = evaluate(s, seat)
          for (let k = 0; k < 3; k++)
            expect(evaluate(E.determinize!(s, seat, Random.fromSeed(`ev-${checked}-${k}`)), seat)).toBe(v)
        }
      },
    })
    expect(checked).toBeGreaterThan(20)
  })

  it('CN-1.9 CN-6.1 with the decks low, a card played now is one more drawn next round: the seat with the shorter deck is losing', () => {
    const deck = (n: number) => Array.from({ length: n }, () => 'data-spike')
    const at = (mine: number, theirs: number) =>
      evaluate(
        scenario({
          seats: [
            { deck: deck(mine), hand: ['ping'] },
            { deck: deck(theirs), hand: ['ping'] },
          ],
        }).state,
        0,
      )
    expect(at(20, 20)).toBeCloseTo(0.5, 1)
    expect(at(4, 6)).toBeLessThan(at(20, 22))
    expect(at(6, 4)).toBeGreaterThan(at(22, 20))
  })

  it('a one-ply greedy bot on it beats a uniform random bot clearly (70% of 40 seeded mirror games at least, seats alternated)', () => {
    const decks = E.sampleDecks()
    let wins = 0
    for (let g = 0; g < 40; g++) {
      const rng = Random.fromSeed(`greedy-${g}`)
      const greedy = g % 2
      const deck = decks[Math.floor(g / 2) % decks.length]!.deck
      let s = E.setup([deck, deck], {}, `greedy-${g}`)
      while (!E.status(s).finished) {
        const seat = rng.pick(E.status(s).toAct)
        const legal = E.legalActions(s, seat)
        let action = rng.pick(legal)
        if (seat === greedy) {
          const sample = E.determinize!(s, seat, rng)
          let best = -1
          for (const a of legal) {
            const v = evaluate(E.apply(sample, seat, a).state, seat)
            if (v > best) [best, action] = [v, a]
          }
        }
        s = E.apply(s, seat, action).state
      }
      if (E.status(s).winners!.includes(greedy)) wins++
    }
    expect(wins).toBeGreaterThanOrEqual(28)
  })
})
