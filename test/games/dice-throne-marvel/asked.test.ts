// Issue 10: who is asked to respond depends only on what the others see; auto-pass is a seat's own choice.
import { describe, it, expect } from 'vitest'
import { Random } from '../../../src/kernel/index.ts'
import { randomPlayout } from '../../support/playout.ts'
import { CARDS } from '../../../src/games/dice-throne-marvel/data.ts'
import type { DTState } from '../../../src/games/dice-throne-marvel/state.ts'
import { E, start, edit, act, toAct, hpOf, rolling, inMain, listed, lastEvents } from './helpers.ts'

/** Thor (seat 0) and Loki (seat 1), nobody auto-passing, Loki holding `hand`. */
function duel(hand: string[], f: (x: DTState) => void = () => {}): DTState {
  return edit(start(['thor', 'loki']), x => {
    x.p[0]!.hand = []
    x.p[1]!.hand = hand
    x.p[1]!.cp = 2
    f(x)
  })
}
const types = (evs: { type: string }[]) => evs.map(e => e.type)
const LOKI_INSTANTS = Object.values(CARDS)
  .filter(c => c.timing === 'instant' && (c.hero === null || c.hero === 'loki'))
  .map(c => c.id)

describe('who is asked leaks nothing (issue 10)', () => {
  it('DT-4.4 DT-11.1 ending a Main Phase asks the other player whether its card is an Instant or not; without one it can only pass', () => {
    const withInstant = act(inMain(duel(['getting-paid']), 0), 0, { type: 'end' })
    const eventsA = types(lastEvents)
    const without = act(inMain(duel(['vegas-baby']), 0), 0, { type: 'end' })
    expect(types(lastEvents)).toEqual(eventsA)
    for (const s of [withInstant, without]) {
      expect(s.step).toBe('main1End')
      expect(toAct(s)).toBe(1)
    }
    expect(listed(withInstant, 1, a => a.type === 'play' && a.card === 'getting-paid')).toBe(true)
    expect(E.legalActions(without, 1)).toEqual([{ type: 'pass' }, { type: 'setAutoPass', on: true }])
    // the views of seat 0 are the same in both: nothing tells them apart
    expect(E.view(withInstant, 0)).toEqual(E.view(without, 0))
  })
  it('DT-4.4 DT-8.9 a player is not asked when the others can see it has no answer: no cards in hand, or every Instant in its discard pile', () => {
    let s = act(inMain(duel([]), 0), 0, { type: 'end' })
    expect(s.step).toBe('rolling')
    s = act(
      inMain(
        duel(['vegas-baby'], x => (x.p[1]!.discard = LOKI_INSTANTS.slice())),
        0,
      ),
      0,
      { type: 'end' },
    )
    expect(s.step).toBe('rolling')
  })
  it('DT-6.7 DT-REF-5 a Mjölnir throw waits for its prevention window whether or not Loki holds Not This Time!', () => {
    const hit = (hand: string[], f?: (x: DTState) => void) =>
      act(rolling(duel(hand, f), 0, [1, 1, 1, 4, 5]), 0, { type: 'select', ability: 'hammered', variant: 0 })
    // Loki is asked first in the pre-activation window, then passes into the throw
    const go = (s: DTState) => {
      while (s.step === 'pre') s = act(s, toAct(s), { type: 'pass' })
      return s
    }
    const a = go(hit(['not-this-time']))
    const b = go(hit(['vegas-baby']))
    for (const s of [a, b]) {
      expect(s.step).toBe('inc')
      expect(toAct(s)).toBe(1)
      expect(hpOf(s, 1)).toBe(50)
    }
    expect(E.legalActions(b, 1)).toEqual([{ type: 'pass' }, { type: 'setAutoPass', on: true }])
    // with Not This Time! in the discard pile everyone can see it cannot be played: the throw lands at once
    const c = go(hit(['vegas-baby'], x => (x.p[1]!.discard = ['not-this-time'])))
    expect(c.step).not.toBe('inc')
    expect(hpOf(c, 1)).toBe(49)
  })
  it('DT-11.1 DT-11.4 over random games, the same action on a state with the hidden hands re-dealt asks the same seat next', () => {
    let compared = 0
    for (const [heroes, mode] of [
      [['thor', 'loki'], '1v1'],
      [['spider-man', 'scarlet-witch', 'thor'], 'free-for-all'],
      [['loki', 'thor', 'spider-man', 'scarlet-witch'], '2v2'],
    ] as const) {
      let k = 0
      randomPlayout(
        E,
        heroes.map(hero => ({ hero })),
        { mode },
        `asked-${mode}`,
        {
          onStep: step => {
            // random play turns auto-pass on, which may show a hand by its timing: compared with it off everywhere
            const before = edit(step.before as DTState, x => {
              for (const p of x.p) p.auto = false
            })
            // the attacker's pick among Loki's face-down Illusion cards reveals what the re-deal changed (DT-13.20):
            // its outcome, not who is asked, differs
            if (k++ % 3 !== 0 || step.action.type === 'setAutoPass' || step.action.type === 'pick') return
            // re-deal what the acting seat cannot see, keeping the generator (the same dice and shuffles follow)
            const det = { ...E.determinize!(before, step.seat, Random.fromSeed(`d${k}`)), rng: before.rng }
            const real = E.apply(before, step.seat, step.action as never).state
            const alt = E.apply(det, step.seat, step.action as never).state
            expect(E.status(alt).toAct).toEqual(E.status(real).toAct)
            expect(alt.step).toBe(real.step)
            compared++
          },
        },
      )
    }
    expect(compared).toBeGreaterThan(200)
  })
  it('DT-11.1 no event says a pass was automatic, and a pass itself emits nothing', () => {
    const s = act(inMain(duel(['vegas-baby']), 0), 0, { type: 'end' })
    act(s, 1, { type: 'pass' })
    expect(lastEvents.some(e => 'auto' in e)).toBe(false)
    expect(lastEvents.filter(e => e.type !== 'phase' && e.type !== 'roll')).toEqual([])
  })
})

