// The response windows, one mechanism for all: opening one (which seats, in priority order), who is asked, going on after an answer (DT-4.4, DT-4.6, DT-4.7, DT-6.9, DT-10.6, DT-11, DT-GAP-2).
import type { DTState, Window } from './state.ts'
import type { Ctx } from './context.ts'
import { priority } from './players.ts'
import { reopenIfChanged } from './dice.ts'
import { asked } from './legal.ts'

/**
 * Opens a response window, polled in priority order (DT-11.1): the turn player first, then turn order.
 * - `phase` (the turn player ends a Main Phase): the turn player has just acted, so it is asked again only
 *   after someone answers.
 * - `card` (a card that is not an Instant waits to resolve, DT-11.3): everyone, from the turn player.
 * - `pre` (an ability is chosen, before activation) and `rollEnd` (no ability activated, before the phase
 *   ends): the other players; the attacker answers by rolling again if they give it a die or an attempt.
 * - `tgt` (the 2v2 targeting die), `defStart` (the Defensive Roll Phase begins, before the defence is chosen),
 *   `def` (the defence window), `then` (the "Then" pause, DT-5.2) and `inc`
 *   (incoming isolated damage, DT-6.9): everyone, from the turn player.
 */
export function openWindow(s: DTState, kind: Window['kind']) {
  const seats = priority(s)
  switch (kind) {
    case 'phase':
      s.step = s.step === 'main1' ? 'main1End' : 'main2End'
      s.win = { kind, seats, index: 1 }
      return
    case 'pre':
    case 'rollEnd':
      s.step = kind
      s.win = { kind, seats: seats.filter((o) => o !== s.active), index: 0 }
      return
    case 'card':
    case 'tgt':
      // the step stays: the window interrupts it
      s.win = { kind, seats, index: 0 }
      return
    default:
      s.step = kind
      s.win = { kind, seats, index: 0 }
  }
}
/** Moves the window past the seats it does not ask (`asked`); whether anyone is left to ask. */
export function pollWindow(s: DTState): boolean {
  const w = s.win!
  while (w.index < w.seats.length && !asked(s, w.seats[w.index]!)) w.index++
  return w.index < w.seats.length
}
/** After a response in a window: dice changes send the attacker back (DT-GAP-2 / research 1.2); otherwise poll again. */
export function afterResponse(s: DTState, c: Ctx) {
  if (s.done) return
  const win = s.win
  if (!win) c.changed = false
  else if (!reopenIfChanged(s, c)) win.index = 0
}
