/**
 * Constants and values derived from the state: life, hand, mana and coal limits (CN-1.2, CN-3.1–3.3, CN-5.2, CN-6.1,
 * CN-6.5), ATK/DEF/income/hand (CN-4.5, CN-6.2, Decision 13), "your equipped cards" (CN-5.1).
 */
import { AVATAR_BY_ID, CARD_BY_ID, type Avatar, type Card } from './data.ts'
import type { CNState, Homebrew, Lasting } from './state.ts'

export const START_LIFE = 35 // CN-1.2
export const BASE_HAND = 4 // CN-6.1
export const BASE_INCOME_CAP = 10 // CN-3.1
export const INCOME_CAP = 12 // CN-3.2: caps the mana received each round, not the pool (Decision 4)
export const CARRY_MAX = 3 // CN-3.3
export const COAL_MAX = 3 // CN-5.2
export const FIELD_SLOTS = 3 // CN-6.5

// A seat's set cards by id, built once per list (the list never changes during a match).
const SET_CARDS_BY_ID = new WeakMap<Card[], ReadonlyMap<string, Card>>()

function setCardsOf(homebrew: Homebrew, seat: number): ReadonlyMap<string, Card> {
  const list = homebrew.seatCards[seat]!
  let byId = SET_CARDS_BY_ID.get(list)
  if (byId === undefined) SET_CARDS_BY_ID.set(list, (byId = new Map(list.map(c => [c.id, c]))))
  return byId
}

/** The set instance `uid`'s card comes from ("<id>@<version>"); null for a built-in card. */
export function setOf(s: CNState, uid: number): string | null {
  if (s.homebrew === undefined) return null
  const seat = uid >= s.homebrew.firstUid[1]! ? 1 : 0
  const at = s.homebrew.seatCards[seat]!.findIndex(c => c.id === s.cards[uid])
  return at < 0 ? null : s.homebrew.seatCardSets[seat]![at]!
}

/** The card of instance `uid`: its owner's set cards first (they may reuse a built-in id), then the built-in cards. */
export function cardOf(s: CNState, uid: number): Card {
  const id = s.cards[uid]!
  if (s.homebrew !== undefined) {
    const own = setCardsOf(s.homebrew, uid >= s.homebrew.firstUid[1]! ? 1 : 0).get(id)
    if (own !== undefined) return own
  }
  return CARD_BY_ID.get(id)!
}
/** The name of set card `id` in the match, `seat`'s set cards first; undefined for a built-in card or no state. */
export function setCardName(s: CNState | undefined, id: string, seat: number | undefined): string | undefined {
  if (s?.homebrew === undefined) return undefined
  const seats = seat === 0 || seat === 1 ? [seat, 1 - seat] : [0, 1]
  for (const k of seats) {
    const card = setCardsOf(s.homebrew, k).get(id)
    if (card !== undefined) return card.name
  }
  return undefined
}

export function avatarOf(s: CNState, seat: number): Avatar {
  return AVATAR_BY_ID.get(s.players[seat]!.avatar)!
}

export interface Stats {
  atk: number
  def: number
  income: number
  hand: number
}

/**
 * ATK, DEF, income and hand size of `seat` now: avatar + passive + cards on it + round effects. No floor: the Climax
 * works on the differences (CN-6.14, CN-6.15) whatever their sign (Decision 7).
 */
export function stats(s: CNState, seat: number): Stats {
  const a = avatarOf(s, seat)
  let atk = a.atk
  let def = a.def
  let income = 0
  let hand = 0
  const pm = a.passive.mods
  if (pm) {
    atk += pm.atk ?? 0
    def += pm.def ?? 0
    income += pm.income ?? 0
    hand += pm.hand ?? 0
  }
  for (const l of s.players[seat]!.lasting) {
    const ld = cardOf(s, l.uid).lasting!
    const m = ld.mods
    if (m) {
      atk += m.atk ?? 0
      def += m.def ?? 0
      income += m.income ?? 0
      hand += m.hand ?? 0
    }
    const pc = ld.perCoal
    if (pc && l.coal > 0) {
      atk += (pc.atk ?? 0) * l.coal
      def += (pc.def ?? 0) * l.coal
      income += (pc.income ?? 0) * l.coal
      hand += (pc.hand ?? 0) * l.coal
    }
  }
  for (const f of s.fx) {
    if (f.seat === seat) {
      atk += f.atk
      def += f.def
    }
  }
  return { atk, def, income, hand }
}

/** "Your equipped cards" (CN-5.1): equipment on your avatar, then your infections on the opponent's (Decisions). */
export function equipped(s: CNState, seat: number): Lasting[] {
  const out: Lasting[] = []
  for (const l of s.players[seat]!.lasting) if (l.owner === seat) out.push(l)
  for (const l of s.players[1 - seat]!.lasting) if (l.owner === seat) out.push(l)
  return out
}
