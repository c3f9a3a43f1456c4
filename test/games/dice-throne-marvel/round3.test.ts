// Round 3 audit of Marvel Dice Throne against [002]: every answer goes through the one window mechanism.
import { describe, expect, it } from 'vitest'
import { E, edit, emptyHands, inMain, setHand, start, toAct } from './helpers.ts'

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
