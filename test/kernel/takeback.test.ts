// The takeback check (kernel/takeback.ts): RANDOM_USED when the generator moved, HIDDEN_REVEALED when a seat came to
// see something hidden from it (a secret event, a card newly in its view, a view that depends on what it could not
// see).
import { describe, expect, it } from 'vitest'
import type { AnyEngine } from '../../src/kernel/index.ts'
import { undoBlock } from '../../src/kernel/takeback.ts'
import { raceGame, type RaceState } from '../support/test-game.ts'

const race = raceGame as AnyEngine
const start = (): RaceState =>
  race.setup([{ cards: [1, 2, 3, 4, 5] }, { cards: [5, 6, 7, 8, 9] }], { target: 1000 }, 'undo') as RaceState

describe('undoBlock', () => {
  it('RANDOM_USED after a die roll, HIDDEN_REVEALED after a draw, null for a step that only moves what every seat sees', () => {
    const s = start()
    const rolled = race.apply(s, 0, { type: 'roll' })
    expect(
      undoBlock(race, { before: s, after: rolled.state, seat: 0, action: { type: 'roll' }, events: rolled.events }, 2),
    ).toBe('RANDOM_USED')
    const played = race.apply(s, 0, { type: 'play', card: s.hands[0]![0]! })
    expect(
      undoBlock(
        race,
        {
          before: s,
          after: played.state,
          seat: 0,
          action: { type: 'play', card: s.hands[0]![0]! },
          events: played.events,
        },
        2,
      ),
    ).toBe('HIDDEN_REVEALED')
    const passed = { ...s, turn: 1 }
    expect(
      undoBlock(
        race,
        { before: s, after: passed, seat: 0, action: { type: 'pass' }, events: [{ type: 'passed', seat: 0 }] },
        2,
      ),
    ).toBeNull()
  })

  it('HIDDEN_REVEALED when a card comes into a seat’s sight without any secret event (a card played from a hidden hand)', () => {
    // A game whose view shows a seat its own hand and everyone the table, by card id.
    type Table = { hands: string[][]; table: string[] }
    const cards = ['ace', 'king', 'queen'].map(id => ({ id, name: id, type: 'card', data: null }))
    const game = {
      cards: () => cards,
      view: (s: Table, seat: number | null) => ({ hand: seat === null ? null : s.hands[seat], table: s.table }),
    } as unknown as AnyEngine
    const before: Table = { hands: [['ace', 'king'], ['queen']], table: [] }
    const played: Table = { hands: [['king'], ['queen']], table: ['ace'] }
    expect(
      undoBlock(
        game,
        {
          before,
          after: played,
          seat: 0,
          action: { type: 'play', card: 'ace' },
          events: [{ type: 'played', seat: 0, card: 'ace' }],
        },
        2,
      ),
    ).toBe('HIDDEN_REVEALED')
    // Moved from the table to the other side of the table: every seat saw it before and after.
    const moved: Table = { hands: [['king'], ['queen']], table: ['ace'] }
    expect(
      undoBlock(
        game,
        { before: moved, after: { ...moved, table: ['ace'] }, seat: 0, action: { type: 'look' }, events: [] },
        2,
      ),
    ).toBeNull()
  })

  it('HIDDEN_REVEALED when what a seat sees after a decision depends on what it could not see (engine.determinize redraws it)', () => {
    // Seat 0 asks whether the other hand holds the ace: the answer names no card, yet tells seat 0 about a hidden one.
    type Guess = { hands: string[][]; answer: boolean | null; turn: number }
    const game = {
      cards: () => [],
      view: (s: Guess, seat: number | null) => ({
        hand: seat === null ? null : s.hands[seat],
        sizes: s.hands.map(h => h.length),
        answer: s.answer,
        turn: s.turn,
      }),
      apply: (s: Guess, seat: number, action: { type: string }) => ({
        state:
          action.type === 'ask'
            ? { ...s, answer: s.hands[1 - seat]!.includes('ace'), turn: 1 - seat }
            : { ...s, turn: 1 - seat },
        events: [],
      }),
      // What a seat cannot see is the other hand: redrawn here as the card it is not (a real engine shuffles).
      determinize: (s: Guess, viewer: number) => ({
        ...s,
        hands: s.hands.map((h, i) => (i === viewer ? h : h.map(c => (c === 'ace' ? 'king' : 'ace')))),
      }),
    } as unknown as AnyEngine
    const before: Guess = { hands: [['queen'], ['ace']], answer: null, turn: 0 }
    const ask = (action: { type: string }) => ({
      before,
      after: game.apply(before, 0, action).state,
      seat: 0,
      action,
      events: [],
    })
    expect(undoBlock(game, ask({ type: 'ask' }), 2)).toBe('HIDDEN_REVEALED')
    expect(undoBlock(game, ask({ type: 'wait' }), 2)).toBeNull()
  })
})
