// Cyberpunk TCG setup (first player, Legends, mulligan, first Start Phase) and what each seat's view shows.
import { describe, expect, it } from 'vitest'
import { Random } from '../../../src/kernel/index.ts'
import { expectRejected } from '../../support/playout.ts'
import {
  act,
  activeOf,
  blank,
  deckOf,
  dieValue,
  E,
  EBP,
  fixerOf,
  handOf,
  HEIST,
  legendsOf,
  phaseOf,
  promptOf,
  started,
} from './helpers.ts'

describe('cyberpunk-tcg setup', () => {
  it('CR 7.5 a random player chooses first or second; both seats get picked over seeds', () => {
    const choosers = new Set<number>()
    for (let i = 0; i < 20; i++) {
      const s = E.setup([HEIST, EBP], E.schemas.options.parse({}), `seed${i}`)
      expect(E.status(s).toAct).toEqual([s.chooser])
      expect(E.legalActions(s, 1 - s.chooser)).toEqual([])
      choosers.add(s.chooser)
    }
    expect(choosers).toEqual(new Set([0, 1]))
    const s = E.setup([HEIST, EBP], E.schemas.options.parse({}), 'x')
    const r = act(s, s.chooser, { type: 'goFirst', first: false })
    expect(r.s.first).toBe(1 - s.chooser)
  })

  it('CP-7.4 CR 7.7.4 CR 7.8 CR 7.9.1 Legends face-down, first player spends 2 left-most Legends, 6 dice in the fixer, hand 6', () => {
    const s0 = E.setup([HEIST, EBP], E.schemas.options.parse({}), 'setup')
    const s = act(s0, s0.chooser, { type: 'goFirst', first: true }).s
    const f = s.players[s.first]!
    expect(f.legends.map(l => l!.spent)).toEqual([true, true, false])
    expect(legendsOf(s, 1 - s.first).map(l => l!.spent)).toEqual([false, false, false])
    for (const p of s.players) {
      expect(p.legends.every(l => l && !l.faceUp)).toBe(true)
      expect(p.fixer.map(d => s.dice[d]!.size)).toEqual([4, 6, 8, 10, 12, 20])
      expect(p.hand).toHaveLength(6)
      expect(p.deck).toHaveLength(34)
      expect(p.eddies).toHaveLength(0)
    }
  })

  it('CR 7.9.2 CR 7.9.3 one mulligan each, first player first: new 6 cards, no second mulligan', () => {
    const s0 = E.setup([HEIST, EBP], E.schemas.options.parse({}), 'mull')
    let s = act(s0, s0.chooser, { type: 'goFirst', first: true }).s
    const first = s.first
    expect(E.status(s).toAct).toEqual([first])
    const before = [...s.players[first]!.hand, ...s.players[first]!.deck].sort()
    s = act(s, first, { type: 'mulligan', redraw: true }).s
    expect(handOf(s, first)).toHaveLength(6)
    expect([...handOf(s, first), ...deckOf(s, first)].sort()).toEqual(before)
    expect(E.status(s).toAct).toEqual([1 - first])
    expect(E.legalActions(s, first)).toEqual([])
    s = act(s, 1 - first, { type: 'mulligan', redraw: false }).s
    expect(phaseOf(s) === 'main' || promptOf(s)?.kind === 'roll').toBe(true)
  })

  it('CP-8.11-8.21 first Start Phase: draw 1, choose a die (not the d20 while others remain), roll it into the Gig area', () => {
    const s0 = E.setup([HEIST, EBP], E.schemas.options.parse({}), 'start')
    let s = act(s0, s0.chooser, { type: 'goFirst', first: true }).s
    s = act(s, s.first, { type: 'mulligan', redraw: false }).s
    s = act(s, 1 - s.first, { type: 'mulligan', redraw: false }).s
    expect(promptOf(s)?.kind).toBe('roll')
    const sizes = (s.prompt!.options as number[]).map(d => s.dice[d]!.size)
    expect(sizes).toEqual([4, 6, 8, 10, 12])
    expect(handOf(s, s.first)).toHaveLength(7)
    const d20 = s.players[s.first]!.fixer.find(d => s.dice[d]!.size === 20)!
    expect(() => E.apply(s, s.first, { type: 'choose', pick: d20 })).toThrow(/d20/)
    s = act(s, s.first, { type: 'choose', pick: s.prompt!.options[2] }).s
    const g = s.players[s.first]!.gigs
    expect(g).toHaveLength(1)
    expect(s.dice[g[0]!]!.size).toBe(8)
    expect(dieValue(s, g[0]!)).toBeGreaterThanOrEqual(1)
    expect(dieValue(s, g[0]!)).toBeLessThanOrEqual(8)
    expect(phaseOf(s)).toBe('main')
  })

  it('CP-8.19 CP-8.20 CP-8.21 the d20 is rolled when it is the last die (no decision asked)', () => {
    const s = blank()
    const p1 = s.players[1]!
    const others = p1.fixer.filter(d => s.dice[d]!.size !== 20)
    p1.fixer = p1.fixer.filter(d => s.dice[d]!.size === 20)
    p1.gigs.push(...others)
    const r = act(s, 0, { type: 'pass' }).s
    expect(activeOf(r)).toBe(1)
    expect(promptOf(r)).toBeNull()
    expect(fixerOf(r, 1)).toEqual([])
    const d20 = r.players[1]!.gigs.find(d => r.dice[d]!.size === 20)!
    expect(dieValue(r, d20)).toBeGreaterThanOrEqual(1)
    expect(dieValue(r, d20)).toBeLessThanOrEqual(20)
  })
})

