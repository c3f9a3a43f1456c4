// Marvel Dice Throne heroes: Thor, Spider-Man, Scarlet Witch and Loki (abilities, statuses, cards, upgrades), every
// ability as data.
import { describe, it, expect } from 'vitest'
import { expectRejected } from '../../support/playout.ts'
import { meets } from '../../../src/games/dice-throne-marvel/dice.ts'
import type { DTState } from '../../../src/games/dice-throne-marvel/state.ts'
import { HEROES, CARDS, type HeroId } from '../../../src/games/dice-throne-marvel/data.ts'
import {
  E,
  start,
  edit,
  act,
  toAct,
  hpOf,
  rolling,
  passWhile,
  setHand,
  inMain,
  listed,
  lastEvents,
  emptyHands,
} from './helpers.ts'

/**
 * An attack by seat 0 with these dice; the attacker holds a 0-CP instant so the defence window stays open for dice
 * edits.
 */
function strike(
  heroes: string[],
  dice: number[],
  ability: string,
  variant = 0,
  prep: (x: DTState) => void = () => {},
): DTState {
  let s = emptyHands(start(heroes, {}, 'strike'))
  s = rolling(s, 0, dice)
  s = edit(s, x => {
    x.p[0]!.hand = ['getting-paid']
    prep(x)
  })
  s = act(s, 0, { type: 'select', ability, variant })
  return passWhile(s, x => x.step !== 'pre')
}
/** Gets to the defence window with `defence` rolled (forcing the dice if given). */
function defRoll(s: DTState, defence: string, dice?: number[]): DTState {
  s = passWhile(s, x => x.step === 'defChoose' || (x.step === 'def' && x.roll?.kind === 'def'))
  if (s.step === 'defChoose') s = act(s, s.atk!.to, { type: 'defend', defence })
  expect(s.atk!.defence).toBe(defence)
  if (dice) s = edit(s, x => (x.roll!.dice = dice))
  return s
}
/** Defends with `defence`, forces the defence dice, then lets everything pass. */
function defend(s: DTState, defence: string | null, dice?: number[]): DTState {
  if (defence) {
    s = passWhile(s, x => x.step === 'defChoose' || (x.step === 'def' && x.roll?.kind === 'def'))
    if (s.step === 'defChoose') s = act(s, s.atk!.to, { type: 'defend', defence })
    expect(s.atk!.defence).toBe(defence)
    if (dice) s = edit(s, x => (x.roll!.dice = dice))
  }
  return passWhile(s, x => x.step === 'main2' || x.step === 'combo')
}
const damageDealt = () => lastEvents.find(e => e.type === 'damage')?.['amount'] as number | undefined

/** Finds an rng state (taken from setups of other seeds) for which `ok` holds after `run`. */
function withLuck(s: DTState, run: (x: DTState) => DTState, ok: (x: DTState) => boolean): DTState {
  for (let k = 0; k < 500; k++) {
    const v = edit(s, x => (x.rng = E.setup([{ hero: 'thor' }, { hero: 'loki' }], {}, `luck${k}`).rng))
    const r = run(v)
    if (ok(r)) return r
  }
  throw new Error('no luck')
}

