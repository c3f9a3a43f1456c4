// What one seat (or a spectator) sees of a match: no other seat's hand, no face-down Legend, no deck order, no RNG.
import { cred, def, unitPower } from './core.ts'
import type { State } from './state.ts'
import type { View } from './schemas.ts'

/** The shape is `viewSchema` (schemas.ts). */
export function view(s: State, seat: number | null): View {
  const card = (u: number) => s.cards[u]!
  const players = s.players.map((p, i) => {
    const mine = seat === i
    return {
      seat: i,
      hand: mine ? p.hand.map(card) : undefined,
      handCount: p.hand.length,
      deckCount: p.deck.length,
      trash: p.trash.map(card),
      removed: p.removed.map(card),
      eddies: { total: p.eddies.length, spent: p.eddiesSpent, ready: p.eddies.length - p.eddiesSpent },
      legends: p.legends.map((l, slot) =>
        l === null
          ? null
          : l.faceUp
            ? {
                slot,
                faceUp: true as const,
                uid: l.uid,
                card: card(l.uid),
                spent: l.spent,
                gear: l.gear.map(g => ({ uid: g, card: card(g) })),
              }
            : {
                slot,
                faceUp: false as const,
                spent: l.spent,
                ...(mine && p.peek.includes(l.uid) ? { known: card(l.uid) } : {}),
              },
      ),
      field: p.field.map(u => ({
        uid: u.uid,
        card: card(u.uid),
        spent: u.spent,
        lag: u.lag,
        power: unitPower(s, i, u),
        gear: u.gear.map(g => ({ uid: g, card: card(g) })),
      })),
      fixer: p.fixer.map(d => ({ die: d, size: s.dice[d]!.size })),
      gigs: p.gigs.map(d => ({ die: d, size: s.dice[d]!.size, value: s.dice[d]!.value })),
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
    overtime: s.overtime,
    players,
    limbo: s.limbo.map(card),
    attack: s.attack
      ? {
          attacker: s.attack.attacker,
          seat: s.attack.seat,
          target: s.attack.target < 0 ? 'gigs' : s.attack.target,
          step: s.attack.step,
        }
      : null,
    pending: s.pending.map(p => ({
      id: p.id,
      seat: p.seat,
      card: p.card,
      source: def(s, p.source).type === 'Legend' && !isUpOrField(s, p.source) ? null : p.source,
    })),
    prompt: pr
      ? pr.seat === seat
        ? { seat: pr.seat, kind: pr.kind, label: pr.label, options: pr.options, ...(pr.seen ? { seen: pr.seen } : {}) }
        : { seat: pr.seat, kind: pr.kind, label: pr.label, ...(pr.revealed && pr.seen ? { seen: pr.seen } : {}) }
      : null,
    winners: s.winners,
    reason: s.reason,
    ...(s.homebrew !== undefined ? { cardSets: s.homebrew.cardSets.slice() } : {}),
  }
}

function isUpOrField(s: State, uid: number): boolean {
  for (const p of s.players) {
    if (p.field.some(u => u.uid === uid)) return true
    if (p.legends.some(l => l?.uid === uid && l.faceUp)) return true
  }
  return false
}
