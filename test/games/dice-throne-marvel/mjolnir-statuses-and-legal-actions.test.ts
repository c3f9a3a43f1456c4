// Marvel Dice Throne: Mjölnir's recall and steps, unique statuses, Ultimates, Odinforce II, Loki's suggestion,
// collateral damage, King of the Hill, refused spends, roll events, and memoised legal actions.
import { describe, it, expect } from 'vitest'
import { expectRejected, randomPlayout } from '../../support/playout.ts'
import { actionId, redactEvent, Random } from '../../../src/kernel/index.ts'
import type { DTAction, DTState } from '../../../src/games/dice-throne-marvel/state.ts'
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

// Findings of the fidelity audit (issue 3): each test failed before its fix.

describe('audit: Mjölnir', () => {
  it("DT-13.13 DT-13.17 a defeated holder's Mjölnir is recalled, and a recall grants Electrokinesis", () => {
    let s = inMain(emptyHands(start(['thor', 'loki', 'spider-man'])), 2)
    s = edit(s, x => {
      x.p[0]!.mj = 1
      x.hp[1] = 1
    })
    s = setHand(s, 2, ['web-shooters'], 1)
    s = act(s, 2, { type: 'play', card: 'web-shooters', target: 1 })
    expect(s.p[1]!.out).toBe(true)
    expect(s.p[0]!.mj).toBe(-1)
    expect(s.p[0]!.st['electrokinesis']).toBe(1)
    expect(lastEvents.some(e => e.type === 'mjolnir' && e['action'] === 'recalled')).toBe(true)
  })
})

describe('audit: unique statuses', () => {
  it('DT-8.13 Transference! moves only non-unique tokens: Combo, Invisibility and Illusion cannot be transferred', () => {
    let s = inMain(emptyHands(start(['thor', 'spider-man', 'loki'])), 0)
    s = setHand(s, 0, ['transference'], 2)
    s = edit(s, x => {
      x.p[1]!.st = { combo: 1, invisibility: 1, webbed: 1 }
      x.p[2]!.st = { illusion: 1, 'bag-of-tricks': 1 }
    })
    const moved = E.legalActions(s, 0).flatMap(a => (a.type === 'play' && a.card === 'transference' ? [a.status] : []))
    expect(new Set(moved)).toEqual(new Set(['webbed', 'bag-of-tricks']))
    expect(
      expectRejected(E, s, 0, { type: 'play', card: 'transference', from: 1, status: 'combo', target: 0 }).rule,
    ).toBe('DT-8.13')
    s = act(s, 0, { type: 'play', card: 'transference', from: 2, status: 'bag-of-tricks', target: 0 })
    expect(s.p[0]!.st['bag-of-tricks']).toBe(1)
  })
})

describe('audit: Ultimate', () => {
  it("DT-10.3 once an Ultimate is activated, an opponent's action is refused under DT-10.3 and changes nothing", () => {
    let s = rolling(emptyHands(start(['spider-man', 'thor'])), 0, [6, 6, 6, 6, 6])
    // the attacker holds a 0-CP Instant and Ambush!, so the steps after activation wait for them
    s = setHand(s, 1, ['getting-paid', 'not-this-time'], 3)
    s = edit(s, x => (x.p[0]!.st['invisibility'] = 1))
    s = setHand(s, 0, ['getting-paid', 'ambush'], 0)
    s = act(s, 0, { type: 'select', ability: 'venom-shockwave', variant: 0 })
    s = act(s, 1, { type: 'pass' })
    s = passWhile(s, x => x.step === 'modify')
    expect(s.step).toBe('modify')
    expect(E.legalActions(s, 1)).toEqual([])
    expect(expectRejected(E, s, 1, { type: 'play', card: 'getting-paid' }).rule).toBe('DT-10.3')
    s = act(s, 0, { type: 'done' })
    expect(s.step).toBe('defStart') // the window opening the Defensive Roll Phase
    expect(toAct(s)).toBe(0)
    expect(expectRejected(E, s, 1, { type: 'play', card: 'not-this-time' }).rule).toBe('DT-10.3')
    expect(expectRejected(E, s, 1, { type: 'pass' }).rule).toBe('DT-10.3')
    passWhile(s, x => x.step === 'main2')
    expect(lastEvents.find(e => e.type === 'damage')!['amount']).toBe(13)
  })
})