describe('Thor', () => {
  it('DT-13.10 DT-13.11 DT-9.1 DT-9.6 DT-REF-8 Hammered: 3/4/5 hammers deal 4/5/7 and throw Mjölnir (1 isolated undefendable)', () => {
    for (const [dice, v, dmg] of [
      [[1, 2, 3, 4, 5], 0, 4],
      [[1, 2, 3, 1, 5], 1, 5],
      [[1, 2, 3, 1, 2], 2, 7],
    ] as const) {
      let s = strike(['thor', 'scarlet-witch'], [...dice], 'hammered', v)
      expect(s.p[0]!.mj).toBe(1)
      expect(hpOf(s, 1)).toBe(49)
      s = defend(s, 'chaos-shield', [1, 1, 1])
      expect(damageDealt()).toBe(dmg)
      expect(hpOf(s, 1)).toBe(49 - dmg)
    }
  })
  it('DT-13.12 DT-13.13 DT-13.14 DT-REF-3 DT-REF-5 discarding a card throws (1 dmg) or recalls (+1 EK) Mjölnir, with no limit per turn', () => {
    let s = inMain(emptyHands(start(['thor', 'loki'])), 0)
    s = setHand(s, 0, ['six-it', 'tip-it', 'so-wild', 'stormbreak'], 0)
    s = act(s, 0, { type: 'mjolnir', discard: 'six-it', target: 1 })
    expect([s.p[0]!.mj, hpOf(s, 1)]).toEqual([1, 49])
    expect(listed(s, 0, a => a.type === 'mjolnir' && a.target !== undefined)).toBe(false)
    s = act(s, 0, { type: 'mjolnir', discard: 'tip-it' })
    expect([s.p[0]!.mj, s.p[0]!.st['electrokinesis']]).toEqual([-1, 1])
    s = act(s, 0, { type: 'mjolnir', discard: 'so-wild', target: 1 })
    expect([s.p[0]!.mj, hpOf(s, 1), s.p[0]!.throws]).toEqual([1, 48, 2])
    expect(s.p[0]!.discard).toEqual(['six-it', 'tip-it', 'so-wild'])
    // Stormbreak! needs two throws this turn
    s = act(s, 0, { type: 'play', card: 'stormbreak' })
    expect(s.p[0]!.st['guard-break']).toBe(1)
    expect(s.p[0]!.st['electrokinesis']).toBe(2)
    expect(s.p[0]!.cp).toBe(1)
  })
  it('DT-13.12 DT-13.13 Mjölnir at any time: when attacked, Thor retrieves it (+1 EK) in the defence window, then plays Invulnerability!', () => {
    let s = strike(['loki', 'thor'], [1, 1, 1, 3, 3], 'mockery', 0, x => {
      x.p[1]!.hand = ['invulnerability', 'six-it']
      x.p[1]!.cp = 2
      x.p[1]!.mj = 0
      x.p[1]!.st['electrokinesis'] = 1
    })
    s = defRoll(s, 'thunder-wheel', [1, 2, 3])
    s = passWhile(s, x => toAct(x) === 1)
    expect(listed(s, 1, a => a.type === 'play' && a.card === 'invulnerability')).toBe(false) // only 1 EK
    s = act(s, 1, { type: 'mjolnir', discard: 'six-it' })
    expect(s.p[1]!.st['electrokinesis']).toBe(2)
    s = passWhile(s, x => toAct(x) === 1)
    s = act(s, 1, { type: 'play', card: 'invulnerability' })
    passWhile(s, x => x.step === 'main2')
    expect(lastEvents.find(e => e.type === 'damage')!['amount']).toBe(0)
  })
  it('DT-13.17 DT-REF-9 in multiplayer, Mjölnir held by a defeated player is recalled', () => {
    let s = inMain(emptyHands(start(['thor', 'loki', 'spider-man'])), 0)
    s = edit(s, x => {
      x.p[0]!.mj = 1
      x.hp[1] = 1
    })
    s = setHand(s, 0, ['web-shooters'], 0)
    // Loki falls to other damage (Spider-Man's Webbed in his own turn)
    s = inMain(s, 2)
    s = setHand(s, 2, ['web-shooters'], 1)
    s = act(s, 2, { type: 'play', card: 'web-shooters', target: 1 })
    expect(s.p[1]!.out).toBe(true)
    expect(s.p[0]!.mj).toBe(-1)
    expect(E.status(s).finished).toBe(false)
  })
  it('DT-9.2 DT-9.3 DT-9.4 Mjölnir is a companion, not a status: status removal does not touch it', () => {
    let s = inMain(emptyHands(start(['thor', 'loki'])), 1)
    s = edit(s, x => {
      x.p[0]!.mj = 1
      x.p[0]!.st['electrokinesis'] = 2
    })
    s = setHand(s, 1, ['what-status-effects'], 2)
    s = act(s, 1, { type: 'play', card: 'what-status-effects', target: 0 })
    expect(s.p[0]!.st).toEqual({})
    expect(s.p[0]!.mj).toBe(1)
  })
  it('DT-13.15 Guard Break: spend and roll 1 die; on 4 or 5 the attack becomes undefendable; after a miss another may be spent', () => {
    const base = strike(['thor', 'loki'], [1, 1, 1, 4, 5], 'hammered', 0, x => (x.p[0]!.st['guard-break'] = 2))
    expect(base.step).toBe('modify')
    const spend = (x: DTState) => act(x, 0, { type: 'spend', status: 'guard-break' })
    const hit = withLuck(base, spend, x => x.atk!.damageType === 'undefendable')
    const gbRoll = lastEvents.find(e => e['for'] === 'guard-break')!['dice'] as number[]
    expect([4, 5]).toContain(gbRoll[0])
    expect(hit.p[0]!.st['guard-break']).toBe(1)
    // once undefendable, another Guard Break would change nothing: not offered
    expect(listed(hit, 0, a => a.type === 'spend')).toBe(false)
    const after = passWhile(hit, x => x.step === 'main2')
    expect(lastEvents.some(e => e.type === 'defend')).toBe(false)
    void after
    const miss = withLuck(base, spend, x => x.atk!.damageType === 'normal')
    expect([4, 5]).not.toContain((lastEvents.find(e => e['for'] === 'guard-break')!['dice'] as number[])[0])
    // the source sets no limit per attack: after a miss the second token may be spent too
    expect(listed(miss, 0, a => a.type === 'spend' && a.status === 'guard-break')).toBe(true)
    expect(passWhile(miss, x => x.step === 'defChoose').step).toBe('defChoose')
  })
  it('DT-13.16 spending 4 Electrokinesis draws 1 card, once per turn, in the Main Phase', () => {
    let s = inMain(start(['thor', 'loki']), 0)
    s = edit(s, x => (x.p[0]!.st['electrokinesis'] = 4))
    const n = s.p[0]!.hand.length
    s = act(s, 0, { type: 'spend', status: 'electrokinesis' })
    expect(s.p[0]!.hand.length).toBe(n + 1)
    expect(s.p[0]!.st['electrokinesis']).toBeUndefined()
    s = edit(s, x => (x.p[0]!.st['electrokinesis'] = 4))
    expect(listed(s, 0, a => a.type === 'spend' && a.status === 'electrokinesis')).toBe(false)
  })
  it('DT-5.5 DT-5.6 Chain Lightning rolls fresh dice (best two) and then deals 2 isolated collateral', () => {
    let s = strike(['thor', 'loki'], [1, 2, 3, 6, 6], 'chain-lightning')
    const roll = lastEvents.find(e => e['for'] === 'chain-lightning')!['dice'] as number[]
    expect(roll.length).toBe(3)
    const best = [...roll].sort((a, b) => b - a)
    expect(s.atk!.base).toBe(best[0]! + best[1]!)
    s = defRoll(s, 'mischief', [3, 3, 3])
    // the attack's damage, then the "Then" pause (DT-5.2): the collateral is not dealt yet
    s = passWhile(s, x => x.step === 'then')
    expect(damageDealt()).toBe(best[0]! + best[1]!)
    expect(hpOf(s, 1)).toBe(50 - best[0]! - best[1]!)
    s = passWhile(s, x => x.step === 'main2')
    expect(hpOf(s, 1)).toBe(50 - best[0]! - best[1]! - 2)
  })
  it('DT-13.10 Lightning Rod deals 9 when the target holds Mjölnir, else 7 and +1 EK; Thunder Wheel prevents 2 per worthy', () => {
    let s = strike(['thor', 'loki'], [1, 2, 3, 4, 1], 'lightning-rod', 0, x => (x.p[0]!.mj = 1))
    expect(s.atk!.base).toBe(9)
    s = strike(['thor', 'loki'], [1, 2, 3, 4, 1], 'lightning-rod')
    expect(s.atk!.base).toBe(7)
    expect(s.p[0]!.st['electrokinesis']).toBe(1)
    let t = strike(['loki', 'thor'], [1, 1, 1, 3, 3], 'mockery')
    t = defend(t, 'thunder-wheel', [4, 5, 6])
    expect(damageDealt()).toBe(2) // 6 - 2*2
    expect(t.p[1]!.st['electrokinesis']).toBe(1)
  })
  it('DT-10.1 For Asgard! (ultimate) deals 14 ultimate damage, gains Guard Break and throws/retrieves 4 times', () => {
    let s = strike(['thor', 'loki'], [6, 6, 6, 6, 6], 'for-asgard')
    s = passWhile(s, x => x.step === 'main2')
    expect(damageDealt()).toBe(14)
    expect(s.p[0]!.st['guard-break']).toBe(1)
    expect(s.p[0]!.mj).toBe(-1) // throw, retrieve, throw, retrieve
    expect(hpOf(s, 1)).toBe(50 - 2 - 14)
  })
  it('DT-4.10 Mighty Summon II adds Boom Boom! (HH+TT: gain 2 EK, 6 dmg)', () => {
    let s = inMain(emptyHands(start(['thor', 'loki'])), 0)
    s = setHand(s, 0, ['mighty-summon-ii'], 2)
    s = act(s, 0, { type: 'play', card: 'mighty-summon-ii' })
    s = rolling(s, 0, [1, 2, 6, 6, 3])
    expect(listed(s, 0, a => a.type === 'select' && a.ability === 'mighty-summon' && a.variant === 1)).toBe(true)
    s = act(s, 0, { type: 'select', ability: 'mighty-summon', variant: 1 })
    s = passWhile(s, x => x.step === 'defChoose')
    expect(s.atk!.base).toBe(6)
    expect(s.p[0]!.st['electrokinesis']).toBe(2)
  })
  it('Thor cards: Invulnerability! (2 EK: prevent all), Indomitable Will!, He Is Worthy! (DT-5.4 DT-GAP-7 one of 4 or 5), Power Trip!, Time to Hammer!', () => {
    // Invulnerability
    let s = strike(['loki', 'thor'], [1, 1, 1, 3, 3], 'mockery', 0, x => {
      x.p[1]!.hand = ['invulnerability']
      x.p[1]!.cp = 2
      x.p[1]!.st['electrokinesis'] = 2
    })
    s = defRoll(s, 'thunder-wheel')
    s = passWhile(s, x => toAct(x) === 1)
    s = act(s, 1, { type: 'play', card: 'invulnerability' })
    expect(s.p[1]!.st['electrokinesis']).toBeUndefined()
    passWhile(s, x => x.step === 'main2')
    expect(damageDealt()).toBe(0)
    // Indomitable Will: lethal damage, roll: on 4-5 health becomes 1
    const base = strike(['loki', 'thor'], [1, 1, 1, 1, 3], 'mockery', 1, x => {
      x.p[1]!.hand = ['indomitable-will']
      x.p[1]!.cp = 2
      x.hp[1] = 3
    })
    const run = (x: DTState) => {
      let y = defRoll(x, 'thunder-wheel', [1, 1, 6])
      y = passWhile(y, z => toAct(z) === 1 && z.step === 'def')
      y = act(y, 1, { type: 'play', card: 'indomitable-will' })
      return passWhile(y, z => z.step === 'main2' || z.done)
    }
    const saved = withLuck(base, run, x => !x.done)
    expect(hpOf(saved, 1)).toBe(1)
    const lost = withLuck(base, run, x => x.done)
    expect(E.status(lost).winners).toEqual([0])
    // He Is Worthy: set one die to 4 or 5 (either, one only)
    let w = rolling(emptyHands(start(['thor', 'loki'])), 0, [1, 1, 1, 6, 6])
    w = setHand(w, 0, ['he-is-worthy', 'power-trip', 'time-to-hammer'], 3)
    const opts = E.legalActions(w, 0).filter(a => a.type === 'play' && a.card === 'he-is-worthy')
    expect(opts).toContainEqual({ type: 'play', card: 'he-is-worthy', die: 0, value: 4 })
    expect(opts).toContainEqual({ type: 'play', card: 'he-is-worthy', die: 0, value: 5 })
    w = act(w, 0, { type: 'play', card: 'he-is-worthy', die: 3, value: 5 })
    expect(w.roll!.dice).toEqual([1, 1, 1, 5, 6])
    w = act(w, 0, { type: 'play', card: 'power-trip' })
    expect(w.p[0]!.st['electrokinesis']).toBe(2)
    expect(w.p[0]!.hand.length).toBe(2)
    w = edit(w, x => (x.p[0]!.mj = 1))
    w = act(w, 0, { type: 'play', card: 'time-to-hammer' })
    expect([w.p[0]!.mj, w.p[0]!.st['electrokinesis'], w.p[0]!.cp]).toEqual([-1, 4, 2])
  })
})

