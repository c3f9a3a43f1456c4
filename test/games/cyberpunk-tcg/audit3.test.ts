// Third audit of the Cyberpunk TCG engine (issue 23): each test cites the rule and the source line it was seen to fail on.
import { describe, expect, it } from 'vitest'
import { act, blank, eddies, fieldUnit, gear, legends, pick, settle, unit } from './helpers.ts'

describe('cyberpunk-tcg third audit (issue 23)', () => {
  it('CP-12.14 [001] L 114: after a replacement applies, replacements are checked again on the new event — Jackie Welles: Mama\'s Favorite wearing a Deadman Transmitter takes a friendly Unit\'s defeat, and the Transmitter is defeated in her place', () => {
    const s = blank({ active: 1 })
    legends(s, 0, ['jackie-welles-mamas-favorite', 'v-corporate-exile', 'viktor-vektor-sit-down-and-relax'])
    s.p[0]!.legends.forEach((l) => (l!.sp = true))
    eddies(s, 0, 1)
    const jackie = s.p[0]!.legends[0]!.u
    const dm = gear(s, jackie, 'deadman-transmitter')
    const d = unit(s, 0, 'emergency-atlus', { sp: true })
    const a = unit(s, 1, 'animals-wrecker')
    let r = act(s, 1, { type: 'attack', unit: a, target: d }).s
    r = settle(pick(r, { jackie, pay: [] }).s)
    expect(fieldUnit(r, d)).toBeDefined() // Jackie took the Unit's defeat
    expect(r.p[0]!.legends[0]?.u).toBe(jackie) // … and the Transmitter took hers
    expect(r.p[0]!.removed).not.toContain(jackie)
    expect(r.p[0]!.trash).toContain(dm)
  })
})
