// The effect interpreter's conditions (CP-10.37) and choices (CP-10.25, CP-12.17, CP-12.18).
import type { Cond, Op } from '../effects.ts'
import type { Frame, Player, State } from '../state.ts'
import { type Ctx, cred, credGreater, def, findUnit, friendlyGigValues, sourceUnit, unitPower } from '../core.ts'

export function evalCond(c: Ctx, f: Frame, cd: Cond): boolean {
  const s = c.s
  const seat = f.seat
  switch (cd.c) {
    case 'credEven': {
      const x = cred(s, seat)
      return x !== null && x > 0 && x % 2 === 0
    }
    case 'credMoreThanRival':
      return credGreater(cred(s, seat), cred(s, 1 - seat))
    case 'credLessThanRival':
      return credGreater(cred(s, 1 - seat), cred(s, seat))
    case 'credLessThan': {
      const x = cred(s, seat)
      return x === null || x < cd.n
    }
    case 'credDiffAtLeast': {
      const a = cred(s, seat)
      const b = cred(s, 1 - seat)
      return a !== null && b !== null && Math.abs(a - b) >= cd.n
    }
    case 'distinctGigs':
      return new Set(friendlyGigValues(s, seat)).size >= cd.n
    case 'gigAtLeast':
      return friendlyGigValues(s, seat).some(v => v >= cd.n)
    case 'selfPowerAtLeast': {
      const me = sourceUnit(s, f.source)
      return me !== null && me.power >= cd.n
    }
    case 'allLegendsFaceUp':
      return s.players[seat]!.legends.every(l => l === null || l.faceUp)
    case 'varBecameMinGig': {
      const d = f.vars[cd.v]
      return typeof d === 'number' && d >= 0 && f.vars['adjusted'] === true && s.dice[d]!.value === 1
    }
    case 'varCostEqualsFriendlyGig': {
      const g = f.vars[cd.v]
      if (typeof g !== 'number') return false
      const cost = def(s, g).cost ?? 0
      return friendlyGigValues(s, seat).includes(cost)
    }
    case 'varEqualsFriendlyGig': {
      const n = f.vars[cd.v]
      return typeof n === 'number' && friendlyGigValues(s, seat).includes(n)
    }
    case 'hostNamed':
      return def(s, f.source).names.includes(cd.name)
    case 'selfStoleThisTurn':
      return sourceUnit(s, f.source)?.stole ?? false
    case 'varLegendArasakaOrSolo': {
      const slot = f.vars[cd.v]
      if (typeof slot !== 'number') return false
      const l = s.players[seat]!.legends[slot]
      if (!l) return false
      const d = def(s, l.uid)
      return d.tags.includes('ARASAKA') || d.goSolo
    }
    case 'varSet':
      return f.vars[cd.v] !== undefined
    case 'not':
      return !evalCond(c, f, cd.of)
    case 'all':
      return cd.of.every(x => evalCond(c, f, x))
    case 'mode':
      return f.vars['mode'] === cd.n || f.vars['mode'] === -1
    case 'rivalMoreGigsBy':
      return s.players[1 - seat]!.gigs.length - s.players[seat]!.gigs.length >= cd.n
    case 'hasMinGig':
      return friendlyGigValues(s, seat).includes(1)
    case 'selfSpent':
      return sourceUnit(s, f.source)?.spent ?? false
    case 'selfEquipped':
      return sourceUnit(s, f.source)?.equipped ?? false
    case 'gigsAtLeastCount':
      return friendlyGigValues(s, seat).filter(v => v >= cd.min).length >= cd.n
    case 'varDieSize': {
      const d = f.vars[cd.v]
      return typeof d === 'number' && s.dice[d]!.size === cd.size
    }
    case 'thiefIsLegend': {
      const t = f.vars['thief']
      return typeof t === 'number' && def(s, t).type === 'Legend'
    }
    case 'varDieEven':
    case 'varDieOdd': {
      const d = f.vars[cd.v]
      if (typeof d !== 'number') return false
      return s.dice[d]!.value % 2 === (cd.c === 'varDieEven' ? 0 : 1)
    }
    case 'firstStealBelowPower': {
      // the turn's steals below power are recorded as they happen (noteBelowSteal), also those before this card was in
      // play (FAQ)
      const first = s.players[seat]!.once.find(k => k.startsWith('below:') && k.split(':')[1] !== String(f.source))
      return first === `below:${f.vars['thief'] as number}:${f.vars['subject'] as number}`
    }
    case 'firstArasakaDefeat':
      // recorded by defeatUnits for the turn's first ARASAKA defeat, also one before this card was in play (FAQ)
      return s.players[seat]!.once.includes(`arasaka-defeated:${f.vars['subject'] as number}`)
    case 'valuePair':
      return new Set(friendlyGigValues(s, seat)).size < s.players[seat]!.gigs.length
    case 'fixerEmpty':
      return s.players[seat]!.fixer.length === 0
    case 'friendlyD4Min':
      return s.players[seat]!.gigs.some(d => s.dice[d]!.size === 4 && s.dice[d]!.value === 1)
    case 'varTag': {
      const t = f.vars[cd.v]
      return typeof t === 'number' && def(s, t).tags.some(x => cd.tags.includes(x))
    }
    case 'varIs':
      return f.vars[cd.v] === cd.n
    case 'evenAndOddGigs': {
      const v = friendlyGigValues(s, seat)
      return v.some(x => x % 2 === 0) && v.some(x => x % 2 === 1)
    }
    case 'ownTurn':
      return s.active === seat
  }
}

