// Clock policies as pure functions: which steps keep, move or refill each seat's time, and when turns begin.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  advanceTurns,
  clockFromInput,
  clockView,
  earliestDeadline,
  lateSeats,
  setAway,
  startTurns,
  type Turns,
} from '../../src/service/clock.ts'
import { clockInput } from '../../src/service/schemas.ts'

const now = Date.parse('2026-12-01T12:00:00Z')
const perMove = clockFromInput({ perMoveSeconds: 3600 })
const perTurn = clockFromInput({ kind: 'PER_TURN', perTurnSeconds: 600 })
const bank = clockFromInput({ kind: 'BANK', initialSeconds: 100, incrementSeconds: 30, maxSeconds: 120 })
const step = (
  spec: typeof perMove | null,
  t: Turns,
  before: number[],
  after: number[],
  actor: number | null,
  at: number,
  engineTurn?: number,
  kind = 'move',
) => advanceTurns(spec, t, { engineTurn, toActBefore: before, toActAfter: after, actor, kind }, at)

describe('PER_MOVE (and DAYS)', () => {
  it('the first deadline is one move from now; none without a clock', () => {
    const t = startTurns(perMove, 2, 1, [0], [], now)
    expect(earliestDeadline(t)).toEqual(new Date(now + 3_600_000))
    expect(earliestDeadline(startTurns(null, 2, 1, [0], [], now))).toBeNull()
  })

  it('in a simultaneous decision the deadline stands while a seat other than the actor still owes its part; then a fresh one', () => {
    const t = startTurns(perMove, 2, 1, [0, 1], [], now)
    const a = step(perMove, t, [0, 1], [0], 1, now + 60_000)
    expect(earliestDeadline(a)).toEqual(new Date(now + 3_600_000))
    const b = step(perMove, a, [0], [1], 0, now + 120_000, 2)
    expect(earliestDeadline(b)).toEqual(new Date(now + 120_000 + 3_600_000))
  })

  it('DAYS is days × 86,400 seconds per move', () => {
    const days = clockFromInput({ kind: 'DAYS', days: 3 })
    expect(days.perMoveSeconds).toBe(3 * 86_400)
    expect(earliestDeadline(startTurns(days, 2, 1, [1], [], now))).toEqual(new Date(now + 3 * 86_400_000))
  })
})

describe('PER_TURN', () => {
  it('the deadline does not move while the seat decides several times in its turn; a new turn refills every seat', () => {
    const t = startTurns(perTurn, 2, 1, [0], [], now)
    const a = step(perTurn, t, [0], [0], 0, now + 100_000, 1)
    expect(a.seats[0]!.deadline).toBe(now + 600_000)
    // The opponent reacts within seat 0's turn: seat 0 stops with what it has left, seat 1 spends its own time.
    const b = step(perTurn, a, [0], [1], 0, now + 200_000, 1)
    expect(b.seats[0]).toMatchObject({ deadline: null, leftMs: 400_000 })
    expect(b.seats[1]!.deadline).toBe(now + 200_000 + 600_000)
    const c = step(perTurn, b, [1], [0], 1, now + 250_000, 1)
    expect(c.seats[0]!.deadline).toBe(now + 250_000 + 400_000)
    expect(c.seats[1]).toMatchObject({ deadline: null, leftMs: 550_000 })
    const d = step(perTurn, c, [0], [1], 0, now + 300_000, 2)
    expect(d.seats[1]!.deadline).toBe(now + 300_000 + 600_000)
    expect(d.seats[0]!.leftMs).toBe(600_000)
  })
})

