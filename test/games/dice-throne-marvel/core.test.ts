// Marvel Dice Throne core rules: setup, CP and selling, turn order, hand limit, card timing, the offensive roll,
// damage, priority, defence and 2v2.
import { describe, it, expect } from 'vitest'
import { expectRejected } from '../../support/playout.ts'
import { finalDamage } from '../../../src/games/dice-throne-marvel/defence.ts'
import { pickStarter } from '../../../src/games/dice-throne-marvel/setup.ts'
import {
  E,
  start,
  edit,
  act,
  toAct,
  hpOf,
  rolling,
  passWhile,
  attack,
  setHand,
  inMain,
  listed,
  lastEvents,
  emptyHands,
  toMain1,
} from './helpers.ts'

describe('setup', () => {
  it('DT-2.10 DT-3.1 DT-GAP-1 each player starts with 2 CP, 4 cards and 50 health in 1v1', () => {
    const s = start(['thor', 'loki'])
    const notFirst = 1 - s.first
    // the second player has had no turn yet
    expect(s.p[notFirst]!.cp).toBe(2)
    expect(s.p[notFirst]!.hand.length).toBe(4)
    expect(s.hp).toEqual([50, 50])
    expect(s.mode).toBe('1v1')
  })
  it('DT-1.3 DT-GAP-6 the highest start roll begins; ties among the highest reroll', () => {
    const rolls = [6, 3, 6, 2, 5] // round 1: seats 0,1,2 roll 6,3,6 -> 0 and 2 tie; round 2: 2 vs 5
    let i = 0
    expect(pickStarter(3, () => rolls[i++]!)).toBe(2)
    expect(i).toBe(5)
    const r2 = [1, 4]
    let j = 0
    expect(pickStarter(2, () => r2[j++]!)).toBe(1)
  })
  it('DT-1.4 DT-2.3 DT-GAP-4 the starting player skips their first Income; the next player gains 1 CP and draws 1', () => {
    const s = toMain1(start(['thor', 'loki'], {}, 'income'))
    const f = s.first
    expect(s.p[f]!.cp).toBe(2)
    expect(s.p[f]!.hand.length).toBe(4)
    // end the first turn quickly: end main 1, no attack, end main 2 (the other player passes in the phase windows)
    let x = passWhile(act(s, f, { type: 'end' }), y => y.step === 'rolling')
    x = passWhile(act(x, f, { type: 'noAttack' }), z => z.step !== 'rollEnd')
    x = passWhile(act(x, f, { type: 'end' }), y => y.active !== f && y.step === 'main1')
    const o = 1 - f
    expect(x.active).toBe(o)
    expect(x.p[o]!.cp).toBe(3)
    expect(x.p[o]!.hand.length).toBe(5)
    // and on the starting player's second turn, income happens
    x = passWhile(act(x, o, { type: 'end' }), y => y.step === 'rolling')
    x = passWhile(act(x, o, { type: 'noAttack' }), z => z.step !== 'rollEnd')
    x = passWhile(act(x, o, { type: 'end' }), y => y.active !== o && y.step === 'main1')
    expect(x.active).toBe(f)
    expect(x.p[f]!.cp).toBe(3)
    expect(x.p[f]!.hand.length).toBe(5)
  })
  it('DT-1.5 the skipped first Income applies in 2v2 and free-for-all too', () => {
    for (const [heroes, mode] of [
      [['thor', 'loki', 'spider-man', 'scarlet-witch'], '2v2'],
      [['thor', 'loki', 'spider-man'], 'free-for-all'],
    ] as const) {
      const s = start([...heroes], { mode })
      expect(s.p[s.first]!.cp).toBe(2)
      expect(s.p[s.first]!.hand.length).toBe(4)
    }
  })
  it('DT-GAP-12 options: mode defaults by seat count and must fit the seats', () => {
    expect(E.schemas.options.parse({})).toEqual({})
    expect(start(['thor', 'loki', 'spider-man']).mode).toBe('free-for-all')
    expect(() => start(['thor', 'loki'], { mode: '2v2' })).toThrow()
    expect(() => start(['thor', 'loki', 'spider-man'], { mode: '1v1' })).toThrow()
  })
})