/** Evaluates a condition for `seat` outside any effect (alternative costs). */
export function evalCondFor(s: State, seat: number, cd: Cond): boolean {
  return evalCond({ s, ev: [], r: null }, { seat, card: '', ability: 0, source: -1, next: 0, vars: {} }, cd)
}

type Ask = { wait: true } | { wait: false; val: unknown }

/**
 * Asks `seat` to pick among `opts`, or consumes the pending answer. No options: no choice (CP-12.18). One: taken,
 * unless `always` — a pick among hidden cards whose count is public (a discard from a hand of 2+ cards), where skipping
 * the question would tell the rival that they are all the same card (issue 10).
 */
export function ask(
  c: Ctx,
  f: Frame,
  seat: number,
  opts: unknown[],
  label: string,
  seen?: string[],
  always = false,
): Ask {
  if (f.answer !== undefined) {
    const v = f.answer
    delete f.answer
    return { wait: false, val: v }
  }
  if (opts.length === 0) return { wait: false, val: undefined }
  if (opts.length === 1 && !always) return { wait: false, val: opts[0] }
  c.s.prompt = { seat, kind: 'op', options: opts, label }
  if (seen) c.s.prompt.seen = seen
  return { wait: true }
}

/**
 * A choice among the cards of a hidden zone (a hand, the top of a deck): the seat is asked whenever the zone holds a
 * card, whatever the cards are — only their number is public (CP-11.16 [001] 101, issue 23) — with 'none' as its only
 * answer when no card fits.
 */
export function askHidden(
  c: Ctx,
  f: Frame,
  seat: number,
  opts: unknown[],
  label: string,
  zoneCount: number,
  seen?: string[],
): Ask {
  if (f.answer === undefined && zoneCount === 0) return { wait: false, val: undefined }
  return ask(c, f, seat, opts.length ? opts : ['none'], label, seen, true)
}

export function unitsMatching(c: Ctx, f: Frame, flt: Extract<Op, { op: 'chooseUnit' }>['filter']): number[] {
  const s = c.s
  const out: number[] = []
  let d20 = -1
  if (flt.maxPowerFriendlyD20) {
    for (const d of s.players[f.seat]!.gigs) if (s.dice[d]!.size === 20) d20 = Math.max(d20, s.dice[d]!.value)
    if (d20 < 0) return out
  }
  for (let seat = 0; seat < 2; seat++) {
    if (flt.side === 'friendly' && seat !== f.seat) continue
    if (flt.side === 'rival' && seat === f.seat) continue
    for (const un of s.players[seat]!.field) {
      if (flt.ready && un.spent) continue
      if (flt.spent && !un.spent) continue
      if (flt.unequipped && un.gear.length) continue
      if (flt.equipped && !un.gear.length) continue
      if (flt.notSelf && un.uid === f.source) continue
      if (flt.maxCost !== undefined && (def(s, un.uid).cost ?? 0) > flt.maxCost) continue
      if (
        flt.maxCostVar !== undefined &&
        (typeof f.vars[flt.maxCostVar] !== 'number' || (def(s, un.uid).cost ?? 0) > (f.vars[flt.maxCostVar] as number))
      )
        continue
      const pw = unitPower(s, seat, un)
      if (flt.maxPower !== undefined && pw > flt.maxPower) continue
      if (flt.maxPowerFriendlyD20 && pw > d20) continue
      if (flt.powerEqDieVar !== undefined) {
        const d = f.vars[flt.powerEqDieVar]
        if (typeof d !== 'number' || s.dice[d]!.value !== pw) continue
      }
      out.push(un.uid)
    }
  }
  if (flt.lowest && out.length > 1) {
    const pw = (u: number) => {
      const fu = findUnit(s, u)!
      return unitPower(s, fu[0], fu[1])
    }
    const min = Math.min(...out.map(pw))
    return out.filter(u => pw(u) === min)
  }
  return out
}

export function faceDownSlots(p: Player): number[] {
  const out: number[] = []
  p.legends.forEach((l, i) => {
    if (l && !l.faceUp) out.push(i)
  })
  return out
}
