// Homebrew cards of Cyberpunk TCG in the engine: built-in cards that are data play identically as a set, strict card
// checks, the vocabulary, testCard and the step limit (RULES_LOOP).
import { createHash } from 'node:crypto'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { Random, RulesLoop, type CardSetCards } from '../../../src/kernel/index.ts'
import { cyberpunkTcg as E } from '../../../src/games/cyberpunk-tcg/index.ts'
import { checkCard, dataCards } from '../../../src/games/cyberpunk-tcg/card-set.ts'
import { withStepLimit } from '../../../src/games/cyberpunk-tcg/homebrew.ts'
import type { State } from '../../../src/games/cyberpunk-tcg/state.ts'
import { randomPlayout } from '../../support/playout.ts'
import { randomDeck } from './helpers.ts'

const asJson = <T>(x: T): T => JSON.parse(JSON.stringify(x))
const DATA = new Set(dataCards())
const BUILT_IN_SET: CardSetCards = {
  ref: 'built-in@1',
  cards: asJson(
    E.cards()
      .filter(c => DATA.has(c.id))
      .map(c => c.data),
  ),
}
const OPTIONS = { concedeListed: false }

/** A digest of one random game: every action and its events, and the final spectator view (without `cardSets`). */
function gameDigest(decks: unknown[], seed: string, sets?: CardSetCards[]): string {
  const hash = createHash('sha256')
  const state = E.setup(decks as never, OPTIONS as never, seed, sets)
  const result = randomPlayout({ ...E, setup: () => state } as never, decks, OPTIONS, seed, {
    onStep: ({ seat, action, events }) => hash.update(JSON.stringify({ seat, action, events })),
  })
  const { cardSets: _sets, ...view } = E.view(result.state as State, null) as Record<string, unknown>
  hash.update(JSON.stringify(view))
  return hash.digest('hex')
}

/** A loop: played, it spends itself; spent, it readies and spends itself again. */
const SPIN = {
  id: 'spin-cycle',
  name: 'Spin Cycle',
  type: 'Unit',
  color: 'Red',
  cost: 1,
  power: 1,
  ram: 0,
  tags: ['MERC'],
  abilities: [
    { kind: 'trigger', on: ['PLAY'], ops: [{ op: 'spend', v: 'self' }] },
    { kind: 'trigger', on: ['SPENT'], ops: [{ op: 'readySelf' }, { op: 'spend', v: 'self' }] },
  ],
}

