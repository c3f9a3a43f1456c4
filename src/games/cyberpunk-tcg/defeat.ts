// Defeat and its replacements: Units and Gear leaving play (CR 9.19, CP-7.27), Deadman Transmitter and Jackie Welles (CP-12.14).
import type { State } from './state.ts'
import { type Ctx, append, def, findUnit, remember, sources, toTrashOrRemove, trigger, triggerSources } from './core.ts'
import { canPay, pay, paySets } from './payment.ts'

/**
 * CR 9.19 / 4.4: a defeated Unit goes to its owner's trash (a Legend is removed from the game); its Gear goes to the trash.
 * Replacement effects (CP-12.7-12.16) are applied first, unit by unit: the mandatory Deadman Transmitter before the
 * optional Jackie Welles: Mama's Favorite (CP-12.12), each at most once per defeat (CP-12.16). An optional replacement is
 * a decision of the affected Unit's controller (prompt kind 'repl'); the defeat waits in `State.defq` meanwhile.
 */
export function defeatUnits(c: Ctx, list: [number, number][]): void {
  const s = c.s
  if (s.defq) {
    s.defq.list.push(...list)
    return
  }
  s.defq = { list: list.slice(), i: 0, keep: [] }
  processDefq(c)
}

function jackieOptions(s: State, seat: number, uid: number): unknown[] {
  let jackie = -1
  for (const src of sources(s, seat)) if (src.u !== uid && def(s, src.u).statics.includes('jackieReplace')) jackie = src.u
  if (jackie < 0) return []
  // CR 11.8.1 / 5.7.2: any ready Legend in the Legends area pays 1 €$, Jackie herself included (as a Legend may pay
  // its own GO SOLO, FAQ 10); she is then defeated in the Unit's place
  return paySets(s, seat, 1).map((ps) => ({ jackie, pay: ps }))
}

/** Works through the deferred defeat; returns false while a replacement decision is open. */
export function processDefq(c: Ctx): boolean {
  const s = c.s
  const q = s.defq!
  while (q.i < q.list.length) {
    const [seat, uid] = q.list[q.i]!
    const fu = findUnit(s, uid)
    if (!fu || fu[0] !== seat) {
      q.i++
      continue
    }
    const un = fu[1]
    const dm = un.gear.find((g) => def(s, g).statics.includes('deadmanReplace'))
    if (dm !== undefined) {
      un.gear = un.gear.filter((g) => g !== dm)
      toTrashOrRemove(s, dm)
      c.ev.push({ type: 'defeatReplaced', seat, uid, card: s.cards[uid], by: s.cards[dm] })
      q.i++
      continue
    }
    if (q.ans === undefined) {
      const opts = jackieOptions(s, seat, uid)
      if (opts.length && canPay(s, seat, 1)) {
        s.prompt = { seat, kind: 'repl', opts: [...opts, 'none'], label: `defeat Jackie Welles instead of ${s.cards[uid]}?` }
        return false
      }
    } else {
      const ans = q.ans as { jackie: number; pay: number[] } | 'none'
      delete q.ans
      if (ans !== 'none') {
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
        c.ev.push({ type: 'defeatReplaced', seat, uid, card: s.cards[uid], by: s.cards[ans.jackie] })
        q.i++
        continue
      }
    }
    q.keep.push(q.i)
    q.i++
  }
  s.defq = null
  const gone: [number, number, number[]][] = []
  for (const k of q.keep) {
    const [seat, uid] = q.list[k]!
    const f = s.p[seat]!.field
    const i = f.findIndex((x) => x.u === uid)
    if (i < 0) continue
    const un = f[i]!
    remember(s, seat, un)
    f.splice(i, 1)
    for (const g of un.gear) toTrashOrRemove(s, g)
    toTrashOrRemove(s, uid)
    gone.push([seat, uid, un.gear])
    c.ev.push({ type: 'defeated', seat, card: s.cards[uid], uid })
  }
  // "The first time an ARASAKA Unit is defeated each turn" counts the turn's events, also those before the card was in
  // play (FAQ: Yorinobu, Jackie): the first ARASAKA Unit defeated this turn is recorded for both players (reset each turn)
  if (!s.p[0]!.once.some((k) => k.startsWith('arasaka-defeated:')))
    for (const [, uid] of gone)
      if (def(s, uid).tags.includes('ARASAKA')) {
        for (const q of s.p) append(q, 'once', `arasaka-defeated:${uid}`)
        break
      }
  for (const [seat, uid, gear] of gone) {
    trigger(s, seat, uid, gear, 'DEFEATED')
    for (let w = 0; w < 2; w++) {
      const who = w === 0 ? s.active : 1 - s.active
      triggerSources(s, who, 'UNIT_DEFEATED', uid, seat === who && gear.length > 0 ? 1 : 0)
    }
  }
  return true
}

export function defeatGear(c: Ctx, uid: number): void {
  const s = c.s
  for (let seat = 0; seat < 2; seat++) {
    const p = s.p[seat]!
    for (const host of [...p.field, ...p.legends]) {
      if (!host) continue
      const i = host.gear.indexOf(uid)
      if (i >= 0) {
        host.gear = host.gear.filter((g) => g !== uid)
        toTrashOrRemove(s, uid)
        c.ev.push({ type: 'defeated', seat, card: s.cards[uid], uid })
        return
      }
    }
  }
}
