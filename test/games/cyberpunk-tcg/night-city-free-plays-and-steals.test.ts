// Cyberpunk TCG cards of Welcome to Night City: free plays (from hand or trash), extra steals, forced attacks,
// discarded Programs and Deadman Transmitter.
import { describe, expect, it } from 'vitest'
import { isListed } from '../../support/playout.ts'
import {
  act,
  activeOf,
  attack,
  blank,
  cardOf,
  copy,
  deckOf,
  E,
  eddies,
  eddiesOf,
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
  OTHER,
  pick,
  play,
  power,
  promptOf,
  settle,
  topDeck,
  trashOf,
  unit,
  unitUnder,
} from './helpers.ts'

describe('cyberpunk-tcg cards: Welcome to Night City (3)', () => {
  it('deadman-transmitter CP-12.7 CP-12.8 CP-12.9 CP-12.16 FAQ 21: the Gear is defeated instead of its host; no DEFEATED trigger', () => {
    const s = blank({ active: 1 })
    const t = unit(s, 0, 't-bug-amateur-philosopher', { spent: true })
    const dm = gear(s, t, 'deadman-transmitter')
    const a = unit(s, 1, 'animals-wrecker')
    const r = act(s, 1, { type: 'attack', unit: a, target: t })
    expect(fieldUnit(r.s, t)).toBeDefined()
    expect(trashOf(r.s, 0)).toEqual([dm])
    expect(r.ev.find(e => e.type === 'fight')).toMatchObject({ winner: a }) // it still lost the fight
    expect(promptOf(r.s)).toBeNull() // T-Bug's DEFEATED did not trigger
  })

  it('deadman-transmitter CP-12.15 CP-12.16: with two copies one replaces this defeat; the next defeat uses the other', () => {
    const s = blank()
    const h = unit(s, 1, 'psycho-squad')
    gear(s, h, 'deadman-transmitter')
    gear(s, h, 'deadman-transmitter')
    give(s, 0, 'wild-in-the-streets', 3)
    eddies(s, 0, 15)
    fieldUnit(s, h)!.spent = true
    let r = play(s, 'wild-in-the-streets').s
    expect(fieldUnit(r, h)!.gear).toHaveLength(1)
    r = play(r, 'wild-in-the-streets').s
    expect(fieldUnit(r, h)!.gear).toHaveLength(0)
    r = play(r, 'wild-in-the-streets').s
    expect(trashOf(r, 1)).toContain(h)
  })

  it('viktor-vektor-drop-your-illusions: the first CYBERWARE Gear each turn costs 3 less (minimum 1); CP-3.4 the printed cost is unchanged', () => {
    const s = blank()
    s.players[0]!.legends.forEach(l => l && (l.spent = true))
    const v = unit(s, 0, 'viktor-vektor-drop-your-illusions')
    give(s, 0, 'sandevistan', 2)
    eddies(s, 0, 1)
    expect(isListed(E, s, 0, { type: 'play', card: 'sandevistan', pay: [], host: v })).toBe(true)
    const r = play(s, 'sandevistan', v).s
    expect(eddiesSpentOf(r, 0)).toBe(1)
    expect(E.legalActions(r, 0).some(a => a.type === 'play')).toBe(false)
    expect((E.cards().find(c => c.id === 'sandevistan')!.data as { cost: number }).cost).toBe(3)
  })

  it('mox-inciters PLAY: a rival Unit must attack next turn if it can (its controller cannot pass meanwhile)', () => {
    const s = blank()
    const t = unit(s, 1, 'psycho-squad')
    give(s, 0, 'mox-inciters')
    eddies(s, 0, 3)
    gigs(s, 0, [[4, 2]])
    let r = play(s, 'mox-inciters').s
    r = settle(act(r, 0, { type: 'pass' }).s)
    expect(activeOf(r)).toBe(1)
    expect(E.legalActions(r, 1).some(a => a.type === 'pass')).toBe(false)
    r = settle(act(r, 1, { type: 'attack', unit: t, target: 'gigs' }).s)
    expect(E.legalActions(r, 1).some(a => a.type === 'pass')).toBe(true)
  })

  it('evelyn-parker-beautiful-enigma: a friendly CORPO/GANGER steal readies 1 Eddie; 1 €$ spend forces a rival attack', () => {
    const s = blank()
    legends(s, 0, ['evelyn-parker-beautiful-enigma', 'v-corporate-exile', 'viktor-vektor-sit-down-and-relax'])
    const a = unit(s, 0, 'ruthless-lowlife')
    const b = unit(s, 0, 'field-operator')
    eddies(s, 0, 2)
    s.players[0]!.eddiesSpent = 1
    gigs(s, 1, [[4, 2]])
    unit(s, 1, 'psycho-squad', { spent: true })
    let r = attack(s, b, 'gigs').s
    expect(eddiesSpentOf(r, 0)).toBe(0)
    const t = r.players[1]!.field[0]!.uid
    r = act(r, 0, { type: 'activate', src: r.players[0]!.legends[0]!.uid, ab: 1, pay: [] }).s
    expect(unitUnder(r, 'mustAttack', t)).toBe(true)
    void a
  })

  it('panam-palmer-strength-through-family: Call for free during your turn; ATTACK discard 1 to draw per face-up Legend', () => {
    const s = blank()
    s.players[0]!.legends.forEach(l => l && (l.spent = true))
    legends(s, 0, OTHER, false)
    const p = unit(s, 0, 'panam-palmer-strength-through-family')
    expect(E.legalActions(s, 0).filter(a => a.type === 'call')).toHaveLength(3)
    let r = act(s, 0, { type: 'call', slot: 0, pay: [] }).s
    expect(eddiesSpentOf(r, 0)).toBe(0)
    r = copy(settle(r))
    give(r, 0, 'floor-it')
    gigs(r, 1, [[4, 1]])
    r = settle(attack(r, p, 'gigs').s)
    expect(handIds(r, 0)).toHaveLength(1)
  })

  it('placide-voodoo-sentinel PLAY/ATTACK: may discard a Program to bottom-deck a rival Unit', () => {
    const s = blank()
    const t = unit(s, 1, 'animals-wrecker')
    give(s, 0, 'floor-it')
    give(s, 0, 'placide-voodoo-sentinel')
    eddies(s, 0, 8)
    let r = play(s, 'placide-voodoo-sentinel').s
    expect(promptOf(r)!.options).toEqual(['floor-it', 'none'])
    r = pick(r, 'floor-it').s
    expect(deckOf(r, 1)[0]).toBe(t)
  })

  it('maman-brigitte-spirit-of-death PLAY: may discard 2 Programs to bottom-deck a rival unequipped Unit', () => {
    const s = blank()
    const t = unit(s, 1, 'animals-wrecker')
    const e = unit(s, 1, 'psycho-squad')
    gear(s, e, 'mantis-blades')
    give(s, 0, 'floor-it', 2)
    give(s, 0, 'maman-brigitte-spirit-of-death')
    eddies(s, 0, 5)
    let r = play(s, 'maman-brigitte-spirit-of-death').s
    r = pick(r, 'floor-it').s
    expect(promptOf(r)!.options).toEqual(['floor-it']) // the second Program follows: no 'none' (all or nothing; see card-interactions.test.ts)
    r = pick(r, 'floor-it').s
    expect(deckOf(r, 1)[0]).toBe(t)
  })

  it('cyberpsychosis QUICK: +3 per equipped Gear this turn; a Unit that steals or fights is defeated at the end of the turn', () => {
    const s = blank()
    const u = unit(s, 0, 'psycho-squad')
    gear(s, u, 'mantis-blades')
    gigs(s, 1, [[4, 1]])
    give(s, 0, 'cyberpsychosis')
    eddies(s, 0, 3)
    let r = play(s, 'cyberpsychosis').s
    expect(power(r, u)).toBe(6 + 2 + 3)
    r = settle(attack(r, u, 'gigs').s)
    r = act(r, 0, { type: 'pass' }).s
    expect(trashOf(r, 0)).toContain(u)
  })

  it('fool-on-the-hill: the rival chooses whether the top 2 go to your hand or your trash (then draw 2)', () => {
    const s = blank()
    topDeck(s, 0, 'psycho-squad')
    topDeck(s, 0, 'floor-it')
    give(s, 0, 'fool-on-the-hill')
    eddies(s, 0, 2)
    let r = play(s, 'fool-on-the-hill').s
    expect(promptOf(r)).toMatchObject({ seat: 1, options: ['hand', 'trash'] })
    r = pick(r, 'trash').s
    expect(trashOf(r, 0).map(u => cardOf(r, u))).toEqual(expect.arrayContaining(['psycho-squad', 'floor-it']))
    expect(handOf(r, 0)).toHaveLength(2)
  })

  it("bootleg-black-sapphire-show: sell the top card of the deck (not the turn's Sell by default); draw 2 with an even and an odd Gig", () => {
    const s = blank()
    gigs(s, 0, [
      [4, 1],
      [6, 2],
    ])
    give(s, 0, 'bootleg-black-sapphire-show')
    give(s, 0, 'floor-it')
    eddies(s, 0, 5)
    const r = play(s, 'bootleg-black-sapphire-show').s
    expect(eddiesOf(r, 0)).toHaveLength(6)
    expect(handOf(r, 0)).toHaveLength(3)
    expect(isListed(E, r, 0, { type: 'sell', card: 'floor-it' })).toBe(true)
    const s2 = blank({ options: { effectSellCountsAsAction: true } })
    give(s2, 0, 'bootleg-black-sapphire-show')
    give(s2, 0, 'floor-it')
    eddies(s2, 0, 5)
    expect(isListed(E, play(s2, 'bootleg-black-sapphire-show').s, 0, { type: 'sell', card: 'floor-it' })).toBe(false)
  })

  it('gorilla-arms: the first steal each turn also steals a rival Gig whose value no friendly Gig shares', () => {
    const s = blank()
    const u = unit(s, 0, 'psycho-squad')
    gear(s, u, 'gorilla-arms')
    gigs(s, 0, [[4, 3]])
    const [a, b] = gigs(s, 1, [
      [6, 3],
      [8, 5],
    ])
    let r = attack(s, u, 'gigs').s
    r = pick(r, a).s // the Steal Step takes the 3
    expect(gigsOf(r, 0)).toContain(b) // then Gorilla Arms takes the 5 (the 3 is shared)
  })

  it('appetite-for-destruction: the next friendly win by 3+ this turn also steals a Gig', () => {
    const s = blank()
    const u = unit(s, 0, 'animals-wrecker')
    const t = unit(s, 1, 'emergency-atlus', { spent: true })
    gigs(s, 1, [[4, 2]])
    give(s, 0, 'appetite-for-destruction')
    eddies(s, 0, 3)
    let r = play(s, 'appetite-for-destruction').s
    r = settle(attack(r, u, t).s)
    expect(gigsOf(r, 0)).toHaveLength(1)
  })

  it('meredith-stout-stone-cold-corpo: +2 while fighting a Legend; a rival adjusting your Gigs lets you recover a card from the trash', () => {
    const s = blank({ active: 1 })
    const m = unit(s, 0, 'meredith-stout-stone-cold-corpo', { spent: true })
    const v = unit(s, 1, 'v-corporate-exile')
    const e = act(s, 1, { type: 'attack', unit: v, target: m })
    expect(e.ev.find(x => x.type === 'fight')).toMatchObject({ powers: [8, 7] })
    const s2 = blank()
    unit(s2, 1, 'meredith-stout-stone-cold-corpo')
    const [d] = gigs(s2, 1, [[6, 3]])
    s2.players[1]!.trash.push(...give(s2, 1, 'floor-it'))
    s2.players[1]!.hand = []
    give(s2, 0, 'afterparty-at-lizzies')
    eddies(s2, 0, 1)
    let r = play(s2, 'afterparty-at-lizzies').s
    r = pick(r, { die: d, value: 4 }).s
    expect(promptOf(r)).toMatchObject({ seat: 1, options: ['floor-it', 'none'] })
    r = pick(r, 'floor-it').s
    expect(handIds(r, 1)).toEqual(['floor-it'])
  })

  it('misty-olszewski-mender-of-broken-spirits: cannot attack; end of turn names a type: a match goes to hand and readies an Eddie', () => {
    const s = blank()
    const m = unit(s, 0, 'misty-olszewski-mender-of-broken-spirits')
    gigs(s, 1, [[4, 1]])
    expect(E.legalActions(s, 0).some(a => a.type === 'attack' && a.unit === m)).toBe(false)
    topDeck(s, 0, 'floor-it')
    eddies(s, 0, 1)
    s.players[0]!.eddiesSpent = 1
    let r = act(s, 0, { type: 'pass' }).s
    r = pick(r, 'Program').s
    expect(eddiesSpentOf(r, 0)).toBe(0)
    expect(handIds(r, 0)).toEqual(['floor-it'])
  })

  it('nocturne-op55-n1: costs 1 with an empty fixer area; choose draw 2 // a Unit cannot attack // GO SOLO -2', () => {
    const s = blank()
    s.players[0]!.legends.forEach(l => l && (l.spent = true))
    s.players[0]!.gigs.push(...s.players[0]!.fixer)
    s.players[0]!.fixer = []
    give(s, 0, 'nocturne-op55-n1')
    eddies(s, 0, 1)
    let r = play(s, 'nocturne-op55-n1').s
    r = pick(r, 0).s
    expect(handOf(r, 0)).toHaveLength(2)
    const s2 = blank()
    legends(s2, 0, OTHER)
    s2.players[0]!.legends.forEach(l => (l!.spent = true))
    give(s2, 0, 'nocturne-op55-n1')
    eddies(s2, 0, 6)
    let r2 = play(s2, 'nocturne-op55-n1').s
    r2 = pick(r2, 2).s
    expect(isListed(E, r2, 0, { type: 'legend', slot: 0, solo: true, pay: [] })).toBe(true) // 5 - 2 = 3 with 3 Eddies left
  })

  it('we-gotta-live-together: (3 €$ when behind by 2 Gigs) play up to 2 Units with cost 3 or less from your trash for free', () => {
    const s = blank()
    s.players[0]!.legends.forEach(l => l && (l.spent = true))
    gigs(s, 1, [
      [4, 1],
      [6, 1],
    ])
    s.players[0]!.trash.push(...give(s, 0, 'corpo-security', 2))
    s.players[0]!.hand = []
    give(s, 0, 'we-gotta-live-together')
    eddies(s, 0, 3)
    let r = play(s, 'we-gotta-live-together').s
    r = pick(r, 'trash:corpo-security').s
    r = pick(r, 'trash:corpo-security').s
    expect(fieldOf(r, 0)).toHaveLength(2)
    expect(fieldOf(r, 0).every(u => u.lag)).toBe(true)
  })

  it('yorinobu-arasaka-steel-dragon: PLAY a free Unit (cost 4 or less) that may attack rival Units this turn; first ARASAKA defeat each turn draws 1', () => {
    const s = blank()
    const t = unit(s, 1, 'emergency-atlus', { spent: true })
    gigs(s, 1, [[4, 1]])
    give(s, 0, 'psycho-squad')
    give(s, 0, 'yorinobu-arasaka-steel-dragon')
    eddies(s, 0, 7)
    let r = play(s, 'yorinobu-arasaka-steel-dragon').s
    r = pick(r, 'hand:psycho-squad').s
    const ps = r.players[0]!.field.find(u => r.cards[u.uid] === 'psycho-squad')!.uid
    const tg = E.legalActions(r, 0)
      .filter(a => a.type === 'attack' && a.unit === ps)
      .map(a => (a as { target: unknown }).target)
    expect(tg).toEqual([t])
    const s2 = blank()
    unit(s2, 0, 'yorinobu-arasaka-steel-dragon')
    const f = unit(s2, 1, 'field-operator', { spent: true })
    const a = unit(s2, 0, 'animals-wrecker')
    const r2 = settle(attack(s2, a, f).s)
    expect(handOf(r2, 0)).toHaveLength(1)
  })

  it('lizzy-wizzy-delicate-weapon PLAY: may play a Program costing 3 or less from hand or trash for free, then bottom-deck it', () => {
    const s = blank()
    const t = unit(s, 1, 'psycho-squad')
    s.players[0]!.trash.push(...give(s, 0, 'floor-it'))
    s.players[0]!.hand = []
    give(s, 0, 'lizzy-wizzy-delicate-weapon')
    eddies(s, 0, 5)
    let r = play(s, 'lizzy-wizzy-delicate-weapon').s
    r = pick(r, 'trash:floor-it').s
    expect(power(r, t)).toBe(5)
    expect(cardOf(r, deckOf(r, 0)[0]!)).toBe('floor-it')
  })

  it('viktor-vektor-you-might-feel-a-little-pinch PLAY: play a CYBERWARE Gear (cost 2 or less) from the trash for free on another friendly Unit', () => {
    const s = blank()
    const o = unit(s, 0, 'psycho-squad')
    const [g] = give(s, 0, 'mantis-blades')
    s.players[0]!.trash.push(g!)
    s.players[0]!.hand = []
    give(s, 0, 'viktor-vektor-you-might-feel-a-little-pinch')
    eddies(s, 0, 3)
    const r = play(s, 'viktor-vektor-you-might-feel-a-little-pinch').s
    expect(fieldUnit(r, o)!.gear).toEqual([g])
    expect(eddiesSpentOf(r, 0)).toBe(3)
  })
})
