// Marvel Dice Throne: "Then" pauses, isolated and counter damage that can be prevented, Instants and status spends at
// any time, phase-window priority, and Thor's and Spider-Man's data against the transcribed components.
import { describe, it, expect } from 'vitest'
import { expectRejected } from '../../support/playout.ts'
import type { DTState } from '../../../src/games/dice-throne-marvel/state.ts'
import { HEROES, CARDS } from '../../../src/games/dice-throne-marvel/data.ts'
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

// Findings of the second fidelity audit (issue 3): each test failed before its fix.

/** Seat 0 selects `ability` with `dice`; hands are empty unless `prep` fills them. */
function go(heroes: string[], dice: number[], ability: string, variant: number, prep: (x: DTState) => void): DTState {
  let s = rolling(emptyHands(start(heroes, {}, 'audit2')), 0, dice)
  s = edit(s, prep)
  return act(s, 0, { type: 'select', ability, variant })
}
const steps: string[] = []
/** passWhile, remembering every step it went through. */
function walk(s: DTState, stop: (x: DTState) => boolean): DTState {
  steps.length = 0
  return passWhile(s, x => {
    steps.push(x.step)
    return stop(x)
  })
}

describe('audit 2: "Then" pauses the game (DT-5.2, DT-5.3)', () => {
  it('DT-5.2 DT-5.3 after Ensnare\'s damage the game pauses before "Then inflict Webbed": the defender plays an Instant there', () => {
    let s = go(['spider-man', 'loki'], [1, 2, 3, 4, 6], 'ensnare', 0, x => {
      x.p[1]!.hand = ['getting-paid']
      x.p[1]!.cp = 0
    })
    s = walk(s, x => x.step === 'then')
    expect(s.step).toBe('then')
    expect(toAct(s)).toBe(1)
    // the damage has landed, Webbed not yet
    expect(hpOf(s, 1)).toBeLessThan(50)
    expect(s.p[1]!.st['webbed']).toBeUndefined()
    const hp = hpOf(s, 1)
    expect(E.legalActions(s, 1)).toEqual([{ type: 'play', card: 'getting-paid' }, { type: 'pass' }])
    // dice are read: no die-changing response is offered in the pause
    expect(listed(s, 0, () => true)).toBe(false)
    s = act(s, 1, { type: 'play', card: 'getting-paid' })
    expect(s.p[1]!.cp).toBe(2)
    s = passWhile(s, x => x.step === 'main2')
    expect(s.p[1]!.st['webbed']).toBe(1)
    expect(hpOf(s, 1)).toBe(hp - 2)
  })
  it('DT-5.3 the "Then" pause asks nobody when nobody has a response', () => {
    let s = go(['spider-man', 'thor'], [1, 2, 3, 4, 6], 'ensnare', 0, () => {})
    s = walk(s, x => x.step === 'main2')
    expect(steps).not.toContain('then')
    expect(s.p[1]!.st['webbed']).toBe(1)
  })
})

