// Replacement effects (CP-12.7–12.16, [001] 112–114), each written once here: on a defeat (defeat.ts applies them in
// order) and on a steal (asked from the Steal Step, attack.ts, and from an effect's steal, interpreter/ops/gigs.ts).
import type { State } from './state.ts'
import {
  type Ctx,
  append,
  def,
  findSlot,
  findUnit,
  remember,
  sources,
  toTrashOrRemove,
  trigger,
  triggerSources,
} from './core.ts'
import { canPay, pay, paySets } from './payment.ts'
import { preventOptions } from './responses.ts'

export interface DefeatReplacement {
  /** an optional replacement is a decision of the affected card's controller (prompt kind 'repl') */
  optional: boolean
  /** the ways it applies to the defeat of card `uid` of `seat` (the decision's options); none when it does not apply */
  options(s: State, seat: number, uid: number): unknown[]
  /** the card defeated instead when it applies as `choice` */
  instead(choice: unknown): number
  /** the question asked for an optional replacement */
  label(s: State, uid: number): string
  /** what applying it costs, paid before the card is defeated instead */
  pay?(c: Ctx, seat: number, choice: unknown): void
}

/** The Unit or Legend `uid` as a host of Gear, on the field or in the Legends area. */
function host(s: State, uid: number): { gear: number[] } | null {
  return findUnit(s, uid)?.[1] ?? findSlot(s, uid)?.[2] ?? null
}

/** Deadman Transmitter (Gear, mandatory): if the host would be defeated, this Gear is defeated instead. */
const deadmanTransmitter: DefeatReplacement = {
  optional: false,
  options(s, _seat, uid) {
    const dm = host(s, uid)?.gear.find(g => def(s, g).statics.includes('deadmanReplace'))
    return dm === undefined ? [] : [dm]
  },
  instead: choice => choice as number,
  label: () => 'defeat Deadman Transmitter instead',
}

/**
 * Jackie Welles: Mama's Favorite (optional): if another friendly Unit would be defeated, pay 1 €$ to defeat her
 * instead. CR 11.8.1 / 5.7.2: any ready Legend in the Legends area pays the 1 €$, Jackie herself included (as a Legend
 * may pay its own GO SOLO, FAQ 10).
 */
const jackieWelles: DefeatReplacement = {
  optional: true,
  options(s, seat, uid) {
    if (!findUnit(s, uid)) return [] // "a friendly Unit"
    let jackie = -1
    for (const src of sources(s, seat))
      if (src.uid !== uid && def(s, src.uid).statics.includes('jackieReplace')) jackie = src.uid
    if (jackie < 0 || !canPay(s, seat, 1)) return []
    return paySets(s, seat, 1).map(ps => ({ jackie, pay: ps }))
  },
  instead: choice => (choice as { jackie: number }).jackie,
  label: (s, uid) => `defeat Jackie Welles instead of ${s.cards[uid]}?`,
  pay(c, seat, choice) {
    pay(c, seat, (choice as { pay: number[] }).pay, 1)
  },
}

/** CP-12.12: mandatory replacements before optional ones. */
export const DEFEAT_REPLACEMENTS: readonly DefeatReplacement[] = [deadmanTransmitter, jackieWelles]

/**
 * Defeats, at once, the card a replacement defeats instead: a Gear (its host keeps the rest), a Legend in the Legends
 * area, or a Unit on the field (Jackie after GO SOLO), whose defeat is a Unit's defeat seen by DEFEATED and "when a
 * (friendly equipped) Unit is defeated" effects like any other.
 */
export function defeatInstead(c: Ctx, seat: number, uid: number): void {
  const s = c.s
  const p = s.players[seat]!
  if (def(s, uid).type === 'Gear') {
    for (const q of s.players)
      for (const h of [...q.field, ...q.legends])
        if (h && h.gear.includes(uid)) {
          h.gear = h.gear.filter(g => g !== uid)
          toTrashOrRemove(s, uid)
          return
        }
    return
  }
  const slot = p.legends.findIndex(l => l?.uid === uid)
  if (slot >= 0) {
    const l = p.legends[slot]!
    p.legends[slot] = null
    for (const g of l.gear) toTrashOrRemove(s, g)
    append(p, 'removed', l.uid)
    return
  }
  const j = p.field.findIndex(x => x.uid === uid)
  if (j < 0) return
  const un = p.field[j]!
  remember(s, seat, un)
  p.field.splice(j, 1)
  for (const g of un.gear) toTrashOrRemove(s, g)
  toTrashOrRemove(s, un.uid)
  c.ev.push({ type: 'defeated', seat, card: s.cards[un.uid], uid: un.uid })
  trigger(s, seat, un.uid, un.gear, 'DEFEATED')
  for (let w = 0; w < 2; w++) {
    const who = w === 0 ? s.active : 1 - s.active
    triggerSources(s, who, 'UNIT_DEFEATED', un.uid, seat === who && un.gear.length > 0 ? 1 : 0)
  }
}

/**
 * Alt Cunningham: Mother of Daemons (optional, CR 9.23.4): when a rival Unit would steal a Gig, its controller may
 * discard a card costing the Gig's value so that it is not stolen.
 */
export const stealPrevention = {
  /** the defender's options for a Gig of value `v`, 'none' last, or null when it is not asked (responses.ts) */
  options: (s: State, seat: number, v: number): unknown[] | null => preventOptions(s, seat, v),
  label: (v: number): string => `discard a card costing ${v} so that this Gig is not stolen?`,
  /** applies the defender's answer for Gig `die`: true when it discarded a card and the Gig is not stolen */
  apply(c: Ctx, seat: number, answer: unknown, die: number): boolean {
    if (typeof answer !== 'string' || answer === 'none') return false
    const s = c.s
    const p = s.players[seat]!
    const rest = p.hand.slice()
    const [u] = rest.splice(
      p.hand.findIndex(x => s.cards[x] === answer),
      1,
    )
    p.hand = rest
    toTrashOrRemove(s, u!)
    c.ev.push({ type: 'discard', seat, card: answer })
    c.ev.push({ type: 'stealPrevented', die })
    return true
  },
}
