// Issue 10, Marvel Dice Throne: the Discard Phase, a played card's discard, Thunder Wheel's throw, Guard Break.
import { describe, it, expect } from 'vitest'
import type { DTState } from '../../../src/games/dice-throne-marvel/state.ts'
import {
  E,
  start,
  edit,
  act,
  toAct,
  hpOf,
  rolling,
  passWhile,
  emptyHands,
  inMain,
  listed,
  lastEvents,
} from './helpers.ts'

/** Seat 0 in its Discard Phase, holding `hand`. */
function discardPhase(heroes: string[], hand: string[], f: (x: DTState) => void = () => {}): DTState {
  return edit(inMain(emptyHands(start(heroes)), 0, 'main2'), x => {
    x.step = 'discard'
    x.p[0]!.hand = hand
    x.p[0]!.cp = 2
    f(x)
  })
}

describe('the Discard Phase (issue 10)', () => {
  it('DT-2.4 DT-3.3 Main Phase 2 ends in the Discard Phase, where a card may be sold even with 6 or fewer, and the player ends it', () => {
    let s = edit(inMain(emptyHands(start(['thor', 'loki'])), 0, 'main2'), x => (x.p[0]!.hand = ['six-it', 'tip-it']))
    s = act(s, 0, { type: 'end' })
    expect([s.step, toAct(s)]).toEqual(['discard', 0])
    expect(listed(s, 0, a => a.type === 'end')).toBe(true)
    const cp = s.p[0]!.cp
    s = act(s, 0, { type: 'sell', card: 'six-it' })
    expect([s.step, s.p[0]!.cp, s.p[0]!.discard.at(-1)]).toEqual(['discard', cp + 1, 'six-it'])
    // Thor may throw Mjölnir at the end of the Discard Phase and in Loki's Upkeep (DT-13.12): he passes
    s = passWhile(act(s, 0, { type: 'end' }), x => x.active === 1 && x.step === 'main1')
    expect([s.active, s.step]).toEqual([1, 'main1'])
  })
  it('DT-4.4 DT-8.9 DT-13.12 Instants, status spends and Mjölnir discards may be made in the Discard Phase', () => {
    let s = discardPhase(['thor', 'loki'], ['getting-paid', 'six-it'])
    expect(listed(s, 0, a => a.type === 'mjolnir' && a.target === 1)).toBe(true)
    s = act(s, 0, { type: 'play', card: 'getting-paid' })
    expect([s.step, s.p[0]!.cp]).toEqual(['discard', 4])
    s = act(s, 0, { type: 'mjolnir', discard: 'six-it', target: 1 })
    expect([s.step, hpOf(s, 1), s.p[0]!.mj]).toEqual(['discard', 49, 1])
    // Conjure is spendable in any phase (DT-8.9)
    let w = discardPhase(['scarlet-witch', 'loki'], [], x => {
      x.p[0]!.st = { conjure: 1 }
      x.p[1]!.st = { 'bag-of-tricks': 1 }
    })
    w = act(w, 0, { type: 'spend', status: 'conjure', from: 1, take: 'bag-of-tricks' })
    expect([w.step, w.p[0]!.st['bag-of-tricks'], w.p[1]!.st['bag-of-tricks']]).toEqual(['discard', 1, undefined])
    // Roll Phase and Main Phase cards stay refused there (DT-4.2, DT-4.3)
    const r = discardPhase(['thor', 'loki'], ['so-wild', 'vegas-baby'])
    expect(listed(r, 0, a => a.type === 'play')).toBe(false)
  })
})

describe('a played card (issue 10)', () => {
  it('DT-5.1 is paid, resolved, then discarded: a reshuffle while Triple Up! draws does not take Triple Up! back', () => {
    let s = edit(inMain(emptyHands(start(['thor', 'loki'])), 0), x => {
      x.p[0]!.hand = ['triple-up']
      x.p[0]!.deck = []
      x.p[0]!.discard = ['six-it', 'tip-it', 'so-wild']
      x.p[0]!.cp = 2
    })
    s = act(s, 0, { type: 'play', card: 'triple-up' })
    expect(lastEvents.some(e => e.type === 'reshuffle')).toBe(true)
    expect(s.p[0]!.hand.slice().sort()).toEqual(['six-it', 'so-wild', 'tip-it'])
    expect(s.p[0]!.discard).toEqual(['triple-up'])
    expect(s.p[0]!.deck).toEqual([])
  })
})

