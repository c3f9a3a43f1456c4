import { ABILITY_ID_OF } from './data.ts'
import { stats } from './values.ts'
import type { CNView } from './schemas.ts'
import type { CNState } from './state.ts'

/**
 * What a seat may see (null = spectator): its own hand and armed cards; of the other seat only counts.
 * Voids, equipped cards and the chain are public (CN-1.6). Never the RNG state or deck order.
 */
export function viewState(s: CNState, seat: number | null): CNView {
  const ids = (uids: number[]) => uids.map(u => s.cards[u]!)
  return {
    game: s.game,
    round: s.round,
    phase: s.phase,
    first: s.first,
    turn: s.turn,
    passes: s.passes,
    you: seat,
    chain: s.chain.map(l => ({
      seat: l.seat,
      kind: l.kind,
      card: l.uid >= 0 ? s.cards[l.uid]! : null,
      turbo: l.turbo,
      burn: l.burn,
      negated: l.negated,
      target: l.target >= 0 ? { uid: l.target, card: s.cards[l.target]! } : null,
    })),
    responder: s.chain.length > 0 ? s.responder : null,
    // a coal tie waiting for its player (Decision 6); the tied cards are equipped cards, which are public
    coalTie:
      s.pending !== undefined
        ? {
            seat: s.pending.seat,
            what: s.pending.what,
            n: s.pending.n,
            options: s.pending.options.map(u => ({ uid: u, card: s.cards[u]! })),
          }
        : null,
    roundEffects: s.fx.map(f => ({ seat: f.seat, atk: f.atk, def: f.def, card: f.src >= 0 ? s.cards[f.src]! : null })),
    players: s.players.map((p, i) => {
      const own = seat === i
      const st = stats(s, i)
      return {
        seat: i,
        avatar: p.avatar,
        ability: ABILITY_ID_OF.get(p.avatar)!,
        life: p.life,
        atk: st.atk,
        def: st.def,
        mana: p.mana,
        income: p.income,
        deckCount: p.deck.length,
        handCount: p.hand.length,
        hand: own ? p.hand.map(u => ({ uid: u, card: s.cards[u]! })) : undefined,
        fieldCount: p.field.length,
        field: own ? p.field.map(u => ({ uid: u, card: s.cards[u]! })) : undefined,
        active: ids(p.active),
        void: ids(p.void),
        equipped: p.lasting.map(l => ({
          uid: l.uid,
          card: s.cards[l.uid]!,
          owner: l.owner,
          roundsLeft: l.left,
          coal: l.coal,
          used: l.used,
        })),
        recycled: p.recycled,
        placed: p.placed,
        abilityUsed: p.abilityUsed,
        autoPass: p.autoPass === true,
      }
    }),
    winners: s.winners,
    reason: s.reason,
    ...(s.homebrew !== undefined ? { cardSets: s.homebrew.cardSets.slice() } : {}),
  }
}
