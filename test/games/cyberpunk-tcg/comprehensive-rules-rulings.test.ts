// Cyberpunk TCG interactions settled by the comprehensive rules: Safety Override's defeat by effect, "your next
// Program", Jackie spending herself, two Gorilla Arms, no tie when both decks run out.
import { describe, expect, it } from 'vitest'
import {
  act,
  attack,
  blank,
  E,
  eddies,
  fieldUnit,
  gear,
  gigs,
  gigsOf,
  give,
  legends,
  legendsOf,
  pendingOf,
  phaseOf,
  pick,
  play,
  playerEffects,
  promptOf,
  removedOf,
  settle,
  trashOf,
  unit,
  unitUnder,
  winnersOf,
} from './helpers.ts'

// Open doubts of the two audits, settled from the official sources (see the rules map, "Decisions").
// Each test of a fix failed before that fix.

describe('cyberpunk-tcg audit doubts', () => {
  it('safety-override + muamar-reyes-el-capitan CP-GAP-1 CR 9.18 CR 9.19: Safety Override defeats by its effect, not in a fight, so "can\'t be defeated in a fight" does not stop it', () => {
    const s = blank({ active: 1 })
    legends(s, 1, ['muamar-reyes-el-capitan', 'v-corporate-exile', 'jackie-welles-pour-one-out-for-me'], false)
    eddies(s, 1, 1)
    const a = unit(s, 1, 'animals-wrecker') // 10 power: wins the fight
    const d = unit(s, 0, 'emergency-atlus', { spent: true })
    give(s, 0, 'safety-override')
    eddies(s, 0, 2)
    let r = act(s, 1, { type: 'call', slot: 0, pay: [] }).s
    r = pick(r, 0).s // Muamar: "a friendly Unit can't be defeated in a fight this turn" (the attacker, the only one)
    expect(unitUnder(r, 'noFightDefeat', a)).toBe(true)
    r = attack(r, a, d).s
    r = settle(act(r, 0, { type: 'play', card: 'safety-override', pay: [] }).s)
    expect(trashOf(r, 0)).toContain(d) // the friendly Unit lost and was defeated in the fight
    expect(trashOf(r, 1)).toContain(a) // Safety Override's effect defeats the winner all the same
  })

  it('safety-override CR 9.18: the defeat is an effect that goes pending when the friendly Unit loses, like Maelstrom Zealots; a 0-power loser still takes the winner', () => {
    const s = blank({ active: 1 })
    const a = unit(s, 1, 'animals-wrecker')
    const d = unit(s, 0, 'maelstrom-zealots', { spent: true }) // power 0
    give(s, 0, 'safety-override')
    eddies(s, 0, 2)
    let r = attack(s, a, d).s
    r = act(r, 0, { type: 'play', card: 'safety-override', pay: [] }).s // no other reaction: the fight follows
    // both "defeat the opposing rival Unit" effects of seat 0 are pending after the fight
    expect(
      pendingOf(r)
        .map(p => p.card)
        .sort(),
    ).toEqual(['maelstrom-zealots', 'safety-override'])
    r = settle(r)
    expect(trashOf(r, 1)).toEqual([a])
  })

  it('alt-cunningham-soulkiller-architect + lizzy-wizzy-delicate-weapon CR 11.8.4: "your next Program this turn" is the next one played, also for free — the discount is used up', () => {
    const s = blank()
    legends(s, 0, ['alt-cunningham-soulkiller-architect', 'v-corporate-exile', 'viktor-vektor-sit-down-and-relax'])
    s.players[0]!.legends[1]!.spent = true
    s.players[0]!.legends[2]!.spent = true
    unit(s, 1, 'psycho-squad')
    gigs(s, 0, [
      [4, 1],
      [6, 1],
    ]) // two min Gigs: -2 €$
    s.players[0]!.trash.push(...give(s, 0, 'floor-it'))
    s.players[0]!.hand = []
    give(s, 0, 'lizzy-wizzy-delicate-weapon')
    give(s, 0, 'over-the-edge') // cost 3
    eddies(s, 0, 6)
    let r = act(s, 0, { type: 'activate', src: s.players[0]!.legends[0]!.uid, ab: 0, pay: [] }).s
    expect(playerEffects(r, 'programDiscount', 0)).toBe(1)
    r = play(r, 'lizzy-wizzy-delicate-weapon').s // 5 €$: 1 Eddie left
    r = settle(pick(r, 'trash:floor-it').s) // the next Program, played for free
    expect(playerEffects(r, 'programDiscount', 0)).toBe(0)
    expect(E.legalActions(r, 0)).not.toContainEqual({ type: 'play', card: 'over-the-edge', pay: [] }) // full 3 €$ now
  })

  it('jackie-welles-mamas-favorite CR 11.8.1 CR 5.7.2 FAQ 10 CP-12.10: Jackie may spend herself as the 1 €$ that replaces the defeat', () => {
    const s = blank({ active: 1 })
    legends(s, 0, ['jackie-welles-mamas-favorite', 'v-corporate-exile', 'viktor-vektor-sit-down-and-relax'])
    s.players[0]!.legends.forEach((l, i) => (l!.spent = i !== 0)) // only Jackie is ready; no Eddies
    const d = unit(s, 0, 'emergency-atlus', { spent: true })
    const a = unit(s, 1, 'animals-wrecker')
    const jackie = s.players[0]!.legends[0]!.uid
    const r = attack(s, a, d).s
    expect(promptOf(r)).toMatchObject({ seat: 0, kind: 'repl', options: [{ jackie, pay: [0] }, 'none'] })
    const yes = settle(pick(r, { jackie, pay: [0] }).s)
    expect(fieldUnit(yes, d)).toBeDefined()
    expect(removedOf(yes, 0)).toContain(jackie)
    expect(legendsOf(yes, 0)[0]).toBeNull()
  })

  it('gorilla-arms x2 CR 4.9-4.12 CR 10.16 CP-5.19: each Gear gives the Unit its own copy of the ability, so two Gorilla Arms steal two more Gigs on the first steal', () => {
    const s = blank()
    const u = unit(s, 0, 'lizzy-wizzy-delicate-weapon') // 2 + 3 + 3 = 8 power: the Steal Step takes 1 Gig
    gear(s, u, 'gorilla-arms')
    gear(s, u, 'gorilla-arms')
    gigs(s, 0, [[4, 3]])
    const [a, b, c] = gigs(s, 1, [
      [6, 3],
      [8, 5],
      [10, 7],
    ])
    let r = attack(s, u, 'gigs').s
    r = settle(pick(r, a).s)
    expect([...gigsOf(r, 0)].sort()).toEqual(expect.arrayContaining([a, b, c]))
    expect(gigsOf(r, 1)).toEqual([])
    // a second steal event of the turn is not "the first time": no further extra steal
  })

  it('CR 1.13 CR 1.13.1 CR 1.14 CP-10.11: no tie from both decks running out at once — Shattered Memories draws for the turn player first, whose loss ends the game', () => {
    const s = blank()
    for (const p of s.players) p.deck = []
    give(s, 0, 'shattered-memories')
    eddies(s, 0, 4)
    let r = play(s, 'shattered-memories').s
    r = pick(r, 'draw').s
    expect(phaseOf(r)).toBe('over')
    expect(winnersOf(r)).toEqual([1])
    expect(promptOf(r)).toBeNull() // the rival is never asked to draw
  })
})
