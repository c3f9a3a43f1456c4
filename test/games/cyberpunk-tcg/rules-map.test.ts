// Cyberpunk TCG points the catalogue leaves open (CP-REF, CP-GAP), settled from the official rules.
import { describe, expect, it } from 'vitest'
import { expectRejected, isListed } from '../../support/playout.ts'
import {
  act,
  activeOf,
  blank,
  copy,
  dieValue,
  E,
  eddies,
  eddiesSpentOf,
  fieldUnit,
  fixerOf,
  gigs,
  gigsOf,
  give,
  handOf,
  legends,
  legendsOf,
  phaseOf,
  promptOf,
  settle,
  trashOf,
  unit,
} from './helpers.ts'

// Official rules (CR numbers: /work/shared/reference summary of the Comprehensive Rules) that fill the catalogue's
// CP-REF / CP-GAP entries and had no test of their own. See docs/rules/cyberpunk-tcg.md, "Official rules beyond the
// catalogue".

describe('cyberpunk-tcg rules map: official rules for CP-REF / CP-GAP', () => {
  it('CP-REF-2 CR 11.16 "1 €$, spend": the Legend spent as the cost cannot also pay the 1 €$; another Legend or an Eddie does', () => {
    const s = blank()
    const [ev] = legends(s, 0, [
      'evelyn-parker-beautiful-enigma',
      'viktor-vektor-sit-down-and-relax',
      'jackie-welles-pour-one-out-for-me',
    ])
    unit(s, 1, 'psycho-squad')
    const activate = (pay: number[]) => ({ type: 'activate' as const, src: ev!, ab: 1, pay })
    // no Eddies: the 1 €$ comes from one of the two other face-up Legends with a Sell Tag, never from Evelyn herself
    expect(isListed(E, s, 0, activate([1]))).toBe(true)
    expect(isListed(E, s, 0, activate([2]))).toBe(true)
    expect(isListed(E, s, 0, activate([0]))).toBe(false)
    expect(isListed(E, s, 0, activate([]))).toBe(false)
    expect(() => E.apply(s, 0, activate([0]))).toThrow()
    const r = act(s, 0, activate([1])).s
    expect(legendsOf(r, 0).map(l => l!.spent)).toEqual([true, true, false])
    expect(eddiesSpentOf(r, 0)).toBe(0)
    // with the other Legends spent and no Eddie, X = 1 cannot be paid: the effect is not offered
    const s2 = blank()
    const [ev2] = legends(s2, 0, [
      'evelyn-parker-beautiful-enigma',
      'viktor-vektor-sit-down-and-relax',
      'jackie-welles-pour-one-out-for-me',
    ])
    unit(s2, 1, 'psycho-squad')
    s2.players[0]!.legends[1]!.spent = true
    s2.players[0]!.legends[2]!.spent = true
    expect(E.legalActions(s2, 0).some(a => a.type === 'activate' && a.src === ev2)).toBe(false)
    // one ready Eddie pays it (a fresh copy: listed actions are cached per state)
    const s3 = copy(s2)
    eddies(s3, 0, 1)
    const r2 = act(s3, 0, { type: 'activate', src: ev2!, ab: 1, pay: [] }).s
    expect(eddiesSpentOf(r2, 0)).toBe(1)
    expect(legendsOf(r2, 0)[0]!.spent).toBe(true)
  })

  it('CP-GAP-4 CR 5.4.5 no maximum hand size: nothing is discarded at the end of the turn or on drawing', () => {
    const s = blank()
    give(s, 0, 'psycho-squad', 12)
    give(s, 1, 'psycho-squad', 12)
    let r = act(s, 0, { type: 'pass' }).s
    expect(handOf(r, 0)).toHaveLength(12)
    expect(trashOf(r, 0)).toEqual([])
    r = settle(r)
    expect(activeOf(r)).toBe(1)
    expect(handOf(r, 1)).toHaveLength(13) // drew its Start Phase card on top of 12
    expect(trashOf(r, 1)).toEqual([])
    r = settle(act(r, 1, { type: 'pass' }).s)
    expect(activeOf(r)).toBe(0)
    expect(handOf(r, 1)).toHaveLength(13)
    expect(handOf(r, 0)).toHaveLength(13)
  })

  it('CP-GAP-7 CR 8.6.5 an empty fixer area: Start action 5 rolls nothing and the turn goes on to the Main Phase', () => {
    const s = blank()
    const p1 = s.players[1]!
    p1.gigs.push(...p1.fixer) // all six of seat 1's dice are Gigs, its fixer area is empty
    p1.fixer = []
    const values = p1.gigs.map(d => s.dice[d]!.value)
    const hand = p1.hand.length
    const r = act(s, 0, { type: 'pass' }).s
    expect(activeOf(r)).toBe(1)
    expect(promptOf(r)).toBeNull()
    expect(phaseOf(r)).toBe('main')
    expect(fixerOf(r, 1)).toEqual([])
    expect(gigsOf(r, 1)).toHaveLength(6)
    expect(gigsOf(r, 1).map(d => dieValue(r, d))).toEqual(values)
    expect(handOf(r, 1)).toHaveLength(hand + 1) // the earlier Start actions still happened
    expect(E.status(r).finished).toBe(false)
  })

  it('CP-GAP-8 CR 2.10.1 negative power counts as 0 in a fight and steals nothing', () => {
    // -3 vs 0: both count as 0, a tie, and 0 power defeats nobody
    const s = blank()
    const a = unit(s, 0, 'psycho-squad', { powerThisTurn: -9 })
    const t = unit(s, 1, 'secondhand-bombus', { spent: true })
    const r = act(s, 0, { type: 'attack', unit: a, target: t })
    expect(r.ev.find(e => e.type === 'fight')).toMatchObject({ powers: [0, 0], winner: null })
    expect(fieldUnit(r.s, a)).toBeDefined()
    expect(fieldUnit(r.s, t)).toBeDefined()
    // a negative attacker steals no Gig
    const s2 = blank()
    const a2 = unit(s2, 0, 'psycho-squad', { powerThisTurn: -9 })
    gigs(s2, 1, [
      [4, 1],
      [6, 1],
    ])
    const r2 = settle(act(s2, 0, { type: 'attack', unit: a2, target: 'gigs' }).s)
    expect(gigsOf(r2, 0)).toEqual([])
    expect(gigsOf(r2, 1)).toHaveLength(2)
  })

  it('CP-GAP-8 CR 2.10.1 CR 3.17 a "while fighting" bonus adds to the negative power sum, not to 0 (Synapse Burnout on a -3 Unit)', () => {
    const s = blank()
    legends(s, 0, ['v-corporate-exile', 'goro-takemura-hands-unclean', 'viktor-vektor-sit-down-and-relax']) // 3 face-up Legends
    const a = unit(s, 0, 'psycho-squad', { powerThisTurn: -9 }) // 6 - 9 = -3
    const t = unit(s, 1, 'emergency-atlus', { spent: true, powerThisTurn: -3 }) // 4 - 3 = 1
    give(s, 0, 'synapse-burnout')
    eddies(s, 0, 1)
    let r = act(s, 0, { type: 'play', card: 'synapse-burnout', pay: [] }).s // +3 while fighting: -3 + 3 = 0
    r = settle(r)
    const f = act(r, 0, { type: 'attack', unit: a, target: t })
    expect(f.ev.find(e => e.type === 'fight')).toMatchObject({ powers: [0, 1], winner: t })
    expect(trashOf(f.s, 0)).toContain(a) // lost to power 1 and was defeated
    expect(fieldUnit(f.s, t)).toBeDefined() // power 0 defeats nothing
  })

  it('CP-GAP-10 CR 1.10 CR 1.13 a successful victory check ends the game at once: a winner, a gameOver event, no more actions', () => {
    const s = blank()
    gigs(s, 1, [
      [4, 1],
      [6, 1],
      [8, 1],
      [10, 1],
      [12, 1],
      [20, 1],
      [4, 1],
    ])
    const r = act(s, 0, { type: 'pass' })
    expect(E.status(r.s)).toMatchObject({ finished: true, winners: [1], reason: 'seven-gigs' })
    expect(r.ev.find(e => e.type === 'gameOver')).toMatchObject({ winners: [1], reason: 'seven-gigs' })
    expect(r.ev.some(e => e.type === 'draw')).toBe(false) // the Start Phase stops at the check
    expect(E.legalActions(r.s, 0)).toEqual([])
    expect(E.legalActions(r.s, 1)).toEqual([])
    expectRejected(E, r.s, 1, { type: 'pass' })
  })

  it('CP-GAP-11 CR 5.9 CR 5.8.3 the trash is public and keeps its order; Eddies are face-down: only their count is shown', () => {
    const s = blank()
    give(s, 0, 'floor-it')
    give(s, 0, 'psycho-squad')
    eddies(s, 0, 2)
    let r = act(s, 0, { type: 'sell', card: 'floor-it' }).s
    const t1 = unit(r, 1, 'emergency-atlus', { spent: true })
    const t2 = unit(r, 1, 'secondhand-bombus', { spent: true })
    const a1 = unit(r, 0, 'psycho-squad')
    const a2 = unit(r, 0, 'psycho-squad')
    r = settle(act(r, 0, { type: 'attack', unit: a1, target: t2 }).s)
    r = settle(act(r, 0, { type: 'attack', unit: a2, target: t1 }).s)
    expect(trashOf(r, 1)).toEqual([t2, t1])
    for (const seat of [0, 1, null]) {
      const v = E.view(r, seat) as { players: { trash: string[]; eddies: unknown }[] }
      expect(v.players[1]!.trash).toEqual(['secondhand-bombus', 'emergency-atlus']) // every viewer, in order
      expect(v.players[0]!.eddies).toEqual({ total: 3, spent: 0, ready: 3 })
      expect(JSON.stringify(v.players[0]!.eddies)).not.toContain('floor-it')
    }
  })
})