describe('BANK', () => {
  it('the increment is added when the seat hands over, never above the cap; its bank runs on over several decisions', () => {
    const t = startTurns(bank, 2, 1, [0], [], now)
    const a = step(bank, t, [0], [0], 0, now + 10_000)
    expect(a.seats[0]!.deadline).toBe(now + 100_000)
    const b = step(bank, a, [0], [1], 0, now + 40_000, 2)
    expect(b.seats[0]).toMatchObject({ deadline: null, leftMs: 60_000 + 30_000 })
    const c = step(bank, b, [1], [0], 1, now + 41_000, 3)
    // Seat 1 spent 1 s of 100 and gets 30: capped at 120.
    expect(c.seats[1]!.leftMs).toBe(120_000)
  })

  it('property: a bank never exceeds the cap nor drops below 0, whatever the hand-overs and times', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 1 }), fc.integer({ min: 0, max: 200_000 })), { maxLength: 30 }),
        moves => {
          let t = startTurns(bank, 2, 1, [0], [], now)
          let at = now
          let toAct = [0]
          let turn = 1
          for (const [handOver, wait] of moves) {
            at += wait
            const next = handOver ? [1 - toAct[0]!] : toAct
            if (handOver) turn++
            t = step(bank, t, toAct, next, toAct[0]!, at, turn)
            toAct = next
            for (const s of clockView(bank, t, at).seats) expect(s.timeLeftSeconds).toBeGreaterThanOrEqual(0)
            for (const s of t.seats) expect(s.leftMs).toBeLessThanOrEqual(120_000)
          }
        },
      ),
    )
  })
})

describe('turns, autoplays and vacations', () => {
  it('without an engine turn number a hand-over begins a new turn; a seat is asked once per turn', () => {
    let t = startTurns(null, 2, undefined, [0], [], now)
    expect(t).toMatchObject({ turn: 1, seats: [{ asked: 1 }, { asked: null }] })
    t = step(null, t, [0], [0], 0, now)
    expect(t.turn).toBe(1)
    t = step(null, t, [0], [1], 0, now)
    expect(t).toMatchObject({ turn: 2, seats: [{ asked: 1 }, { asked: 2 }] })
  })

  it('autoplays count in a row and a decision of the seat resets them', () => {
    let t = startTurns(perMove, 2, 1, [0], [], now)
    t = step(perMove, t, [0], [0], 0, now, 1, 'autoplay')
    t = step(perMove, t, [0], [0], 0, now, 1, 'autoplay')
    expect(t.seats[0]!.autoplays).toBe(2)
    t = step(perMove, t, [0], [0], 0, now, 1, 'move')
    expect(t.seats[0]!.autoplays).toBe(0)
  })

  it('an away seat keeps its time and cannot time out; back, it runs from where it stopped', () => {
    const t = startTurns(bank, 2, 1, [0], [], now)
    const away = setAway(bank, t, 0, true, [0], now + 30_000)
    expect(away.seats[0]).toMatchObject({ deadline: null, leftMs: 70_000, away: true })
    expect(lateSeats(away, now + 10_000_000)).toEqual([])
    const back = setAway(bank, away, 0, false, [0], now + 500_000)
    expect(back.seats[0]!.deadline).toBe(now + 500_000 + 70_000)
  })
})

describe('clock input', () => {
  const bad = [
    { kind: 'WEEKLY', perMoveSeconds: 60 },
    { perMoveSeconds: 0 },
    { perMoveSeconds: -5 },
    { perMoveSeconds: 2_592_001 },
    { kind: 'PER_TURN', perMoveSeconds: 60 },
    { kind: 'PER_TURN', perTurnSeconds: 60, days: 1 },
    { kind: 'BANK', initialSeconds: 100, maxSeconds: 50 },
    { kind: 'BANK', initialSeconds: 100, incrementSeconds: -1 },
    { kind: 'BANK', perMoveSeconds: 100 },
    { kind: 'DAYS', days: 4 },
    { kind: 'DAYS' },
    { perMoveSeconds: 60, maxAutoplays: 101 },
  ]
  it.each(bad)('refuses %j', input => expect(clockInput.safeParse(input).success).toBe(false))

  it('accepts each kind with its own fields, and fills the BANK defaults', () => {
    for (const ok of [
      { perMoveSeconds: 1 },
      { kind: 'PER_TURN', perTurnSeconds: 2_592_000 },
      { kind: 'BANK', initialSeconds: 5, incrementSeconds: 0 },
      { kind: 'DAYS', days: 14 },
    ]) {
      expect(clockInput.safeParse(ok).success, JSON.stringify(ok)).toBe(true)
    }
    expect(clockFromInput({ kind: 'BANK', initialSeconds: 5 })).toMatchObject({
      incrementSeconds: 0,
      maxSeconds: 5,
      maxAutoplays: 3,
      vacation: true,
    })
  })
})
