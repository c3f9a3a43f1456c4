// Vocabulary words that choose Units or Gear and change their state (power, spent, defeat, continuous effects on them).
import type { OpHandlers } from '../ops.ts'
import {
  append,
  canReady,
  def,
  findSlot,
  findUnit,
  friendlyGigValues,
  readyUnit,
  spendUnit,
  unitPower,
} from '../../core.ts'
import { startUnitEffect } from '../../continuous.ts'
import { ask, unitsMatching } from '../conditions.ts'
import { defeatGear, defeatUnits } from '../../defeat.ts'

export const UNITS_OPS: Pick<
  OpHandlers,
  | 'chooseUnit'
  | 'chooseGear'
  | 'defeat'
  | 'defeatAll'
  | 'spend'
  | 'spendAll'
  | 'power'
  | 'powerAll'
  | 'powerMinusSelf'
  | 'powerPerGear'
  | 'powerPer'
  | 'gainMaxGig'
  | 'grant'
  | 'readyUnits'
  | 'readySelf'
  | 'unitEffect'
  | 'psycho'
> = {
  chooseUnit(c, f, op) {
    const opts: unknown[] = unitsMatching(c, f, op.filter)
    if (op.optional && opts.length) opts.push('none')
    const r = ask(c, f, op.by === 'rival' ? 1 - f.seat : f.seat, opts, 'choose a Unit')
    if (r.wait) return false
    if (typeof r.val === 'number') f.vars[op.as] = r.val
    return true
  },
  chooseGear(c, f, op) {
    const s = c.s
    const opts: unknown[] = []
    s.players.forEach((p, seat) => {
      if (op.side === 'friendly' && seat !== f.seat) return
      if (op.side === 'rival' && seat === f.seat) return
      const ok = (g: number) => op.maxPower === undefined || (def(s, g).power ?? 0) <= op.maxPower
      for (const un of p.field) opts.push(...un.gear.filter(ok))
      for (const l of p.legends) if (l) opts.push(...l.gear.filter(ok))
    })
    if (op.optional && opts.length) opts.push('none')
    const r = ask(c, f, f.seat, opts, 'choose a Gear')
    if (r.wait) return false
    if (typeof r.val === 'number') f.vars[op.as] = r.val
    return true
  },
  defeat(c, f, op) {
    const s = c.s
    const t = f.vars[op.v]
    if (typeof t !== 'number') return true
    const fu = findUnit(s, t)
    if (fu) defeatUnits(c, [[fu[0], t]])
    else if (def(s, t).type === 'Gear') defeatGear(c, t)
    return true
  },
  defeatAll(c, f, op) {
    const s = c.s
    const list: [number, number][] = []
    for (let seat = 0; seat < 2; seat++)
      for (const un of s.players[seat]!.field) if (!op.others || un.uid !== f.source) list.push([seat, un.uid])
    defeatUnits(c, list)
    return true
  },
  spend(c, f, op) {
    const s = c.s
    const t = op.v === 'self' ? f.source : f.vars[op.v]
    if (typeof t !== 'number') return true
    const fu = findUnit(s, t)
    if (fu) spendUnit(c, fu[0], fu[1])
    return true
  },
  spendAll(c, f) {
    const s = c.s
    for (const u of s.players[1 - f.seat]!.field) spendUnit(c, 1 - f.seat, u)
    return true
  },
  power(c, f, op) {
    const s = c.s
    const t = op.v === 'self' ? f.source : f.vars[op.v]
    if (typeof t !== 'number') return true
    const fu = findUnit(s, t)
    if (fu) fu[1].powerThisTurn += op.n
    return true
  },
  powerAll(c, f, op) {
    const s = c.s
    for (const u of s.players[1 - f.seat]!.field) u.powerThisTurn += op.n
    return true
  },
  powerMinusSelf(c, f, op) {
    const s = c.s
    const me2 = findUnit(s, f.source)
    const fu = typeof f.vars[op.v] === 'number' ? findUnit(s, f.vars[op.v] as number) : null
    if (me2 && fu) fu[1].powerThisTurn -= unitPower(s, me2[0], me2[1])
    return true
  },
  powerPerGear(c, f, op) {
    const s = c.s
    const fu = typeof f.vars[op.v] === 'number' ? findUnit(s, f.vars[op.v] as number) : null
    if (fu) fu[1].powerThisTurn += op.n * fu[1].gear.length
    return true
  },
  powerPer(c, f, op) {
    const s = c.s
    const t = op.v === 'self' ? f.source : f.vars[op.v]
    const fu = typeof t === 'number' ? findUnit(s, t) : null
    if (fu) fu[1].powerThisTurn += op.n * friendlyGigValues(s, f.seat).filter(v => v % 2 === 0).length
    return true
  },
  gainMaxGig(c, f) {
    const s = c.s
    const me = s.players[f.seat]!
    const fu = findUnit(s, f.source)
    let best = 0
    for (const d of me.gigs) if (s.dice[d]!.value === s.dice[d]!.size) best = Math.max(best, s.dice[d]!.value)
    if (fu) fu[1].powerThisTurn += best
    return true
  },
  grant(c, f, op) {
    const s = c.s
    const t = op.v === 'self' ? f.source : f.vars[op.v]
    const fu = typeof t === 'number' ? findUnit(s, t) : null
    if (fu) {
      if (op.what === 'adrenaline') fu[1].attacksWhileLagging = true
      else fu[1].blockerThisTurn = true
    }
    return true
  },
  readyUnits(c, f, op) {
    const s = c.s
    const me = s.players[f.seat]!
    let k = (f.vars['_step'] as number | undefined) ?? 0
    while (k < op.n) {
      const opts: unknown[] = me.field.filter(u => u.spent && canReady(s, u)).map(u => u.uid)
      if (opts.length) opts.push('none')
      const r = ask(c, f, f.seat, opts, 'ready a friendly Unit')
      if (r.wait) {
        f.vars['_step'] = k
        return false
      }
      if (typeof r.val !== 'number') break
      findUnit(s, r.val)![1].spent = false
      k++
    }
    delete f.vars['_step']
    return true
  },
  readySelf(c, f) {
    const s = c.s
    const fu = findUnit(s, f.source)
    if (fu)
      readyUnit(s, fu[1]) // Pacifica Netrunner: "can't ready until your next turn"
    else {
      const sl = findSlot(s, f.source)
      if (sl) sl[2].spent = false
    }
    return true
  },
  unitEffect(c, f, op) {
    const t = f.vars[op.v]
    const fu = typeof t === 'number' ? findUnit(c.s, t) : null
    if (fu) startUnitEffect(c.s, op.effect, f.seat, fu[0], fu[1], op.n)
    return true
  },
  psycho(c, f, op) {
    const s = c.s
    const me = s.players[f.seat]!
    const t = f.vars[op.v]
    const fu = typeof t === 'number' ? findUnit(s, t) : null
    if (fu) {
      fu[1].powerThisTurn += 3 * fu[1].gear.length
      startUnitEffect(s, 'cyberpsychosis', f.seat, fu[0], fu[1])
      append(me, 'delayed', [f.card, 1, fu[1].uid]) // Cyberpsychosis ability 1, resolved at the end of this turn
    }
    return true
  },
}
