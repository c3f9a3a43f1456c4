// Round 3 audit of Marvel Dice Throne against [002]: every answer goes through the one window mechanism.
import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { Random } from '../../../src/kernel/index.ts'
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

describe('round 3: who is asked depends only on what the others see (DT-11.1, [002] L 13, L 29)', () => {
  /** `seat`'s hand and deck dealt again from the same cards (the others cannot tell them apart: DT-3.1). */
  function redeal(s: DTState, seat: number, order: number[]): DTState {
    return edit(s, (x) => {
      const pl = x.p[seat]!
      const pool = [...pl.hand, ...pl.deck].sort()
      const shuffled = pool.map((card, i) => ({ card, key: order[i % order.length]! * 1000 + i })).sort((a, b) => a.key - b.key).map((y) => y.card)
      pl.hand = shuffled.slice(0, pl.hand.length)
      pl.deck = shuffled.slice(pl.hand.length)
    })
  }
  const MODES = [[['thor', 'loki'], '1v1'], [['spider-man', 'scarlet-witch', 'thor'], 'free-for-all'], [['loki', 'thor', 'spider-man', 'scarlet-witch'], '2v2']] as const
  it('DT-11.1 DT-4.4 DT-8.9 [002] L 13 L 29 re-dealing a seat\'s hidden hand and deck never changes who is asked at any window, nor any other seat\'s actions', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000 }), fc.constantFrom(...MODES), fc.array(fc.integer({ min: 0, max: 99 }), { minLength: 8, maxLength: 8 }), (seed, [heroes, mode], order) => {
        let s = start([...heroes], { mode }, `redeal-${seed}`)
        const pick = Random.fromSeed(`pick-${seed}`)
        for (let step = 0; step < 250 && !s.done; step++) {
          // auto-pass is a seat's choice to be asked only with a real answer (timing may show its hand): off here
          s = edit(s, (x) => {
            for (const p of x.p) p.auto = false
          })
          const seat = pick.pick(E.status(s).toAct)
          const action = pick.pick(E.legalActions(s, seat).filter((a) => a.type !== 'setAutoPass'))
          const next = E.apply(s, seat, action).state
          for (let q = 0; q < s.n; q++) {
            if (q === seat || s.p[q]!.out) continue
            // the same action on the state with q's hidden cards dealt again (the same generator follows)
            const alt = redeal(s, q, order)
            for (let o = 0; o < s.n; o++) if (o !== q) expect(E.legalActions(alt, o)).toEqual(E.legalActions(s, o))
            const altNext = E.apply(alt, seat, action).state
            expect(E.status(altNext).toAct).toEqual(E.status(next).toAct)
            expect(altNext.step).toBe(next.step)
            for (let o = 0; o < s.n; o++) if (o !== q) expect(E.legalActions(altNext, o)).toEqual(E.legalActions(next, o))
          }
          s = next
        }
      }),
      { numRuns: 12 },
    )
  })
})
