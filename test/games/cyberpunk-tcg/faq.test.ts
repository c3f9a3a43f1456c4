// Cyberpunk TCG official FAQ rulings: ADRENALINE, BLOCKER, GO SOLO, Lag, QUICK, trigger order, prevented defeats.
import { describe, expect, it } from 'vitest'
import { isListed } from '../../support/playout.ts'
import {
  act,
  attack,
  attackOf,
  blank,
  copy,
  E,
  eddies,
  fieldOf,
  fieldUnit,
  gigs,
  give,
  handOf,
  legends,
  legendsOf,
  peekOf,
  pendingOf,
  pick,
  promptOf,
  removedOf,
  settle,
  trashOf,
  unit,
} from './helpers.ts'

const EBP_L = [
  'goro-takemura-hands-unclean',
  'yorinobu-arasaka-embracing-destruction',
  'saburo-arasaka-stubborn-patriarch',
]

describe('cyberpunk-tcg official FAQ: general rulings', () => {
  it('FAQ 1 CR 11.23 an ADRENALINE Unit may attack but cannot use a spend-icon effect the turn it is played', () => {
    const s = blank()
    const k = unit(s, 0, 'kerry-eurodyne-the-last-rockerboy', { lag: true, attacksWhileLagging: true })
    gigs(s, 1, [[4, 2]])
    expect(isListed(E, s, 0, { type: 'attack', unit: k, target: 'gigs' })).toBe(true)
    expect(isListed(E, s, 0, { type: 'activate', src: k, ab: 0, pay: [] })).toBe(false)
  })

  it('FAQ 2 BLOCKER can be used the turn the Unit is played', () => {
    const s = blank()
    const a = unit(s, 0, 'psycho-squad')
    const b = unit(s, 1, 'corpo-security', { lag: true })
    gigs(s, 1, [[4, 2]])
    expect(E.legalActions(attack(s, a, 'gigs').s, 1)).toContainEqual({ type: 'block', unit: b })
  })

  it('FAQ 3 FAQ 5 FAQ 6 after a BLOCKER redirect another BLOCKER may redirect again; BLOCKER works against Gig-area and Unit attacks', () => {
    const s = blank()
    const a = unit(s, 0, 'animals-wrecker')
    const t = unit(s, 1, 'psycho-squad', { spent: true })
    const b1 = unit(s, 1, 'corpo-security')
    const b2 = unit(s, 1, 'secondhand-bombus')
    let r = attack(s, a, t).s
    r = act(r, 1, { type: 'block', unit: b1 }).s
    expect(attackOf(r)!.target).toBe(b1)
    r = act(r, 1, { type: 'block', unit: b2 }).s
    expect(attackOf(r)).toBeNull()
    expect(trashOf(r, 1)).toEqual([b2])
    expect(fieldUnit(r, t)).toBeDefined()
  })

  it('FAQ 4 the attacked Unit cannot use its own BLOCKER to redirect to itself', () => {
    const s = blank()
    const a = unit(s, 0, 'animals-wrecker')
    const t = unit(s, 1, 'corpo-security', { spent: true })
    unit(s, 1, 'secondhand-bombus')
    const r = copy(attack(s, a, t).s)
    fieldUnit(r, t)!.spent = false // even if it were ready
    expect(E.legalActions(r, 1).some(x => x.type === 'block' && x.unit === t)).toBe(false)
  })

  it("FAQ 7 a Legend's BLOCKER works only on the field", () => {
    const s = blank()
    legends(s, 1, EBP_L)
    const a = unit(s, 0, 'psycho-squad')
    gigs(s, 1, [[4, 2]])
    expect(E.legalActions(attack(s, a, 'gigs').s, 1).some(x => x.type === 'block')).toBe(false)
  })

  it('FAQ 8 FAQ 9 GO SOLO is allowed the turn the Legend was Called, and while it is spent', () => {
    const s = blank()
    legends(s, 0, EBP_L, false)
    s.players[0]!.legends[0]!.spent = true
    eddies(s, 0, 6)
    const r = act(s, 0, { type: 'call', slot: 0, pay: [] }).s
    expect(isListed(E, r, 0, { type: 'legend', slot: 0, solo: true, pay: [] })).toBe(true)
    const r2 = act(r, 0, { type: 'legend', slot: 0, solo: true, pay: [] }).s
    expect(fieldOf(r2, 0)[0]).toMatchObject({ spent: false, attacksWhileLagging: true })
  })

  it('FAQ 10 FAQ 11 a Legend may pay toward its own GO SOLO, and a GO SOLO Legend may be played without GO SOLO', () => {
    const s = blank()
    legends(s, 0, EBP_L)
    eddies(s, 0, 4)
    expect(isListed(E, s, 0, { type: 'legend', slot: 0, solo: true, pay: [0] })).toBe(true)
    expect(isListed(E, s, 0, { type: 'legend', slot: 0, solo: false, pay: [0] })).toBe(true)
    const r = act(s, 0, { type: 'legend', slot: 0, solo: false, pay: [0] }).s
    expect(fieldOf(r, 0)[0]).toMatchObject({ spent: true, lag: true, attacksWhileLagging: false })
  })

  it('FAQ 12 a Legend on the field cannot use its spend-icon effect the turn it was played there (Lag)', () => {
    const s = blank()
    const d = unit(s, 0, 'dexter-deshawn-off-the-grid', { lag: true })
    gigs(s, 0, [[4, 1]])
    expect(isListed(E, s, 0, { type: 'activate', src: d, ab: 1, pay: [] })).toBe(false)
  })

  it('FAQ 13 CP-7.3 a GO SOLO Legend is still a Legend: when defeated it is removed from the game', () => {
    const s = blank({ active: 1 })
    const g = unit(s, 0, 'goro-takemura-hands-unclean', { spent: true })
    const a = unit(s, 1, 'animals-wrecker')
    const r = settle(act(s, 1, { type: 'attack', unit: a, target: g }).s)
    expect(removedOf(r, 0)).toContain(g)
    expect(trashOf(r, 0)).not.toContain(g)
  })

  it('FAQ 14 FAQ 15 QUICK Programs can be used in your own turn, and more than one per rival attack', () => {
    const s = blank()
    const t = unit(s, 1, 'psycho-squad')
    give(s, 0, 'floor-it')
    eddies(s, 0, 1)
    expect(fieldUnit(act(s, 0, { type: 'play', card: 'floor-it', pay: [] }).s, t)!.powerThisTurn).toBe(-1)
    const s2 = blank({ active: 1 })
    const a = unit(s2, 1, 'psycho-squad')
    gigs(s2, 0, [[4, 2]])
    give(s2, 0, 'floor-it', 2)
    eddies(s2, 0, 2)
    let r = act(s2, 1, { type: 'attack', unit: a, target: 'gigs' }).s
    r = act(r, 0, { type: 'play', card: 'floor-it', pay: [] }).s
    r = act(r, 0, { type: 'play', card: 'floor-it', pay: [] }).s
    expect(trashOf(r, 0)).toHaveLength(2)
  })

  it('FAQ 17 CP-9.24 no QUICK in response to a rival QUICK: the attacking player never gets a reaction', () => {
    const s = blank({ active: 1 })
    const a = unit(s, 1, 'psycho-squad')
    gigs(s, 0, [[4, 2]])
    give(s, 0, 'floor-it', 2)
    give(s, 1, 'floor-it')
    eddies(s, 0, 2)
    eddies(s, 1, 2)
    let r = act(s, 1, { type: 'attack', unit: a, target: 'gigs' }).s
    r = act(r, 0, { type: 'play', card: 'floor-it', pay: [] }).s
    expect(E.status(r).toAct).toEqual([0])
    expect(E.legalActions(r, 1)).toEqual([])
  })

  it('FAQ 18 FAQ 19 FAQ 20 the controller chooses the order of simultaneous triggers (ATTACK, "when spent", watchers)', () => {
    const s = blank()
    legends(s, 0, EBP_L)
    const g = unit(s, 0, 'goro-takemura-losing-his-way')
    gigs(s, 1, [[4, 2]])
    const r = attack(s, g, 'gigs').s
    const res = E.legalActions(r, 0).filter(x => x.type === 'resolve')
    expect(res).toHaveLength(2)
    expect(new Set(res.map(x => pendingOf(r).find(p => p.id === (x as { id: number }).id)!.card))).toEqual(
      new Set(['goro-takemura-losing-his-way', 'yorinobu-arasaka-embracing-destruction']),
    )
    for (const x of res) expect(pendingOf(E.apply(r, 0, x).state).length).toBe(0) // either order is accepted
  })

  it('FAQ 21 if a defeat is prevented, DEFEATED does not trigger (Reboot Optics vs T-Bug)', () => {
    const s = blank({ active: 1 })
    const t = unit(s, 0, 't-bug-amateur-philosopher', { spent: true })
    const a = unit(s, 1, 'animals-wrecker')
    give(s, 0, 'reboot-optics')
    eddies(s, 0, 2)
    let r = act(s, 1, { type: 'attack', unit: a, target: t }).s
    r = act(r, 0, { type: 'play', card: 'reboot-optics', pay: [] }).s
    expect(fieldUnit(r, t)).toBeDefined()
    expect(promptOf(r)).toBeNull()
    expect(peekOf(r, 0)).toEqual([])
  })

  it('FAQ 22 FAQ 23 a Unit cannot use its spend effect the turn it is played; a Legend can the turn it is Called', () => {
    const s = blank()
    give(s, 0, 'kerry-eurodyne-the-last-rockerboy')
    eddies(s, 0, 4)
    const r = act(s, 0, { type: 'play', card: 'kerry-eurodyne-the-last-rockerboy', pay: [] }).s
    expect(E.legalActions(r, 0).some(a => a.type === 'activate')).toBe(false)
    const s2 = blank()
    legends(
      s2,
      0,
      ['hanako-arasaka-daughter-of-the-emperor', 'v-corporate-exile', 'jackie-welles-pour-one-out-for-me'],
      false,
    )
    gigs(s2, 0, [[4, 1]])
    gigs(s2, 1, [[4, 3]])
    eddies(s2, 0, 1)
    const r2 = act(s2, 0, { type: 'call', slot: 0, pay: [] }).s
    expect(E.legalActions(r2, 0).some(a => a.type === 'activate')).toBe(true)
  })

  it('FAQ 24 a Legend with a numeric cost played without GO SOLO enters with Lag in its orientation', () => {
    const s = blank()
    legends(s, 0, EBP_L)
    eddies(s, 0, 5)
    const r = act(s, 0, { type: 'legend', slot: 0, solo: false, pay: [] }).s
    expect(fieldOf(r, 0)[0]).toMatchObject({ spent: false, lag: true, attacksWhileLagging: false })
    expect(fieldOf(r, 0)[0]!.uid).toBe(legendsOf(s, 0)[0]!.uid)
  })

  it('FAQ 25 CR 2.8 "adjust by up to X" may be 0, which is not adjusting (Jackie: no "becomes a min Gig" draw)', () => {
    const s = blank()
    legends(s, 0, ['jackie-welles-pour-one-out-for-me', 'v-corporate-exile', 'viktor-vektor-sit-down-and-relax'])
    gigs(s, 0, [
      [4, 1],
      [6, 3],
    ])
    give(s, 0, 'psycho-squad')
    eddies(s, 0, 4)
    let r = act(s, 0, { type: 'play', card: 'psycho-squad', pay: [] }).s
    expect(promptOf(r)!.options).toContain('none')
    r = pick(r, 'none').s
    expect(handOf(r, 0)).toHaveLength(0)
  })

  it('FAQ 16 QUICK does not let a Unit use its spend effect the turn it is played (Rogue Amendiares while lagging)', () => {
    const s = blank({ active: 1 })
    const q = unit(s, 0, 'rogue-amendiares-queen-of-the-afterlife', { lag: true })
    const a = unit(s, 1, 'psycho-squad')
    gigs(s, 0, [[4, 2]])
    eddies(s, 0, 2)
    unit(s, 0, 'secondhand-bombus') // so that the React Step is offered
    const r = act(s, 1, { type: 'attack', unit: a, target: 'gigs' }).s
    expect(E.legalActions(r, 0).some(x => x.type === 'activate' && x.src === q)).toBe(false)
    const s2 = copy(s)
    fieldUnit(s2, q)!.lag = false
    const r2 = act(s2, 1, { type: 'attack', unit: a, target: 'gigs' }).s
    expect(E.legalActions(r2, 0).some(x => x.type === 'activate' && x.src === q)).toBe(true)
  })

  it('option quickInLegendsArea (CR 11.26.1.2 vs 5.7.6): QUICK effects of face-up Legends in the Legends area are reactions by default, not when off', () => {
    for (const on of [true, false]) {
      const s = blank({ active: 1, options: { quickInLegendsArea: on } })
      legends(s, 0, ['goro-takemura-vengeful-bodyguard', 'v-corporate-exile', 'viktor-vektor-sit-down-and-relax'])
      s.players[0]!.legends[1]!.spent = true
      s.players[0]!.legends[2]!.spent = true
      unit(s, 0, 'emergency-atlus')
      eddies(s, 0, 1)
      const a = unit(s, 1, 'psycho-squad')
      gigs(s, 0, [[4, 2]])
      const r = act(s, 1, { type: 'attack', unit: a, target: 'gigs' }).s
      expect(attackOf(r) === null ? false : E.legalActions(r, 0).some(x => x.type === 'activate')).toBe(on)
    }
  })
})