describe('CP and selling', () => {
  it('DT-2.4 DT-3.5 selling a card in Main Phase gives +1 CP and puts it in the discard pile', () => {
    let s = inMain(start(['thor', 'loki']), 0)
    s = setHand(s, 0, ['six-it', 'double-up'], 3)
    s = act(s, 0, { type: 'sell', card: 'six-it' })
    expect(s.p[0]!.cp).toBe(4)
    expect(s.p[0]!.hand).toEqual(['double-up'])
    expect(s.p[0]!.discard).toContain('six-it')
  })
  it('DT-2.8 DT-2.9 CP never exceeds 15: gains at 15 are lost', () => {
    let s = inMain(start(['thor', 'loki']), 0)
    s = setHand(s, 0, ['six-it', 'getting-paid'], 14)
    s = act(s, 0, { type: 'play', card: 'getting-paid' })
    expect(s.p[0]!.cp).toBe(15)
    s = act(s, 0, { type: 'sell', card: 'six-it' })
    expect(s.p[0]!.cp).toBe(15)
  })
  it('DT-2.11 a 0 CP card is free', () => {
    let s = inMain(start(['thor', 'loki']), 0)
    s = setHand(s, 0, ['getting-paid'], 0)
    expect(listed(s, 0, a => a.type === 'play' && a.card === 'getting-paid')).toBe(true)
    s = act(s, 0, { type: 'play', card: 'getting-paid' })
    expect(s.p[0]!.cp).toBe(2)
  })
  it('DT-2.2 DT-5.1 a card is paid first; without enough CP it cannot be played', () => {
    let s = inMain(start(['thor', 'loki']), 0)
    s = setHand(s, 0, ['triple-up'], 1)
    const v = expectRejected(E, s, 0, { type: 'play', card: 'triple-up' })
    expect(v.rule).toBe('DT-2.2')
    s = setHand(s, 0, ['triple-up'], 2)
    s = act(s, 0, { type: 'play', card: 'triple-up' })
    expect(s.p[0]!.cp).toBe(0)
    expect(s.p[0]!.hand.length).toBe(3)
    expect(s.p[0]!.discard).toContain('triple-up')
  })
  it('DT-2.5 DT-2.6 DT-2.7 stealing moves CP; with less than stated, you steal what they have', () => {
    let s = inMain(start(['loki', 'thor']), 0)
    s = setHand(s, 0, ['silver-tongue'], 3)
    s = edit(s, x => (x.p[1]!.cp = 4))
    s = act(s, 0, { type: 'play', card: 'silver-tongue', target: 1 })
    expect([s.p[0]!.cp, s.p[1]!.cp]).toEqual([4, 3])
    // Confuddle steals 1 from an opponent with 0: nothing moves
    s = rolling(
      edit(s, x => (x.p[1]!.cp = 0)),
      0,
      [1, 2, 3, 4, 6],
    )
    s = attack(s, 'confuddle', 0, x => x.step === 'defChoose')
    expect(s.p[1]!.cp).toBe(0)
    expect(s.p[0]!.cp).toBe(4)
  })
})

describe('turn order', () => {
  it('DT-1.1 DT-GAP-6 turns pass in seat order from the starting player, skipping defeated players', () => {
    let s = toMain1(
      emptyHands(start(['thor', 'loki', 'spider-man', 'scarlet-witch'], { mode: 'free-for-all' }, 'order')),
    )
    const seen: number[] = [s.active]
    s = edit(s, x => (x.p[(x.first + 2) % 4]!.out = true))
    for (let i = 0; i < 4; i++) {
      const a = s.active
      s = act(s, a, { type: 'end' })
      s = passWhile(act(s, a, { type: 'noAttack' }), z => z.step !== 'rollEnd')
      s = act(s, a, { type: 'end' })
      s = passWhile(s, x => x.step === 'main1')
      seen.push(s.active)
    }
    const f = seen[0]!
    expect(seen).toEqual([f, (f + 1) % 4, (f + 3) % 4, f, (f + 1) % 4])
  })
  it('DT-GAP-10 stealing at 15 CP: the victim still loses the CP, the excess is lost', () => {
    let s = inMain(start(['loki', 'thor']), 0)
    s = setHand(s, 0, ['silver-tongue'], 15)
    s = edit(s, x => (x.p[1]!.cp = 3))
    s = act(s, 0, { type: 'play', card: 'silver-tongue', target: 1 })
    expect([s.p[0]!.cp, s.p[1]!.cp]).toEqual([15, 2])
  })
  it('DT-2.1 CP is the only currency: every cost is paid from the CP dial', () => {
    let s = inMain(start(['thor', 'loki']), 0)
    s = setHand(s, 0, ['so-wild', 'transference'], 2)
    s = act(s, 0, { type: 'sell', card: 'so-wild' })
    expect(s.p[0]!.cp).toBe(3)
    const before = { hand: s.p[0]!.hand.length, hp: s.hp.slice() }
    s = edit(s, x => (x.p[1]!.st['bag-of-tricks'] = 1))
    s = act(s, 0, { type: 'play', card: 'transference', from: 1, status: 'bag-of-tricks', target: 0 })
    expect(s.p[0]!.cp).toBe(1)
    expect([s.p[0]!.hand.length, s.hp]).toEqual([before.hand - 1, before.hp])
  })
})

