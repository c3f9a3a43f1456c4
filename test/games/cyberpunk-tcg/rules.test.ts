// Cyberpunk TCG core rules: main phase actions, attacks (targets, steals, fights, BLOCKER, reactions), start and end of
// turn, winning, pending effects.
import { describe, expect, it } from 'vitest'
import { expectRejected, isListed } from '../../support/playout.ts'
import {
  act,
  activeOf,
  attack,
  attackOf,
  blank,
  copy,
  dieValue,
  E,
  eddies,
  eddiesOf,
  eddiesSpentOf,
  fieldUnit,
  gear,
  gigs,
  gigsOf,
  give,
  handIds,
  handOf,
  legends,
  legendsOf,
  pendingOf,
  pick,
  promptOf,
  removedOf,
  settle,
  topDeck,
  trashOf,
  unit,
} from './helpers.ts'
import type { State } from '../../../src/games/cyberpunk-tcg/state.ts'

describe('cyberpunk-tcg main phase actions', () => {
  it('CP-8.28 CP-8.29 CP-8.30 sell a Sell-Tag card for a ready Eddie, once per turn', () => {
    const s = blank()
    give(s, 0, 'floor-it', 2)
    give(s, 0, 'psycho-squad')
    expect(isListed(E, s, 0, { type: 'sell', card: 'psycho-squad' })).toBe(false)
    expect(expectRejected(E, s, 0, { type: 'sell', card: 'psycho-squad' }).rule).toBe('CP-8.28')
    const r = act(s, 0, { type: 'sell', card: 'floor-it' }).s
    expect(eddiesOf(r, 0)).toHaveLength(1)
    expect(eddiesSpentOf(r, 0)).toBe(0)
    expect(handIds(r, 0)).toEqual(['floor-it', 'psycho-squad'])
    expect(expectRejected(E, r, 0, { type: 'sell', card: 'floor-it' }).rule).toBe('CP-8.30')
  })

  it('CP-7.5 CP-8.31 CP-8.32 Call a Legend: 1 €$ turns a face-down Legend face-up, once per turn', () => {
    const s = blank()
    eddies(s, 0, 2)
    const r = act(s, 0, { type: 'call', slot: 2, pay: [] }).s
    expect(legendsOf(r, 0)[2]!.faceUp).toBe(true)
    expect(eddiesSpentOf(r, 0)).toBe(1)
    expect(expectRejected(E, r, 0, { type: 'call', slot: 1, pay: [] }).rule).toBe('CP-8.32')
  })

  it('CP-4.2 CR 11.8.1 Legends in the Legends area (face-down, or face-up with a Sell Tag) pay 1 €$ each', () => {
    const s = blank()
    const r = act(s, 0, { type: 'call', slot: 0, pay: [1] }).s
    expect(legendsOf(r, 0)[1]!.spent).toBe(true)
    expect(legendsOf(r, 0)[0]!.faceUp).toBe(true)
  })

  it('CP-3.3 CP-7.14 CP-7.15 CP-9.7 a Unit is paid in full, enters ready with Lag and cannot attack that turn', () => {
    const s = blank()
    give(s, 0, 'psycho-squad')
    gigs(s, 1, [[6, 3]])
    eddies(s, 0, 1)
    expect(isListed(E, s, 0, { type: 'play', card: 'psycho-squad', pay: [0, 1] })).toBe(false) // only 3 of 4 €$
    eddies(s, 0, 1)
    const r = act(copy(s), 0, { type: 'play', card: 'psycho-squad', pay: [0, 1] }).s
    const u = r.players[0]!.field[0]!
    expect(u).toMatchObject({ spent: false, lag: true })
    expect(legendsOf(r, 0)[0]!.spent && legendsOf(r, 0)[1]!.spent).toBe(true)
    expect(eddiesSpentOf(r, 0)).toBe(2)
    expect(expectRejected(E, r, 0, { type: 'attack', unit: u.uid, target: 'gigs' }).rule).toBe('CP-9.7')
  })

  it('CP-7.10 CP-7.11 CP-7.12 CP-7.13 a face-up Legend with a cost goes to the field in its orientation with Lag; blank cost cannot', () => {
    const s = blank()
    const [goro, yori] = legends(s, 0, [
      'goro-takemura-hands-unclean',
      'yorinobu-arasaka-embracing-destruction',
      'saburo-arasaka-stubborn-patriarch',
    ])
    s.players[0]!.legends[0]!.spent = true
    eddies(s, 0, 5)
    expect(expectRejected(E, s, 0, { type: 'legend', slot: 1, solo: false, pay: [] }).rule).toBe('CP-7.13')
    const r = act(s, 0, { type: 'legend', slot: 0, solo: false, pay: [] }).s
    expect(fieldUnit(r, goro!)).toMatchObject({ spent: true, lag: true })
    expect(legendsOf(r, 0)[0]).toBeNull()
    void yori
  })

  it('CR 11.25 GO SOLO: the Legend enters ready and may attack this turn (FAQ 8-10: even when spent, paying with itself)', () => {
    const s = blank()
    const [goro] = legends(s, 0, [
      'goro-takemura-hands-unclean',
      'yorinobu-arasaka-embracing-destruction',
      'saburo-arasaka-stubborn-patriarch',
    ])
    gigs(s, 1, [[4, 2]])
    eddies(s, 0, 4)
    s.players[0]!.legends[0]!.spent = false
    const r = act(s, 0, { type: 'legend', slot: 0, solo: true, pay: [0] }).s
    expect(fieldUnit(r, goro!)).toMatchObject({ spent: false, lag: true, attacksWhileLagging: true })
    expect(isListed(E, r, 0, { type: 'attack', unit: goro!, target: 'gigs' })).toBe(true)
  })

  it('CP-7.18 CP-7.19 CP-5.3 CP-7.26 Gear equips to a friendly Unit or face-up Legend; the host inherits power, not tags', () => {
    const s = blank()
    const u = unit(s, 0, 'psycho-squad')
    const r0 = unit(s, 1, 'emergency-atlus')
    const [up] = legends(s, 0, [
      'v-corporate-exile',
      'viktor-vektor-sit-down-and-relax',
      'jackie-welles-pour-one-out-for-me',
    ])
    s.players[0]!.legends[1]!.faceUp = false
    s.players[0]!.legends[2]!.faceUp = false
    give(s, 0, 'mantis-blades')
    eddies(s, 0, 3)
    const hosts = E.legalActions(s, 0)
      .filter(a => a.type === 'play' && a.card === 'mantis-blades')
      .map(a => (a as { host: number }).host)
    expect(new Set(hosts)).toEqual(new Set([u, up]))
    expect(hosts).not.toContain(r0)
    const r = act(s, 0, { type: 'play', card: 'mantis-blades', pay: [], host: u }).s
    const v = E.view(r, 0) as { players: { field: { uid: number; power: number }[] }[] }
    expect(v.players[0]!.field.find(x => x.uid === u)!.power).toBe(8)
  })

  it('CP-7.27 CP-7.28 CP-7.29 CP-7.30 Gear follows its host: to the trash with a Unit; stays in the trash when a Legend is removed', () => {
    const s = blank()
    gigs(s, 0, [[20, 20]])
    const u = unit(s, 1, 'psycho-squad', { spent: true })
    const g = gear(s, u, 'mantis-blades')
    const [goro] = legends(s, 1, [
      'goro-takemura-hands-unclean',
      'yorinobu-arasaka-embracing-destruction',
      'saburo-arasaka-stubborn-patriarch',
    ])
    s.players[1]!.legends[0] = null
    s.players[1]!.field.push({
      uid: goro!,
      spent: true,
      lag: false,
      attacksWhileLagging: false,
      gear: [],
      powerThisTurn: 0,
      blockerThisTurn: false,
      stole: false,
    })
    const g2 = gear(s, goro!, 'satori-sword-of-saburo')
    give(s, 0, 'over-the-edge', 2)
    eddies(s, 0, 6)
    let r = act(s, 0, { type: 'play', card: 'over-the-edge', pay: [] }).s
    r = pick(r, u).s
    expect(trashOf(r, 1)).toEqual([g, u])
    r = act(r, 0, { type: 'play', card: 'over-the-edge', pay: [] }).s
    expect(removedOf(r, 1)).toContain(goro)
    expect(trashOf(r, 1)).toContain(g2)
  })

  it('CP-7.33 CP-7.35 CP-7.37 a Program is outside every area while it resolves, then goes to the trash', () => {
    const s = blank()
    const a = unit(s, 1, 'psycho-squad')
    const b = unit(s, 1, 'emergency-atlus')
    const [fi] = give(s, 0, 'floor-it')
    eddies(s, 0, 1)
    const r = act(s, 0, { type: 'play', card: 'floor-it', pay: [] }).s
    expect(r.limbo).toEqual([fi])
    expect(handOf(r, 0)).not.toContain(fi)
    expect(trashOf(r, 0)).not.toContain(fi)
    expect(promptOf(r)!.options).toEqual([a, b])
    const r2 = pick(r, b).s
    expect(r2.limbo).toEqual([])
    expect(trashOf(r2, 0)).toEqual([fi])
  })
})