describe('auto-pass, a seat option (issue 10)', () => {
  it('DT-11.1 a seat turns auto-pass on when asked: windows then skip it when it has no real answer, and ask it when it has one', () => {
    let s = act(inMain(duel(['vegas-baby']), 0), 0, { type: 'end' })
    s = act(s, 1, { type: 'setAutoPass', on: true })
    expect(lastEvents[0]).toEqual({ type: 'autoPass', seat: 1, on: true })
    expect(s.step).toBe('rolling')
    expect((E.view(s, 0) as { players: { autoPass: boolean }[] }).players[1]!.autoPass).toBe(true)
    // with a real answer the auto-passing seat is still asked, and auto-pass is not offered again
    let t = edit(inMain(s, 0), x => (x.p[1]!.hand = ['getting-paid']))
    t = act(t, 0, { type: 'end' })
    expect(toAct(t)).toBe(1)
    expect(listed(t, 1, a => a.type === 'setAutoPass')).toBe(false)
  })
  it("DT-11.1 auto-pass is turned off in the seat's own Main Phase, and only offered there when it is on", () => {
    const on = edit(inMain(duel(['vegas-baby']), 1), x => (x.p[1]!.auto = true))
    expect(listed(on, 1, a => a.type === 'setAutoPass' && !a.on)).toBe(true)
    const off = act(on, 1, { type: 'setAutoPass', on: false })
    expect(off.p[1]!.auto).toBe(false)
    expect(off.step).toBe('main1')
    expect(listed(off, 1, a => a.type === 'setAutoPass')).toBe(false)
    expect(E.describeAction(on, { type: 'setAutoPass', on: false }).length).toBeGreaterThan(5)
  })
})
