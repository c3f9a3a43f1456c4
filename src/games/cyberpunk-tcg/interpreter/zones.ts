// Effects that move cards between zones: bottom of the deck (CR 11.12), Search (CR 11.13), playing for free (CR
// 11.8.4).
import type { Op } from '../effects.ts'
import type { Frame, Unit } from '../state.ts'
import {
  type Ctx,
  append,
  cardPlayed,
  def,
  findSlot,
  findUnit,
  friendlyGigValues,
  programPlayed,
  remember,
  rng,
  trigger,
  triggerSources,
  withoutAt,
} from '../core.ts'
import { startUnitEffect } from '../continuous.ts'
import { ask, askHidden } from './conditions.ts'
import { blueCheck } from '../perform.ts'

/**
 * CR 11.12 / CP-7.31: Units (with their Gear) go to the bottom of their owners' decks in random order; Legends are
 * removed.
 */
export function bottomDeckUnits(c: Ctx, uids: number[]): void {
  const s = c.s
  const byOwner: number[][] = [[], []]
  for (const uid of uids) {
    const fu = findUnit(s, uid)
    if (!fu) continue
    const p = s.players[fu[0]]!
    remember(s, fu[0], fu[1])
    p.field = p.field.filter(x => x.uid !== uid)
    for (const u of [...fu[1].gear, uid]) {
      if (def(s, u).type === 'Legend') append(s.players[s.owner[u]!]!, 'removed', u)
      else byOwner[s.owner[u]!]!.push(u)
    }
    c.ev.push({ type: 'bottomDeck', seat: fu[0], card: s.cards[uid], uid })
  }
  byOwner.forEach((list, o) => {
    if (list.length) s.players[o]!.deck = [...rng(c).shuffle(list), ...s.players[o]!.deck]
  })
}

/** Search X (CR 11.13): look at the top n, take matching cards, the rest to the bottom in random order. */
export function searchOp(c: Ctx, f: Frame, op: Extract<Op, { op: 'search' }>): boolean {
  const s = c.s
  const me = s.players[f.seat]!
  if (f.vars['_count'] === undefined) f.vars['_count'] = Math.min(op.n, me.deck.length)
  const n = f.vars['_count'] as number
  let taken = (f.vars['_taken'] as number | undefined) ?? 0
  const max = op.take + (op.perMinGig ? friendlyGigValues(s, f.seat).filter(v => v === 1).length : 0)
  const gigVals = friendlyGigValues(s, f.seat)
  const label = op.maxCost === undefined ? 'take a card' : `take a ${op.type ?? 'card'} (cost ${op.maxCost} or less)`
  while (taken < max) {
    const top = me.deck.slice(me.deck.length - (n - taken))
    const ok = (u: number) => {
      const d = def(s, u)
      if (op.type && d.type !== op.type) return false
      if (op.maxCost !== undefined && (d.cost === null || d.cost > op.maxCost)) return false
      if (op.costInGigs && (d.cost === null || !gigVals.includes(d.cost))) return false
      return true
    }
    const opts: unknown[] = [...new Set(top.filter(ok).map(u => s.cards[u]!))].sort()
    // CP-10.10 / CP-12.20 [001] 70, 116: as much as possible — declining is offered only where the card says "up to";
    // the cards looked at are shown and the searcher asked whatever they are (askHidden)
    if (op.upTo && opts.length) opts.push('none')
    const r = askHidden(
      c,
      f,
      f.seat,
      opts,
      label,
      top.length,
      top.map(u => s.cards[u]!),
    )
    if (r.wait) return false
    if (r.val === 'none' || r.val === undefined) break
    const idx = me.deck.length - (n - taken) + top.findIndex(u => s.cards[u] === r.val)
    const left = me.deck.slice()
    const [u] = left.splice(idx, 1)
    me.deck = left
    append(me, 'hand', u!)
    if (op.hidden) c.ev.push({ type: 'searchTake', seat: f.seat, visibleTo: [f.seat], secret: { card: r.val } })
    else c.ev.push({ type: 'reveal', seat: f.seat, card: r.val, to: 'hand' })
    taken++
    f.vars['_taken'] = taken
  }
  const left = me.deck.slice()
  const rest = left.splice(left.length - (n - taken), n - taken)
  me.deck = [...rng(c).shuffle(rest), ...left]
  delete f.vars['_count']
  delete f.vars['_taken']
  return true
}

