// CR 1.16 resign: at any moment, whoever is to act, the rival wins; pure, with a public event.
import { describe, expect, it } from 'vitest'
import type { State } from '../../../src/games/cyberpunk-tcg/state.ts'
import { attack, blank, E, EBP, eddies, gigs, give, HEIST, phaseOf, play, promptOf, started, unit } from './helpers.ts'

function resignEnds(s: State, seat: number): void {
  const before = JSON.stringify(s)
  const { state, events } = E.resign!(s, seat)
  expect(JSON.stringify(s)).toBe(before)
  expect(E.status(state)).toEqual({
    toAct: [],
    finished: true,
    winners: [1 - seat],
    reason: `Seat ${seat + 1} resigned`,
  })
  expect(events).toEqual([
    { type: 'resign', seat },
    { type: 'gameOver', winners: [1 - seat], reason: `Seat ${seat + 1} resigned` },
  ])
  for (const e of events) expect(e.visibleTo).toBeUndefined()
  for (const p of [0, 1]) expect(E.legalActions(state, p)).toEqual([])
}

describe('cyberpunk-tcg resign', () => {
  it('CR 1.16 either seat resigns while the first player is being chosen and during the mulligans', () => {
    const s = E.setup([HEIST, EBP], E.schemas.options.parse({}), 'resign')
    resignEnds(s, 0)
    resignEnds(s, 1)
    const m = E.apply(s, s.chooser, { type: 'goFirst', first: true }).state
    expect(phaseOf(m)).toBe('mull')
    resignEnds(m, 1 - E.status(m).toAct[0]!)
  })

  it('CR 1.16 the turn player or its rival resigns in the Main Phase, concedeListed on or off', () => {
    for (const concedeListed of [true, false]) {
      const s = started({ options: { concedeListed } })
      resignEnds(s, 0)
      resignEnds(s, 1)
    }
  })

  it('CR 1.16 a seat resigns in the middle of an attack, a prompt or an effect waiting for the other seat', () => {
    const s = blank()
    const a = unit(s, 0, 'psycho-squad')
    gigs(s, 1, [[4, 2]])
    const r = attack(s, a, 'gigs').s
    expect(E.status(r).finished).toBe(false)
    resignEnds(r, 0)
    resignEnds(r, 1)
    const n = blank()
    give(n, 0, 'nocturne-op55-n1')
    eddies(n, 0, 5)
    const p = play(n, 'nocturne-op55-n1').s
    expect(promptOf(p)?.seat).toBe(0)
    resignEnds(p, 1)
    expect(promptOf(E.resign!(p, 0).state)).toBeNull()
  })

  it('CR 1.13 a finished match cannot be resigned again', () => {
    const done = E.resign!(started(), 0).state
    expect(() => E.resign!(done, 1)).toThrow(/over/)
  })

  it('CR 1.16 the concede action is the same resignation', () => {
    const s = started({ options: { concedeListed: true } })
    const viaAction = E.apply(s, 0, { type: 'concede' })
    expect(viaAction).toEqual(E.resign!(s, 0))
    expect(E.describeEvent!(viaAction.events[1]!, { names: ['Ann', 'Bob'], viewer: 1 })).toBe(
      'Game over: Bob wins: the rival resigned',
    )
  })
})
