/** Move clocks: when the seats to act must have acted, and when they are reminded. */
import type { ClockSpec } from './match-store.ts'

/** The first deadline: one move's time from `now`, for a clocked match with someone to act. */
export function deadlineAfter(clock: ClockSpec | null, toAct: readonly number[], now = Date.now()): Date | null {
  return clock && toAct.length > 0 ? new Date(now + clock.perMoveSeconds * 1000) : null
}

/**
 * The deadline after `actor`'s step. While a seat other than the actor still owes the decision it owed before, the
 * deadline stands for every seat to act: a simultaneous decision is one move on the clock, so one seat's moves in it
 * (several, if its part takes several) give no seat extra time. Once no such seat remains, every seat to act has
 * been asked anew and gets one move's time from `now`.
 */
export function deadlineAfterStep(
  clock: ClockSpec | null,
  previous: Date | null,
  toActBefore: readonly number[],
  toActAfter: readonly number[],
  actor: number | null,
  now = Date.now(),
): Date | null {
  const stillOwed = toActAfter.some((s) => s !== actor && toActBefore.includes(s))
  return clock && previous !== null && stillOwed ? previous : deadlineAfter(clock, toActAfter, now)
}

/** When the seats to act are reminded: `reminderAt` of one move's time into it, so the same moment for a kept deadline. */
export function reminderTime(clock: ClockSpec, deadline: Date): Date | null {
  if (clock.reminderAt <= 0) return null
  return new Date(deadline.getTime() - clock.perMoveSeconds * 1000 * (1 - clock.reminderAt))
}
