// Sales and discards for Mjölnir are actions that are not Instants: they wait for answers like cards ([002] L 13, L 29).
import { describe, expect, it } from 'vitest'
import { E, edit, emptyHands, hpOf, inMain, listed, toAct } from './helpers.ts'

describe('every action that is not an Instant can be interrupted (DT-11.3, [002] L 13, L 29)', () => {
  it('DT-11.3 DT-2.4 [002] L 13 L 29 a sale waits for the others\' answers before its CP is gained', () => {
    let s = edit(inMain(emptyHands(E.setup([{ hero: 'thor' }, { hero: 'loki' }], E.schemas.options.parse({}), 'sale')), 0), (x) => {
      x.p[0]!.hand = ['six-it']
      x.p[0]!.cp = 0
      x.p[1]!.hand = ['getting-paid']
      x.p[1]!.cp = 0
    })
    s = E.apply(s, 0, { type: 'sell', card: 'six-it' }).state
    // the card is sold (in the discard pile), its CP not yet gained: Loki is asked and may answer with an Instant
    expect(s.p[0]!.hand).toEqual([])
    expect(s.p[0]!.cp).toBe(0)
    expect([s.win!.kind, toAct(s)]).toEqual(['card', 1])
    expect(E.view(s, 1)).toMatchObject({ held: { seat: 0, card: 'six-it' } })
    s = E.apply(s, 1, { type: 'play', card: 'getting-paid' }).state
    expect(s.p[1]!.cp).toBe(2)
    while (s.win) s = E.apply(s, toAct(s), { type: 'pass' }).state
    expect(s.p[0]!.cp).toBe(1)
    expect(s.step).toBe('main1')
  })
  it('DT-11.3 DT-13.12 [002] L 13 L 29 a discard for Mjölnir waits for the others\' answers before Mjölnir is thrown', () => {
    let s = edit(inMain(emptyHands(E.setup([{ hero: 'thor' }, { hero: 'loki' }], E.schemas.options.parse({}), 'throw')), 0), (x) => {
      x.p[0]!.hand = ['six-it']
      x.p[1]!.hand = ['getting-paid']
      x.p[1]!.cp = 0
    })
    const hp = hpOf(s, 1)
    s = E.apply(s, 0, { type: 'mjolnir', discard: 'six-it', target: 1 }).state
    // the card is discarded (paid); Mjölnir has not moved yet and Loki may answer
    expect(s.p[0]!.discard).toContain('six-it')
    expect(s.p[0]!.mj).toBe(-1)
    expect([s.win!.kind, toAct(s)]).toEqual(['card', 1])
    expect(listed(s, 1, (a) => a.type === 'play' && a.card === 'getting-paid')).toBe(true)
    s = E.apply(s, 1, { type: 'play', card: 'getting-paid' }).state
    while (s.win) s = E.apply(s, toAct(s), { type: 'pass' }).state
    expect(s.p[0]!.mj).toBe(1)
    expect(hpOf(s, 1)).toBe(hp - 1)
    expect(s.step).toBe('main1')
  })
})
