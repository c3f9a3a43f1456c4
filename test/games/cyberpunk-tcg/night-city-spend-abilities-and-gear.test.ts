// Cyberpunk TCG cards of Welcome to Night City: spend abilities (QUICK, €$ spends) and Gear that plays or moves cards.
import { describe, expect, it } from 'vitest'
import { isListed } from '../../support/playout.ts'
import {
  act,
  blank,
  cardOf,
  deckOf,
  E,
  eddies,
  fieldOf,
  fieldUnit,
  gear,
  gigs,
  give,
  handIds,
  legends,
  legendsOf,
  pick,
  play,
  power,
  promptOf,
  settle,
  topDeck,
  trashOf,
  unit,
} from './helpers.ts'
import type { State } from '../../../src/games/cyberpunk-tcg/state.ts'

const targets = (s: State, u: number) =>
  E.legalActions(s, s.active)
    .filter(a => a.type === 'attack' && a.unit === u)
    .map(a => (a as { target: unknown }).target)

describe('cyberpunk-tcg cards: Welcome to Night City (4)', () => {
  it('overwatch-panams-gift CP-5.19: the host gains a QUICK spend ability (discard, then defeat a spent rival Unit of lower or equal cost)', () => {
    const s = blank()
    const h = unit(s, 0, 'psycho-squad')
    const g = gear(s, h, 'overwatch-panams-gift')
    const t = unit(s, 1, 'emergency-atlus', { spent: true })
    unit(s, 1, 'minotaur', { spent: true })
    give(s, 0, 'offduty-malfini')
    eddies(s, 0, 1)
    const a = { type: 'activate' as const, src: g, ab: 0, pay: [] }
    expect(isListed(E, s, 0, a)).toBe(true)
    let r = act(s, 0, a).s
    expect(fieldUnit(r, h)!.spent).toBe(true)
    r = settle(r)
    expect(trashOf(r, 1)).toEqual([t]) // cost 3 ≤ 4 (Offduty Malfini); Minotaur costs 7
  })

  it('river-ward-detective-on-the-hunt: QUICK spend plays a cheap Gear from hand for free; a friendly equipped Unit defeated lets you trash 1 of the top 2', () => {
    const s = blank()
    legends(s, 0, ['river-ward-detective-on-the-hunt', 'v-corporate-exile', 'viktor-vektor-sit-down-and-relax'])
    const u = unit(s, 0, 'psycho-squad')
    const [m] = give(s, 0, 'mantis-blades')
    let r = act(s, 0, { type: 'activate', src: s.players[0]!.legends[0]!.uid, ab: 0, pay: [] }).s
    expect(promptOf(r)!.options).toEqual(['hand:mantis-blades']) // asked, whatever the hand holds (issue 23)
    r = pick(r, 'hand:mantis-blades').s
    expect(promptOf(r)!.label).toBe('equip it to')
    r = pick(r, u).s
    expect(fieldUnit(r, u)!.gear).toEqual([m])
    const s2 = blank({ active: 1 })
    legends(s2, 0, ['river-ward-detective-on-the-hunt', 'v-corporate-exile', 'viktor-vektor-sit-down-and-relax'])
    s2.players[0]!.legends.forEach(l => (l!.spent = true))
    const d = unit(s2, 0, 'emergency-atlus', { spent: true })
    gear(s2, d, 'kiroshi-optics')
    topDeck(s2, 0, 'psycho-squad')
    topDeck(s2, 0, 'floor-it')
    const a = unit(s2, 1, 'animals-wrecker')
    let r2 = act(s2, 1, { type: 'attack', unit: a, target: d }).s
    expect(promptOf(r2)).toMatchObject({ seat: 0, options: ['floor-it', 'psycho-squad'] })
    r2 = pick(r2, 'psycho-squad').s
    expect(cardOf(r2, deckOf(r2, 0)[deckOf(r2, 0).length - 1]!)).toBe('floor-it')
  })

  it('the-heist: trash the top 4 and take a Gear; if its cost matches a friendly Gig you may play it for free', () => {
    const s = blank()
    const u = unit(s, 0, 'psycho-squad')
    gigs(s, 0, [[4, 1]])
    topDeck(s, 0, 'mantis-blades')
    topDeck(s, 0, 'psycho-squad')
    topDeck(s, 0, 'floor-it')
    topDeck(s, 0, 'minotaur')
    give(s, 0, 'the-heist')
    eddies(s, 0, 2)
    let r = play(s, 'the-heist').s
    expect(promptOf(r)!.options).toEqual(['hand:mantis-blades', 'none'])
    r = pick(r, 'hand:mantis-blades').s
    expect(power(r, u)).toBe(8)
  })

  it('the-relic-experimental-biochip: when the host is defeated, play another Unit (cost 9 or less) from the trash for free and bottom-deck the host', () => {
    const s = blank({ active: 1 })
    const h = unit(s, 0, 'emergency-atlus', { spent: true })
    gear(s, h, 'the-relic-experimental-biochip')
    s.players[0]!.trash.push(...give(s, 0, 'animals-wrecker'))
    s.players[0]!.hand = []
    const a = unit(s, 1, 'animals-wrecker')
    const r = settle(act(s, 1, { type: 'attack', unit: a, target: h }).s)
    expect(fieldOf(r, 0).map(u => cardOf(r, u.uid))).toEqual(['animals-wrecker'])
    expect(deckOf(r, 0)[0]).toBe(h)
  })

  it('judy-alvarez-nothing-to-doubt: 1 €$ spend: reveal the top card; play it for free or add it to hand', () => {
    const s = blank()
    const j = unit(s, 0, 'judy-alvarez-nothing-to-doubt')
    topDeck(s, 0, 'animals-wrecker')
    eddies(s, 0, 1)
    let r = act(s, 0, { type: 'activate', src: j, ab: 0, pay: [] }).s
    expect(promptOf(r)!.options).toEqual(['top:animals-wrecker', 'none'])
    r = pick(r, 'top:animals-wrecker').s
    expect(fieldOf(r, 0)).toHaveLength(2)
    const s2 = blank()
    const j2 = unit(s2, 0, 'judy-alvarez-nothing-to-doubt')
    topDeck(s2, 0, 'animals-wrecker')
    eddies(s2, 0, 1)
    let r2 = act(s2, 0, { type: 'activate', src: j2, ab: 0, pay: [] }).s
    r2 = pick(r2, 'none').s
    expect(handIds(r2, 0)).toEqual(['animals-wrecker'])
  })

  it('CP-7.18 judy-alvarez-nothing-to-doubt: a revealed Gear played for free waits for its host and is then equipped, never lost', () => {
    const s = blank()
    const j = unit(s, 0, 'judy-alvarez-nothing-to-doubt')
    const other = unit(s, 0, 'animals-wrecker')
    topDeck(s, 0, 'dying-night-vs-pistol')
    eddies(s, 0, 1)
    const cards = s.cards.length
    let r = act(s, 0, { type: 'activate', src: j, ab: 0, pay: [] }).s
    r = pick(r, 'top:dying-night-vs-pistol').s
    expect(promptOf(r)!.options).toEqual(expect.arrayContaining([j, other]))
    expect(r.limbo.map(u => cardOf(r, u))).toEqual(['dying-night-vs-pistol'])
    r = pick(r, other).s
    expect(
      fieldOf(r, 0)
        .find(u => u.uid === other)!
        .gear.map(g => cardOf(r, g)),
    ).toEqual(['dying-night-vs-pistol'])
    expect(r.limbo).toEqual([])
    expect(handIds(r, 0)).toEqual([])
    expect(r.cards.length).toBe(cards)
  })

  it('johnny-silverhand-rocking-renegade: 2 €$ (less per 8+ Gig, down to 0) spend: a new Unit may attack spent rival Units; ROCKER +2', () => {
    const s = blank()
    legends(s, 0, ['johnny-silverhand-rocking-renegade', 'v-corporate-exile', 'viktor-vektor-sit-down-and-relax'])
    s.players[0]!.legends[1]!.spent = true
    s.players[0]!.legends[2]!.spent = true
    gigs(s, 0, [
      [10, 9],
      [12, 12],
    ])
    const r0 = unit(s, 0, 'rockn-rockerboy', { lag: true })
    const t = unit(s, 1, 'psycho-squad', { spent: true })
    const r = act(s, 0, { type: 'activate', src: s.players[0]!.legends[0]!.uid, ab: 0, pay: [] }).s // costs 0 with two 8+ Gigs
    expect(power(r, r0)).toBe(10)
    expect(targets(r, r0)).toEqual([t])
  })

  it('panam-palmer-nomad-cavalry: 2 €$ spend moves a Gear from it to an unequipped friendly Unit and readies that Unit', () => {
    const s = blank()
    legends(s, 0, ['panam-palmer-nomad-cavalry', 'v-corporate-exile', 'viktor-vektor-sit-down-and-relax'])
    s.players[0]!.legends[1]!.spent = true
    s.players[0]!.legends[2]!.spent = true
    const g = gear(s, s.players[0]!.legends[0]!.uid, 'mantis-blades')
    const u = unit(s, 0, 'psycho-squad', { spent: true })
    eddies(s, 0, 2)
    const r = act(s, 0, { type: 'activate', src: s.players[0]!.legends[0]!.uid, ab: 0, pay: [] }).s
    expect(fieldUnit(r, u)).toMatchObject({ spent: false, gear: [g] })
    expect(legendsOf(r, 0)[0]!.gear).toEqual([])
  })

  it('gunpoint-diplomacy: both effects; behind on Street Cred the rival picks one', () => {
    const s = blank()
    const u = unit(s, 0, 'psycho-squad')
    const t = unit(s, 1, 'emergency-atlus')
    give(s, 0, 'gunpoint-diplomacy')
    eddies(s, 0, 4)
    const r = play(s, 'gunpoint-diplomacy').s
    expect(power(r, u)).toBe(9)
    expect(targets(r, u)).toEqual([t])
    const s2 = blank()
    const u2 = unit(s2, 0, 'psycho-squad')
    gigs(s2, 1, [[4, 1]])
    give(s2, 0, 'gunpoint-diplomacy')
    eddies(s2, 0, 4)
    let r2 = play(s2, 'gunpoint-diplomacy').s
    expect(promptOf(r2)).toMatchObject({ seat: 1, options: [0, 1] })
    r2 = pick(r2, 1).s
    expect(power(r2, u2)).toBe(9)
    expect(targets(r2, u2)).toEqual(['gigs'])
  })
})
