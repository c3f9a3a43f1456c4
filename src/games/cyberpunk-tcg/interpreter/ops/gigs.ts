// Vocabulary words that adjust, swap, set or steal Gigs (CP-6.4, CP-9.23).
import type { OpHandlers } from '../ops.ts'
import { afterSteal, mayStealGig } from '../../attack-hooks.ts'
import {
  findUnit,
  finish,
  friendlyGigValues,
  noteBelowSteal,
  rivalTouched,
  setDie,
  trigger,
  triggerSources,
  unitPower,
} from '../../core.ts'
import { ask } from '../conditions.ts'
import { stealPrevention } from '../../replacements.ts'

export const GIGS_OPS: Pick<OpHandlers, 'gig' | 'swapGig' | 'setGig' | 'stealExtra'> = {
  gig(c, f, op) {
    const s = c.s
    const me = s.players[f.seat]!
    let dice: number[]
    if (op.side === 'var') {
      const d = f.vars[op.v ?? 'subject']
      dice = typeof d === 'number' && (s.players[0]!.gigs.includes(d) || s.players[1]!.gigs.includes(d)) ? [d] : []
    } else dice = op.side === 'friendly' ? [...me.gigs] : [...s.players[0]!.gigs, ...s.players[1]!.gigs]
    const opts: unknown[] = []
    // an answer already given is taken as it is (ask): the options, up to 19 per die, are only built to ask
    if (f.answer === undefined)
      for (const d of dice) {
        const die = s.dice[d]!
        if (op.mode === 'exact') {
          // CR 6.4.4: a value not on the die cannot be chosen
          if (die.value - op.upTo >= 1) opts.push({ die: d, value: die.value - op.upTo })
          if (die.value + op.upTo <= die.size) opts.push({ die: d, value: die.value + op.upTo })
          continue
        }
        const lo = op.mode === 'increase' ? die.value : Math.max(1, die.value - op.upTo)
        const hi = op.mode === 'decrease' ? die.value : Math.min(die.size, die.value + op.upTo)
        for (let v = lo; v <= hi; v++) if (v !== die.value) opts.push({ die: d, value: v })
      }
    if (dice.length && op.mode !== 'exact') opts.push('none') // "up to" allows 0 (FAQ 25)
    const r = ask(c, f, f.seat, opts, `${op.mode} a Gig by up to ${op.upTo}`)
    if (r.wait) return false
    f.vars['adjusted'] = false
    if (r.val && r.val !== 'none') {
      const { die, value } = r.val as { die: number; value: number }
      const old = s.dice[die]!.value
      setDie(s, die, value)
      f.vars['adjusted'] = true
      if (op.as) f.vars[op.as] = die
      c.ev.push({ type: 'gig', die, from: old, to: value })
      if (s.players[1 - f.seat]!.gigs.includes(die)) rivalTouched(s, f.seat)
    }
    return true
  },
  swapGig(c, f, op) {
    const s = c.s
    const me = s.players[f.seat]!
    const opts: unknown[] = []
    const seenA = new Set<string>()
    for (const a of me.gigs) {
      const ka = `${s.dice[a]!.size}/${s.dice[a]!.value}`
      if (seenA.has(ka)) continue
      seenA.add(ka)
      const seenB = new Set<string>()
      for (const b of s.players[1 - f.seat]!.gigs) {
        const kb = `${s.dice[b]!.size}/${s.dice[b]!.value}`
        if (seenB.has(kb)) continue
        seenB.add(kb)
        opts.push({ friendly: a, rival: b })
      }
    }
    if (op.optional && opts.length) opts.push('none')
    const r = ask(c, f, f.seat, opts, 'swap a friendly Gig with a rival Gig')
    if (r.wait) return false
    if (r.val && r.val !== 'none') {
      const { friendly, rival } = r.val as { friendly: number; rival: number }
      const them = s.players[1 - f.seat]!
      const mine = me.gigs.slice()
      const theirs = them.gigs.slice()
      mine[mine.indexOf(friendly)] = rival
      theirs[theirs.indexOf(rival)] = friendly
      me.gigs = mine
      them.gigs = theirs
      c.ev.push({ type: 'swapGigs', friendly, rival })
      rivalTouched(s, f.seat)
    }
    return true
  },
  setGig(c, f, op) {
    const s = c.s
    const all = [...s.players[0]!.gigs, ...s.players[1]!.gigs]
    const opts: unknown[] = []
    const seen = new Set<string>()
    for (const a of all) {
      for (const b of all) {
        if (a === b) continue
        if (op.cross && s.players[0]!.gigs.includes(a) === s.players[0]!.gigs.includes(b)) continue
        const v = s.dice[b]!.value
        if (v === s.dice[a]!.value || v > s.dice[a]!.size) continue
        const k = `${a}/${v}`
        if (seen.has(k)) continue
        seen.add(k)
        opts.push({ die: a, value: v })
      }
    }
    if (op.optional && opts.length) opts.push('none')
    const r = ask(c, f, f.seat, opts, 'set a Gig to the value of another Gig')
    if (r.wait) return false
    if (r.val && r.val !== 'none') {
      const { die, value } = r.val as { die: number; value: number }
      c.ev.push({ type: 'gig', die, from: s.dice[die]!.value, to: value })
      setDie(s, die, value)
      // setting a value is adjusting (CR 6.4): Meredith Stout sees a rival adjust her controller's Gig
      if (s.players[1 - f.seat]!.gigs.includes(die)) rivalTouched(s, f.seat)
    }
    return true
  },
  stealExtra(c, f, op) {
    const s = c.s
    // a Gig stolen by the source Unit outside the Steal Step (Gorilla Arms, Appetite for Destruction)
    const fu = findUnit(s, f.source)
    if (!fu) return true
    const rs = 1 - fu[0]
    const them = s.players[rs]!
    let die = f.vars['_stealDie'] as number | undefined
    if (die === undefined) {
      // the Unit steals it, so the rival's steal restrictions apply as in the Steal Step (attack-hooks.ts)
      const mine = friendlyGigValues(s, fu[0])
      const P = unitPower(s, fu[0], fu[1])
      const opts = them.gigs.filter(
        d => (!op.distinctValue || !mine.includes(s.dice[d]!.value)) && mayStealGig(s, rs, fu[1], P, s.dice[d]!.value),
      )
      const r = ask(c, f, f.seat, opts, 'steal a Gig')
      if (r.wait) return false
      if (typeof r.val !== 'number') return true
      die = r.val
      // CR 9.23.4: "would steal" replacements of the rival (Alt Cunningham: Mother of Daemons) — the rival's decision
      const v = s.dice[die]!.value
      const popts = stealPrevention.options(s, rs, v)
      if (popts) {
        f.vars['_stealDie'] = die
        s.prompt = { seat: rs, kind: 'op', options: popts, label: stealPrevention.label(v) }
        return false
      }
    } else {
      const ans = f.answer
      delete f.answer
      delete f.vars['_stealDie']
      if (stealPrevention.apply(c, rs, ans, die)) return true
    }
    noteBelowSteal(s, fu[0], fu[1], [die])
    const left = them.gigs.slice()
    left.splice(left.indexOf(die), 1)
    them.gigs = left
    s.players[fu[0]]!.gigs = [...s.players[fu[0]]!.gigs, die]
    // this steal is a steal event of its own ("steals 1 or more Gigs": Gorilla Arms, Evelyn Parker: Beautiful Enigma)
    const first = !fu[1].stole
    fu[1].stole = true
    afterSteal(s, fu[0], fu[1])
    c.ev.push({
      type: 'steal',
      seat: fu[0],
      attacker: f.source,
      card: s.cards[f.source],
      dice: [{ die, size: s.dice[die]!.size, value: s.dice[die]!.value }],
    })
    trigger(s, fu[0], fu[1].uid, fu[1].gear, 'STEAL_EVENT', die, first ? 1 : 0)
    triggerSources(s, fu[0], 'FRIENDLY_STEAL_EVENT', die, fu[1].uid)
    trigger(s, fu[0], fu[1].uid, fu[1].gear, 'STEAL', die)
    triggerSources(s, fu[0], 'FRIENDLY_STEAL', die, fu[1].uid)
    // CR 1.11 / 1.13: in Overtime the 7th Gig wins at once, even in the middle of an effect
    if (s.overtime && s.players[fu[0]]!.gigs.length >= 7) finish(c, [fu[0]], 'overtime-seven-gigs')
    return true
  },
}
