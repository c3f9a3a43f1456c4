// determinize: the view is kept, every unseen card is re-dealt uniformly, nothing of the real hidden arrangement leaks.
import { describe, expect, it } from 'vitest'
import { Random } from '../../../src/kernel/index.ts'
import type { State } from '../../../src/games/cyberpunk-tcg/state.ts'
import { randomPlayout } from '../../support/playout.ts'
import {
  act,
  attack,
  blank,
  cardOf,
  copy,
  deckOf,
  E,
  EBP,
  eddies,
  gear,
  gigs,
  give,
  handOf,
  HEIST,
  legends,
  legendsOf,
  peekOf,
  pick,
  promptOf,
  randomDeck,
  started,
  topDeck,
  unit,
} from './helpers.ts'

const det = (s: State, seat: number, seed: string) => E.determinize!(s, seat, Random.fromSeed(seed))

/** Plays uniformly at random to the end; fails on any error. */
function playOut(s: State, seed: string): State {
  const r = Random.fromSeed(seed)
  for (let i = 0; i < 20_000 && !E.status(s).finished; i++) {
    const seat = r.pick(E.status(s).toAct)
    s = E.apply(s, seat, r.pick(E.legalActions(s, seat))).state
  }
  return s
}

describe('cyberpunk-tcg determinize', () => {
  it('CP-8.1 at random points of random-deck games: both views kept, same seat to act, input untouched, and it plays to the end', () => {
    let checked = 0
    for (let g = 0; g < 12; g++) {
      const r = Random.fromSeed(`det-deck:${g}`)
      randomPlayout(E, [randomDeck(r), randomDeck(r)], { concedeListed: false }, `det:${g}`, {
        onStep: ({ after }) => {
          const s = after as State
          if (E.status(s).finished || r.int(0, 4) !== 0) return
          for (const seat of [0, 1]) {
            const before = JSON.stringify(s)
            const d = det(s, seat, `d:${g}:${checked}`)
            expect(JSON.stringify(s)).toBe(before)
            expect(E.view(d, seat)).toEqual(E.view(s, seat))
            expect(E.view(d, null)).toEqual(E.view(s, null))
            expect(E.status(d)).toEqual(E.status(s))
            expect(E.legalActions(d, seat)).toEqual(E.legalActions(s, seat))
            if (checked++ % 15 === 0) expect(E.status(playOut(d, `p:${checked}`)).finished).toBe(true)
          }
        },
      })
    }
    expect(checked).toBeGreaterThan(200)
  })

  it("re-deals the rival's hand and both decks (zone sizes kept), keeps the own hand, and re-seeds the generator", () => {
    const s = started()
    const d = det(s, 0, 'a')
    expect(handOf(d, 0)).toEqual(handOf(s, 0))
    expect(handOf(d, 1)).not.toEqual(handOf(s, 1))
    expect(deckOf(d, 0)).not.toEqual(deckOf(s, 0))
    expect(deckOf(d, 1)).not.toEqual(deckOf(s, 1))
    for (const p of [0, 1]) {
      expect(handOf(d, p).length).toBe(handOf(s, p).length)
      expect([...deckOf(d, p), ...handOf(d, p)].sort()).toEqual([...s.players[p]!.deck, ...s.players[p]!.hand].sort())
    }
    expect(d.rng).not.toEqual(s.rng)
    expect(det(s, 0, 'a')).toEqual(d)
  })

  it('CP-1.5 CP-7.4 a face-down Legend its owner looked at stays; the others and every rival face-down Legend are re-dealt', () => {
    const s = blank()
    legends(s, 0, ['v-corporate-exile', 'viktor-vektor-sit-down-and-relax', 'jackie-welles-pour-one-out-for-me'], false)
    const a = unit(s, 0, 'psycho-squad')
    gear(s, a, 'kiroshi-optics')
    gigs(s, 1, [[4, 2]])
    const r = pick(attack(s, a, 'gigs').s, 1).s
    const looked = r.players[0]!.legends[1]!.uid
    const moved = new Set<string>()
    for (let k = 0; k < 40; k++) {
      const mine = det(r, 0, `m${k}`)
      expect(legendsOf(mine, 0)[1]!.uid).toBe(looked)
      const theirs = det(r, 1, `t${k}`)
      // seat 1 does not know which Legend seat 0 looked at, but seat 0 still knows the one in slot 2
      expect(peekOf(theirs, 0)).toContain(legendsOf(theirs, 0)[1]!.uid)
      expect(E.view(theirs, 1)).toEqual(E.view(r, 1))
      moved.add(theirs.cards[theirs.players[0]!.legends[1]!.uid]!)
    }
    expect(moved.size).toBe(3)
  })

  it('CR 11.13 a search keeps the cards it shows on top of the deck for the searcher; for its rival they are hidden, so they are re-dealt and the search is asked again from the sample', () => {
    const s = blank()
    legends(s, 0, ['v-corporate-exile', 'viktor-vektor-sit-down-and-relax', 'jackie-welles-pour-one-out-for-me'], false)
    eddies(s, 0, 1)
    topDeck(s, 0, 'kiroshi-optics')
    topDeck(s, 0, 'mantis-blades')
    const r = act(s, 0, { type: 'call', slot: 1, pay: [] }).s
    expect(promptOf(r)!.seen).toHaveLength(5)
    const top = r.players[0]!.deck.slice(-5)
    const mine = det(r, 0, 's0')
    expect(deckOf(mine, 0).slice(-5)).toEqual(top)
    expect(deckOf(mine, 0)).not.toEqual(deckOf(r, 0))
    const taken = pick(pick(mine, 'mantis-blades').s, 'kiroshi-optics').s
    expect(handOf(taken, 0).map(u => cardOf(taken, u))).toEqual(['mantis-blades', 'kiroshi-optics'])
    const tops = new Set<string>()
    for (let k = 0; k < 20; k++) {
      const theirs = det(r, 1, `s1:${k}`)
      expect(E.view(theirs, 1)).toEqual(E.view(r, 1))
      // the prompt shows the sampled top five and offers only Gear among them, so whatever the searcher picks is there
      const shown = theirs.players[0]!.deck.slice(-5).map(u => theirs.cards[u]!)
      expect(promptOf(theirs)!.seen).toEqual(shown)
      for (const o of promptOf(theirs)!.options) if (o !== 'none') expect(shown).toContain(o)
      tops.add(shown.join())
      const first = theirs.prompt!.options[0] as string
      const after = pick(theirs, first).s
      if (first !== 'none') expect(handOf(after, 0).map(u => cardOf(after, u))).toContain(first)
    }
    expect(tops.size).toBeGreaterThan(10)
  })

  it('CR 9.23.4 a rival prompt the sample cannot ask again is kept, and a copy of each card it names is dealt into that hand (any copy, never the real one pinned)', () => {
    // Mother of Daemons: seat 1 may discard a card costing 5 so that the Gig is not stolen; it holds one Chrome Fang
    // and another lies in its deck among Psycho Squads
    const s = blank()
    const u = unit(s, 0, 'psycho-squad')
    gigs(s, 1, [[8, 5]])
    unit(s, 1, 'alt-cunningham-mother-of-daemons')
    const held = give(s, 1, 'chrome-fang')[0]!
    const spare = topDeck(s, 1, 'chrome-fang')
    for (let k = 0; k < 6; k++) topDeck(s, 1, 'psycho-squad')
    give(s, 1, 'psycho-squad')
    const r = attack(s, u, 'gigs').s
    expect(promptOf(r)).toMatchObject({ seat: 1, options: ['chrome-fang', 'none'] })
    // a prompt no sample asks again (its label changed by hand): every re-deal is refused, so the fallback deals
    const stuck = copy(r)
    stuck.prompt = { ...r.prompt!, label: 'a prompt the rules never ask' }
    const dealt = new Set<number>()
    for (let k = 0; k < 10; k++) {
      const d = det(stuck, 0, `stuck:${k}`)
      expect(E.view(d, 0)).toEqual(E.view(stuck, 0))
      expect(promptOf(d)).toEqual(promptOf(stuck))
      const fangs = d.players[1]!.hand.filter(x => d.cards[x] === 'chrome-fang')
      expect(fangs).toHaveLength(1)
      dealt.add(fangs[0]!)
      expect([...handOf(d, 1), ...deckOf(d, 1)].sort()).toEqual(
        [...stuck.players[1]!.hand, ...stuck.players[1]!.deck].sort(),
      )
    }
    // the copy in hand is any of seat 1's Chrome Fangs, not the one it really holds
    expect(dealt.size).toBeGreaterThan(1)
    expect(dealt).toContain(spare)
    expect(dealt).toContain(held)
  })

  it('no leak: two real states a seat cannot tell apart give the very same samples, and a rival card stays in hand at chance rate', () => {
    let s = E.setup([HEIST, EBP], E.schemas.options.parse({ concedeListed: false }), 'leak')
    const r = Random.fromSeed('leak-play')
    for (let i = 0; i < 40; i++) {
      const seat = E.status(s).toAct[0]!
      s = E.apply(s, seat, r.pick(E.legalActions(s, seat))).state
    }
    const seat = E.status(s).toAct[0]!
    const other = det(s, seat, 'another real state')
    expect(handOf(other, 1 - seat)).not.toEqual(handOf(s, 1 - seat))
    for (let k = 0; k < 50; k++) expect(det(other, seat, `k${k}`)).toEqual(det(s, seat, `k${k}`))
    // each of the rival's real hand cards stays in its hand with probability hand / (hand + deck)
    const hand = s.players[1 - seat]!.hand
    const p = hand.length / (hand.length + s.players[1 - seat]!.deck.length)
    const N = 2000
    let stayed = 0
    for (let k = 0; k < N; k++) {
      const d = det(s, seat, `n${k}`)
      stayed += hand.filter(u => d.players[1 - seat]!.hand.includes(u)).length
    }
    const mean = stayed / (N * hand.length)
    expect(Math.abs(mean - p)).toBeLessThan(4 * Math.sqrt((p * (1 - p)) / (N * hand.length)))
  })
})
