// Homebrew cards of Cyber Net Cards in the engine: built-in cards as a set play identically, strict card checks, the
// vocabulary, the step limit.
import { createHash } from 'node:crypto'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { RulesLoop, type CardSetCards } from '../../../src/kernel/index.ts'
import { cyberNetCards as E } from '../../../src/games/cyber-net-cards/index.ts'
import { CARDS } from '../../../src/games/cyber-net-cards/data.ts'
import { checkCard } from '../../../src/games/cyber-net-cards/card-set.ts'
import { withStepLimit } from '../../../src/games/cyber-net-cards/effects.ts'
import type { CNState } from '../../../src/games/cyber-net-cards/state.ts'
import { randomPlayout } from '../../support/playout.ts'

const asJson = <T>(x: T): T => JSON.parse(JSON.stringify(x))
const BUILT_IN_SET: CardSetCards = { ref: 'built-in@1', cards: asJson(CARDS) }
const withSets = <D extends object>(deck: D, sets: string[]) => ({ ...deck, sets })

/**
 * A digest of one random game: every action and every event as every viewer sees them, and the final spectator view.
 */
function gameDigest(decks: unknown[], seed: string, sets?: CardSetCards[]): string {
  const hash = createHash('sha256')
  let state = E.setup(decks as never, {}, seed, sets)
  const result = randomPlayout({ ...E, setup: () => state } as never, decks, {}, seed, {
    onStep: ({ seat, action, events }) => hash.update(JSON.stringify({ seat, action, events })),
  })
  state = result.state as CNState
  const { cardSets: _sets, ...view } = E.view(state, null) as Record<string, unknown>
  hash.update(JSON.stringify(view))
  return hash.digest('hex')
}

