// Cyberpunk TCG cards of Welcome to Night City: replacement effects (CP-12.10 to CP-12.14: Jackie Welles, Deadman
// Transmitter), Alt Cunningham and Kerry Eurodyne.
import { describe, expect, it } from 'vitest'
import {
  act,
  blank,
  cardOf,
  deckOf,
  E,
  eddies,
  eddiesSpentOf,
  fieldUnit,
  gear,
  gigs,
  gigsOf,
  give,
  handOf,
  legends,
  legendsOf,
  pick,
  promptOf,
  removedOf,
  settle,
  trashOf,
  unit,
} from './helpers.ts'

describe('cyberpunk-tcg cards: Welcome to Night City (5)', () => {
  it('jackie-welles-mamas-favorite CP-12.10: optional replacement — pay 1 €$ to remove Jackie instead of the friendly Unit, or decline', () => {
    const s = blank({ active: 1 })
    legends(s, 0, ['jackie-welles-mamas-favorite', 'v-corporate-exile', 'viktor-vektor-sit-down-and-relax'])
    s.players[0]!.legends.forEach(l => (l!.spent = true))
    eddies(s, 0, 1)
    const d = unit(s, 0, 'emergency-atlus', { spent: true })
    const a = unit(s, 1, 'animals-wrecker')
    const jackie = s.players[0]!.legends[0]!.uid
    const r = act(s, 1, { type: 'attack', unit: a, target: d }).s
    expect(promptOf(r)).toMatchObject({ seat: 0, kind: 'repl', options: [{ jackie, pay: [] }, 'none'] })
    const yes = settle(pick(r, { jackie, pay: [] }).s)
    expect(fieldUnit(yes, d)).toBeDefined()
    expect(removedOf(yes, 0)).toContain(jackie)
    expect(legendsOf(yes, 0)[0]).toBeNull()
    const no = settle(pick(r, 'none').s)
    expect(trashOf(no, 0)).toContain(d)
    expect(legendsOf(no, 0)[0]!.uid).toBe(jackie)
  })

  it('CP-12.12 CP-12.13 mandatory replacements before optional ones: Deadman Transmitter applies and Jackie is not asked', () => {
    const s = blank({ active: 1 })
    legends(s, 0, ['jackie-welles-mamas-favorite', 'v-corporate-exile', 'viktor-vektor-sit-down-and-relax'])
    s.players[0]!.legends.forEach(l => (l!.spent = true))
    eddies(s, 0, 1)
    const d = unit(s, 0, 'emergency-atlus', { spent: true })
    const dm = gear(s, d, 'deadman-transmitter')
    const a = unit(s, 1, 'animals-wrecker')
    const r = act(s, 1, { type: 'attack', unit: a, target: d }).s
    expect(promptOf(r)).toBeNull()
    expect(trashOf(r, 0)).toEqual([dm])
    expect(legendsOf(r, 0)[0]).not.toBeNull()
  })

  it('CP-12.14 the affected player decides for each of its Units in a simultaneous defeat (tie: both asked in turn)', () => {
    const s = blank({ active: 1 })
    legends(s, 0, ['jackie-welles-mamas-favorite', 'v-corporate-exile', 'viktor-vektor-sit-down-and-relax'])
    s.players[0]!.legends.forEach(l => (l!.spent = true))
    eddies(s, 0, 2)
    const d = unit(s, 0, 'psycho-squad', { spent: true })
    const a = unit(s, 1, 'psycho-squad')
    const r = act(s, 1, { type: 'attack', unit: a, target: d }).s
    expect(promptOf(r)).toMatchObject({ seat: 0, kind: 'repl' })
    const r2 = settle(pick(r, 'none').s)
    expect(trashOf(r2, 0)).toContain(d)
    expect(trashOf(r2, 1)).toContain(a)
  })

  it("alt-cunningham-mother-of-daemons: a friendly equipped Unit spent draws 1; discarding a card costing a Gig's value stops that steal", () => {
    const s = blank()
    unit(s, 0, 'alt-cunningham-mother-of-daemons', { lag: true })
    const u = unit(s, 0, 'psycho-squad')
    gear(s, u, 'mantis-blades')
    gigs(s, 1, [[4, 2]])
    expect(handOf(act(s, 0, { type: 'attack', unit: u, target: 'gigs' }).s, 0)).toHaveLength(1)
    const s2 = blank({ active: 1 })
    unit(s2, 0, 'alt-cunningham-mother-of-daemons')
    const [d] = gigs(s2, 0, [[4, 2]])
    give(s2, 0, 'corporate-surveillance') // cost 2
    const a = unit(s2, 1, 'psycho-squad')
    let r = act(s2, 1, { type: 'attack', unit: a, target: 'gigs' }).s
    expect(promptOf(r)).toMatchObject({ seat: 0, kind: 'prevent', options: ['corporate-surveillance', 'none'] })
    r = settle(pick(r, 'corporate-surveillance').s)
    expect(gigsOf(r, 0)).toEqual([d])
    expect(gigsOf(r, 1)).toEqual([])
  })

  it('alt-cunningham-soulkiller-architect: spend to make the next Program cheaper per min Gig; 1 €$ spend replays a Program from the trash and bottom-decks it', () => {
    const s = blank()
    legends(s, 0, ['alt-cunningham-soulkiller-architect', 'v-corporate-exile', 'viktor-vektor-sit-down-and-relax'])
    s.players[0]!.legends[1]!.spent = true
    s.players[0]!.legends[2]!.spent = true
    gigs(s, 0, [
      [4, 1],
      [6, 1],
    ])
    give(s, 0, 'over-the-edge') // cost 3
    eddies(s, 0, 1)
    const alt = s.players[0]!.legends[0]!.uid
    let r = act(s, 0, { type: 'activate', src: alt, ab: 0, pay: [] }).s
    expect(E.legalActions(r, 0)).toContainEqual({ type: 'play', card: 'over-the-edge', pay: [] }) // 3 - 2 = 1
    const s2 = blank()
    legends(s2, 0, ['alt-cunningham-soulkiller-architect', 'v-corporate-exile', 'viktor-vektor-sit-down-and-relax'])
    s2.players[0]!.legends[1]!.spent = true
    s2.players[0]!.legends[2]!.spent = true
    const t = unit(s2, 1, 'psycho-squad')
    s2.players[0]!.trash.push(...give(s2, 0, 'floor-it'))
    s2.players[0]!.hand = []
    eddies(s2, 0, 2)
    r = act(s2, 0, { type: 'activate', src: s2.players[0]!.legends[0]!.uid, ab: 1, pay: [] }).s
    r = pick(r, { card: 'floor-it', pay: [] }).s
    expect(fieldUnit(r, t)!.powerThisTurn).toBe(-1)
    expect(cardOf(r, deckOf(r, 0)[0]!)).toBe('floor-it')
    expect(eddiesSpentOf(r, 0)).toBe(2)
  })

  it('kerry-eurodyne-axe-attitude-audience: may reroll a Gig rolled in from the fixer; each min or max roll draws (3 on a d20)', () => {
    for (const seed of ['k1', 'k2', 'k3', 'k4', 'k5', 'k6']) {
      const s = blank({ active: 1, seed })
      legends(s, 0, ['kerry-eurodyne-axe-attitude-audience', 'v-corporate-exile', 'viktor-vektor-sit-down-and-relax'])
      s.players[0]!.fixer = s.players[0]!.fixer.filter(d => s.dice[d]!.size === 4)
      gigs(s, 0, [
        [6, 2],
        [8, 2],
        [10, 2],
        [12, 2],
        [20, 2],
      ])
      const hand0 = s.players[0]!.hand.length
      let st = act(s, 1, { type: 'pass' })
      const events = [...st.ev]
      let r = st.s
      // two different Kerry triggers are pending: the player orders them (resolve the reroll first)
      const res = E.legalActions(r, 0)
      expect(res.map(x => x.type)).toEqual(['resolve', 'resolve'])
      const rerollFirst = res.find(x => r.pending.find(p => p.id === (x as { id: number }).id)!.ability === 0)!
      st = act(r, 0, rerollFirst)
      events.push(...st.ev)
      r = st.s
      expect(promptOf(r)!.options).toEqual(['reroll', 'keep'])
      st = pick(r, 'reroll')
      events.push(...st.ev)
      r = settle(st.s)
      const first = events.find(e => e.type === 'rollGig')!['value'] as number
      const second = events.find(e => e.type === 'reroll')!['value'] as number
      const draws = (first === 1 || first === 4 ? 1 : 0) + (second === 1 || second === 4 ? 1 : 0)
      expect(handOf(r, 0).length).toBe(hand0 + 1 + draws)
    }
  })
})