describe('audit: Odinforce II', () => {
  /** Thor activates Odinforce at `level` against Loki; returns the state right after the activation. */
  function odin(level: number, luck: string): DTState {
    let s = rolling(emptyHands(start(['thor', 'loki'], {}, luck)), 0, [1, 1, 4, 4, 4])
    s = edit(s, x => (x.p[0]!.lv['odinforce'] = level))
    s = act(s, 0, { type: 'select', ability: 'odinforce', variant: 0 })
    return s
  }
  it('DT-5.5 Odinforce II offers one optional reroll of up to 5 of its fresh dice before they are read', () => {
    let s = odin(2, 'odin')
    expect(s.choice?.kind).toBe('odinReroll')
    expect(toAct(s)).toBe(0)
    const acts = E.legalActions(s, 0)
    expect(acts.filter(a => a.type === 'roll').length).toBe(31)
    expect(acts).toContainEqual({ type: 'pass' })
    const first = (s.choice as { dice: number[] }).dice.slice()
    expect((E.view(s, 1) as { choice: { dice?: number[] } }).choice.dice).toEqual(first)
    // nothing from the Odinforce dice is applied before the decision
    expect(s.p[0]!.st['electrokinesis'] ?? 0).toBe(0)
    expect(s.p[0]!.mj).toBe(-1)
    s = act(s, 0, { type: 'roll', dice: [0, 1, 2, 3, 4] })
    const ev = lastEvents.find(e => e['for'] === 'odinforce')!
    const d = ev['dice'] as number[]
    expect(ev['rerolled']).toEqual([0, 1, 2, 3, 4])
    const thunder = d.filter(x => x === 6).length
    expect(s.p[0]!.st['electrokinesis'] ?? 0).toBe(Math.min(4, thunder))
    expect(s.p[0]!.mj).toBe(d.filter(x => x <= 3).length >= 2 ? 1 : -1)
    expect(s.atk!.base).toBe(6 + (s.p[0]!.st['electrokinesis'] ?? 0))
    // a second reroll is not offered
    expect(s.choice).toBeNull()
    // level I has no reroll
    expect(odin(1, 'odin').choice).toBeNull()
    // passing keeps the dice as rolled
    let p = odin(2, 'odin')
    const kept = (p.choice as { dice: number[] }).dice.slice()
    p = act(p, 0, { type: 'pass' })
    expect(p.atk!.base).toBe(6 + Math.min(4, kept.filter(x => x === 6).length))
  })
})

describe("audit: Loki's suggestion and the public log", () => {
  it('DT-13.21 Loki may suggest a card (public), the attacker still picks; publicAction hides only the face-down order', () => {
    let s = rolling(emptyHands(start(['thor', 'loki'])), 0, [1, 1, 1, 1, 1])
    s = edit(s, x => (x.p[1]!.st['illusion'] = 1))
    s = act(s, 0, { type: 'select', ability: 'hammered', variant: 2 })
    s = passWhile(s, x => x.step === 'defChoose')
    s = act(s, 1, { type: 'spend', status: 'illusion' })
    const arr = E.legalActions(s, 1)
    expect(arr.length).toBe(24) // 6 orders x (no suggestion or one of 3 slots)
    s = act(s, 1, { type: 'arrange', order: ['none', 'all', 'half'], suggest: 1 })
    const ev = lastEvents.find(e => e.type === 'illusionArranged')!
    expect(redactEvent(ev, 0)).toMatchObject({ suggest: 1 })
    expect(redactEvent(ev, 0)['secret']).toBeUndefined()
    expect((E.view(s, 0) as { illusionSuggestion?: number }).illusionSuggestion).toBe(1)
    // the attacker is free to ignore the suggestion
    expect(E.legalActions(s, 0)).toEqual([
      { type: 'pick', slot: 0 },
      { type: 'pick', slot: 1 },
      { type: 'pick', slot: 2 },
    ])
    s = act(s, 0, { type: 'pick', slot: 0 })
    expect(s.atk!.illusion).toBe('none')
    const pa = E.publicAction!
    expect(pa({ type: 'arrange', order: ['none', 'all', 'half'], suggest: 1 })).toEqual({ type: 'arrange', suggest: 1 })
    expect(JSON.stringify(pa({ type: 'arrange', order: ['none', 'all', 'half'] }))).not.toContain('none')
    // every other action is public as a whole (its card, die, target... are visible on the table)
    for (const a of [
      { type: 'play', card: 'so-wild', die: 1, value: 6 },
      { type: 'sell', card: 'six-it' },
      { type: 'mjolnir', discard: 'tip-it', target: 1 },
      { type: 'roll', dice: [0, 2] },
      { type: 'pick', slot: 2 },
      { type: 'spend', status: 'conjure', from: 1, take: 'electrokinesis' },
    ] as DTAction[])
      expect(pa(a)).toEqual(a)
  })
})

