/** What each seat can still add to this round's damage before the Climax, for the heuristic's lethal checks. */
import type { Card, Op } from './data.ts'
import type { CNState } from './state.ts'
import { avatarOf, cardOf, FIELD_SLOTS } from './values.ts'

/** Damage that `ops` adds this round: direct damage now, and ATK up or the opponent's DEF down for the Climax. */
function hurt(ops: readonly Op[]): { direct: number; total: number } {
  let direct = 0
  let total = 0
  for (const op of ops) {
    if (op.op === 'damage') direct += op.n
    else if (op.op === 'atk' && op.who === 'self') total += op.n
    else if (op.op === 'def' && op.who === 'opp') total -= op.n
  }
  return { direct, total: total + direct }
}

interface Play {
  card: boolean
  cost: number
  direct: number
  total: number
}

function cardPlay(s: CNState, seat: number, c: Card): Play | null {
  if (c.coalCost > 0 || c.lasting) return null
  const h = hurt(c.effect)
  // the avatar's passive that fires on activation (Razorjack: +1 ATK for each Offensive card)
  const pa = avatarOf(s, seat).passive.onActivate
  const extra = pa && pa.kind === c.kind ? hurt(pa.effect).total : 0
  return h.total + extra > 0 ? { card: true, cost: c.cost, direct: h.direct, total: h.total + extra } : null
}

/**
 * The most `seat` can still add, from its own cards (armed, or its hand before it places) and its ability, with the
 * mana it has: the strongest plays first while the mana lasts. It knows its own cards, so this is exact but for order.
 */
export function ownReach(s: CNState, seat: number): { direct: number; total: number } {
  const p = s.players[seat]!
  const plays: Play[] = []
  for (const uid of p.placed ? p.field : p.hand) {
    const play = cardPlay(s, seat, cardOf(s, uid))
    if (play) plays.push(play)
  }
  const a = avatarOf(s, seat).ability
  if (!p.abilityUsed) {
    const h = hurt(a.effect)
    if (h.total > 0) plays.push({ card: false, cost: a.cost, ...h })
  }
  plays.sort((x, y) => y.total - x.total || x.cost - y.cost)
  let mana = p.mana
  let cards = p.placed ? Infinity : FIELD_SLOTS
  let direct = 0
  let total = 0
  for (const play of plays) {
    if (play.cost > mana || (play.card && cards === 0)) continue
    mana -= play.cost
    if (play.card) cards -= 1
    direct += play.direct
    total += play.total
  }
  return { direct, total }
}

/**
 * What `seat` may still add, as its opponent sees it: its armed cards (or the cards it will place) are hidden, so each
 * counts `perCard`; its ability and mana are public.
 */
export function threat(s: CNState, seat: number, perCard: number): number {
  const p = s.players[seat]!
  const armed = p.placed ? p.field.length : Math.min(FIELD_SLOTS, p.hand.length)
  let t = perCard * armed
  const a = avatarOf(s, seat).ability
  if (!p.abilityUsed && p.mana >= a.cost) t += Math.max(0, hurt(a.effect).total)
  return t
}