describe('Spider-Man', () => {
  it('DT-13.24 DT-13.25 Webbed deals 2 isolated undefendable damage when inflicted (Web Shooters!)', () => {
    let s = inMain(emptyHands(start(['spider-man', 'thor'])), 0)
    s = setHand(s, 0, ['web-shooters'], 1)
    s = act(s, 0, { type: 'play', card: 'web-shooters', target: 1 })
    expect(s.p[1]!.st['webbed']).toBe(1)
    expect(hpOf(s, 1)).toBe(48)
  })
  it('DT-13.26 DT-8.12 the next normal attack against a Webbed player is undefendable and removes the token', () => {
    const s = strike(['thor', 'spider-man'], [1, 1, 1, 4, 5], 'hammered', 0, x => (x.p[1]!.st['webbed'] = 1))
    expect(s.atk!.damageType).toBe('undefendable')
    expect(s.p[1]!.st['webbed']).toBeUndefined()
    passWhile(s, x => x.step === 'main2')
    expect(lastEvents.some(e => e.type === 'defend')).toBe(false)
    expect(damageDealt()).toBe(4)
  })
  it('DT-13.27 DT-13.28 Combo: after the Defensive Roll, spend for an extra Offensive Roll Phase against the same opponent, once per turn', () => {
    let s = strike(['spider-man', 'thor'], [1, 1, 6, 6, 4], 'c-c-c-combo')
    expect(s.p[0]!.st['combo']).toBe(1)
    s = defend(s, 'thunder-wheel', [1, 2, 3])
    expect(s.step).toBe('combo')
    s = act(s, 0, { type: 'spend', status: 'combo' })
    expect(s.step).toBe('rolling')
    expect(s.target).toBe(1)
    expect(s.roll!.left).toBe(2)
    s = edit(s, x => (x.roll!.dice = [1, 1, 6, 6, 4]))
    s = act(s, 0, { type: 'select', ability: 'c-c-c-combo', variant: 0 })
    s = defend(
      passWhile(s, x => x.step !== 'pre'),
      'thunder-wheel',
      [1, 2, 3],
    )
    // a Combo token again, but Combo was used this turn
    expect(s.p[0]!.st['combo']).toBe(1)
    expect(s.step).toBe('main2')
  })
  it('DT-13.29 Invisibility lets the holder defend against an undefendable attack', () => {
    let s = strike(
      ['scarlet-witch', 'spider-man'],
      [1, 4, 5, 6, 1],
      'mind-blast',
      0,
      x => (x.p[1]!.st['invisibility'] = 1),
    )
    s = passWhile(s, x => x.step === 'defChoose')
    expect(E.legalActions(s, 1)).toEqual([{ type: 'spend', status: 'invisibility' }, { type: 'pass' }])
    s = act(s, 1, { type: 'spend', status: 'invisibility' })
    expect(listed(s, 1, a => a.type === 'defend')).toBe(true)
    s = act(s, 1, { type: 'defend', defence: 'counterpunch' })
    expect(s.roll!.dice.length).toBe(3)
  })
  it('DT-5.7 Spider-Sense: "on spider" halves once even with two spiders; Counterpunch deals 1 per thwip to the attacker', () => {
    const s = strike(['thor', 'spider-man'], [1, 1, 1, 1, 2], 'hammered', 2)
    defend(s, 'spider-sense', [6, 6])
    expect(damageDealt()).toBe(3) // 7 -> prevent 4
    let t = strike(['thor', 'spider-man'], [1, 1, 1, 4, 5], 'hammered')
    t = defend(t, 'counterpunch', [1, 2, 6])
    expect(hpOf(t, 0)).toBe(48)
    expect(lastEvents.find(e => e.type === 'damage')!['counter']).toBe(2)
  })
  it('DT-13.29 Spider-Sense: discarding Invisibility gives one extra roll attempt of the defence dice', () => {
    let s = strike(['thor', 'spider-man'], [1, 1, 1, 4, 5], 'hammered', 0, x => (x.p[1]!.st['invisibility'] = 1))
    s = defRoll(s, 'spider-sense', [1, 2])
    s = passWhile(s, x => toAct(x) === 1)
    expect(listed(s, 1, a => a.type === 'roll')).toBe(false)
    s = act(s, 1, { type: 'spend', status: 'invisibility' })
    s = passWhile(s, x => toAct(x) === 1)
    expect(s.roll!.left).toBe(1)
    s = act(s, 1, { type: 'roll', dice: [0, 1] })
    expect(s.roll!.left).toBe(0)
    expect(s.p[1]!.st['invisibility']).toBeUndefined()
  })
  it('DT-13.30 Venom Shockwave! gains Invisibility, inflicts Webbed, then deals 13 ultimate damage', () => {
    let s = strike(['spider-man', 'loki'], [6, 6, 6, 6, 6], 'venom-shockwave', 0, x => (x.p[1]!.st['illusion'] = 1))
    expect(s.p[0]!.st['invisibility']).toBe(1)
    expect(s.atk!.damageType).toBe('ultimate')
    // Illusion cannot answer an ultimate
    expect(E.legalActions(s, 1)).toEqual([])
    s = passWhile(s, x => x.step === 'main2')
    expect(damageDealt()).toBe(13)
    expect(hpOf(s, 1)).toBe(50 - 2 - 13)
  })
  it('Spider-Reflexes rolls 2 dice for damage, Wall Crawler and Ensnare ("Then": Webbed after the damage, DT-5.2 DT-5.3)', () => {
    let s = strike(['spider-man', 'thor'], [1, 4, 5, 6, 2], 'spider-reflexes')
    const r = lastEvents.find(e => e['for'] === 'spider-reflexes')!['dice'] as number[]
    expect(s.atk!.base).toBe(r[0]! + r[1]!)
    s = strike(['spider-man', 'thor'], [1, 2, 3, 4, 6], 'ensnare', 0)
    s = defRoll(s, 'thunder-wheel')
    // the window before "Then": Webbed not inflicted yet
    expect(s.step).toBe('def')
    expect(s.p[1]!.st['webbed']).toBeUndefined()
    s = passWhile(s, x => x.step === 'main2')
    const order = lastEvents.map(e => e.type)
    expect(order.indexOf('damage')).toBeLessThan(order.lastIndexOf('status'))
    expect(s.p[1]!.st['webbed']).toBe(1)
  })
  it('Spider-Man cards: Yikes!, Radioactive Blood!, Nice Try!, Swing Escape!, Invisible Punch!, Booyah!, Milkshake Me!, Cha-Ching!', () => {
    let m = inMain(emptyHands(start(['spider-man', 'thor'])), 0)
    m = setHand(m, 0, ['yikes', 'radioactive-blood', 'milkshake-me', 'cha-ching', 'booyah'], 6)
    m = edit(m, x => (x.hp[0] = 40))
    m = act(m, 0, { type: 'play', card: 'yikes' })
    m = act(m, 0, { type: 'play', card: 'radioactive-blood' })
    expect([m.p[0]!.st['invisibility'], m.p[0]!.st['combo'], m.p[0]!.cp]).toEqual([1, 1, 2])
    m = act(m, 0, { type: 'play', card: 'milkshake-me' })
    m = act(m, 0, { type: 'play', card: 'cha-ching' })
    expect([hpOf(m, 0), m.p[0]!.cp]).toEqual([43, 3])
    m = act(m, 0, { type: 'play', card: 'booyah', target: 1 })
    const d = (lastEvents.find(e => e['for'] === 'booyah')!['dice'] as number[])[0]!
    if (d >= 4 && d <= 5) expect(m.p[1]!.st['webbed']).toBe(1)
    // Nice Try + Swing Escape + Invisible Punch against Thor's attack
    let s = strike(['thor', 'spider-man'], [1, 1, 1, 1, 2], 'hammered', 2, x => {
      x.p[1]!.hand = ['nice-try', 'swing-escape', 'invisible-punch']
      x.p[1]!.cp = 2
      x.p[1]!.st['invisibility'] = 1
    })
    s = defRoll(s, 'spider-sense')
    s = edit(s, x => (x.roll!.dice = [4, 1])) // a web, no spider
    s = passWhile(s, x => toAct(x) === 1)
    s = act(s, 1, { type: 'play', card: 'nice-try' })
    // after any response the window asks again from the turn player (DT-11.1)
    expect(toAct(s)).toBe(0)
    s = passWhile(s, x => toAct(x) === 1)
    s = act(s, 1, { type: 'play', card: 'swing-escape' })
    s = passWhile(s, x => toAct(x) === 1)
    s = act(s, 1, { type: 'play', card: 'invisible-punch' })
    s = passWhile(s, x => x.step === 'main2')
    // 7 - 3 = 4, web counts as spider: half of 4 prevented -> 2; Invisible Punch: 3 back
    expect(damageDealt()).toBe(2)
    expect(hpOf(s, 0)).toBe(47)
  })
})

