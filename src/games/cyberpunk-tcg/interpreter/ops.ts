// The effect interpreter: one operation of an effect at a time (CP-10.9, CP-10.10 as much as possible).
import { CARDS } from '../cards.ts'
import type { Op } from '../effects.ts'
import type { Frame } from '../state.ts'
import { CUSTOM_OPS } from './custom.ts'
import { type Ctx, append, callLegend, def, drawCards, findSlot, findUnit, finish, friendlyGigValues, noteBelowSteal, popDeck, remember, rivalTouched, setDie, spendUnit, toTrashOrRemove, trigger, triggerSources, unitPower, withoutAt } from '../core.ts'
import { ask, evalCond, faceDownSlots, unitsMatching } from './conditions.ts'
import { bottomDeckUnits, playFreeOp, searchOp } from './zones.ts'
import { canPay, pay, paySets } from '../payment.ts'
import { defeatGear, defeatUnits } from '../defeat.ts'
import { preventOptions } from '../responses.ts'

/** Runs one operation. Returns false when it waits for a decision. */
export function runOp(c: Ctx, f: Frame, op: Op): boolean {
  const s = c.s
  const me = s.p[f.seat]!
  if (op.if && f.ans === undefined && !evalCond(c, f, op.if)) return true
  switch (op.op) {
    case 'draw':
      drawCards(c, f.seat, op.n)
      return true
    case 'discard': {
      let k = (f.vars['_k'] as number | undefined) ?? 0
      // "You may discard 2 Programs. If you do, …" (Maman Brigitte): an all-or-nothing choice — not offered without 2
      // such cards, and once the first is discarded the rest follow (the 'none' option is only offered first)
      if (k === 0 && op.optional && op.n > 1 && me.hand.filter((u) => !op.type || def(s, u).type === op.type).length < op.n) return true
      while (k < op.n) {
        const opts: unknown[] = [...new Set(me.hand.filter((u) => !op.type || def(s, u).type === op.type).map((u) => s.cards[u]!))].sort()
        if (op.optional && opts.length && k === 0) opts.push('none')
        const r = ask(c, f, f.seat, opts, 'discard a card', undefined, !op.type && me.hand.length > 1)
        if (r.wait) {
          f.vars['_k'] = k
          return false
        }
        if (r.val === undefined || r.val === 'none') break
        if (op.as) f.vars[op.as] = k + 1
        f.vars['discardedCost'] = CARDS.get(r.val as string)!.cost ?? 0
        const i = me.hand.findIndex((u) => s.cards[u] === r.val)
        const rest = me.hand.slice()
        const [u] = rest.splice(i, 1)
        me.hand = rest
        toTrashOrRemove(s, u!)
        c.ev.push({ type: 'discard', seat: f.seat, card: r.val })
        k++
      }
      delete f.vars['_k']
      return true
    }
    case 'gig': {
      let dice: number[]
      if (op.side === 'var') {
        const d = f.vars[op.v ?? 'x']
        dice = typeof d === 'number' && (s.p[0]!.gigs.includes(d) || s.p[1]!.gigs.includes(d)) ? [d] : []
      } else dice = op.side === 'friendly' ? [...me.gigs] : [...s.p[0]!.gigs, ...s.p[1]!.gigs]
      const opts: unknown[] = []
      // an answer already given is taken as it is (ask): the options, up to 19 per die, are only built to ask
      if (f.ans === undefined)
        for (const d of dice) {
          const die = s.dice[d]!
          if (op.mode === 'exact') {
            // CR 6.4.4: a value not on the die cannot be chosen
            if (die.v - op.upTo >= 1) opts.push({ die: d, value: die.v - op.upTo })
            if (die.v + op.upTo <= die.s) opts.push({ die: d, value: die.v + op.upTo })
            continue
          }
          const lo = op.mode === 'increase' ? die.v : Math.max(1, die.v - op.upTo)
          const hi = op.mode === 'decrease' ? die.v : Math.min(die.s, die.v + op.upTo)
          for (let v = lo; v <= hi; v++) if (v !== die.v) opts.push({ die: d, value: v })
        }
      if (dice.length && op.mode !== 'exact') opts.push('none') // "up to" allows 0 (FAQ 25)
      const r = ask(c, f, f.seat, opts, `${op.mode} a Gig by up to ${op.upTo}`)
      if (r.wait) return false
      f.vars['adjusted'] = false
      if (r.val && r.val !== 'none') {
        const { die, value } = r.val as { die: number; value: number }
        const old = s.dice[die]!.v
        setDie(s, die, value)
        f.vars['adjusted'] = true
        if (op.as) f.vars[op.as] = die
        c.ev.push({ type: 'gig', die, from: old, to: value })
        if (s.p[1 - f.seat]!.gigs.includes(die)) rivalTouched(s, f.seat)
      }
      return true
    }
    case 'chooseUnit': {
      const opts: unknown[] = unitsMatching(c, f, op.filter)
      if (op.optional && opts.length) opts.push('none')
      const r = ask(c, f, op.by === 'rival' ? 1 - f.seat : f.seat, opts, 'choose a Unit')
      if (r.wait) return false
      if (typeof r.val === 'number') f.vars[op.as] = r.val
      return true
    }
    case 'chooseGear': {
      const opts: unknown[] = []
      s.p.forEach((p, seat) => {
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
    }
    case 'defeat': {
      const t = f.vars[op.v]
      if (typeof t !== 'number') return true
      const fu = findUnit(s, t)
      if (fu) defeatUnits(c, [[fu[0], t]])
      else if (def(s, t).type === 'Gear') defeatGear(c, t)
      return true
    }
    case 'spend': {
      const t = op.v === 'self' ? f.src : f.vars[op.v]
      if (typeof t !== 'number') return true
      const fu = findUnit(s, t)
      if (fu) spendUnit(c, fu[0], fu[1])
      return true
    }
    case 'power': {
      const t = op.v === 'self' ? f.src : f.vars[op.v]
      if (typeof t !== 'number') return true
      const fu = findUnit(s, t)
      if (fu) fu[1].tp += op.n
      return true
    }
    case 'swapGig': {
      const opts: unknown[] = []
      const seenA = new Set<string>()
      for (const a of me.gigs) {
        const ka = `${s.dice[a]!.s}/${s.dice[a]!.v}`
        if (seenA.has(ka)) continue
        seenA.add(ka)
        const seenB = new Set<string>()
        for (const b of s.p[1 - f.seat]!.gigs) {
          const kb = `${s.dice[b]!.s}/${s.dice[b]!.v}`
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
        const them = s.p[1 - f.seat]!
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
    }
    case 'lookLegend': {
      const opts: unknown[] = faceDownSlots(me)
      if (op.optional && opts.length) opts.push('none')
      const r = ask(c, f, f.seat, opts, 'look at a face-down Legend')
      if (r.wait) return false
      if (typeof r.val === 'number') {
        f.vars[op.as] = r.val
        const u = me.legends[r.val]!.u
        if (!me.peek.includes(u)) append(me, 'peek', u)
        c.ev.push({ type: 'lookLegend', seat: f.seat, slot: r.val, visibleTo: [f.seat], secret: { card: s.cards[u] } })
      }
      return true
    }
    case 'lookAllLegends':
      for (const i of faceDownSlots(me)) {
        const u = me.legends[i]!.u
        if (!me.peek.includes(u)) append(me, 'peek', u)
      }
      return true
    case 'callFree': {
      if (me.called) return true // CR 5.7.3: once per turn, even for free
      let opts: unknown[]
      if (op.v) {
        const slot = f.vars[op.v]
        if (typeof slot !== 'number' || !me.legends[slot] || me.legends[slot]!.up) return true
        opts = [slot]
      } else opts = faceDownSlots(me)
      if (op.optional && opts.length) opts.push('none')
      const r = ask(c, f, f.seat, opts, 'Call a Legend for free')
      if (r.wait) return false
      if (typeof r.val === 'number') callLegend(c, f.seat, r.val)
      return true
    }
    case 'topMayTrash': {
      if (me.deck.length === 0) return true
      const top = me.deck[me.deck.length - 1]!
      const r = ask(c, f, f.seat, ['trash', 'keep'], 'trash the top card of your deck?', [s.cards[top]!])
      if (r.wait) return false
      if (r.val === 'trash') {
        popDeck(me)
        append(me, 'trash', top)
        c.ev.push({ type: 'trashTop', seat: f.seat, card: s.cards[top] })
      }
      return true
    }
    case 'readyEddies':
      me.eSpent = Math.max(0, me.eSpent - op.n)
      return true
    case 'readySelf': {
      const fu = findUnit(s, f.src)
      if (fu) {
        if (fu[1].nr === undefined) fu[1].sp = false // Pacifica Netrunner: "can't ready until your next turn"
      }
      else {
        const sl = findSlot(s, f.src)
        if (sl) sl[2].sp = false
      }
      return true
    }
    case 'delay':
      append(me, 'delayed', [f.card, op.ab, f.src])
      return true
    case 'custom':
      return CUSTOM_OPS[op.fn](c, f)
    case 'mode': {
      if (f.ans === undefined && op.bothIf && evalCond(c, f, op.bothIf)) {
        f.vars['mode'] = -1 // choose both
        return true
      }
      const r = ask(c, f, f.seat, op.labels.map((_, i) => i), `choose one: ${op.labels.join(' / ')}`)
      if (r.wait) return false
      f.vars['mode'] = r.val as number
      return true
    }
    case 'defeatAll': {
      const list: [number, number][] = []
      for (let seat = 0; seat < 2; seat++) for (const un of s.p[seat]!.field) if (!op.others || un.u !== f.src) list.push([seat, un.u])
      defeatUnits(c, list)
      return true
    }
    case 'bounceSelf': {
      const fu = findUnit(s, f.src)
      if (!fu) return true
      const p = s.p[fu[0]]!
      remember(s, fu[0], fu[1])
      p.field = p.field.filter((x) => x.u !== f.src)
      // CP-7.27 / 7.28: Gear goes along and is no longer equipped; a Legend is removed instead (CP-7.8)
      for (const u of [...fu[1].gear, f.src]) {
        if (def(s, u).type === 'Legend') append(s.p[s.owner[u]!]!, 'removed', u)
        else append(s.p[s.owner[u]!]!, 'hand', u)
      }
      c.ev.push({ type: 'returnToHand', seat: fu[0], card: s.cards[f.src], uid: f.src })
      return true
    }
    case 'readyLegend': {
      let k = (f.vars['_k'] as number | undefined) ?? 0
      const n = op.n ?? 1
      while (k < n) {
        const opts: unknown[] = []
        me.legends.forEach((l, i) => {
          if (l && l.up && l.sp && (!op.tag || def(s, l.u).tags.includes(op.tag))) opts.push(i)
        })
        if (n > 1 && opts.length) opts.push('none')
        const r = ask(c, f, f.seat, opts, 'ready a face-up Legend')
        if (r.wait) {
          f.vars['_k'] = k
          return false
        }
        if (typeof r.val !== 'number') break
        me.legends[r.val]!.sp = false
        k++
      }
      delete f.vars['_k']
      return true
    }
    case 'once': {
      const key = `${f.card}#${f.ab}#${f.src}`
      if (me.once.includes(key)) f.pc = 1e9
      else append(me, 'once', key)
      return true
    }
    case 'grant': {
      const t = op.v === 'self' ? f.src : f.vars[op.v]
      const fu = typeof t === 'number' ? findUnit(s, t) : null
      if (fu) {
        if (op.what === 'adrenaline') fu[1].adr = true
        else fu[1].blk = true
      }
      return true
    }
    case 'readyUnits': {
      let k = (f.vars['_k'] as number | undefined) ?? 0
      while (k < op.n) {
        const opts: unknown[] = me.field.filter((u) => u.sp && u.nr === undefined).map((u) => u.u)
        if (opts.length) opts.push('none')
        const r = ask(c, f, f.seat, opts, 'ready a friendly Unit')
        if (r.wait) {
          f.vars['_k'] = k
          return false
        }
        if (typeof r.val !== 'number') break
        findUnit(s, r.val)![1].sp = false
        k++
      }
      delete f.vars['_k']
      return true
    }
    case 'revealTopGain': {
      const u = popDeck(me)
      if (u === undefined) return true
      append(me, 'hand', u)
      c.ev.push({ type: 'reveal', seat: f.seat, card: s.cards[u], to: 'hand' })
      const fu = findUnit(s, f.src)
      if (fu) fu[1].tp += def(s, u).cost ?? 0
      return true
    }
    case 'powerMinusSelf': {
      const me2 = findUnit(s, f.src)
      const fu = typeof f.vars[op.v] === 'number' ? findUnit(s, f.vars[op.v] as number) : null
      if (me2 && fu) fu[1].tp -= unitPower(s, me2[0], me2[1])
      return true
    }
    case 'powerPerGear': {
      const fu = typeof f.vars[op.v] === 'number' ? findUnit(s, f.vars[op.v] as number) : null
      if (fu) fu[1].tp += op.n * fu[1].gear.length
      return true
    }
    case 'bottomDeck': {
      const t = f.vars[op.v]
      if (typeof t === 'number') bottomDeckUnits(c, [t])
      return true
    }
    case 'bottomDeckAll': {
      const them = s.p[1 - f.seat]!
      bottomDeckUnits(c, them.field.filter((u) => unitPower(s, 1 - f.seat, u) <= op.maxPower).map((u) => u.u))
      return true
    }
    case 'powerAll':
      for (const u of s.p[1 - f.seat]!.field) u.tp += op.n
      return true
    case 'spendAll':
      for (const u of s.p[1 - f.seat]!.field) spendUnit(c, 1 - f.seat, u)
      return true
    case 'search':
      return searchOp(c, f, op)
    case 'mill': {
      const got: number[] = []
      for (let i = 0; i < op.n; i++) {
        const u = popDeck(me)
        if (u === undefined) break // CR 11.13.3: trashing from a short deck does not lose
        if (def(s, u).type === 'Legend') append(me, 'removed', u)
        else append(me, 'trash', u)
        got.push(u)
      }
      c.ev.push({ type: 'trashTop', seat: f.seat, cards: got.map((u) => s.cards[u]) })
      f.vars[op.as] = got
      return true
    }
    case 'fromAmong': {
      const among = op.v === 'trash' ? me.trash : ((f.vars[op.v] as number[] | undefined) ?? []).filter((u) => me.trash.includes(u))
      const ok = (u: number) => (!op.type || def(s, u).type === op.type) && (!op.tag || def(s, u).tags.includes(op.tag))
      const opts: unknown[] = [...new Set(among.filter(ok).map((u) => s.cards[u]!))].sort()
      if (op.optional && opts.length) opts.push('none')
      const r = ask(c, f, f.seat, opts, 'add a card from your trash to your hand')
      if (r.wait) return false
      if (typeof r.val === 'string' && r.val !== 'none') {
        const u = among.find((x) => s.cards[x] === r.val && ok(x))!
        if (op.as) f.vars[op.as] = u
        me.trash = withoutAt(me.trash, me.trash.indexOf(u))
        append(me, 'hand', u)
        c.ev.push({ type: 'fromTrash', seat: f.seat, card: r.val })
      }
      return true
    }
    case 'setGig': {
      const all = [...s.p[0]!.gigs, ...s.p[1]!.gigs]
      const opts: unknown[] = []
      const seen = new Set<string>()
      for (const a of all) {
        for (const b of all) {
          if (a === b) continue
          if (op.cross && s.p[0]!.gigs.includes(a) === s.p[0]!.gigs.includes(b)) continue
          const v = s.dice[b]!.v
          if (v === s.dice[a]!.v || v > s.dice[a]!.s) continue
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
        c.ev.push({ type: 'gig', die, from: s.dice[die]!.v, to: value })
        setDie(s, die, value)
        // setting a value is adjusting (CR 6.4): Meredith Stout sees a rival adjust her controller's Gig
        if (s.p[1 - f.seat]!.gigs.includes(die)) rivalTouched(s, f.seat)
      }
      return true
    }
    case 'unitFlag': {
      const fu = typeof f.vars[op.v] === 'number' ? findUnit(s, f.vars[op.v] as number) : null
      if (!fu) return true
      if (op.f === 'na') fu[1].na = f.seat
      else if (op.f === 'nr') fu[1].nr = f.seat
      else if (op.f === 'sf') fu[1].sf = (fu[1].sf ?? 0) + (op.n ?? 1)
      else fu[1].fb = (fu[1].fb ?? 0) + (op.n ?? 1)
      return true
    }
    case 'playerFlag':
      if (op.f === 'so') me.so++
      else me.wb = true
      return true
    case 'mayPay': {
      const opts: unknown[] = canPay(s, f.seat, op.n) ? paySets(s, f.seat, op.n).map((p) => ({ pay: p })) : []
      if (opts.length) opts.push('none')
      const r = ask(c, f, f.seat, opts, `pay ${op.n} €$?`)
      if (r.wait) return false
      if (r.val && r.val !== 'none') {
        pay(c, f.seat, (r.val as { pay: number[] }).pay, op.n)
        f.vars[op.as] = true
      }
      return true
    }
    case 'mustAttack': {
      const t = f.vars[op.v]
      const fu = typeof t === 'number' ? findUnit(s, t) : null
      if (fu) fu[1].ma = 'next'
      return true
    }
    case 'stealExtra': {
      // a Gig stolen by the source Unit outside the Steal Step (Gorilla Arms, Appetite for Destruction)
      const fu = findUnit(s, f.src)
      if (!fu) return true
      const rs = 1 - fu[0]
      const them = s.p[rs]!
      let die = f.vars['_sx'] as number | undefined
      if (die === undefined) {
        // the Unit steals it, so the rival's steal restrictions apply as in the Steal Step (Chrome Fang, Westbrook Netrunner)
        const mine = friendlyGigValues(s, fu[0])
        const P = unitPower(s, fu[0], fu[1])
        const isLegend = def(s, fu[1].u).type === 'Legend'
        const opts = them.gigs.filter(
          (d) => (!op.distinctValue || !mine.includes(s.dice[d]!.v)) && !(them.fang && s.dice[d]!.v > P) && !(them.wb && isLegend && s.dice[d]!.v < P),
        )
        const r = ask(c, f, f.seat, opts, 'steal a Gig')
        if (r.wait) return false
        if (typeof r.val !== 'number') return true
        die = r.val
        // CR 9.23.4: "would steal" replacements of the rival (Alt Cunningham: Mother of Daemons) — the rival's decision
        const v = s.dice[die]!.v
        const popts = preventOptions(s, rs, v)
        if (popts) {
          f.vars['_sx'] = die
          s.prompt = { seat: rs, kind: 'op', opts: popts, label: `discard a card costing ${v} so that this Gig is not stolen?` }
          return false
        }
      } else {
        const ans = f.ans
        delete f.ans
        delete f.vars['_sx']
        if (typeof ans === 'string' && ans !== 'none') {
          const h = them.hand.findIndex((u) => s.cards[u] === ans)
          const rest = them.hand.slice()
          const [u] = rest.splice(h, 1)
          them.hand = rest
          toTrashOrRemove(s, u!)
          c.ev.push({ type: 'discard', seat: rs, card: ans })
          c.ev.push({ type: 'stealPrevented', die })
          return true
        }
      }
      noteBelowSteal(s, fu[0], fu[1], [die])
      const left = them.gigs.slice()
      left.splice(left.indexOf(die), 1)
      them.gigs = left
      s.p[fu[0]]!.gigs = [...s.p[fu[0]]!.gigs, die]
      // this steal is a steal event of its own ("steals 1 or more Gigs": Gorilla Arms, Evelyn Parker: Beautiful Enigma)
      const first = !fu[1].stole
      fu[1].stole = true
      if (fu[1].psy) fu[1].psyHit = true
      c.ev.push({ type: 'steal', seat: fu[0], attacker: f.src, card: s.cards[f.src], dice: [{ die, size: s.dice[die]!.s, value: s.dice[die]!.v }] })
      trigger(s, fu[0], fu[1].u, fu[1].gear, 'STEAL_EVENT', die, first ? 1 : 0)
      triggerSources(s, fu[0], 'FRIENDLY_STEAL_EVENT', die, fu[1].u)
      trigger(s, fu[0], fu[1].u, fu[1].gear, 'STEAL', die)
      triggerSources(s, fu[0], 'FRIENDLY_STEAL', die, fu[1].u)
      // CR 1.11 / 1.13: in Overtime the 7th Gig wins at once, even in the middle of an effect
      if (s.ot && s.p[fu[0]]!.gigs.length >= 7) finish(c, [fu[0]], 'overtime-seven-gigs')
      return true
    }
    case 'playFree':
      return playFreeOp(c, f, op)
    case 'sellTop': {
      if (s.opts.effectSellCountsAsAction) {
        if (me.sold) return true
        me.sold = true
      }
      const u = popDeck(me)
      if (u === undefined) return true
      if (def(s, u).type === 'Legend') append(me, 'removed', u)
      else append(me, 'eddies', u)
      c.ev.push({ type: 'sell', seat: f.seat, card: s.cards[u], fromDeck: true })
      return true
    }
    case 'psycho': {
      const t = f.vars[op.v]
      const fu = typeof t === 'number' ? findUnit(s, t) : null
      if (fu) {
        fu[1].tp += 3 * fu[1].gear.length
        fu[1].psy = true
        append(me, 'delayed', [f.card, 1, fu[1].u]) // Cyberpsychosis ability 1, resolved at the end of this turn
      }
      return true
    }
    case 'afd':
      me.afd++
      return true
    case 'soloDiscount':
      me.soloDisc++
      return true
    case 'gainMaxGig': {
      const fu = findUnit(s, f.src)
      let best = 0
      for (const d of me.gigs) if (s.dice[d]!.v === s.dice[d]!.s) best = Math.max(best, s.dice[d]!.v)
      if (fu) fu[1].tp += best
      return true
    }

    case 'drawPer': {
      const vals = friendlyGigValues(s, f.seat)
      let n = 0
      if (op.per === 'evenGig') n = vals.filter((v) => v % 2 === 0).length
      else if (op.per === 'oddGig') n = vals.filter((v) => v % 2 === 1).length
      else if (op.per === 'faceUpLegend') n = me.legends.filter((l) => l && l.up).length + me.field.filter((u) => def(s, u.u).type === 'Legend').length
      else {
        const cnt = new Map<number, number>()
        for (const v of vals) cnt.set(v, (cnt.get(v) ?? 0) + 1)
        for (const k of cnt.values()) n += Math.floor(k / 2) // CR 6.5: each die in one pair only
      }
      drawCards(c, f.seat, n)
      return true
    }
    case 'powerPer': {
      const t = op.v === 'self' ? f.src : f.vars[op.v]
      const fu = typeof t === 'number' ? findUnit(s, t) : null
      if (fu) fu[1].tp += op.n * friendlyGigValues(s, f.seat).filter((v) => v % 2 === 0).length
      return true
    }
    case 'fromTrash': {
      const opts = [...new Set(me.trash.filter((u) => def(s, u).type === op.type && (!op.notSelf || u !== f.src)).map((u) => s.cards[u]!))].sort()
      const r = ask(c, f, f.seat, opts, `add a ${op.type} from your trash to your hand`)
      if (r.wait) return false
      if (typeof r.val === 'string') {
        const i = me.trash.findIndex((u) => s.cards[u] === r.val && (!op.notSelf || u !== f.src))
        const rest = me.trash.slice()
        const [u] = rest.splice(i, 1)
        me.trash = rest
        append(me, 'hand', u!)
        c.ev.push({ type: 'fromTrash', seat: f.seat, card: r.val })
      }
      return true
    }
    case 'rivalDiscard': {
      const rs = 1 - f.seat
      const them = s.p[rs]!
      let k = (f.vars['_k'] as number | undefined) ?? 0
      while (k < op.n) {
        const opts = [...new Set(them.hand.map((u) => s.cards[u]!))].sort()
        const r = ask(c, f, rs, opts, 'discard a card', undefined, them.hand.length > 1)
        if (r.wait) {
          f.vars['_k'] = k
          return false
        }
        if (r.val === undefined) break
        const i = them.hand.findIndex((u) => s.cards[u] === r.val)
        const rest = them.hand.slice()
        const [u] = rest.splice(i, 1)
        them.hand = rest
        toTrashOrRemove(s, u!)
        f.vars['discardedCost'] = def(s, u!).cost ?? 0
        c.ev.push({ type: 'discard', seat: rs, card: r.val })
        k++
      }
      delete f.vars['_k']
      return true
    }
    case 'noFightDefeat': {
      const t = f.vars[op.v]
      const fu = typeof t === 'number' ? findUnit(s, t) : null
      if (fu) fu[1].nd = true
      return true
    }
  }
}
