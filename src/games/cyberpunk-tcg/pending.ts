// Resolving effects: the frame being resolved (CP-10.12) and the pending effects and who resolves them
// (CP-10.29–10.35).
import { CARDS } from './cards.ts'
import { cardIn, spendStep } from './homebrew.ts'
import type { Ability } from './effects.ts'
import type { Pending, State } from './state.ts'
import { type Ctx, append, withoutAt } from './core.ts'
import { runOp } from './interpreter/ops.ts'

/** A built-in card's ability (labels); the rules read a card of the match with `abilityIn`. */
export function abilityOf(cardId: string, ab: number): Ability {
  return CARDS.get(cardId)!.abilities[ab]!
}

/** Ability `ab` of card `cardId` of the match (a set card first). */
export function abilityIn(s: State, cardId: string, ab: number): Ability {
  return cardIn(s, cardId)!.abilities[ab]!
}

export function stepFrame(c: Ctx): void {
  const s = c.s
  const f = s.frames[s.frames.length - 1]!
  const a = abilityIn(s, f.card, f.ability)
  const ops = a.kind === 'static' ? [] : a.ops
  while (f.next < ops.length) {
    spendStep(s, f.card)
    if (!runOp(c, f, ops[f.next]!)) return
    if (s.phase === 'over') return
    f.next++
  }
  s.frames.pop()
  // CP-10.35 [001] 82: when both players gained new pending effects while this one resolved, its player finishes all of
  // its own first; otherwise the turn player goes first again (CP-10.33)
  if (f.pendingFrom !== undefined) {
    let mine = false
    let theirs = false
    for (const p of s.pending)
      if (p.id >= f.pendingFrom) {
        if (p.seat === f.seat) mine = true
        else theirs = true
      }
    if (mine && theirs) s.resolvesFirst = f.seat
  }
  if (f.prog !== undefined) {
    // CP-7.37: the Program goes to its owner's trash once resolved
    s.limbo = s.limbo.filter(u => u !== f.prog)
    if (f.vars['_bottom']) {
      const o = s.players[s.owner[f.prog]!]!
      o.deck = [f.prog, ...o.deck]
    } else append(s.players[s.owner[f.prog]!]!, 'trash', f.prog)
  }
}

/** CP-10.33: the turn player resolves all of their pending effects first. */
export function pendingResolver(s: State): number {
  // CP-10.35: a player resolving when both players gained new ones finishes all of its own, new ones included
  // (stepFrame)
  if (s.resolvesFirst !== undefined && s.resolvesFirst !== null && s.pending.some(p => p.seat === s.resolvesFirst))
    return s.resolvesFirst
  return s.pending.some(p => p.seat === s.active) ? s.active : 1 - s.active
}

export function pendingChoices(s: State): Pending[] {
  const who = pendingResolver(s)
  const out: Pending[] = []
  // one choice per card, ability and source; the list is short, so a scan is cheaper than a Set of string keys
  for (const p of s.pending)
    if (p.seat === who && !out.some(q => q.card === p.card && q.ability === p.ability && q.source === p.source))
      out.push(p)
  return out
}

export function startPending(s: State, id: number): void {
  const i = s.pending.findIndex(p => p.id === id)
  const p = s.pending[i]
  s.pending = withoutAt(s.pending, i)
  const vars: Record<string, number> = {}
  if (p!.subject !== undefined) vars['subject'] = p!.subject
  if (p!.thief !== undefined) vars['thief'] = p!.thief
  s.frames.push({
    seat: p!.seat,
    card: p!.card,
    ability: p!.ability,
    source: p!.source,
    next: 0,
    vars,
    pendingFrom: s.seq,
  })
}