describe('audit: memoised legal actions', () => {
  it('DT-GAP-2 legalActions equals a fresh computation on a structural copy at every step, and its actions survive JSON, zod and ids', () => {
    for (const [heroes, mode] of [
      [['thor', 'spider-man'], '1v1'],
      [['loki', 'scarlet-witch', 'thor', 'spider-man'], '2v2'],
    ] as const) {
      randomPlayout(
        E,
        heroes.map(hero => ({ hero })),
        { mode },
        `memo-${mode}`,
        {
          onStep: ({ before, after, seat }) => {
            const b = before as DTState
            const listedNow = E.legalActions(b, seat)
            // a structural copy has another identity: no memo can answer for it
            expect(E.legalActions(structuredClone(b), seat)).toEqual(listedNow)
            const a = after as DTState
            for (let k = 0; k < a.n; k++) expect(E.legalActions(a, k)).toEqual(E.legalActions(structuredClone(a), k))
            for (const x of listedNow) {
              expect(E.schemas.action.parse(JSON.parse(JSON.stringify(x)))).toEqual(x)
              expect(actionId(structuredClone(x))).toBe(actionId(x))
            }
          },
        },
      )
    }
  })
  it('DT-GAP-2 action objects shared between answers (rolls, selections, Illusion orders) are deeply frozen: a caller cannot corrupt later games', () => {
    const s = rolling(emptyHands(start(['thor', 'loki'])), 0, [1, 1, 1, 4, 5])
    const acts = E.legalActions(s, 0)
    const roll = acts.find(a => a.type === 'roll')! as { dice: number[] }
    expect(() => roll.dice.push(4)).toThrow()
    expect(() => (roll.dice[0] = 4)).toThrow()
    const sel = acts.find(a => a.type === 'select')! as { variant: number }
    expect(() => (sel.variant = 2)).toThrow()
    expect(E.legalActions(structuredClone(s), 0)).toEqual(acts)
    // a fresh game still lists untouched roll actions
    const t = rolling(emptyHands(start(['loki', 'thor'], {}, 'other')), 0, [1, 2, 3, 4, 5])
    expect(
      E.legalActions(t, 0)
        .filter(a => a.type === 'roll')
        .map(a => (a as { dice: number[] }).dice.length)
        .reduce((x, y) => x + y, 0),
    ).toBe(80)
    let u = rolling(emptyHands(start(['thor', 'loki'])), 0, [1, 1, 1, 1, 1])
    u = edit(u, x => (x.p[1]!.st['illusion'] = 1))
    u = act(u, 0, { type: 'select', ability: 'hammered', variant: 2 })
    u = passWhile(u, x => x.step === 'defChoose')
    u = act(u, 1, { type: 'spend', status: 'illusion' })
    const arr = E.legalActions(u, 1)[0]! as { order: string[] }
    expect(() => (arr.order[0] = 'none')).toThrow()
    // and the order kept in the state is a copy, whatever the caller does with the action afterwards
    u = act(u, 1, arr as DTAction)
    expect(u.ill).not.toBe(arr.order)
  })
})

