// Cyber Net Cards properties: random games end, hidden cards never steer the other seat, auto-pass changes only who is
// asked, and replays rebuild the state.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { expectRejected, isListed, randomPlayout, replay } from '../../support/playout.ts'
import { Random, type GameEvent } from '../../../src/kernel/index.ts'
import { CARRY_MAX, INCOME_CAP, COAL_MAX } from '../../../src/games/cyber-net-cards/values.ts'
import type { CNState } from '../../../src/games/cyber-net-cards/state.ts'
import type { CNAction } from '../../../src/games/cyber-net-cards/action.ts'
import { E } from './helpers.ts'

const decks = E.sampleDecks().map(d => d.deck)
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

/**
 * CN-6.10, worked out here: `seat` has a card to activate while it has an armed card (paid for or not, auto-pass or
 * not).
 */
function hasCardToActivate(s: CNState, seat: number): boolean {
  return s.players[seat]!.field.length > 0
}

/** A choice besides passing and the auto-pass setting. */
const real = (actions: { type: string }[]) => actions.some(a => a.type !== 'pass' && a.type !== 'setAutoPass')

/** What `seat` gets of some events: secret parts only when they are for it. */
function seenBy(events: GameEvent[], seat: number): unknown[] {
  return events.map(e => (e.visibleTo === undefined || e.visibleTo.includes(seat) ? e : { ...e, secret: undefined }))
}

/**
 * Decision 10: the same action by `seat` from a state where the cards `seat` cannot see are re-dealt asks the same
 * seats, and the events read the same to `seat` (its own deck is re-dealt too, so its own draws are left out), as long
 * as the other seat has not opted in to auto-pass.
 */
function leaksNothing(
  before: CNState,
  seat: number,
  action: CNAction,
  after: CNState,
  events: GameEvent[],
  rng: Random,
): void {
  if (
    before.pending !== undefined ||
    before.players[1 - seat]!.autoPass === true ||
    before.players[seat]!.autoPass === true
  )
    return
  const other = E.determinize!(before, seat, rng)
  expect(isListed(E, other, seat, action)).toBe(true)
  const out = E.apply(other, seat, action)
  expect(E.status(out.state).toAct).toEqual(E.status(after).toAct)
  const mine = (evs: GameEvent[]) =>
    seenBy(evs, seat).filter(
      e => !((e as GameEvent).type === 'draw' && (e as GameEvent).seat === seat) && (e as GameEvent).type !== 'coalTie',
    )
  expect(mine(out.events).map(e => (e as GameEvent).type)).toEqual(mine(events).map(e => (e as GameEvent).type))
}