describe('Scarlet Witch', () => {
  it('DT-13.5 DT-13.6 DT-13.7 Reality Warp: the afflicted attacker uses one of her dice, which cannot be rerolled', () => {
    let s = inMain(emptyHands(start(['scarlet-witch', 'thor'])), 0)
    s = setHand(s, 0, ['warp-reality'], 2)
    s = act(s, 0, { type: 'play', card: 'warp-reality', target: 1 })
    expect(s.p[1]!.st['reality-warp']).toBe(1)
    s = inMain(s, 1)
    s = act(s, 1, { type: 'end' })
    expect(lastEvents.some(e => e.type === 'realityWarp')).toBe(true)
    expect(s.roll!.lock).toBe(4)
    expect(s.p[1]!.st['reality-warp']).toBeUndefined()
    const rolls = E.legalActions(s, 1).filter(a => a.type === 'roll')
    expect(rolls.length).toBe(15)
    expect(rolls.every(a => a.type === 'roll' && !a.dice.includes(4))).toBe(true)
    expect(expectRejected(E, s, 1, { type: 'roll', dice: [4] }).rule).toBe('DT-GAP-2')
  })
  it("DT-13.8 DT-8.2 Conjure takes an opponent's positive, non-unique status token", () => {
    let s = inMain(emptyHands(start(['scarlet-witch', 'spider-man'])), 0)
    s = edit(s, x => {
      x.p[0]!.st['conjure'] = 1
      x.p[1]!.st['combo'] = 1
      x.p[1]!.st['webbed'] = 1
    })
    expect(listed(s, 0, a => a.type === 'spend' && a.status === 'conjure')).toBe(false) // unique and negative only
    let t = inMain(emptyHands(start(['scarlet-witch', 'thor'])), 0)
    t = edit(t, x => {
      x.p[0]!.st['conjure'] = 1
      x.p[1]!.st['electrokinesis'] = 3
    })
    t = act(t, 0, { type: 'spend', status: 'conjure', from: 1, take: 'electrokinesis' })
    expect([t.p[0]!.st['electrokinesis'], t.p[1]!.st['electrokinesis'], t.p[0]!.st['conjure']]).toEqual([
      1,
      2,
      undefined,
    ])
  })
  it('DT-13.9 Crackle is spent while attacking: +2 damage per kind of status on the defender', () => {
    let s = strike(['scarlet-witch', 'thor'], [1, 1, 1, 4, 5], 'hex-bolt', 0, x => {
      x.p[0]!.st['crackle'] = 1
      x.p[1]!.st['electrokinesis'] = 2
      x.p[1]!.st['guard-break'] = 1
    })
    expect(s.step).toBe('modify')
    s = act(s, 0, { type: 'spend', status: 'crackle' })
    expect(s.atk!.addedDamage).toBe(4)
    defend(s, 'thunder-wheel', [1, 2, 3])
    expect(damageDealt()).toBe(8)
  })
  it('DT-8.6 DT-8.7 DT-8.9 DT-GAP-8 Probability Manipulation moves one of your dice by 1; Chaos Mastery raises its limit for her only', () => {
    let s = rolling(emptyHands(start(['scarlet-witch', 'thor'])), 0, [1, 1, 3, 4, 6])
    s = edit(s, x => (x.p[0]!.st['probability-manipulation'] = 2))
    s = act(s, 0, { type: 'spend', status: 'probability-manipulation', die: 2, value: 2 })
    expect(s.roll!.dice).toEqual([1, 1, 2, 4, 6])
    let m = inMain(emptyHands(start(['scarlet-witch', 'scarlet-witch'])), 0)
    m = setHand(m, 0, ['hex-sign', 'hex-sign', 'hex-sign', 'chaos-mastery'], 5)
    m = act(m, 0, { type: 'play', card: 'hex-sign' })
    m = act(m, 0, { type: 'play', card: 'hex-sign' })
    m = act(m, 0, { type: 'play', card: 'hex-sign' })
    expect(m.p[0]!.st['probability-manipulation']).toBe(2) // the extra token is lost at the limit
    m = setHand(m, 0, ['chaos-mastery', 'hex-sign'], 5)
    m = act(m, 0, { type: 'play', card: 'chaos-mastery' })
    m = act(m, 0, { type: 'play', card: 'hex-sign' })
    expect(m.p[0]!.st['probability-manipulation']).toBe(3)
    expect(
      (E.view(m, 1) as { players: { stackLimits: Record<string, number> }[] }).players.map(
        p => p.stackLimits['probability-manipulation'],
      ),
    ).toEqual([3, 2])
  })
  it('DT-8.5 statuses a defeated player inflicted stay in play', () => {
    let s = inMain(emptyHands(start(['scarlet-witch', 'thor', 'loki'])), 0)
    s = setHand(s, 0, ['warp-reality'], 2)
    s = act(s, 0, { type: 'play', card: 'warp-reality', target: 1 })
    s = edit(s, x => (x.hp[0] = 1))
    s = inMain(s, 1)
    s = setHand(s, 1, ['six-it'], 0)
    s = act(s, 1, { type: 'mjolnir', discard: 'six-it', target: 0 })
    expect(s.p[0]!.out).toBe(true)
    expect(s.p[1]!.st['reality-warp']).toBe(1)
  })
  it('Sealed Your Fate! (ultimate) deals 12; Chaos Shield prevents 2 per chaos or magic', () => {
    const s = strike(['scarlet-witch', 'thor'], [6, 6, 6, 6, 6], 'sealed-your-fate')
    passWhile(s, x => x.step === 'main2')
    expect(damageDealt()).toBe(12)
    let t = strike(['thor', 'scarlet-witch'], [1, 1, 1, 1, 1], 'hammered', 2)
    t = defend(t, 'chaos-shield', [4, 5, 6])
    expect(damageDealt()).toBe(3)
    expect(t.p[1]!.st['crackle']).toBe(1)
  })
})