describe('cyberpunk-tcg views', () => {
  const s = started({ seed: 'view' })
  it('a seat never sees the other hand, spectators see no hand, no rng or seed anywhere', () => {
    const v0 = E.view(s, 0) as { players: { hand?: string[]; handCount: number }[] }
    expect(v0.players[0]!.hand).toHaveLength(s.players[0]!.hand.length)
    expect(v0.players[1]!.hand).toBeUndefined()
    expect(v0.players[1]!.handCount).toBe(6)
    const vs = E.view(s, null) as { players: { hand?: string[] }[] }
    expect(vs.players.every(p => p.hand === undefined)).toBe(true)
    for (const v of [v0, vs, E.view(s, 1)]) {
      const txt = JSON.stringify(v)
      for (const n of s.rng) expect(txt).not.toContain(String(n))
      expect(txt).not.toContain('scenario')
      expect(txt).not.toContain('"rng"')
    }
  })

  it('CP-1.5 face-down Legends show no identity (not even to their owner), decks are counts', () => {
    const v = E.view(s, 0) as { players: { legends: Record<string, unknown>[]; deckCount: number; deck?: unknown }[] }
    for (const p of v.players) {
      for (const l of p.legends) {
        expect(l['faceUp']).toBe(false)
        expect(l['card']).toBeUndefined()
        expect(l['uid']).toBeUndefined()
      }
      expect(p.deck).toBeUndefined()
      expect(typeof p.deckCount).toBe('number')
    }
  })

  it('draw events keep the card under secret for the drawing seat only', () => {
    const s0 = E.setup([HEIST, EBP], E.schemas.options.parse({}), 'ev')
    const r = E.apply(s0, s0.chooser, { type: 'goFirst', first: true })
    const draw = r.events.find(e => e.type === 'draw')!
    expect(draw.visibleTo).toHaveLength(1)
    expect(draw.secret).toHaveProperty('card')
    expect(JSON.stringify(r.events.filter(e => e.type !== 'draw'))).not.toContain('secret')
  })

  it('CR 1.16 concede is a listed decision: by default (concedeListed: true) the deciding seat may concede and the other wins; with concedeListed: false it is neither listed nor accepted', () => {
    const off = started({ options: { concedeListed: false } })
    expect(E.legalActions(off, 0)).not.toContainEqual({ type: 'concede' })
    expect(expectRejected(E, off, 0, { type: 'concede' }).rule).toBe('CR 1.16')
    expect(expectRejected(E, off, 1, { type: 'concede' }).code).toBe('NOT_YOUR_DECISION')
    const listed = started({ options: { concedeListed: true } })
    expect(E.legalActions(listed, 0)).toContainEqual({ type: 'concede' })
    expect(E.legalActions(listed, 1)).toEqual([])
    expect(expectRejected(E, listed, 1, { type: 'concede' }).code).toBe('NOT_YOUR_DECISION')
    const r = act(listed, 0, { type: 'concede' }).s
    expect(E.status(r)).toMatchObject({ finished: true, winners: [1], reason: 'Seat 1 resigned' })
    expect(E.legalActions(r, 1)).toEqual([])
    expect(() => E.apply(r, 1, { type: 'pass' })).toThrow(/over/)
    void Random
  })
})
