// What one seat (or a spectator) sees of a match: no other seat's hand, no face-down Legend, no deck order, no RNG.
import { cred, def, unitPower } from './core.ts'
import type { State } from './state.ts'
import type { View } from './schemas.ts'

/** The shape is `viewSchema` (schemas.ts). */
export function view(s: State, seat: number | null): View {
  const card = (u: number) => s.cards[u]!
  const players = s.p.map((p, i) => {
    const mine = seat === i
    return {
      seat: i,
      hand: mine ? p.hand.map(card) : undefined,
      handCount: p.hand.length,
      deckCount: p.deck.length,
      trash: p.trash.map(card),
      removed: p.removed.map(card),
      eddies: { total: p.eddies.length, spent: p.eSpent, ready: p.eddies.length - p.eSpent },
      legends: p.legends.map((l, slot) =>
        l === null
          ? null
          : l.up
            ? { slot, faceUp: true as const, uid: l.u, card: card(l.u), spent: l.sp, gear: l.gear.map((g) => ({ uid: g, card: card(g) })) }
            : { slot, faceUp: false as const, spent: l.sp, ...(mine && p.peek.includes(l.u) ? { known: card(l.u) } : {}) },
      ),
      field: p.field.map((u) => ({
        uid: u.u,
        card: card(u.u),
        spent: u.sp,
        lag: u.lag,
        power: unitPower(s, i, u),
        gear: u.gear.map((g) => ({ uid: g, card: card(g) })),
      })),
      fixer: p.fixer.map((d) => ({ die: d, size: s.dice[d]!.s })),
      gigs: p.gigs.map((d) => ({ die: d, size: s.dice[d]!.s, value: s.dice[d]!.v })),
      streetCred: cred(s, i),
      soldThisTurn: p.sold,
      calledThisTurn: p.called,
      ...(mine ? { autoPass: s.auto?.includes(i) ?? false } : {}),
    }
  })
  const pr = s.prompt
  return {
    game: 'cyberpunk-tcg',
    you: seat,
    phase: s.phase,
    turn: s.turn,
    activeSeat: s.active,
    firstSeat: s.phase === 'choose' ? null : s.first,
    overtime: s.ot,
    players,
    limbo: s.limbo.map(card),
    attack: s.attack ? { attacker: s.attack.a, seat: s.attack.seat, target: s.attack.t < 0 ? 'gigs' : s.attack.t, step: s.attack.step } : null,
    pending: s.pending.map((p) => ({ id: p.id, seat: p.seat, card: p.card, source: def(s, p.src).type === 'Legend' && !isUpOrField(s, p.src) ? null : p.src })),
    prompt: pr
      ? pr.seat === seat
        ? { seat: pr.seat, kind: pr.kind, label: pr.label, options: pr.opts, ...(pr.seen ? { seen: pr.seen } : {}) }
        : { seat: pr.seat, kind: pr.kind, label: pr.label, ...(pr.pub && pr.seen ? { seen: pr.seen } : {}) }
      : null,
    winners: s.winners,
    reason: s.reason,
  }
}

function isUpOrField(s: State, uid: number): boolean {
  for (const p of s.p) {
    if (p.field.some((u) => u.u === uid)) return true
    if (p.legends.some((l) => l?.u === uid && l.up)) return true
  }
  return false
}