describe('audit 2: isolated damage can be prevented (DT-6.4, DT-6.7, DT-6.9, DT-REF-5)', () => {
  it("DT-6.9 DT-REF-5 Chain Lightning's isolated collateral waits as incoming damage: Not This Time! prevents it", () => {
    let s = go(['thor', 'loki'], [1, 2, 3, 6, 6], 'chain-lightning', 0, x => {
      x.p[1]!.hand = ['not-this-time']
      x.p[1]!.cp = 0 // no CP in the defence window; it gains 1 in the "Then" pause below
    })
    s = passWhile(s, x => x.step === 'main2' || x.step === 'inc')
    expect(s.step).toBe('main2') // nobody could pay for Not This Time!: the collateral landed at once
    let t = go(['thor', 'loki'], [1, 2, 3, 6, 6], 'chain-lightning', 0, x => {
      x.p[1]!.hand = ['not-this-time']
      x.p[1]!.cp = 1
    })
    // Loki keeps Not This Time! for the collateral
    t = passWhile(t, x => x.step === 'inc')
    expect(t.step).toBe('inc')
    expect(toAct(t)).toBe(1)
    expect(t.inc).toMatchObject({ by: 0, to: 1, amount: 2, damageType: 'collateral' })
    expect(E.view(t, 0)).toMatchObject({ incoming: { to: 1, amount: 2, damageType: 'collateral' } })
    const hp = hpOf(t, 1)
    t = act(t, 1, { type: 'play', card: 'not-this-time' })
    t = passWhile(t, x => x.step === 'main2')
    expect(hpOf(t, 1)).toBe(hp)
    expect(lastEvents.find(e => e.type === 'isolatedDamage')).toMatchObject({ amount: 0, damageType: 'collateral' })
  })
  it('DT-13.12 DT-6.7 a Mjölnir throw inside Hammered is incoming undefendable damage: Not This Time! prevents it', () => {
    let s = go(['thor', 'spider-man'], [1, 2, 3, 4, 5], 'hammered', 0, x => {
      x.p[1]!.hand = ['not-this-time']
      x.p[1]!.cp = 1
    })
    s = passWhile(s, x => x.step === 'inc')
    expect(s.step).toBe('inc')
    expect(s.inc).toMatchObject({ to: 1, amount: 1, damageType: 'undefendable', why: 'mjolnir' })
    expect(s.p[0]!.mj).toBe(1)
    expect(hpOf(s, 1)).toBe(50)
    // the Roll Phase card is offered against it; passing lets it land
    expect(listed(s, 1, a => a.type === 'play' && a.card === 'not-this-time')).toBe(true)
    const landed = passWhile(s, x => x.step !== 'inc')
    expect(hpOf(landed, 1)).toBe(49)
    s = act(s, 1, { type: 'play', card: 'not-this-time' })
    s = passWhile(s, x => x.step !== 'inc')
    expect(hpOf(s, 1)).toBe(50)
    // then the attack goes on as before
    expect(s.atk).toMatchObject({ to: 1, base: 4 })
  })
  it("DT-13.25 DT-6.7 Web Shot's Webbed deals its 2 as incoming damage: Thor prevents it with Invulnerability!", () => {
    let s = go(['spider-man', 'thor'], [4, 5, 6, 1, 1], 'c-c-c-combo', 1, x => {
      x.p[0]!.lv = { 'c-c-c-combo': 2 }
      x.p[1]!.hand = ['invulnerability']
      x.p[1]!.cp = 2
      x.p[1]!.st = { electrokinesis: 2 }
    })
    s = passWhile(s, x => x.step === 'inc')
    expect(s.inc).toMatchObject({ to: 1, amount: 2, why: 'webbed' })
    expect(s.p[1]!.st['webbed']).toBe(1)
    // only the seats with a response are asked: Spider-Man has none here
    expect(expectRejected(E, s, 0, { type: 'pass' }).rule).toBe('DT-11.1')
    s = act(s, 1, { type: 'play', card: 'invulnerability' })
    s = passWhile(s, x => x.step === 'main2')
    expect(hpOf(s, 1)).toBe(50)
    expect(s.p[1]!.st['electrokinesis']).toBeUndefined()
  })
  it('DT-13.12 DT-6.7 DT-4.3 a throw made by discarding a card in a roll phase can be prevented; then the roll goes on', () => {
    let s = rolling(emptyHands(start(['thor', 'spider-man'], {}, 'audit2')), 0, [1, 2, 3, 4, 5])
    s = setHand(s, 0, ['six-it'], 0)
    s = setHand(s, 1, ['not-this-time'], 1)
    s = act(s, 0, { type: 'mjolnir', discard: 'six-it', target: 1 })
    expect([s.step, toAct(s), hpOf(s, 1)]).toEqual(['inc', 1, 50])
    s = act(s, 1, { type: 'play', card: 'not-this-time' })
    expect([s.step, toAct(s), hpOf(s, 1), s.p[0]!.mj]).toEqual(['rolling', 0, 50, 1])
    expect(s.roll!.dice).toEqual([1, 2, 3, 4, 5])
    // in a Main Phase no Roll Phase card can be played: the throw lands at once
    let m = inMain(emptyHands(start(['thor', 'spider-man'], {}, 'audit2')), 0)
    m = setHand(m, 0, ['six-it'], 0)
    m = setHand(m, 1, ['not-this-time'], 1)
    m = act(m, 0, { type: 'mjolnir', discard: 'six-it', target: 1 })
    expect([m.step, hpOf(m, 1)]).toEqual(['main1', 49])
  })
  it("DT-10.3 an Ultimate's isolated damage cannot be prevented: For Asgard!'s throws land with no window", () => {
    let s = go(['thor', 'spider-man'], [6, 6, 6, 6, 6], 'for-asgard', 0, x => {
      x.p[1]!.hand = ['not-this-time']
      x.p[1]!.cp = 3
    })
    expect(s.choice).toMatchObject({ kind: 'mjSteps' })
    s = act(s, 0, { type: 'steps', count: 1 })
    // the throw lands at once and the Ultimate resolves: no incoming damage, no window for Spider-Man
    expect(lastEvents.some(e => e.type === 'incoming')).toBe(false)
    expect(lastEvents.find(e => e.type === 'hp')).toMatchObject({ seat: 1, delta: -1, why: 'mjolnir' })
    expect(hpOf(s, 1)).toBe(50 - 1 - 14)
  })
  it('DT-4.2 DT-4.3 Webbed inflicted in a Main Phase lands at once: Roll Phase cards cannot be played there', () => {
    let s = inMain(emptyHands(start(['spider-man', 'thor'])), 0)
    s = setHand(s, 0, ['web-shooters'], 1)
    s = setHand(s, 1, ['not-this-time'], 1)
    s = act(s, 0, { type: 'play', card: 'web-shooters', target: 1 })
    expect([s.step, hpOf(s, 1)]).toEqual(['main1', 48])
  })
})