describe('Loki', () => {
  it('DT-13.18 DT-13.19 DT-13.20 DT-13.21 DT-13.22 DT-8.13 DT-8.14 DT-REF-6 Illusion: Loki arranges 3 face-down cards, the attacker picks: all, half or none gets through', () => {
    for (const [card, dmg] of [
      ['all', 7],
      ['half', 3],
      ['none', 0],
    ] as const) {
      let s = strike(['thor', 'loki'], [1, 1, 1, 1, 1], 'hammered', 2, x => (x.p[1]!.st['illusion'] = 1))
      s = passWhile(s, x => x.step === 'defChoose')
      s = act(s, 1, { type: 'spend', status: 'illusion' })
      expect(toAct(s)).toBe(1)
      const order = ['all', 'half', 'none'].filter(c => c !== card)
      s = act(s, 1, { type: 'arrange', order: [order[0]!, card, order[1]!] })
      expect(toAct(s)).toBe(0)
      expect(E.legalActions(s, 0).length).toBe(3)
      s = act(s, 0, { type: 'pick', slot: 1 })
      defend(s, 'mischief', [3, 3, 4])
      expect(damageDealt()).toBe(dmg)
    }
  })
  it('DT-13.23 DT-REF-7 Bag of Tricks resolves in Upkeep: heal 2, 1 CP or 2 damage, each token on its own die', () => {
    let s = inMain(emptyHands(start(['thor', 'loki'])), 0, 'main2')
    s = edit(s, x => {
      x.p[1]!.st['bag-of-tricks'] = 3
      x.hp[1] = 40
    })
    const cp = s.p[1]!.cp
    s = act(act(s, 0, { type: 'end' }), 0, { type: 'end' })
    const dice = lastEvents.filter(e => e.type === 'bagOfTricks').map(e => e['die'] as number)
    expect(dice.length).toBe(3)
    const heal = dice.filter(d => d <= 2).length * 2
    const gain = dice.filter(d => d >= 3 && d <= 4).length
    const dmg = dice.filter(d => d >= 5).length * 2
    expect(hpOf(s, 1)).toBe(40 + heal)
    expect(hpOf(s, 0)).toBe(50 - dmg)
    expect(s.p[1]!.cp).toBe(cp + gain + 1) // + income
    expect(s.p[1]!.st['bag-of-tricks']).toBeUndefined()
  })
  it('Loki: Mockery 6/7/8, Slip Away prevents 2 per helm, Mischief deals 1 per dagger back, Glorious Purpose! 10 ultimate', () => {
    const s = strike(['loki', 'thor'], [1, 2, 1, 3, 5], 'mockery')
    defend(s, 'thunder-wheel', [1, 1, 1])
    expect(damageDealt()).toBe(6)
    let t = strike(['thor', 'loki'], [1, 1, 1, 4, 5], 'hammered')
    t = defend(t, 'slip-away', [3, 4, 6, 1])
    expect(damageDealt()).toBe(0)
    expect(t.p[1]!.st['bag-of-tricks']).toBe(1)
    let u = strike(['thor', 'loki'], [1, 1, 1, 4, 5], 'hammered')
    u = defend(u, 'mischief', [1, 2, 6])
    expect(hpOf(u, 0)).toBe(48)
    expect(u.p[1]!.st['illusion']).toBe(1)
    let g = strike(['loki', 'thor'], [6, 6, 6, 6, 6], 'glorious-purpose')
    g = passWhile(g, x => x.step === 'main2')
    expect(damageDealt()).toBe(10)
    expect(g.p[0]!.st['bag-of-tricks']).toBe(2)
  })
  it('Loki cards: God of Mischief!, Trickery!, Sleight of Hand!', () => {
    let s = inMain(emptyHands(start(['loki', 'thor'])), 0)
    s = setHand(s, 0, ['god-of-mischief', 'trickery', 'sleight-of-hand'], 5)
    s = act(s, 0, { type: 'play', card: 'god-of-mischief' })
    s = act(s, 0, { type: 'play', card: 'trickery' })
    expect([s.p[0]!.st['bag-of-tricks'], s.p[0]!.st['illusion'], s.p[0]!.cp]).toEqual([1, 1, 2])
    s = rolling(s, 0, [1, 1, 1, 1, 1])
    act(s, 0, { type: 'play', card: 'sleight-of-hand', die: 2 })
    expect(lastEvents.find(e => e.type === 'roll')!['rerolled']).toEqual([2])
  })
})

