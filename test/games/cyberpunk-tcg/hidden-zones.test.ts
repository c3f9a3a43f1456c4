// Property: what a seat is asked, and what the other seat may do, never depends on a hidden zone's contents (issue 23).
import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { randomPlayout } from '../../support/playout.ts'
import { Random } from '../../../src/kernel/index.ts'
import type { State } from '../../../src/games/cyberpunk-tcg/state.ts'
import type { Action } from '../../../src/games/cyberpunk-tcg/actions.ts'
import { cardOf, copy, E, randomDeck } from './helpers.ts'

/**
 * `s` with `seat`'s hidden cards dealt again: hand and deck shuffled together (sizes kept), face-down Legends swapped.
 */
function redeal(s: State, seat: number, r: Random): State {
  const t = copy(s)
  const p = t.players[seat]!
  const pool = r.shuffle([...p.hand, ...p.deck])
  p.hand = pool.slice(0, p.hand.length)
  p.deck = pool.slice(p.hand.length)
  const down = p.legends.flatMap((l, i) => (l && !l.faceUp ? [i] : []))
  const uids = r.shuffle(down.map(i => p.legends[i]!.uid))
  p.legends = p.legends.map((l, i) => (l && !l.faceUp ? { ...l, uid: uids[down.indexOf(i)]! } : l))
  return t
}

/**
 * `s` with everything hidden from `viewer` dealt again, as a test-side check independent of the engine's `determinize`
 * (for states with no open prompt or effect, where nothing hidden has been shown): the other seat's hand and deck
 * pooled (sizes kept), `viewer`'s own deck order, and every face-down Legend `viewer` has not looked at, among its
 * owner's face-down slots (a look follows its slot, as `lookLegend` makes it public by slot).
 */
function redealFor(s: State, viewer: number, r: Random): State {
  const t = copy(s)
  t.players.forEach((p, o) => {
    if (o === viewer) p.deck = r.shuffle(p.deck)
    else {
      const pool = r.shuffle([...p.hand, ...p.deck])
      p.hand = pool.slice(0, p.hand.length)
      p.deck = pool.slice(p.hand.length)
    }
    const peeked = new Set(p.legends.flatMap((l, i) => (l && !l.faceUp && p.peek.includes(l.uid) ? [i] : [])))
    const slots = p.legends.flatMap((l, i) => (l && !l.faceUp && !(o === viewer && peeked.has(i)) ? [i] : []))
    const uids = r.shuffle(slots.map(i => p.legends[i]!.uid))
    const faceDown = new Set(uids)
    p.legends = p.legends.map((l, i) => (l && slots.includes(i) ? { ...l, uid: uids[slots.indexOf(i)]! } : l))
    p.peek = [...p.peek.filter(u => !faceDown.has(u)), ...[...peeked].map(i => p.legends[i]!.uid)]
  })
  return t
}

/** Units, Gear and Programs whose effects choose among the cards of a hand or the top of a deck. */
const HIDDEN_ZONE_CARDS = [
  'judy-alvarez-nothing-to-doubt',
  'sketchy-ripper',
  'placide-voodoo-sentinel',
  'maman-brigitte-spirit-of-death',
  'yorinobu-arasaka-steel-dragon',
  'three-mouths-one-desire',
  'fool-on-the-hill',
]

describe('cyberpunk-tcg hidden zones (issue 23, CP-11.16 [001] 101)', () => {
  it("CP-11.16 [001] 101: re-dealing the hand, deck and face-down Legends of the seat not acting never changes which seats are asked, nor the acting seat's actions, before or after its action (random decks of every implemented card)", () => {
    fc.assert(
      fc.property(fc.integer(), seed => {
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

  it("CP-11.16 [001] 101: for each seat, re-dealing every zone hidden from it (both hands, both decks' order and unseen contents, face-down Legends) consistently with what it sees never changes which seats are asked, nor that seat's actions, at any decision or prompt — by the engine's determinize and by an independent re-deal (random decks of every implemented card)", () => {
    let checked = 0
    let prompts = 0
    let moved = 0
    fc.assert(
      fc.property(fc.integer(), seed => {
        const r = Random.fromSeed(`deck:${seed}`)
        const decks = [randomDeck(r), randomDeck(r)]
        const deal = Random.fromSeed(`redeal-all:${seed}`)
        randomPlayout(E, decks, { concedeListed: false }, `hidden-all:${seed}`, {
          maxSteps: 300,
          onStep: ({ after }) => {
            const s = after as State
            const asked = E.status(s)
            if (asked.finished) return
            for (const viewer of [0, 1]) {
              // a rival that opted in to auto-passing accepts that its timing shows if it holds an answer (issue 10)
              if (s.auto?.some(seat => seat !== viewer)) continue
              const actions = E.legalActions(s, viewer)
              const samples = [E.determinize!(s, viewer, deal) as State]
              if (!s.prompt && !s.frames.length) samples.push(redealFor(s, viewer, deal))
              for (const t of samples) {
                expect(E.view(t, viewer)).toEqual(E.view(s, viewer))
                expect(E.status(t).toAct).toEqual(asked.toAct)
                expect(E.legalActions(t, viewer)).toEqual(actions)
                // the check has teeth only where the sample really moved hidden cards
                if (JSON.stringify(t.players) !== JSON.stringify(s.players)) moved++
              }
              checked++
              if (s.prompt) prompts++
            }
          },
        })
      }),
      { numRuns: 40 },
    )
    expect(checked).toBeGreaterThan(1000)
    expect(prompts).toBeGreaterThan(20)
    expect(moved).toBeGreaterThan(checked)
  })

  it('CP-11.16 [001] 101: a sample for either seat at any prompt (determinize) is one that seat cannot tell from the real state, and play goes on from it — every action it lists applies (random decks, each featuring a card that looks into a hidden zone)', () => {
    fc.assert(
      fc.property(fc.integer(), fc.constantFrom(...HIDDEN_ZONE_CARDS), (seed, featured) => {
        const r = Random.fromSeed(`deck:${seed}`)
        const decks = [randomDeck(r, featured), randomDeck(r, featured)]
        const sample = Random.fromSeed(`sample:${seed}`)
        randomPlayout(E, decks, { concedeListed: false }, `sample:${seed}`, {
          maxSteps: 600,
          onStep: ({ before }) => {
            const b = before as State
            if (!b.prompt) return
            for (const viewer of [0, 1]) {
              let s = E.determinize!(b, viewer, sample) as State
              expect(E.view(s, viewer)).toEqual(E.view(b, viewer))
              // an option naming the top card of a deck shows that card to the seat asked: its sample keeps it on top
              const top = b.prompt.options.find(o => typeof o === 'string' && o.startsWith('top:'))
              if (viewer === b.prompt.seat && top !== undefined) {
                const deck = s.players[b.prompt.seat]!.deck
                expect(`top:${cardOf(s, deck[deck.length - 1]!)}`).toBe(top)
              }
              for (let k = 0; k < 4 && !E.status(s).finished; k++) {
                const who = sample.pick(E.status(s).toAct)
                s = E.apply(s, who, sample.pick(E.legalActions(s, who))).state as State
              }
            }
          },
        })
      }),
      { numRuns: 150 },
    )
  })
})
