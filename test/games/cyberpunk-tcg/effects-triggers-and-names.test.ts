// Cyberpunk TCG rules of effects, triggers and replacements (CP-10 to CP-12), with names (CP-2), RAM, Gear and steals:
// "as much as possible", last-known information, pending-effect order.
import { describe, expect, it } from 'vitest'
import { namesOf } from '../../../src/games/cyberpunk-tcg/cards.ts'
import { sharedNames } from '../../../src/games/cyberpunk-tcg/deck.ts'
import {
  act,
  attackOf,
  blank,
  copy,
  deckOf,
  E,
  eddies,
  eddiesSpentOf,
  fieldOf,
  fieldUnit,
  gear,
  gigs,
  gigsOf,
  give,
  handOf,
  legends,
  pendingOf,
  pick,
  playerEffects,
  promptOf,
  settle,
  trashOf,
  unit,
} from './helpers.ts'

describe('cyberpunk-tcg rules (more)', () => {
  it('CP-2.5 CP-2.6 a name with "&" counts as three names; "named V" matches the name, not the subtitle', () => {
    expect(namesOf('Pilar & Rebecca')).toEqual(['Pilar', 'Rebecca', 'Pilar & Rebecca'])
    expect(namesOf('V')).toEqual(['V'])
    const names = (id: string) => (E.cards().find(c => c.id === id)!.data as { names: string[] }).names
    expect(names('v-roamer-of-the-badlands')).toEqual(['V'])
  })

  it('CP-6.12 CP-6.11 RAM only limits deck building: cards are played whatever the Legends in play', () => {
    const s = blank()
    legends(s, 0, [
      'goro-takemura-hands-unclean',
      'yorinobu-arasaka-embracing-destruction',
      'saburo-arasaka-stubborn-patriarch',
    ])
    give(s, 0, 'mt0d12-flathead') // Blue RAM 3 with 0 Blue RAM
    eddies(s, 0, 5)
    expect(fieldOf(act(s, 0, { type: 'play', card: 'mt0d12-flathead', pay: [] }).s, 0)).toHaveLength(1)
  })

  it('CP-7.20 CP-5.2 no limit on Gear per Unit; power = printed + Gear + modifiers', () => {
    const s = blank()
    const u = unit(s, 0, 'emergency-atlus', { powerThisTurn: 1 })
    gear(s, u, 'mantis-blades')
    gear(s, u, 'mantis-blades')
    gear(s, u, 'kiroshi-optics')
    give(s, 0, 'zetatech-faceplate')
    eddies(s, 0, 2)
    const r = act(s, 0, { type: 'play', card: 'zetatech-faceplate', pay: [], host: u }).s
    const v = E.view(r, 0) as { players: { field: { uid: number; power: number; gear: unknown[] }[] }[] }
    expect(v.players[0]!.field[0]).toMatchObject({ power: 4 + 2 + 2 + 1 + 2 + 1 })
    expect(v.players[0]!.field[0]!.gear).toHaveLength(4)
  })

  it('CP-9.39 a Gig area that is empty when the Steal Step starts gives nothing (the attack still proceeds)', () => {
    const s = blank()
    const a = unit(s, 0, 'psycho-squad')
    unit(s, 1, 'secondhand-bombus')
    gigs(s, 1, [[4, 2]])
    const r = copy(act(s, 0, { type: 'attack', unit: a, target: 'gigs' }).s)
    r.players[1]!.fixer.push(...r.players[1]!.gigs)
    r.players[1]!.gigs = []
    const e = act(r, 1, { type: 'endReactions' })
    expect(attackOf(e.s)).toBeNull()
    expect(gigsOf(e.s, 0)).toEqual([])
    expect(e.ev.some(x => x.type === 'attackEnded' && !x['early'])).toBe(true)
  })

  it('CP-10.10 CP-10.24 CP-12.18 as much as possible: Floor It with no rival Unit still draws', () => {
    const s = blank()
    give(s, 0, 'floor-it')
    eddies(s, 0, 1)
    const r = act(s, 0, { type: 'play', card: 'floor-it', pay: [] }).s
    expect(handOf(r, 0)).toHaveLength(1)
  })

  it('CP-11.5 the same trigger met twice at once becomes pending twice (stealing 2 Gigs)', () => {
    const s = blank()
    const v = unit(s, 0, 'v-roamer-of-the-badlands', { powerThisTurn: 10 })
    const [d1, d2] = gigs(s, 1, [
      [4, 1],
      [6, 1],
    ])
    const r = act(s, 0, { type: 'attack', unit: v, target: 'gigs' }).s
    expect(gigsOf(r, 0)).toEqual([d1, d2])
    expect(pendingOf(r).length + r.frames.length).toBe(2)
  })

  it('CP-8.13 CP-8.14 "until your next turn" effects end at the start of that turn (Chrome Fang)', () => {
    const s = blank()
    give(s, 0, 'chrome-fang')
    eddies(s, 0, 5)
    let r = act(s, 0, { type: 'play', card: 'chrome-fang', pay: [] }).s
    expect(playerEffects(r, 'stealOnlyUpToPower', 0)).toBe(1)
    r = settle(act(r, 0, { type: 'pass' }).s)
    expect(playerEffects(r, 'stealOnlyUpToPower', 0)).toBe(1)
    r = settle(act(r, 1, { type: 'pass' }).s)
    expect(playerEffects(r, 'stealOnlyUpToPower', 0)).toBe(0)
  })

  it("CP-10.28 last-known information: a defeated Gear's cost is still used (Heywood)", () => {
    const s = blank()
    gigs(s, 0, [[4, 2]])
    const h = unit(s, 0, 'psycho-squad')
    const g = gear(s, h, 'zetatech-faceplate') // cost 2
    give(s, 0, 'heywood-ripperdoc')
    eddies(s, 0, 6)
    let r = act(s, 0, { type: 'play', card: 'heywood-ripperdoc', pay: [] }).s
    r = pick(r, g).s
    expect(trashOf(r, 0)).toEqual([g])
    expect(handOf(r, 0)).toHaveLength(1)
    expect(fieldUnit(r, h)!.gear).toEqual([])
  })

  it('CP-7.31 CR 11.12 an equipped Unit sent to the bottom of the deck takes its Gear along, in random order', () => {
    const s = blank()
    const a = unit(s, 0, 'psycho-squad')
    const b = unit(s, 1, 'animals-wrecker', { spent: true })
    const g = gear(s, b, 'mantis-blades')
    give(s, 0, 'unlikely-bond')
    eddies(s, 0, 4)
    const r = act(s, 0, { type: 'play', card: 'unlikely-bond', pay: [] }).s
    expect(deckOf(r, 1).slice(0, 2).sort()).toEqual([b, g].sort())
    expect(deckOf(r, 0)[0]).toBe(a)
  })

  it('CP-12.11 a replacement that cannot be carried out is not offered (Jackie without 1 €$)', () => {
    const s = blank({ active: 1 })
    legends(s, 0, ['jackie-welles-mamas-favorite', 'v-corporate-exile', 'viktor-vektor-sit-down-and-relax'])
    s.players[0]!.legends.forEach(l => (l!.spent = true))
    const d = unit(s, 0, 'emergency-atlus', { spent: true })
    const a = unit(s, 1, 'animals-wrecker')
    const r = act(s, 1, { type: 'attack', unit: a, target: d }).s
    expect(promptOf(r)).toBeNull()
    expect(trashOf(r, 0)).toContain(d)
  })

  it('CP-10.33 CP-10.35 the turn player resolves first, but a player already resolving finishes its own pending effects first', () => {
    const s = blank()
    const a = unit(s, 0, 'swordwise-huscle')
    const b = unit(s, 0, 'field-operator')
    const x = unit(s, 1, 'swordwise-huscle')
    const y = unit(s, 1, 'field-operator')
    s.pending = [
      { id: 1, seat: 1, card: 'swordwise-huscle', ability: 0, source: x },
      { id: 2, seat: 1, card: 'field-operator', ability: 0, source: y },
      { id: 3, seat: 0, card: 'swordwise-huscle', ability: 0, source: a },
      { id: 4, seat: 0, card: 'field-operator', ability: 0, source: b },
    ]
    s.seq = 5
    expect(E.status(s).toAct).toEqual([0]) // turn player first
    const t = copy(s)
    t.resolvesFirst = 1 // seat 1 was resolving its own effects when the new ones arrived
    expect(E.status(t).toAct).toEqual([1])
  })

  it('CP-10.33 issue 10: once a window is over, the next one starts with the turn player, whoever resolved last before', () => {
    const s = blank()
    const [a, b] = [unit(s, 0, 'swordwise-huscle'), unit(s, 0, 'field-operator')]
    const [x, y] = [unit(s, 1, 'swordwise-huscle'), unit(s, 1, 'field-operator')]
    s.pending = [
      { id: 1, seat: 1, card: 'swordwise-huscle', ability: 0, source: x },
      { id: 2, seat: 1, card: 'field-operator', ability: 0, source: y },
    ]
    s.seq = 3
    expect(E.status(s).toAct).toEqual([1]) // only seat 1 has pending effects
    const done = act(s, 1, { type: 'resolve', id: 1 }).s // the other one resolves by itself
    expect(pendingOf(done)).toEqual([])
    // a later window in which both players have pending effects
    const next = copy(done)
    next.pending = [
      { id: 3, seat: 1, card: 'swordwise-huscle', ability: 0, source: x },
      { id: 4, seat: 1, card: 'field-operator', ability: 0, source: y },
      { id: 5, seat: 0, card: 'swordwise-huscle', ability: 0, source: a },
      { id: 6, seat: 0, card: 'field-operator', ability: 0, source: b },
    ]
    next.seq = 7
    expect(E.status(next).toAct).toEqual([0])
    expect(E.legalActions(next, 0).map(r => r.type)).toEqual(['resolve', 'resolve'])
  })

  it('CP-2.6 CR 7.3.1 issue 10: a Legend named "A & B" shares a name with a Legend named "B", so a deck may not hold both', () => {
    const pr = namesOf('Pilar & Rebecca')
    expect(
      sharedNames([
        ['pilar-rebecca', pr],
        ['rebecca', namesOf('Rebecca')],
      ]),
    ).toEqual([['Rebecca', ['pilar-rebecca', 'rebecca']]])
    expect(
      sharedNames([
        ['pilar-rebecca', pr],
        ['judy', namesOf('Judy Alvarez')],
        ['pilar', namesOf('Pilar')],
      ]),
    ).toEqual([['Pilar', ['pilar-rebecca', 'pilar']]])
    expect(
      sharedNames([
        ['judy', namesOf('Judy Alvarez')],
        ['v', namesOf('V')],
      ]),
    ).toEqual([])
  })

  it('CP-10.28 issue 10: an effect whose source left the field reads it as it last was there (Delamain Cab defeated first by Cyberpsychosis still readies its Eddie)', () => {
    const s = blank()
    const u = unit(s, 0, 'delamain-cab') // "At the end of your turn, if this Unit stole a Gig this turn, ready 1 Eddie."
    gear(s, u, 'mantis-blades')
    gigs(s, 1, [[4, 1]])
    give(s, 0, 'cyberpsychosis')
    eddies(s, 0, 3)
    s.players[0]!.legends.forEach(l => l && (l.spent = true))
    let r = act(s, 0, { type: 'play', card: 'cyberpsychosis', pay: [] }).s
    r = settle(act(r, 0, { type: 'attack', unit: u, target: 'gigs' }).s)
    r = act(r, 0, { type: 'pass' }).s
    const order = E.legalActions(r, 0)
    const psy = order.find(a => r.pending.find(p => p.id === (a as { id: number }).id)!.card === 'cyberpsychosis')!
    r = act(r, 0, psy).s // the Cab's own effect resolves by itself right after, the Cab already in the trash
    expect(trashOf(r, 0)).toContain(u)
    expect(eddiesSpentOf(r, 0)).toBe(2)
    expect(r.lastKnown).toBeUndefined() // forgotten once no effect resolves or waits
  })
})
