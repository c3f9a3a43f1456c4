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
    s = edit(s, x => {
      x.p[0]!.st = { electrokinesis: 1 }
      x.p[1]!.st = { conjure: 1 }
    })
    // Thor plays Transference! on Scarlet Witch's Conjure; it waits for her answer (DT-11.3)
    s = E.apply(s, 0, { type: 'play', card: 'transference', from: 1, status: 'conjure', target: 0 }).state
    expect(s.held?.a).toMatchObject({ card: 'transference' })
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
    const v = edit(s, x => (x.rng = start(['thor', 'loki'], {}, `gb${k}`).rng))
    const r = E.apply(v, 0, { type: 'spend', status: 'guard-break' }).state
    if (r.atk!.damageType === 'undefendable') return r
  }
  throw new Error('no seed made Guard Break hit')
}

describe('round 3: Invisibility against an attack Guard Break made undefendable (DT-13.29, [002] L 17)', () => {
  it('DT-13.29 [002] L 17 the defence is chosen after the window opening the Defensive Roll Phase: Yikes! played there lets Spider-Man defend', () => {
    let s = rolling(emptyHands(start(['thor', 'spider-man'])), 0, [1, 1, 1, 4, 5])
    s = edit(s, x => {
      x.p[0]!.st = { 'guard-break': 1 }
      x.p[1]!.hand = ['yikes']
      x.p[1]!.cp = 1
    })
    s = E.apply(s, 0, { type: 'select', ability: 'hammered', variant: 0 }).state
    s = passWhile(s, x => x.step === 'modify')
    expect(s.step).toBe('modify')
    s = guardBreakHits(s)
    // Spider-Man is asked before his defence is chosen, and gains Invisibility with Yikes! (an Instant, DT-4.4)
    expect(toAct(s)).toBe(1)
    expect(s.atk!.defence).toBeNull()
    s = E.apply(s, 1, { type: 'play', card: 'yikes' }).state
    s = passWhile(s, x => x.step === 'defChoose')
    expect(s.step).toBe('defChoose')
    expect(listed(s, 1, a => a.type === 'spend' && a.status === 'invisibility')).toBe(true)
    s = E.apply(s, 1, { type: 'spend', status: 'invisibility' }).state
    expect(listed(s, 1, a => a.type === 'defend')).toBe(true)
  })
})

describe('round 3: Roll Phase cards can be interrupted (DT-11.3, [002] L 13, L 29)', () => {
  it('DT-11.3 DT-8.10 [002] L 13 L 29 a Roll Phase card waits for answers like a Main Phase card, and a status spend answers it', () => {
    let s = rolling(emptyHands(start(['loki', 'scarlet-witch'])), 0, [1, 2, 3, 4, 5])
    s = edit(s, x => {
      x.p[0]!.hand = ['sleight-of-hand']
      x.p[0]!.cp = 1
      x.p[0]!.st = { 'bag-of-tricks': 1 }
      x.p[1]!.st = { conjure: 1 }
    })
    s = E.apply(s, 0, { type: 'play', card: 'sleight-of-hand', die: 0 }).state
    // paid, not resolved: Scarlet Witch may answer first
    expect(s.held?.a).toMatchObject({ card: 'sleight-of-hand' })
    expect(s.roll!.dice).toEqual([1, 2, 3, 4, 5])
    expect(toAct(s)).toBe(1)
    expect(listed(s, 1, a => a.type === 'spend' && a.status === 'conjure')).toBe(true)
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
  it("DT-4.3 DT-15 [002] L 7 in 2v2, with only noAttack left, the attacker's teammate is still offered One More Time!", () => {
    let s = emptyHands(start(['loki', 'thor', 'spider-man', 'scarlet-witch'], { mode: '2v2' }))
    // no roll attempt left and no ability met: the attacker's only action is noAttack
    s = rolling(s, 0, [1, 2, 4, 6, 6], 0)
    s = edit(s, x => {
      x.p[2]!.hand = ['one-more-time']
      x.p[2]!.cp = 1
    })
    expect(E.legalActions(s, 0)).toEqual([{ type: 'noAttack' }])
    s = E.apply(s, 0, { type: 'noAttack' }).state
    expect(toAct(s)).toBe(2)
    expect(listed(s, 2, a => a.type === 'play' && a.card === 'one-more-time')).toBe(true)
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
    return edit(s, x => {
      const pl = x.p[seat]!
      const pool = [...pl.hand, ...pl.deck].sort()
      const shuffled = pool
        .map((card, i) => ({ card, key: order[i % order.length]! * 1000 + i }))
        .sort((a, b) => a.key - b.key)
        .map(y => y.card)
      pl.hand = shuffled.slice(0, pl.hand.length)
      pl.deck = shuffled.slice(pl.hand.length)
    })
  }
  const MODES = [
    [['thor', 'loki'], '1v1'],
    [['spider-man', 'scarlet-witch', 'thor'], 'free-for-all'],
    [['loki', 'thor', 'spider-man', 'scarlet-witch'], '2v2'],
  ] as const
  it("DT-11.1 DT-4.4 DT-8.9 [002] L 13 L 29 re-dealing a seat's hidden hand and deck never changes who is asked at any window, nor any other seat's actions", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.constantFrom(...MODES),
        fc.array(fc.integer({ min: 0, max: 99 }), { minLength: 8, maxLength: 8 }),
        (seed, [heroes, mode], order) => {
          let s = start([...heroes], { mode }, `redeal-${seed}`)
          const pick = Random.fromSeed(`pick-${seed}`)
          for (let step = 0; step < 250 && !s.done; step++) {
            // auto-pass is a seat's choice to be asked only with a real answer (timing may show its hand): off here
            s = edit(s, x => {
              for (const p of x.p) p.auto = false
            })
            const seat = pick.pick(E.status(s).toAct)
            const action = pick.pick(E.legalActions(s, seat).filter(a => a.type !== 'setAutoPass'))
            const next = E.apply(s, seat, action).state
            for (let q = 0; q < s.n; q++) {
              if (q === seat || s.p[q]!.out) continue
              // the same action on the state with q's hidden cards dealt again (the same generator follows)
              const alt = redeal(s, q, order)
              for (let o = 0; o < s.n; o++) if (o !== q) expect(E.legalActions(alt, o)).toEqual(E.legalActions(s, o))
              const altNext = E.apply(alt, seat, action).state
              expect(E.status(altNext).toAct).toEqual(E.status(next).toAct)
              expect(altNext.step).toBe(next.step)
              for (let o = 0; o < s.n; o++)
                if (o !== q) expect(E.legalActions(altNext, o)).toEqual(E.legalActions(next, o))
            }
            s = next
          }
        },
      ),
      { numRuns: 12 },
    )
  })
})