describe('Cyber Net Cards homebrew cards (engine)', () => {
  it('every built-in card is a valid set card as it is (JSON), and parses back to itself', () => {
    for (const card of CARDS) {
      const checked = checkCard(asJson(card))
      expect(checked.ok, card.id).toBe(true)
      if (checked.ok) expect(checked.card).toEqual(card)
    }
  })

  it('CN-2.1 200 random games with the built-in cards and with the same cards as a set have equal digests', () => {
    const samples = E.sampleDecks().map(d => d.deck)
    const plain: string[] = []
    const homebrew: string[] = []
    for (let g = 0; g < 200; g++) {
      const pair = [samples[g % samples.length]!, samples[(g + 1 + (g % 3)) % samples.length]!]
      plain.push(gameDigest(pair, `digest-${g}`))
      homebrew.push(
        gameDigest(
          pair.map(d => withSets(d, ['built-in@1'])),
          `digest-${g}`,
          [BUILT_IN_SET],
        ),
      )
    }
    const all = (list: string[]) => createHash('sha256').update(list.join()).digest('hex')
    expect(all(homebrew)).toBe(all(plain))
    expect(new Set(plain).size).toBeGreaterThan(150) // the games differ: the digest is of real play
  })

  it('a set card resolves before the built-in card of the same id, and the view names the set', () => {
    const strong = { ...asJson(CARDS.find(c => c.id === 'data-spike')!), effect: [{ op: 'damage', n: 9 }] }
    const set: CardSetCards = { ref: 'set-a@2', cards: [strong] }
    const [deck0, deck1] = E.sampleDecks().map(d => d.deck)
    const state = E.setup([withSets(deck0!, ['set-a@2']), deck1!], {}, 'override', [set])
    expect(E.view(state, 0).cardSets).toEqual(['set-a@2'])
    expect(E.view(E.setup([deck0!, deck1!], {}, 'override'), 0).cardSets).toBeUndefined()
    const seat0Uid = state.cards.indexOf('data-spike')
    expect(seat0Uid).toBeLessThan(state.homebrew!.firstUid[1]!)
    expect(state.homebrew!.seatCards[0]!.map(c => c.id)).toEqual(['data-spike'])
    expect(state.homebrew!.seatCards[1]).toEqual([])
  })

  it('CN-2.1 a deck naming an unknown set or version is refused with UNKNOWN_CARD_SET; set cards count for the deck rules', () => {
    const deck = E.sampleDecks()[0]!.deck
    const report = E.validateDeck(withSets(deck, ['nope@1']), [BUILT_IN_SET])
    expect(report.violations.map(v => v.code)).toEqual(['UNKNOWN_CARD_SET'])
    const newCard = {
      id: 'glass-cannon',
      name: 'Glass Cannon',
      kind: 'offensive',
      cost: 1,
      effect: [{ op: 'damage', n: 3 }],
    }
    const set = { ref: 's@1', cards: [newCard] }
    const withNew = { ...deck, sets: ['s@1'], main: [...deck.main, { card: 'Glass Cannon', count: 4 }] }
    const codes = E.validateDeck(withNew, [set]).violations.map(v => v.code)
    expect(codes).toContain('TOO_MANY_COPIES') // CN-2.2 applies to set cards
    expect(codes).not.toContain('UNKNOWN_CARD')
    expect(E.validateDeck(withNew).violations.map(v => v.code)).toContain('UNKNOWN_CARD_SET')
  })

  it('a card whose effects exceed the step limit fails the action with RULES_LOOP naming it; the state is unchanged', () => {
    const burst = {
      id: 'burst',
      name: 'Burst',
      kind: 'ability',
      cost: 0,
      effect: Array.from({ length: 8 }, () => ({ op: 'damage', n: 1 })),
    }
    const set = { ref: 'loop@1', cards: [burst] }
    const [deck0, deck1] = E.sampleDecks().map(d => d.deck)
    const only = {
      avatar: deck0!.avatar,
      main: [
        { card: 'burst', count: 3 },
        { card: 'data-spike', count: 3 },
        { card: 'sandbox', count: 3 },
        { card: 'ping', count: 3 },
        { card: 'patch-update', count: 3 },
        { card: 'cache-reserve', count: 3 },
        { card: 'quick-patch', count: 2 },
      ],
      sets: ['loop@1'],
    }
    let state = E.setup([only, deck1!], {}, 'loop', [set])
    // play until seat 0 can activate Burst, then activate it under a limit of 5 steps
    for (let i = 0; i < 2000; i++) {
      const st = E.status(state)
      expect(st.finished).toBe(false)
      const seat = st.toAct[0]!
      const actions = E.legalActions(state, seat)
      const activate = actions.find(a => a.type === 'activate' && state.cards[a.card] === 'burst')
      if (seat === 0 && activate !== undefined) {
        // under a limit of 5 steps: activate Burst, then let it resolve (the other seat does not answer)
        let error: unknown
        withStepLimit(5, () => {
          let s = E.apply(state, 0, activate).state
          for (let k = 0; k < 10 && error === undefined; k++) {
            const next = E.status(s).toAct[0]!
            const before = JSON.stringify(s)
            try {
              s = E.apply(
                s,
                next,
                E.legalActions(s, next).find(a => a.type === 'pass')!,
              ).state
            } catch (e) {
              error = e
              expect(JSON.stringify(s)).toBe(before)
            }
          }
        })
        expect(error).toBeInstanceOf(RulesLoop)
        expect((error as RulesLoop).card).toBe('burst')
        expect((error as RulesLoop).message).toContain('Burst')
        expect((error as RulesLoop).set).toBe('loop@1')
        // within the normal limit the same card resolves
        let s = E.apply(state, 0, activate).state
        const next = E.status(s).toAct[0]!
        s = E.apply(
          s,
          next,
          E.legalActions(s, next).find(a => a.type === 'pass')!,
        ).state
        expect(s.players[1]!.life).toBe(state.players[1]!.life - 8)
        return
      }
      const place = actions.find(a => a.type === 'place' && a.cards.some(u => state.cards[u] === 'burst'))
      state = E.apply(state, seat, place ?? actions.find(a => a.type === 'pass') ?? actions[0]!).state
    }
    throw new Error('Burst was never playable')
  })

  it("every vocabulary word's example is accepted as it is and its text is the card's generated text", () => {
    const v = E.cardSupport!.vocabulary
    expect(v.operations.map(w => w.word).sort()).toEqual([
      'atk',
      'coal',
      'damage',
      'def',
      'draw',
      'heal',
      'mana',
      'moveCoal',
      'negate',
      'purge',
      'rollback',
    ])
    for (const group of Object.values(v)) {
      expect(group.length).toBeGreaterThan(0)
      for (const w of group) {
        const checked = checkCard(asJson(w.example))
        expect(checked.ok, w.word).toBe(true)
        if (checked.ok) expect(checked.text).toBe(w.text)
        expect(JSON.stringify(w.example)).toContain(
          w.word === 'effect' || w.word === 'round' || w.word === 'lasting' ? '' : w.word,
        )
      }
    }
  })

  it('unknown words and keys are refused with their path and, for a word, the words the place takes', () => {
    const base = { id: 'x', name: 'X', kind: 'offensive', cost: 1, effect: [{ op: 'damage', n: 1 }] }
    const unknownOp = checkCard({ ...base, effect: [{ op: 'loop' }] })
    expect(unknownOp).toMatchObject({ ok: false, problem: { path: ['effect', 0, 'op'] } })
    expect(!unknownOp.ok && unknownOp.problem.words).toContain('damage')
    expect(checkCard({ ...base, extra: true })).toMatchObject({ ok: false, problem: { path: ['extra'] } })
    expect(checkCard({ ...base, effect: [{ op: 'damage', n: 1e12 }] })).toMatchObject({
      ok: false,
      problem: { path: ['effect', 0, 'n'] },
    })
    expect(checkCard({ ...base, effect: Array.from({ length: 9 }, () => ({ op: 'draw', n: 1 })) })).toMatchObject({
      ok: false,
      problem: { path: ['effect'] },
    })
    expect(checkCard({ ...base, effect: [{ op: 'atk', n: 1, who: 'both' }] })).toMatchObject({
      ok: false,
      problem: { path: ['effect', 0, 'who'], words: ['self', 'opp'] },
    })
  })

  it('any JSON is either a card or refused with a path into it, never an exception', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 6 }), value => {
        const checked = checkCard(value)
        if (!checked.ok) expect(Array.isArray(checked.problem.path)).toBe(true)
      }),
      { numRuns: 500 },
    )
  })
})
