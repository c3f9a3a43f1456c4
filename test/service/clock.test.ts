// Move clocks: which steps give the seats to act a fresh deadline, and when the reminder falls.
import { describe, expect, it } from 'vitest'
import { deadlineAfter, deadlineAfterStep, reminderTime } from '../../src/service/clock.ts'
import type { ClockSpec } from '../../src/service/match-store.ts'

const clock: ClockSpec = { perMoveSeconds: 3600, onTimeout: 'FORFEIT', reminderAt: 0.8 }
const now = Date.parse('2026-12-01T12:00:00Z')
const earlier = new Date(now - 600_000)
const fresh = new Date(now + 3_600_000)

describe('move clocks', () => {
  it('the first deadline is one move from now, and none without a clock or anyone to act', () => {
    expect(deadlineAfter(clock, [0], now)).toEqual(fresh)
    expect(deadlineAfter(null, [0], now)).toBeNull()
    expect(deadlineAfter(clock, [], now)).toBeNull()
  })

  it('in a simultaneous decision the deadline stands while a seat other than the actor still owes its part', () => {
    expect(deadlineAfterStep(clock, earlier, [0, 1], [0], 1, now)).toEqual(earlier)
    expect(deadlineAfterStep(clock, earlier, [0, 1], [0, 1], 1, now)).toEqual(earlier)
  })

  it('a fresh deadline once every seat to act is asked anew: the actor again alone, or seats that were not to act', () => {
    expect(deadlineAfterStep(clock, earlier, [0], [0], 0, now)).toEqual(fresh)
    expect(deadlineAfterStep(clock, earlier, [0], [1], 0, now)).toEqual(fresh)
    expect(deadlineAfterStep(clock, earlier, [0], [0, 1], 0, now)).toEqual(fresh)
    expect(deadlineAfterStep(clock, earlier, [0, 1], [1], 0, now)).toEqual(earlier)
  })

  it('no deadline when nobody is to act or the match has no clock; a first deadline when there was none', () => {
    expect(deadlineAfterStep(clock, earlier, [0, 1], [], 1, now)).toBeNull()
    expect(deadlineAfterStep(null, earlier, [0, 1], [0], 1, now)).toBeNull()
    expect(deadlineAfterStep(clock, null, [0, 1], [0], 1, now)).toEqual(fresh)
  })

  it('the reminder falls reminderAt of one move into the deadline, kept with a kept deadline; none at 0', () => {
    expect(reminderTime(clock, fresh)).toEqual(new Date(now + 0.8 * 3_600_000))
    expect(reminderTime(clock, earlier)).toEqual(new Date(earlier.getTime() - 0.2 * 3_600_000))
    expect(reminderTime({ ...clock, reminderAt: 0 }, fresh)).toBeNull()
  })
})