/** Seat `seat`'s Discard Phase of `heroes` (hands emptied, auto-pass on), edited by `f`. */
function discardOf(heroes: string[], seat: number, f: (x: DTState) => void = () => {}): DTState {
  return edit(inMain(emptyHands(start(heroes)), seat, 'main2'), x => {
    x.step = 'discard'
    x.turn = 2
    f(x)
  })
}

describe('round 3: Instants and status spends in the Upkeep, Income and Discard Phases (DT-4.4, DT-8.9, [002] L 7, L 11)', () => {
  it("DT-4.4 DT-8.9 DT-1.2 [002] L 7 L 11 in Loki's Upkeep Phase, before his Bag of Tricks resolves, Scarlet Witch may spend Conjure to take it", () => {
    let s = discardOf(['loki', 'scarlet-witch'], 1, x => {
      x.p[0]!.st = { 'bag-of-tricks': 1 }
      x.p[1]!.st = { conjure: 1 }
    })
    s = E.apply(s, 1, { type: 'end' }).state
    // Loki's turn has begun; its Upkeep Phase waits for answers
    expect([s.active, s.step, toAct(s)]).toEqual([0, 'upkeep', 1])
    expect(s.p[0]!.st['bag-of-tricks']).toBe(1)
    const r = E.apply(s, 1, { type: 'spend', status: 'conjure', from: 0, take: 'bag-of-tricks' })
    expect(r.state.p[0]!.st['bag-of-tricks']).toBeUndefined()
    expect(r.state.p[1]!.st['bag-of-tricks']).toBe(1)
    // nothing left to answer: the Upkeep resolves with no token (no Bag of Tricks die), then Income and Main Phase 1
    expect(r.events.some(e => e.type === 'bagOfTricks')).toBe(false)
    expect([r.state.active, r.state.step]).toEqual([0, 'main1'])
  })
  it("DT-4.4 DT-2.3 [002] L 5 L 7 in the Income Phase, after the turn player's CP and card, the other player may play an Instant", () => {
    let s = discardOf(['loki', 'scarlet-witch'], 1, x => {
      x.p[1]!.hand = ['getting-paid']
      x.p[1]!.cp = 0
      x.p[0]!.cp = 2
    })
    s = E.apply(s, 1, { type: 'end' }).state
    // asked in the Upkeep Phase: she waits
    expect([s.step, toAct(s)]).toEqual(['upkeep', 1])
    s = E.apply(s, 1, { type: 'pass' }).state
    expect([s.active, s.step, toAct(s)]).toEqual([0, 'income', 1])
    expect(s.p[0]!.cp).toBe(3)
    s = E.apply(s, 1, { type: 'play', card: 'getting-paid' }).state
    expect(s.p[1]!.cp).toBe(2)
    s = passWhile(s, x => x.step === 'main1')
    expect([s.active, s.step]).toEqual([0, 'main1'])
  })
  it('DT-4.4 DT-3.4 [002] L 7 L 21 when the turn player ends the Discard Phase, the other player may still play an Instant before the turn ends', () => {
    let s = discardOf(['loki', 'scarlet-witch'], 0, x => {
      x.p[1]!.hand = ['getting-paid']
      x.p[1]!.cp = 0
    })
    s = E.apply(s, 0, { type: 'end' }).state
    expect([s.active, s.step, toAct(s)]).toEqual([0, 'discardEnd', 1])
    const r = E.apply(s, 1, { type: 'play', card: 'getting-paid' })
    // its 2 CP come in Loki's turn, before hers begins (then her Income adds 1)
    const order = r.events.map(e => `${e.type}:${String(e['seat'])}:${String(e['delta'] ?? '')}`)
    expect(order.indexOf('cp:1:2')).toBeGreaterThanOrEqual(0)
    expect(order.indexOf('cp:1:2')).toBeLessThan(order.indexOf('turn:1:'))
    expect(r.state.active).toBe(1)
  })
  it('DT-11.1 DT-4.4 [002] L 7 L 13 who an Upkeep window asks depends on public information only: any card in hand may be an Instant; no card and no spendable status is no answer', () => {
    const upkeep = (hand: string[], st: Record<string, number> = {}) =>
      E.apply(
        discardOf(['loki', 'scarlet-witch'], 1, x => {
          x.p[1]!.hand = hand
          x.p[1]!.cp = 0
          x.p[1]!.st = st
          x.p[0]!.st = { illusion: 1 }
          for (const p of x.p) p.auto = false
        }),
        1,
        { type: 'end' },
      ).state
    // one card, whichever it is (an upgrade she cannot play there, or an Instant): asked
    for (const card of ['hex-bolt-ii', 'getting-paid'])
      expect([upkeep([card]).step, toAct(upkeep([card]))]).toEqual(['upkeep', 1])
    expect(E.legalActions(upkeep(['hex-bolt-ii']), 1)).toEqual([{ type: 'pass' }, { type: 'setAutoPass', on: true }])
    // no card and no spendable status: nobody is asked, the Upkeep and Income Phases go on (Loki holds no card either)
    expect(upkeep([]).step).toBe('main1')
    // a status she can spend there is an answer anyone can see (DT-8.9): Conjure, while Loki holds a token it can take
    expect(upkeep([], { conjure: 1 }).step).toBe('main1')
    const withBag = E.apply(
      discardOf(['loki', 'scarlet-witch'], 1, x => {
        x.p[1]!.st = { conjure: 1 }
        x.p[0]!.st = { 'bag-of-tricks': 1 }
        for (const p of x.p) p.auto = false
      }),
      1,
      { type: 'end' },
    ).state
    expect([withBag.step, toAct(withBag)]).toEqual(['upkeep', 1])
  })
})