describe('hand limit and discard', () => {
  it('DT-3.2 DT-3.3 DT-3.4 DT-3.6 more than 6 cards is fine until the Discard Phase, where you must sell down to 6', () => {
    let s = inMain(start(['thor', 'loki']), 0, 'main2')
    const hand = ['six-it', 'six-it', 'tip-it', 'double-up', 'so-wild', 'samesies', 'better-d', 'vegas-baby']
    s = setHand(s, 0, hand, 2)
    expect(s.p[0]!.hand.length).toBe(8) // held above 6 during the turn
    s = passWhile(act(s, 0, { type: 'end' }), x => x.step === 'discard')
    expect(s.step).toBe('discard')
    expect(listed(s, 0, a => a.type === 'sell')).toBe(true)
    expect(listed(s, 0, a => a.type === 'end')).toBe(false)
    expect(expectRejected(E, s, 0, { type: 'end' }).rule).toBe('DT-3.4')
    s = act(s, 0, { type: 'sell', card: 'six-it' })
    expect(s.step).toBe('discard')
    s = act(s, 0, { type: 'sell', card: 'vegas-baby' })
    expect(s.p[0]!.hand.length).toBe(6)
    expect(s.p[0]!.cp).toBe(4)
    // down to 6: the phase may end now (Loki, holding cards, may answer its end: DT-4.4)
    s = passWhile(act(s, 0, { type: 'end' }), x => x.active === 1)
    expect(s.active).toBe(1)
  })
})

describe('card timing', () => {
  it('DT-4.1 DT-4.2 a Main Phase Action cannot be played outside your Main Phase', () => {
    let s = rolling(start(['thor', 'loki']), 0, [1, 1, 1, 2, 2])
    s = setHand(s, 0, ['vegas-baby'], 5)
    expect(listed(s, 0, a => a.type === 'play')).toBe(false)
    expect(expectRejected(E, s, 0, { type: 'play', card: 'vegas-baby' }).rule).toBe('DT-4.2')
  })
  it("DT-4.3 a Roll Phase Action can be played on another player's turn (in the window after the attacker selects)", () => {
    let s = rolling(start(['thor', 'loki']), 0, [1, 1, 1, 2, 2])
    s = setHand(s, 1, ['so-wild'], 5)
    s = act(s, 0, { type: 'select', ability: 'hammered', variant: 0 })
    expect(toAct(s)).toBe(1)
    expect(listed(s, 1, a => a.type === 'play' && a.card === 'so-wild')).toBe(true)
    expect(listed(s, 1, a => a.type === 'pass')).toBe(true)
  })
  it("DT-4.4 DT-4.5 an Instant Action can be played on any player's turn", () => {
    let s = rolling(start(['thor', 'loki']), 0, [1, 1, 1, 2, 2])
    s = setHand(s, 1, ['double-up'], 5)
    s = act(s, 0, { type: 'select', ability: 'hammered', variant: 0 })
    s = act(s, 1, { type: 'play', card: 'double-up' })
    expect(s.p[1]!.hand.length).toBe(2)
    expect(s.p[1]!.cp).toBe(4)
  })
  it('DT-4.9 a Hero Upgrade is played only in your own Main Phase', () => {
    let s = rolling(start(['thor', 'loki']), 0, [1, 1, 1, 2, 2])
    s = setHand(s, 0, ['hammered-ii'], 5)
    expect(expectRejected(E, s, 0, { type: 'play', card: 'hammered-ii' }).rule).toBe('DT-4.9')
    s = inMain(s, 0)
    s = act(s, 0, { type: 'play', card: 'hammered-ii' })
    expect(s.p[0]!.lv['hammered']).toBe(2)
  })
  it('DT-4.10 DT-4.11 a played upgrade stays in play and cannot be sold', () => {
    let s = inMain(start(['scarlet-witch', 'loki']), 0)
    s = setHand(s, 0, ['hex-bolt-ii'], 5)
    s = act(s, 0, { type: 'play', card: 'hex-bolt-ii' })
    expect(s.p[0]!.ups).toEqual(['hex-bolt-ii'])
    expect(expectRejected(E, s, 0, { type: 'sell', card: 'hex-bolt-ii' }).rule).toBe('DT-3.5')
  })
  it('DT-4.12 an upgrade can go straight to level III', () => {
    let s = inMain(start(['scarlet-witch', 'loki']), 0)
    s = setHand(s, 0, ['hex-bolt-iii'], 4)
    s = act(s, 0, { type: 'play', card: 'hex-bolt-iii' })
    expect(s.p[0]!.lv['hex-bolt']).toBe(3)
    expect(s.p[0]!.cp).toBe(0)
  })
  it('DT-4.13 DT-4.14 upgrading II to III pays only the difference; a lower level cannot be played over a higher one', () => {
    let s = inMain(start(['scarlet-witch', 'loki']), 0)
    s = setHand(s, 0, ['hex-bolt-ii', 'hex-bolt-iii'], 6)
    s = act(s, 0, { type: 'play', card: 'hex-bolt-ii' })
    expect(s.p[0]!.cp).toBe(4)
    s = act(s, 0, { type: 'play', card: 'hex-bolt-iii' })
    expect(s.p[0]!.cp).toBe(2) // 4 - 2 paid before
    expect(s.p[0]!.lv['hex-bolt']).toBe(3)
    let t = inMain(start(['scarlet-witch', 'loki']), 0)
    t = setHand(t, 0, ['hex-bolt-iii', 'hex-bolt-ii'], 6)
    t = act(t, 0, { type: 'play', card: 'hex-bolt-iii' })
    expect(expectRejected(E, t, 0, { type: 'play', card: 'hex-bolt-ii' }).rule).toBe('DT-4.13')
  })
  it('DT-4.6 DT-4.7 DT-4.8 DT-8.10 DT-8.11 an Instant resolves at once; responses are handled one at a time, never inside another', () => {
    let s = rolling(start(['thor', 'loki']), 0, [1, 1, 1, 2, 2])
    s = setHand(s, 1, ['double-up', 'getting-paid'], 5)
    s = act(s, 0, { type: 'select', ability: 'hammered', variant: 0 })
    s = act(s, 1, { type: 'play', card: 'getting-paid' })
    // resolved immediately (CP already there), no nested window: the same window asks again from the turn player
    expect(s.p[1]!.cp).toBe(7)
    expect(toAct(s)).toBe(0)
    expect(s.step).toBe('pre')
    expect(s.win!.kind).toBe('pre')
    passWhile(s, x => x.step !== 'pre')
    // the interrupted activation then finishes
    expect(lastEvents.some(e => e.type === 'ability')).toBe(true)
  })
})

