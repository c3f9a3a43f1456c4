// Cyberpunk TCG steal triggers and "first time each turn" (Gorilla Arms, Rogue, Evelyn Parker), GO SOLO discounts,
// forced attacks, Overtime, and conditional cards whose condition is unmet.
import { describe, expect, it } from 'vitest'
import {
  act,
  attack,
  blank,
  copy,
  dieValue,
  E,
  eddies,
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
  OTHER,
  pick,
  promptOf,
  putOnUnit,
  removedOf,
  settle,
  topDeck,
  trashOf,
  unit,
  winnersOf,
} from './helpers.ts'

// Second fidelity audit (card by card): each finding's test failed before its fix.

describe('cyberpunk-tcg second audit findings', () => {
  it('rogue-amendiares-preem-solo "When a friendly Legend steals a Gig": a non-Legend Unit stealing triggers nothing; a Legend stealing an odd Gig makes the rival discard', () => {
    const s = blank()
    legends(s, 0, [
      'rogue-amendiares-preem-solo',
      'viktor-vektor-sit-down-and-relax',
      'jackie-welles-pour-one-out-for-me',
    ])
    const a = unit(s, 0, 'psycho-squad') // a Unit, not a Legend
    gigs(s, 1, [[6, 4]])
    give(s, 1, 'floor-it')
    const r = settle(attack(s, a, 'gigs').s)
    expect(gigsOf(r, 0)).toHaveLength(1)
    expect(handOf(r, 0)).toHaveLength(0) // no draw for the even Gig
    expect(handIds(r, 1)).toEqual(['floor-it'])

    const s2 = blank()
    legends(s2, 0, [
      'rogue-amendiares-preem-solo',
      'viktor-vektor-sit-down-and-relax',
      'jackie-welles-pour-one-out-for-me',
    ])
    const v = unit(s2, 0, 'v-corporate-exile') // a Legend on the field
    gigs(s2, 1, [[6, 3]])
    give(s2, 1, 'floor-it')
    const r2 = settle(attack(s2, v, 'gigs').s)
    expect(gigsOf(r2, 0)).toHaveLength(1)
    expect(handOf(r2, 1)).toHaveLength(0) // odd Gig: the rival discarded
    expect(handOf(r2, 0)).toHaveLength(0)
  })

  it('gorilla-arms "the first time this Unit steals … each turn" counts the whole turn (FAQ): a Unit that stole before the Gear was equipped gets no extra steal', () => {
    const s = blank()
    const u = unit(s, 0, 'psycho-squad')
    gigs(s, 1, [
      [4, 2],
      [6, 5],
      [8, 7],
    ])
    let r = attack(s, u, 'gigs').s
    r = settle(r.prompt ? pick(r, r.prompt.options[0]).s : r)
    expect(gigsOf(r, 0)).toHaveLength(1)
    // equip Gorilla Arms, ready the Unit (as Johnny or Sandevistan would) and steal again
    give(r, 0, 'gorilla-arms')
    eddies(r, 0, 4)
    r = copy(r)
    r = settle(act(r, 0, { type: 'play', card: 'gorilla-arms', pay: [], host: u }).s)
    fieldUnit(r, u)!.spent = false
    r = copy(r)
    r = attack(r, u, 'gigs').s
    r = settle(r.prompt?.kind === 'steal' ? pick(r, r.prompt.options[0]).s : r)
    expect(gigsOf(r, 0)).toHaveLength(2) // the second steal is not the first of the turn: no extra Gig
    expect(gigsOf(r, 1)).toHaveLength(1)
  })

  it("gorilla-arms + appetite-for-destruction: a Gig stolen by winning a fight is the Unit's first steal of the turn, so Gorilla Arms steals one more", () => {
    const s = blank()
    const u = unit(s, 0, 'animals-wrecker') // 10 + Gorilla Arms 3 = 13 power
    gear(s, u, 'gorilla-arms')
    const t = unit(s, 1, 'psycho-squad', { spent: true })
    gigs(s, 1, [
      [4, 2],
      [6, 5],
    ])
    gigs(s, 0, [[4, 2]])
    give(s, 0, 'appetite-for-destruction')
    eddies(s, 0, 3)
    let r = settle(act(s, 0, { type: 'play', card: 'appetite-for-destruction', pay: [] }).s)
    r = attack(r, u, t).s
    for (let i = 0; i < 10 && !(r.phase === 'main' && !r.attack && !r.prompt && !r.pending.length); i++) {
      if (r.prompt?.kind === 'op' && r.prompt.label === 'steal a Gig') r = pick(r, r.prompt.options[0]).s
      else r = settle(r)
    }
    expect(fieldUnit(r, t)).toBeUndefined()
    // AfD steals one Gig (any), then Gorilla Arms steals the other (value 5 is not shared by a friendly Gig)
    expect(gigsOf(r, 0)).toHaveLength(3)
    expect(gigsOf(r, 1)).toHaveLength(0)
  })

  it('evelyn-parker-beautiful-enigma: the extra steal of Gorilla Arms is another steal by a GANGER Unit — a second Eddie is readied', () => {
    const s = blank()
    legends(s, 0, [
      'evelyn-parker-beautiful-enigma',
      'viktor-vektor-sit-down-and-relax',
      'jackie-welles-pour-one-out-for-me',
    ])
    const u = unit(s, 0, 'animals-wrecker') // GANGER, 13 power with the Gear: steals 2
    gear(s, u, 'gorilla-arms')
    gigs(s, 1, [
      [4, 2],
      [6, 3],
      [8, 7],
    ])
    eddies(s, 0, 3)
    s.players[0]!.eddiesSpent = 3
    let r = attack(s, u, 'gigs').s
    for (let i = 0; i < 10 && !(r.phase === 'main' && !r.attack && !r.prompt && !r.pending.length); i++) {
      if (r.prompt && (r.prompt.kind === 'steal' || r.prompt.label === 'steal a Gig'))
        r = pick(r, r.prompt.options[0]).s
      else r = settle(r)
    }
    expect(gigsOf(r, 0)).toHaveLength(3)
    expect(eddiesSpentOf(r, 0)).toBe(1) // one Eddie per steal event: the Steal Step and Gorilla Arms
  })

  it('rogue-amendiares-queen-of-the-afterlife: a cheap steal made this turn before she was played uses up "the first time … each turn" (FAQ)', () => {
    const s = blank()
    const a = unit(s, 0, 'psycho-squad')
    const b = unit(s, 0, 'psycho-squad')
    gigs(s, 1, [
      [4, 2],
      [6, 3],
    ])
    give(s, 0, 'rogue-amendiares-queen-of-the-afterlife')
    eddies(s, 0, 7)
    let r = attack(s, a, 'gigs').s
    r = settle(r.prompt ? pick(r, r.prompt.options[0]).s : r)
    r = settle(act(r, 0, { type: 'play', card: 'rogue-amendiares-queen-of-the-afterlife', pay: [] }).s)
    expect(eddiesSpentOf(r, 0)).toBe(5)
    r = settle(attack(r, b, 'gigs').s)
    expect(gigsOf(r, 0)).toHaveLength(2)
    expect(eddiesSpentOf(r, 0)).toBe(5) // no Eddie readied: not the first such steal this turn
  })

  it('rogue-amendiares-queen-of-the-afterlife: the value is compared when the Gig is stolen — raising it before her trigger resolves (V: Roamer) still readies 2 Eddies', () => {
    const s = blank()
    unit(s, 0, 'rogue-amendiares-queen-of-the-afterlife')
    const v = unit(s, 0, 'v-roamer-of-the-badlands') // power 6; "When this Unit steals a Gig, increase it by up to 5"
    const [d] = gigs(s, 1, [[10, 3]])
    eddies(s, 0, 3)
    s.players[0]!.eddiesSpent = 3
    let r = attack(s, v, 'gigs').s
    // both triggers are pending: resolve V's first and raise the stolen Gig to 8 (no longer below 6 power)
    const vTrig = r.pending.find(p => p.card === 'v-roamer-of-the-badlands')!
    r = act(r, 0, { type: 'resolve', id: vTrig.id }).s
    r = pick(r, { die: d, value: 8 }).s
    r = settle(r)
    expect(dieValue(r, d!)).toBe(8)
    expect(eddiesSpentOf(r, 0)).toBe(1)
  })

  it('jackie-welles-mamas-favorite on the field (GO SOLO) defeated in place of another Unit is a Unit defeated: River Ward sees a friendly equipped Unit defeated', () => {
    const s = blank({ active: 1 })
    legends(s, 0, ['river-ward-detective-on-the-hunt', 'v-corporate-exile', 'viktor-vektor-sit-down-and-relax'])
    s.players[0]!.legends.forEach(l => (l!.spent = true))
    eddies(s, 0, 1)
    const jackie = unit(s, 0, 'jackie-welles-mamas-favorite', { spent: true })
    const mb = gear(s, jackie, 'mantis-blades')
    const d = unit(s, 0, 'emergency-atlus', { spent: true })
    const a = unit(s, 1, 'animals-wrecker')
    topDeck(s, 0, 'floor-it')
    topDeck(s, 0, 'psycho-squad')
    let r = act(s, 1, { type: 'attack', unit: a, target: d }).s
    r = pick(r, { jackie, pay: [] }).s
    expect(fieldUnit(r, d)).toBeDefined()
    expect(removedOf(r, 0)).toContain(jackie)
    expect(trashOf(r, 0)).toContain(mb)
    // River Ward: "When a friendly equipped Unit is defeated, search the top 2 cards of your deck and trash 1"
    expect(promptOf(r)).toMatchObject({ seat: 0 })
    expect([...promptOf(r)!.options].sort()).toEqual(['floor-it', 'psycho-squad'])
  })

  it('viktor-vektor-drop-your-illusions "your first CYBERWARE Gear each turn": a CYBERWARE Gear played for free (River Ward) is the first — the next one pays full cost', () => {
    const s = blank()
    legends(s, 0, ['river-ward-detective-on-the-hunt', 'v-corporate-exile', 'jackie-welles-pour-one-out-for-me'])
    const [rw] = [s.players[0]!.legends[0]!.uid]
    unit(s, 0, 'viktor-vektor-drop-your-illusions')
    const u = unit(s, 0, 'psycho-squad')
    give(s, 0, 'kiroshi-optics') // CYBERWARE, cost 1
    give(s, 0, 'gorilla-arms') // CYBERWARE, cost 4
    eddies(s, 0, 4)
    let r = act(s, 0, { type: 'activate', src: rw!, ab: 0, pay: [] }).s
    if (r.prompt && r.prompt.options.includes('hand:kiroshi-optics')) r = pick(r, 'hand:kiroshi-optics').s
    r = pick(r, u).s
    r = settle(r)
    expect(fieldUnit(r, u)!.gear).toHaveLength(1)
    r = settle(act(r, 0, { type: 'play', card: 'gorilla-arms', pay: [], host: u }).s)
    expect(eddiesSpentOf(r, 0)).toBe(4) // full cost: the free Kiroshi Optics was the first CYBERWARE Gear this turn
  })
})

