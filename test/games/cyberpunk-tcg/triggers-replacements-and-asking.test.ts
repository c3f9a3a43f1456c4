// Third audit of the Cyberpunk TCG engine (issue 23): each test cites the rule and the source line it was seen to fail
// on.
import { describe, expect, it } from 'vitest'
import { triggerSources } from '../../../src/games/cyberpunk-tcg/core.ts'
import type { State } from '../../../src/games/cyberpunk-tcg/state.ts'
import {
  act,
  attackOf,
  blank,
  cardOf,
  copy,
  deckOf,
  E,
  eddies,
  fieldUnit,
  gear,
  gigs,
  give,
  legends,
  legendsOf,
  pick,
  play,
  promptOf,
  removedOf,
  settle,
  topDeck,
  trashOf,
  unit,
} from './helpers.ts'

describe('cyberpunk-tcg third audit (issue 23)', () => {
  it("CP-12.14 [001] L 114: after a replacement applies, replacements are checked again on the new event — Jackie Welles: Mama's Favorite wearing a Deadman Transmitter takes a friendly Unit's defeat, and the Transmitter is defeated in her place", () => {
    const s = blank({ active: 1 })
    legends(s, 0, ['jackie-welles-mamas-favorite', 'v-corporate-exile', 'viktor-vektor-sit-down-and-relax'])
    s.players[0]!.legends.forEach(l => (l!.spent = true))
    eddies(s, 0, 1)
    const jackie = s.players[0]!.legends[0]!.uid
    const dm = gear(s, jackie, 'deadman-transmitter')
    const d = unit(s, 0, 'emergency-atlus', { spent: true })
    const a = unit(s, 1, 'animals-wrecker')
    let r = act(s, 1, { type: 'attack', unit: a, target: d }).s
    r = settle(pick(r, { jackie, pay: [] }).s)
    expect(fieldUnit(r, d)).toBeDefined() // Jackie took the Unit's defeat
    expect(legendsOf(r, 0)[0]?.uid).toBe(jackie) // … and the Transmitter took hers
    expect(removedOf(r, 0)).not.toContain(jackie)
    expect(trashOf(r, 0)).toContain(dm)
  })

  it('CP-9.46 (c) [001] L 58: an attack ends as soon as its target is no longer valid for the attacker, checked at every step — Valentino Guerrera attacks a ready BLOCKER while ahead on Street Cred; once it is no longer ahead, the attack ends before the fight', () => {
    const s = blank()
    const v = unit(s, 0, 'valentino-guerrera')
    const b = unit(s, 1, 'corpo-security') // ready BLOCKER
    const [mine] = gigs(s, 0, [[6, 5]])
    const [rival] = gigs(s, 1, [[4, 2]])
    give(s, 1, 'cyberpsychosis') // a QUICK Program and €$ for it: the defender is asked in the React Step
    eddies(s, 1, 3)
    expect(E.legalActions(s, 0)).toContainEqual({ type: 'attack', unit: v, target: b })
    const r = act(s, 0, { type: 'attack', unit: v, target: b }).s
    expect(attackOf(r)?.step).toBe('react')
    // mid-attack, the rival's Street Cred comes level (as a Gig adjustment in the React Step would make it)
    r.dice = r.dice.map((d, i) =>
      i === rival ? { size: d.size, value: 4 } : i === mine ? { size: d.size, value: 4 } : d,
    )
    const step = act(r, 1, { type: 'endReactions' })
    expect(step.ev.some(e => e.type === 'fight')).toBe(false)
    expect(step.ev).toContainEqual({ type: 'attackEnded', early: true })
    expect(fieldUnit(step.s, b)).toBeDefined()
  })

  it('CP-10.10 CP-12.19 CP-12.20 [001] L 70, L 116: "do as much as possible" — a mandatory pick never offers none while a legal pick exists (Three Mouths, One Desire adds 1 card, 1 more per friendly Gig showing 1)', () => {
    const s = blank()
    gigs(s, 0, [[4, 1]])
    topDeck(s, 0, 'mantis-blades')
    topDeck(s, 0, 'psycho-squad')
    topDeck(s, 0, 'floor-it')
    give(s, 0, 'three-mouths-one-desire')
    eddies(s, 0, 2)
    let r = play(s, 'three-mouths-one-desire').s
    expect(promptOf(r)!.options).toEqual(['floor-it', 'mantis-blades', 'psycho-squad'])
    r = pick(r, 'floor-it').s
    expect(promptOf(r)!.options).toEqual(['mantis-blades', 'psycho-squad'])
  })

  it('CP-11.1 [001] L 86: a trigger goes pending only when its condition is met — "when a friendly Unit steals a d6" (6th Street Recruits) does not fire on a d8; "when a friendly Legend steals" (Rogue Amendiares: Preem Solo) does not fire for a Unit', () => {
    const s = blank()
    const recruits = unit(s, 0, '6th-street-recruits')
    const thief = unit(s, 0, 'animals-wrecker')
    legends(s, 0, ['rogue-amendiares-preem-solo', 'v-corporate-exile', 'viktor-vektor-sit-down-and-relax'])
    const [d6, d8] = gigs(s, 0, [
      [6, 3],
      [8, 3],
    ])
    const pendingAfter = (die: number) => {
      const r = copy(s)
      triggerSources(r, 0, 'FRIENDLY_STEAL', die, thief)
      return r.pending.map(p => p.card)
    }
    expect(pendingAfter(d8!)).toEqual([]) // neither: a d8, stolen by a Unit
    expect(pendingAfter(d6!)).toEqual(['6th-street-recruits']) // the d6 fires the Recruits only
    void recruits
  })

  it("CP-11.1 [001] L 86: a first time each turn is the trigger's condition, read as the event happens — Yorinobu Arasaka: Steel Dragon does not go pending when a Unit that is not ARASAKA is defeated; Rogue Amendiares: Queen of the Afterlife does not go pending for a steal of a Gig not valued below the thief's power", () => {
    const s = blank()
    unit(s, 0, 'yorinobu-arasaka-steel-dragon')
    const queen = unit(s, 0, 'rogue-amendiares-queen-of-the-afterlife')
    const thief = unit(s, 0, 'animals-wrecker') // power 10
    const [d20] = gigs(s, 0, [[20, 15]])
    const pendingAfter = (t: 'UNIT_DEFEATED' | 'FRIENDLY_STEAL', x: number, by?: number) => {
      const r = copy(s)
      triggerSources(r, 0, t, x, by)
      return r.pending.map(p => p.card)
    }
    const squad = unit(s, 1, 'psycho-squad') // NCPD, not ARASAKA
    expect(pendingAfter('UNIT_DEFEATED', squad, 0)).toEqual([])
    expect(pendingAfter('FRIENDLY_STEAL', d20!, thief)).toEqual([]) // 15 is not below 10
    // the condition met: the turn's first ARASAKA defeat fires Steel Dragon
    const op = unit(s, 1, 'field-operator')
    for (const p of s.players) p.once = [...p.once, `arasaka-defeated:${op}`]
    expect(pendingAfter('UNIT_DEFEATED', op, 0)).toEqual(['yorinobu-arasaka-steel-dragon'])
    void queen
  })

  it('CP-11.16 [001] L 101: Judy Álvarez: Nothing to Doubt reveals the top card to both seats, and playing it takes that very card, not another copy deeper in the deck', () => {
    const s = blank()
    const j = unit(s, 0, 'judy-alvarez-nothing-to-doubt')
    eddies(s, 0, 3)
    const deep = topDeck(s, 0, 'psycho-squad')
    topDeck(s, 0, 'floor-it')
    const top = topDeck(s, 0, 'psycho-squad')
    const activate = E.legalActions(s, 0).find(a => a.type === 'activate' && a.src === j)!
    let r = act(s, 0, activate).s
    expect(promptOf(r)!.options).toEqual(['top:psycho-squad', 'none'])
    expect((E.view(r, 1) as { prompt: unknown }).prompt).toMatchObject({ seat: 0, seen: ['psycho-squad'] })
    r = pick(r, 'top:psycho-squad').s
    expect(fieldUnit(r, top)).toBeDefined()
    expect(fieldUnit(r, deep)).toBeUndefined()
    expect(cardOf(r, deckOf(r, 0).at(-1)!)).toBe('floor-it')
  })

  it('CP-10.33 CP-10.35 [001] L 80, L 82: the turn player resolves all its pending effects first; the player resolving keeps on only when both players gained new ones at once', () => {
    const s = blank() // seat 0's turn
    const dexter = unit(s, 0, 'dexter-deshawn-one-last-chance') // DEFEATED: draw 2 (Street Cred 10+ apart)
    const x = unit(s, 1, 'adam-smasher-ender-of-legends') // PLAY: defeat a rival Unit
    const y = unit(s, 1, 'field-operator') // PLAY: draw 1 on even Street Cred
    gigs(s, 0, [[20, 15]])
    gigs(s, 1, [[4, 2]])
    s.pending = [
      { id: 1, seat: 1, card: 'adam-smasher-ender-of-legends', ability: 0, source: x },
      { id: 2, seat: 1, card: 'field-operator', ability: 0, source: y },
    ]
    s.seq = 3
    expect(E.status(s).toAct).toEqual([1]) // only seat 1 has pending effects
    // Adam Smasher defeats Dexter: only seat 0 gains a new pending effect, so the turn player resolves it first
    const step = act(s, 1, { type: 'resolve', id: 1 })
    const draws = step.ev.filter(e => e.type === 'draw').map(e => e['seat'])
    expect(draws).toEqual([0, 0, 1])
    void dexter
  })

  it('CP-7.3 [000] L 25: a Legend on the field is a Legend for every effect — MaxTac Squadron\'s "ready a friendly face-up Legend" readies a spent Legend on the field', () => {
    const s = blank()
    legends(s, 0, ['v-corporate-exile', 'viktor-vektor-sit-down-and-relax', 'jackie-welles-pour-one-out-for-me'], false)
    unit(s, 0, 'maxtac-squadron', { spent: true })
    const adam = unit(s, 0, 'adam-smasher-ender-of-legends', { spent: true }) // a Legend played to the field
    const r = settle(act(s, 0, { type: 'pass' }).s)
    expect(fieldUnit(r, adam)!.spent).toBe(false)
  })

  describe('CP-11.16 [001] L 101, issue 23: whether a seat is asked never depends on what a hidden zone holds', () => {
    /** The seat asked (or null) in two states that differ only in hidden cards: it must be the same. */
    const askedIn = (build: (hidden: 'a' | 'b') => State) =>
      (['a', 'b'] as const).map(h => build(h).prompt?.seat ?? null)

    it('"you may discard a Program" (Placide: Voodoo Sentinel) asks whether or not the hand holds one', () => {
      const asked = askedIn(h => {
        const s = blank()
        give(s, 0, 'placide-voodoo-sentinel')
        give(s, 0, h === 'a' ? 'psycho-squad' : 'floor-it')
        eddies(s, 0, 8)
        unit(s, 1, 'psycho-squad')
        return play(s, 'placide-voodoo-sentinel').s
      })
      expect(asked).toEqual([0, 0])
    })

    it('"you may discard 2 Programs" (Maman Brigitte: Spirit of Death) asks whether or not the hand holds two', () => {
      const asked = askedIn(h => {
        const s = blank()
        give(s, 0, 'maman-brigitte-spirit-of-death')
        give(s, 0, 'floor-it')
        give(s, 0, h === 'a' ? 'psycho-squad' : 'floor-it')
        eddies(s, 0, 5)
        unit(s, 1, 'psycho-squad')
        return play(s, 'maman-brigitte-spirit-of-death').s
      })
      expect(asked).toEqual([0, 0])
    })

    it('a search of the top cards (Sketchy Ripper) shows them and asks, whatever they are', () => {
      const asked = askedIn(h => {
        const s = blank()
        const sr = unit(s, 0, 'sketchy-ripper')
        topDeck(s, 0, h === 'a' ? 'psycho-squad' : 'mantis-blades')
        topDeck(s, 0, 'psycho-squad')
        topDeck(s, 0, 'floor-it')
        gigs(s, 1, [[4, 1]])
        return act(s, 0, { type: 'attack', unit: sr, target: 'gigs' }).s
      })
      expect(asked).toEqual([0, 0])
    })

    it('"look at your top 2 and trash 1" (River Ward: Detective on the Hunt) asks, whatever they are', () => {
      const asked = askedIn(h => {
        const s = blank({ active: 1 })
        legends(s, 0, ['river-ward-detective-on-the-hunt', 'v-corporate-exile', 'viktor-vektor-sit-down-and-relax'])
        s.players[0]!.legends.forEach(l => (l!.spent = true))
        const d = unit(s, 0, 'emergency-atlus', { spent: true })
        gear(s, d, 'mantis-blades')
        const a = unit(s, 1, 'animals-wrecker')
        topDeck(s, 0, 'psycho-squad')
        topDeck(s, 0, h === 'a' ? 'psycho-squad' : 'floor-it')
        return act(s, 1, { type: 'attack', unit: a, target: d }).s
      })
      expect(asked).toEqual([0, 0])
    })

    it('"you may play a Unit from hand or trash for free" (Yorinobu Arasaka: Steel Dragon) asks whether or not the hand holds one', () => {
      const asked = askedIn(h => {
        const s = blank()
        give(s, 0, 'yorinobu-arasaka-steel-dragon')
        give(s, 0, h === 'a' ? 'floor-it' : 'psycho-squad')
        eddies(s, 0, 7)
        return play(s, 'yorinobu-arasaka-steel-dragon').s
      })
      expect(asked).toEqual([0, 0])
    })
  })
})
