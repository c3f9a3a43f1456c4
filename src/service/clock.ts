/**
 * Clock policies (PER_MOVE, PER_TURN, BANK, DAYS): each seat's time, the turn it was last asked in, deadlines and
 * reminders.
 */
export const CLOCK_KINDS = ['PER_MOVE', 'PER_TURN', 'BANK', 'DAYS'] as const
export type ClockKind = (typeof CLOCK_KINDS)[number]
export const CLOCK_DAYS = [1, 2, 3, 5, 7, 10, 14] as const
/** The longest time any clock field may give (docs/play-by-mail.md, Clocks): 30 days. */
export const MAX_CLOCK_SECONDS = 30 * 24 * 3600
export const DEFAULT_MAX_AUTOPLAYS = 3

/** A match's clock as stored (`Match.clock`); clocks stored before the kinds existed read as PER_MOVE (`clockSpec`). */
export interface ClockSpec {
  kind: ClockKind
  /** PER_MOVE, and DAYS (days × 86,400); null otherwise. */
  perMoveSeconds: number | null
  perTurnSeconds: number | null
  initialSeconds: number | null
  incrementSeconds: number | null
  maxSeconds: number | null
  days: number | null
  onTimeout: 'FORFEIT' | 'AUTOPLAY'
  reminderAt: number
  maxAutoplays: number
  vacation: boolean
}

/** One seat's clock as stored with the match. Times are epoch milliseconds. */
export interface SeatTime {
  /** The time left while it does not run (not to act, or away); while it runs, what it had when it started. */
  leftMs: number
  /** While it runs: when it times out. */
  deadline: number | null
  /** While it runs: when its reminder is due (null: none). */
  remindAt: number | null
  /**
   * The turn of the game it was last asked to decide in (null: never): its turn notice and reminder go once per turn.
   */
  asked: number | null
  /** Decisions in a row Arbiter played for it on timeout. */
  autoplays: number
  /** Its player is on vacation and this match's clock stops for it. */
  away: boolean
}

/** Every started match's turn bookkeeping (`Match.turns`), clocked or not. */
export interface Turns {
  /** The game's turn number: the engine's (`MatchStatus.turn`), else counted here at every hand-over. */
  turn: number
  seats: SeatTime[]
}

/** What one committed step changed, as the clock reads it. */
export interface TurnChange {
  /** The engine's turn number after the step, when it gives one. */
  engineTurn: number | undefined
  toActBefore: readonly number[]
  toActAfter: readonly number[]
  actor: number | null
  /** The step's kind: a seat's own decision (move, bot) resets its autoplays, an autoplay counts one. */
  kind: string
}

/** The stored clock, with the defaults of fields added since it was stored. */
export function clockSpec(raw: Partial<ClockSpec> | null | undefined): ClockSpec | null {
  if (!raw) return null
  return {
    kind: raw.kind ?? 'PER_MOVE',
    perMoveSeconds: raw.perMoveSeconds ?? null,
    perTurnSeconds: raw.perTurnSeconds ?? null,
    initialSeconds: raw.initialSeconds ?? null,
    incrementSeconds: raw.incrementSeconds ?? null,
    maxSeconds: raw.maxSeconds ?? null,
    days: raw.days ?? null,
    onTimeout: raw.onTimeout ?? 'FORFEIT',
    reminderAt: raw.reminderAt ?? 0.8,
    maxAutoplays: raw.maxAutoplays ?? DEFAULT_MAX_AUTOPLAYS,
    vacation: raw.vacation ?? true,
  }
}

/** The fields of `ClockInput` (already checked by `clockInput` in schemas.ts). */
export interface ClockFields {
  kind?: ClockKind | null
  perMoveSeconds?: number | null
  perTurnSeconds?: number | null
  initialSeconds?: number | null
  incrementSeconds?: number | null
  maxSeconds?: number | null
  days?: number | null
  onTimeout?: 'FORFEIT' | 'AUTOPLAY' | null
  reminderAt?: number | null
  maxAutoplays?: number | null
  vacation?: boolean | null
}

