// Determinization (Decision 26): a full state consistent with all one seat sees, the cards it cannot see re-dealt.
import { describe, expect, it } from 'vitest'
import { Random } from '../../../src/kernel/index.ts'
import type { CNState } from '../../../src/games/cyber-net-cards/state.ts'
import { randomPlayout } from '../../support/playout.ts'
import { act, activate, E, sampleDeck, scenario } from './helpers.ts'

const zones = (s: CNState, seat: number) => {
  const p = s.players[seat]!
  const ids = (uids: number[]) => uids.map(u => s.cards[u]!)
  return { deck: ids(p.deck), hand: ids(p.hand), field: ids(p.field) }
}
const sorted = (xs: string[]) => xs.slice().sort()

/** Random states of games between every pair of sample decks, ties included. */
function states(): CNState[] {
  const out: CNState[] = []
  const decks = E.sampleDecks()
  decks.forEach((a, i) => {
    const pick = Random.fromSeed(`det-states-${i}`)
    randomPlayout(E, [a.deck, decks[(i + 2) % decks.length]!.deck], {}, `det-${i}-c`, {
      onStep: ({ after }) => {
        const s = after as CNState
        if (!E.status(s).finished && (s.pending !== undefined || pick.int(0, 5) === 0)) out.push(s)
      },
    })
  })
  return out
}

describe('determinize', () => {
  const sample = states()

  it('CN-6.5 CN-1.6 keeps the view of the seat (ties waiting included), who is to act, and every zone size; never changes its input', () => {
    expect(sample.some(s => s.pending !== undefined)).toBe(true)
    sample.forEach((s, k) => {
      for (const seat of [0, 1]) {
        const before = JSON.stringify(s)
        const d = E.determinize!(s, seat, Random.fromSeed(`keep-${k}`))
        expect(JSON.stringify(s)).toBe(before)
        expect(E.view(d, seat)).toEqual(E.view(s, seat))
        expect(E.status(d)).toEqual(E.status(s))
        for (const owner of [0, 1]) {
          const [real, dz] = [zones(s, owner), zones(d, owner)]
          expect([dz.deck.length, dz.hand.length, dz.field.length]).toEqual([
            real.deck.length,
            real.hand.length,
            real.field.length,
          ])
          // the owner's unseen cards are re-dealt among its own unseen places
          expect(sorted([...dz.deck, ...dz.hand, ...dz.field])).toEqual(
            sorted([...real.deck, ...real.hand, ...real.field]),
          )
          if (owner === seat) expect([dz.hand, dz.field]).toEqual([real.hand, real.field])
        }
        expect(d.rng).not.toEqual(s.rng)
      }
    })
  })

  it('CN-6.3 the unseen cards are really re-dealt: the opponent hand and the deck order change between samples', () => {
    const s = E.setup([sampleDeck('Cipher Control'), sampleDeck('Firewall Fortress')], {}, 'redeal')
    const hands = new Set<string>()
    const tops = new Set<string>()
    for (let k = 0; k < 40; k++) {
      const d = E.determinize!(s, 0, Random.fromSeed(`redeal-${k}`))
      hands.add(sorted(zones(d, 1).hand).join())
      tops.add(zones(d, 0).deck[0]!)
    }
    expect(hands.size).toBeGreaterThan(20)
    expect(tops.size).toBeGreaterThan(5)
  })

  it('CN-6.5 the sample does not depend on the hidden arrangement: states that differ only in unseen cards give the same sample', () => {
    const s = E.setup([sampleDeck('Neon Assault'), sampleDeck('Firewall Fortress')], {}, 'no-leak')
    // swap the identities of a card in seat 1's hand and one in its deck: seat 0 cannot tell the two states apart
    const other = structuredClone(s)
    const [h, d] = [
      other.players[1]!.hand[0]!,
      other.players[1]!.deck.find(u => s.cards[u] !== s.cards[other.players[1]!.hand[0]!])!,
    ]
    ;[other.cards[h], other.cards[d]] = [other.cards[d]!, other.cards[h]!]
    expect(E.view(other, 0)).toEqual(E.view(s, 0))
    expect(E.view(other, 1)).not.toEqual(E.view(s, 1))
    for (let k = 0; k < 10; k++) {
      expect(E.determinize!(other, 0, Random.fromSeed(`leak-${k}`))).toEqual(
        E.determinize!(s, 0, Random.fromSeed(`leak-${k}`)),
      )
    }
  })

  it('CN-5.3 CN-8.2 a determinized waiting coal tie plays on: the sample keeps what forced the steps there, and the pick replays it to the end', () => {
    const { state, uid } = scenario({
      seats: [
        {
          avatar: 'copper-duchess',
          field: ['stoke-the-fire', 'sandbox'],
          mana: 1,
          equipped: [{ card: 'nano-vest' }, { card: 'data-glove' }],
        },
        {
          field: ['sandbox', 'brute-force'],
          hand: ['worm', 'reboot'],
          deck: ['brute-force', 'defrag', 'sandbox', 'ping'],
        },
      ],
    })
    const tied = act(state, 0, activate(uid(0, 'stoke-the-fire'))).state
    expect(tied.pending).toBeDefined()
    let d = E.determinize!(tied, 0, Random.fromSeed('tie'))
    expect(E.view(d, 0)).toEqual(E.view(tied, 0))
    expect(d.pending!.base.cards).toBe(d.cards)
    // whatever seat 1 is dealt, the pick resolves the tie (it could not answer Stoke the Fire, so it is never dealt an
    // answer)
    for (let k = 0; k < 30; k++) {
      const other = E.determinize!(tied, 0, Random.fromSeed(`tie-${k}`))
      const picked = E.apply(other, 0, E.legalActions(other, 0)[0]!).state
      expect(picked.chain).toEqual([])
      expect(picked.players[0]!.lasting.map(l => l.coal)).toEqual([2, 0])
    }
    const chooser = Random.fromSeed('tie-play')
    for (let i = 0; i < 5000 && !E.status(d).finished; i++) {
      const seat = chooser.pick(E.status(d).toAct)
      d = E.apply(d, seat, chooser.pick(E.legalActions(d, seat))).state
    }
    expect(E.status(d).finished).toBe(true)
  })
})