describe('a Main Phase card can be interrupted (issue 10)', () => {
  it('DT-11.3 DT-4.4 Silver Tongue! waits for the others: Thor answers with Getting Paid! before the steal resolves', () => {
    let s = edit(inMain(emptyHands(start(['loki', 'thor'])), 0), x => {
      x.p[0]!.hand = ['silver-tongue']
      x.p[1]!.hand = ['getting-paid']
      x.p[1]!.cp = 0
    })
    let r = E.apply(s, 0, { type: 'play', card: 'silver-tongue', target: 1 })
    s = r.state
    expect(r.events.map(e => e.type)).toEqual(['play'])
    expect([s.step, s.win?.kind, toAct(s)]).toEqual(['main1', 'card', 1])
    expect(s.held?.a).toMatchObject({ type: 'play', card: 'silver-tongue' })
    expect((E.view(s, 1) as { held?: unknown }).held).toEqual({ seat: 0, card: 'silver-tongue' })
    // Getting Paid! resolves first (+2 CP), then nobody has more to answer with and the steal takes 1
    r = E.apply(s, 1, { type: 'play', card: 'getting-paid' })
    s = r.state
    expect(r.events.filter(e => e.type === 'cp').map(e => [e['seat'], e['delta']])).toEqual([
      [1, 2],
      [1, -1],
      [0, 1],
    ])
    expect([s.p[0]!.cp, s.p[1]!.cp, s.held ?? null, s.win]).toEqual([3, 1, null, null])
    expect(s.p[0]!.discard).toContain('silver-tongue')
  })
  it('DT-11.3 DT-8.9 the target of What Status Effects? may spend a status before it is removed', () => {
    let s = edit(inMain(emptyHands(start(['thor', 'scarlet-witch'])), 0), x => {
      x.p[0]!.hand = ['what-status-effects']
      x.p[0]!.st = { electrokinesis: 2 }
      x.p[1]!.st = { conjure: 1 }
    })
    s = E.apply(s, 0, { type: 'play', card: 'what-status-effects', target: 1 }).state
    expect(toAct(s)).toBe(1)
    expect(listed(s, 1, a => a.type === 'spend' && a.status === 'conjure' && a.take === 'electrokinesis')).toBe(true)
    s = E.apply(s, 1, { type: 'spend', status: 'conjure', from: 0, take: 'electrokinesis' }).state
    s = passWhile(s, x => !x.held)
    expect([s.p[0]!.st['electrokinesis'], s.p[1]!.st]).toEqual([1, {}])
  })
})

describe('the 2v2 Targeting Roll Phase (issue 10)', () => {
  it('DT-4.3 DT-GAP-12 the targeting die waits on the table: an opponent plays Tip It! on it and the attack goes to the other opponent', () => {
    let s = rolling(
      emptyHands(start(['thor', 'loki', 'spider-man', 'scarlet-witch'], { mode: '2v2' })),
      0,
      [1, 1, 1, 4, 5],
    )
    s = edit(s, x => {
      x.p[1]!.hand = ['tip-it']
      x.p[1]!.cp = 2
    })
    s = act(s, 0, { type: 'select', ability: 'hammered', variant: 0 })
    s = passWhile(s, x => x.win?.kind === 'tgt')
    expect([s.step, s.roll!.kind, s.roll!.dice.length]).toEqual(['pre', 'tgt', 1])
    expect(lastEvents.some(e => e.type === 'targetingRoll')).toBe(true)
    s = edit(s, x => (x.roll!.dice = [2]))
    expect(toAct(s)).toBe(1)
    expect((E.view(s, 0) as { offensiveDice?: number[] }).offensiveDice).toEqual([1, 1, 1, 4, 5])
    s = act(s, 1, { type: 'play', card: 'tip-it', die: 0, value: 3 })
    // nobody else answers: the die (now 3) sends the attack to the second opponent in turn order
    expect(lastEvents.find(e => e.type === 'ability')).toMatchObject({ seat: 0, target: 3 })
    expect(s.offRoll ?? null).toBeNull()
  })
})

describe("Thunder Wheel's Mjölnir throw (issue 10)", () => {
  /** Loki (seat 1) attacks Thor with Mockery; Thor's Thunder Wheel shows `dice` in the defence window. */
  function wheel(lokiHand: string[], dice: number[]): DTState {
    let s = rolling(emptyHands(start(['thor', 'loki'])), 1, [1, 1, 2, 3, 4])
    s = edit(s, x => {
      // Thor holds a card, so the defence window stops for him (a Mjölnir discard)
      x.p[0]!.hand = ['six-it']
      x.p[1]!.hand = lokiHand
      x.p[1]!.cp = 3
    })
    s = act(s, 1, { type: 'select', ability: 'mockery', variant: 0 })
    s = passWhile(s, x => x.step === 'def' && x.roll?.kind === 'def')
    expect(s.atk!.defence).toBe('thunder-wheel')
    return edit(s, x => (x.roll!.dice = dice))
  }
  it('DT-6.7 DT-13.12 the throw at the attacker is undefendable but preventable: Not This Time! on the attacker stops it', () => {
    // two hammers: one throw at Loki (1 damage); one worthy prevents 2 of the attack
    let s = wheel(['not-this-time'], [1, 2, 4])
    expect(toAct(s)).toBe(1)
    expect(listed(s, 1, a => a.type === 'play' && a.card === 'not-this-time' && a.target === 1)).toBe(true)
    s = act(s, 1, { type: 'play', card: 'not-this-time', target: 1 })
    s = passWhile(s, x => x.step === 'main2')
    expect(s.p[0]!.mj).toBe(1)
    expect(hpOf(s, 1)).toBe(50)
    expect(hpOf(s, 0)).toBe(46)
  })
  it('DT-6.7 DT-13.12 without a prevention the throw lands with the attack: 1 damage to the attacker', () => {
    const s = passWhile(wheel([], [1, 2, 4]), x => x.step === 'main2')
    expect(s.p[0]!.mj).toBe(1)
    expect(hpOf(s, 1)).toBe(49)
    expect(lastEvents.find(e => e.type === 'damage')).toMatchObject({ by: 1, to: 0, counter: 1 })
  })
})
