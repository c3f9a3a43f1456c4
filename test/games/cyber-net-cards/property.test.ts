import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { expectRejected, isListed, randomPlayout, replay } from '../../support/playout.ts'
import { Random, type GameEvent } from '../../../src/kernel/index.ts'
import { CARRY_MAX, INCOME_CAP, COAL_MAX } from '../../../src/games/cyber-net-cards/values.ts'
import type { CNState } from '../../../src/games/cyber-net-cards/state.ts'
import type { CNAction } from '../../../src/games/cyber-net-cards/action.ts'
import { E } from './helpers.ts'

const decks = E.sampleDecks().map((d) => d.deck)
const pairs: [number, number][] = []
for (let i = 0; i < decks.length; i++) for (let j = 0; j < decks.length; j++) pairs.push([i, j])

/** Some action, usually illegal: any card number, any type, wrong shapes. */
function randomAction(rng: Random, s: CNState): { type: string; [k: string]: unknown } {
  const card = rng.int(-1, s.cards.length)
  switch (rng.int(0, 7)) {
    case 0:
      return { type: 'activate', card, turbo: rng.int(0, 1) === 1, burn: rng.int(0, 1) === 1 }
    case 1:
      return { type: 'place', cards: Array.from({ length: rng.int(0, 4) }, () => rng.int(0, s.cards.length - 1)) }
    case 2:
      return { type: 'recycle', card }
    case 3:
      return { type: 'use', card }
    case 4:
      return { type: 'ability' }
    case 5:
      return { type: 'unique' }
    case 6:
      return { type: 'pass' }
    default:
      return { type: 'shuffle-my-deck' }
  }
}

function zonesOk(s: CNState): string | null {
  const seen = new Uint8Array(s.cards.length)
  const mark = (u: number) => {
    seen[u]! += 1
  }
  for (const p of s.players) {
    p.deck.forEach(mark)
    p.hand.forEach(mark)
    p.field.forEach(mark)
    p.active.forEach(mark)
    p.void.forEach(mark)
    for (const l of p.lasting) mark(l.uid)
  }
  for (const l of s.chain) if (l.kind === 'card') mark(l.uid)
  for (let u = 0; u < seen.length; u++) if (seen[u] !== 1) return `card ${u} (${s.cards[u]}) is in ${seen[u]} zones`
  return null
}

/** CN-6.10, worked out here: `seat` has a card to activate while it has an armed card (paid for or not, auto-pass or not). */
function hasCardToActivate(s: CNState, seat: number): boolean {
  return s.players[seat]!.field.length > 0
}

/** A choice besides passing and the auto-pass setting. */
const real = (actions: { type: string }[]) => actions.some((a) => a.type !== 'pass' && a.type !== 'setAutoPass')

/** What `seat` gets of some events: secret parts only when they are for it. */
function seenBy(events: GameEvent[], seat: number): unknown[] {
  return events.map((e) => (e.visibleTo === undefined || e.visibleTo.includes(seat) ? e : { ...e, secret: undefined }))
}

/**
 * Decision 10: the same action by `seat` from a state where the cards `seat` cannot see are re-dealt asks the same
 * seats, and the events read the same to `seat` (its own deck is re-dealt too, so its own draws are left out), as long
 * as the other seat has not opted in to auto-pass.
 */
function leaksNothing(before: CNState, seat: number, action: CNAction, after: CNState, events: GameEvent[], rng: Random): void {
  if (before.pending !== undefined || before.players[1 - seat]!.autoPass === true || before.players[seat]!.autoPass === true) return
  const other = E.determinize!(before, seat, rng)
  expect(isListed(E, other, seat, action)).toBe(true)
  const out = E.apply(other, seat, action)
  expect(E.status(out.state).toAct).toEqual(E.status(after).toAct)
  const mine = (evs: GameEvent[]) => seenBy(evs, seat).filter((e) => !((e as GameEvent).type === 'draw' && (e as GameEvent).seat === seat) && (e as GameEvent).type !== 'coalTie')
  expect(mine(out.events).map((e) => (e as GameEvent).type)).toEqual(mine(events).map((e) => (e as GameEvent).type))
}