/** Play a card for free from hand and/or trash (no cost paid; its type's play rules still apply). */
export function playFreeOp(c: Ctx, f: Frame, op: Extract<Op, { op: 'playFree' }>): boolean {
  const s = c.s
  const me = s.players[f.seat]!
  let k = (f.vars['_step'] as number | undefined) ?? 0
  const n = op.n ?? 1
  while (k < n) {
    let chosen = f.vars['_chosen'] as number | undefined
    if (chosen === undefined) {
      // a Gear with no friendly Unit or face-up Legend to equip cannot be played (CP-7.18, CP-7.19), so it is not
      // offered
      const gearHost =
        (!op.otherUnitOnly && me.legends.some(l => l !== null && l.faceUp)) ||
        me.field.some(un => !op.otherUnitOnly || un.uid !== f.source)
      const ok = (u: number) => {
        const d = def(s, u)
        if (op.onlyVar !== undefined && f.vars[op.onlyVar] !== u) return false
        if (op.notSrc && u === f.source) return false
        if (d.type === 'Gear' && !gearHost) return false
        return (
          d.implemented &&
          d.type !== 'Legend' &&
          (op.type === 'any' || d.type === op.type) &&
          d.cost !== null &&
          d.cost <= op.maxCost &&
          (!op.tag || d.tags.includes(op.tag))
        )
      }
      const zoneOf = (z: string) => (z === 'hand' ? me.hand : z === 'trash' ? me.trash : me.deck.slice(-1))
      const opts: unknown[] = []
      for (const z of op.from) for (const u of zoneOf(z)) if (ok(u)) opts.push(`${z}:${s.cards[u]}`)
      const uniq: unknown[] = [...new Set(opts as string[])].sort()
      if (op.optional && uniq.length) uniq.push('none')
      // from the hand or the top of the deck, the seat is asked whenever they hold a card, whatever it is (askHidden),
      // unless the card is one already revealed (`onlyVar`)
      const label = `play a ${op.type} for free`
      const hidden =
        (op.from.includes('hand') ? me.hand.length : 0) + (op.from.includes('top') ? Math.min(1, me.deck.length) : 0)
      // the top card is revealed (Judy Álvarez: Nothing to Doubt): every viewer sees it, and a sample keeps it on top
      const top = op.from.includes('top') && me.deck.length ? [s.cards[me.deck[me.deck.length - 1]!]!] : undefined
      const r =
        hidden > 0 && op.onlyVar === undefined
          ? askHidden(c, f, f.seat, uniq, label, hidden, top)
          : ask(c, f, f.seat, uniq, label, top)
      if (r.wait) {
        if (top) s.prompt!.revealed = true
        f.vars['_step'] = k
        return false
      }
      if (typeof r.val !== 'string' || r.val === 'none') break
      const [z, id] = r.val.split(':') as [string, string]
      const zone = z === 'hand' ? me.hand : z === 'trash' ? me.trash : me.deck
      // "top" is the deck's last card itself, not another copy of it deeper in the deck
      const u = z === 'top' ? me.deck[me.deck.length - 1]! : zone.find(x => s.cards[x] === id && ok(x))!
      const left = withoutAt(zone, zone.lastIndexOf(u))
      if (z === 'hand') me.hand = left
      else if (z === 'trash') me.trash = left
      else me.deck = left
      chosen = u
      if (op.as) f.vars[op.as] = true
      // a Gear waits in limbo, revealed and being played, while its host is chosen — whatever type the card asked for
      // ("play it for free": Judy Álvarez: Nothing to Doubt may reveal a Gear)
      if (def(s, u).type === 'Gear') {
        s.limbo = [...s.limbo, u]
        f.vars['_chosen'] = u
      }
    }
    const d = def(s, chosen)
    if (d.type === 'Gear') {
      const hosts: number[] = []
      if (!op.otherUnitOnly) for (const l of me.legends) if (l && l.faceUp) hosts.push(l.uid)
      for (const un of me.field) if (!op.otherUnitOnly || un.uid !== f.source) hosts.push(un.uid)
      const r = ask(c, f, f.seat, hosts, 'equip it to')
      if (r.wait) {
        f.vars['_step'] = k
        return false
      }
      s.limbo = s.limbo.filter(x => x !== chosen)
      delete f.vars['_chosen']
      if (typeof r.val !== 'number') {
        append(me, 'trash', chosen) // no legal host: the Gear cannot be played
        k++
        continue
      }
      const host = findUnit(s, r.val)?.[1] ?? findSlot(s, r.val)![2]
      host.gear = [...host.gear, chosen]
      c.ev.push({ type: 'play', seat: f.seat, card: d.id, uid: chosen, host: r.val, free: true })
      trigger(s, f.seat, chosen, [], 'PLAY')
      blueCheck(s, f.seat, d)
      // Played all the same: the turn's first CYBERWARE Gear (Viktor Vektor: Drop Your Illusions).
      cardPlayed(s, f.seat, d)
    } else if (d.type === 'Unit') {
      const un: Unit = {
        uid: chosen,
        spent: false,
        lag: true,
        attacksWhileLagging: d.adrenaline,
        gear: [],
        powerThisTurn: 0,
        blockerThisTurn: false,
        stole: false,
      }
      me.field.push(un)
      if (op.grantAttackUnits) startUnitEffect(s, 'mayAttackUnits', f.seat, f.seat, un)
      c.ev.push({ type: 'play', seat: f.seat, card: d.id, uid: chosen, free: true })
      trigger(s, f.seat, chosen, [], 'PLAY')
      blueCheck(s, f.seat, d)
      cardPlayed(s, f.seat, d)
    } else {
      const ab = d.abilities.findIndex(a => a.kind === 'program')
      programPlayed(s, f.seat, d) // it is "your next Program" (Alt Cunningham: Soulkiller Architect), free or not
      s.limbo = [...s.limbo, chosen]
      c.ev.push({ type: 'play', seat: f.seat, card: d.id, uid: chosen, free: true })
      // it is played all the same: "when you play a BRAINDANCE Program" triggers (Judy Álvarez: Braindance Maestro)
      if (d.tags.includes('BRAINDANCE')) triggerSources(s, f.seat, 'PLAY_BRAINDANCE')
      // the Program resolves now; this effect continues with its next operation afterwards
      delete f.vars['_step']
      f.next++
      s.frames.push({
        seat: f.seat,
        card: d.id,
        ability: ab,
        source: chosen,
        next: 0,
        vars: op.bottom ? { _bottom: true } : {},
        prog: chosen,
      })
      return false
    }
    k++
  }
  delete f.vars['_step']
  return true
}
