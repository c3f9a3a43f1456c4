// Sales and discards for Mjölnir are actions that are not Instants: they wait for answers like cards ([002] L 13, L
// 29).
import { describe, expect, it } from 'vitest'
import { E, edit, emptyHands, hpOf, inMain, listed, rolling, toAct } from './helpers.ts'

describe('every action that is not an Instant can be interrupted (DT-11.3, [002] L 13, L 29)', () => {
  it("DT-11.3 DT-2.4 [002] L 13 L 29 a sale waits for the others' answers before its CP is gained", () => {
    let s = edit(
      inMain(emptyHands(E.setup([{ hero: 'thor' }, { hero: 'loki' }], E.schemas.options.parse({}), 'sale')), 0),
      x => {
        x.p[0]!.hand = ['six-it']
        x.p[0]!.cp = 0
        x.p[1]!.hand = ['getting-paid']
        x.p[1]!.cp = 0
      },
    )
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
  it("DT-11.3 DT-13.12 [002] L 13 L 29 a discard for Mjölnir waits for the others' answers before Mjölnir is thrown", () => {
    let s = edit(
      inMain(emptyHands(E.setup([{ hero: 'thor' }, { hero: 'loki' }], E.schemas.options.parse({}), 'throw')), 0),
      x => {
        x.p[0]!.hand = ['six-it']
        x.p[1]!.hand = ['getting-paid']
        x.p[1]!.cp = 0
      },
    )
    const hp = hpOf(s, 1)
    s = E.apply(s, 0, { type: 'mjolnir', discard: 'six-it', target: 1 }).state
    // the card is discarded (paid); Mjölnir has not moved yet and Loki may answer
    expect(s.p[0]!.discard).toContain('six-it')
    expect(s.p[0]!.mj).toBe(-1)
    expect([s.win!.kind, toAct(s)]).toEqual(['card', 1])
    expect(listed(s, 1, a => a.type === 'play' && a.card === 'getting-paid')).toBe(true)
    s = E.apply(s, 1, { type: 'play', card: 'getting-paid' }).state
    while (s.win) s = E.apply(s, toAct(s), { type: 'pass' }).state
    expect(s.p[0]!.mj).toBe(1)
    expect(hpOf(s, 1)).toBe(hp - 1)
    expect(s.step).toBe('main1')
  })
  it("DT-11.3 DT-14.1 [002] L 13 L 29 an Offensive Roll attempt waits for the others' answers before its dice land", () => {
    let s = edit(
      rolling(
        emptyHands(E.setup([{ hero: 'thor' }, { hero: 'loki' }], E.schemas.options.parse({}), 'reroll')),
        0,
        [1, 1, 1, 4, 5],
      ),
      x => {
        x.p[1]!.hand = ['tip-it']
        x.p[1]!.cp = 1
      },
    )
    let r = E.apply(s, 0, { type: 'roll', dice: [3, 4] })
    s = r.state
    // the attempt is spent, the dice have not landed: Loki may answer first (here: Tip It! on a die about to be
    // rerolled)
    expect(s.roll!.left).toBe(1)
    expect(s.roll!.dice).toEqual([1, 1, 1, 4, 5])
    expect(r.events.some(e => e.type === 'roll')).toBe(false)
    expect([s.win!.kind, toAct(s)]).toEqual(['card', 1])
    r = E.apply(s, 1, { type: 'play', card: 'tip-it', die: 0, value: 2 })
    s = r.state
    const events = [...r.events]
    while (s.win) {
      r = E.apply(s, toAct(s), { type: 'pass' })
      s = r.state
      events.push(...r.events)
    }
    expect(s.roll!.dice[0]).toBe(2)
    expect(events.find(e => e.type === 'roll')).toMatchObject({ seat: 0, rerolled: [3, 4] })
    expect([s.step, toAct(s)]).toEqual(['rolling', 0])
  })
})