describe('cyberpunk-tcg second audit findings (2)', () => {
  it('nocturne-op55-n1 "A friendly Legend may use GO SOLO for -2 €$ this turn": one GO SOLO is discounted, a second Legend pays its full cost', () => {
    const s = blank()
    legends(s, 0, ['v-corporate-exile', 'goro-takemura-hands-unclean', 'viktor-vektor-sit-down-and-relax'])
    s.players[0]!.legends.forEach(l => (l!.spent = true))
    give(s, 0, 'nocturne-op55-n1')
    eddies(s, 0, 11)
    let r = act(s, 0, { type: 'play', card: 'nocturne-op55-n1', pay: [] }).s
    r = pick(r, 2).s
    expect(eddiesSpentOf(r, 0)).toBe(3)
    r = settle(act(r, 0, { type: 'legend', slot: 0, solo: true, pay: [] }).s)
    expect(eddiesSpentOf(r, 0)).toBe(3 + 3) // 5 - 2
    r = settle(act(r, 0, { type: 'legend', slot: 1, solo: true, pay: [] }).s)
    expect(eddiesSpentOf(r, 0)).toBe(3 + 3 + 5) // full cost
  })
})

describe('cyberpunk-tcg second audit findings (3)', () => {
  it('mox-inciters / evelyn-parker-beautiful-enigma "must attack next turn if it can": one attack fulfils it — a Unit readied after attacking (Johnny Silverhand) does not have to attack again', () => {
    const s = blank()
    const j = unit(s, 0, 'johnny-silverhand-never-stop-fighting')
    putOnUnit(s, 'mustAttack', j, 1)
    const t = unit(s, 1, 'psycho-squad', { spent: true })
    gigs(s, 1, [[4, 2]])
    expect(E.legalActions(s, 0).some(a => a.type === 'pass')).toBe(false)
    const r = settle(attack(s, j, t).s)
    expect(fieldUnit(r, j)!.spent).toBe(false) // won its first fight: readied, and it could attack the Gig area
    expect(E.legalActions(r, 0).some(a => a.type === 'attack' && a.unit === j)).toBe(true)
    expect(E.legalActions(r, 0).some(a => a.type === 'pass')).toBe(true)
  })
})

