// Cyberpunk TCG cards of Welcome to Night City: Programs (QUICK, choose-one, bottom-deck), fights and steals, searches
// and cost reductions.
import { describe, expect, it } from 'vitest'
import { isListed } from '../../support/playout.ts'
import {
  act,
  attack,
  blank,
  cardOf,
  copy,
  deckOf,
  dieValue,
  E,
  eddies,
  eddiesSpentOf,
  fieldOf,
  fieldUnit,
  gear,
  gigs,
  gigsOf,
  give,
  handIds,
  handOf,
  legends,
  legendsOf,
  OTHER,
  pick,
  play,
  power,
  promptOf,
  removedOf,
  settle,
  topDeck,
  trashOf,
  unit,
  unitUnder,
} from './helpers.ts'
import type { State } from '../../../src/games/cyberpunk-tcg/state.ts'

const targets = (s: State, u: number) =>
  E.legalActions(s, s.active)
    .filter(a => a.type === 'attack' && a.unit === u)
    .map(a => (a as { target: unknown }).target)

describe('cyberpunk-tcg cards: Welcome to Night City (2)', () => {
  it('tygers-whisper PLAY: may Call a Legend for free', () => {
    const s = blank()
    legends(s, 0, OTHER, false)
    give(s, 0, 'tygers-whisper')
    eddies(s, 0, 2)
    let r = play(s, 'tygers-whisper').s
    expect(promptOf(r)!.options).toEqual([0, 1, 2, 'none'])
    r = pick(r, 0).s
    expect(legendsOf(r, 0)[0]!.faceUp).toBe(true)
    expect(eddiesSpentOf(r, 0)).toBe(2)
  })

  it('valentino-street-racer PLAY: another friendly Unit with cost 5 or less gains ADRENALINE this turn', () => {
    const s = blank()
    const u = unit(s, 0, 'psycho-squad', { lag: true })
    gigs(s, 1, [[4, 2]])
    give(s, 0, 'valentino-street-racer')
    eddies(s, 0, 3)
    const r = play(s, 'valentino-street-racer').s
    expect(isListed(E, r, 0, { type: 'attack', unit: u, target: 'gigs' })).toBe(true)
  })

  it('adrenaline-converter: the host has ADRENALINE while a rival controls 2+ more Gigs', () => {
    const s = blank()
    const u = unit(s, 0, 'psycho-squad', { lag: true })
    gear(s, u, 'adrenaline-converter')
    gigs(s, 1, [[4, 2]])
    expect(targets(s, u)).toEqual([])
    const s2 = copy(s)
    gigs(s2, 1, [[6, 2]])
    expect(targets(s2, u)).toEqual(['gigs'])
  })

  it('saul-bright-stormrider: other friendly attackers +2; end of turn ready up to 3 friendly Units', () => {
    const s = blank()
    unit(s, 0, 'saul-bright-stormrider', { lag: true })
    const a = unit(s, 0, 'psycho-squad')
    const t = unit(s, 1, 'animals-wrecker', { spent: true })
    let r = attack(s, a, t)
    expect(r.ev.find(e => e.type === 'fight')).toMatchObject({ powers: [8, 10] })
    const s2 = blank()
    unit(s2, 0, 'saul-bright-stormrider', { lag: true })
    const x = unit(s2, 0, 'psycho-squad', { spent: true })
    r = act(s2, 0, { type: 'pass' })
    r = pick(r.s, x)
    expect(fieldUnit(r.s, x)!.spent).toBe(false)
  })

  it('royce-psycho-on-the-edge: during your turn +2 power per equipped Gear', () => {
    const s = blank()
    const r = unit(s, 0, 'royce-psycho-on-the-edge')
    gear(s, r, 'mantis-blades')
    expect(power(s, r)).toBe(6 + 2 + 2)
    const s2 = copy(s)
    s2.active = 1
    expect(power(s2, r)).toBe(8)
  })

  it('wraith-marauders: when it steals a Gig, ready another friendly Unit with power equal to its value', () => {
    const s = blank()
    const w = unit(s, 0, 'wraith-marauders')
    const p = unit(s, 0, 'psycho-squad', { spent: true })
    gigs(s, 1, [[6, 6]])
    const r = attack(s, w, 'gigs').s
    expect(fieldUnit(r, p)!.spent).toBe(false)
  })

  it('sasha-yakovleva-wont-let-you-down: ATTACK top card to hand, +its cost; DEFEATED rival discards 1', () => {
    const s = blank()
    const sa = unit(s, 0, 'sasha-yakovleva-wont-let-you-down')
    topDeck(s, 0, 'minotaur')
    const t = unit(s, 1, 'animals-wrecker', { spent: true })
    const r = attack(s, sa, t)
    expect(r.ev.find(e => e.type === 'fight')).toMatchObject({ powers: [7, 10] })
    expect(handIds(r.s, 0)).toEqual(['minotaur'])
  })

  it('rita-wheeler-no-stupid-questions: the first time it is spent each turn, draw 1 then discard 1', () => {
    const s = blank()
    const rw = unit(s, 0, 'rita-wheeler-no-stupid-questions')
    give(s, 0, 'floor-it')
    gigs(s, 1, [[4, 1]])
    let r = attack(s, rw, 'gigs').s
    expect(promptOf(r)!.label).toBe('discard a card')
    r = pick(r, 'floor-it').s
    expect(handOf(r, 0)).toHaveLength(1)
    // spent a second time this turn (readied, attacks again): no draw, no discard
    r = settle(r)
    fieldUnit(r, rw)!.spent = false
    gigs(r, 1, [[6, 1]])
    r = copy(r)
    r = settle(attack(r, rw, 'gigs').s)
    expect(fieldUnit(r, rw)!.spent).toBe(true)
    expect(handOf(r, 0)).toHaveLength(1)
    expect(trashOf(r, 0).map(u => cardOf(r, u))).toEqual(['floor-it'])
  })

  it('johnny-silverhand-never-stop-fighting: wins every fight against CORPO (0 power defeats nothing); first win each turn readies it', () => {
    const s = blank()
    const j = unit(s, 0, 'johnny-silverhand-never-stop-fighting')
    const g = unit(s, 1, 'goro-takemura-hands-unclean', { spent: true, powerThisTurn: 10 })
    const r = settle(attack(s, j, g).s)
    expect(removedOf(r, 1)).toContain(g)
    expect(fieldUnit(r, j)!.spent).toBe(false)
  })

  it('rogue-amendiares-preem-solo: when a friendly Legend steals, even Gig draws 1, odd Gig makes the rival discard', () => {
    const s = blank()
    legends(s, 0, [
      'rogue-amendiares-preem-solo',
      'viktor-vektor-sit-down-and-relax',
      'jackie-welles-pour-one-out-for-me',
    ])
    const v = unit(s, 0, 'v-corporate-exile')
    gigs(s, 1, [[6, 4]])
    const r = attack(s, v, 'gigs').s
    expect(handOf(r, 0)).toHaveLength(1)
  })

  it('rogue-amendiares-queen-of-the-afterlife: another Unit stealing a Gig below its power readies 2 Eddies (once a turn); QUICK: a rival loses her power', () => {
    const s = blank()
    unit(s, 0, 'rogue-amendiares-queen-of-the-afterlife', { lag: true })
    const a = unit(s, 0, 'psycho-squad')
    gigs(s, 1, [[4, 2]])
    eddies(s, 0, 3)
    s.players[0]!.eddiesSpent = 3
    const r = attack(s, a, 'gigs').s
    expect(eddiesSpentOf(r, 0)).toBe(1)
    const s2 = blank({ active: 1 })
    const q = unit(s2, 0, 'rogue-amendiares-queen-of-the-afterlife')
    const at = unit(s2, 1, 'psycho-squad')
    gigs(s2, 0, [[4, 2]])
    eddies(s2, 0, 2)
    let r2 = act(s2, 1, { type: 'attack', unit: at, target: 'gigs' }).s
    r2 = act(r2, 0, { type: 'activate', src: q, ab: 1, pay: [] }).s
    expect(gigsOf(r2, 1)).toHaveLength(1) // 6 - 4 = 2 power still steals 1 Gig
    expect(fieldUnit(r2, at)!.powerThisTurn).toBe(-4)
  })

  it('pepe-najarro-working-doubles ATTACK: with a value-pair, ready up to 2 face-up MERC Legends', () => {
    const s = blank()
    legends(s, 0, ['v-corporate-exile', 'jackie-welles-pour-one-out-for-me', 'viktor-vektor-sit-down-and-relax'])
    s.players[0]!.legends.forEach(l => (l!.spent = true))
    const p = unit(s, 0, 'pepe-najarro-working-doubles')
    gigs(s, 0, [
      [4, 3],
      [6, 3],
    ])
    gigs(s, 1, [[4, 1]])
    let r = attack(s, p, 'gigs').s
    r = pick(r, 0).s
    r = pick(r, 1).s
    expect(legendsOf(r, 0).map(l => l!.spent)).toEqual([false, false, true])
  })

  it('dum-dum-maelstrom-triggerman: CALL may defeat a friendly Gear to draw 2 (else draw 1); QUICK +1 per Gear', () => {
    const s = blank()
    legends(s, 0, ['dum-dum-maelstrom-triggerman', 'v-corporate-exile', 'viktor-vektor-sit-down-and-relax'], false)
    const u = unit(s, 0, 'psycho-squad')
    const g = gear(s, u, 'mantis-blades')
    gear(s, u, 'kiroshi-optics')
    eddies(s, 0, 2)
    let r = act(s, 0, { type: 'call', slot: 0, pay: [] }).s
    r = pick(r, g).s
    expect(handOf(r, 0)).toHaveLength(2)
    r = act(r, 0, { type: 'activate', src: r.players[0]!.legends[0]!.uid, ab: 1, pay: [] }).s
    expect(power(r, u)).toBe(6 + 1 + 1)
  })

  it('goro-takemura-vengeful-bodyguard: QUICK grants BLOCKER (+1 with a value-pair); when a friendly Unit blocks, may discard 1 to draw 1', () => {
    const s = blank({ active: 1 })
    legends(s, 0, ['goro-takemura-vengeful-bodyguard', 'v-corporate-exile', 'viktor-vektor-sit-down-and-relax'])
    s.players[0]!.legends[1]!.spent = true
    s.players[0]!.legends[2]!.spent = true
    const d = unit(s, 0, 'emergency-atlus')
    const a = unit(s, 1, 'psycho-squad')
    gigs(s, 0, [
      [4, 2],
      [6, 2],
    ])
    give(s, 0, 'floor-it')
    eddies(s, 0, 1)
    let r = act(s, 1, { type: 'attack', unit: a, target: 'gigs' }).s
    r = act(r, 0, { type: 'activate', src: r.players[0]!.legends[0]!.uid, ab: 0, pay: [] }).s
    expect(fieldUnit(r, d)).toMatchObject({ blockerThisTurn: true, powerThisTurn: 1 })
    r = act(r, 0, { type: 'block', unit: d }).s
    expect(promptOf(r)!.options).toEqual(['floor-it', 'none'])
    r = pick(r, 'floor-it').s
    expect(handIds(r, 0)).toHaveLength(1)
    expect(handIds(r, 0)).not.toContain('floor-it')
  })

  it('westbrook-netrunner PLAY: until your next turn rival Legends cannot steal your Gigs valued below their power', () => {
    const s = blank()
    give(s, 0, 'westbrook-netrunner')
    eddies(s, 0, 4)
    gigs(s, 0, [[4, 2]])
    const r = copy(play(s, 'westbrook-netrunner').s)
    r.active = 1
    const v = unit(r, 1, 'v-corporate-exile')
    r.players[0]!.legends.forEach(l => l && (l.spent = true))
    r.players[0]!.eddiesSpent = r.players[0]!.eddies.length
    const e = settle(act(r, 1, { type: 'attack', unit: v, target: 'gigs' }).s)
    expect(gigsOf(e, 0)).toHaveLength(1)
  })

  it('chrome-reverie: a rival Unit cannot attack until your next turn; with a min Gig you may Call free', () => {
    const s = blank()
    legends(s, 0, OTHER, false)
    const t = unit(s, 1, 'psycho-squad')
    gigs(s, 0, [[4, 1]])
    give(s, 0, 'chrome-reverie')
    eddies(s, 0, 3)
    let r = play(s, 'chrome-reverie').s
    r = pick(r, 'none').s
    expect(unitUnder(r, 'cantAttack', t)).toBe(true)
    r = settle(act(r, 0, { type: 'pass' }).s)
    expect(E.legalActions(r, 1).some(a => a.type === 'attack')).toBe(false)
  })

  it('pacifica-netrunner PLAY: with even Street Cred a rival Unit cannot ready until your next turn', () => {
    const s = blank()
    const t = unit(s, 1, 'psycho-squad', { spent: true })
    gigs(s, 0, [[4, 2]])
    give(s, 0, 'pacifica-netrunner')
    eddies(s, 0, 4)
    let r = play(s, 'pacifica-netrunner').s
    r = settle(act(r, 0, { type: 'pass' }).s)
    expect(fieldUnit(r, t)!.spent).toBe(true)
  })

  it('take-control QUICK: a rival Unit steals 1 fewer Gig this turn; draw 1 if it is a VEHICLE', () => {
    const s = blank({ active: 1 })
    const a = unit(s, 1, 'delamain-cab')
    gigs(s, 0, [[4, 2]])
    give(s, 0, 'take-control')
    eddies(s, 0, 2)
    let r = act(s, 1, { type: 'attack', unit: a, target: 'gigs' }).s
    r = act(r, 0, { type: 'play', card: 'take-control', pay: [] }).s
    expect(gigsOf(r, 0)).toHaveLength(1)
    expect(handOf(r, 0)).toHaveLength(1)
  })

  it('synapse-burnout QUICK: +1 per friendly face-up Legend while fighting rival Units this turn', () => {
    const s = blank()
    legends(s, 0, OTHER)
    const u = unit(s, 0, 'psycho-squad')
    const t = unit(s, 1, 'animals-wrecker', { spent: true })
    give(s, 0, 'synapse-burnout')
    eddies(s, 0, 1)
    const r = play(s, 'synapse-burnout').s
    expect(power(r, u)).toBe(6)
    const e = attack(r, u, t)
    expect(e.ev.find(x => x.type === 'fight')).toMatchObject({ powers: [9, 10] })
  })

  it('safety-override QUICK: the next time a friendly Unit loses a fight, the opposing rival Unit is defeated', () => {
    const s = blank({ active: 1 })
    const d = unit(s, 0, 'emergency-atlus', { spent: true })
    const a = unit(s, 1, 'animals-wrecker')
    give(s, 0, 'safety-override')
    eddies(s, 0, 2)
    let r = act(s, 1, { type: 'attack', unit: a, target: d }).s
    r = settle(act(r, 0, { type: 'play', card: 'safety-override', pay: [] }).s)
    expect(trashOf(r, 1)).toEqual([a])
    expect(trashOf(r, 0)).toContain(d)
  })

  it('maelstrom-zealots: when it loses a fight, defeat the opposing rival Unit', () => {
    const s = blank({ active: 1 })
    const z = unit(s, 0, 'maelstrom-zealots', { spent: true })
    const a = unit(s, 1, 'psycho-squad')
    const r = settle(act(s, 1, { type: 'attack', unit: a, target: z }).s)
    expect(trashOf(r, 1)).toEqual([a])
  })

  it('pyramid-song: choose one; both when a friendly d4 is a min Gig', () => {
    const s = blank()
    const t = unit(s, 1, 'psycho-squad')
    const z = unit(s, 1, 'secondhand-bombus')
    give(s, 0, 'pyramid-song')
    eddies(s, 0, 3)
    let r = play(copy(s), 'pyramid-song').s
    expect(promptOf(r)!.options).toEqual([0, 1])
    gigs(s, 0, [[4, 1]])
    r = play(s, 'pyramid-song').s
    r = pick(r, t).s
    expect(power(r, t)).toBe(1)
    expect(deckOf(r, 1)[0]).toBe(z)
  })

  it('towerfall: all rival Units -5 // bottom-deck rival 0-power Units; both when behind on Street Cred', () => {
    const s = blank()
    const t = unit(s, 1, 'psycho-squad')
    const w = unit(s, 1, 'emergency-atlus')
    gigs(s, 1, [[4, 2]])
    give(s, 0, 'towerfall')
    eddies(s, 0, 6)
    const r = play(s, 'towerfall').s
    expect(power(r, t)).toBe(1)
    expect(deckOf(r, 1)[0]).toBe(w)
  })

  it("les-elemens: bottom-deck the rival's lowest-power Unit", () => {
    const s = blank()
    unit(s, 1, 'psycho-squad')
    const low = unit(s, 1, 'emergency-atlus')
    give(s, 0, 'les-elemens')
    eddies(s, 0, 5)
    expect(deckOf(play(s, 'les-elemens').s, 1)[0]).toBe(low)
  })

  it('unlikely-bond: bottom-deck a ready friendly Unit, then a spent rival Unit', () => {
    const s = blank()
    const a = unit(s, 0, 'psycho-squad')
    const b = unit(s, 1, 'animals-wrecker', { spent: true })
    give(s, 0, 'unlikely-bond')
    eddies(s, 0, 4)
    const r = play(s, 'unlikely-bond').s
    expect(deckOf(r, 0)[0]).toBe(a)
    expect(deckOf(r, 1)[0]).toBe(b)
  })

  it('live-with-the-aftermath CP-12.23: each player defeats one of their own Units, turn player first', () => {
    const s = blank()
    const a = unit(s, 0, 'psycho-squad')
    unit(s, 0, 'emergency-atlus')
    const b = unit(s, 1, 'animals-wrecker')
    unit(s, 1, 'psycho-squad')
    give(s, 0, 'live-with-the-aftermath')
    eddies(s, 0, 3)
    let r = play(s, 'live-with-the-aftermath').s
    expect(promptOf(r)!.seat).toBe(0)
    r = pick(r, a).s
    expect(promptOf(r)!.seat).toBe(1)
    r = pick(r, b).s
    expect(trashOf(r, 0)).toContain(a)
    expect(trashOf(r, 1)).toEqual([b])
  })

  it('dont-fear-the-reaper: spend all rival Units, then defeat a spent Unit', () => {
    const s = blank()
    const a = unit(s, 1, 'psycho-squad')
    const b = unit(s, 1, 'animals-wrecker')
    give(s, 0, 'dont-fear-the-reaper')
    eddies(s, 0, 7)
    let r = play(s, 'dont-fear-the-reaper').s
    r = pick(r, b).s
    expect(fieldUnit(r, a)!.spent).toBe(true)
    expect(trashOf(r, 1)).toEqual([b])
  })

  it('gilded-maton PLAY: may defeat a friendly Gear; if so defeat a rival Unit with cost 3 or less', () => {
    const s = blank()
    const h = unit(s, 0, 'psycho-squad')
    const g = gear(s, h, 'mantis-blades')
    const t = unit(s, 1, 'corpo-security')
    give(s, 0, 'gilded-maton')
    eddies(s, 0, 4)
    let r = play(s, 'gilded-maton').s
    r = pick(r, g).s
    expect(trashOf(r, 0)).toContain(g)
    expect(trashOf(r, 1)).toEqual([t])
  })

  it('all-is-lost / hacked-corpo: trash the top 3 and keep a Unit / a Program from among them', () => {
    const s = blank()
    topDeck(s, 0, 'psycho-squad')
    topDeck(s, 0, 'floor-it')
    topDeck(s, 0, 'mantis-blades')
    give(s, 0, 'all-is-lost')
    eddies(s, 0, 1)
    const r = play(s, 'all-is-lost').s
    expect(handIds(r, 0)).toEqual(['psycho-squad'])
    const s2 = blank()
    topDeck(s2, 0, 'psycho-squad')
    topDeck(s2, 0, 'floor-it')
    topDeck(s2, 0, 'mantis-blades')
    give(s2, 0, 'hacked-corpo')
    eddies(s2, 0, 4)
    expect(handIds(play(s2, 'hacked-corpo').s, 0)).toEqual(['floor-it'])
  })

  it('v-streetkid CALL: trash 3, then add a BRAINDANCE Program from the trash to hand', () => {
    const s = blank()
    legends(s, 0, ['v-streetkid', 'viktor-vektor-sit-down-and-relax', 'jackie-welles-pour-one-out-for-me'], false)
    topDeck(s, 0, 'afterparty-at-lizzies')
    topDeck(s, 0, 'psycho-squad')
    topDeck(s, 0, 'floor-it')
    eddies(s, 0, 1)
    const r = act(s, 0, { type: 'call', slot: 0, pay: [] }).s
    expect(handIds(r, 0)).toEqual(['afterparty-at-lizzies'])
  })

  it('sketchy-ripper / three-mouths-one-desire / hanako-arasaka-in-a-gilded-cage: searches', () => {
    const s = blank()
    const sr = unit(s, 0, 'sketchy-ripper')
    topDeck(s, 0, 'mantis-blades')
    topDeck(s, 0, 'psycho-squad')
    topDeck(s, 0, 'floor-it')
    gigs(s, 1, [[4, 1]])
    let r = attack(s, sr, 'gigs').s
    expect(promptOf(r)!.options).toEqual(['mantis-blades']) // "for a Gear": taken while there is one (CP-12.20)
    r = pick(r, 'mantis-blades').s
    expect(handIds(r, 0)).toEqual(['mantis-blades'])
    const s2 = blank()
    gigs(s2, 0, [[4, 1]])
    topDeck(s2, 0, 'mantis-blades')
    topDeck(s2, 0, 'psycho-squad')
    topDeck(s2, 0, 'floor-it')
    give(s2, 0, 'three-mouths-one-desire')
    eddies(s2, 0, 2)
    let r2 = play(s2, 'three-mouths-one-desire').s
    r2 = pick(r2, 'floor-it').s
    r2 = pick(r2, 'psycho-squad').s
    expect(handIds(r2, 0).sort()).toEqual(['floor-it', 'psycho-squad'])
    const s3 = blank()
    gigs(s3, 0, [
      [4, 1],
      [6, 4],
    ])
    s3.players[0]!.trash.push(...s3.players[0]!.deck)
    s3.players[0]!.deck = []
    topDeck(s3, 0, 'sandevistan')
    topDeck(s3, 0, 'mantis-blades')
    topDeck(s3, 0, 'psycho-squad')
    give(s3, 0, 'hanako-arasaka-in-a-gilded-cage')
    eddies(s3, 0, 4)
    let r3 = play(s3, 'hanako-arasaka-in-a-gilded-cage').s
    expect(promptOf(r3)!.options).toEqual(['mantis-blades', 'psycho-squad', 'none'])
    r3 = pick(r3, 'psycho-squad').s
    r3 = pick(r3, 'mantis-blades').s
    expect(handIds(r3, 0)).toHaveLength(2)
  })

  it("peace-offering: may set a Gig to another Gig's value, then draw 1 with a value-pair", () => {
    const s = blank()
    const [a, b] = gigs(s, 0, [
      [6, 2],
      [8, 5],
    ])
    give(s, 0, 'peace-offering')
    eddies(s, 0, 1)
    let r = play(s, 'peace-offering').s
    r = pick(r, { die: a, value: 5 }).s
    expect(dieValue(r, a!)).toBe(5)
    expect(handOf(r, 0)).toHaveLength(1)
    void b
  })

  it("padre-man-of-the-cross: CALL spend a rival Unit // draw 1; spend: set a Gig to a value of the other player's Gig", () => {
    const s = blank()
    legends(s, 0, ['padre-man-of-the-cross', 'v-corporate-exile', 'viktor-vektor-sit-down-and-relax'], false)
    const t = unit(s, 1, 'psycho-squad')
    const [m] = gigs(s, 0, [[8, 2]])
    gigs(s, 1, [[6, 6]])
    eddies(s, 0, 1)
    let r = act(s, 0, { type: 'call', slot: 0, pay: [] }).s
    r = pick(r, 0).s
    expect(fieldUnit(r, t)!.spent).toBe(true)
    r = act(r, 0, { type: 'activate', src: r.players[0]!.legends[0]!.uid, ab: 1, pay: [] }).s
    expect(promptOf(r)!.options).toContainEqual({ die: m, value: 6 })
    r = pick(r, { die: m, value: 6 }).s
    expect(dieValue(r, m!)).toBe(6)
  })

  it('el-sombreron-la-venganza-lenta ATTACK: may pay 2 €$ to gain power equal to a friendly max Gig', () => {
    const s = blank()
    s.players[0]!.legends.forEach(l => l && (l.spent = true))
    const e = unit(s, 0, 'el-sombreron-la-venganza-lenta')
    gigs(s, 0, [[6, 6]])
    gigs(s, 1, [[4, 2]])
    eddies(s, 0, 2)
    let r = attack(s, e, 'gigs').s
    expect(promptOf(r)!.options).toEqual([{ pay: [] }, 'none'])
    r = pick(r, { pay: [] }).s
    expect(eddiesSpentOf(r, 0)).toBe(2)
    expect(gigsOf(r, 0)).toHaveLength(2)
  })

  it('judy-alvarez-braindance-maestro: BRAINDANCE Programs give +1; spend trashes the top card and may keep a Program', () => {
    const s = blank()
    legends(s, 0, ['judy-alvarez-braindance-maestro', 'v-corporate-exile', 'viktor-vektor-sit-down-and-relax'])
    const u = unit(s, 0, 'psycho-squad')
    gigs(s, 0, [[4, 2]])
    give(s, 0, 'afterparty-at-lizzies')
    eddies(s, 0, 1)
    let r = play(s, 'afterparty-at-lizzies').s
    r = settle(r.prompt ? pick(r, 'none').s : r)
    expect(power(r, u)).toBe(7)
    const s2 = blank()
    legends(s2, 0, ['judy-alvarez-braindance-maestro', 'v-corporate-exile', 'viktor-vektor-sit-down-and-relax'])
    topDeck(s2, 0, 'floor-it')
    let r2 = act(s2, 0, { type: 'activate', src: s2.players[0]!.legends[0]!.uid, ab: 1, pay: [] }).s
    r2 = pick(r2, 'take').s
    expect(handIds(r2, 0)).toEqual(['floor-it'])
  })

  it('octant / trauma-team-operatives / zetatech-berserk / carnage-at-the-colosseum: cost reductions to a minimum of 1 (CR 11.8.3)', () => {
    const s = blank()
    s.players[0]!.legends.forEach(l => l && (l.spent = true))
    gigs(s, 0, [
      [10, 9],
      [12, 8],
    ])
    give(s, 0, 'octant')
    eddies(s, 0, 5)
    expect(isListed(E, s, 0, { type: 'play', card: 'octant', pay: [] })).toBe(true) // 7 - 2 = 5
    const s2 = blank()
    s2.players[0]!.legends.forEach(l => l && (l.spent = true))
    s2.players[0]!.trash.push(...give(s2, 0, 'psycho-squad', 6))
    s2.players[0]!.hand = []
    give(s2, 0, 'trauma-team-operatives')
    eddies(s2, 0, 1)
    expect(isListed(E, s2, 0, { type: 'play', card: 'trauma-team-operatives', pay: [] })).toBe(true)
    const s3 = blank()
    legends(s3, 0, OTHER)
    s3.players[0]!.legends.forEach(l => (l!.spent = true))
    const h = unit(s3, 0, 'psycho-squad')
    give(s3, 0, 'zetatech-berserk')
    eddies(s3, 0, 3)
    expect(isListed(E, s3, 0, { type: 'play', card: 'zetatech-berserk', pay: [], host: h })).toBe(true)
    const s4 = blank()
    s4.players[0]!.legends.forEach(l => l && (l.spent = true))
    unit(s4, 0, 'psycho-squad')
    const w = unit(s4, 1, 'emergency-atlus')
    unit(s4, 1, 'animals-wrecker')
    gigs(s4, 0, [[20, 19]])
    give(s4, 0, 'carnage-at-the-colosseum')
    eddies(s4, 0, 5)
    expect(trashOf(play(s4, 'carnage-at-the-colosseum').s, 1)).toEqual([w])
  })

  it('sandayu-oda-hanakos-guardian: PLAY spends a rival Unit per value-pair; may attack rival Units (not Gigs) the turn it is played', () => {
    const s = blank()
    const t = unit(s, 1, 'psycho-squad')
    gigs(s, 0, [
      [4, 3],
      [6, 3],
    ])
    gigs(s, 1, [[4, 1]])
    give(s, 0, 'sandayu-oda-hanakos-guardian')
    eddies(s, 0, 7)
    const r = play(s, 'sandayu-oda-hanakos-guardian').s
    expect(fieldUnit(r, t)!.spent).toBe(true)
    const so = r.players[0]!.field[0]!.uid
    expect(targets(r, so)).toEqual([t])
  })

  it('nadia-fighting-through-grief: may attack the Gig area the turn it is played if the rival has more Gigs', () => {
    const s = blank()
    gigs(s, 1, [[4, 1]])
    give(s, 0, 'nadia-fighting-through-grief')
    eddies(s, 0, 6)
    const r = play(s, 'nadia-fighting-through-grief').s
    expect(targets(r, fieldOf(r, 0)[0]!.uid)).toEqual(['gigs'])
  })

  it('valentino-guerrera: with more Street Cred it may attack ready BLOCKER Units', () => {
    const s = blank()
    const v = unit(s, 0, 'valentino-guerrera')
    const b = unit(s, 1, 'corpo-security')
    unit(s, 1, 'psycho-squad')
    gigs(s, 0, [[4, 3]])
    expect(targets(s, v)).toEqual([b])
  })
})
