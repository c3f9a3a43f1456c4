// Cyberpunk TCG cards of The Heist and Embracing Power sets, one test per card.
import { describe, expect, it } from 'vitest'
import { isListed } from '../../support/playout.ts'
import {
  act,
  attack,
  attackOf,
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
  peekOf,
  pendingOf,
  pick,
  play,
  power,
  promptOf,
  settle,
  topDeck,
  trashOf,
  unit,
} from './helpers.ts'

const HEIST_L = ['v-corporate-exile', 'viktor-vektor-sit-down-and-relax', 'jackie-welles-pour-one-out-for-me']
const EBP_L = [
  'goro-takemura-hands-unclean',
  'yorinobu-arasaka-embracing-destruction',
  'saburo-arasaka-stubborn-patriarch',
]

describe('cyberpunk-tcg cards: The Heist', () => {
  it('v-corporate-exile CR 11.25: GO SOLO for 5 €$, 8 power, attacks the turn it is played', () => {
    const s = blank()
    const [v] = legends(s, 0, HEIST_L)
    eddies(s, 0, 5)
    gigs(s, 1, [[6, 4]])
    let r = act(s, 0, { type: 'legend', slot: 0, solo: true, pay: [] }).s
    expect(power(r, v!)).toBe(8)
    r = settle(attack(r, v!, 'gigs').s)
    expect(gigsOf(r, 0)).toHaveLength(1)
  })

  it('viktor-vektor-sit-down-and-relax CALL: search 5, take up to 2 Gears costing 2 or less, rest to the bottom', () => {
    const s = blank()
    legends(s, 0, HEIST_L, false)
    eddies(s, 0, 1)
    const bottom = s.players[0]!.deck[0]
    topDeck(s, 0, 'psycho-squad')
    const kir = topDeck(s, 0, 'kiroshi-optics')
    topDeck(s, 0, 'sandevistan') // Gear costing 3: not takeable
    const man = topDeck(s, 0, 'mantis-blades')
    topDeck(s, 0, 'floor-it')
    let r = act(s, 0, { type: 'call', slot: 1, pay: [] }).s
    expect(promptOf(r)!.options).toEqual(['kiroshi-optics', 'mantis-blades', 'none'])
    expect(promptOf(r)!.seen).toHaveLength(5)
    r = pick(r, 'mantis-blades').s
    r = pick(r, 'kiroshi-optics').s
    expect(handOf(r, 0)).toEqual([man, kir])
    expect(
      deckOf(r, 0)
        .slice(0, 3)
        .map(u => r.cards[u])
        .sort(),
    ).toEqual(['floor-it', 'psycho-squad', 'sandevistan'])
    expect(deckOf(r, 0)[3]).toBe(bottom)
  })

  it('jackie-welles-pour-one-out-for-me: first Blue Unit/Gear each turn may lower a friendly Gig by 2; min Gig draws 1', () => {
    const s = blank()
    legends(s, 0, HEIST_L)
    const [d] = gigs(s, 0, [[6, 3]])
    give(s, 0, 'psycho-squad', 2)
    eddies(s, 0, 8)
    let r = play(s, 'psycho-squad').s
    expect(promptOf(r)!.options).toEqual([{ die: d, value: 1 }, { die: d, value: 2 }, 'none'])
    const hand = r.players[0]!.hand.length
    r = pick(r, { die: d, value: 1 }).s
    expect(dieValue(r, d!)).toBe(1)
    expect(handOf(r, 0).length).toBe(hand + 1)
    r = play(r, 'psycho-squad').s // second Blue Unit this turn: no trigger
    expect(promptOf(r)).toBeNull()
    expect(pendingOf(r)).toEqual([])
  })

  it('dexter-deshawn-one-last-chance: PLAY adjusts a Gig by up to 1 (any side); DEFEATED draws 2 on a 10+ Street Cred gap', () => {
    const s = blank()
    const [mine] = gigs(s, 0, [[20, 15]])
    const [theirs] = gigs(s, 1, [[4, 2]])
    give(s, 0, 'dexter-deshawn-one-last-chance')
    eddies(s, 0, 3)
    let r = play(s, 'dexter-deshawn-one-last-chance').s
    expect(promptOf(r)!.options).toEqual([
      { die: mine, value: 14 },
      { die: mine, value: 16 },
      { die: theirs, value: 1 },
      { die: theirs, value: 3 },
      'none',
    ])
    r = pick(r, { die: theirs, value: 3 }).s
    expect(dieValue(r, theirs!)).toBe(3)
    // defeated in a fight: 15 vs 3 => draws 2
    const t = copy(r)
    const dex = t.players[0]!.field[0]!
    dex.spent = true
    t.active = 1
    const atk = unit(t, 1, 'psycho-squad')
    t.players[0]!.legends.forEach(l => l && (l.spent = true))
    t.players[0]!.eddiesSpent = t.players[0]!.eddies.length
    const n = t.players[0]!.hand.length
    const r2 = settle(act(t, 1, { type: 'attack', unit: atk, target: dex.uid }).s)
    expect(trashOf(r2, 0)).toContain(dex.uid)
    expect(handOf(r2, 0).length).toBe(n + 2)
  })

  it('heywood-ripperdoc PLAY: may defeat a Gear; draws 1 when its cost equals a friendly Gig value', () => {
    const s = blank()
    gigs(s, 0, [[4, 1]])
    const host = unit(s, 1, 'psycho-squad')
    const g = gear(s, host, 'mantis-blades') // cost 1
    give(s, 0, 'heywood-ripperdoc')
    eddies(s, 0, 6)
    let r = play(s, 'heywood-ripperdoc').s
    expect(promptOf(r)!.options).toEqual([g, 'none'])
    const n = r.players[0]!.hand.length
    r = pick(r, g).s
    expect(trashOf(r, 1)).toEqual([g])
    expect(fieldUnit(r, host)!.gear).toEqual([])
    expect(handOf(r, 0).length).toBe(n + 1)
  })

  it('offduty-malfini PLAY: spends itself and a rival Unit', () => {
    const s = blank()
    const a = unit(s, 1, 'psycho-squad')
    give(s, 0, 'offduty-malfini')
    eddies(s, 0, 4)
    const r = play(s, 'offduty-malfini').s
    expect(fieldOf(r, 0)[0]!.spent).toBe(true)
    expect(fieldUnit(r, a)!.spent).toBe(true)
  })

  it('secondhand-bombus FAQ 2: BLOCKER works the turn it is played (Lag does not stop it); 0 power steals nothing', () => {
    const s = blank()
    const a = unit(s, 0, 'psycho-squad')
    const b = unit(s, 1, 'secondhand-bombus', { lag: true })
    gigs(s, 1, [[4, 2]])
    const r = attack(s, a, 'gigs').s
    expect(isListed(E, r, 1, { type: 'block', unit: b })).toBe(true)
    const s2 = blank()
    const z = unit(s2, 0, 'secondhand-bombus')
    gigs(s2, 1, [[4, 2]])
    expect(gigsOf(settle(attack(s2, z, 'gigs').s), 0)).toEqual([])
  })

  it('t-bug-amateur-philosopher DEFEATED: look at all face-down Legends, then may Call one for free', () => {
    const s = blank({ active: 1 })
    legends(s, 0, HEIST_L, false)
    s.players[0]!.legends.forEach(l => (l!.spent = true))
    const t = unit(s, 0, 't-bug-amateur-philosopher', { spent: true })
    const a = unit(s, 1, 'psycho-squad')
    let r = act(s, 1, { type: 'attack', unit: a, target: t }).s
    expect(trashOf(r, 0)).toContain(t)
    expect(promptOf(r)).toMatchObject({ seat: 0, options: [0, 1, 2, 'none'] })
    expect(peekOf(r, 0)).toHaveLength(3)
    r = pick(r, 1).s
    expect(legendsOf(r, 0)[1]!.faceUp).toBe(true)
    expect(eddiesSpentOf(r, 0)).toBe(0)
  })

  it('kiroshi-optics ATTACK: look at a friendly face-down Legend (only its owner learns it)', () => {
    const s = blank()
    legends(s, 0, HEIST_L, false)
    const a = unit(s, 0, 'psycho-squad')
    gear(s, a, 'kiroshi-optics')
    gigs(s, 1, [[4, 2]])
    let r = attack(s, a, 'gigs').s
    expect(promptOf(r)!.options).toEqual([0, 1, 2])
    r = settle(pick(r, 1).s)
    const mine = E.view(r, 0) as { players: { legends: { known?: string }[] }[] }
    expect(mine.players[0]!.legends[1]!.known).toBe('viktor-vektor-sit-down-and-relax')
    const theirs = E.view(r, 1) as { players: { legends: { known?: string; card?: string }[] }[] }
    expect(theirs.players[0]!.legends.every(l => l.known === undefined && l.card === undefined)).toBe(true)
    expect(power(r, a)).toBe(7)
  })

  it('mandibular-upgrade CP-5.19: the host inherits BLOCKER', () => {
    const s = blank()
    const a = unit(s, 0, 'psycho-squad')
    const h = unit(s, 1, 'emergency-atlus')
    gear(s, h, 'mandibular-upgrade')
    gigs(s, 1, [[4, 2]])
    const r = attack(s, a, 'gigs').s
    expect(E.legalActions(r, 1)).toEqual([{ type: 'block', unit: h }, { type: 'endReactions' }])
  })

  it('zetatech-faceplate: when the host is spent, adjust a Gig by up to 1, then draw with 3+ different friendly values', () => {
    const s = blank()
    const a = unit(s, 0, 'psycho-squad')
    gear(s, a, 'zetatech-faceplate')
    const [d1] = gigs(s, 0, [
      [4, 3],
      [6, 3],
      [8, 4],
    ])
    gigs(s, 1, [[4, 2]])
    let r = attack(s, a, 'gigs').s
    const n = r.players[0]!.hand.length
    r = pick(r, { die: d1, value: 2 }).s
    expect(handOf(r, 0).length).toBe(n + 1)
  })

  it('afterparty-at-lizzies: adjust a Gig by up to 1; draw 1 with 2+ different friendly values', () => {
    const s = blank()
    const [d1] = gigs(s, 0, [
      [4, 3],
      [6, 3],
    ])
    give(s, 0, 'afterparty-at-lizzies')
    eddies(s, 0, 1)
    let r = play(s, 'afterparty-at-lizzies').s
    r = pick(r, { die: d1, value: 4 }).s
    expect(handOf(r, 0)).toHaveLength(1)
    expect(trashOf(r, 0).map(u => cardOf(r, u))).toEqual(['afterparty-at-lizzies'])
  })

  it('delamain-cab: at the end of your turn, if it stole a Gig this turn, ready 1 Eddie', () => {
    const s = blank()
    const c = unit(s, 0, 'delamain-cab')
    eddies(s, 0, 2)
    s.players[0]!.eddiesSpent = 2
    gigs(s, 1, [[4, 2]])
    let r = settle(attack(s, c, 'gigs').s)
    r = act(r, 0, { type: 'pass' }).s
    expect(eddiesSpentOf(r, 0)).toBe(1)
  })

  it('evelyn-parker-scheming-siren ATTACK: draw 1, then discard 1 if your Street Cred is higher', () => {
    const s = blank()
    const e = unit(s, 0, 'evelyn-parker-scheming-siren')
    gigs(s, 0, [[20, 20]])
    gigs(s, 1, [[4, 2]])
    give(s, 0, 'floor-it')
    let r = attack(s, e, 'gigs').s
    expect(promptOf(r)!.label).toBe('discard a card')
    r = settle(pick(r, 'floor-it').s)
    expect(handOf(r, 0)).toHaveLength(1)
    expect(gigsOf(r, 0)).toHaveLength(1) // power 0 steals nothing
  })

  it('mt0d12-flathead: cannot be blocked while your Street Cred is below the rival; has a Sell Tag', () => {
    const s = blank()
    const f = unit(s, 0, 'mt0d12-flathead')
    unit(s, 1, 'secondhand-bombus')
    gigs(s, 1, [
      [4, 2],
      [6, 6],
    ])
    gigs(s, 0, [[4, 1]])
    const r = attack(s, f, 'gigs').s
    expect(promptOf(r)).toMatchObject({ seat: 0, kind: 'steal' }) // no block was offered to seat 1
    const s2 = blank()
    give(s2, 0, 'mt0d12-flathead')
    expect(isListed(E, s2, 0, { type: 'sell', card: 'mt0d12-flathead' })).toBe(true)
  })

  it('psycho-squad: a vanilla 6-power Unit', () => {
    const s = blank()
    expect(power(s, unit(s, 0, 'psycho-squad'))).toBe(6)
  })

  it('dying-night-vs-pistol ATTACK: decrease a Gig by up to 2; at the end of the turn a host named V readies 2 Eddies', () => {
    const s = blank()
    legends(s, 0, HEIST_L)
    s.players[0]!.legends[0] = null
    const v = unit(s, 0, 'v-corporate-exile')
    gear(s, v, 'dying-night-vs-pistol')
    const [d] = gigs(s, 1, [[6, 5]])
    eddies(s, 0, 3)
    s.players[0]!.eddiesSpent = 3
    let r = attack(s, v, 'gigs').s
    expect(promptOf(r)!.options).toEqual([{ die: d, value: 3 }, { die: d, value: 4 }, 'none'])
    r = settle(pick(r, { die: d, value: 3 }).s)
    expect(dieValue(r, d!)).toBe(3)
    r = act(r, 0, { type: 'pass' }).s
    expect(eddiesSpentOf(r, 0)).toBe(1)
  })

  it('tetratronic-rippler: when the host is spent, look at the top card and you may trash it', () => {
    const s = blank()
    const a = unit(s, 0, 'psycho-squad')
    gear(s, a, 'tetratronic-rippler')
    const top = topDeck(s, 0, 'floor-it')
    gigs(s, 1, [[4, 2]])
    let r = attack(s, a, 'gigs').s
    expect(promptOf(r)).toMatchObject({ options: ['trash', 'keep'], seen: ['floor-it'] })
    r = pick(r, 'trash').s
    expect(trashOf(r, 0)).toEqual([top])
  })

  it('floor-it QUICK: a rival Unit gets -1 power this turn; draw 1', () => {
    const s = blank()
    const t = unit(s, 1, 'psycho-squad')
    give(s, 0, 'floor-it')
    eddies(s, 0, 1)
    const r = play(s, 'floor-it').s
    expect(power(r, t)).toBe(5)
    expect(handOf(r, 0)).toHaveLength(1)
  })

  it('reboot-optics QUICK: the next rival Unit to fight this turn defeats nothing', () => {
    const s = blank({ active: 1 })
    const t = unit(s, 0, 'emergency-atlus', { spent: true })
    const a = unit(s, 1, 'psycho-squad')
    give(s, 0, 'reboot-optics')
    eddies(s, 0, 2)
    let r = act(s, 1, { type: 'attack', unit: a, target: t }).s
    r = act(r, 0, { type: 'play', card: 'reboot-optics', pay: [] }).s
    r = settle(r)
    expect(fieldUnit(r, t)).toBeDefined()
    expect(trashOf(r, 0).map(u => cardOf(r, u))).toEqual(['reboot-optics'])
  })
})

