// Cyberpunk TCG cards of Welcome to Night City: Units and Legends (PLAY, CALL, spend, BLOCKER, DEFEATED, end of turn,
// steals), with a few Programs and Gear.
import { describe, expect, it } from 'vitest'
import { expectRejected, isListed } from '../../support/playout.ts'
import {
  act,
  attack,
  blank,
  copy,
  dieValue,
  E,
  eddies,
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
  settle,
  trashOf,
  unit,
} from './helpers.ts'

describe('cyberpunk-tcg cards: Welcome to Night City', () => {
  it('animals-wrecker, rockn-rockerboy: vanilla Units (10 and 8 power)', () => {
    const s = blank()
    expect(power(s, unit(s, 0, 'animals-wrecker'))).toBe(10)
    expect(power(s, unit(s, 0, 'rockn-rockerboy'))).toBe(8)
  })

  it('riding-nomad CR 11.23 ADRENALINE: attacks the turn it is played (but FAQ 1: no spend effects)', () => {
    const s = blank()
    give(s, 0, 'riding-nomad')
    eddies(s, 0, 5)
    gigs(s, 1, [[4, 2]])
    const r = play(s, 'riding-nomad').s
    expect(isListed(E, r, 0, { type: 'attack', unit: fieldOf(r, 0)[0]!.uid, target: 'gigs' })).toBe(true)
  })

  it('adam-smasher-ender-of-legends PLAY (GO SOLO): defeat a rival Unit', () => {
    const s = blank()
    legends(s, 0, [
      'adam-smasher-ender-of-legends',
      'viktor-vektor-sit-down-and-relax',
      'jackie-welles-pour-one-out-for-me',
    ])
    const t = unit(s, 1, 'animals-wrecker')
    eddies(s, 0, 9)
    const r = act(s, 0, { type: 'legend', slot: 0, solo: true, pay: [] }).s
    expect(trashOf(r, 1)).toEqual([t])
  })

  it('adam-smasher-metal-over-meat PLAY: defeat all other Units', () => {
    const s = blank()
    const a = unit(s, 0, 'psycho-squad')
    const b = unit(s, 1, 'psycho-squad')
    give(s, 0, 'adam-smasher-metal-over-meat')
    eddies(s, 0, 9)
    const r = play(s, 'adam-smasher-metal-over-meat').s
    expect(trashOf(r, 0)).toEqual([a])
    expect(trashOf(r, 1)).toEqual([b])
    expect(fieldOf(r, 0)).toHaveLength(1)
  })

  it('bonnie-and-clyde: defeat a rival Unit with power 4 or less; a second if the rival has 2+ more Gigs', () => {
    const s = blank()
    const a = unit(s, 1, 'emergency-atlus')
    const b = unit(s, 1, 'corpo-security')
    gigs(s, 1, [
      [4, 1],
      [6, 1],
    ])
    give(s, 0, 'bonnie-and-clyde')
    eddies(s, 0, 3)
    let r = play(s, 'bonnie-and-clyde').s
    r = pick(r, a).s
    expect(promptOf(r)!.options).toEqual([b, 'none'])
    r = pick(r, b).s
    expect(trashOf(r, 1)).toEqual([a, b])
  })

  it('caliber-totentanzs-top-dog: PLAY defeats a rival Unit with cost 2 or less; DEFEATED makes the rival discard', () => {
    const s = blank()
    const t = unit(s, 1, 'corpo-security')
    unit(s, 1, 'psycho-squad')
    give(s, 0, 'caliber-totentanzs-top-dog')
    eddies(s, 0, 5)
    const r = play(s, 'caliber-totentanzs-top-dog').s
    expect(trashOf(r, 1)).toEqual([t])
    const s2 = blank({ active: 1 })
    const c = unit(s2, 0, 'caliber-totentanzs-top-dog', { spent: true })
    const a = unit(s2, 1, 'animals-wrecker')
    give(s2, 1, 'floor-it')
    const r2 = settle(act(s2, 1, { type: 'attack', unit: a, target: c }).s)
    expect(handOf(r2, 1)).toHaveLength(0)
  })

  it('delamain-rideshare-ai PLAY: draw 2', () => {
    const s = blank()
    give(s, 0, 'delamain-rideshare-ai')
    eddies(s, 0, 3)
    expect(handOf(play(s, 'delamain-rideshare-ai').s, 0)).toHaveLength(2)
  })

  it('detonate QUICK: defeat a rival Gear with power 2 or less', () => {
    const s = blank()
    const h = unit(s, 1, 'psycho-squad')
    const g = gear(s, h, 'mantis-blades')
    gear(s, h, 'adrenaline-converter')
    give(s, 0, 'detonate')
    eddies(s, 0, 1)
    const r = play(s, 'detonate').s
    expect(trashOf(r, 1)).toEqual([g])
  })

  it('dexter-deshawn-off-the-grid CALL: choose one (+2 to a friendly Unit // draw 1); spend: increase a Gig by up to 2 (FAQ 23: the turn it is Called)', () => {
    const s = blank()
    legends(
      s,
      0,
      ['dexter-deshawn-off-the-grid', 'viktor-vektor-sit-down-and-relax', 'jackie-welles-pour-one-out-for-me'],
      false,
    )
    const u = unit(s, 0, 'psycho-squad')
    const [d] = gigs(s, 0, [[8, 3]])
    eddies(s, 0, 1)
    let r = act(s, 0, { type: 'call', slot: 0, pay: [] }).s
    expect(promptOf(r)!.options).toEqual([0, 1])
    r = pick(r, 0).s
    expect(power(r, u)).toBe(8)
    const dex = r.players[0]!.legends[0]!.uid
    r = act(r, 0, { type: 'activate', src: dex, ab: 1, pay: [] }).s
    expect(legendsOf(r, 0)[0]!.spent).toBe(true)
    r = pick(r, { die: d, value: 5 }).s
    expect(dieValue(r, d!)).toBe(5)
    expect(isListed(E, r, 0, { type: 'activate', src: dex, ab: 1, pay: [] })).toBe(false) // CP-11.11: already spent
  })

  it('wakako-okada-peace-and-harmony CALL: choose one (-2 to a rival Unit // draw 1); spend: decrease a Gig by up to 2', () => {
    const s = blank()
    legends(s, 0, ['wakako-okada-peace-and-harmony', 'v-corporate-exile', 'jackie-welles-pour-one-out-for-me'], false)
    eddies(s, 0, 1)
    let r = act(s, 0, { type: 'call', slot: 0, pay: [] }).s
    r = pick(r, 1).s
    expect(handOf(r, 0)).toHaveLength(1)
    const [d] = gigs((r = copy(r)), 1, [[6, 6]])
    r = act(r, 0, { type: 'activate', src: r.players[0]!.legends[0]!.uid, ab: 1, pay: [] }).s
    r = pick(r, { die: d, value: 4 }).s
    expect(dieValue(r, d!)).toBe(4)
  })

  it('muamar-reyes-el-capitan CALL: a friendly Unit cannot be defeated in a fight this turn (it still loses); spend: adjust a Gig by exactly 1', () => {
    const s = blank()
    legends(s, 0, ['muamar-reyes-el-capitan', 'v-corporate-exile', 'jackie-welles-pour-one-out-for-me'], false)
    const u = unit(s, 0, 'emergency-atlus')
    const t = unit(s, 1, 'animals-wrecker', { spent: true })
    eddies(s, 0, 1)
    let r = act(s, 0, { type: 'call', slot: 0, pay: [] }).s
    r = pick(r, 0).s
    r = attack(r, u, t).s
    expect(fieldUnit(r, u)).toBeDefined()
    const [d] = gigs((r = copy(r)), 0, [[4, 4]])
    r = act(r, 0, { type: 'activate', src: r.players[0]!.legends[0]!.uid, ab: 1, pay: [] }).s
    expect(dieValue(r, d!)).toBe(3) // only 3 is one away on a d4 showing 4
  })

  it('japantown-jonin PLAY: a friendly Unit gets +2 power this turn', () => {
    const s = blank()
    const u = unit(s, 0, 'psycho-squad')
    give(s, 0, 'japantown-jonin')
    eddies(s, 0, 2)
    let r = play(s, 'japantown-jonin').s
    r = pick(r, u).s
    expect(power(r, u)).toBe(8)
  })

  it('kerry-eurodyne-the-last-rockerboy spend: draw 2 with an 8+ Gig; CP-8.36 FAQ 22: not while lagging', () => {
    const s = blank()
    const k = unit(s, 0, 'kerry-eurodyne-the-last-rockerboy', { lag: true })
    gigs(s, 0, [[10, 9]])
    expect(isListed(E, s, 0, { type: 'activate', src: k, ab: 0, pay: [] })).toBe(false)
    expect(expectRejected(E, s, 0, { type: 'activate', src: k, ab: 0, pay: [] }).rule).toBe('CP-11.11')
    const s2 = copy(s)
    s2.players[0]!.field[0]!.lag = false
    expect(handOf(act(s2, 0, { type: 'activate', src: k, ab: 0, pay: [] }).s, 0)).toHaveLength(2)
  })

  it('la-llorona-ghost-of-the-past: BLOCKER; when it blocks, increase a Gig by up to 3', () => {
    const s = blank()
    const a = unit(s, 0, 'psycho-squad')
    const l = unit(s, 1, 'la-llorona-ghost-of-the-past')
    const [d] = gigs(s, 1, [[8, 2]])
    let r = attack(s, a, 'gigs').s
    r = act(r, 1, { type: 'block', unit: l }).s
    expect(promptOf(r)).toMatchObject({ seat: 1 })
    r = pick(r, { die: d, value: 5 }).s
    expect(dieValue(r, d!)).toBe(5)
  })

  it('augmented-negotiators: BLOCKER; when it blocks, the rival discards 1', () => {
    const s = blank()
    const a = unit(s, 0, 'psycho-squad')
    const n = unit(s, 1, 'augmented-negotiators')
    gigs(s, 1, [[8, 2]])
    give(s, 0, 'floor-it')
    let r = attack(s, a, 'gigs').s
    r = act(r, 1, { type: 'block', unit: n }).s
    expect(handIds(r, 0)).toEqual([])
  })

  it('netwatch-netdriver: when the host is spent, draw 1', () => {
    const s = blank()
    const a = unit(s, 0, 'psycho-squad')
    gear(s, a, 'netwatch-netdriver')
    gigs(s, 1, [[8, 2]])
    expect(handOf(attack(s, a, 'gigs').s, 0)).toHaveLength(1)
  })

  it('trust-no-one: decrease a Gig by up to 3, then draw 1 if you control a min Gig', () => {
    const s = blank()
    const [d] = gigs(s, 0, [[6, 4]])
    give(s, 0, 'trust-no-one')
    eddies(s, 0, 1)
    let r = play(s, 'trust-no-one').s
    r = pick(r, { die: d, value: 1 }).s
    expect(handOf(r, 0)).toHaveLength(1)
  })

  it('wild-in-the-streets: defeat a spent Unit (either side)', () => {
    const s = blank()
    unit(s, 1, 'psycho-squad')
    const sp = unit(s, 1, 'psycho-squad', { spent: true })
    give(s, 0, 'wild-in-the-streets')
    eddies(s, 0, 5)
    expect(trashOf(play(s, 'wild-in-the-streets').s, 1)).toEqual([sp])
  })

  it('royce-dont-call-me-simon PLAY: defeat a rival Unit with power 2 or less, 3 or less when ahead on Street Cred', () => {
    const s = blank()
    const t = unit(s, 1, 'la-llorona-ghost-of-the-past')
    give(s, 0, 'royce-dont-call-me-simon')
    eddies(s, 0, 5)
    expect(fieldUnit(play(copy(s), 'royce-dont-call-me-simon').s, t)).toBeDefined()
    gigs(s, 0, [[4, 1]])
    expect(trashOf(play(s, 'royce-dont-call-me-simon').s, 1)).toEqual([t])
  })

  it('maxtac-squadron: at the end of your turn, if it is spent, ready a friendly face-up Legend', () => {
    const s = blank()
    legends(s, 0, OTHER)
    s.players[0]!.legends[1]!.spent = true
    unit(s, 0, 'maxtac-squadron', { spent: true })
    const r = act(s, 0, { type: 'pass' }).s
    expect(legendsOf(r, 0)[1]!.spent).toBe(false)
  })

  it('modded-muramasa: at the end of your turn, ready it if your Street Cred is lower', () => {
    const s = blank()
    const m = unit(s, 0, 'modded-muramasa', { spent: true })
    gigs(s, 1, [[4, 1]])
    expect(fieldUnit(act(s, 0, { type: 'pass' }).s, m)!.spent).toBe(false)
  })

  it('modded-kusanagi: ADRENALINE; at the end of your turn it returns to hand and its Gear with it, unequipped (CP-7.28)', () => {
    const s = blank()
    const k = unit(s, 0, 'modded-kusanagi')
    const g = gear(s, k, 'mantis-blades')
    const r = act(s, 0, { type: 'pass' }).s
    expect(handOf(r, 0)).toEqual([g, k])
    expect(fieldOf(r, 0)).toEqual([])
  })

  it('jackie-welles-ride-or-die-choom: ATTACK +2 per friendly even Gig; DEFEATED draws 1 per friendly odd Gig', () => {
    const s = blank()
    const j = unit(s, 0, 'jackie-welles-ride-or-die-choom')
    gigs(s, 0, [
      [4, 2],
      [6, 4],
      [8, 3],
    ])
    gigs(s, 1, [[4, 1]])
    const t = unit(s, 1, 'animals-wrecker', { spent: true })
    const r = attack(s, j, t)
    expect(r.ev.find(e => e.type === 'fight')).toMatchObject({ powers: [12, 10] })
    const s2 = blank({ active: 1 })
    const j2 = unit(s2, 0, 'jackie-welles-ride-or-die-choom', { spent: true })
    gigs(s2, 0, [
      [4, 1],
      [6, 3],
    ])
    const a = unit(s2, 1, 'animals-wrecker')
    const r2 = settle(act(s2, 1, { type: 'attack', unit: a, target: j2 }).s)
    expect(handOf(r2, 0)).toHaveLength(2)
  })

  it('screw-lovelorn-fool DEFEATED: add another Unit from your trash to your hand', () => {
    const s = blank({ active: 1 })
    const sc = unit(s, 0, 'screw-lovelorn-fool', { spent: true })
    s.players[0]!.trash.push(...give(s, 0, 'psycho-squad'))
    s.players[0]!.hand = []
    const a = unit(s, 1, 'animals-wrecker')
    const r = settle(act(s, 1, { type: 'attack', unit: a, target: sc }).s)
    expect(handIds(r, 0)).toEqual(['psycho-squad'])
    expect(trashOf(r, 0)).toEqual([sc])
  })

  it('hanako-arasaka-daughter-of-the-emperor: spend to swap Gigs; start of turn draws 1 per value-pair', () => {
    const s = blank()
    legends(s, 0, ['hanako-arasaka-daughter-of-the-emperor', 'v-corporate-exile', 'jackie-welles-pour-one-out-for-me'])
    const [m] = gigs(s, 0, [[4, 1]])
    const [t] = gigs(s, 1, [[20, 17]])
    const r = act(s, 0, { type: 'activate', src: s.players[0]!.legends[0]!.uid, ab: 0, pay: [] }).s
    expect(gigsOf(r, 0)).toEqual([t])
    expect(gigsOf(r, 1)).toEqual([m])
    const s2 = blank({ active: 1 })
    legends(s2, 0, ['hanako-arasaka-daughter-of-the-emperor', 'v-corporate-exile', 'jackie-welles-pour-one-out-for-me'])
    gigs(s2, 0, [
      [4, 3],
      [6, 3],
      [8, 3],
      [10, 5],
      [12, 5],
    ])
    const n = s2.players[0]!.hand.length
    const r2 = act(s2, 1, { type: 'pass' }).s
    expect(handOf(r2, 0).length).toBe(n + 1 + 2)
  })

  it('jacked-in-voodoo-boy: cannot attack unless you played a Program this turn', () => {
    const s = blank()
    const v = unit(s, 0, 'jacked-in-voodoo-boy')
    gigs(s, 1, [[4, 1]])
    unit(s, 1, 'psycho-squad')
    give(s, 0, 'floor-it')
    eddies(s, 0, 1)
    expect(isListed(E, s, 0, { type: 'attack', unit: v, target: 'gigs' })).toBe(false)
    const r = settle(play(s, 'floor-it').s)
    expect(isListed(E, r, 0, { type: 'attack', unit: v, target: 'gigs' })).toBe(true)
  })

  it('maxtac-suppression-team: rival Units cannot attack the turn they are played (even with ADRENALINE / GO SOLO)', () => {
    const s = blank()
    unit(s, 1, 'maxtac-suppression-team')
    gigs(s, 1, [[4, 1]])
    give(s, 0, 'riding-nomad')
    eddies(s, 0, 5)
    const r = play(s, 'riding-nomad').s
    expect(E.legalActions(r, 0).some(a => a.type === 'attack')).toBe(false)
  })

  it('riot-shield: host gains BLOCKER; rivals pay +2 €$ for GO SOLO', () => {
    const s = blank()
    legends(s, 0, OTHER)
    const h = unit(s, 1, 'psycho-squad')
    gear(s, h, 'riot-shield')
    s.players[0]!.legends.forEach(l => (l!.spent = true))
    eddies(s, 0, 5)
    expect(E.legalActions(s, 0).some(a => a.type === 'legend' && a.solo)).toBe(false)
    expect(E.legalActions(s, 0).some(a => a.type === 'legend' && !a.solo)).toBe(true)
    const s2 = copy(s)
    eddies(s2, 0, 2)
    expect(isListed(E, s2, 0, { type: 'legend', slot: 0, solo: true, pay: [] })).toBe(true)
  })

  it('v-roamer-of-the-badlands: when it steals a Gig, increase it by up to 5; end of turn draws with two 8+ Gigs', () => {
    const s = blank()
    const v = unit(s, 0, 'v-roamer-of-the-badlands')
    const [d] = gigs(s, 1, [[20, 4]])
    gigs(s, 0, [[10, 9]])
    let r = attack(s, v, 'gigs').s
    r = pick(r, { die: d, value: 9 }).s
    expect(dieValue(r, d!)).toBe(9)
    r = act(r, 0, { type: 'pass' }).s
    expect(handOf(r, 0)).toHaveLength(1)
  })

  it('6th-street-recruits: when a friendly Unit steals a d6, increase a Gig by up to 6', () => {
    const s = blank()
    unit(s, 0, '6th-street-recruits', { lag: true })
    const a = unit(s, 0, 'psycho-squad')
    const [d] = gigs(s, 1, [[6, 2]])
    let r = attack(s, a, 'gigs').s
    expect(gigsOf(r, 0)).toEqual([d])
    r = pick(r, { die: d, value: 6 }).s
    expect(dieValue(r, d!)).toBe(6)
  })

  it('maelstrom-goons: when it steals a Gig while equipped, the rival discards 1', () => {
    const s = blank()
    const g = unit(s, 0, 'maelstrom-goons')
    gear(s, g, 'mantis-blades')
    gigs(s, 1, [[6, 2]])
    give(s, 1, 'floor-it')
    expect(handOf(attack(s, g, 'gigs').s, 1)).toEqual([])
  })
})