describe('offensive roll', () => {
  it('DT-GAP-2 up to 3 roll attempts keeping any dice, then one ability or none', () => {
    let s = toMain1(start(['thor', 'loki'], {}, 'r'))
    const f = s.first
    // the other player, holding cards, may answer the end of the Main Phase
    s = passWhile(act(s, f, { type: 'end' }), x => x.step === 'rolling')
    expect(s.step).toBe('rolling')
    expect(s.roll!.left).toBe(2)
    expect(E.legalActions(s, f).filter(a => a.type === 'roll').length).toBe(31)
    s = act(s, f, { type: 'roll', dice: [0, 1] })
    s = act(s, f, { type: 'roll', dice: [4] })
    expect(s.roll!.left).toBe(0)
    expect(listed(s, f, a => a.type === 'roll')).toBe(false)
    expect(listed(s, f, a => a.type === 'noAttack')).toBe(true)
  })
  it('DT-GAP-2 DT-10.6 when dice change after the choice, the attacker may choose again or keep rolling', () => {
    let s = rolling(start(['thor', 'loki']), 0, [1, 1, 1, 4, 4], 1)
    s = setHand(s, 1, ['so-wild'], 5)
    s = act(s, 0, { type: 'select', ability: 'hammered', variant: 0 })
    s = act(s, 1, { type: 'play', card: 'so-wild', die: 0, value: 5 })
    expect(s.step).toBe('rolling')
    expect(s.sel).toBeNull()
    expect(toAct(s)).toBe(0)
    expect(listed(s, 0, a => a.type === 'select' && a.ability === 'hammered')).toBe(false)
    expect(listed(s, 0, a => a.type === 'roll')).toBe(true)
  })
  it('DT-1.2 DT-REF-1 DT-GAP-3 a full turn goes Upkeep, Income, Main 1, Offensive, Defensive, Main 2, Discard', () => {
    let s = rolling(start(['thor', 'spider-man']), 0, [1, 1, 1, 2, 2])
    s = act(s, 0, { type: 'select', ability: 'hammered', variant: 0 })
    const phases: string[] = []
    for (let i = 0; i < 20 && s.step !== 'main2'; i++) {
      const seat = toAct(s)
      const a = E.legalActions(s, seat).find(x => x.type === 'pass' || x.type === 'done' || x.type === 'defend')!
      const r = E.apply(s, seat, a)
      for (const e of r.events) if (e.type === 'phase') phases.push(String(e['phase']))
      s = r.state
    }
    expect(phases).toEqual(['targeting-roll', 'defensive-roll', 'main2'])
    s = act(s, 0, { type: 'end' })
    // Spider-Man, holding cards, may answer the end of Main Phase 2 before the turn ends
    expect(toAct(s)).toBe(1)
    s = act(s, 1, { type: 'pass' })
    expect(lastEvents.filter(e => e.type === 'phase').map(e => e['phase'])).toEqual(['discard'])
    // and may answer the end of the Discard Phase (DT-4.4), then its Upkeep and Income Phases have windows
    s = act(s, 0, { type: 'end' })
    expect([s.step, toAct(s)]).toEqual(['discardEnd', 1])
    const ph: string[] = []
    while (s.step !== 'main1') {
      const r = E.apply(s, toAct(s), { type: 'pass' })
      for (const e of r.events) if (e.type === 'phase') ph.push(String(e['phase']))
      s = r.state
    }
    expect(ph).toEqual(['income', 'main1'])
  })
})