describe('cyberpunk-tcg attacks', () => {
  it('CP-9.2 CP-9.9 CP-9.10 CP-9.11 targets: spent rival Units and a non-empty Gig area only', () => {
    const s = blank()
    const a = unit(s, 0, 'psycho-squad')
    const ready = unit(s, 1, 'emergency-atlus')
    const spent = unit(s, 1, 'emergency-atlus', { spent: true })
    const targets = E.legalActions(s, 0)
      .filter(x => x.type === 'attack')
      .map(x => (x as { target: unknown }).target)
    expect(targets).toEqual([spent])
    expect(expectRejected(E, s, 0, { type: 'attack', unit: a, target: 'gigs' }).rule).toBe('CP-9.11')
    expect(expectRejected(E, s, 0, { type: 'attack', unit: a, target: ready }).rule).toBe('CP-9.9')
  })

  it('CP-9.12 CP-9.38-9.45 steal: power 1-9 steals 1 Gig, the attacker picks which, values kept', () => {
    const s = blank()
    const a = unit(s, 0, 'psycho-squad')
    const [d1, d2] = gigs(s, 1, [
      [6, 5],
      [8, 2],
    ])
    let r = attack(s, a, 'gigs').s
    expect(fieldUnit(r, a)!.spent).toBe(true)
    expect(promptOf(r)).toMatchObject({ seat: 0, kind: 'steal' })
    r = pick(r, d2).s
    expect(gigsOf(r, 0)).toEqual([d2])
    expect(gigsOf(r, 1)).toEqual([d1])
    expect(dieValue(r, d2!)).toBe(2)
    expect(attackOf(r)).toBeNull()
  })

  it('CP-9.42 CP-9.43 CR 9.23.2 steal count is floor(P/10)+1; power 0 steals nothing', () => {
    for (const [extra, expected] of [
      [-6, 0],
      [3, 1],
      [4, 2],
      [13, 2],
      [14, 3],
    ] as const) {
      const s = blank()
      const a = unit(s, 0, 'psycho-squad', { powerThisTurn: extra })
      gigs(s, 1, [
        [4, 1],
        [6, 1],
        [8, 1],
        [10, 1],
      ])
      const r = settle(attack(s, a, 'gigs').s)
      expect(gigsOf(r, 0)).toHaveLength(expected)
    }
  })

  it('CP-9.44 steals as many as the area holds', () => {
    const s = blank()
    const a = unit(s, 0, 'psycho-squad', { powerThisTurn: 20 })
    gigs(s, 1, [[4, 3]])
    expect(gigsOf(attack(s, a, 'gigs').s, 0)).toHaveLength(1)
  })

  it('CP-9.34 CP-9.35 CR 9.17 fight: higher power wins and defeats the loser', () => {
    const s = blank()
    const a = unit(s, 0, 'psycho-squad')
    const t = unit(s, 1, 'emergency-atlus', { spent: true })
    const r = attack(s, a, t)
    expect(trashOf(r.s, 1)).toEqual([t])
    expect(fieldUnit(r.s, a)).toBeDefined()
    expect(r.ev.find(e => e.type === 'fight')).toMatchObject({ powers: [6, 4], winner: a })
  })

  it('CR 9.17.3 a tie: both lose and both are defeated', () => {
    const s = blank()
    const a = unit(s, 0, 'psycho-squad')
    const t = unit(s, 1, 'psycho-squad', { spent: true })
    const r = attack(s, a, t).s
    expect(trashOf(r, 0)).toEqual([a])
    expect(trashOf(r, 1)).toEqual([t])
  })

  it('CR 9.19.2 a Unit with 0 power defeats nothing (0 vs 0: nobody; 0 vs 3: only the 0 is defeated)', () => {
    const s = blank()
    const a = unit(s, 0, 'secondhand-bombus', { attacksWhileLagging: true })
    const t = unit(s, 1, 'secondhand-bombus', { spent: true })
    const r = attack(s, a, t).s
    expect(trashOf(r, 0)).toEqual([])
    expect(trashOf(r, 1)).toEqual([])
    const s2 = blank()
    const a2 = unit(s2, 0, 'secondhand-bombus')
    const t2 = unit(s2, 1, 'swordwise-huscle', { spent: true })
    const r2 = attack(s2, a2, t2).s
    expect(trashOf(r2, 0)).toEqual([a2])
    expect(trashOf(r2, 1)).toEqual([])
  })

  it('CR 2.10.1 negative power counts as 0', () => {
    const s = blank()
    const a = unit(s, 0, 'secondhand-bombus', { powerThisTurn: -3 })
    const v = E.view(s, 0) as { players: { field: { uid: number; power: number }[] }[] }
    expect(v.players[0]!.field.find(x => x.uid === a)!.power).toBe(0)
  })

  it('CP-9.23-9.27 React Step: only the defender reacts; BLOCKER redirects a Gig-area attack into a fight (GG: nothing stolen)', () => {
    const s = blank()
    const a = unit(s, 0, 'psycho-squad')
    const b = unit(s, 1, 'secondhand-bombus')
    gigs(s, 1, [[6, 3]])
    let r = attack(s, a, 'gigs').s
    expect(E.status(r).toAct).toEqual([1])
    expect(E.legalActions(r, 0)).toEqual([])
    expect(E.legalActions(r, 1)).toEqual([{ type: 'block', unit: b }, { type: 'endReactions' }])
    const e = act(r, 1, { type: 'block', unit: b })
    r = e.s // no other reaction left: the step ends by itself and the fight happens
    expect(e.ev.find(x => x.type === 'fight')).toMatchObject({ attacker: a, defender: b })
    expect(gigsOf(r, 1)).toHaveLength(1)
    expect(gigsOf(r, 0)).toHaveLength(0)
    expect(trashOf(r, 1)).toEqual([b]) // Bombus (0) loses the fight and is defeated
  })

  it('FAQ 3 FAQ 4 BLOCKER redirects without limit; the attacked Unit cannot block for itself', () => {
    const s = blank()
    const a = unit(s, 0, 'psycho-squad')
    const t = unit(s, 1, 'corpo-security', { spent: false })
    const b1 = unit(s, 1, 'secondhand-bombus')
    const b2 = unit(s, 1, 'corpo-security')
    gigs(s, 1, [[6, 3]])
    let r = attack(s, a, 'gigs').s
    r = act(r, 1, { type: 'block', unit: b1 }).s
    expect(E.legalActions(r, 1)).toEqual([
      { type: 'block', unit: t },
      { type: 'block', unit: b2 },
      { type: 'endReactions' },
    ])
    r = act(r, 1, { type: 'block', unit: b2 }).s
    expect(attackOf(r)!.target).toBe(b2)
    expect(E.legalActions(r, 1).map(x => x.type)).toEqual(['block', 'endReactions'])
  })

  it('CP-8.33 CP-9.26 CP-9.28 reactions: Call a Legend and QUICK Programs from hand during the React Step', () => {
    const s = blank({ active: 1 })
    const a = unit(s, 1, 'psycho-squad')
    gigs(s, 0, [[6, 3]])
    give(s, 0, 'floor-it')
    give(s, 0, 'delamain-cab')
    legends(
      s,
      0,
      ['saburo-arasaka-stubborn-patriarch', 'goro-takemura-hands-unclean', 'yorinobu-arasaka-embracing-destruction'],
      false,
    )
    s.players[0]!.legends.forEach(l => (l!.spent = true))
    eddies(s, 0, 2)
    let r = act(s, 1, { type: 'attack', unit: a, target: 'gigs' }).s
    const types = new Set(E.legalActions(r, 0).map(x => x.type))
    expect(types).toEqual(new Set(['call', 'play', 'endReactions']))
    expect(
      E.legalActions(r, 0)
        .filter(x => x.type === 'play')
        .every(x => (x as { card: string }).card === 'floor-it'),
    ).toBe(true)
    r = act(r, 0, { type: 'call', slot: 0, pay: [] }).s
    expect(legendsOf(r, 0)[0]!.faceUp).toBe(true)
    expect(attackOf(r)!.step).toBe('react')
    r = act(r, 0, { type: 'play', card: 'floor-it', pay: [] }).s
    expect(fieldUnit(r, a)!.powerThisTurn).toBe(-1)
    expect(attackOf(r)).toBeNull() // nothing left to react with: the Steal Step followed
    expect(gigsOf(r, 1)).toHaveLength(1)
  })

  it('CP-9.23 CP-9.32 a defender with no card in hand and no public reaction is not asked: the attack resolves at once', () => {
    const s = blank()
    const a = unit(s, 0, 'psycho-squad')
    gigs(s, 1, [[6, 3]])
    const r = attack(s, a, 'gigs')
    expect(attackOf(r.s)).toBeNull()
    expect(gigsOf(r.s, 0)).toHaveLength(1)
  })

  it('CP-9.21 CP-9.46 CP-9.47 the attack ends early when the attacker leaves the field: nothing is stolen', () => {
    const s = blank()
    const a = unit(s, 0, 'psycho-squad')
    unit(s, 1, 'secondhand-bombus')
    gigs(s, 1, [[6, 3]])
    const r = JSON.parse(JSON.stringify(attack(s, a, 'gigs').s)) as State
    r.players[0]!.field = []
    r.players[0]!.trash.push(a)
    const e = act(r, 1, { type: 'endReactions' })
    expect(attackOf(e.s)).toBeNull()
    expect(gigsOf(e.s, 1)).toHaveLength(1)
    expect(e.ev.find(x => x.type === 'attackEnded')).toMatchObject({ early: true })
  })
})

