// The turn (CP-8): Start Phase (CP-8.11–8.23), End of Turn (CP-8.38–8.42), Overtime (CR 1.11) and the forced steps
// between decisions.
import type { State } from './state.ts'
import { type Ctx, drawCards, finish, pushPending, readyUnit, rollDie, triggerSourcesAndGear } from './core.ts'
import { endContinuous } from './continuous.ts'
import { pendingChoices, startPending, stepFrame } from './pending.ts'
import { processDefq } from './defeat.ts'
import { stepAttack } from './attack.ts'

export function rollOptions(s: State, seat: number): number[] {
  const f = s.players[seat]!.fixer
  if (f.length <= 1) return [...f]
  return f.filter(d => s.dice[d]!.size !== 20) // CP-8.19: the d20 only when last
}

function stepStart(c: Ctx): boolean {
  const s = c.s
  const seat = s.active
  const p = s.players[seat]!
  switch (s.step) {
    case 0: {
      const both = s.players[0]!.fixer.length === 0 && s.players[1]!.fixer.length === 0
      s.streak = both ? s.streak + 1 : 0
      c.ev.push({ type: 'turnStart', seat, turn: s.turn })
      if (p.gigs.length >= 7) {
        finish(c, [seat], 'seven-gigs') // CP-8.12
        return true
      }
      s.step = 1
      return true
    }
    case 1:
      endContinuous(s, 'turnStart', seat) // CP-8.13 effects "until your next turn" end
      triggerSourcesAndGear(s, seat, 'START_OF_TURN') // CP-8.14
      s.step = 2
      return true
    case 2:
      // CP-8.15; CR 7.7.4: the first player's two spent Legends do not ready on the starting turn
      if (s.turn > 1) {
        for (const l of p.legends) if (l) l.spent = false
        for (const u of p.field) readyUnit(s, u)
        p.eddiesSpent = 0
      }
      s.step = 3
      return true
    case 3:
      drawCards(c, seat, 1)
      s.step = 4
      return true
    case 4: {
      const opts = rollOptions(s, seat)
      if (opts.length === 0) {
        s.step = 5
        return true
      }
      if (opts.length === 1) {
        rollDie(c, seat, opts[0]!)
        s.step = 5
        return true
      }
      s.prompt = { seat, kind: 'roll', options: opts, label: 'choose a Gig die to roll' }
      return false
    }
    default:
      s.phase = 'main'
      s.step = 0
      return true
  }
}

function stepEnd(c: Ctx): void {
  const s = c.s
  const seat = s.active
  if (s.step === 0) {
    // CP-8.39: end-of-turn triggers and the delayed "at the end of this turn" effects of both players (a Cyberpsychosis
    // played as a reaction in the rival's turn ends with this turn); the turn player resolves its own first (CP-10.33)
    triggerSourcesAndGear(s, seat, 'END_OF_TURN')
    for (const w of [seat, 1 - seat]) {
      const q = s.players[w]!
      for (const [card, ab, src] of q.delayed) pushPending(s, w, card, ab, src)
      q.delayed = []
    }
    s.step = 1
    return
  }
  // CP-8.40: "this turn" effects end; Lag ends for all Units (CR 11.3.2)
  for (const q of s.players) {
    for (const u of q.field) {
      u.powerThisTurn = 0
      u.blockerThisTurn = false
      u.stole = false
      u.lag = false
    }
    q.sold = false
    q.called = false
    q.once = []
  }
  endContinuous(s, 'turnEnd', seat)
  c.ev.push({ type: 'turnEnd', seat })
  // CP-8.41 / CR 1.11.1: Overtime
  if (!s.overtime && s.streak >= 2) {
    s.overtime = true
    c.ev.push({ type: 'overtime' })
  }
  s.active = 1 - seat
  s.turn++
  s.phase = 'start'
  s.step = 0
}

/** Runs forced steps until a player must decide (or the game ends). */
export function advance(c: Ctx): void {
  const s = c.s
  for (let guard = 0; guard < 100000; guard++) {
    if (s.phase === 'over') return
    if (s.overtime) {
      // CR 1.11: in Overtime 7+ Gigs win at any moment
      for (let seat = 0; seat < 2; seat++)
        if (s.players[seat]!.gigs.length >= 7) {
          finish(c, [seat], 'overtime-seven-gigs')
          return
        }
    }
    // CP-10.33 / 10.35: "the player resolving" lasts while effects resolve; once none resolves or waits, the window
    // is over and the next one starts with the turn player again
    if (!s.frames.length && !s.pending.length) {
      if (s.resolvesFirst !== undefined && s.resolvesFirst !== null) s.resolvesFirst = null
      if (s.lastKnown) s.lastKnown = undefined // not deleted: the state keeps its shape (clone.ts)
    }
    if (s.prompt) return
    if (s.defeatQueue) {
      processDefq(c)
      continue
    }
    if (s.frames.length) {
      stepFrame(c)
      continue
    }
    if (s.pending.length) {
      const ch = pendingChoices(s)
      if (ch.length > 1) return
      startPending(s, ch[0]!.id)
      continue
    }
    if (s.attack) {
      if (!stepAttack(c)) return
      continue
    }
    if (s.phase === 'start') {
      if (!stepStart(c)) return
      continue
    }
    if (s.phase === 'end') {
      stepEnd(c)
      continue
    }
    return
  }
  throw new Error('advance did not settle')
}
