// Card behaviours too specific for the generic operations, one function per card effect.
import { CARDS } from '../cards.ts'
import type { Op } from '../effects.ts'
import type { Frame, LegendSlot } from '../state.ts'
import { type Ctx, append, cred, credGreater, def, drawCards, faceUpLegendCount, findUnit, friendlyGigValues, popDeck, rng, programPlayed, readyUnit, setDie, spendUnit, toTrashOrRemove, triggerSources, unitPower, withoutAt } from '../core.ts'
import { startUnitEffect, unitHas } from '../continuous.ts'
import { ask, askHidden } from './conditions.ts'
import { canPay, pay, paySets, playCost } from '../payment.ts'
import { defeatUnits } from '../defeat.ts'

export const CUSTOM_OPS: Record<Extract<Op, { op: 'custom' }>['fn'], (c: Ctx, f: Frame) => boolean> = {
  /** Kerry Eurodyne: Axe, Attitude, Audience — may reroll a Gig just rolled in from the fixer area (once) */
  kerryReroll(c, f) {
    const d = f.vars['x']
    if (typeof d !== 'number' || !c.s.p[f.seat]!.gigs.includes(d)) return true
    const r = ask(c, f, f.seat, ['reroll', 'keep'], `reroll the d${c.s.dice[d]!.s} showing ${c.s.dice[d]!.v}?`)
    if (r.wait) return false
    if (r.val === 'reroll') {
      setDie(c.s, d, rng(c).die(c.s.dice[d]!.s))
      const die = c.s.dice[d]!
      c.ev.push({ type: 'reroll', seat: f.seat, die: d, value: die.v })
      triggerSources(c.s, f.seat, 'ROLLED', d, die.v)
    }
    return true
  },
  /** Kerry Eurodyne: a min or max roll draws 1 (3 on a d20) */
  kerryDraw(c, f) {
    const d = f.vars['x']
    if (typeof d !== 'number') return true
    const die = c.s.dice[d]!
    const v = typeof f.vars['thief'] === 'number' ? (f.vars['thief'] as number) : die.v // the value rolled (LKI)
    if (v === 1 || v === die.s) drawCards(c, f.seat, die.s === 20 ? 3 : 1)
    return true
  },
  /** Cyberpsychosis: at the end of this turn, defeat that Unit if it stole or fought after Cyberpsychosis resolved */
  psyDefeat(c, f) {
    const fu = findUnit(c.s, f.src)
    if (fu && unitHas(c.s, 'cyberpsychosisHit', fu[1].u)) defeatUnits(c, [[fu[0], fu[1].u]])
    return true
  },
  /** Alt Cunningham: Soulkiller Architect — play a Program from the trash, paying its cost; bottom-deck it afterwards */
  altPlayFromTrash(c, f) {
    const s = c.s
    const me = s.p[f.seat]!
    const opts: unknown[] = []
    for (const id of [...new Set(me.trash.map((u) => s.cards[u]!))].sort()) {
      const d = CARDS.get(id)!
      if (d.type !== 'Program' || !d.implemented || d.cost === null) continue
      const cost = playCost(s, f.seat, d)
      if (!canPay(s, f.seat, cost)) continue
      for (const ps of paySets(s, f.seat, cost)) opts.push({ card: id, pay: ps })
    }
    if (opts.length) opts.push('none')
    const r = ask(c, f, f.seat, opts, 'play a Program from your trash (paying its cost)')
    if (r.wait) return false
    if (!r.val || r.val === 'none') return true
    const { card, pay: ps } = r.val as { card: string; pay: number[] }
    const d = CARDS.get(card)!
    pay(c, f.seat, ps, playCost(s, f.seat, d))
    const u = me.trash.find((x) => s.cards[x] === card)!
    me.trash = withoutAt(me.trash, me.trash.indexOf(u))
    programPlayed(s, f.seat)
    s.limbo = [...s.limbo, u]
    c.ev.push({ type: 'play', seat: f.seat, card, uid: u, fromTrash: true })
    if (d.tags.includes('BRAINDANCE')) triggerSources(s, f.seat, 'PLAY_BRAINDANCE')
    f.pc++
    s.frames.push({ seat: f.seat, card, ab: d.abilities.findIndex((a) => a.kind === 'program'), src: u, pc: 0, vars: { _bottom: true }, prog: u })
    return false
  },
  /** River Ward: look at the top 2 cards and trash 1 of them */
  searchTrash1(c, f) {
    const s = c.s
    const me = s.p[f.seat]!
    const top = me.deck.slice(-2)
    // asked whatever the two cards are (askHidden), even two copies of one card
    const r = askHidden(c, f, f.seat, [...new Set(top.map((u) => s.cards[u]!))].sort(), 'trash one of the top 2 cards', top.length, top.map((u) => s.cards[u]!))
    if (r.wait) return false
    if (typeof r.val === 'string' && r.val !== 'none') {
      const i = me.deck.lastIndexOf(top.find((u) => s.cards[u] === r.val)!)
      const left = me.deck.slice()
      const [u] = left.splice(i, 1)
      me.deck = left
      append(me, 'trash', u!)
      c.ev.push({ type: 'trashTop', seat: f.seat, cards: [r.val] })
    }
    return true
  },
  /** The Relic: bottom-deck the host Unit from the trash */
  bottomSelfFromTrash(c, f) {
    const me = c.s.p[c.s.owner[f.src]!]!
    const i = me.trash.indexOf(f.src)
    if (i >= 0) {
      me.trash = withoutAt(me.trash, i)
      me.deck = [f.src, ...me.deck]
    }
    return true
  },
  topToHand(c, f) {
    const me = c.s.p[f.seat]!
    const u = popDeck(me)
    if (u !== undefined) {
      append(me, 'hand', u)
      c.ev.push({ type: 'reveal', seat: f.seat, card: c.s.cards[u], to: 'hand' })
    }
    return true
  },
  /** Panam Palmer: Nomad Cavalry — move a Gear from this Legend to an unequipped friendly Unit, then ready that Unit */
  panamMove(c, f) {
    const s = c.s
    const me = s.p[f.seat]!
    const l = me.legends.find((x) => x?.u === f.src) ?? null
    const fu = findUnit(s, f.src)
    const holder = l ?? fu?.[1] ?? null
    const from = holder ? holder.gear : []
    const opts: unknown[] = []
    for (const g of from) for (const u of me.field) if (u.gear.length === 0 && u.u !== f.src) opts.push({ gear: g, unit: u.u })
    const r = ask(c, f, f.seat, opts, 'move a Gear to an unequipped Unit')
    if (r.wait) return false
    if (r.val && typeof r.val === 'object') {
      const { gear, unit } = r.val as { gear: number; unit: number }
      holder!.gear = from.filter((g) => g !== gear)
      const t = findUnit(s, unit)![1]
      t.gear = [...t.gear, gear]
      readyUnit(s, t)
      c.ev.push({ type: 'moveGear', seat: f.seat, gear, to: unit, card: s.cards[gear], toCard: s.cards[unit] })
    }
    return true
  },
  /** Panam Palmer: Nomad Cavalry — end of turn: with 5+ equipped friendly Units/Legends, ready them */
  panamReady(c, f) {
    const me = c.s.p[f.seat]!
    const units = me.field.filter((u) => u.gear.length)
    const legends = me.legends.filter((l) => l && l.gear.length) as LegendSlot[]
    if (units.length + legends.length < 5) return true
    for (const u of units) readyUnit(c.s, u)
    for (const l of legends) l.sp = false
    return true
  },
  /** Gunpoint Diplomacy: both effects, or (behind on Street Cred) one chosen by the rival */
  gunpoint(c, f) {
    const s = c.s
    const t = f.vars['t']
    const fu = typeof t === 'number' ? findUnit(s, t) : null
    if (!fu) return true
    let mode = -1
    if (credGreater(cred(s, 1 - f.seat), cred(s, f.seat))) {
      const r = ask(c, f, 1 - f.seat, [0, 1], 'choose one: attack ready Units next attack / +3 power')
      if (r.wait) return false
      mode = r.val as number
    }
    if (mode !== 1) startUnitEffect(s, 'mayAttackReadyUnits', f.seat, fu[0], fu[1])
    if (mode !== 0) fu[1].tp += 3
    return true
  },
  /** Yorinobu Arasaka: Steel Dragon — only the turn's first ARASAKA defeat draws (see processDefq) */
  onceIfArasaka(c, f) {
    const me = c.s.p[f.seat]!
    const key = `${f.card}#${f.ab}#${f.src}`
    if (!me.once.includes(`arasaka-defeated:${f.vars['x'] as number}`) || me.once.includes(key)) f.pc = 1e9
    else append(me, 'once', key)
    return true
  },
  /** Fool on the Hill: reveal the top 2; the rival chooses hand or trash; trashed means draw 2 */
  fool(c, f) {
    const s = c.s
    const me = s.p[f.seat]!
    const top = me.deck.slice(-2)
    if (top.length === 0) return true
    const r = ask(c, f, 1 - f.seat, ['hand', 'trash'], 'should the revealed cards go to hand or trash?', top.map((u) => s.cards[u]!))
    if (r.wait) {
      s.prompt!.pub = true // revealed: every viewer sees them while the rival decides
      return false
    }
    me.deck = me.deck.slice(0, me.deck.length - top.length)
    c.ev.push({ type: 'reveal', seat: f.seat, cards: top.map((u) => s.cards[u]), to: r.val })
    if (r.val === 'hand') me.hand = [...me.hand, ...top]
    else {
      me.trash = [...me.trash, ...top]
      drawCards(c, f.seat, 2)
    }
    return true
  },
  /** Misty Olszewski: choose a card type, reveal the top card; a match goes to hand and readies 1 Eddie, else it is trashed */
  misty(c, f) {
    const s = c.s
    const me = s.p[f.seat]!
    if (me.deck.length === 0) return true
    const r = ask(c, f, f.seat, ['Unit', 'Gear', 'Program'], 'choose a card type')
    if (r.wait) return false
    const u = popDeck(me)!
    c.ev.push({ type: 'reveal', seat: f.seat, card: s.cards[u], named: r.val })
    if (def(s, u).type === r.val) {
      append(me, 'hand', u)
      me.eSpent = Math.max(0, me.eSpent - 1)
    } else append(me, 'trash', u)
    return true
  },
  readyVar(c, f) {
    const t = f.vars['t']
    const fu = typeof t === 'number' ? findUnit(c.s, t) : null
    if (fu) readyUnit(c.s, fu[1])
    return true
  },
  /**
   * Rogue Amendiares: Queen of the Afterlife — only the turn's first steal by another friendly Unit of a Gig valued below
   * its power (compared when it was stolen; steals before she was in play count too — FAQ "the first time … each turn")
   */
  onceIfStolenBelow(c, f) {
    const me = c.s.p[f.seat]!
    const key = `${f.card}#${f.ab}#${f.src}`
    const first = me.once.find((k) => k.startsWith('below:') && k.split(':')[1] !== String(f.src))
    if (first !== `below:${f.vars['thief'] as number}:${f.vars['x'] as number}` || me.once.includes(key)) f.pc = 1e9
    else append(me, 'once', key)
    return true
  },
  drawIfMachine(c, f) {
    const t = f.vars['t']
    if (typeof t === 'number' && def(c.s, t).tags.some((x) => x === 'AI' || x === 'DRONE' || x === 'VEHICLE')) drawCards(c, f.seat, 1)
    return true
  },
  synapse(c, f) {
    const t = f.vars['t']
    const fu = typeof t === 'number' ? findUnit(c.s, t) : null
    const n = faceUpLegendCount(c.s, f.seat)
    if (fu) startUnitEffect(c.s, 'fightBonus', f.seat, fu[0], fu[1], n)
    return true
  },
  defeatAB(c, f) {
    const list: [number, number][] = []
    for (const k of ['a', 'b']) {
      const t = f.vars[k]
      const fu = typeof t === 'number' ? findUnit(c.s, t) : null
      if (fu) list.push([fu[0], fu[1].u])
    }
    defeatUnits(c, list)
    return true
  },
  mayTakeMilledProgram(c, f) {
    const s = c.s
    const m = (f.vars['m'] as number[] | undefined) ?? []
    const me = s.p[f.seat]!
    const u = m[0]
    if (u === undefined || def(s, u).type !== 'Program' || !me.trash.includes(u)) return true
    const r = ask(c, f, f.seat, ['take', 'none'], 'add the trashed Program to your hand?')
    if (r.wait) return false
    if (r.val === 'take') {
      me.trash = withoutAt(me.trash, me.trash.indexOf(u))
      append(me, 'hand', u)
    }
    return true
  },
  /** Carnage at the Colosseum: defeat a rival Unit with less power than a friendly Unit */
  carnage(c, f) {
    const s = c.s
    let best = -1
    for (const u of s.p[f.seat]!.field) best = Math.max(best, unitPower(s, f.seat, u))
    const opts = s.p[1 - f.seat]!.field.filter((u) => unitPower(s, 1 - f.seat, u) < best).map((u) => u.u)
    const r = ask(c, f, f.seat, opts, 'defeat a rival Unit')
    if (r.wait) return false
    if (typeof r.val === 'number') defeatUnits(c, [[1 - f.seat, r.val]])
    return true
  },
  /** Sandayu Oda: spend a rival Unit for each friendly value-pair */
  sandayu(c, f) {
    const s = c.s
    if (f.vars['_n'] === undefined) {
      const cnt = new Map<number, number>()
      for (const v of friendlyGigValues(s, f.seat)) cnt.set(v, (cnt.get(v) ?? 0) + 1)
      let n = 0
      for (const k of cnt.values()) n += Math.floor(k / 2)
      f.vars['_n'] = n
    }
    let n = f.vars['_n'] as number
    while (n > 0) {
      const opts = s.p[1 - f.seat]!.field.filter((u) => !u.sp).map((u) => u.u)
      const r = ask(c, f, f.seat, opts, 'spend a rival Unit')
      if (r.wait) {
        f.vars['_n'] = n
        return false
      }
      if (typeof r.val !== 'number') break
      spendUnit(c, 1 - f.seat, findUnit(s, r.val)![1])
      n--
    }
    delete f.vars['_n']
    return true
  },
  /** Shattered Memories: each player discards the hand (turn player first), then each may draw 5 (turn player first). */
  shattered(c, f) {
    const s = c.s
    let k = (f.vars['_k'] as number | undefined) ?? 0
    if (k === 0) {
      let total = 0
      for (const seat of [s.active, 1 - s.active]) {
        const p = s.p[seat]!
        total += p.hand.length
        c.ev.push({ type: 'discardHand', seat, cards: p.hand.map((u) => s.cards[u]) })
        for (const u of p.hand) toTrashOrRemove(s, u)
        p.hand = []
      }
      f.vars['discarded'] = total
      k = 1
    }
    while (k <= 2) {
      const seat = k === 1 ? s.active : 1 - s.active
      const r = ask(c, f, seat, ['draw', 'none'], 'draw 5?')
      if (r.wait) {
        f.vars['_k'] = k
        return false
      }
      if (r.val === 'draw') drawCards(c, seat, 5)
      if (s.phase === 'over') return true
      k++
    }
    delete f.vars['_k']
    return true
  },
}