function check(before: CNState, after: CNState): void {
  for (const p of after.players) {
    if (p.mana < 0) throw new Error(`CN-3.1–3.3 mana below none: ${p.mana}`)
    // before anything is activated in a round, the pool is what was received plus what was carried (L 15)
    if (after.phase === 'prep' && p.mana > INCOME_CAP + CARRY_MAX) throw new Error(`CN-3.1–3.3 mana out of bounds: ${p.mana}`)
    if (p.income < 0 || p.income > INCOME_CAP) throw new Error(`CN-3.2 income out of bounds: ${p.income}`)
    for (const l of p.lasting) if (l.coal < 0 || l.coal > COAL_MAX) throw new Error(`CN-5.2 coal out of bounds: ${l.coal}`)
  }
  // (while a coal tie waits for its pick, Decision 6, the forced steps have stopped half-way: the check is for after them)
  if (after.pending === undefined && after.phase === 'action' && after.chain.length === 0 && !hasCardToActivate(after, 0) && !hasCardToActivate(after, 1)) {
    throw new Error('CN-6.10 nobody has a card to activate, yet the Action stage goes on')
  }
  // CN-8.2 CN-8.4 (Decisions 2, 10): a seat with auto-pass on is asked in the Action stage only with a real choice;
  // in Preparation a seat is never asked for a single forced placement
  for (const seat of E.status(after).toAct) {
    const list = E.legalActions(after, seat)
    if (after.pending !== undefined) continue
    if (after.phase === 'prep' && list.length < 2) throw new Error(`seat ${seat} is asked with no choice: ${JSON.stringify(list)}`)
    if (after.phase === 'action' && after.players[seat]!.autoPass === true && !real(list)) {
      throw new Error(`seat ${seat} has auto-pass on and is asked with no real choice: ${JSON.stringify(list)}`)
    }
  }
  const z = zonesOk(after)
  if (z) throw new Error(z)
  for (let i = 0; i < 2; i++) {
    const a = before.players[i]!.void
    const b = after.players[i]!.void
    if (b.length < a.length || a.some((u, k) => b[k] !== u)) throw new Error('CN-1.5 the Void shrank')
  }
}

describe('property: random games with the sample decks', () => {
  it('CN-1.8 CN-3.3 CN-5.2 CN-5.3 CN-1.5 CN-6.10 CN-8.4 500 random games end (coal ties picked, auto-pass turned on and off on the way); who is asked, and what the events say, is the same whatever the cards the opponent cannot see; with auto-pass a seat is asked only with a real choice; mana and coal stay in bounds; the Action stage lasts only while someone has a card to activate; every card in one zone; the Void only grows; listed actions accepted, illegal ones refused', () => {
    let games = 0
    let picks = 0
    let toggles = 0
    let leakChecks = 0
    fc.assert(
      fc.property(fc.integer(), fc.constantFrom(...pairs), (seed, [i, j]) => {
        let step = 0
        const rng = Random.fromSeed(`illegal:${seed}`)
        const res = randomPlayout(E, [decks[i], decks[j]], {}, `p${seed}`, {
          onStep: ({ before, after, seat, action, events }) => {
            const b = before as CNState
            if (action.type === 'pickCoal') picks++
            if (action.type === 'setAutoPass') toggles++
            check(b, after as CNState)
            // the seats to act have a decision; the others list nothing
            const st = E.status(after as CNState)
            for (const q of [0, 1]) {
              const n = E.legalActions(after as CNState, q).length
              if (st.toAct.includes(q)) expect(n).toBeGreaterThan(0)
              else expect(n).toBe(0)
            }
            // no event says a pass was made for the seat
            for (const e of events) if (e.type === 'pass' || e.type === 'noAnswer') expect(Object.keys(e).sort()).toEqual(['seat', 'type'])
            step++
            if (step % 4 === 1) {
              leaksNothing(b, seat, action as CNAction, after as CNState, events, rng)
              leakChecks++
            }
            // every listed action of the acting seat is accepted, and apply never mutates its input
            const snapshot = step % 4 === 0 ? JSON.stringify(b) : null
            for (const a of E.legalActions(b, seat)) E.apply(b, seat, a)
            if (snapshot !== null) {
              expect(JSON.stringify(b)).toBe(snapshot)
              // a random illegal action is refused without changing the state
              const bad = randomAction(rng, b)
              if (!isListed(E, b, seat, bad)) expectRejected(E, b, seat, bad)
              const other = E.status(b).toAct.includes(1 - seat) ? null : 1 - seat
              if (other !== null) expect(expectRejected(E, b, other, { type: 'pass' }).code).toBe('NOT_YOUR_DECISION')
            }
          },
        })
        expect(res.finished).toBe(true)
        const st = E.status(res.state as CNState)
        expect(st.finished).toBe(true)
        expect(Array.isArray(st.winners)).toBe(true)
        games++
      }),
      { numRuns: 500 },
    )
    expect(games).toBe(500)
    // the random games reach the coal-tie decision (Decision 6) and turn auto-pass on and off (Decision 10), so the
    // checks above cover them too
    expect(picks).toBeGreaterThan(0)
    expect(toggles).toBeGreaterThan(0)
    expect(leakChecks).toBeGreaterThan(1000)
  })
})

describe('replay', () => {
  it('CN-1.7 CN-5.3 seed + decks + options + log rebuild the same state (coal picks included)', () => {
    let picks = 0
    const games: [string, unknown[]][] = [['r1', [decks[0], decks[2]]], ['r2', [decks[0], decks[2]]], ['r3', [decks[0], decks[2]]], ['r4', [decks[2], decks[3]]], ['r5', [decks[3], decks[3]]]]
    for (const [seed, d] of games) {
      const res = randomPlayout(E, d, {}, seed)
      expect(res.finished).toBe(true)
      expect(replay(E, d, {}, seed, res.log)).toEqual(res.state)
      // and the same seed plays the same game
      expect(randomPlayout(E, d, {}, seed).log).toEqual(res.log)
      picks += res.log.filter((e) => e.action.type === 'pickCoal').length
    }
    expect(picks).toBeGreaterThan(0)
  })
})
