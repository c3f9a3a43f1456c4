// Cyberpunk TCG card interactions: triggers from free plays, attack targets that become invalid (CP-9.46), extra
// steals, start-phase order, the React Step, Cyberpsychosis's end-of-turn defeat and publicAction.
import { describe, expect, it } from 'vitest'
import { expectRejected, isListed } from '../../support/playout.ts'
import {
  act,
  activeOf,
  attackOf,
  blank,
  cardOf,
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
  pendingOf,
  pick,
  play,
  power,
  promptOf,
  putOnPlayer,
  putOnUnit,
  settle,
  topDeck,
  trashOf,
  unit,
} from './helpers.ts'
import type { Action } from '../../../src/games/cyberpunk-tcg/actions.ts'

// Findings of the fidelity audit: each finding's test failed before its fix. Three tests are not fixes: the start-phase
// order test strengthens weak cited tests (CP-8.12/8.14 were not shown), and two guard a case a fix must keep (the
// Gunpoint Diplomacy permission for CP-9.46 (c); Cyberpsychosis played as a reaction for the delayed defeat).

describe('cyberpunk-tcg audit findings', () => {
  it('maman-brigitte-spirit-of-death "you may discard 2 Programs": all or nothing — no stopping after one, not offered with one', () => {
    const s = blank()
    const t = unit(s, 1, 'animals-wrecker')
    give(s, 0, 'floor-it', 2)
    give(s, 0, 'maman-brigitte-spirit-of-death')
    eddies(s, 0, 5)
    let r = play(s, 'maman-brigitte-spirit-of-death').s
    expect(promptOf(r)!.options).toEqual(['floor-it', 'none'])
    r = pick(r, 'floor-it').s
    // the second Program follows: 'none' is no longer a choice (it would leave one Program discarded for nothing)
    expect(promptOf(r)?.options ?? []).not.toContain('none')
    r = settle(r.prompt ? pick(r, 'floor-it').s : r)
    expect(deckOf(r, 1)[0]).toBe(t)
    expect(trashOf(r, 0).map(u => cardOf(r, u))).toEqual(['floor-it', 'floor-it'])

    // with a single Program in hand no card is offered (the seat is still asked: issue 23), and nothing is
    // bottom-decked
    const s1 = blank()
    const t1 = unit(s1, 1, 'animals-wrecker')
    give(s1, 0, 'floor-it')
    give(s1, 0, 'maman-brigitte-spirit-of-death')
    eddies(s1, 0, 5)
    let r1 = play(s1, 'maman-brigitte-spirit-of-death').s
    expect(promptOf(r1)!.options).toEqual(['none'])
    r1 = settle(pick(r1, 'none').s)
    expect(handIds(r1, 0)).toEqual(['floor-it'])
    expect(fieldUnit(r1, t1)).toBeDefined()
  })

  it('judy-alvarez-braindance-maestro: a BRAINDANCE Program played by another card (Lizzy Wizzy, for free) is played too, so Judy triggers', () => {
    const s = blank()
    legends(s, 0, ['judy-alvarez-braindance-maestro', 'v-corporate-exile', 'viktor-vektor-sit-down-and-relax'])
    give(s, 0, 'afterparty-at-lizzies') // BRAINDANCE, cost 1
    give(s, 0, 'lizzy-wizzy-delicate-weapon')
    eddies(s, 0, 5)
    let r = play(s, 'lizzy-wizzy-delicate-weapon').s
    const lizzy = r.players[0]!.field[0]!.uid
    r = pick(r, 'hand:afterparty-at-lizzies').s
    r = settle(r.prompt ? pick(r, 'none').s : r)
    expect(power(r, lizzy)).toBe(2 + 1)
    expect(cardOf(r, deckOf(r, 0)[0]!)).toBe('afterparty-at-lizzies') // bottom-decked after it was played
  })

  it('judy-alvarez-braindance-maestro: a BRAINDANCE Program replayed from the trash by Alt Cunningham: Soulkiller Architect triggers Judy', () => {
    const s = blank()
    const [, alt] = legends(s, 0, [
      'judy-alvarez-braindance-maestro',
      'alt-cunningham-soulkiller-architect',
      'v-corporate-exile',
    ])
    const u = unit(s, 0, 'psycho-squad')
    const [prog] = give(s, 0, 'afterparty-at-lizzies')
    s.players[0]!.hand = []
    s.players[0]!.trash.push(prog!)
    eddies(s, 0, 2)
    let r = act(s, 0, { type: 'activate', src: alt!, ab: 1, pay: [] }).s
    r = pick(r, { card: 'afterparty-at-lizzies', pay: [] }).s
    r = settle(r.prompt ? pick(r, 'none').s : r)
    expect(power(r, u)).toBe(6 + 1)
  })

  it('CP-9.46 (c): a defending Unit that is ready again is no longer a valid target — the attack ends with no fight', () => {
    const s = blank()
    const a = unit(s, 0, 'animals-wrecker')
    const t = unit(s, 1, 'psycho-squad', { spent: true })
    unit(s, 1, 'secondhand-bombus') // a ready BLOCKER, so the defender has a React Step
    const r = act(s, 0, { type: 'attack', unit: a, target: t }).s
    expect(attackOf(r)?.step).toBe('react')
    // an effect readies the defending Unit during the React Step (CP-9.9: only spent Units are valid targets)
    r.players[1]!.field.find(x => x.uid === t)!.spent = false
    const end = act(r, 1, { type: 'endReactions' })
    expect(end.ev.find(e => e.type === 'fight')).toBeUndefined()
    expect(end.ev).toContainEqual({ type: 'attackEnded', early: true })
    expect(fieldUnit(end.s, t)).toBeDefined()
    expect(attackOf(end.s)).toBeNull()
  })

  it('CP-9.46 (c) / CP-9.3: an attack allowed against a ready Unit (Gunpoint Diplomacy permission) still fights a ready defender', () => {
    const s = blank()
    const a = unit(s, 0, 'animals-wrecker')
    putOnUnit(s, 'mayAttackReadyUnits', a)
    const t = unit(s, 1, 'psycho-squad')
    const r = act(s, 0, { type: 'attack', unit: a, target: t })
    expect(r.ev.find(e => e.type === 'fight')).toBeDefined()
    expect(fieldUnit(r.s, t)).toBeUndefined()
  })

  it('gorilla-arms + chrome-fang: the extra Gig is stolen by the Unit, so "rival Units can\'t steal Gigs with value higher than their power" applies', () => {
    const s = blank()
    const u = unit(s, 0, 'psycho-squad') // 6 + Gorilla Arms 3 = 9 power
    gear(s, u, 'gorilla-arms')
    gigs(s, 0, [[4, 3]])
    const [a, b] = gigs(s, 1, [
      [6, 3],
      [12, 11],
    ])
    putOnPlayer(s, 'stealOnlyUpToPower', 1) // Chrome Fang's PLAY effect is on (until the rival's next turn)
    const r = settle(act(s, 0, { type: 'attack', unit: u, target: 'gigs' }).s)
    expect(gigsOf(r, 0)).toContain(a) // the Steal Step takes the 3 (the 11 is above 9)
    expect(gigsOf(r, 1)).toEqual([b]) // Gorilla Arms may not take the 11 either
  })

  it('gorilla-arms + alt-cunningham-mother-of-daemons CR 9.23.4: the rival may discard a card costing the value to stop the extra steal too', () => {
    const s = blank()
    const u = unit(s, 0, 'psycho-squad')
    gear(s, u, 'gorilla-arms')
    gigs(s, 0, [[4, 3]])
    const [a, b] = gigs(s, 1, [
      [6, 3],
      [8, 5],
    ])
    unit(s, 1, 'alt-cunningham-mother-of-daemons')
    const [cf] = give(s, 1, 'chrome-fang') // cost 5
    let r = act(s, 0, { type: 'attack', unit: u, target: 'gigs' }).s
    r = pick(r, a).s
    // the rival is asked about the 3 as about any value a card may cost (issue 10), though it holds none of cost 3
    expect(promptOf(r)).toMatchObject({ seat: 1, options: ['none'] })
    r = pick(r, 'none').s
    expect(gigsOf(r, 0)).toContain(a)
    // Gorilla Arms would steal the 5: the rival decides
    expect(promptOf(r)).toMatchObject({ seat: 1, options: ['chrome-fang', 'none'] })
    const stop = pick(r, 'chrome-fang')
    expect(stop.ev).toContainEqual({ type: 'stealPrevented', die: b })
    expect(gigsOf(stop.s, 1)).toEqual([b])
    expect(trashOf(stop.s, 1)).toEqual([cf])
    const take = settle(pick(r, 'none').s)
    expect(gigsOf(take, 0)).toContain(b)
  })

  it('yorinobu-arasaka-steel-dragon "the first time an ARASAKA Unit is defeated each turn": only the first defeat of the turn draws, even if it came before the card was in play (FAQ)', () => {
    const s = blank()
    unit(s, 0, 'yorinobu-arasaka-steel-dragon')
    const [f1, f2] = [unit(s, 1, 'field-operator', { spent: true }), unit(s, 1, 'field-operator', { spent: true })]
    const [a1, a2] = [unit(s, 0, 'animals-wrecker'), unit(s, 0, 'animals-wrecker')]
    let r = settle(act(s, 0, { type: 'attack', unit: a1, target: f1 }).s)
    expect(handOf(r, 0)).toHaveLength(1)
    r = settle(act(r, 0, { type: 'attack', unit: a2, target: f2 }).s)
    expect(handOf(r, 0)).toHaveLength(1) // the second ARASAKA defeat this turn draws nothing

    // an ARASAKA Unit defeated before Steel Dragon came into play was this turn's first: a later one draws nothing
    const s2 = blank()
    const [g1, g2] = [unit(s2, 1, 'field-operator', { spent: true }), unit(s2, 1, 'field-operator', { spent: true })]
    const [b1, b2] = [unit(s2, 0, 'animals-wrecker'), unit(s2, 0, 'animals-wrecker')]
    let r2 = settle(act(s2, 0, { type: 'attack', unit: b1, target: g1 }).s)
    unit(r2, 0, 'yorinobu-arasaka-steel-dragon')
    r2 = settle(act(r2, 0, { type: 'attack', unit: b2, target: g2 }).s)
    expect(fieldUnit(r2, g2)).toBeUndefined()
    expect(handOf(r2, 0)).toHaveLength(0)
    // and the next turn counts afresh
    r2 = settle(act(r2, 0, { type: 'pass' }).s)
    expect(r2.players.every(p => !p.once.some(k => k.startsWith('arasaka-defeated:')))).toBe(true)
  })

  it('CP-8.11 CP-8.12 CP-8.14 CP-8.16 CP-8.18 start-phase order: victory check, start-of-turn effects, ready, draw, then the Gig roll', () => {
    // the victory check comes before the draw: 7 Gigs and an empty deck win instead of losing
    const w = blank()
    gigs(w, 1, [
      [4, 1],
      [6, 1],
      [8, 1],
      [10, 1],
      [12, 1],
      [20, 1],
      [4, 2],
    ])
    w.players[1]!.trash.push(...w.players[1]!.deck)
    w.players[1]!.deck = []
    expect(E.status(act(w, 0, { type: 'pass' }).s)).toMatchObject({
      finished: true,
      winners: [1],
      reason: 'seven-gigs',
    })

    // start-of-turn effects (Hanako: draw per value-pair) resolve before the draw and before the Gig is rolled in
    const s = blank()
    legends(s, 1, ['hanako-arasaka-daughter-of-the-emperor', 'v-corporate-exile', 'viktor-vektor-sit-down-and-relax'])
    gigs(s, 1, [
      [4, 3],
      [6, 3],
    ])
    const u = unit(s, 1, 'psycho-squad', { spent: true })
    const [hanakoDraw, normalDraw] = [s.players[1]!.deck.at(-1)!, s.players[1]!.deck.at(-2)!]
    const n = s.players[1]!.hand.length
    const r = act(s, 0, { type: 'pass' })
    const seq = r.ev.map(e => e.type).filter(t => ['turnEnd', 'turnStart', 'draw', 'rollGig'].includes(t))
    expect(seq).toEqual(['turnEnd', 'turnStart', 'draw', 'draw'])
    expect(promptOf(r.s)).toMatchObject({ seat: 1, kind: 'roll' }) // step 5 waits for the choice of die, after both draws
    expect(handOf(r.s, 1)).toEqual([...handOf(s, 1).slice(0, n), hanakoDraw, normalDraw])
    expect(fieldUnit(r.s, u)!.spent).toBe(false)
  })

  it('CP-9.26 CP-9.24 in the React Step a Main Phase action of the defender is rejected as "not a reaction", and changes nothing', () => {
    const s = blank()
    const a = unit(s, 0, 'psycho-squad')
    const b = unit(s, 1, 'secondhand-bombus')
    const [goro] = legends(s, 1, [
      'goro-takemura-hands-unclean',
      'v-corporate-exile',
      'viktor-vektor-sit-down-and-relax',
    ])
    gigs(s, 1, [[6, 3]])
    eddies(s, 1, 5)
    const r = act(s, 0, { type: 'attack', unit: a, target: 'gigs' }).s
    expect(attackOf(r)?.step).toBe('react')
    expect(expectRejected(E, r, 1, { type: 'attack', unit: b, target: 'gigs' }).rule).toBe('CP-9.26')
    expect(expectRejected(E, r, 1, { type: 'pass' }).rule).toBe('CP-9.26')
    expect(expectRejected(E, r, 1, { type: 'legend', slot: 0, solo: true, pay: [] }).rule).toBe('CP-9.26')
    expect(expectRejected(E, r, 0, { type: 'endReactions' }).code).toBe('NOT_YOUR_DECISION') // the attacker never reacts
    void goro
  })

  it('jackie-welles-pour-one-out-for-me CP-7.10 CP-7.3: a Blue Legend played to the field (GO SOLO V: Corporate Exile) is a Blue Unit played — the first one each turn triggers Jackie', () => {
    const s = blank()
    const [v] = legends(s, 0, [
      'v-corporate-exile',
      'viktor-vektor-sit-down-and-relax',
      'jackie-welles-pour-one-out-for-me',
    ])
    const [d] = gigs(s, 0, [[6, 3]])
    give(s, 0, 'psycho-squad') // Blue Unit
    eddies(s, 0, 9)
    let r = act(s, 0, { type: 'legend', slot: 0, solo: true, pay: [] }).s
    expect(fieldUnit(r, v!)).toBeDefined()
    expect(promptOf(r)!.options).toEqual([{ die: d, value: 1 }, { die: d, value: 2 }, 'none'])
    r = pick(r, 'none').s
    r = play(r, 'psycho-squad').s // the second Blue Unit this turn: no trigger
    expect(promptOf(r)).toBeNull()
    expect(pendingOf(r)).toEqual([])
  })

  it("meredith-stout-stone-cold-corpo CR 6.4: setting a Gig's value is adjusting it — a rival Peace Offering on her Gig triggers her", () => {
    const s = blank()
    unit(s, 1, 'meredith-stout-stone-cold-corpo')
    const [old] = give(s, 1, 'psycho-squad')
    s.players[1]!.hand = []
    s.players[1]!.trash.push(old!)
    gigs(s, 0, [[6, 2]])
    const [d8] = gigs(s, 1, [[8, 5]])
    give(s, 0, 'peace-offering')
    eddies(s, 0, 1)
    let r = play(s, 'peace-offering').s
    r = pick(r, { die: d8, value: 2 }).s
    expect(dieValue(r, d8!)).toBe(2)
    expect(promptOf(r)).toMatchObject({ seat: 1, options: ['psycho-squad', 'none'] })
    r = pick(r, 'psycho-squad').s
    expect(handOf(r, 1)).toEqual([old])
  })

  it('pacifica-netrunner: "a rival Unit can\'t ready until your next turn" also stops its own end-of-turn ready (Sandevistan)', () => {
    const s = blank()
    const t = unit(s, 1, 'psycho-squad', { spent: true })
    gear(s, t, 'sandevistan')
    gigs(s, 0, [[4, 2]])
    give(s, 0, 'pacifica-netrunner')
    eddies(s, 0, 4)
    let r = play(s, 'pacifica-netrunner').s
    r = settle(act(r, 0, { type: 'pass' }).s)
    expect(activeOf(r)).toBe(1)
    expect(fieldUnit(r, t)!.spent).toBe(true) // not readied in the Start Phase
    r = settle(act(r, 1, { type: 'pass' }).s) // Sandevistan: "at the end of your turn, ready this Unit"
    expect(activeOf(r)).toBe(0)
    expect(fieldUnit(r, t)!.spent).toBe(true)
  })

  it('fool-on-the-hill: the revealed top 2 are public while the rival decides (the owner and spectators see them); a search stays private', () => {
    const s = blank()
    topDeck(s, 0, 'psycho-squad')
    topDeck(s, 0, 'floor-it')
    give(s, 0, 'fool-on-the-hill')
    eddies(s, 0, 2)
    const r = play(s, 'fool-on-the-hill').s
    expect(promptOf(r)).toMatchObject({ seat: 1 })
    for (const viewer of [0, 1, null]) {
      const v = E.view(r, viewer) as { prompt: { seen?: string[] } }
      expect(v.prompt.seen).toEqual(['psycho-squad', 'floor-it'])
    }
    // a private look (Three Mouths, One Desire: search 3, add 1) is shown to the searching seat only
    const s2 = blank()
    for (const id of ['psycho-squad', 'floor-it', 'emergency-atlus']) topDeck(s2, 0, id)
    give(s2, 0, 'three-mouths-one-desire')
    eddies(s2, 0, 2)
    const r2 = play(s2, 'three-mouths-one-desire').s
    expect(promptOf(r2)).toMatchObject({ seat: 0 })
    expect((E.view(r2, 0) as { prompt: { seen?: string[] } }).prompt.seen).toHaveLength(3)
    for (const viewer of [1, null])
      expect((E.view(r2, viewer) as { prompt: { seen?: string[] } }).prompt.seen).toBeUndefined()
  })

  it('cyberpsychosis CP-8.39 CP-10.32: "defeat it at the end of this turn" is an end-of-turn effect the player orders with the others (Delamain Cab first readies its Eddie)', () => {
    const s = blank()
    const u = unit(s, 0, 'delamain-cab') // "At the end of your turn, if this Unit stole a Gig this turn, ready 1 Eddie."
    gear(s, u, 'mantis-blades')
    gigs(s, 1, [[4, 1]])
    give(s, 0, 'cyberpsychosis')
    eddies(s, 0, 3)
    s.players[0]!.legends.forEach(l => l && (l.spent = true))
    let r = play(s, 'cyberpsychosis').s
    expect(eddiesSpentOf(r, 0)).toBe(3)
    r = settle(act(r, 0, { type: 'attack', unit: u, target: 'gigs' }).s)
    expect(gigsOf(r, 0)).toHaveLength(1)
    r = act(r, 0, { type: 'pass' }).s
    // both end-of-turn effects are pending together: the player picks the order
    const order = E.legalActions(r, 0)
    expect(order.map(a => a.type)).toEqual(['resolve', 'resolve'])
    const cab = order.find(a => r.pending.find(p => p.id === (a as { id: number }).id)!.card === 'delamain-cab')!
    r = act(r, 0, cab).s
    expect(eddiesSpentOf(r, 0)).toBe(2) // the Eddie was readied while Delamain was still on the field
    expect(trashOf(r, 0)).toContain(u) // then Cyberpsychosis defeated it
  })

  it('cyberpsychosis issue 10: "If that Unit steals or fights" looks forward — a steal made before it was played does not count', () => {
    const s = blank()
    const u = unit(s, 0, 'psycho-squad')
    gear(s, u, 'mantis-blades')
    gigs(s, 1, [[4, 1]])
    give(s, 0, 'cyberpsychosis')
    eddies(s, 0, 3)
    s.players[0]!.legends.forEach(l => l && (l.spent = true))
    let r = settle(act(s, 0, { type: 'attack', unit: u, target: 'gigs' }).s)
    expect(gigsOf(r, 0)).toHaveLength(1) // it stole this turn
    r = act(r, 0, { type: 'play', card: 'cyberpsychosis', pay: [] }).s
    expect(eddiesSpentOf(r, 0)).toBe(3)
    r = settle(act(r, 0, { type: 'pass' }).s)
    expect(fieldOf(r, 0).map(x => x.uid)).toContain(u)
    expect(trashOf(r, 0)).not.toContain(u)
  })

  it("cyberpsychosis: played as a QUICK reaction in the rival's turn, its end-of-turn defeat happens at the end of that turn", () => {
    const s = blank({ active: 1 })
    const a = unit(s, 1, 'psycho-squad')
    gear(s, a, 'mantis-blades')
    gigs(s, 0, [
      [4, 1],
      [6, 1],
    ])
    give(s, 0, 'cyberpsychosis')
    eddies(s, 0, 3)
    let r = act(s, 1, { type: 'attack', unit: a, target: 'gigs' }).s
    r = act(r, 0, { type: 'play', card: 'cyberpsychosis', pay: [] }).s // +3: 6 + 2 + 3 = 11 power steals 2
    r = settle(r)
    expect(gigsOf(r, 1)).toHaveLength(2)
    r = settle(act(r, 1, { type: 'pass' }).s)
    expect(activeOf(r)).toBe(0)
    expect(trashOf(r, 1)).toContain(a)
  })

  it('publicAction: every action but a choice is public (played, sold and called cards are shown); a choice shows only its type', () => {
    const pa = E.publicAction!
    const acts: Action[] = [
      { type: 'play', card: 'floor-it', pay: [1] },
      { type: 'sell', card: 'floor-it' },
      { type: 'call', slot: 2, pay: [] },
      { type: 'attack', unit: 7, target: 'gigs' },
      { type: 'mulligan', redraw: true },
    ]
    for (const a of acts) expect(pa(a)).toEqual(a)
    expect(pa({ type: 'choose', pick: 'hand:floor-it' })).toEqual({ type: 'choose' })
    void isListed
    void gear
  })
})