describe('damage', () => {
  it('DT-12.9 halving twice prevents all of the damage (worked answer)', () => {
    for (const base of [1, 5, 7, 13])
      expect(
        finalDamage({
          base,
          addedDamage: 0,
          preventedDamage: 0,
          halves: 2,
          allPrevented: false,
          ultimate: false,
          damageType: 'normal',
        }),
      ).toBe(0)
  })
  it('DT-12.2 DT-12.3 DT-12.4 DT-12.5 DT-12.6 DT-12.7 DT-12.8 DT-GAP-9 add/subtract first, then each halving from the same subtotal, rounded up', () => {
    // 10 + 3 - 4 = 9; half of 9 = 5 (rounded up) prevented -> 4
    expect(
      finalDamage({
        base: 10,
        addedDamage: 3,
        preventedDamage: 4,
        halves: 1,
        allPrevented: false,
        ultimate: false,
        damageType: 'normal',
      }),
    ).toBe(4)
    expect(
      finalDamage({
        base: 3,
        addedDamage: 0,
        preventedDamage: 5,
        halves: 0,
        allPrevented: false,
        ultimate: false,
        damageType: 'normal',
      }),
    ).toBe(0)
  })
  it('DT-12.1 DT-12.9 in play: Spider-Sense halves and the Illusion half card halves again: nothing gets through', () => {
    // Loki attacks Spider-Man? Spider-Man defends with Spider-Sense and has Illusion conjured? Use Loki defending with
    // Illusion 'half' + Slip Away.
    let s = rolling(start(['thor', 'spider-man']), 0, [1, 1, 1, 1, 2])
    s = edit(s, x => (x.p[1]!.st['illusion'] = 1)) // e.g. taken with Conjure-like effects: status rules are per holder
    s = act(s, 0, { type: 'select', ability: 'hammered', variant: 1 })
    s = passWhile(s, x => x.step === 'defChoose')
    s = act(s, 1, { type: 'spend', status: 'illusion' })
    s = act(s, 1, { type: 'arrange', order: ['half', 'all', 'none'] })
    s = act(s, 0, { type: 'pick', slot: 0 })
    s = act(s, 1, { type: 'defend', defence: 'spider-sense' })
    s = edit(s, x => (x.roll!.dice = [6, 1]))
    const before = hpOf(s, 1)
    s = passWhile(s, x => x.step === 'main2')
    expect(hpOf(s, 1)).toBe(before)
    expect(lastEvents.find(e => e.type === 'damage')!['amount']).toBe(0)
  })
  it('DT-6.1 DT-6.3 DT-6.6 normal damage can be defended (the defender rolls the dice of their defence)', () => {
    let s = rolling(start(['thor', 'scarlet-witch']), 0, [1, 1, 1, 2, 5])
    s = attack(s, 'hammered', 0, x => x.step === 'def')
    expect(s.roll!.owner).toBe(1)
    expect(s.roll!.dice.length).toBe(3)
  })
  it('DT-6.2 DT-6.7 undefendable damage skips the defence but can be prevented (Not This Time!)', () => {
    let s = rolling(start(['spider-man', 'thor']), 0, [6, 6, 6, 6, 1])
    s = setHand(s, 1, ['not-this-time'], 3)
    s = act(s, 0, { type: 'select', ability: 'venom-punch', variant: 0 })
    s = passWhile(s, x => x.step === 'def' && toAct(x) === 1)
    expect(s.atk!.damageType).toBe('undefendable')
    expect(s.atk!.defence).toBeNull()
    expect(listed(s, 1, a => a.type === 'defend')).toBe(false)
    const before = hpOf(s, 1)
    s = act(s, 1, { type: 'play', card: 'not-this-time' })
    s = passWhile(s, x => x.step === 'main2')
    expect(hpOf(s, 1)).toBe(before - 1) // 7 - 6
  })
  it('DT-6.4 DT-6.5 DT-7.1 DT-7.2 DT-7.3 DT-7.4 Attack Modifiers add to an attack of the same type, before or after the defence', () => {
    let s = rolling(start(['spider-man', 'thor']), 0, [1, 1, 1, 4, 5])
    s = edit(s, x => (x.p[0]!.st['invisibility'] = 1))
    s = setHand(s, 0, ['ambush'], 0)
    s = act(s, 0, { type: 'select', ability: 'punch', variant: 0 })
    s = passWhile(s, x => x.step === 'def' && toAct(x) === 0)
    // after the defence roll the attacker may still add (DT-7.2)
    expect(s.roll!.owner).toBe(1)
    s = edit(s, x => (x.roll!.dice = [1, 2, 3])) // Thunder Wheel: no worthy, no prevention
    s = act(s, 0, { type: 'play', card: 'ambush' })
    expect(s.atk!.addedDamage).toBe(3)
    s = passWhile(s, x => x.step === 'main2')
    const dmg = lastEvents.find(e => e.type === 'damage')!
    expect(dmg['amount']).toBe(7)
    expect(dmg['damageType']).toBe('normal')
    // no attack: Ambush is not offered in a Main Phase
    expect(listed(inMain(setHand(s, 0, ['ambush'], 0), 0), 0, a => a.type === 'play')).toBe(false)
  })
  it('DT-6.8 pure damage cannot be modified (finalDamage ignores additions)', () => {
    expect(
      finalDamage({
        base: 5,
        addedDamage: 3,
        preventedDamage: 0,
        halves: 0,
        allPrevented: false,
        ultimate: false,
        damageType: 'pure',
      }),
    ).toBe(5)
    expect(
      finalDamage({
        base: 5,
        addedDamage: 0,
        preventedDamage: 2,
        halves: 0,
        allPrevented: false,
        ultimate: false,
        damageType: 'pure',
      }),
    ).toBe(3)
  })
  it("DT-6.9 DT-6.10 DT-6.11 DT-REF-2 collateral damage is not an attack: Mighty Summon hits Mjölnir's holder with no defence", () => {
    let s = rolling(start(['thor', 'loki']), 0, [1, 4, 5, 6, 2])
    s = edit(s, x => (x.p[0]!.mj = 1))
    const before = hpOf(s, 1)
    s = act(s, 0, { type: 'select', ability: 'mighty-summon', variant: 0 })
    s = passWhile(s)
    expect(s.step).toBe('main2')
    expect(hpOf(s, 1)).toBe(before - 3)
    expect(s.p[0]!.mj).toBe(-1)
    expect(s.p[0]!.st['guard-break']).toBe(2)
  })
  it('DT-6.12 DT-6.13 DT-10.1 DT-10.2 DT-10.3 DT-10.4 DT-10.5 DT-GAP-11 an ultimate cannot be answered or prevented, only increased (worked answer)', () => {
    let s = rolling(start(['thor', 'spider-man']), 0, [6, 6, 6, 6, 6])
    s = setHand(s, 1, ['not-this-time', 'yikes'], 5)
    s = edit(s, x => (x.p[1]!.st['invisibility'] = 1))
    s = act(s, 0, { type: 'select', ability: 'for-asgard', variant: 0 })
    // before activation the opponent may still respond (DT-10.6)
    expect(toAct(s)).toBe(1)
    s = act(s, 1, { type: 'pass' })
    // activated: the defender never acts again this roll phase
    for (let i = 0; i < 20 && s.step !== 'main2'; i++) {
      expect(toAct(s)).toBe(0)
      expect(E.legalActions(s, 1)).toEqual([])
      const own = E.legalActions(s, 0)
      s = act(
        s,
        0,
        (own.find(a => a.type === 'pass' || a.type === 'done') ?? own.filter(a => a.type === 'steps').at(-1))!,
      )
    }
    const dmg = lastEvents.find(e => e.type === 'damage')!
    expect(dmg['amount']).toBe(14)
    expect(
      finalDamage({
        base: 14,
        addedDamage: 2,
        preventedDamage: 6,
        halves: 2,
        allPrevented: true,
        ultimate: true,
        damageType: 'ultimate',
      }),
    ).toBe(16)
  })
  it('DT-10.3 an opponent acting during an activated ultimate is refused', () => {
    let s = rolling(start(['spider-man', 'thor']), 0, [6, 6, 6, 6, 6])
    s = setHand(s, 0, [], 0)
    s = edit(s, x => (x.p[0]!.st['crackle'] = 0))
    s = setHand(s, 1, ['getting-paid'], 0)
    s = act(s, 0, { type: 'select', ability: 'venom-shockwave', variant: 0 })
    // opponent had a response before activation and passes
    s = act(s, 1, { type: 'pass' })
    expect(s.step).toBe('main2')
    expect(lastEvents.find(e => e.type === 'damage')!['amount']).toBe(13)
  })
})