describe('cyberpunk-tcg second audit findings (4)', () => {
  it('the-heist CP-7.18 CP-7.19 "you may play it for free instead": with no friendly Unit or face-up Legend to equip, the Gear cannot be played, so it is not offered and stays in hand', () => {
    const s = blank() // Legends face-down, no Units: no host for a Gear
    gigs(s, 0, [[4, 1]])
    topDeck(s, 0, 'mantis-blades') // cost 1 = the friendly Gig
    topDeck(s, 0, 'psycho-squad')
    topDeck(s, 0, 'floor-it')
    topDeck(s, 0, 'minotaur')
    give(s, 0, 'the-heist')
    eddies(s, 0, 2)
    const r = act(s, 0, { type: 'play', card: 'the-heist', pay: [] }).s
    expect(promptOf(r)).toBeNull()
    expect(handIds(r, 0)).toEqual(['mantis-blades'])
  })
})

describe('cyberpunk-tcg second audit: guards', () => {
  it('CR 1.11 / 1.13 Overtime: a 7th Gig stolen by Gorilla Arms after the Steal Step wins at once', () => {
    const s = blank()
    s.overtime = true
    const u = unit(s, 0, 'psycho-squad')
    gear(s, u, 'gorilla-arms')
    gigs(s, 0, [
      [4, 1],
      [6, 1],
      [8, 1],
      [10, 1],
      [12, 1],
    ])
    gigs(s, 1, [
      [4, 2],
      [6, 3],
      [20, 5],
    ])
    let r = attack(s, u, 'gigs').s
    r = pick(r, r.prompt!.options[0]).s // the Steal Step: 6 Gigs, not yet a win
    expect(winnersOf(r)).toBeNull()
    while (!r.winners && (r.prompt || r.pending.length))
      r = r.prompt ? pick(r, r.prompt.options[0]).s : act(r, 0, { type: 'resolve', id: r.pending[0]!.id }).s
    expect(gigsOf(r, 0)).toHaveLength(7)
    expect(winnersOf(r)).toEqual([0])
    expect(r.reason).toBe('overtime-seven-gigs')
  })
})