describe('Cyberpunk TCG homebrew cards (engine)', () => {
  it('every built-in card that is data is a valid set card as it is; the cards with code of their own are not data', () => {
    for (const card of E.cards()) {
      const checked = checkCard(asJson(card.data))
      expect(checked.ok, card.id).toBe(DATA.has(card.id))
    }
    expect(DATA.size).toBe(130)
    expect(
      E.cards()
        .filter(c => !DATA.has(c.id))
        .map(c => c.id),
    ).toContain('cyberpsychosis')
  })

  it('CR 7.3 200 random games with the built-in cards and with the same cards as a set have equal digests', () => {
    const plain: string[] = []
    const homebrew: string[] = []
    for (let g = 0; g < 200; g++) {
      const r = Random.fromSeed(`homebrew-deck:${g}`)
      const pair = [randomDeck(r), randomDeck(r)]
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
    expect(new Set(plain).size).toBe(200) // the games differ: the digest is of real play
  })

  it('a set card resolves before the built-in card of the same id; another id in the match means another card', () => {
    const base = E.cards().find(c => c.id === 'delamain-rideshare-ai')!.data as Record<string, unknown>
    const strong = { ...asJson(base), abilities: [{ kind: 'trigger', on: ['PLAY'], ops: [{ op: 'draw', n: 3 }] }] }
    const set: CardSetCards = { ref: 'set-a@2', cards: [strong] }
    const [deck0, deck1] = E.sampleDecks().map(d => d.deck)
    const main = [...deck0!.main.slice(0, -1), { card: 'delamain-rideshare-ai', count: 2 }]
    const both = { ...deck1!, main: [...deck1!.main.slice(0, -1), { card: 'delamain-rideshare-ai', count: 2 }] }
    expect(E.validateDeck({ ...deck0!, main, sets: ['set-a@2'] }, [set]).violations).toEqual([])
    const state = E.setup([{ ...deck0!, main, sets: ['set-a@2'] }, both], OPTIONS as never, 'override', [set])
    expect(E.view(state, 0).cardSets).toEqual(['set-a@2'])
    expect(E.view(E.setup([deck0!, deck1!], OPTIONS as never, 'override'), 0).cardSets).toBeUndefined()
    // seat 0's copies are the set card (under a match id of their own), seat 1's the built-in one
    const ids = (seat: number) =>
      state.cards.filter((id, uid) => state.owner[uid] === seat && id.startsWith('delamain-rideshare'))
    expect(new Set(ids(0))).toEqual(new Set(['delamain-rideshare-ai@set-a@2']))
    expect(new Set(ids(1))).toEqual(new Set(['delamain-rideshare-ai']))
    expect(state.homebrew!.sets).toEqual({ 'delamain-rideshare-ai@set-a@2': 'set-a@2' })
  })

  it('CR 7.3 a deck naming an unknown set or version is refused with UNKNOWN_CARD_SET; set cards count for the deck rules', () => {
    const deck = E.sampleDecks()[0]!.deck
    expect(E.validateDeck({ ...deck, sets: ['nope@1'] }, [BUILT_IN_SET]).violations.map(v => v.code)).toEqual([
      'UNKNOWN_CARD_SET',
    ])
    const set = { ref: 's@1', cards: [{ ...SPIN, abilities: [] }] }
    const withNew = { ...deck, sets: ['s@1'], main: [...deck.main, { card: 'Spin Cycle', count: 4 }] }
    const codes = E.validateDeck(withNew, [set]).violations.map(v => v.code)
    expect(codes).toContain('TOO_MANY_COPIES') // CR 7.3.3 applies to set cards
    expect(codes).not.toContain('UNKNOWN_CARD')
  })

  it('a card whose effects do not end fails the action with RULES_LOOP naming it and its set; the state is unchanged', () => {
    const set = { ref: 'loop@1', cards: [SPIN] }
    const [deck0, deck1] = E.sampleDecks().map(d => d.deck)
    const deck = { ...deck0!, main: [...deck0!.main, { card: 'spin-cycle', count: 3 }], sets: ['loop@1'] }
    let state = E.setup([deck, deck1!], OPTIONS as never, 'loop', [set])
    for (let i = 0; i < 3000; i++) {
      const st = E.status(state)
      expect(st.finished).toBe(false)
      const seat = st.toAct[0]!
      const actions = E.legalActions(state, seat)
      const play = actions.find(a => a.type === 'play' && a.card === 'spin-cycle')
      if (play !== undefined) {
        const before = JSON.stringify(state)
        let error: unknown
        try {
          E.apply(state, seat, play)
        } catch (e) {
          error = e
        }
        expect(error).toBeInstanceOf(RulesLoop)
        expect((error as RulesLoop).card).toBe('spin-cycle')
        expect((error as RulesLoop).message).toContain('Spin Cycle')
        expect((error as RulesLoop).set).toBe('loop@1')
        expect(JSON.stringify(state)).toBe(before)
        return
      }
      const pass = actions.find(a => a.type === 'pass' || a.type === 'endReactions')
      state = E.apply(state, seat, seat === 0 || pass === undefined ? actions[0]! : pass).state
    }
    throw new Error('Spin Cycle was never playable')
  })

  it('the step limit counts the operations of one action: a finite card passes under the normal limit only', () => {
    const burst = {
      ...SPIN,
      id: 'burst',
      name: 'Burst',
      abilities: [{ kind: 'trigger', on: ['PLAY'], ops: Array.from({ length: 12 }, () => ({ op: 'draw', n: 0 })) }],
    }
    const play = () => E.cardSupport!.tryCard(burst, {}, [], () => undefined)
    expect(play()).toMatchObject({ played: { type: 'play', card: 'burst' } })
    expect(() => withStepLimit(5, play)).toThrow(RulesLoop)
  })

  it('testCard with its own card: RULES_LOOP names the card and no set', () => {
    let error: unknown
    try {
      E.cardSupport!.tryCard(SPIN, {}, [], () => undefined)
    } catch (e) {
      error = e
    }
    expect(error).toBeInstanceOf(RulesLoop)
    expect((error as RulesLoop).set).toBeNull()
  })

  it('testCard plays a homebrew Unit in the documented scenario: its PLAY trigger resolves in the events', () => {
    const card = {
      id: 'street-medic',
      name: 'Street Medic',
      type: 'Unit',
      color: 'Red',
      cost: 2,
      power: 2,
      ram: 0,
      tags: ['NOMAD'],
      abilities: [{ kind: 'trigger', on: ['PLAY'], ops: [{ op: 'draw', n: 2 }] }],
    }
    const trial = E.cardSupport!.tryCard(
      card,
      { players: [{ zones: { deck: ['Delamain Cab', 'Floor It'] } }] },
      [],
      () => undefined,
    )
    if ('problem' in trial) throw new Error(trial.problem.message)
    expect(trial.played).toMatchObject({ type: 'play', card: 'street-medic' })
    const events = trial.events.map(e => e.type)
    expect(events).toContain('play')
    expect(events.filter(t => t === 'draw').length).toBe(2)
    const bad = E.cardSupport!.tryCard(card, { players: [{ zones: { hand: ['No Such Card'] } }] }, [], () => undefined)
    expect(bad).toMatchObject({ problem: { path: ['players', 0, 'zones', 'hand', 0] } })
    expect(E.cardSupport!.tryCard(card, { players: [{ life: 3 }] }, [], () => undefined)).toMatchObject({
      problem: { path: ['players', 0, 'life'] },
    })
  })

  it("every vocabulary word's example is accepted as it is, its text is the generated text, and testCard plays it", () => {
    const v = E.cardSupport!.vocabulary
    expect(v.operations.map(w => w.word)).not.toContain('custom')
    for (const group of Object.values(v)) {
      expect(group.length).toBeGreaterThan(0)
      for (const w of group) {
        const checked = checkCard(asJson(w.example))
        expect(checked.ok, w.word).toBe(true)
        if (checked.ok) expect(checked.text, w.word).toBe(w.text)
        expect(JSON.stringify(w.example), w.word).toContain(w.word)
      }
    }
    for (const w of v.operations) {
      const trial = E.cardSupport!.tryCard(w.example, {}, [], () => undefined)
      expect('problem' in trial, w.word).toBe(false)
    }
  })

  it('hostile cards are refused with their path: unknown words and keys, huge numbers, deep nesting, custom code', () => {
    const base = { ...SPIN, abilities: [{ kind: 'program', ops: [{ op: 'draw', n: 1 }] }], type: 'Program' }
    const unknownOp = checkCard({ ...base, abilities: [{ kind: 'program', ops: [{ op: 'loop' }] }] })
    expect(unknownOp).toMatchObject({ ok: false, problem: { path: ['abilities', 0, 'ops', 0, 'op'] } })
    expect(!unknownOp.ok && unknownOp.problem.words).toContain('draw')
    const custom = checkCard({ ...base, abilities: [{ kind: 'program', ops: [{ op: 'custom', run: 'x' }] }] })
    expect(custom).toMatchObject({ ok: false, problem: { path: ['abilities', 0, 'ops', 0, 'op'] } })
    expect(checkCard({ ...base, extra: true })).toMatchObject({ ok: false, problem: { path: ['extra'] } })
    expect(checkCard({ ...base, abilities: [{ kind: 'program', ops: [{ op: 'draw', n: 1e12 }] }] })).toMatchObject({
      ok: false,
      problem: { path: ['abilities', 0, 'ops', 0, 'n'] },
    })
    const unknownCond = checkCard({
      ...base,
      abilities: [{ kind: 'program', ops: [{ op: 'draw', n: 1, if: { c: 'always' } }] }],
    })
    expect(unknownCond).toMatchObject({ ok: false, problem: { path: ['abilities', 0, 'ops', 0, 'if', 'c'] } })
    expect(!unknownCond.ok && unknownCond.problem.words).toContain('credEven')
    let deep: unknown = { c: 'credEven' }
    for (let i = 0; i < 20; i++) deep = { c: 'not', of: deep }
    const tooDeep = checkCard({ ...base, abilities: [{ kind: 'program', ops: [{ op: 'draw', n: 1, if: deep }] }] })
    expect(tooDeep.ok).toBe(false)
    expect(!tooDeep.ok && tooDeep.problem.path.slice(0, 5)).toEqual(['abilities', 0, 'ops', 0, 'if'])
    const delay = checkCard({ ...base, abilities: [{ kind: 'program', ops: [{ op: 'delay', ab: 3 }] }] })
    expect(delay).toMatchObject({ ok: false, problem: { path: ['abilities', 0, 'ops', 0, 'ab'] } })
  })

  it('any JSON is either a card or refused with a path into it, never an exception', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 8 }), value => {
        const checked = checkCard(value)
        if (!checked.ok) expect(Array.isArray(checked.problem.path)).toBe(true)
      }),
      { numRuns: 500 },
    )
  })
})