describe('audit 2: shared cards', () => {
  it('DT-5.1 DT-5.5 Try, Try Again! can reroll the same die twice: after one die, a second reroll (same die or another) or pass', () => {
    let s = setHand(
      rolling(emptyHands(start(['thor', 'loki'], {}, 'audit2')), 0, [1, 1, 1, 1, 1]),
      0,
      ['try-try-again'],
      1,
    )
    s = act(s, 0, { type: 'play', card: 'try-try-again', dice: [2] })
    expect(s.choice).toEqual({ kind: 'reroll1', seat: 0 })
    const opts = E.legalActions(s, 0)
    expect(opts).toContainEqual({ type: 'roll', dice: [2] })
    expect(opts).toContainEqual({ type: 'pass' })
    expect(opts.filter(a => a.type === 'roll').every(a => a.type === 'roll' && a.dice.length === 1)).toBe(true)
    expect(expectRejected(E, s, 0, { type: 'roll', dice: [2, 3] }).rule).toBe('DT-5.1')
    s = act(s, 0, { type: 'roll', dice: [2] })
    expect(lastEvents.find(e => e.type === 'roll')!['rerolled']).toEqual([2])
    expect(s.choice).toBeNull()
    expect([s.roll!.dice[0], s.roll!.dice[1], s.roll!.dice[3], s.roll!.dice[4]]).toEqual([1, 1, 1, 1])
    expect([s.p[0]!.cp, s.roll!.left]).toEqual([0, 2])
    // both dice at once stays possible (no follow-up)
    let t = setHand(
      rolling(emptyHands(start(['thor', 'loki'], {}, 'audit2')), 0, [1, 1, 1, 1, 1]),
      0,
      ['try-try-again'],
      1,
    )
    t = act(t, 0, { type: 'play', card: 'try-try-again', dice: [2, 3] })
    expect(t.choice).toBeNull()
  })
  it('DT-4.3 a Roll Phase card in a Main Phase is refused with DT-4.3 and changes nothing', () => {
    const s = setHand(inMain(emptyHands(start(['thor', 'loki'])), 0), 0, ['not-this-time'], 3)
    const before = JSON.stringify(s)
    expect(expectRejected(E, s, 0, { type: 'play', card: 'not-this-time' }).rule).toBe('DT-4.3')
    expect(JSON.stringify(s)).toBe(before)
  })
})