// Cited card tests that showed only the positive half of a condition: the other half, so that a missing condition
// fails.
describe('cyberpunk-tcg second audit: conditions of conditional cards (strengthening)', () => {
  it('johnny-silverhand-never-stop-fighting: only the first won fight of the turn readies it', () => {
    const s = blank()
    const j = unit(s, 0, 'johnny-silverhand-never-stop-fighting')
    const [t1, t2] = [unit(s, 1, 'psycho-squad', { spent: true }), unit(s, 1, 'psycho-squad', { spent: true })]
    let r = settle(attack(s, j, t1).s)
    expect(fieldUnit(r, t1)).toBeUndefined()
    expect(fieldUnit(r, j)!.spent).toBe(false) // first win: readied
    r = settle(attack(r, j, t2).s)
    expect(fieldUnit(r, t2)).toBeUndefined()
    expect(fieldUnit(r, j)!.spent).toBe(true) // second win: stays spent
  })

  it('maelstrom-goons: an unequipped Goons stealing makes no one discard', () => {
    const s = blank()
    const g = unit(s, 0, 'maelstrom-goons')
    gigs(s, 1, [[6, 2]])
    give(s, 1, 'floor-it')
    const r = settle(attack(s, g, 'gigs').s)
    expect(gigsOf(r, 0)).toHaveLength(1)
    expect(handIds(r, 1)).toEqual(['floor-it'])
  })

  it('minotaur: without more Street Cred than the rival, PLAY defeats nothing', () => {
    const s = blank()
    gigs(s, 0, [[6, 2]])
    gigs(s, 1, [[6, 2]])
    const small = unit(s, 1, 'emergency-atlus')
    give(s, 0, 'minotaur')
    eddies(s, 0, 7)
    const r = settle(act(s, 0, { type: 'play', card: 'minotaur', pay: [] }).s)
    expect(fieldUnit(r, small)).toBeDefined()
  })

  it('modded-muramasa / maxtac-squadron / delamain-cab: their end-of-turn conditions unmet, nothing is readied', () => {
    const s = blank()
    legends(s, 0, OTHER)
    s.players[0]!.legends[1]!.spent = true
    gigs(s, 0, [[4, 3]])
    gigs(s, 1, [[4, 1]]) // Street Cred 3 > 1: Muramasa is not behind
    const m = unit(s, 0, 'modded-muramasa', { spent: true })
    unit(s, 0, 'maxtac-squadron') // ready: no Legend is readied
    unit(s, 0, 'delamain-cab') // stole nothing: no Eddie
    eddies(s, 0, 1)
    s.players[0]!.eddiesSpent = 1
    const r = act(s, 0, { type: 'pass' }).s
    expect(fieldUnit(r, m)!.spent).toBe(true)
    expect(legendsOf(r, 0)[1]!.spent).toBe(true)
    expect(eddiesSpentOf(r, 0)).toBe(1)
  })

  it('pepe-najarro-working-doubles: without a value-pair no Legend is readied; a non-MERC Legend is never offered', () => {
    const s = blank()
    legends(s, 0, ['v-corporate-exile', 'jackie-welles-pour-one-out-for-me', 'viktor-vektor-sit-down-and-relax'])
    s.players[0]!.legends.forEach(l => (l!.spent = true))
    const p = unit(s, 0, 'pepe-najarro-working-doubles')
    gigs(s, 0, [
      [4, 3],
      [6, 2],
    ])
    gigs(s, 1, [[4, 1]])
    const r = settle(attack(s, p, 'gigs').s)
    expect(legendsOf(r, 0).map(l => l!.spent)).toEqual([true, true, true])
    const s2 = blank()
    legends(s2, 0, ['v-corporate-exile', 'jackie-welles-pour-one-out-for-me', 'viktor-vektor-sit-down-and-relax'])
    s2.players[0]!.legends.forEach(l => (l!.spent = true))
    const p2 = unit(s2, 0, 'pepe-najarro-working-doubles')
    gigs(s2, 0, [
      [4, 3],
      [6, 3],
    ])
    gigs(s2, 1, [[4, 1]])
    const r2 = attack(s2, p2, 'gigs').s
    expect(promptOf(r2)!.options).toEqual([0, 1, 'none']) // Viktor Vektor (RIPPERDOC) is not a MERC Legend
  })
})
