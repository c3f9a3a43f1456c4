// Resigning (issue 9/13 contract): who loses in each mode, and play going on without the resigned seat.
import { describe, it, expect } from 'vitest'
import { Random, RuleViolation } from '../../../src/kernel/index.ts'
import type { DTState } from '../../../src/games/dice-throne-marvel/state.ts'
import type { DTView } from '../../../src/games/dice-throne-marvel/view.ts'
import { E, start, rolling, act, passWhile, edit, toAct, toMain1 } from './helpers.ts'

function resign(s: DTState, seat: number) {
  const before = JSON.stringify(s)
  const out = E.resign!(s, seat)
  expect(JSON.stringify(s)).toBe(before)
  return out
}

/** Random moves until `steps` are made or the match ends. */
function playOn(s: DTState, pick: Random, steps: number, check: (x: DTState) => void = () => {}): DTState {
  for (let i = 0; i < steps && !s.done; i++) {
    const seat = pick.pick(E.status(s).toAct)
    s = act(s, seat, pick.pick(E.legalActions(s, seat)))
    check(s)
  }
  return s
}

describe('resign', () => {
  it('DT-GAP-1 in 1v1 the other player wins, whoever is to act, with a public event and the reason', () => {
    const s = start(['thor', 'loki'])
    for (const loser of [0, 1]) {
      const { state, events } = resign(s, loser)
      expect(E.status(state)).toEqual({
        toAct: [],
        finished: true,
        winners: [1 - loser],
        reason: `Seat ${loser + 1} resigned`,
      })
      expect(events[0]).toEqual({ type: 'resign', seat: loser, eliminated: [loser] })
      expect(events.at(-1)).toEqual({ type: 'gameOver', winners: [1 - loser], reason: `Seat ${loser + 1} resigned` })
      expect(events.every(e => e.secret === undefined && e.visibleTo === undefined)).toBe(true)
      expect(E.describeEvent!(events[0]!, { names: ['Ann', 'Bob'], viewer: null })).toBe(
        `${['Ann', 'Bob'][loser]} resigns`,
      )
    }
  })
  it('DT-15.1 DT-15.2 in 2v2 the team shares one health dial, so it loses together', () => {
    const s = start(['thor', 'loki', 'spider-man', 'scarlet-witch'], { mode: '2v2' })
    const { state, events } = resign(s, 1)
    expect(E.status(state)).toMatchObject({ finished: true, winners: [0, 2], reason: 'Seat 2 resigned' })
    expect(events[0]).toEqual({ type: 'resign', seat: 1, eliminated: [1, 3] })
    for (const seat of [0, 1, 2, 3]) expect(E.legalActions(state, seat)).toEqual([])
  })
  it('DT-11.4 in free-for-all the seat is eliminated and play goes on in turn order without it', () => {
    let s = toMain1(start(['thor', 'loki', 'spider-man'], { mode: 'free-for-all' }))
    const a = s.active
    const other = (a + 1) % 3
    s = resign(s, other).state
    expect(E.status(s).finished).toBe(false)
    expect(s.p[other]!.out).toBe(true)
    expect((E.view(s, null) as DTView).players[other]!.defeated).toBe(true)
    expect(toAct(s)).toBe(a)
    // the turn passes over the resigned seat
    s = passWhile(act(s, a, { type: 'end' }), x => x.step === 'rolling')
    s = passWhile(act(s, a, { type: 'noAttack' }), z => z.step !== 'rollEnd')
    s = passWhile(act(s, a, { type: 'end' }), x => x.active !== a || x.step === 'discard')
    if (s.step === 'discard') s = act(s, a, E.legalActions(s, a)[0]!)
    s = passWhile(s, x => x.active !== a)
    expect(s.active).toBe((a + 2) % 3)
    // the last seat left wins
    const last = resign(s, a).state
    expect(E.status(last)).toMatchObject({ finished: true, winners: [(a + 2) % 3], reason: `Seat ${a + 1} resigned` })
  })
  it('DT-11.4 in free-for-all the active player resigning passes the turn to the next living player', () => {
    const s = rolling(
      start(['thor', 'loki', 'spider-man', 'scarlet-witch'], { mode: 'free-for-all' }),
      1,
      [1, 1, 1, 2, 3],
    )
    const { state, events } = resign(s, 1)
    expect(state.active).toBe(2)
    expect(state.turn).toBe(s.turn + 1)
    // its Upkeep Phase's window is open (the players hold cards: DT-4.4)
    expect(state.step).toBe('upkeep')
    expect(events.some(e => e.type === 'turn' && e['seat'] === 2)).toBe(true)
    expect(E.legalActions(state, 1)).toEqual([])
  })
  it('DT-11.4 a defender resigning in free-for-all ends the attack on it; the attacker goes on to Main Phase 2', () => {
    let s = rolling(start(['thor', 'loki', 'spider-man'], { mode: 'free-for-all' }), 0, [1, 1, 1, 2, 3])
    s = edit(s, x => (x.target = 1))
    s = act(s, 0, { type: 'select', ability: 'hammered', variant: 0 })
    s = passWhile(s, x => x.step === 'defChoose' || x.step === 'modify')
    expect(s.atk?.to).toBe(1)
    const out = resign(s, 1).state
    expect(out.atk).toBeNull()
    expect(out.step).toBe('main2')
    expect(toAct(out)).toBe(0)
  })
  it('DT-11.4 DT-15.1 at random points of random 3- and 4-seat games the resigned seat never acts again and the game still ends', () => {
    const setups: [string[], Record<string, unknown>][] = [
      [['thor', 'loki', 'spider-man'], { mode: 'free-for-all' }],
      [['scarlet-witch', 'thor', 'loki', 'spider-man'], { mode: 'free-for-all' }],
      [['scarlet-witch', 'thor', 'loki', 'spider-man'], { mode: '2v2' }],
    ]
    for (const [heroes, opts] of setups) {
      for (let g = 0; g < 8; g++) {
        const pick = Random.fromSeed(`resign-${heroes.length}-${g}-${String(opts['mode'])}`)
        let s = playOn(start(heroes, opts, `r-${g}`), pick, pick.int(0, 150))
        if (s.done) continue
        const loser = pick.int(0, heroes.length - 1)
        if (s.p[loser]!.out) continue
        s = resign(s, loser).state
        expect(E.schemas.view!.safeParse(E.view(s, loser)).success).toBe(true)
        s = playOn(s, pick, 20_000, x => expect(E.legalActions(x, loser)).toEqual([]))
        expect(s.done).toBe(true)
        expect(s.winners).not.toContain(loser)
      }
    }
  })
  it('DT-GAP-1 a finished match cannot be resigned', () => {
    const over = E.resign!(start(['thor', 'loki']), 0).state
    expect(() => E.resign!(over, 1)).toThrow(RuleViolation)
  })
})