/** The clock a match is created with, its defaults filled in. */
export function clockFromInput(input: ClockFields): ClockSpec {
  const kind = input.kind ?? 'PER_MOVE'
  const bank = kind === 'BANK'
  return clockSpec({
    kind,
    perMoveSeconds: kind === 'DAYS' ? input.days! * 86_400 : kind === 'PER_MOVE' ? input.perMoveSeconds! : null,
    perTurnSeconds: kind === 'PER_TURN' ? input.perTurnSeconds! : null,
    initialSeconds: bank ? input.initialSeconds! : null,
    incrementSeconds: bank ? (input.incrementSeconds ?? 0) : null,
    maxSeconds: bank ? (input.maxSeconds ?? input.initialSeconds!) : null,
    days: kind === 'DAYS' ? input.days! : null,
    onTimeout: input.onTimeout ?? 'FORFEIT',
    reminderAt: input.reminderAt ?? 0.8,
    maxAutoplays: input.maxAutoplays ?? DEFAULT_MAX_AUTOPLAYS,
    vacation: input.vacation ?? true,
  })!
}

/** A seat's whole time: one move (PER_MOVE, DAYS), one turn (PER_TURN), or its starting bank (BANK). */
export function fullMs(spec: ClockSpec): number {
  const seconds =
    spec.kind === 'PER_TURN' ? spec.perTurnSeconds : spec.kind === 'BANK' ? spec.initialSeconds : spec.perMoveSeconds
  return (seconds ?? 0) * 1000
}

function seatAtStart(spec: ClockSpec | null, away: boolean): SeatTime {
  return { leftMs: spec ? fullMs(spec) : 0, deadline: null, remindAt: null, asked: null, autoplays: 0, away }
}

/** The turns at the start of a match: every seat's whole time, the seats to act asked (running unless away). */
export function startTurns(
  spec: ClockSpec | null,
  seats: number,
  engineTurn: number | undefined,
  toAct: readonly number[],
  away: readonly number[] = [],
  now = Date.now(),
): Turns {
  const start: Turns = {
    turn: engineTurn ?? 1,
    seats: Array.from({ length: seats }, (_, i) => seatAtStart(spec, away.includes(i))),
  }
  return advanceTurns(
    spec,
    start,
    { engineTurn: start.turn, toActBefore: [], toActAfter: toAct, actor: null, kind: 'start' },
    now,
  )
}

/**
 * The turns after a step. A new turn begins when the engine's turn number changes (without one: when the seats to
 * act share none with those before). Then, by kind:
 * - PER_MOVE, DAYS: while a seat other than the actor still owes the decision it owed before, the deadline stands
 *   for every seat to act (a simultaneous decision is one move on the clock); otherwise each seat to act gets one
 *   move's time from `now`.
 * - PER_TURN: at a new turn every seat's time is set to the turn's; a seat's time runs while it is to act and its
 *   deadline does not move while it decides several times in a row.
 * - BANK: as PER_TURN without the reset; when a decision of the seat hands over, the increment is added (to the cap).
 * An away seat's time does not run. A seat to act that was not yet asked in this turn is asked now (`asked`).
 */
export function advanceTurns(spec: ClockSpec | null, prev: Turns, change: TurnChange, now = Date.now()): Turns {
  const { toActBefore: before, toActAfter: after, actor } = change
  const handedOver = after.length > 0 && !after.some(s => before.includes(s))
  const turn = change.engineTurn ?? (handedOver && change.kind !== 'start' ? prev.turn + 1 : prev.turn)
  const newTurn = turn !== prev.turn
  const seats = prev.seats.map(s => ({ ...s }))
  if (actor !== null && seats[actor]) {
    if (change.kind === 'autoplay') seats[actor].autoplays += 1
    else if (change.kind === 'move' || change.kind === 'bot') seats[actor].autoplays = 0
  }
  for (const i of after) if (seats[i] && seats[i].asked !== turn) seats[i].asked = turn
  if (!spec) return { turn, seats }
  const full = fullMs(spec)
  const run = (s: SeatTime, left: number) => {
    s.leftMs = left
    s.deadline = now + left
    s.remindAt = spec.reminderAt > 0 ? now + left * spec.reminderAt : null
  }
  const stop = (s: SeatTime, left: number) => {
    s.leftMs = left
    s.deadline = null
    s.remindAt = null
  }
  if (spec.kind === 'PER_MOVE' || spec.kind === 'DAYS') {
    const stillOwed = after.some(s => s !== actor && before.includes(s))
    const owed = seats.find((s, i) => before.includes(i) && s.deadline !== null)
    const shared = owed ? { deadline: owed.deadline, remindAt: owed.remindAt, leftMs: owed.leftMs } : null
    seats.forEach((s, i) => {
      if (!after.includes(i)) return stop(s, full)
      // An away seat keeps what it had left of a decision it still owes; asked anew, it has a whole move, frozen.
      if (s.away) return stop(s, stillOwed && before.includes(i) ? s.leftMs : full)
      if (stillOwed && s.deadline !== null) return
      if (stillOwed && shared) {
        s.deadline = shared.deadline
        s.remindAt = shared.remindAt
        s.leftMs = shared.leftMs
        return
      }
      run(s, full)
    })
    return { turn, seats }
  }
  seats.forEach((s, i) => {
    const running = s.deadline !== null
    let left = running ? Math.max(0, s.deadline! - now) : s.leftMs
    if (spec.kind === 'PER_TURN' && newTurn) left = full
    const toAct = after.includes(i)
    if (spec.kind === 'BANK' && running && !toAct && actor === i) {
      left = Math.min((spec.maxSeconds ?? spec.initialSeconds ?? 0) * 1000, left + (spec.incrementSeconds ?? 0) * 1000)
    }
    if (!toAct || s.away) return stop(s, left)
    if (running && !(spec.kind === 'PER_TURN' && newTurn)) return
    run(s, left)
  })
  return { turn, seats }
}

