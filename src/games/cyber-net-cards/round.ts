/**
 * The round (CN-1.7): Draw and income (CN-1.9, CN-1.11–1.12, CN-3.1–3.3, CN-6.1–6.4), Preparation with no choice
 * (Decision 2), Climax (CN-6.13–6.15) and end of round (CN-3.3, CN-6.16–6.19, CN-7.3).
 */
import type { GameEvent } from '../../kernel/index.ts'
import type { CNState, PlayerState } from './state.ts'
import {
  avatarOf,
  BASE_HAND,
  BASE_INCOME_CAP,
  cardOf,
  CARRY_MAX,
  equipped,
  FIELD_SLOTS,
  INCOME_CAP,
  stats,
} from './values.ts'
import { addCoal } from './coal.ts'
import { checkLife, endMatch } from './end.ts'
import { drawCards, removeLasting, runOps } from './effects.ts'

export function startRound(s: CNState, ev: GameEvent[]): void {
  const [p0, p1] = s.players as [PlayerState, PlayerState]
  // CN-1.9 / CN-6.4 / CN-1.11 / CN-1.12
  const e0 = p0.deck.length === 0
  const e1 = p1.deck.length === 0
  if (e0 && e1) {
    if (p0.life > p1.life) endMatch(s, [0], 'both decks empty: more life wins', ev)
    else if (p1.life > p0.life) endMatch(s, [1], 'both decks empty: more life wins', ev)
    else endMatch(s, [], 'both decks empty with equal life (draw)', ev)
    return
  }
  if (e0 || e1) {
    endMatch(s, [e0 ? 1 : 0], `deckout: Seat ${e0 ? 1 : 2} starts a round with an empty deck`, ev)
    return
  }
  ev.push({ type: 'roundStart', round: s.round, first: s.first })
  for (let seat = 0; seat < 2; seat++) {
    const p = s.players[seat]!
    const st = stats(s, seat)
    // CN-6.1, CN-6.2: draw until the hand holds 4 cards, as effects change that number (no other bound: Decision 11)
    const target = BASE_HAND + st.hand
    if (p.hand.length < target) drawCards(s, seat, target - p.hand.length, ev)
    // CN-3.1–3.3: the mana received (up to 10, with effects up to 12; never less than none: Decision 4), added to the
    // carried mana
    const base = Math.min(s.round, BASE_INCOME_CAP)
    p.income = Math.max(0, Math.min(INCOME_CAP, base + st.income))
    p.mana += p.income
  }
  // Start-of-round effects: passives, then equipped cards (starting player first).
  for (let k = 0; k < 2; k++) {
    const seat = (s.first + k) % 2
    const rs = avatarOf(s, seat).passive.roundStart
    if (rs) runOps(s, rs, { seat, src: -1, self: null, link: -1 }, ev)
    for (const l of equipped(s, seat)) {
      const ld = cardOf(s, l.uid).lasting!
      if (ld.coalGain?.on === 'roundStart') addCoal(l, ld.coalGain.n)
      if (ld.roundStart) runOps(s, ld.roundStart, { seat, src: l.uid, self: l, link: -1 }, ev)
    }
  }
  if (checkLife(s, ev)) return
  s.phase = 'prep'
}

/**
 * A seat whose only possible placement is its whole hand (3 cards or fewer, no Recycle left) is not asked (CN-GAP-2).
 */
export function autoPlace(s: CNState, ev: GameEvent[]): void {
  for (let seat = 0; seat < 2; seat++) {
    const p = s.players[seat]!
    if (p.placed) continue
    if (p.hand.length === 0 || (p.hand.length <= FIELD_SLOTS && (p.recycled || p.deck.length === 0))) {
      const cards = p.hand.slice().sort((x, y) => x - y)
      p.field.push(...cards)
      p.hand = []
      p.placed = true
      ev.push({
        type: 'placed',
        seat,
        count: cards.length,
        auto: true,
        visibleTo: [seat],
        secret: { cards: cards.map(u => s.cards[u]) },
      })
    }
  }
}

export function climax(s: CNState, ev: GameEvent[]): void {
  const a = stats(s, 0)
  const b = stats(s, 1)
  const loss = [0, 0]
  // CN-6.13–6.15: both attack at once; each avatar is attacker once and defender once.
  if (a.atk > b.def) loss[1]! += a.atk - b.def
  else loss[0]! += b.def - a.atk
  if (b.atk > a.def) loss[0]! += b.atk - a.def
  else loss[1]! += a.def - b.atk
  s.players[0]!.life -= loss[0]!
  s.players[1]!.life -= loss[1]!
  ev.push({
    type: 'climax',
    atk: [a.atk, b.atk],
    def: [a.def, b.def],
    loss,
    life: [s.players[0]!.life, s.players[1]!.life],
  })
  if (checkLife(s, ev)) return
  endRound(s, ev)
}

function endRound(s: CNState, ev: GameEvent[]): void {
  for (const p of s.players) {
    for (const uid of p.active) p.void.push(uid) // CN-6.16
    p.active = []
    for (const uid of p.field) p.hand.push(uid) // CN-6.17
    p.field = []
    p.done = []
    p.recycled = false
    p.placed = false
    p.abilityUsed = false
    p.mana = Math.min(CARRY_MAX, p.mana) // CN-3.3
  }
  s.fx = [] // CN-6.18
  for (let h = 0; h < 2; h++) {
    const hp = s.players[h]!
    for (const l of hp.lasting.slice()) {
      l.used = false
      l.left -= 1
      if (l.left <= 0) removeLasting(s, h, l.uid, 'expired', ev)
    }
  }
  ev.push({ type: 'roundEnd', round: s.round })
  s.round += 1
  s.first = 1 - s.first // CN-7.3
  s.turn = s.first
  s.passes = 0
  startRound(s, ev)
}
