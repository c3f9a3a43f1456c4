// Defeat: Units and Gear leaving play (CR 9.19, CP-7.27), after the replacement effects of replacements.ts (CP-12.14).
import type { State } from './state.ts'
import { type Ctx, append, def, findUnit, remember, toTrashOrRemove, trigger, triggerSources } from './core.ts'
import { DEFEAT_REPLACEMENTS, defeatInstead } from './replacements.ts'

/**
 * CR 9.19 / 4.4: a defeated Unit goes to its owner's trash (a Legend is removed from the game); its Gear goes to the
 * trash. Replacement effects (replacements.ts, CP-12.7-12.16) are applied first, unit by unit. An optional replacement
 * is a decision of the affected Unit's controller (prompt kind 'repl'); the defeat waits in `State.defq` meanwhile.
 */
export function defeatUnits(c: Ctx, list: [number, number][]): void {
  const s = c.s
  if (s.defeatQueue) {
    s.defeatQueue.list.push(...list)
    return
  }
  s.defeatQueue = { list: list.slice(), index: 0, keep: [] }
  processDefq(c)
}

/** Works through the deferred defeat; returns false while a replacement decision is open. */
export function processDefq(c: Ctx): boolean {
  const s = c.s
  const q = s.defeatQueue!
  while (q.index < q.list.length) {
    const [seat, uid] = q.list[q.index]!
    if (!q.chain) {
      const fu = findUnit(s, uid)
      if (!fu || fu[0] !== seat) {
        q.index++
        continue
      }
      q.chain = { target: uid, used: [] }
    }
    const chain = q.chain
    const instead = applyReplacement(c, q, seat, chain.target, chain.used)
    if (instead === 'wait') return false
    if (instead !== null) {
      // CP-12.14 [001] 114: the new event (this card's defeat) is checked again for replacements, each used at most
      // once
      chain.used.push(instead)
      chain.target = instead
      continue
    }
    delete q.chain
    if (chain.target === uid) q.keep.push(q.index)
    else defeatInstead(c, seat, chain.target)
    q.index++
  }
  s.defeatQueue = null
  const gone: [number, number, number[]][] = []
  for (const k of q.keep) {
    const [seat, uid] = q.list[k]!
    const f = s.players[seat]!.field
    const i = f.findIndex(x => x.uid === uid)
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
  // play (FAQ: Yorinobu, Jackie): the first ARASAKA Unit defeated this turn is recorded for both players (reset each
  // turn)
  if (!s.players[0]!.once.some(k => k.startsWith('arasaka-defeated:')))
    for (const [, uid] of gone)
      if (def(s, uid).tags.includes('ARASAKA')) {
        for (const q of s.players) append(q, 'once', `arasaka-defeated:${uid}`)
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

/**
 * Applies the first replacement that applies to the defeat of `uid` and has not applied in this chain (CP-12.12:
 * mandatory first; an optional one is asked and may be declined). Returns the card defeated instead, null when none
 * applies, or 'wait' while a decision is open.
 */
function applyReplacement(
  c: Ctx,
  q: NonNullable<State['defeatQueue']>,
  seat: number,
  uid: number,
  used: number[],
): number | null | 'wait' {
  const s = c.s
  const answer = q.answer
  delete q.answer
  for (const r of DEFEAT_REPLACEMENTS) {
    const opts = r.options(s, seat, uid).filter(o => !used.includes(r.instead(o)))
    if (!opts.length) continue
    let choice: unknown = opts[0]
    if (r.optional) {
      if (answer === undefined) {
        s.prompt = { seat, kind: 'repl', options: [...opts, 'none'], label: r.label(s, uid) }
        return 'wait'
      }
      if (answer === 'none') return null
      choice = answer
    }
    r.pay?.(c, seat, choice)
    const by = r.instead(choice)
    c.ev.push({ type: 'defeatReplaced', seat, uid, card: s.cards[uid], by: s.cards[by] })
    return by
  }
  return null
}

export function defeatGear(c: Ctx, uid: number): void {
  const s = c.s
  for (let seat = 0; seat < 2; seat++) {
    const p = s.players[seat]!
    for (const host of [...p.field, ...p.legends]) {
      if (!host) continue
      const i = host.gear.indexOf(uid)
      if (i >= 0) {
        host.gear = host.gear.filter(g => g !== uid)
        toTrashOrRemove(s, uid)
        c.ev.push({ type: 'defeated', seat, card: s.cards[uid], uid })
        return
      }
    }
  }
}
