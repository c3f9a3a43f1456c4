// evaluate: the greedy bot's one-ply heuristic, 1 won, 0 lost, blind to what the seat cannot see, and good enough to
// win.
import { describe, expect, it } from 'vitest'
import { Random } from '../../../src/kernel/index.ts'
import type { State } from '../../../src/games/cyberpunk-tcg/state.ts'
import { E, HEIST, EBP, blank, gigs, started, unit } from './helpers.ts'

/**
 * A game where `greedy` takes the legal action with the best evaluation and the other seat plays uniformly at random.
 */
function greedyVsRandom(greedy: number, seed: string): State {
  let s = E.setup([HEIST, EBP], E.schemas.options.parse({ concedeListed: false }), seed)
  const r = Random.fromSeed(seed)
  for (let i = 0; i < 5000 && !E.status(s).finished; i++) {
    const seat = E.status(s).toAct[0]!
    const legal = E.legalActions(s, seat)
    let a = r.pick(legal)
    if (seat === greedy) {
      let best = -Infinity
      for (const x of legal) {
        const v = E.evaluate!(E.apply(s, seat, x).state, seat)
        if (v > best) [best, a] = [v, x]
      }
    }
    s = E.apply(s, seat, a).state
  }
  return s
}

describe('cyberpunk-tcg evaluate', () => {
  it('CP-8.12 CR 1.16 is 1 for the winner and 0 for the loser of a finished game', () => {
    const done = E.resign!(started(), 1).state
    expect(E.evaluate!(done, 0)).toBe(1)
    expect(E.evaluate!(done, 1)).toBe(0)
  })

  it('CP-8.12 is strictly inside (0, 1) while the game goes on, and grows with Gigs, Units and their power', () => {
    const s = blank()
    const base = E.evaluate!(s, 0)
    expect(base).toBeGreaterThan(0)
    expect(base).toBeLessThan(1)
    const more = blank()
    gigs(more, 0, [[6, 3]])
    expect(E.evaluate!(more, 0)).toBeGreaterThan(base)
    expect(E.evaluate!(more, 1)).toBeLessThan(E.evaluate!(s, 1))
    const board = blank()
    unit(board, 0, 'psycho-squad')
    expect(E.evaluate!(board, 0)).toBeGreaterThan(base)
  })

  it("reads only what the seat sees: a determinized state (the rival's hand and the decks re-dealt) scores the same", () => {
    let s = E.setup([HEIST, EBP], E.schemas.options.parse({ concedeListed: false }), 'eval-blind')
    const r = Random.fromSeed('eval-blind')
    for (let i = 0; i < 300 && !E.status(s).finished; i++) {
      const seat = E.status(s).toAct[0]!
      for (const who of [0, 1])
        expect(E.evaluate!(E.determinize!(s, who, Random.fromSeed(`e${i}`)), who)).toBe(E.evaluate!(s, who))
      s = E.apply(s, seat, r.pick(E.legalActions(s, seat))).state
    }
  })

  it('a greedy one-ply player wins at least 10 of 12 games against a uniform random one, seats alternated', () => {
    let wins = 0
    for (let g = 0; g < 12; g++) if (E.status(greedyVsRandom(g % 2, `greedy-${g}`)).winners?.includes(g % 2)) wins++
    expect(wins).toBeGreaterThanOrEqual(10)
  })
})
