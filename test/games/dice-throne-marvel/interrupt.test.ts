// Sales, Mjölnir discards and every roll (attempts, the defence's roll, rerolls after a first roll) are not Instants:
// they wait for answers like cards ([002] L 13, L 29).
import { describe, expect, it } from 'vitest'
import type { GameEvent } from '../../../src/kernel/index.ts'
import type { DTAction, DTState } from '../../../src/games/dice-throne-marvel/state.ts'
import { E, act, attack, edit, emptyHands, hpOf, inMain, listed, rolling, start, toAct } from './helpers.ts'

/**
 * `seat` takes `a`, a roll: its dice must not land before `answerer` (holding Getting Paid!, an Instant) is asked and
 * answers; then everyone passes. The events after the answer, and the state.
 */
function heldRoll(s: DTState, seat: number, a: DTAction, answerer = 1): { state: DTState; events: GameEvent[] } {
  s = edit(s, x => {
    x.p[answerer]!.hand = ['getting-paid']
    x.p[answerer]!.cp = 0
  })
  let r = E.apply(s, seat, a)
  s = r.state
  expect(r.events.some(e => e.type === 'roll' || e.type === 'defend')).toBe(false)
  expect([s.win?.kind, toAct(s)]).toEqual(['card', answerer])
  r = E.apply(s, answerer, { type: 'play', card: 'getting-paid' })
  s = r.state
  expect(s.p[answerer]!.cp).toBe(2)
  const events = [...r.events]
  while (s.win?.kind === 'card') {
    r = E.apply(s, toAct(s), { type: 'pass' })
    s = r.state
    events.push(...r.events)
  }
  return { state: s, events }
}

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
  it("DT-11.3 DT-14.1 DT-14.4 [002] L 13 L 19 L 29 the defence's roll, once chosen, waits for answers before its dice land", () => {
    const s = attack(
      rolling(emptyHands(start(['thor', 'loki'])), 0, [1, 1, 1, 4, 4]),
      'hammered',
      0,
      x => x.step === 'defChoose',
    )
    const hp = hpOf(s, 0)
    const { events } = heldRoll(s, 1, { type: 'defend', defence: 'slip-away' })
    expect(events.find(e => e.type === 'defend')).toMatchObject({ seat: 1, defence: 'slip-away' })
    expect((events.find(e => e.type === 'defend')!['dice'] as number[]).length).toBe(4)
    expect(hpOf(s, 0)).toBe(hp)
  })
  it('DT-11.3 DT-14.1 [002] L 13 L 19 L 29 a hero with one defence rolls it without being asked, still held for answers', () => {
    // Scarlet Witch has one defence: it is chosen for her (forced), and its roll waits like a chosen one
    let s = edit(rolling(emptyHands(start(['thor', 'scarlet-witch'])), 0, [1, 1, 1, 4, 4]), x => {
      x.p[1]!.hand = ['getting-paid']
      x.p[1]!.cp = 0
    })
    s = act(s, 0, { type: 'select', ability: 'hammered', variant: 0 })
    for (let i = 0; i < 20 && !(s.win?.kind === 'card' && s.held?.a.type === 'defend'); i++)
      s = E.apply(
        s,
        toAct(s),
        toAct(s) === 0 ? { type: s.step === 'modify' ? 'done' : 'pass' } : { type: 'pass' },
      ).state
    expect(s.roll).toBeNull()
    expect([s.step, s.held!.seat, toAct(s)]).toEqual(['defChoose', 1, 1])
  })
  it("DT-11.3 DT-13.29 [002] L 13 L 29 Spider-Sense's extra attempt waits for answers before its dice land", () => {
    let s = attack(
      rolling(emptyHands(start(['loki', 'spider-man'])), 0, [1, 1, 1, 4, 4]),
      'mockery',
      0,
      x => x.step === 'defChoose',
    )
    s = edit(s, x => (x.p[1]!.st['invisibility'] = 1))
    s = act(s, 1, { type: 'defend', defence: 'spider-sense' })
    s = act(s, 1, { type: 'spend', status: 'invisibility' })
    expect([s.step, s.roll!.left, toAct(s)]).toEqual(['def', 1, 1])
    const before = s.roll!.dice.slice()
    const { events } = heldRoll(s, 1, { type: 'roll', dice: [0] }, 0)
    const roll = events.find(e => e.type === 'roll')!
    expect(roll).toMatchObject({ seat: 1, rerolled: [0] })
    expect((roll['dice'] as number[]).slice(1)).toEqual(before.slice(1))
  })
  it("DT-11.3 DT-5.1 [002] L 7 L 13 L 29 Try, Try Again!'s second die waits for answers before it is rerolled", () => {
    let s = edit(rolling(emptyHands(start(['thor', 'loki'], {}, 'audit2')), 0, [1, 1, 1, 1, 1]), x => {
      x.p[0]!.hand = ['try-try-again']
      x.p[0]!.cp = 1
    })
    s = act(s, 0, { type: 'play', card: 'try-try-again', dice: [2] })
    expect(s.choice).toEqual({ kind: 'reroll1', seat: 0 })
    const { state, events } = heldRoll(s, 0, { type: 'roll', dice: [3] })
    expect(events.find(e => e.type === 'roll')).toMatchObject({ seat: 0, rerolled: [3] })
    expect([state.step, toAct(state), state.roll!.dice[4]]).toEqual(['rolling', 0, 1])
  })
  it("DT-11.3 DT-5.5 [002] L 7 L 13 L 29 Odinforce II's reroll waits for answers before its dice are read", () => {
    let s = edit(rolling(emptyHands(start(['thor', 'loki'], {}, 'odin')), 0, [1, 1, 4, 4, 4]), x => {
      x.p[0]!.lv['odinforce'] = 2
    })
    s = act(s, 0, { type: 'select', ability: 'odinforce', variant: 0 })
    expect(s.choice?.kind).toBe('odinReroll')
    const { state, events } = heldRoll(s, 0, { type: 'roll', dice: [0, 1] })
    expect(events.find(e => e['for'] === 'odinforce')).toMatchObject({ seat: 0, rerolled: [0, 1] })
    // the dice were read: the attack is built
    expect(state.atk).toMatchObject({ by: 0, to: 1, ability: 'odinforce' })
  })
})