describe('cyberpunk-tcg cards: Embracing Power', () => {
  it('goro-takemura-hands-unclean FAQ 7: BLOCKER only on the field, not from the Legends area', () => {
    const s = blank()
    const a = unit(s, 0, 'psycho-squad')
    legends(s, 1, EBP_L)
    s.players[1]!.legends.forEach(l => (l!.spent = true))
    gigs(s, 1, [[4, 2]])
    expect(attackOf(attack(s, a, 'gigs').s)).toBeNull() // nothing to react with
    const s2 = blank()
    const a2 = unit(s2, 0, 'psycho-squad')
    const g = unit(s2, 1, 'goro-takemura-hands-unclean')
    gigs(s2, 1, [[4, 2]])
    expect(E.legalActions(attack(s2, a2, 'gigs').s, 1)).toContainEqual({ type: 'block', unit: g })
  })

  it('yorinobu-arasaka-embracing-destruction: first ARASAKA attack each turn draws 1, then discards 1 below 20 Street Cred', () => {
    const s = blank()
    legends(s, 0, EBP_L)
    const a = unit(s, 0, 'minotaur')
    const b = unit(s, 0, 'minotaur')
    gigs(s, 1, [
      [4, 2],
      [6, 2],
      [8, 2],
    ])
    give(s, 0, 'floor-it')
    let r = attack(s, a, 'gigs').s
    // Yorinobu's trigger: draw then discard (Street Cred null < 20)
    expect(promptOf(r)?.label).toBe('discard a card')
    const drawn = handIds(r, 0)[1]!
    r = settle(pick(r, drawn).s)
    expect(handIds(r, 0)).toEqual(['floor-it'])
    r = attack(r, b, 'gigs').s
    expect(promptOf(r)?.label).not.toBe('discard a card')
  })

  it('saburo-arasaka-stubborn-patriarch: friendly ARASAKA Units have +1 power while attacking', () => {
    const s = blank()
    legends(s, 0, ['saburo-arasaka-stubborn-patriarch', 'v-corporate-exile', 'jackie-welles-pour-one-out-for-me'])
    const m = unit(s, 0, 'minotaur')
    const p = unit(s, 0, 'psycho-squad')
    const t = unit(s, 1, 'minotaur', { spent: true })
    expect(power(s, m)).toBe(9)
    const r = attack(s, m, t)
    expect(r.ev.find(e => e.type === 'fight')).toMatchObject({ powers: [10, 9] })
    expect(trashOf(r.s, 1)).toEqual([t])
    void p
  })

  it('chrome-fang PLAY: until your next turn rival Units cannot steal your Gigs with value above their power', () => {
    const s = blank()
    give(s, 0, 'chrome-fang')
    eddies(s, 0, 5)
    const [hi, lo] = gigs(s, 0, [
      [20, 18],
      [4, 3],
    ])
    let r = play(s, 'chrome-fang').s
    const t = copy(r)
    t.active = 1
    const a = unit(t, 1, 'psycho-squad')
    t.players[0]!.legends.forEach(l => l && (l.spent = true))
    t.players[0]!.eddiesSpent = t.players[0]!.eddies.length
    r = settle(act(t, 1, { type: 'attack', unit: a, target: 'gigs' }).s)
    expect(gigsOf(r, 1)).toEqual([lo])
    expect(gigsOf(r, 0)).toEqual([hi])
  })

  it('minotaur PLAY: with more Street Cred, defeat a rival Unit with power 5 or less', () => {
    const s = blank()
    gigs(s, 0, [[6, 4]])
    const small = unit(s, 1, 'emergency-atlus')
    unit(s, 1, 'psycho-squad')
    give(s, 0, 'minotaur')
    eddies(s, 0, 7)
    const r = play(s, 'minotaur').s
    expect(trashOf(r, 1)).toEqual([small])
  })

  it('ruthless-lowlife: can only attack rival Units', () => {
    const s = blank()
    const l = unit(s, 0, 'ruthless-lowlife')
    const t = unit(s, 1, 'psycho-squad', { spent: true })
    gigs(s, 1, [[4, 2]])
    const targets = E.legalActions(s, 0)
      .filter(a => a.type === 'attack')
      .map(a => (a as { target: unknown }).target)
    expect(targets).toEqual([t])
    void l
  })

  it('swordwise-huscle ATTACK: draw 1 if it has 5+ power', () => {
    const s = blank()
    const w = unit(s, 0, 'swordwise-huscle')
    const w2 = unit(s, 0, 'swordwise-huscle')
    gear(s, w2, 'mantis-blades')
    gigs(s, 1, [
      [4, 2],
      [6, 2],
    ])
    let r = settle(attack(s, w, 'gigs').s)
    expect(handOf(r, 0)).toHaveLength(0)
    r = settle(attack(r, w2, 'gigs').s)
    expect(handOf(r, 0)).toHaveLength(1)
  })

  it('emergency-atlus: a vanilla 4-power Unit', () => {
    const s = blank()
    expect(power(s, unit(s, 0, 'emergency-atlus'))).toBe(4)
  })

  it('field-operator PLAY FAQ: draw 1 if your Street Cred is even (0 and none are not even)', () => {
    const s = blank()
    gigs(s, 0, [
      [4, 2],
      [6, 4],
    ])
    give(s, 0, 'field-operator')
    eddies(s, 0, 3)
    expect(handOf(play(s, 'field-operator').s, 0)).toHaveLength(1)
    const s2 = blank()
    gigs(s2, 0, [[4, 3]])
    give(s2, 0, 'field-operator')
    eddies(s2, 0, 3)
    expect(handOf(play(s2, 'field-operator').s, 0)).toHaveLength(0)
  })

  it('goro-takemura-losing-his-way ATTACK: +5 power this turn if all friendly Legends are face-up', () => {
    const s = blank()
    legends(s, 0, EBP_L)
    const g = unit(s, 0, 'goro-takemura-losing-his-way')
    const t = unit(s, 1, 'minotaur', { spent: true })
    s.players[0]!.hand.push(...[]) // Yorinobu triggers too: it will ask to discard
    const r = settle(attack(s, g, t).s)
    expect(trashOf(r, 1)).toEqual([t]) // 4 + 5 + 1 (Saburo) = 10 > 9
    const s2 = blank()
    legends(s2, 0, EBP_L)
    s2.players[0]!.legends[0]!.faceUp = false
    const g2 = unit(s2, 0, 'goro-takemura-losing-his-way')
    const t2 = unit(s2, 1, 'minotaur', { spent: true })
    const r2 = settle(attack(s2, g2, t2).s)
    expect(trashOf(r2, 0)).toContain(g2)
  })

  it('maxtac-av PLAY: may swap a friendly Gig with a rival Gig (swapping is not stealing)', () => {
    const s = blank()
    const [mine] = gigs(s, 0, [[4, 1]])
    const [theirs] = gigs(s, 1, [[20, 19]])
    give(s, 0, 'maxtac-av')
    eddies(s, 0, 5)
    let r = play(s, 'maxtac-av').s
    expect(promptOf(r)!.options).toEqual([{ friendly: mine, rival: theirs }, 'none'])
    r = pick(r, { friendly: mine, rival: theirs }).s
    expect(gigsOf(r, 0)).toEqual([theirs])
    expect(gigsOf(r, 1)).toEqual([mine])
    expect(dieValue(r, theirs!)).toBe(19)
  })

  it('arasaka-emergency-radioport: when the host is spent, may look at a face-down Legend; ARASAKA or GO SOLO may be Called free', () => {
    const s = blank()
    legends(
      s,
      0,
      ['yorinobu-arasaka-embracing-destruction', 'v-corporate-exile', 'jackie-welles-pour-one-out-for-me'],
      false,
    )
    const a = unit(s, 0, 'psycho-squad')
    gear(s, a, 'arasaka-emergency-radioport')
    gigs(s, 1, [[4, 2]])
    let r = attack(s, a, 'gigs').s
    expect(promptOf(r)!.options).toEqual([0, 1, 2, 'none'])
    r = pick(r, 2).s // Jackie: not ARASAKA, no GO SOLO -> no call offered
    expect(legendsOf(r, 0)[2]!.faceUp).toBe(false)
    const s2 = copy(s)
    let r2 = attack(s2, a, 'gigs').s
    r2 = pick(r2, 0).s
    expect(promptOf(r2)!.options).toEqual([0, 'none'])
    r2 = pick(r2, 0).s
    expect(legendsOf(r2, 0)[0]!.faceUp).toBe(true)
    expect(r2.players[0]!.called).toBe(true)
    expect(eddiesSpentOf(r2, 0)).toBe(0)
  })

  it('mantis-blades CP-5.3: +2 power to its host', () => {
    const s = blank()
    const a = unit(s, 0, 'emergency-atlus')
    gear(s, a, 'mantis-blades')
    expect(power(s, a)).toBe(6)
  })

  it('satori-sword-of-saburo: when the host wins a fight against a rival Unit, draw 1', () => {
    const s = blank()
    const a = unit(s, 0, 'psycho-squad')
    gear(s, a, 'satori-sword-of-saburo')
    const t = unit(s, 1, 'emergency-atlus', { spent: true })
    const r = settle(attack(s, a, t).s)
    expect(handOf(r, 0)).toHaveLength(1)
    expect(trashOf(r, 1)).toEqual([t])
  })

  it('industrial-assembly: increase a Gig by up to 4; draw 1 if you control a Gig of 8+', () => {
    const s = blank()
    const [d] = gigs(s, 0, [[8, 4]])
    give(s, 0, 'industrial-assembly')
    eddies(s, 0, 1)
    let r = play(s, 'industrial-assembly').s
    expect(promptOf(r)!.options).toEqual([
      { die: d, value: 5 },
      { die: d, value: 6 },
      { die: d, value: 7 },
      { die: d, value: 8 },
      'none',
    ])
    r = pick(r, { die: d, value: 8 }).s
    expect(handOf(r, 0)).toHaveLength(1)
  })

  it('over-the-edge: defeat a Unit with power up to the value of a friendly d20 (none without a d20)', () => {
    const s = blank()
    const big = unit(s, 1, 'minotaur')
    give(s, 0, 'over-the-edge')
    eddies(s, 0, 3)
    const r0 = play(copy(s), 'over-the-edge').s
    expect(fieldUnit(r0, big)).toBeDefined()
    gigs(s, 0, [[20, 9]])
    const r = play(s, 'over-the-edge').s
    expect(trashOf(r, 1)).toEqual([big])
  })

  it('shattered-memories: both discard their hands and may draw 5; draw 2 more if the discarded total equals a friendly Gig', () => {
    const s = blank()
    gigs(s, 0, [[4, 3]])
    give(s, 0, 'floor-it')
    give(s, 1, 'floor-it', 2)
    give(s, 0, 'shattered-memories')
    eddies(s, 0, 4)
    let r = play(s, 'shattered-memories').s
    expect(handOf(r, 0)).toHaveLength(0)
    expect(handOf(r, 1)).toHaveLength(0)
    expect(promptOf(r)).toMatchObject({ seat: 0, options: ['draw', 'none'] })
    r = pick(r, 'draw').s
    expect(promptOf(r)).toMatchObject({ seat: 1 })
    r = pick(r, 'none').s
    expect(handOf(r, 0)).toHaveLength(7)
    expect(handOf(r, 1)).toHaveLength(0)
  })

  it('corpo-security: BLOCKER, and it cannot attack', () => {
    const s = blank()
    unit(s, 0, 'corpo-security')
    gigs(s, 1, [[4, 2]])
    expect(E.legalActions(s, 0).some(a => a.type === 'attack')).toBe(false)
  })

  it('sandevistan: at the end of your turn, ready its host', () => {
    const s = blank()
    const a = unit(s, 0, 'psycho-squad', { spent: true })
    gear(s, a, 'sandevistan')
    const r = act(s, 0, { type: 'pass' }).s
    expect(fieldUnit(r, a)!.spent).toBe(false)
  })

  it('corporate-surveillance: spend a rival Unit with cost 4 or less', () => {
    const s = blank()
    const cheap = unit(s, 1, 'emergency-atlus')
    const dear = unit(s, 1, 'minotaur')
    give(s, 0, 'corporate-surveillance')
    eddies(s, 0, 2)
    const r = play(s, 'corporate-surveillance').s
    expect(fieldUnit(r, cheap)!.spent).toBe(true)
    expect(fieldUnit(r, dear)!.spent).toBe(false)
  })
})