describe('statuses', () => {
  it("DT-8.1 DT-8.3 DT-8.4 DT-13.3 DT-13.4 DT-REF-4 DT-REF-10 each hero has its own statuses (the seed's list); tokens go on the receiving player", () => {
    const heroes = E.cards()
      .filter(c => c.type === 'hero')
      .map(c => [c.id, (c.data as { statuses: string[] }).statuses])
    expect(Object.fromEntries(heroes)).toEqual({
      'scarlet-witch': ['probability-manipulation', 'reality-warp', 'conjure', 'crackle'],
      thor: ['electrokinesis', 'guard-break'],
      loki: ['bag-of-tricks', 'illusion'],
      'spider-man': ['webbed', 'combo', 'invisibility'],
    })
    const ids = E.cards()
      .filter(c => c.type === 'status')
      .map(c => c.id)
    for (const absent of ['poison', 'shield', 'blind', 'concussion', 'evasive', 'spellbound'])
      expect(ids).not.toContain(absent)
  })
  it("DT-8.8 DT-8.9 a spendable status can be spent on another player's turn (Probability Manipulation on the defence roll)", () => {
    let s = strike(
      ['thor', 'scarlet-witch'],
      [1, 1, 1, 4, 5],
      'hammered',
      0,
      x => (x.p[1]!.st['probability-manipulation'] = 1),
    )
    s = defRoll(s, 'chaos-shield')
    s = edit(s, x => (x.roll!.dice = [3, 1, 1]))
    s = passWhile(s, x => toAct(x) === 1)
    s = act(s, 1, { type: 'spend', status: 'probability-manipulation', die: 0, value: 4 })
    passWhile(s, x => x.step === 'main2')
    expect(damageDealt()).toBe(2) // 4 - 2 (one chaos)
  })
})

