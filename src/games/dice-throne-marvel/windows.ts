// The response windows, one mechanism for all: opening one (which seats, in priority order), who is asked, going on
// after an answer (DT-4.4, DT-4.6, DT-4.7, DT-6.9, DT-10.6, DT-11, DT-GAP-2).
import type { DTState, HeldCard, Step, Window } from './state.ts'
import type { Ctx } from './context.ts'
import { priority } from './players.ts'
import { reopenIfChanged } from './dice.ts'
import { asked } from './legal.ts'

/** A phase window at the end of these steps moves the step on to the end of its phase (the others answer there). */
const PHASE_END: Partial<Record<Step, Step>> = { main1: 'main1End', main2: 'main2End', discard: 'discardEnd' }
/**
 * Opens a response window. Every window asks the same seats in the same order, defined once: every player still in
 * the game, in priority order (`priority`: the turn player first, then turn order, DT-11.1, DT-11.4), each only if
 * it may hold an answer as the others see it (`asked`). `afterTurnPlayer`: the turn player has the decision just
 * before or just after this window, with every answer the window offers (it ended a phase, chose an ability or no
 * attack, played a card, or its Main Phase 1 follows the Income Phase at once): the first round then starts after
 * it, and it is asked again once someone answers (`afterResponse`).
 * - `phase`: the Upkeep and Income Phases (their step set by `turn.ts`) and the end of a Main or Discard Phase.
 * - `card`: a card that is not an Instant waits to resolve (DT-11.3); the step stays, the window interrupts it.
 * - `pre` (an ability is chosen, before activation), `rollEnd` (no ability activated, before the phase ends), `tgt`
 *   (the 2v2 targeting die), `defStart` (the Defensive Roll Phase begins, before the defence is chosen), `def` (the
 *   defence window), `then` (the "Then" pause, DT-5.2) and `inc` (incoming isolated damage, DT-6.9).
 */
export function openWindow(s: DTState, kind: Window['kind'], afterTurnPlayer = false) {
  const seats = priority(s)
  const index = afterTurnPlayer && seats[0] === s.active ? 1 : 0
  if (kind === 'phase') s.step = PHASE_END[s.step] ?? s.step
  else if (kind !== 'card' && kind !== 'tgt') s.step = kind
  s.win = { kind, seats, index }
}
/**
 * An action that is not an Instant (a card that is not an Instant, a sale, a discard for Mjölnir, every roll: an
 * Offensive Roll attempt, the defence's roll once it is chosen, an extra defence attempt, a reroll after a first roll
 * such as Try, Try Again!'s second die or Odinforce II's) is paid for and waits for the others' answers (Instants and
 * status spends) before it resolves (DT-11.3): `flow.ts` resolves it when its `card` window closes, then play resumes
 * where it was. `fresh`: the dice of a "Roll [#]" effect a reroll is made on, when they are not the roll on the table.
 */
export function holdAction(s: DTState, seat: number, a: HeldCard['a'], fresh?: number[]) {
  s.held = { seat, a, resumeAt: { step: s.step, window: s.win, held: s.held ?? null } }
  if (fresh) s.held.fresh = fresh
  openWindow(s, 'card', seat === s.active)
}
/** Moves the window past the seats it does not ask (`asked`); whether anyone is left to ask. */
export function pollWindow(s: DTState): boolean {
  const w = s.win!
  while (w.index < w.seats.length && !asked(s, w.seats[w.index]!)) w.index++
  return w.index < w.seats.length
}
/**
 * After a response in a window: dice changes send the attacker back (DT-GAP-2 / research 1.2); otherwise poll again.
 */
export function afterResponse(s: DTState, c: Ctx) {
  if (s.done) return
  const win = s.win
  if (!win) c.changed = false
  else if (!reopenIfChanged(s, c)) win.index = 0
}