/**
 * A seat's player went away (or came back), in a match whose clock stops for vacations: an away seat keeps its time
 * left and it does not run; back, a seat to act runs again from where it stopped.
 */
export function setAway(
  spec: ClockSpec | null,
  turns: Turns,
  seat: number,
  away: boolean,
  toAct: readonly number[],
  now = Date.now(),
): Turns {
  const seats = turns.seats.map(s => ({ ...s }))
  const s = seats[seat]
  if (!s || s.away === away) return turns
  s.away = away
  if (spec && away && s.deadline !== null) {
    s.leftMs = Math.max(0, s.deadline - now)
    s.deadline = null
    s.remindAt = null
  } else if (spec && !away && toAct.includes(seat)) {
    s.deadline = now + s.leftMs
  }
  return { ...turns, seats }
}

/** The earliest deadline of the seats whose time runs (`Match.deadline`). */
export function earliestDeadline(turns: Turns | null): Date | null {
  const times = (turns?.seats ?? []).flatMap(s => (s.deadline !== null ? [s.deadline] : []))
  return times.length ? new Date(Math.min(...times)) : null
}

/** The earliest reminder due of the seats whose time runs (`Match.remindAt`). */
export function earliestReminder(turns: Turns | null): Date | null {
  const times = (turns?.seats ?? []).flatMap(s => (s.deadline !== null && s.remindAt !== null ? [s.remindAt] : []))
  return times.length ? new Date(Math.min(...times)) : null
}

/** The seats whose time has run out at `now`. */
export function lateSeats(turns: Turns | null, now = Date.now()): number[] {
  return (turns?.seats ?? []).flatMap((s, i) => (s.deadline !== null && s.deadline <= now ? [i] : []))
}

/** The seats whose reminder is due at `now`, each with the turn it is for. */
export function dueReminders(turns: Turns | null, now = Date.now()): { seat: number; turn: number }[] {
  return (turns?.seats ?? []).flatMap((s, i) =>
    s.deadline !== null && s.remindAt !== null && s.remindAt <= now && s.asked !== null
      ? [{ seat: i, turn: s.asked }]
      : [],
  )
}

export interface SeatClockView {
  seat: number
  timeLeftSeconds: number
  running: boolean
  deadline: string | null
  away: boolean
  autoplays: number
}

export interface ClockView extends ClockSpec {
  deadline: string | null
  seats: SeatClockView[]
}

/** The clock as every view shows it, at `now`. */
export function clockView(spec: ClockSpec, turns: Turns | null, now = Date.now()): ClockView {
  const seats = (turns?.seats ?? []).map((s, seat) => ({
    seat,
    timeLeftSeconds: (s.deadline !== null ? Math.max(0, s.deadline - now) : s.leftMs) / 1000,
    running: s.deadline !== null,
    deadline: s.deadline !== null ? new Date(s.deadline).toISOString() : null,
    away: s.away,
    autoplays: s.autoplays,
  }))
  return { ...spec, deadline: earliestDeadline(turns)?.toISOString() ?? null, seats }
}
