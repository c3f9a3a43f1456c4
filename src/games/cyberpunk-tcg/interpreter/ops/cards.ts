// Vocabulary words that move cards between hand, deck, trash and field (CP-10.9).
import type { OpHandlers } from '../ops.ts'
import { cardIn } from '../../homebrew.ts'
import {
  append,
  def,
  drawCards,
  faceUpLegendCount,
  findUnit,
  friendlyGigValues,
  popDeck,
  remember,
  toTrashOrRemove,
  unitPower,
  withoutAt,
} from '../../core.ts'
import { ask, askHidden } from '../conditions.ts'
import { bottomDeckUnits, playFreeOp, searchOp } from '../zones.ts'

export const CARDS_OPS: Pick<
  OpHandlers,
  | 'draw'
  | 'discard'
  | 'rivalDiscard'
  | 'topMayTrash'
  | 'sellTop'
  | 'mill'
  | 'fromAmong'
  | 'fromTrash'
  | 'revealTopGain'
  | 'search'
  | 'playFree'
  | 'drawPer'
  | 'bottomDeck'
  | 'bottomDeckAll'
  | 'bounceSelf'
> = {
  draw(c, f, op) {
    drawCards(c, f.seat, op.n)
    return true
  },
  discard(c, f, op) {
    const s = c.s
    const me = s.players[f.seat]!
    let k = (f.vars['_step'] as number | undefined) ?? 0
    while (k < op.n) {
      const fits = me.hand.filter(u => !op.type || def(s, u).type === op.type)
      // "You may discard 2 Programs. If you do, …" (Maman Brigitte): all or nothing — no card is offered without 2 such
      // cards, and once the first is discarded the rest follow (the 'none' option is only offered first)
      const enough = !(k === 0 && op.optional && op.n > 1 && fits.length < op.n)
      const opts: unknown[] = enough ? [...new Set(fits.map(u => s.cards[u]!))].sort() : []
      if (op.optional && opts.length && k === 0) opts.push('none')
      // a discard of a kind of card is asked whenever the hand holds a card, whatever it holds (askHidden)
      const r = op.type
        ? askHidden(c, f, f.seat, opts, 'discard a card', me.hand.length)
        : ask(c, f, f.seat, opts, 'discard a card', undefined, me.hand.length > 1)
      if (r.wait) {
        f.vars['_step'] = k
        return false
      }
      if (r.val === undefined || r.val === 'none') break
      if (op.as) f.vars[op.as] = k + 1
      f.vars['discardedCost'] = cardIn(s, r.val as string)!.cost ?? 0
      const i = me.hand.findIndex(u => s.cards[u] === r.val)
      const rest = me.hand.slice()
      const [u] = rest.splice(i, 1)
      me.hand = rest
      toTrashOrRemove(s, u!)
      c.ev.push({ type: 'discard', seat: f.seat, card: r.val })
      k++
    }
    delete f.vars['_step']
    return true
  },
  rivalDiscard(c, f, op) {
    const s = c.s
    const rs = 1 - f.seat
    const them = s.players[rs]!
    let k = (f.vars['_step'] as number | undefined) ?? 0
    while (k < op.n) {
      const opts = [...new Set(them.hand.map(u => s.cards[u]!))].sort()
      const r = ask(c, f, rs, opts, 'discard a card', undefined, them.hand.length > 1)
      if (r.wait) {
        f.vars['_step'] = k
        return false
      }
      if (r.val === undefined) break
      const i = them.hand.findIndex(u => s.cards[u] === r.val)
      const rest = them.hand.slice()
      const [u] = rest.splice(i, 1)
      them.hand = rest
      toTrashOrRemove(s, u!)
      f.vars['discardedCost'] = def(s, u!).cost ?? 0
      c.ev.push({ type: 'discard', seat: rs, card: r.val })
      k++
    }
    delete f.vars['_step']
    return true
  },
  topMayTrash(c, f) {
    const s = c.s
    const me = s.players[f.seat]!
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
  },
  sellTop(c, f) {
    const s = c.s
    const me = s.players[f.seat]!
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
  },
  mill(c, f, op) {
    const s = c.s
    const me = s.players[f.seat]!
    const got: number[] = []
    for (let i = 0; i < op.n; i++) {
      const u = popDeck(me)
      if (u === undefined) break // CR 11.13.3: trashing from a short deck does not lose
      if (def(s, u).type === 'Legend') append(me, 'removed', u)
      else append(me, 'trash', u)
      got.push(u)
    }
    c.ev.push({ type: 'trashTop', seat: f.seat, cards: got.map(u => s.cards[u]) })
    f.vars[op.as] = got
    return true
  },
  fromAmong(c, f, op) {
    const s = c.s
    const me = s.players[f.seat]!
    const among =
      op.v === 'trash' ? me.trash : ((f.vars[op.v] as number[] | undefined) ?? []).filter(u => me.trash.includes(u))
    const ok = (u: number) => (!op.type || def(s, u).type === op.type) && (!op.tag || def(s, u).tags.includes(op.tag))
    const opts: unknown[] = [...new Set(among.filter(ok).map(u => s.cards[u]!))].sort()
    if (op.optional && opts.length) opts.push('none')
    const r = ask(c, f, f.seat, opts, 'add a card from your trash to your hand')
    if (r.wait) return false
    if (typeof r.val === 'string' && r.val !== 'none') {
      const u = among.find(x => s.cards[x] === r.val && ok(x))!
      if (op.as) f.vars[op.as] = u
      me.trash = withoutAt(me.trash, me.trash.indexOf(u))
      append(me, 'hand', u)
      c.ev.push({ type: 'fromTrash', seat: f.seat, card: r.val })
    }
    return true
  },
  fromTrash(c, f, op) {
    const s = c.s
    const me = s.players[f.seat]!
    const opts = [
      ...new Set(
        me.trash.filter(u => def(s, u).type === op.type && (!op.notSelf || u !== f.source)).map(u => s.cards[u]!),
      ),
    ].sort()
    const r = ask(c, f, f.seat, opts, `add a ${op.type} from your trash to your hand`)
    if (r.wait) return false
    if (typeof r.val === 'string') {
      const i = me.trash.findIndex(u => s.cards[u] === r.val && (!op.notSelf || u !== f.source))
      const rest = me.trash.slice()
      const [u] = rest.splice(i, 1)
      me.trash = rest
      append(me, 'hand', u!)
      c.ev.push({ type: 'fromTrash', seat: f.seat, card: r.val })
    }
    return true
  },
  revealTopGain(c, f) {
    const s = c.s
    const me = s.players[f.seat]!
    const u = popDeck(me)
    if (u === undefined) return true
    append(me, 'hand', u)
    c.ev.push({ type: 'reveal', seat: f.seat, card: s.cards[u], to: 'hand' })
    const fu = findUnit(s, f.source)
    if (fu) fu[1].powerThisTurn += def(s, u).cost ?? 0
    return true
  },
  search(c, f, op) {
    return searchOp(c, f, op)
  },
  playFree(c, f, op) {
    return playFreeOp(c, f, op)
  },
  drawPer(c, f, op) {
    const s = c.s
    const vals = friendlyGigValues(s, f.seat)
    let n = 0
    if (op.per === 'evenGig') n = vals.filter(v => v % 2 === 0).length
    else if (op.per === 'oddGig') n = vals.filter(v => v % 2 === 1).length
    else if (op.per === 'faceUpLegend') n = faceUpLegendCount(s, f.seat)
    else {
      const cnt = new Map<number, number>()
      for (const v of vals) cnt.set(v, (cnt.get(v) ?? 0) + 1)
      for (const k of cnt.values()) n += Math.floor(k / 2) // CR 6.5: each die in one pair only
    }
    drawCards(c, f.seat, n)
    return true
  },
  bottomDeck(c, f, op) {
    const t = f.vars[op.v]
    if (typeof t === 'number') bottomDeckUnits(c, [t])
    return true
  },
  bottomDeckAll(c, f, op) {
    const s = c.s
    const them = s.players[1 - f.seat]!
    bottomDeckUnits(
      c,
      them.field.filter(u => unitPower(s, 1 - f.seat, u) <= op.maxPower).map(u => u.uid),
    )
    return true
  },
  bounceSelf(c, f) {
    const s = c.s
    const fu = findUnit(s, f.source)
    if (!fu) return true
    const p = s.players[fu[0]]!
    remember(s, fu[0], fu[1])
    p.field = p.field.filter(x => x.uid !== f.source)
    // CP-7.27 / 7.28: Gear goes along and is no longer equipped; a Legend is removed instead (CP-7.8)
    for (const u of [...fu[1].gear, f.source]) {
      if (def(s, u).type === 'Legend') append(s.players[s.owner[u]!]!, 'removed', u)
      else append(s.players[s.owner[u]!]!, 'hand', u)
    }
    c.ev.push({ type: 'returnToHand', seat: fu[0], card: s.cards[f.source], uid: f.source })
    return true
  },
}
