/**
 * Determinization for search bots: a full Cyber Net Cards state consistent with all one seat sees, the unseen cards
 * re-dealt.
 */
import { Random } from '../../kernel/index.ts'
import { tieReplays } from './apply.ts'
import { cloneState, type CNState } from './state.ts'

/**
 * The card instances `seat` cannot see, by owner: every deck (its order is never shown), and the other seat's hand and
 * armed (face-down) cards (CN-6.5). Everything else (own hand and field, chain, equipped cards, Voids) is public to it.
 */
function unseen(s: CNState, seat: number): number[][] {
  return s.players.map((p, i) => (i === seat ? p.deck.slice() : [...p.deck, ...p.hand, ...p.field]))
}

/**
 * A full state for `seat` to search from (Decision 26): the cards it cannot see are re-dealt. Each owner's unseen cards
 * are pooled and shuffled uniformly onto the same places, so every zone keeps its size and each deck keeps its owner's
 * cards. The pool is sorted first and the places taken in uid order, so the sample depends only on what `seat` knows
 * (which cards are unseen, and where the unseen places are), never on how they are really arranged. The state's own
 * generator is re-seeded from `rng`.
 */
export function determinize(state: CNState, seat: number, rng: Random): CNState {
  let s = deal(state, seat, rng)
  // A waiting tie was reached by forced steps that may depend on unseen cards (a seat with auto-pass on and no answer
  // is passed for, Decision 10): keep a sample whose steps reach it again, so the pick plays on in the sampled world.
  // The test reads only the sample.
  for (let tries = 1; tries < TIE_TRIES && !tieReplays(s); tries++) s = deal(state, seat, rng)
  s.rng = Random.fromSeed(`determinize:${rng.int(0, 0x7fffffff)}:${rng.int(0, 0x7fffffff)}`).state()
  return s
}

/** Samples to try for a state with a waiting tie before keeping one whose steps would not reach it again. */
const TIE_TRIES = 32

/**
 * One re-deal. A waiting coal tie keeps the state its steps run again from (`pending.base`): it gets the same
 * identities, so a pick plays on in the sampled world, not the real one.
 */
function deal(state: CNState, seat: number, rng: Random): CNState {
  const cards = state.cards.slice()
  for (const places of unseen(state, seat)) {
    const pool = places.map(u => state.cards[u]!).sort()
    const dealt = rng.shuffle(pool)
    places.sort((a, b) => a - b).forEach((u, i) => (cards[u] = dealt[i]!))
  }
  const s = cloneState(state)
  s.cards = cards
  if (state.pending !== undefined) s.pending = { ...state.pending, base: { ...state.pending.base, cards } }
  return s
}