describe('priority', () => {
  it("DT-11.1 DT-11.2 DT-11.4 the turn player's instant resolves first (worked answer)", () => {
    // Thor attacks Spider-Man (4 players free-for-all); everyone holds an Instant. The window asks the turn player
    // first, then turn order.
    let s = start(['thor', 'spider-man', 'loki', 'scarlet-witch'], { mode: 'free-for-all' })
    s = rolling(s, 1, [1, 1, 1, 2, 3])
    s = edit(s, x => {
      for (const p of x.p) {
        p.hand = ['getting-paid']
        p.cp = 0
      }
      x.hp[2] = 30 // not a Leader: no bonus card to answer with
    })
    s = act(s, 1, { type: 'select', ability: 'punch', variant: 0 })
    // every window has the same priority order; the turn player, who has just chosen, is asked after an answer
    expect(s.win!.seats).toEqual([1, 2, 3, 0])
    expect(toAct(s)).toBe(2)
    s = passWhile(s, x => x.step === 'target')
    s = act(s, 1, { type: 'target', seat: 2 })
    s = passWhile(s, x => x.step === 'defChoose')
    s = act(s, 2, { type: 'defend', defence: 'slip-away' })
    // Defensive window: turn player (1) first even though seat 2 is the defender
    expect(s.win!.seats).toEqual([1, 2, 3, 0])
    expect(toAct(s)).toBe(1)
    s = act(s, 1, { type: 'play', card: 'getting-paid' })
    expect(s.p[1]!.cp).toBe(2)
    expect(toAct(s)).toBe(2) // the turn player has nothing left; next in turn order
  })
  it('DT-11.3 a non-instant ability choice can be interrupted before it activates', () => {
    let s = rolling(start(['thor', 'loki']), 0, [1, 1, 1, 4, 4])
    s = setHand(s, 1, ['getting-paid'], 0)
    s = act(s, 0, { type: 'select', ability: 'hammered', variant: 0 })
    expect(s.step).toBe('pre')
    expect(lastEvents.some(e => e.type === 'ability')).toBe(false)
  })
})