describe('cyberpunk-tcg start and end of turn, winning', () => {
  it('CP-8.12 CR 1.10 7+ Gigs at the start of your turn win', () => {
    const s = blank()
    gigs(s, 1, [
      [4, 1],
      [6, 1],
      [8, 1],
      [10, 1],
      [12, 1],
      [20, 1],
    ])
    gigs(s, 1, [[4, 1]])
    const r = act(s, 0, { type: 'pass' }).s
    expect(E.status(r)).toMatchObject({ finished: true, winners: [1], reason: 'seven-gigs' })
  })

  it('CP-8.15 CP-8.16 ready spent cards (Legends, field, Eddies) and draw 1', () => {
    const s = blank()
    const u = unit(s, 1, 'psycho-squad', { spent: true })
    eddies(s, 1, 2)
    s.players[1]!.eddiesSpent = 2
    s.players[1]!.legends[0]!.spent = true
    const n = s.players[1]!.hand.length
    const r = act(s, 0, { type: 'pass' }).s
    expect(fieldUnit(r, u)!.spent).toBe(false)
    expect(eddiesSpentOf(r, 1)).toBe(0)
    expect(legendsOf(r, 1)[0]!.spent).toBe(false)
    expect(handOf(r, 1).length).toBe(n + 1)
  })

  it('CP-8.17 CR 1.14 drawing from an empty deck loses', () => {
    const s = blank()
    s.players[1]!.trash.push(...s.players[1]!.deck)
    s.players[1]!.deck = []
    const r = act(s, 0, { type: 'pass' }).s
    expect(E.status(r)).toMatchObject({ finished: true, winners: [0], reason: 'deck-out' })
  })

  it('CP-8.40 CR 11.3.2 at end of turn "this turn" effects expire and Lag ends for all Units', () => {
    const s = blank()
    const u = unit(s, 0, 'psycho-squad', { lag: true, powerThisTurn: 3 })
    const v = unit(s, 1, 'psycho-squad', { lag: true, powerThisTurn: -1 })
    const r = act(s, 0, { type: 'pass' }).s
    expect(fieldUnit(r, u)).toMatchObject({ lag: false, powerThisTurn: 0 })
    expect(fieldUnit(r, v)).toMatchObject({ lag: false, powerThisTurn: 0 })
  })

  it('CR 1.11 Overtime begins after two consecutive turns started with both fixer areas empty; then 7+ Gigs win at any moment', () => {
    const s = blank()
    s.players[0]!.gigs = [0, 1, 2, 3, 4, 5]
    s.players[0]!.fixer = []
    s.players[1]!.gigs = [6, 7, 8, 9, 10, 11]
    s.players[1]!.fixer = []
    s.streak = 1
    const a = unit(s, 0, 'psycho-squad')
    let r = act(s, 0, { type: 'pass' }).s // seat 1's turn starts with both empty: streak 2
    expect(r.overtime).toBe(false)
    r = settle(act(r, 1, { type: 'pass' }).s)
    expect(r.overtime).toBe(true)
    expect(activeOf(r)).toBe(0)
    r = settle(act(r, 0, { type: 'attack', unit: a, target: 'gigs' }).s)
    expect(E.status(r)).toMatchObject({ finished: true, winners: [0], reason: 'overtime-seven-gigs' })
  })

  it('CP-10.32 CP-10.33 pending effects: the controller orders its own; only distinct effects are offered', () => {
    const s = blank()
    const d = unit(s, 0, 'dexter-deshawn-one-last-chance')
    gear(s, d, 'zetatech-faceplate')
    gigs(s, 1, [[6, 3]])
    gigs(s, 0, [[4, 2]])
    const r = attack(s, d, 'gigs').s
    expect(E.status(r).toAct).toEqual([0])
    const opts = E.legalActions(r, 0)
    expect(opts.map(x => x.type)).toEqual(['resolve', 'resolve'])
    expect(
      pendingOf(r)
        .map(p => p.card)
        .sort(),
    ).toEqual(['dexter-deshawn-one-last-chance', 'zetatech-faceplate'])
  })

  it('CP-10.30 CP-10.12 no other action while an effect waits for a choice', () => {
    const s = blank()
    unit(s, 1, 'psycho-squad')
    unit(s, 1, 'emergency-atlus')
    give(s, 0, 'floor-it')
    eddies(s, 0, 1)
    const r = act(s, 0, { type: 'play', card: 'floor-it', pay: [] }).s
    expect(expectRejected(E, r, 0, { type: 'pass' }).rule).toBe('CP-10.12')
    expect(E.legalActions(r, 0).every(a => a.type === 'choose')).toBe(true)
    void topDeck
  })
})
