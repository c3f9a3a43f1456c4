// Status tokens: their order and limits, gaining and losing them (DT-8.3-DT-8.8, DT-8.10-DT-8.13, DT-GAP-8).
import { STATUSES } from './data.ts'
import type { DTState, Player } from './state.ts'
import { copyRec, type Ctx } from './context.ts'

/**
 * The statuses held in a record, in the data's status order: never in the record's own key order, which a
 * JSONB round trip does not keep (so legal actions and events do not depend on how the state was stored).
 */
const STATUS_ORDER = new Map(Object.keys(STATUSES).map((k, i) => [k, i]))
export function statusKeys(st: Record<string, number>): string[] {
  const ks = Object.keys(st)
  if (ks.length > 1)
    ks.sort((a, b) => (STATUS_ORDER.get(a) ?? 1e9) - (STATUS_ORDER.get(b) ?? 1e9) || (a < b ? -1 : a > b ? 1 : 0))
  return ks
}
export function limitOf(pl: Player, status: string): number {
  return pl.lim[status] ?? STATUSES[status]!.limit
}

export function gainStatus(s: DTState, seat: number, status: string, n: number, c: Ctx): number {
  const pl = s.p[seat]!
  const cur = pl.st[status] ?? 0
  const next = Math.min(limitOf(pl, status), cur + n)
  if (next !== cur) {
    pl.st = copyRec(pl.st)
    pl.st[status] = next
    c.ev.push({ type: 'status', seat, status, delta: next - cur, count: next })
  }
  return next - cur
}
/** Removes up to `n` tokens; how many were removed (an interrupted card completes with what is left, DT-4.6). */
export function loseStatus(s: DTState, seat: number, status: string, n: number, c: Ctx): number {
  const pl = s.p[seat]!
  const cur = pl.st[status] ?? 0
  const next = Math.max(0, cur - n)
  if (next === cur) return 0
  const st = copyRec(pl.st)
  if (next > 0) st[status] = next
  else delete st[status]
  pl.st = st
  c.ev.push({ type: 'status', seat, status, delta: next - cur, count: next })
  return cur - next
}