describe('defence', () => {
  it('DT-14.1 DT-14.2 DT-14.3 the defender rolls once, with the dice of the chosen defence, and cannot reroll', () => {
    let s = rolling(start(['thor', 'loki']), 0, [1, 1, 1, 4, 4])
    s = attack(s, 'hammered', 0, x => x.step === 'defChoose')
    s = act(s, 1, { type: 'defend', defence: 'slip-away' })
    expect(s.roll!.dice.length).toBe(4)
    expect(s.roll!.left).toBe(0)
    expect(listed(s, 1, a => a.type === 'roll')).toBe(false)
    expect(expectRejected(E, s, toAct(s), { type: 'roll', dice: [0] }).rule).toBe('DT-14.2')
  })
  it('DT-14.4 with two defences, the defender chooses before rolling', () => {
    let s = rolling(start(['thor', 'spider-man']), 0, [1, 1, 1, 4, 4])
    s = attack(s, 'hammered', 0, x => x.step === 'defChoose')
    const opts = E.legalActions(s, 1)
    expect(opts).toEqual([
      { type: 'defend', defence: 'spider-sense' },
      { type: 'defend', defence: 'counterpunch' },
    ])
    expect(s.roll).toBeNull()
  })
  it('DT-14.1 a defence roll happens only when the ability deals damage', () => {
    let s = rolling(start(['loki', 'thor']), 0, [5, 5, 1, 2, 3])
    s = act(s, 0, { type: 'select', ability: 'antics', variant: 0 })
    s = passWhile(s)
    expect(s.step).toBe('main2')
    expect(lastEvents.some(e => e.type === 'defend')).toBe(false)
  })
})