describe('audit: collateral damage', () => {
  it("DT-6.9 DT-6.10 DT-6.11 Mighty Summon's collateral hits Mjölnir's holder and can be prevented (Not This Time!), but is not an attack", () => {
    // free-for-all: Thor targets Loki while Spider-Man holds the hammer
    let s = start(['thor', 'loki', 'spider-man'], { mode: 'free-for-all' })
    s = rolling(emptyHands(s), 0, [1, 4, 5, 6, 2])
    s = edit(s, x => {
      x.p[0]!.mj = 2
      x.p[2]!.st['invisibility'] = 1
    })
    s = setHand(s, 2, ['not-this-time', 'nice-try'], 1)
    s = act(s, 0, { type: 'select', ability: 'mighty-summon', variant: 0 })
    s = passWhile(s, x => x.step === 'target' || (x.step === 'def' && toAct(x) === 2))
    if (s.step === 'target') s = act(s, 0, { type: 'target', seat: 1 })
    s = passWhile(s, x => x.step === 'def' && toAct(x) === 2)
    expect(s.p[0]!.mj).toBe(-1)
    expect(s.atk).toMatchObject({ to: 2, damageType: 'collateral', base: 3 })
    // not an attack: no defence was rolled, and cards "when attacked" are not offered
    expect(lastEvents.some(e => e.type === 'defend')).toBe(false)
    expect(listed(s, 2, a => a.type === 'play' && a.card === 'nice-try')).toBe(false)
    s = act(s, 2, { type: 'play', card: 'not-this-time' })
    s = passWhile(s, x => x.step === 'main2')
    expect(hpOf(s, 2)).toBe(35)
    expect(hpOf(s, 1)).toBe(35)
    expect(lastEvents.find(e => e.type === 'damage')).toMatchObject({ to: 2, amount: 0, damageType: 'collateral' })
  })
})

describe('audit: free-for-all (King of the Hill)', () => {
  it('DT-GAP-12 targeting a Leader (most health) with an attack draws 1 card at once; other targets or non-attacks do not', () => {
    const setup = (dice: number[], ability: string) => {
      let s = start(['thor', 'loki', 'spider-man'], { mode: 'free-for-all' })
      s = rolling(emptyHands(s), 0, dice)
      s = edit(s, x => {
        x.hp = [20, 35, 30]
        x.p[0]!.deck = ['six-it', 'tip-it', 'so-wild']
      })
      s = act(s, 0, { type: 'select', ability, variant: 0 })
      return passWhile(s, x => x.step === 'target')
    }
    let s = setup([1, 1, 1, 4, 5], 'hammered')
    expect(s.step).toBe('target')
    const lead = act(s, 0, { type: 'target', seat: 1 })
    expect(lead.p[0]!.hand.length).toBe(1)
    expect(lastEvents.some(e => e.type === 'leaderBonus')).toBe(true)
    const other = act(s, 0, { type: 'target', seat: 2 })
    expect(other.p[0]!.hand.length).toBe(0)
    // Mighty Summon with Mjölnir home deals no damage: not an attack, no bonus
    s = setup([1, 4, 5, 6, 2], 'mighty-summon')
    expect(act(s, 0, { type: 'target', seat: 1 }).p[0]!.hand.length).toBe(0)
  })
})

