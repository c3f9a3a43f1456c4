/** The end of the match: life at 0, draws (CN-1.8, CN-1.10) and resignation (Decision 25). */
import { RuleViolation, type GameEvent } from '../../kernel/index.ts'
import { cloneState, type CNState } from './state.ts'

export function endMatch(s: CNState, winners: number[], reason: string, ev: GameEvent[]): void {
  s.phase = 'over'
  s.winners = winners
  s.reason = reason
  ev.push({ type: 'matchOver', winners, reason })
}

/**
 * `seat` gives up (Decision 25): at any time before the end, whoever is to act; the other seat wins. A waiting coal
 * tie and an open chain are left as they are: nothing resolves after a resignation.
 */
export function resign(state: CNState, seat: number): { state: CNState; events: GameEvent[] } {
  if (state.phase === 'over') throw new RuleViolation('MATCH_FINISHED', 'CN-1.8', 'The match is over')
  if (seat !== 0 && seat !== 1)
    throw new RuleViolation('NOT_YOUR_DECISION', 'CN-1.8', `There is no seat ${seat + 1} in this match`)
  const s = cloneState(state)
  delete s.pending
  const ev: GameEvent[] = [{ type: 'resigned', seat }]
  endMatch(s, [1 - seat], `Seat ${seat + 1} resigned`, ev)
  return { state: s, events: ev }
}

/** CN-1.8, CN-1.10: an avatar at 0 life or less loses; both at once is a draw. */
export function checkLife(s: CNState, ev: GameEvent[]): boolean {
  const d0 = s.players[0]!.life <= 0
  const d1 = s.players[1]!.life <= 0
  if (d0 && d1) endMatch(s, [], 'both avatars reached 0 life (draw)', ev)
  else if (d0) endMatch(s, [1], "Seat 1's avatar reached 0 life", ev)
  else if (d1) endMatch(s, [0], "Seat 2's avatar reached 0 life", ev)
  else return false
  return true
}
