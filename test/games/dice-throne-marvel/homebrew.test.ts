// Homebrew cards of Marvel Dice Throne in the engine: built-in cards as a set play identically, deck rules for set
// cards, strict card checks, the vocabulary, testCard and the step limit.
import { createHash } from 'node:crypto'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { RulesLoop, type CardSetCards } from '../../../src/kernel/index.ts'
import { diceThroneMarvel as E } from '../../../src/games/dice-throne-marvel/index.ts'
import { CARDS } from '../../../src/games/dice-throne-marvel/data.ts'
import { checkCard, MAX_CARD_DEPTH } from '../../../src/games/dice-throne-marvel/card-set.ts'
import { withStepLimit } from '../../../src/games/dice-throne-marvel/effects.ts'
import type { DTState } from '../../../src/games/dice-throne-marvel/state.ts'
import { randomPlayout } from '../../support/playout.ts'

const asJson = <T>(x: T): T => JSON.parse(JSON.stringify(x))
const BUILT_IN_SET: CardSetCards = { ref: 'built-in@1', cards: asJson(Object.values(CARDS)) }
const pick = () => undefined

/** A digest of one random game: every action and every event, and the final spectator view (without its sets). */
function gameDigest(decks: unknown[], seed: string, sets?: CardSetCards[]): string {
  const hash = createHash('sha256')
  const state = E.setup(decks as never, {}, seed, sets)
  const result = randomPlayout({ ...E, setup: () => state } as never, decks, {}, seed, {
    onStep: ({ seat, action, events }) => hash.update(JSON.stringify({ seat, action, events })),
  })
  const { cardSets: _sets, ...view } = E.view(result.state as DTState, null) as Record<string, unknown>
  hash.update(JSON.stringify(view))
  return hash.digest('hex')
}

/** A new card made only of vocabulary words: a Main Phase card any hero may hold. */
const LUCKY_SHOT = {
  id: 'lucky-shot',
  name: 'Lucky Shot!',
  hero: null,
  cost: 1,
  timing: 'main',
  ops: [
    {
      op: 'rollOne',
      for: 'lucky-shot',
      byValue: [
        [{ op: 'heal', n: 1 }],
        [{ op: 'heal', n: 1 }],
        [{ op: 'cp', n: 1 }],
        [{ op: 'cp', n: 2 }],
        [{ op: 'isolated', n: 2, dt: 'undefendable' }],
        [{ op: 'isolated', n: 3, dt: 'undefendable' }],
      ],
    },
  ],
  count: 2,
}

