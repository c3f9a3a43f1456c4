// A full Dice Throne state consistent with everything one seat sees, with the rest re-sampled (for search bots).
import { Random } from '../../kernel/index.ts'
import type { DTState } from './state.ts'

const byId = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)
/**
 * A uniform arrangement of `cards`: sorted first, so the sample depends on which cards they are, never on their hidden
 * order.
 */
const resample = (cards: readonly string[], rng: Random) => rng.shuffle(cards.slice().sort(byId))

/**
 * What `seat` cannot see: its own deck's order, every other player's hand and deck (only their counts are
 * public: DT-3.1), and the face-down Illusion order unless it laid them (DT-13.20). Every die on the table is
 * public, so no die is re-rolled. Another player's hand and deck are one pool of unseen cards, dealt back
 * with the same counts. The state's generator is re-seeded from `rng`, so the sampled future is not the real one.
 */
export function determinize(s: DTState, seat: number, rng: Random): DTState {
  const p = s.p.map((pl, i) => {
    if (i === seat) return { ...pl, deck: resample(pl.deck, rng) }
    const pool = resample([...pl.hand, ...pl.deck], rng)
    return { ...pl, hand: pool.slice(0, pl.hand.length), deck: pool.slice(pl.hand.length) }
  })
  const ill = s.ill && !(s.atk && s.atk.to === seat) ? resample(s.ill, rng) : s.ill
  const next = Random.fromSeed(`determinize:${rng.int(0, 0x7fffffff)}:${rng.int(0, 0x7fffffff)}`)
  return { ...s, p, ill, rng: next.state() }
}
