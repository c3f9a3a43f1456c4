/**
 * The Action stage (CN-6.6–6.10): passes, the Climax when nobody has a card to activate, and who is asked (Decision
 * 10).
 */
import type { GameEvent } from '../../kernel/index.ts'
import type { CNState } from './state.ts'
import { avatarOf, cardOf, equipped } from './values.ts'
import { resolveChain } from './chain.ts'
import { autoPlace, climax } from './round.ts'
import { enumerate } from './options.ts'

export function doPass(s: CNState, seat: number, ev: GameEvent[]): void {
  ev.push({ type: 'pass', seat })
  s.passes += 1
  s.turn = 1 - seat
  if (s.passes >= 2) climax(s, ev) // CN-6.10
}

/**
 * Whether `seat` may still activate or answer as far as its opponent can see (Decision 10): it has an armed card (the
 * cheapest cards of the pool, Ping among the Abilities, cost 0 mana and no coal, so any armed card might be one it can
 * pay for), or its ability or a Use it can pay for (mana, coal and equipped cards are public). With auto-pass on, the
 * seat's real options count instead: it accepted that the timing may show them.
 */
function mayAct(s: CNState, seat: number, responding: boolean): boolean {
  if (s.players[seat]!.autoPass === true) return enumerate(s, seat, responding, null)
  if (s.players[seat]!.field.length > 0) return true
  return hasPower(s, seat)
}

/**
 * CN-6.10 "ninguém tem carta para ativar" (L 33): an armed card counts whether or not it can be paid for, since its
 * cost is face down (Decision 9). Auto-pass only spares the seat from being asked; it never changes this rule.
 */
function hasCard(s: CNState, seat: number): boolean {
  return s.players[seat]!.field.length > 0
}

/** The avatar's ability or a Use that `seat` can pay for now: public (CN-4.3, CN-5.12). */
function hasPower(s: CNState, seat: number): boolean {
  const p = s.players[seat]!
  if (!p.abilityUsed && p.mana >= avatarOf(s, seat).ability.cost) return true
  for (const l of equipped(s, seat)) {
    const u = cardOf(s, l.uid).lasting!.use
    if (u && !l.used && p.mana >= u.cost && l.coal >= u.coal) return true
  }
  return false
}

/**
 * Runs forced steps until someone has a decision (or the match ends). Whether a seat is asked depends only on what the
 * other seat sees (Decision 10); a pass made for a seat gives the same events as one it makes itself.
 */
export function advance(s: CNState, ev: GameEvent[]): void {
  for (let guard = 0; guard < 10_000; guard++) {
    if (s.phase === 'over') return
    if (s.phase === 'prep') {
      autoPlace(s, ev)
      if (!s.players[0]!.placed || !s.players[1]!.placed) return
      s.phase = 'action' // CN-6.6
      s.turn = s.first
      s.passes = 0
      ev.push({ type: 'actionStage', first: s.first })
      continue
    }
    if (s.chain.length > 0) {
      if (mayAct(s, s.responder, true)) return
      ev.push({ type: 'noAnswer', seat: s.responder })
      resolveChain(s, ev) // the seat cannot answer: resolve (CN-8.4)
      continue
    }
    if (!hasCard(s, 0) && !hasCard(s, 1)) {
      // CN-6.10: nobody has a card to activate, so the Climax starts (abilities and Uses do not keep it off).
      ev.push({ type: 'noCardsLeft' })
      climax(s, ev)
      continue
    }
    if (mayAct(s, s.turn, false)) return
    doPass(s, s.turn, ev) // nothing to activate: the turn passes (CN-6.10)
  }
  throw new Error('cyber-net-cards: advance did not settle')
}