function check(before: CNState, after: CNState): void {
  for (const p of after.players) {
    if (p.mana < 0) throw new Error(`CN-3.1–3.3 mana below none: ${p.mana}`)
    // before anything is activated in a round, the pool is what was received plus what was carried (L 15)
    if (after.phase === 'prep' && p.mana > INCOME_CAP + CARRY_MAX)
      throw new Error(`CN-3.1–3.3 mana out of bounds: ${p.mana}`)
    if (p.income < 0 || p.income > INCOME_CAP) throw new Error(`CN-3.2 income out of bounds: ${p.income}`)
    for (const l of p.lasting)
      if (l.coal < 0 || l.coal > COAL_MAX) throw new Error(`CN-5.2 coal out of bounds: ${l.coal}`)
  }
  // (while a coal tie waits for its pick, Decision 6, the forced steps have stopped half-way: the check is for after
  // them)
  if (
    after.pending === undefined &&
    after.phase === 'action' &&
    after.chain.length === 0 &&
    !hasCardToActivate(after, 0) &&
    !hasCardToActivate(after, 1)
  ) {
    throw new Error('CN-6.10 nobody has a card to activate, yet the Action stage goes on')
  }
  // CN-8.2 CN-8.4 (Decisions 2, 10): a seat with auto-pass on is asked in the Action stage only with a real choice;
  // in Preparation a seat is never asked for a single forced placement
  for (const seat of E.status(after).toAct) {
    const list = E.legalActions(after, seat)
    if (after.pending !== undefined) continue
    if (after.phase === 'prep' && list.length < 2)
      throw new Error(`seat ${seat} is asked with no choice: ${JSON.stringify(list)}`)
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
            for (const e of events)
              if (e.type === 'pass' || e.type === 'noAnswer') expect(Object.keys(e).sort()).toEqual(['seat', 'type'])
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

/** `seat`'s hand, armed cards and deck dealt again among themselves (what its opponent cannot see, CN-6.5). */
function redealHidden(s: CNState, seat: number, rng: Random): CNState {
  const p = s.players[seat]!
  const places = [...p.hand, ...p.field, ...p.deck]
  const dealt = rng.shuffle(places.map(u => s.cards[u]!))
  const cards = s.cards.slice()
  places.forEach((u, k) => (cards[u] = dealt[k]!))
  // a waiting coal tie runs its steps again from `base` (Decision 6): the same cards there
  return { ...s, cards, ...(s.pending ? { pending: { ...s.pending, base: { ...s.pending.base, cards } } } : {}) }
}

describe('property: hidden cards never steer the other seat', () => {
  it("CN-6.5 CN-8.2 [003] L 31 re-dealing the cards a seat holds face down or in hand or deck never changes the other seat's actions nor, without auto-pass, who is asked, then or as the other seat plays on", () => {
    let checks = 0
    let lockstep = 0
    fc.assert(
      fc.property(
        fc.integer(),
        fc.constantFrom(...pairs),
        fc.integer({ min: 0, max: 300 }),
        fc.constantFrom(0, 1),
        (seed, [i, j], steps, hidden) => {
          const chooser = Random.fromSeed(`steer:${seed}`)
          let s = E.setup([decks[i]!, decks[j]!], {}, `steer:${seed}`)
          for (let k = 0; k < steps && !E.status(s).finished; k++) {
            const seat = chooser.pick(E.status(s).toAct)
            s = E.apply(s, seat, chooser.pick(E.legalActions(s, seat))).state
          }
          const other = 1 - hidden
          let real = s
          let dealt = redealHidden(s, hidden, Random.fromSeed(`deal:${seed}`))
          // auto-pass is the seat's own opt-in to let its real cards decide whether it is passed for (Decision 10):
          // then only the present is the same, as the two worlds may go on differently
          const optedIn = real.players[hidden]!.autoPass === true
          for (let k = 0; k < 20; k++) {
            const st = E.status(real)
            if (!optedIn) expect(E.status(dealt).toAct).toEqual(st.toAct)
            expect(E.legalActions(dealt, other)).toEqual(E.legalActions(real, other))
            expect(E.view(dealt, other)).toEqual(E.view(real, other))
            checks++
            // play on: the other seat's same action in both worlds, or the hidden seat passing (the one action of it
            // that means the same whatever it holds)
            if (optedIn || st.finished) break
            const seat = chooser.pick(st.toAct)
            const pass = { type: 'pass' } as const
            if (seat === hidden && !(isListed(E, real, hidden, pass) && isListed(E, dealt, hidden, pass))) break
            const action = seat === other ? chooser.pick(E.legalActions(real, other)) : pass
            real = E.apply(real, seat, action).state
            dealt = E.apply(dealt, seat, action).state
            lockstep++
          }
        },
      ),
      { numRuns: 300 },
    )
    // (random prefixes: about 600 checks and 300 steps played on in both worlds)
    expect(checks).toBeGreaterThan(450)
    expect(lockstep).toBeGreaterThan(200)
  })
})

/**
 * A state with the auto-pass settings left out, to compare two worlds that differ only in them. Of a waiting coal tie
 * (Decision 6) only the tie itself is kept, not its record of where its forced steps began (`base`, `by`, `action`,
 * `picks`, `events`): a pass made for a seat is one of the forced steps after the opponent's decision, so a tie met
 * after it runs again from before that decision, while a pass the seat makes itself is a decision of its own that the
 * tie runs again from. The two records lead to the same play, which the comparison after each pick checks.
 */
const withoutAutoPass = (s: CNState): unknown => ({
  ...s,
  players: s.players.map(({ autoPass: _a, autoPassSet: _s, ...p }) => p),
  ...(s.pending
    ? { pending: { seat: s.pending.seat, what: s.pending.what, n: s.pending.n, options: s.pending.options } }
    : {}),
})
const withoutSetting = (events: GameEvent[]) => events.filter(e => e.type !== 'autoPass')
const notSetting = (actions: CNAction[]) => actions.filter(a => a.type !== 'setAutoPass')

describe('property: auto-pass changes only who is asked', () => {
  it('CN-6.10 CN-8.4 [003] L 33 with auto-pass on, a seat with no real choice is passed for and the match goes exactly as when it passes itself: the same events, the same states, the same end', () => {
    let passedFor = 0
    fc.assert(
      fc.property(fc.integer(), fc.constantFrom(...pairs), fc.constantFrom(0, 1), (seed, [i, j], auto) => {
        const chooser = Random.fromSeed(`auto:${seed}`)
        const start = E.setup([decks[i]!, decks[j]!], {}, `auto:${seed}`)
        // the same match twice: seat `auto` has auto-pass on in one (as if set before the first decision), off in the
        // other
        let on: CNState = {
          ...start,
          players: start.players.map((p, k) => (k === auto ? { ...p, autoPass: true as const } : p)),
        }
        let off = start
        const seenOn: GameEvent[] = []
        const seenOff: GameEvent[] = []
        // where auto-pass is off, the seat is asked with nothing but a pass (where it is on, it was passed for)
        const idle = (s: CNState) =>
          E.status(s).toAct.includes(auto) &&
          notSetting(E.legalActions(s, auto) as CNAction[]).every(x => x.type === 'pass')
        for (let k = 0; k < 3000 && !E.status(off).finished; k++) {
          expect(idle(on)).toBe(false)
          if (idle(off)) {
            const out = E.apply(off, auto, { type: 'pass' })
            seenOff.push(...out.events)
            off = out.state
            passedFor++
            continue
          }
          const seat = chooser.pick(E.status(off).toAct)
          expect(E.status(on).toAct).toEqual(E.status(off).toAct)
          const listed = notSetting(E.legalActions(off, seat) as CNAction[])
          expect(notSetting(E.legalActions(on, seat) as CNAction[])).toEqual(listed)
          const action = chooser.pick(listed)
          const a = E.apply(on, seat, action)
          const b = E.apply(off, seat, action)
          seenOn.push(...a.events)
          seenOff.push(...b.events)
          on = a.state
          off = b.state
          // in step again unless the seat is still to pass where auto-pass is off
          if (!idle(off)) {
            expect(withoutAutoPass(on)).toEqual(withoutAutoPass(off))
            expect(withoutSetting(seenOn)).toEqual(withoutSetting(seenOff))
          }
        }
        expect(E.status(on)).toEqual(E.status(off))
      }),
      { numRuns: 30 },
    )
    expect(passedFor).toBeGreaterThan(50)
  })
})

describe('replay', () => {
  it('CN-1.7 CN-5.3 seed + decks + options + log rebuild the same state (coal picks included)', () => {
    let picks = 0
    const games: [string, unknown[]][] = [
      ['r1', [decks[0], decks[2]]],
      ['r2', [decks[0], decks[2]]],
      ['r3', [decks[0], decks[2]]],
      ['r4', [decks[2], decks[3]]],
      ['r5', [decks[3], decks[3]]],
    ]
    for (const [seed, d] of games) {
      const res = randomPlayout(E, d, {}, seed)
      expect(res.finished).toBe(true)
      expect(replay(E, d, {}, seed, res.log)).toEqual(res.state)
      // and the same seed plays the same game
      expect(randomPlayout(E, d, {}, seed).log).toEqual(res.log)
      picks += res.log.filter(e => e.action.type === 'pickCoal').length
    }
    expect(picks).toBeGreaterThan(0)
  })
})