describe('round 3: every window asks every player in one priority order (DT-11.1, DT-11.4, [002] L 13, L 29)', () => {
  const thorAttacks = () =>
    edit(rolling(emptyHands(start(['thor', 'loki'])), 0, [1, 1, 1, 4, 5]), x => {
      x.p[0]!.hand = ['time-to-hammer']
      x.p[0]!.cp = 0
      x.p[1]!.hand = ['getting-paid']
      x.p[1]!.cp = 0
    })
  it('DT-11.1 DT-4.5 [002] L 13 L 29 before activation, once the defender has answered, the attacker (the turn player) may answer too', () => {
    let s = E.apply(thorAttacks(), 0, { type: 'select', ability: 'hammered', variant: 0 }).state
    expect([s.step, s.win!.seats, toAct(s)]).toEqual(['pre', [0, 1], 1])
    s = E.apply(s, 1, { type: 'play', card: 'getting-paid' }).state
    expect([s.step, toAct(s)]).toEqual(['pre', 0])
    expect(listed(s, 0, a => a.type === 'play' && a.card === 'time-to-hammer')).toBe(true)
  })
  it('DT-11.1 DT-11.3 [002] L 13 L 29 a card the turn player plays waits for the others first; the turn player is asked again once someone has answered', () => {
    let s = edit(inMain(emptyHands(start(['thor', 'loki'])), 0), x => {
      x.p[0]!.hand = ['vegas-baby', 'time-to-hammer']
      x.p[0]!.cp = 0
      x.p[1]!.hand = ['getting-paid']
      x.p[1]!.cp = 0
    })
    s = E.apply(s, 0, { type: 'play', card: 'vegas-baby' }).state
    expect([s.win!.kind, s.win!.seats, toAct(s)]).toEqual(['card', [0, 1], 1])
    s = E.apply(s, 1, { type: 'play', card: 'getting-paid' }).state
    expect([s.win!.kind, toAct(s)]).toEqual(['card', 0])
    expect(listed(s, 0, a => a.type === 'play' && a.card === 'time-to-hammer')).toBe(true)
  })
  it('DT-11.1 DT-4.3 [002] L 7 L 13 when the attacker activates nothing, once the other player has answered, the attacker may answer too before the phase ends', () => {
    let s = E.apply(thorAttacks(), 0, { type: 'noAttack' }).state
    expect([s.step, s.win!.seats, toAct(s)]).toEqual(['rollEnd', [0, 1], 1])
    s = E.apply(s, 1, { type: 'play', card: 'getting-paid' }).state
    expect([s.step, toAct(s)]).toEqual(['rollEnd', 0])
  })
})
