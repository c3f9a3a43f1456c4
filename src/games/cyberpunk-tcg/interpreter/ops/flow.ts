// Vocabulary words about the effect itself and its player: modes, once per turn, payments, delays, player effects,
// custom code.
import type { OpHandlers } from '../ops.ts'
import { startPlayerEffect } from '../../continuous.ts'
import { append } from '../../core.ts'
import { ask, evalCond } from '../conditions.ts'
import { canPay, pay, paySets } from '../../payment.ts'

export const FLOW_OPS: Pick<
  OpHandlers,
  'mode' | 'once' | 'mayPay' | 'delay' | 'readyEddies' | 'playerEffect' | 'custom'
> = {
  mode(c, f, op) {
    if (f.answer === undefined && op.bothIf && evalCond(c, f, op.bothIf)) {
      f.vars['mode'] = -1 // choose both
      return true
    }
    const r = ask(
      c,
      f,
      f.seat,
      op.labels.map((_, i) => i),
      `choose one: ${op.labels.join(' / ')}`,
    )
    if (r.wait) return false
    f.vars['mode'] = r.val as number
    return true
  },
  once(c, f) {
    const s = c.s
    const me = s.players[f.seat]!
    const key = `${f.card}#${f.ability}#${f.source}`
    if (me.once.includes(key)) f.next = 1e9
    else append(me, 'once', key)
    return true
  },
  mayPay(c, f, op) {
    const s = c.s
    const opts: unknown[] = canPay(s, f.seat, op.n) ? paySets(s, f.seat, op.n).map(p => ({ pay: p })) : []
    if (opts.length) opts.push('none')
    const r = ask(c, f, f.seat, opts, `pay ${op.n} €$?`)
    if (r.wait) return false
    if (r.val && r.val !== 'none') {
      pay(c, f.seat, (r.val as { pay: number[] }).pay, op.n)
      f.vars[op.as] = true
    }
    return true
  },
  delay(c, f, op) {
    const s = c.s
    const me = s.players[f.seat]!
    append(me, 'delayed', [f.card, op.ab, f.source])
    return true
  },
  readyEddies(c, f, op) {
    const s = c.s
    const me = s.players[f.seat]!
    me.eddiesSpent = Math.max(0, me.eddiesSpent - op.n)
    return true
  },
  playerEffect(c, f, op) {
    startPlayerEffect(c.s, op.effect, f.seat)
    return true
  },
  custom(c, f, op) {
    return op.run(c, f)
  },
}