describe('Marvel Dice Throne homebrew cards (engine)', () => {
  it('every built-in card (41 actions and 21 upgrades) is a valid set card as it is (JSON), and parses back to itself', () => {
    const cards = Object.values(CARDS)
    expect(cards.filter(c => c.timing !== 'upgrade')).toHaveLength(41)
    for (const card of cards) {
      const checked = checkCard(asJson(card))
      expect(checked.ok, card.id).toBe(true)
      if (checked.ok) expect(checked.card).toEqual(card)
    }
  })

  it('DT-13.3 200 random games with the built-in cards and with the same cards as a set have equal digests', () => {
    const heroes = E.sampleDecks().map(d => d.deck)
    const plain: string[] = []
    const homebrew: string[] = []
    for (let g = 0; g < 200; g++) {
      const pair = [heroes[g % heroes.length]!, heroes[(g + 1 + (g % 3)) % heroes.length]!]
      plain.push(gameDigest(pair, `digest-${g}`))
      homebrew.push(
        gameDigest(
          pair.map(d => ({ ...d, sets: ['built-in@1'] })),
          `digest-${g}`,
          [BUILT_IN_SET],
        ),
      )
    }
    const all = (list: string[]) => createHash('sha256').update(list.join()).digest('hex')
    expect(all(homebrew)).toBe(all(plain))
    expect(new Set(plain).size).toBeGreaterThan(150) // the games differ: the digest is of real play
  })

  it('a set card replaces the built-in card of its id; `cards` adds new ones; the view names the sets', () => {
    const cheaper = { ...asJson(CARDS['six-it']!), cost: 0 }
    const set: CardSetCards = { ref: 'set-a@2', cards: [cheaper, LUCKY_SHOT] }
    const state = E.setup([{ hero: 'thor', sets: ['set-a@2'], cards: ['Lucky Shot!'] }, { hero: 'loki' }], {}, 'x', [
      set,
    ])
    expect(E.view(state, 0).cardSets).toEqual(['set-a@2'])
    expect(E.view(E.setup([{ hero: 'thor' }, { hero: 'loki' }], {}, 'x'), 0).cardSets).toBeUndefined()
    expect(state.homebrew!.seatCards[0]!.map(c => c.id)).toEqual(['six-it', 'lucky-shot'])
    expect(state.homebrew!.seatCards[1]).toEqual([])
    const thor = state.p[0]!
    const all = [...thor.hand, ...thor.deck]
    expect(all.filter(id => id === 'lucky-shot')).toHaveLength(2) // its `count`
    expect(all).toHaveLength(17 + 15 + 2)
  })

  it('DT-13.3 deck rules for set cards: unknown set, unknown or duplicate added card, another hero’s card, bad upgrade', () => {
    const set: CardSetCards = {
      ref: 's@1',
      cards: [
        LUCKY_SHOT,
        { ...LUCKY_SHOT, id: 'loki-trick', name: 'Loki Trick', hero: 'loki' },
        {
          ...asJson(CARDS['hex-bolt-ii']!),
          id: 'hex-bolt-iv',
          name: 'Hex Bolt IV',
          upgrade: { target: 'hex-bolt', level: 3, kind: 'offensive' },
        },
        {
          ...asJson(CARDS['hex-bolt-ii']!),
          id: 'jinx-ii',
          name: 'Jinx II',
          upgrade: { target: 'jinx', level: 2, kind: 'offensive' },
        },
      ],
    }
    const codes = (deck: object) => E.validateDeck(deck as never, [set]).violations.map(v => v.code)
    expect(codes({ hero: 'thor', sets: ['nope@1'] })).toEqual(['UNKNOWN_CARD_SET'])
    expect(codes({ hero: 'thor', sets: ['s@1'], cards: ['lucky-shot'] })).toEqual([])
    expect(codes({ hero: 'thor', sets: ['s@1'], cards: ['ghost'] })).toEqual(['UNKNOWN_CARD'])
    expect(codes({ hero: 'thor', sets: ['s@1'], cards: ['lucky-shot', 'Lucky Shot!'] })).toEqual(['DUPLICATE_CARD'])
    expect(codes({ hero: 'thor', sets: ['s@1'], cards: ['loki-trick'] })).toEqual(['HERO_CARD'])
    expect(codes({ hero: 'loki', sets: ['s@1'], cards: ['loki-trick'] })).toEqual([])
    expect(codes({ hero: 'scarlet-witch', sets: ['s@1'], cards: ['hex-bolt-iv'] })).toEqual([])
    expect(codes({ hero: 'scarlet-witch', sets: ['s@1'], cards: ['jinx-ii'] })).toEqual(['UPGRADE_TARGET'])
  })

  it('a homebrew card of a new id is listed, has an index in the action space, and plays', () => {
    const set: CardSetCards = { ref: 's@1', cards: [LUCKY_SHOT] }
    const decks = [
      { hero: 'spider-man', sets: ['s@1'], cards: ['lucky-shot'] },
      { hero: 'loki', sets: ['s@1'], cards: ['lucky-shot'] },
    ]
    let played = 0
    for (let g = 0; g < 20 && played === 0; g++) {
      const state = E.setup(decks as never, {}, `new-${g}`, [set])
      randomPlayout({ ...E, setup: () => state } as never, decks, {}, `new-${g}`, {
        onStep: ({ before: s, seat, action }) => {
          if ((action as { type: string; card?: string }).card === 'lucky-shot' && action.type === 'play') played++
          const index = E.actionIndex(s as DTState, seat, action as never)
          expect(E.actionFromIndex(s as DTState, seat, index)).toEqual(action)
        },
      })
    }
    expect(played).toBeGreaterThan(0)
  })

  it('testCard plays a card in the Main Phase and a Roll Phase card on given dice, the other seat passing', () => {
    const support = E.cardSupport!
    const trial = support.tryCard(LUCKY_SHOT, { players: [{ resources: { cp: 3 } }] }, [], pick)
    if ('problem' in trial) throw new Error(trial.problem.message)
    expect(trial.played).toMatchObject({ type: 'play', card: 'lucky-shot' })
    expect(trial.events.some(e => e.type === 'roll' && (e as { for?: string }).for === 'lucky-shot')).toBe(true)
    expect((trial.after as DTState).p[0]!.hand).not.toContain('lucky-shot')
    const sixIt = support.tryCard(
      CARDS['six-it'],
      { step: 'offensiveRoll', dice: [1, 1, 1, 1, 1], players: [{ hero: 'thor', statuses: { electrokinesis: 2 } }] },
      [],
      pick,
    )
    if ('problem' in sixIt) throw new Error(sixIt.problem.message)
    expect(sixIt.played).toMatchObject({ type: 'play', card: 'six-it', die: 0 })
    expect((sixIt.after as DTState).roll!.dice).toEqual([6, 1, 1, 1, 1])
    expect((sixIt.before as DTState).p[0]!.st).toEqual({ electrokinesis: 2 })
    const bad = support.tryCard(LUCKY_SHOT, { players: [{ zones: { hand: ['nope'] } }] }, [], pick)
    expect(bad).toMatchObject({ problem: { path: ['players', 0, 'zones', 'hand', 0] } })
    expect(support.tryCard(LUCKY_SHOT, { turn: 3 }, [], pick)).toMatchObject({ problem: { path: ['turn'] } })
  })

  it('a card whose effects exceed the step limit fails the action with RULES_LOOP naming it; the state is unchanged', () => {
    const burst = {
      id: 'burst',
      name: 'Burst',
      hero: null,
      cost: 0,
      timing: 'instant',
      ops: Array.from({ length: 8 }, () => ({ op: 'cp', n: 1 })),
    }
    const set: CardSetCards = { ref: 'loop@1', cards: [burst] }
    const trial = () => E.cardSupport!.tryCard(burst, {}, [set], pick)
    expect(() => withStepLimit(5, trial)).toThrow(RulesLoop)
    try {
      withStepLimit(5, trial)
    } catch (e) {
      expect((e as RulesLoop).card).toBe('burst')
      expect((e as RulesLoop).message).toContain('Burst')
    }
    const fine = trial()
    if ('problem' in fine) throw new Error(fine.problem.message)
    expect((fine.after as DTState).p[0]!.cp).toBe(Math.min(15, (fine.before as DTState).p[0]!.cp + 8))
    // in a match the set is named, and the state given to apply is unchanged
    const state = E.setup([{ hero: 'loki', sets: ['loop@1'], cards: ['burst'] }, { hero: 'thor' }], {}, 'loop', [set])
    const seat = E.status(state).toAct[0]!
    const inHand = state.p[seat]!.hand.includes('burst')
    if (seat === 0 && inHand) {
      const before = JSON.stringify(state)
      const play = E.legalActions(state, 0).find(a => a.type === 'play' && a.card === 'burst')!
      let error: unknown
      withStepLimit(5, () => {
        try {
          E.apply(state, 0, play)
        } catch (e) {
          error = e
        }
      })
      expect((error as RulesLoop).set).toBe('loop@1')
      expect(JSON.stringify(state)).toBe(before)
    }
  })

  it("every vocabulary word's example is accepted as it is and its text is the card's generated text", () => {
    const v = E.cardSupport!.vocabulary
    expect(v.operations.map(w => w.word)).toEqual(
      expect.arrayContaining(['setDie', 'reroll', 'oneMoreDie', 'moveStatus', 'removeStatus', 'rollOne', 'prevent']),
    )
    for (const group of Object.values(v)) {
      expect(group.length).toBeGreaterThan(0)
      for (const w of group) {
        const checked = checkCard(asJson(w.example))
        expect(checked.ok, w.word).toBe(true)
        if (checked.ok) expect(checked.text).toBe(w.text)
      }
    }
    for (const w of v.operations) expect(JSON.stringify(w.example)).toContain(`"op":"${w.word}"`)
  })

  it('hostile cards are refused with a path: unknown words and keys, huge numbers, deep JSON, long lists', () => {
    const base = { ...LUCKY_SHOT }
    const unknownOp = checkCard({ ...base, ops: [{ op: 'loop' }] })
    expect(unknownOp).toMatchObject({ ok: false, problem: { path: ['ops', 0, 'op'] } })
    expect(!unknownOp.ok && unknownOp.problem.words).toContain('rollOne')
    expect(checkCard({ ...base, ops: [{ op: 'custom', id: 'odinforce' }] })).toMatchObject({
      ok: false,
      problem: { path: ['ops', 0, 'op'] },
    })
    expect(checkCard({ ...base, extra: true })).toMatchObject({ ok: false, problem: { path: ['extra'] } })
    expect(checkCard({ ...base, ops: [{ op: 'draw', n: 1e12 }] })).toMatchObject({
      ok: false,
      problem: { path: ['ops', 0, 'n'] },
    })
    expect(checkCard({ ...base, ops: [{ op: 'gain', s: 'rage', n: 1 }] })).toMatchObject({
      ok: false,
      problem: { path: ['ops', 0, 's'], words: expect.arrayContaining(['electrokinesis']) },
    })
    expect(checkCard({ ...base, when: 'always' })).toMatchObject({
      ok: false,
      problem: { path: ['when'], words: expect.arrayContaining(['incomingDamage']) },
    })
    expect(checkCard({ ...base, ops: Array.from({ length: 13 }, () => ({ op: 'cp', n: 1 })) })).toMatchObject({
      ok: false,
      problem: { path: ['ops'] },
    })
    let deep: unknown = { op: 'cp', n: 1 }
    for (let i = 0; i < 5000; i++) deep = { op: 'rollOne', for: 'x', bySymbol: { hammer: [deep] } }
    const tooDeep = checkCard({ ...base, ops: [deep] })
    expect(tooDeep.ok).toBe(false)
    expect(!tooDeep.ok && tooDeep.problem.path.length).toBe(MAX_CARD_DEPTH)
    expect(checkCard({ ...base, timing: 'upgrade' })).toMatchObject({ ok: false, problem: { path: ['upgrade'] } })
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
