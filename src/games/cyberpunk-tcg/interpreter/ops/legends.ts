// Vocabulary words about Legends: look at, Call for free, ready (CP-5.7).
import type { OpHandlers } from '../ops.ts'
import { append, callLegend, canReady, def, findUnit, readyUnit } from '../../core.ts'
import { ask, faceDownSlots } from '../conditions.ts'

export const LEGENDS_OPS: Pick<OpHandlers, 'lookLegend' | 'lookAllLegends' | 'callFree' | 'readyLegend'> = {
  lookLegend(c, f, op) {
    const s = c.s
    const me = s.players[f.seat]!
    const opts: unknown[] = faceDownSlots(me)
    if (op.optional && opts.length) opts.push('none')
    const r = ask(c, f, f.seat, opts, 'look at a face-down Legend')
    if (r.wait) return false
    if (typeof r.val === 'number') {
      f.vars[op.as] = r.val
      const u = me.legends[r.val]!.uid
      if (!me.peek.includes(u)) append(me, 'peek', u)
      c.ev.push({ type: 'lookLegend', seat: f.seat, slot: r.val, visibleTo: [f.seat], secret: { card: s.cards[u] } })
    }
    return true
  },
  lookAllLegends(c, f) {
    const s = c.s
    const me = s.players[f.seat]!
    for (const i of faceDownSlots(me)) {
      const u = me.legends[i]!.uid
      if (!me.peek.includes(u)) append(me, 'peek', u)
    }
    return true
  },
  callFree(c, f, op) {
    const s = c.s
    const me = s.players[f.seat]!
    if (me.called) return true // CR 5.7.3: once per turn, even for free
    let opts: unknown[]
    if (op.v) {
      const slot = f.vars[op.v]
      if (typeof slot !== 'number' || !me.legends[slot] || me.legends[slot]!.faceUp) return true
      opts = [slot]
    } else opts = faceDownSlots(me)
    if (op.optional && opts.length) opts.push('none')
    const r = ask(c, f, f.seat, opts, 'Call a Legend for free')
    if (r.wait) return false
    if (typeof r.val === 'number') callLegend(c, f.seat, r.val)
    return true
  },
  readyLegend(c, f, op) {
    const s = c.s
    const me = s.players[f.seat]!
    let k = (f.vars['_step'] as number | undefined) ?? 0
    const n = op.n ?? 1
    while (k < n) {
      const opts: unknown[] = []
      me.legends.forEach((l, i) => {
        if (l && l.faceUp && l.spent && (!op.tag || def(s, l.uid).tags.includes(op.tag))) opts.push(i)
      })
      // CP-7.3 [000] 25: a Legend on the field is a face-up Legend too (unless the card names the Legends area)
      if (!op.inLegendsArea)
        for (const un of me.field)
          if (
            un.spent &&
            def(s, un.uid).type === 'Legend' &&
            canReady(s, un) &&
            (!op.tag || def(s, un.uid).tags.includes(op.tag))
          )
            opts.push({ unit: un.uid })
      if (n > 1 && opts.length) opts.push('none')
      const r = ask(c, f, f.seat, opts, 'ready a face-up Legend')
      if (r.wait) {
        f.vars['_step'] = k
        return false
      }
      if (typeof r.val === 'number') me.legends[r.val]!.spent = false
      else if (r.val && typeof r.val === 'object') readyUnit(s, findUnit(s, (r.val as { unit: number }).unit)![1])
      else break
      k++
    }
    delete f.vars['_step']
    return true
  },
}