describe('2v2', () => {
  it('DT-15.1 DT-15.2 DT-15.3 DT-15.4 teammates share one 50-health dial (worked answer)', () => {
    let s = start(['thor', 'loki', 'spider-man', 'scarlet-witch'], { mode: '2v2' })
    expect(s.hp).toEqual([50, 50])
    expect(s.pool).toEqual([0, 1, 0, 1])
    // damage to one teammate lowers the team dial, which both seats read
    s = inMain(emptyHands(s), 0)
    s = setHand(s, 0, ['six-it'], 0)
    s = act(s, 0, { type: 'mjolnir', discard: 'six-it', target: 3 })
    expect(s.hp).toEqual([50, 49])
    expect(hpOf(s, 1)).toBe(49)
    expect(hpOf(s, 3)).toBe(49)
    // both teammates hit at the same time (Bag of Tricks in Loki's upkeep): the dial drops by the total
    const u = edit(s, x => {
      x.active = 0
      x.step = 'main2'
      x.p[1]!.st['bag-of-tricks'] = 3
    })
    // find a seed where all three bags roll 5-6 so that two damage targets are chosen
    let found = false
    for (let k = 0; k < 400 && !found; k++) {
      const v = edit(u, x => (x.rng = E.setup([{ hero: 'thor' }, { hero: 'loki' }], {}, `bag${k}`).rng))
      const w = passWhile(act(v, 0, { type: 'end' }), x => x.active !== 0)
      if (w.choice?.kind === 'botTarget' && w.choice.left === 3) {
        let y = act(w, 1, { type: 'target', seat: 0 })
        y = act(y, 1, { type: 'target', seat: 2 })
        expect(y.hp[0]).toBe(50) // nothing applied until every effect is known
        y = act(y, 1, { type: 'target', seat: 2 })
        expect(y.hp[0]).toBe(44)
        expect(lastEvents.filter(e => e.type === 'hp').length).toBe(3)
        found = true
      }
    }
    expect(found).toBe(true)
    // defeating the team defeats both members
    s = edit(s, x => (x.hp[1] = 1))
    s = setHand(s, 0, ['hammered-ii'], 0)
    s = edit(s, x => (x.p[0]!.mj = -1))
    s = act(s, 0, { type: 'mjolnir', discard: 'hammered-ii', target: 3 })
    expect(s.p[1]!.out && s.p[3]!.out).toBe(true)
    expect(E.status(s)).toMatchObject({ finished: true, winners: [0, 2] })
  })
  it('DT-15.5 DT-15.6 teammates keep separate CP and pay only for their own cards', () => {
    let s = start(['thor', 'loki', 'spider-man', 'scarlet-witch'], { mode: '2v2' })
    s = inMain(s, 0)
    s = setHand(s, 0, ['triple-up'], 1)
    s = edit(s, x => (x.p[2]!.cp = 10))
    expect(listed(s, 0, a => a.type === 'play')).toBe(false)
    s = setHand(s, 0, ['getting-paid'], 1)
    s = act(s, 0, { type: 'play', card: 'getting-paid' })
    expect([s.p[0]!.cp, s.p[2]!.cp]).toEqual([3, 10])
  })
  it('DT-GAP-12 the 2v2 Targeting Roll picks an opponent (1-2 / 3-4) or lets the attacker choose (5-6)', () => {
    const seen = new Set<string>()
    for (let k = 0; k < 12; k++) {
      let s = emptyHands(start(['thor', 'loki', 'spider-man', 'scarlet-witch'], { mode: '2v2' }, `tg${k}`))
      s = rolling(s, 0, [1, 1, 1, 1, 1])
      s = act(s, 0, { type: 'select', ability: 'hammered', variant: 2 })
      const roll = lastEvents.find(e => e.type === 'targetingRoll')
      expect(roll).toBeDefined()
      const d = roll!['die'] as number
      if (d >= 5) {
        expect(s.step).toBe('target')
        expect(E.legalActions(s, 0)).toEqual([
          { type: 'target', seat: 1 },
          { type: 'target', seat: 3 },
        ])
        seen.add('choose')
      } else {
        expect(lastEvents.find(e => e.type === 'attack')!['to']).toBe(d <= 2 ? 1 : 3)
        seen.add('rolled')
      }
    }
    expect(seen.size).toBe(2)
  })
})
