// Round 3 audit of Marvel Dice Throne against [002]: every answer goes through the one window mechanism.
import { describe, expect, it } from 'vitest'
import type { DTState } from '../../../src/games/dice-throne-marvel/state.ts'
import { E, edit, emptyHands, inMain, listed, passWhile, rolling, setHand, start, toAct } from './helpers.ts'

describe('round 3: an interrupted action completes with what is left (DT-4.6, [002] L 7)', () => {
  it('DT-4.6 [002] L 7 Transference! moves a token only if it is still there when the card resolves: it never creates one', () => {
    let s = inMain(emptyHands(start(['thor', 'scarlet-witch'])), 0)
    s = setHand(s, 0, ['transference'], 2)
    s = edit(s, (x) => {
      x.p[0]!.st = { electrokinesis: 1 }
      x.p[1]!.st = { conjure: 1 }
    })
    // Thor plays Transference! on Scarlet Witch's Conjure; it waits for her answer (DT-11.3)
    s = E.apply(s, 0, { type: 'play', card: 'transference', from: 1, status: 'conjure', target: 0 }).state
    expect(s.held?.a.card).toBe('transference')
    expect(toAct(s)).toBe(1)
    // she spends the Conjure token first (an Instant, DT-8.10), taking Thor's Electrokinesis
    s = E.apply(s, 1, { type: 'spend', status: 'conjure', from: 0, take: 'electrokinesis' }).state
    while (s.held) s = E.apply(s, toAct(s), { type: 'pass' }).state
    expect(s.p[1]!.st['conjure']).toBeUndefined()
    expect(s.p[0]!.st['conjure']).toBeUndefined()
    expect(s.p[1]!.st['electrokinesis']).toBe(1)
  })
})

/** Spends Guard Break, with the state's generator re-seeded until its die makes the attack undefendable (4 or 5). */
function guardBreakHits(s: DTState): DTState {
  for (let k = 0; k < 200; k++) {
    const v = edit(s, (x) => (x.rng = start(['thor', 'loki'], {}, `gb${k}`).rng))
    const r = E.apply(v, 0, { type: 'spend', status: 'guard-break' }).state
    if (r.atk!.damageType === 'undefendable') return r
  }
  throw new Error('no seed made Guard Break hit')
}

describe('round 3: Invisibility against an attack Guard Break made undefendable (DT-13.29, [002] L 17)', () => {
  it('DT-13.29 [002] L 17 the defence is chosen after the window opening the Defensive Roll Phase: Yikes! played there lets Spider-Man defend', () => {
    let s = rolling(emptyHands(start(['thor', 'spider-man'])), 0, [1, 1, 1, 4, 5])
    s = edit(s, (x) => {
      x.p[0]!.st = { 'guard-break': 1 }
      x.p[1]!.hand = ['yikes']
      x.p[1]!.cp = 1
    })
    s = E.apply(s, 0, { type: 'select', ability: 'hammered', variant: 0 }).state
    s = passWhile(s, (x) => x.step === 'modify')
    expect(s.step).toBe('modify')
    s = guardBreakHits(s)
    // Spider-Man is asked before his defence is chosen, and gains Invisibility with Yikes! (an Instant, DT-4.4)
    expect(toAct(s)).toBe(1)
    expect(s.atk!.defence).toBeNull()
    s = E.apply(s, 1, { type: 'play', card: 'yikes' }).state
    s = passWhile(s, (x) => x.step === 'defChoose')
    expect(s.step).toBe('defChoose')
    expect(listed(s, 1, (a) => a.type === 'spend' && a.status === 'invisibility')).toBe(true)
    s = E.apply(s, 1, { type: 'spend', status: 'invisibility' }).state
    expect(listed(s, 1, (a) => a.type === 'defend')).toBe(true)
  })
})

describe('round 3: Roll Phase cards can be interrupted (DT-11.3, [002] L 13, L 29)', () => {
  it('DT-11.3 DT-8.10 [002] L 13 L 29 a Roll Phase card waits for answers like a Main Phase card, and a status spend answers it', () => {
    let s = rolling(emptyHands(start(['loki', 'scarlet-witch'])), 0, [1, 2, 3, 4, 5])
    s = edit(s, (x) => {
      x.p[0]!.hand = ['sleight-of-hand']
      x.p[0]!.cp = 1
      x.p[0]!.st = { 'bag-of-tricks': 1 }
      x.p[1]!.st = { conjure: 1 }
    })
    s = E.apply(s, 0, { type: 'play', card: 'sleight-of-hand', die: 0 }).state
    // paid, not resolved: Scarlet Witch may answer first
    expect(s.held?.a.card).toBe('sleight-of-hand')
    expect(s.roll!.dice).toEqual([1, 2, 3, 4, 5])
    expect(toAct(s)).toBe(1)
    expect(listed(s, 1, (a) => a.type === 'spend' && a.status === 'conjure')).toBe(true)
    s = E.apply(s, 1, { type: 'spend', status: 'conjure', from: 0, take: 'bag-of-tricks' }).state
    expect(s.p[1]!.st['bag-of-tricks']).toBe(1)
    while (s.held) s = E.apply(s, toAct(s), { type: 'pass' }).state
    // then the card resolves and the Offensive Roll Phase goes on
    expect(s.step).toBe('rolling')
    expect(s.win).toBeNull()
    expect(s.p[0]!.discard).toContain('sleight-of-hand')
    expect(toAct(s)).toBe(0)
  })
})

describe('round 3: Roll Phase cards by any player in the Offensive Roll Phase (DT-4.3, [002] L 7)', () => {
  it('DT-4.3 DT-15 [002] L 7 in 2v2, with only noAttack left, the attacker\'s teammate is still offered One More Time!', () => {
    let s = emptyHands(start(['loki', 'thor', 'spider-man', 'scarlet-witch'], { mode: '2v2' }))
    // no roll attempt left and no ability met: the attacker's only action is noAttack
    s = rolling(s, 0, [1, 2, 4, 6, 6], 0)
    s = edit(s, (x) => {
      x.p[2]!.hand = ['one-more-time']
      x.p[2]!.cp = 1
    })
    expect(E.legalActions(s, 0)).toEqual([{ type: 'noAttack' }])
    s = E.apply(s, 0, { type: 'noAttack' }).state
    expect(toAct(s)).toBe(2)
    expect(listed(s, 2, (a) => a.type === 'play' && a.card === 'one-more-time')).toBe(true)
    s = E.apply(s, 2, { type: 'play', card: 'one-more-time' }).state
    while (s.held) s = E.apply(s, toAct(s), { type: 'pass' }).state
    // the attacker rolls again
    expect(s.step).toBe('rolling')
    expect(s.roll!.left).toBe(1)
    expect(toAct(s)).toBe(0)
  })
})