describe('defence upgrades', () => {
  it('DT-4.10 DT-14.3 Thunder Wheel II rolls 4 dice and throws/retrieves per pair of hammers; Chaos Shield II rolls 4', () => {
    let s = inMain(emptyHands(start(['loki', 'thor'])), 1)
    s = setHand(s, 1, ['thunder-wheel-ii'], 2)
    s = act(s, 1, { type: 'play', card: 'thunder-wheel-ii' })
    expect(s.p[1]!.lv['thunder-wheel']).toBe(2)
    s = rolling(s, 0, [1, 1, 1, 3, 5])
    s = setHand(s, 0, ['getting-paid'], 0)
    s = act(s, 0, { type: 'select', ability: 'mockery', variant: 0 })
    s = defRoll(
      passWhile(s, x => x.step !== 'pre'),
      'thunder-wheel',
    )
    expect(s.roll!.dice.length).toBe(4)
    s = edit(s, x => (x.roll!.dice = [1, 2, 3, 3]))
    s = passWhile(s, x => x.step === 'main2')
    // two pairs of hammers: throw then retrieve
    expect(s.p[1]!.mj).toBe(-1)
    expect(hpOf(s, 0)).toBe(49)
    expect(s.p[1]!.st['electrokinesis']).toBe(1)
    let t = inMain(emptyHands(start(['thor', 'scarlet-witch'])), 1)
    t = setHand(t, 1, ['chaos-shield-ii'], 2)
    t = act(t, 1, { type: 'play', card: 'chaos-shield-ii' })
    t = rolling(t, 0, [1, 1, 1, 4, 5])
    t = setHand(t, 0, ['getting-paid'], 0)
    t = act(t, 0, { type: 'select', ability: 'hammered', variant: 0 })
    t = defRoll(
      passWhile(t, x => x.step !== 'pre'),
      'chaos-shield',
    )
    expect(t.roll!.dice.length).toBe(4)
  })
})

