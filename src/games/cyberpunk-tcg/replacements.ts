// Replacement effects on a defeat (CP-12.7–12.16, [001] 112–114), each written once here; defeat.ts applies them in order.
import type { State } from './state.ts'
import { type Ctx, append, def, findUnit, remember, sources, toTrashOrRemove, trigger, triggerSources } from './core.ts'
import { canPay, pay, paySets } from './payment.ts'

export interface DefeatReplacement {
  /** an optional replacement is a decision of the affected Unit's controller (prompt kind 'repl') */
  optional: boolean
  /** the ways it applies to the defeat of Unit `uid` of `seat` (the decision's options); none when it does not apply */
  options(s: State, seat: number, uid: number): unknown[]
  /** the question asked for an optional replacement */
  label(s: State, uid: number): string
  /** applies it, as `choice`: the defeat of `uid` does not happen; returns the card defeated instead */
  apply(c: Ctx, seat: number, uid: number, choice: unknown): number
}

/** Deadman Transmitter (Gear, mandatory): if the host would be defeated, this Gear is defeated instead. */
const deadmanTransmitter: DefeatReplacement = {
  optional: false,
  options(s, _seat, uid) {
    const dm = findUnit(s, uid)?.[1].gear.find((g) => def(s, g).statics.includes('deadmanReplace'))
    return dm === undefined ? [] : [dm]
  },
  label: () => 'defeat Deadman Transmitter instead',
  apply(c, _seat, uid, choice) {
    const dm = choice as number
    const un = findUnit(c.s, uid)![1]
    un.gear = un.gear.filter((g) => g !== dm)
    toTrashOrRemove(c.s, dm)
    return dm
  },
}

/**
 * Jackie Welles: Mama's Favorite (optional): if another friendly Unit would be defeated, pay 1 €$ to defeat her instead.
 * CR 11.8.1 / 5.7.2: any ready Legend in the Legends area pays the 1 €$, Jackie herself included (as a Legend may pay its
 * own GO SOLO, FAQ 10).
 */
const jackieWelles: DefeatReplacement = {
  optional: true,
  options(s, seat, uid) {
    let jackie = -1
    for (const src of sources(s, seat)) if (src.u !== uid && def(s, src.u).statics.includes('jackieReplace')) jackie = src.u
    if (jackie < 0 || !canPay(s, seat, 1)) return []
    return paySets(s, seat, 1).map((ps) => ({ jackie, pay: ps }))
  },
  label: (s, uid) => `defeat Jackie Welles instead of ${s.cards[uid]}?`,
  apply(c, seat, _uid, choice) {
    const s = c.s
    const ans = choice as { jackie: number; pay: number[] }
    pay(c, seat, ans.pay, 1)
    const p = s.p[seat]!
    const slot = p.legends.findIndex((l) => l?.u === ans.jackie)
    if (slot >= 0) {
      const l = p.legends[slot]!
      p.legends[slot] = null
      for (const g of l.gear) toTrashOrRemove(s, g)
      append(p, 'removed', l.u)
    } else {
      const j = p.field.findIndex((x) => x.u === ans.jackie)
      if (j >= 0) {
        // Jackie on the field (GO SOLO) is a Unit: her defeat is a Unit's defeat, seen by DEFEATED and
        // "when a (friendly equipped) Unit is defeated" effects like any other
        const jl = p.field[j]!
        remember(s, seat, jl)
        p.field.splice(j, 1)
        for (const g of jl.gear) toTrashOrRemove(s, g)
        append(p, 'removed', jl.u)
        c.ev.push({ type: 'defeated', seat, card: s.cards[jl.u], uid: jl.u })
        trigger(s, seat, jl.u, jl.gear, 'DEFEATED')
        for (let w = 0; w < 2; w++) {
          const who = w === 0 ? s.active : 1 - s.active
          triggerSources(s, who, 'UNIT_DEFEATED', jl.u, seat === who && jl.gear.length > 0 ? 1 : 0)
        }
      }
    }
    return ans.jackie
  },
}

/** CP-12.12: mandatory replacements before optional ones. */
export const DEFEAT_REPLACEMENTS: readonly DefeatReplacement[] = [deadmanTransmitter, jackieWelles]
