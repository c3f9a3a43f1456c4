// The listed actions built once and shared (frozen): dice subsets, and card, sell and Mjölnir actions by card; the
// listing contexts.
import { CARDS, type Card } from './data.ts'
import type { DTAction } from './state.ts'

/**
 * Where actions are listed: a Main Phase, the Offensive Roll, a window of a kind, the attacker's modifiers, a phase
 * window.
 */
export type Ctxt = 'main' | 'rolling' | 'pre' | 'def' | 'modify' | 'then' | 'inc' | 'phase'

export const SUBSETS: number[][][] = [] // SUBSETS[lock+1] = non-empty index subsets of 5 dice avoiding lock
for (let lock = -1; lock < 5; lock++) {
  const list: number[][] = []
  for (let m = 1; m < 32; m++) {
    if (lock >= 0 && m & (1 << lock)) continue
    const idx: number[] = []
    for (let i = 0; i < 5; i++) if (m & (1 << i)) idx.push(i)
    // shared by every listed roll action: frozen so that no caller can change later answers
    list.push(Object.freeze(idx) as number[])
  }
  SUBSETS.push(list)
}
/**
 * Listed actions without per-state parameters are built once and shared (frozen, like PASS and the roll
 * actions), so listing them allocates nothing: sell and play by card, Mjölnir discards by card and target.
 */
interface CardMeta {
  card: Card
  sell: DTAction
  play: DTAction
  /** [target + 1]: target -1 is a retrieve (no target field). */
  mj: DTAction[]
}
export const CARD_META = new Map<string, CardMeta>()
for (const card of Object.values(CARDS)) {
  const mj = [Object.freeze({ type: 'mjolnir', discard: card.id }) as DTAction]
  for (let t = 0; t < 4; t++) mj.push(Object.freeze({ type: 'mjolnir', discard: card.id, target: t }) as DTAction)
  CARD_META.set(card.id, {
    card,
    sell: Object.freeze({ type: 'sell', card: card.id }) as DTAction,
    play: Object.freeze({ type: 'play', card: card.id }) as DTAction,
    mj,
  })
}
// a homebrew card of a new id gets its actions built when listed (they depend only on the id)
export const sellAct = (card: string): DTAction => CARD_META.get(card)?.sell ?? { type: 'sell', card }
export const playAct = (card: string): DTAction => CARD_META.get(card)?.play ?? { type: 'play', card }
export const mjolnirAct = (card: string, target: number): DTAction =>
  CARD_META.get(card)?.mj[target + 1] ??
  (target < 0 ? { type: 'mjolnir', discard: card } : { type: 'mjolnir', discard: card, target })
/** SUBSETS_OF[k]: the non-empty index subsets of k dice (the same frozen arrays as SUBSETS[0], same order). */
const SUBSETS_OF: number[][][] = [0, 1, 2, 3, 4, 5].map(k => SUBSETS[0]!.filter(x => x.every(i => i < k)))
export function subsetsOf(k: number): number[][] {
  if (k === 5) return SUBSETS[0]!
  return SUBSETS_OF[k] ?? SUBSETS[0]!.filter(x => x.every(i => i < k))
}
