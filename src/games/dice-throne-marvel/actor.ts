// Who is to decide now: the seat of an open choice, the seat a window asks, the defender choosing a defence, or the
// turn player (DT-11.1).
import type { DTState } from './state.ts'

export function actor(s: DTState): number {
  if (s.done) return -1
  if (s.choice) return s.choice.seat
  if (s.win) return s.win.seats[s.win.index] ?? -1
  switch (s.step) {
    case 'pre':
    case 'rollEnd':
    case 'defStart':
    case 'def':
    case 'then':
    case 'inc':
    case 'upkeep':
    case 'income':
    case 'main1End':
    case 'discardEnd':
    case 'main2End':
      return -1
    case 'defChoose':
      return s.atk!.to
    default:
      return s.active
  }
}