describe('audit 2: Instants and status spends at any time (DT-4.4, DT-8.9)', () => {
  it('DT-4.4 DT-8.9 DT-8.10 when the active player ends a Main Phase, the other players may play an Instant or spend a status first', () => {
    let s = inMain(emptyHands(start(['thor', 'scarlet-witch'], {}, 'audit2')), 0)
    s = setHand(s, 1, ['getting-paid', 'not-this-time', 'warp-reality'], 0)
    s = edit(s, x => {
      x.p[1]!.st = { conjure: 1 }
      x.p[0]!.st = { 'guard-break': 1 }
    })
    s = act(s, 0, { type: 'end' })
    expect([s.step, toAct(s)]).toEqual(['main1End', 1])
    // Instants and status spends only: no Roll Phase card, no Main Phase card of another player's turn
    expect(E.legalActions(s, 1)).toEqual([
      { type: 'play', card: 'getting-paid' },
      { type: 'spend', status: 'conjure', from: 0, take: 'guard-break' },
      { type: 'pass' },
    ])
    expect(expectRejected(E, s, 1, { type: 'play', card: 'warp-reality', target: 0 }).rule).toBe('DT-4.2')
    expect(expectRejected(E, s, 1, { type: 'play', card: 'not-this-time' }).rule).toBe('DT-4.3')
    expect(expectRejected(E, s, 0, { type: 'end' }).rule).toBe('DT-11.1')
    s = act(s, 1, { type: 'spend', status: 'conjure', from: 0, take: 'guard-break' })
    expect([s.p[1]!.st['guard-break'], s.p[0]!.st['guard-break']]).toEqual([1, undefined])
    s = act(s, 1, { type: 'play', card: 'getting-paid' })
    expect(s.p[1]!.cp).toBe(2)
    // nothing left to answer with: the window closes and the Offensive Roll Phase begins
    expect([s.step, s.active]).toEqual(['rolling', 0])
  })
  it('DT-4.4 a seat with no legal response is not asked: ending a Main Phase goes straight on', () => {
    let s = inMain(emptyHands(start(['thor', 'loki'], {}, 'audit2')), 0, 'main2')
    s = act(s, 0, { type: 'end' })
    expect([s.active, s.step]).toEqual([0, 'discard'])
  })
})

describe('audit 2: counter damage can be prevented (DT-6.4, research 1.4)', () => {
  it("DT-6.4 DT-12.3 the attacker prevents Counterpunch's counter damage with Not This Time! (chosen player: himself)", () => {
    let s = go(['loki', 'spider-man'], [1, 1, 1, 3, 5], 'mockery', 0, x => {
      x.p[0]!.hand = ['not-this-time']
      x.p[0]!.cp = 1
    })
    s = passWhile(s, x => x.step === 'defChoose')
    s = act(s, 1, { type: 'defend', defence: 'counterpunch' })
    s = edit(s, x => (x.roll!.dice = [1, 2, 3]))
    expect(toAct(s)).toBe(0)
    const opts = E.legalActions(s, 0).filter(a => a.type === 'play')
    expect(opts).toContainEqual({ type: 'play', card: 'not-this-time', target: 0 })
    s = act(s, 0, { type: 'play', card: 'not-this-time', target: 0 })
    s = passWhile(s, x => x.step === 'main2')
    expect(hpOf(s, 0)).toBe(50)
    expect(hpOf(s, 1)).toBe(50 - 6)
  })
  it("DT-6.4 Thor attacking spends 2 EK on Invulnerability! to prevent all of Mischief's counter damage; no offer without counter damage", () => {
    let s = go(['thor', 'loki'], [1, 1, 1, 4, 5], 'hammered', 0, x => {
      x.p[0]!.hand = ['invulnerability']
      x.p[0]!.cp = 2
      x.p[0]!.st = { electrokinesis: 2 }
    })
    s = passWhile(s, x => x.step === 'defChoose')
    s = act(s, 1, { type: 'defend', defence: 'mischief' })
    const none = edit(s, x => (x.roll!.dice = [3, 3, 3]))
    expect(toAct(none)).toBe(0)
    expect(listed(none, 0, a => a.type === 'play')).toBe(false)
    s = edit(s, x => (x.roll!.dice = [1, 2, 3]))
    s = act(s, 0, { type: 'play', card: 'invulnerability', target: 0 })
    s = passWhile(s, x => x.step === 'main2')
    expect(hpOf(s, 0)).toBe(50)
    expect(hpOf(s, 1)).toBe(50 - 1 - 4)
  })
})