describe('audit: rule IDs of refused spends', () => {
  it("DT-13.16 DT-13.8 DT-13.15 a refused status spend names the status's own rule", () => {
    let s = inMain(emptyHands(start(['thor', 'loki'])), 0)
    s = edit(s, x => (x.p[0]!.st['electrokinesis'] = 4))
    s = act(s, 0, { type: 'spend', status: 'electrokinesis' })
    s = edit(s, x => (x.p[0]!.st['electrokinesis'] = 4))
    expect(expectRejected(E, s, 0, { type: 'spend', status: 'electrokinesis' }).rule).toBe('DT-13.16')
    let w = inMain(emptyHands(start(['scarlet-witch', 'spider-man'])), 0)
    w = edit(w, x => {
      x.p[0]!.st['conjure'] = 1
      x.p[1]!.st = { combo: 1, webbed: 1 }
    })
    expect(expectRejected(E, w, 0, { type: 'spend', status: 'conjure', from: 1, take: 'combo' }).rule).toBe('DT-13.8')
    expect(expectRejected(E, w, 0, { type: 'spend', status: 'conjure', from: 1, take: 'webbed' }).rule).toBe('DT-13.8')
    let g = rolling(emptyHands(start(['thor', 'loki'])), 0, [1, 1, 1, 4, 5])
    g = edit(g, x => {
      // Ambush! with Invisibility keeps the attacker's modify step open after Guard Break
      x.p[0]!.st = { 'guard-break': 2, invisibility: 1 }
      x.p[0]!.hand = ['ambush']
    })
    g = act(g, 0, { type: 'select', ability: 'hammered', variant: 0 })
    g = passWhile(g, x => x.step === 'modify')
    g = act(g, 0, { type: 'spend', status: 'guard-break' })
    expect(g.step).toBe('modify')
    expect(expectRejected(E, g, 0, { type: 'spend', status: 'guard-break' }).rule).toBe('DT-13.15')
  })
})

describe('audit: "up to" Mjölnir steps', () => {
  it('DT-13.14 DT-REF-3 For Asgard! and Ricochet! throw/retrieve "up to" 4 / 6 times: Thor chooses how many steps', () => {
    let s = rolling(emptyHands(start(['thor', 'loki'])), 0, [6, 6, 6, 6, 6])
    s = act(s, 0, { type: 'select', ability: 'for-asgard', variant: 0 })
    expect(s.choice?.kind).toBe('mjSteps')
    // the Ultimate is active: Loki can do nothing while Thor decides (DT-10.3)
    expect(expectRejected(E, s, 1, { type: 'pass' }).rule).toBe('DT-10.3')
    expect(E.legalActions(s, 0)).toEqual([0, 1, 2, 3, 4].map(count => ({ type: 'steps', count })))
    expect(E.legalActions(s, 1)).toEqual([])
    s = act(s, 0, { type: 'steps', count: 3 }) // throw, retrieve, throw: the hammer stays on Loki
    expect(s.p[0]!.mj).toBe(1)
    expect(s.p[0]!.st['electrokinesis']).toBe(1)
    s = passWhile(s, x => x.step === 'main2')
    expect(hpOf(s, 1)).toBe(50 - 2 - 14)
    let r = rolling(emptyHands(start(['thor', 'loki'])), 0, [6, 6, 6, 1, 2])
    r = edit(r, x => (x.p[0]!.lv['bottled-lightning'] = 2))
    r = act(r, 0, { type: 'select', ability: 'bottled-lightning', variant: 1 })
    r = passWhile(r, x => x.choice !== null)
    expect(E.legalActions(r, 0).length).toBe(7)
    r = act(r, 0, { type: 'steps', count: 0 })
    expect([r.p[0]!.mj, hpOf(r, 1), r.step]).toEqual([-1, 50, 'main2'])
  })
})

describe('audit: events', () => {
  it('DT-5.5 the Chain Lightning roll event shows its 3 fresh dice as rolled (not re-ordered)', () => {
    const s = rolling(emptyHands(start(['thor', 'loki'])), 0, [1, 2, 3, 6, 6])
    let found = false
    for (let k = 0; k < 50 && !found; k++) {
      const t = edit(s, x => (x.rng = E.setup([{ hero: 'thor' }, { hero: 'loki' }], {}, `cl${k}`).rng))
      const r = Random.fromState(t.rng)
      const expected = [r.die(6), r.die(6), r.die(6)]
      if (expected[0]! >= expected[2]!) continue // look for a roll that sorting would change
      act(t, 0, { type: 'select', ability: 'chain-lightning', variant: 0 })
      expect(lastEvents.find(e => e['for'] === 'chain-lightning')!['dice']).toEqual(expected)
      found = true
    }
    expect(found).toBe(true)
  })
})