describe('every ability as data', () => {
  const allDice: number[][] = []
  for (let c = 0; c < 7776; c++) {
    const d: number[] = []
    for (let k = 0, x = c; k < 5; k++, x = Math.floor(x / 6)) d.push((x % 6) + 1)
    allDice.push(d)
  }
  it("DT-REF-8 DT-13.3 each hero's every ability at every level activates from dice meeting it, with its printed base damage, type and gains", () => {
    let checked = 0
    for (const hero of Object.keys(HEROES) as HeroId[]) {
      const foe: HeroId = hero === 'thor' ? 'loki' : 'thor'
      for (const ab of HEROES[hero]!.abilities) {
        ab.levels.forEach((variants, li) => {
          variants.forEach((v, vi) => {
            const dice = allDice.find(d => meets(hero, d, v))!
            expect(dice, `${ab.id} ${vi}`).toBeDefined()
            // the dice that fall short of it do not list it
            const short = allDice.find(d => !meets(hero, d, v))!
            let s = emptyHands(start([hero, foe], {}, `abil-${ab.id}`))
            s = edit(s, x => (x.p[0]!.lv[ab.id] = li + 1))
            expect(
              listed(rolling(s, 0, short), 0, a => a.type === 'select' && a.ability === ab.id && a.variant === vi),
            ).toBe(false)
            s = rolling(s, 0, dice)
            s = act(s, 0, { type: 'select', ability: ab.id, variant: vi })
            s = passWhile(s, x => x.step !== 'pre')
            const atkEv = lastEvents.find(e => e.type === 'attack')
            if (v.dmg) {
              expect(atkEv, `${ab.id} ${vi}`).toBeDefined()
              if (!v.dmg.custom)
                expect(atkEv!['damage']).toBe(v.dmg.n + (v.dmg.perEk ? (s.p[0]!.st['electrokinesis'] ?? 0) : 0))
              expect(atkEv!['damageType']).toBe(v.dmg.type)
            } else expect(atkEv).toBeUndefined()
            for (const op of v.pre)
              if (op.op === 'gain') expect(s.p[0]!.st[op.s] ?? 0, `${ab.id} gains ${op.s}`).toBeGreaterThan(0)
            for (const op of v.pre)
              if (op.op === 'heal' || op.op === 'draw' || op.op === 'cp')
                expect(lastEvents.some(e => e.type === (op.op === 'heal' ? 'hp' : op.op))).toBe(true)
            s = passWhile(s, x => x.step === 'main2' || x.done)
            for (const op of v.post)
              if (op.op === 'inflict' && !s.done)
                expect(s.p[1]!.st[op.s] ?? 0, `${ab.id} inflicts ${op.s}`).toBeGreaterThan(0)
            checked++
          })
        })
      }
    }
    expect(checked).toBe(
      Object.values(HEROES).reduce(
        (n, h) => n + h.abilities.reduce((m, a) => m + a.levels.reduce((k, l) => k + l.length, 0), 0),
        0,
      ),
    )
  })
  it('Odinforce rolls 5 fresh dice (2+ hammer throw, 2+ worthy +1 CP, +1 EK per thunder) and adds 1 per EK', () => {
    const s = strike(['thor', 'loki'], [1, 1, 4, 4, 4], 'odinforce')
    const d = lastEvents.find(e => e['for'] === 'odinforce')!['dice'] as number[]
    const t = d.filter(x => x === 6).length
    expect(s.p[0]!.st['electrokinesis'] ?? 0).toBe(Math.min(4, t)) // Mjölnir starts home: 2+ hammers throw it (no EK)
    expect(s.atk!.base).toBe(5 + (s.p[0]!.st['electrokinesis'] ?? 0))
    expect(s.p[0]!.mj).toBe(d.filter(x => x <= 3).length >= 2 ? 1 : -1)
  })
  it('Bottled Lightning throws and retrieves twice, gains 2 Guard Break, deals 7 + EK; Thunder Bolt II adds Asgardian Brawn', () => {
    const s = strike(['thor', 'loki'], [6, 6, 6, 6, 1], 'bottled-lightning')
    expect(s.p[0]!.mj).toBe(-1)
    expect(s.p[0]!.st['guard-break']).toBe(2)
    expect(s.p[0]!.st['electrokinesis']).toBe(1)
    expect(s.atk!.base).toBe(8)
    expect(hpOf(s, 1)).toBe(49)
    const t = strike(['thor', 'loki'], [4, 4, 4, 1, 1], 'thunder-bolt', 1, x => {
      x.p[0]!.lv['thunder-bolt'] = 2
      x.hp[0] = 40
    })
    expect(hpOf(t, 0)).toBe(44)
    expect(t.step).toBe('main2')
  })
})

describe('hero upgrades and remaining hero cards', () => {
  it('DT-4.9 DT-4.10 DT-4.14 every Hero Upgrade card is played in Main, costs its CP and raises its ability, defence or limit', () => {
    for (const card of Object.values(CARDS).filter(c => c.timing === 'upgrade')) {
      const foe: HeroId = card.hero === 'thor' ? 'loki' : 'thor'
      let s = inMain(emptyHands(start([card.hero!, foe])), 0)
      s = setHand(s, 0, [card.id], 10)
      s = act(s, 0, { type: 'play', card: card.id })
      expect(s.p[0]!.cp, card.id).toBe(10 - card.cost)
      const u = card.upgrade!
      if (u.kind === 'passive') expect(s.p[0]!.lim[u.target]).toBeGreaterThan(0)
      else expect(s.p[0]!.lv[u.target], card.id).toBe(u.level)
      expect(s.p[0]!.ups).toEqual([card.id])
      expect(s.p[0]!.discard).toEqual([])
    }
  })
  it('Scarlet Witch cards: Chaos Magic! (Crackle + Conjure) and Scarlet Aura! (heal 3)', () => {
    let s = inMain(emptyHands(start(['scarlet-witch', 'thor'])), 0)
    s = setHand(s, 0, ['chaos-magic', 'scarlet-aura'], 2)
    s = edit(s, x => (x.hp[0] = 30))
    s = act(s, 0, { type: 'play', card: 'chaos-magic' })
    expect([s.p[0]!.st['crackle'], s.p[0]!.st['conjure']]).toEqual([1, 1])
    s = act(s, 0, { type: 'play', card: 'scarlet-aura' })
    expect(hpOf(s, 0)).toBe(33)
    expect(s.p[0]!.cp).toBe(0)
  })
  it('DT-GAP-1 healing is capped at starting health + 10', () => {
    let s = inMain(emptyHands(start(['spider-man', 'thor'])), 0)
    s = setHand(s, 0, ['milkshake-me'], 2)
    s = edit(s, x => (x.hp[0] = 59))
    s = act(s, 0, { type: 'play', card: 'milkshake-me' })
    expect(hpOf(s, 0)).toBe(60)
  })
})
