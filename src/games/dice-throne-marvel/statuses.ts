// Status effects: their order and limits, gaining, losing, inflicting and spending them (DT-8.3-DT-8.13, DT-13.8-DT-13.29 hero statuses, DT-GAP-8).
import { STATUSES } from './data.ts'
import type { DTAction, DTState, Player } from './state.ts'
import { copyRec, type Ctx } from './context.ts'
import { draw } from './players.ts'
import { setDie } from './dice.ts'
import { startOffense } from './turn.ts'
import { isoHit } from './damage.ts'

/**
 * The statuses held in a record, in the data's status order: never in the record's own key order, which a
 * JSONB round trip does not keep (so legal actions and events do not depend on how the state was stored).
 */
const STATUS_ORDER = new Map(Object.keys(STATUSES).map((k, i) => [k, i]))
export function statusKeys(st: Record<string, number>): string[] {
  const ks = Object.keys(st)
  if (ks.length > 1) ks.sort((a, b) => (STATUS_ORDER.get(a) ?? 1e9) - (STATUS_ORDER.get(b) ?? 1e9) || (a < b ? -1 : a > b ? 1 : 0))
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
export function loseStatus(s: DTState, seat: number, status: string, n: number, c: Ctx) {
  const pl = s.p[seat]!
  const cur = pl.st[status] ?? 0
  const next = Math.max(0, cur - n)
  if (next === cur) return
  const st = copyRec(pl.st)
  if (next > 0) st[status] = next
  else delete st[status]
  pl.st = st
  if (next !== cur) c.ev.push({ type: 'status', seat, status, delta: next - cur, count: next })
}
export function inflict(s: DTState, by: number, to: number, status: string, n: number, c: Ctx) {
  if (s.p[to]!.out) return
  const added = gainStatus(s, to, status, n, c)
  // Webbed: inflicting it deals 2 isolated undefendable damage (DT-13.25).
  if (status === 'webbed' && added > 0) isoHit(s, by, to, 2, 'undefendable', c, 'webbed')
}

export function doSpend(s: DTState, seat: number, a: Extract<DTAction, { type: 'spend' }>, c: Ctx) {
  const pl = s.p[seat]!
  const atk = s.atk
  c.ev.push({ type: 'spend', seat, status: a.status })
  switch (a.status) {
    case 'electrokinesis':
      loseStatus(s, seat, 'electrokinesis', 4, c)
      pl.ekUsed = true
      draw(s, seat, 1, c)
      return
    case 'guard-break': {
      loseStatus(s, seat, 'guard-break', 1, c)
      atk!.guardBreak = true
      const d = c.r.die(6)
      c.ev.push({ type: 'roll', seat, dice: [d], for: 'guard-break' })
      if (d === 4 || d === 5) atk!.damageType = 'undefendable' // DT-13.15
      return
    }
    case 'crackle': {
      loseStatus(s, seat, 'crackle', 1, c)
      const kinds = Object.keys(s.p[atk!.to]!.st).length
      atk!.addedDamage += 2 * kinds
      return
    }
    case 'probability-manipulation':
      loseStatus(s, seat, 'probability-manipulation', 1, c)
      setDie(s, a.die!, a.value!, c, 'probability-manipulation')
      return
    case 'conjure': {
      loseStatus(s, seat, 'conjure', 1, c)
      loseStatus(s, a.from!, a.take!, 1, c)
      gainStatus(s, seat, a.take!, 1, c)
      return
    }
    case 'invisibility':
      loseStatus(s, seat, 'invisibility', 1, c)
      if (s.step === 'def' && s.roll && s.roll.kind === 'def') s.roll.left++
      else atk!.invisibility = true
      return
    case 'illusion':
      loseStatus(s, seat, 'illusion', 1, c)
      s.choice = { kind: 'arrange', seat }
      return
    case 'combo':
      loseStatus(s, seat, 'combo', 1, c)
      pl.comboUsed = true
      // extra Offensive Roll Phase against the same opponent (DT-13.27)
      {
        const t = atk ? atk.to : s.target
        startOffense(s, c)
        s.target = t
      }
      return
  }
}