describe('audit 2: data against the transcribed components (research 1.6, 2.1, 2.2), written out independently', () => {
  // requirement letters: Thor H hammer, W worthy, T thunder; Spider-Man A thwip, B web, C spider; s/l straights
  const SYM: Record<string, string> = { H: 'hammer', W: 'worthy', T: 'thunder', A: 'thwip', B: 'web', C: 'spider' }
  const req = (x: string) =>
    x === 's'
      ? { straight: 'small' }
      : x === 'l'
        ? { straight: 'large' }
        : { sym: [...x].reduce<Record<string, number>>((m, ch) => ((m[SYM[ch]!] = (m[SYM[ch]!] ?? 0) + 1), m), {}) }
  // [ability, level, variant, requirement, damage (null: none, 'x': computed), type]
  const TABLE: [string, string, number, number, string, number | null | 'x', string?][] = [
    ['thor', 'hammered', 1, 0, 'HHH', 4],
    ['thor', 'hammered', 1, 1, 'HHHH', 5],
    ['thor', 'hammered', 1, 2, 'HHHHH', 7],
    ['thor', 'hammered', 2, 0, 'HHH', 5],
    ['thor', 'hammered', 2, 1, 'HHHH', 6],
    ['thor', 'hammered', 2, 2, 'HHHHH', 7],
    ['thor', 'hammered', 3, 0, 'HHH', 5],
    ['thor', 'hammered', 3, 1, 'HHHH', 6],
    ['thor', 'hammered', 3, 2, 'HHHHH', 8],
    ['thor', 'mighty-summon', 1, 0, 'HWWT', null],
    ['thor', 'mighty-summon', 2, 0, 'HWWT', null],
    ['thor', 'mighty-summon', 2, 1, 'HHTT', 6],
    ['thor', 'chain-lightning', 1, 0, 'HHHTT', 'x'],
    ['thor', 'chain-lightning', 2, 0, 'HHHTT', 'x'],
    ['thor', 'odinforce', 1, 0, 'HHWWW', 5],
    ['thor', 'odinforce', 2, 0, 'HHWWW', 6],
    ['thor', 'bottled-lightning', 1, 0, 'TTTT', 7],
    ['thor', 'bottled-lightning', 2, 0, 'TTTT', 8],
    ['thor', 'bottled-lightning', 2, 1, 'TTT', null],
    ['thor', 'lightning-rod', 1, 0, 's', 7],
    ['thor', 'lightning-rod', 2, 0, 's', 9],
    ['thor', 'thunder-bolt', 1, 0, 'l', 10],
    ['thor', 'thunder-bolt', 2, 0, 'l', 12],
    ['thor', 'thunder-bolt', 2, 1, 'WWW', null],
    ['thor', 'for-asgard', 1, 0, 'TTTTT', 14, 'ultimate'],
    ['spider-man', 'punch', 1, 0, 'AAA', 4],
    ['spider-man', 'punch', 1, 1, 'AAAA', 5],
    ['spider-man', 'punch', 1, 2, 'AAAAA', 6],
    ['spider-man', 'punch', 2, 0, 'AAA', 5],
    ['spider-man', 'punch', 2, 1, 'AAAA', 6],
    ['spider-man', 'punch', 2, 2, 'AAAAA', 7],
    ['spider-man', 'c-c-c-combo', 1, 0, 'AACC', 5],
    ['spider-man', 'c-c-c-combo', 2, 0, 'AACC', 6],
    ['spider-man', 'c-c-c-combo', 2, 1, 'BBC', null],
    ['spider-man', 'spider-reflexes', 1, 0, 'ABBC', 'x'],
    ['spider-man', 'wall-crawler', 1, 0, 'AABBB', 7],
    ['spider-man', 'ensnare', 1, 0, 's', 5],
    ['spider-man', 'ensnare', 1, 1, 'l', 8],
    ['spider-man', 'ensnare', 2, 0, 's', 6],
    ['spider-man', 'ensnare', 2, 1, 'l', 9],
    ['spider-man', 'venom-punch', 1, 0, 'CCCC', 7, 'undefendable'],
    ['spider-man', 'venom-punch', 2, 0, 'CCCC', 8, 'undefendable'],
    ['spider-man', 'venom-punch', 2, 1, 'CCC', 2, 'undefendable'],
    ['spider-man', 'venom-shockwave', 1, 0, 'CCCCC', 13, 'ultimate'],
  ]
  it('DT-REF-8 DT-6.2 every Thor and Spider-Man ability level: requirement, damage and damage type as transcribed', () => {
    for (const [hero, ab, lvl, vi, r, dmg, type] of TABLE) {
      const a = HEROES[hero]!.abilities.find(x => x.id === ab)!
      const v = a.levels[lvl - 1]![vi]!
      const where = `${hero} ${ab} ${lvl}/${vi}`
      expect(v.req, where).toEqual(req(r))
      if (dmg === null) expect(v.dmg, where).toBeUndefined()
      else {
        if (dmg !== 'x') expect(v.dmg!.n, where).toBe(dmg)
        else expect(v.dmg!.custom, where).toBeDefined()
        expect(v.dmg!.type, where).toBe(type ?? 'normal')
      }
    }
    for (const hero of ['thor', 'spider-man']) {
      const n = HEROES[hero]!.abilities.reduce((m, a) => m + a.levels.reduce((k, l) => k + l.length, 0), 0)
      expect(TABLE.filter(t => t[0] === hero).length).toBe(n)
    }
    // Chain Lightning: isolated collateral 2 / 3; defences roll 3 / 4 (Thunder Wheel), 2 (Spider-Sense), 3
    // (Counterpunch)
    const cl = HEROES['thor']!.abilities.find(x => x.id === 'chain-lightning')!
    expect(cl.levels.map(l => l[0]!.post)).toEqual([
      [{ op: 'isolated', n: 2, dt: 'collateral' }],
      [{ op: 'isolated', n: 3, dt: 'collateral' }],
    ])
    expect(HEROES['thor']!.defences[0]!.levels.map(l => l.dice)).toEqual([3, 4])
    expect(HEROES['spider-man']!.defences.map(d => [d.id, d.levels[0]!.dice])).toEqual([
      ['spider-sense', 2],
      ['counterpunch', 3],
    ])
  })
  it('DT-4.1 DT-2.11 the 17 shared cards and the Thor / Spider-Man cards have their transcribed CP cost and timing', () => {
    const CARDS_T: Record<string, [number, string]> = {
      'six-it': [1, 'roll'],
      'better-d': [0, 'roll'],
      transference: [2, 'main'],
      'so-wild': [2, 'roll'],
      'vegas-baby': [0, 'main'],
      'triple-up': [2, 'instant'],
      'what-status-effects': [2, 'main'],
      'get-that-outta-here': [1, 'main'],
      'twice-as-wild': [3, 'roll'],
      'try-try-again': [1, 'roll'],
      'tip-it': [1, 'instant'],
      'getting-paid': [0, 'instant'],
      samesies: [1, 'roll'],
      'double-up': [1, 'instant'],
      'helping-hand': [1, 'roll'],
      'one-more-time': [1, 'roll'],
      'not-this-time': [1, 'roll'],
      'indomitable-will': [2, 'roll'],
      invulnerability: [2, 'roll'],
      'he-is-worthy': [1, 'roll'],
      'power-trip': [1, 'instant'],
      'time-to-hammer': [0, 'instant'],
      stormbreak: [0, 'instant'],
      'hammered-ii': [0, 'upgrade'],
      'hammered-iii': [2, 'upgrade'],
      'mighty-summon-ii': [2, 'upgrade'],
      'chain-lightning-ii': [2, 'upgrade'],
      'odinforce-ii': [2, 'upgrade'],
      'bottled-lightning-ii': [2, 'upgrade'],
      'lightning-rod-ii': [2, 'upgrade'],
      'thunder-bolt-ii': [2, 'upgrade'],
      'thunder-wheel-ii': [2, 'upgrade'],
      yikes: [1, 'instant'],
      'radioactive-blood': [3, 'instant'],
      'swing-escape': [1, 'roll'],
      'nice-try': [0, 'roll'],
      'invisible-punch': [1, 'roll'],
      ambush: [0, 'roll'],
      'web-shooters': [1, 'main'],
      booyah: [1, 'main'],
      'milkshake-me': [1, 'main'],
      'cha-ching': [0, 'main'],
      'punch-ii': [2, 'upgrade'],
      'c-c-c-combo-ii': [2, 'upgrade'],
      'ensnare-ii': [2, 'upgrade'],
      'venom-punch-ii': [2, 'upgrade'],
    }
    for (const [id, [cost, timing]] of Object.entries(CARDS_T))
      expect([id, CARDS[id]!.cost, CARDS[id]!.timing]).toEqual([id, cost, timing])
    expect(Object.values(CARDS).filter(c => c.hero === null).length).toBe(17)
    expect(Object.values(CARDS).filter(c => c.hero === 'thor' || c.hero === 'spider-man').length).toBe(15 + 14)
  })
})

describe('audit 2: priority in the phase window (DT-11.1)', () => {
  it('DT-11.1 DT-4.4 after another player answers in the phase window, the turn player may answer back before the phase changes', () => {
    let s = inMain(emptyHands(start(['spider-man', 'loki'], {}, 'audit2')), 0)
    s = setHand(s, 0, ['yikes'], 1)
    s = setHand(s, 1, ['getting-paid'], 0)
    s = act(s, 0, { type: 'end' })
    expect([s.step, toAct(s)]).toEqual(['main1End', 1])
    s = act(s, 1, { type: 'play', card: 'getting-paid' })
    expect(toAct(s)).toBe(0)
    s = act(s, 0, { type: 'play', card: 'yikes' })
    expect(s.p[0]!.st['invisibility']).toBe(1)
    expect([s.step, s.active]).toEqual(['rolling', 0])
  })
})
