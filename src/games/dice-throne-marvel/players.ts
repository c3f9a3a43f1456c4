// Seats, CP, cards and health: opponents and priority (DT-11.1, DT-11.2, DT-11.4, DT-15.3, DT-15.4), CP (DT-2.1,
// DT-2.8, DT-2.9), drawing and reshuffling (DT-3, DT-GAP-5), health changes.
import { CP_MAX, type DTState, type Player } from './state.ts'
import type { Ctx } from './context.ts'

export function opponents(s: DTState, seat: number): number[] {
  const out: number[] = []
  for (let k = 1; k < s.n; k++) {
    const o = (seat + k) % s.n
    if (!s.p[o]!.out && s.pool[o] !== s.pool[seat]) out.push(o)
  }
  return out
}
export const teammate = (s: DTState, a: number, b: number) => s.pool[a] === s.pool[b]
/** Priority order: the turn player first, then turn order (DT-11.1, DT-11.4). */
export function priority(s: DTState): number[] {
  const out: number[] = []
  for (let k = 0; k < s.n; k++) {
    const o = (s.active + k) % s.n
    if (!s.p[o]!.out) out.push(o)
  }
  return out
}

export function levelOf(pl: Player, id: string): number {
  return pl.lv[id] ?? 1
}

export function removeAt(a: string[], i: number): string[] {
  const r = a.slice()
  r.splice(i, 1)
  return r
}
export function toDiscard(pl: Player, card: string) {
  const d = pl.discard.slice()
  d.push(card)
  pl.discard = d
}
export function gainCp(s: DTState, seat: number, n: number, c: Ctx) {
  const pl = s.p[seat]!
  const before = pl.cp
  pl.cp = Math.max(0, Math.min(CP_MAX, pl.cp + n))
  c.ev.push({ type: 'cp', seat, delta: pl.cp - before, cp: pl.cp })
}
export function draw(s: DTState, seat: number, n: number, c: Ctx) {
  const pl = s.p[seat]!
  const got: string[] = []
  pl.deck = pl.deck.slice()
  for (let i = 0; i < n; i++) {
    if (pl.deck.length === 0) {
      if (pl.discard.length === 0) break
      pl.deck = c.r.shuffle(pl.discard)
      pl.discard = []
      c.ev.push({ type: 'reshuffle', seat })
    }
    got.push(pl.deck.pop()!)
  }
  if (got.length) pl.hand = pl.hand.concat(got)
  c.ev.push({ type: 'draw', seat, count: got.length, visibleTo: [seat], secret: { cards: got } })
}
/** Every health change goes through here, so events explain it (`hp` events). */
export function changeHp(s: DTState, seat: number, delta: number, c: Ctx, why: string) {
  const pi = s.pool[seat]!
  const before = s.hp[pi]!
  let after = before + delta
  if (delta > 0) after = Math.min(after, Math.max(before, s.startHp + 10))
  s.hp[pi] = after
  if (after !== before || delta !== 0) c.ev.push({ type: 'hp', seat, pool: pi, delta: after - before, hp: after, why })
}
