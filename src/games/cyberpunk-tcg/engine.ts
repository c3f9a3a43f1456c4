import { Random, RuleViolation, illegal, type GameEvent } from '../../kernel/index.ts'
import { CARDS, type CardDef } from './cards.ts'
import type { Ability, Cond, Op, Trigger, StaticMod } from './effects.ts'
import { DIE_SIZES, type Attack, type Frame, type LegendSlot, type Options, type Pending, type Player, type State, type Unit } from './state.ts'
import type { Action } from './actions.ts'

// ---------------------------------------------------------------------------------------------------------------
// Context, helpers
// ---------------------------------------------------------------------------------------------------------------

export interface Ctx {
  s: State
  ev: GameEvent[]
  r: Random | null
}

function rng(c: Ctx): Random {
  if (!c.r) c.r = Random.fromState(c.s.rng)
  return c.r
}

// uid -> definition, cached per match (the `cards` table is shared by every state of a match and never mutated)
const defCache = new WeakMap<string[], CardDef[]>()
let lastCards: string[] | null = null
let lastTable: CardDef[] = []
export function def(s: State, uid: number): CardDef {
  if (s.cards === lastCards) return lastTable[uid]!
  let t = defCache.get(s.cards)
  if (!t || t.length !== s.cards.length) {
    t = s.cards.map((id) => CARDS.get(id)!)
    defCache.set(s.cards, t)
  }
  lastCards = s.cards
  lastTable = t
  return t[uid]!
}

export function findUnit(s: State, uid: number): [number, Unit] | null {
  for (let seat = 0; seat < 2; seat++) {
    const f = s.p[seat]!.field
    for (let i = 0; i < f.length; i++) if (f[i]!.u === uid) return [seat, f[i]!]
  }
  return null
}

export function findSlot(s: State, uid: number): [number, number, LegendSlot] | null {
  for (let seat = 0; seat < 2; seat++) {
    const l = s.p[seat]!.legends
    for (let i = 0; i < l.length; i++) if (l[i]?.u === uid) return [seat, i, l[i]!]
  }
  return null
}

/** CR 11.2: Street Cred = sum of friendly Gig values; null when no Gigs. */
export function cred(s: State, seat: number): number | null {
  const g = s.p[seat]!.gigs
  if (g.length === 0) return null
  let t = 0
  for (const d of g) t += s.dice[d]!.v
  return t
}

/** CP-10.28: records what a Unit leaving the field looked like, for effects that resolve after it is gone. */
function remember(s: State, seat: number, un: Unit): void {
  const entry = { u: un.u, power: unitPower(s, seat, un), sp: un.sp, stole: un.stole, equipped: un.gear.length > 0 }
  s.lki = [...(s.lki ?? []).filter((x) => x.u !== un.u), entry]
}

/** The effect's source Unit as it is on the field, or as it last was there (CP-10.28); null if it never was. */
function sourceUnit(s: State, src: number): { power: number; sp: boolean; stole: boolean; equipped: boolean } | null {
  const fu = findUnit(s, src)
  if (fu) return { power: unitPower(s, fu[0], fu[1]), sp: fu[1].sp, stole: fu[1].stole, equipped: fu[1].gear.length > 0 }
  return s.lki?.find((x) => x.u === src) ?? null
}

/** null Street Cred is smaller than any number (CR 5.11.4). */
function credGreater(a: number | null, b: number | null): boolean {
  if (a === null) return false
  if (b === null) return true
  return a > b
}

function gearAbilities(s: State, gear: number[]): [string, number, Ability][] {
  const out: [string, number, Ability][] = []
  for (const g of gear) {
    const d = def(s, g)
    d.abilities.forEach((a, i) => {
      if ('inherit' in a && a.inherit) out.push([d.id, i, a])
    })
  }
  return out
}

function hasStatic(s: State, uid: number, gear: number[], mod: StaticMod): boolean {
  if (def(s, uid).statics.includes(mod)) return true
  for (const g of gear) if (def(s, g).statics.includes(mod)) return true
  return false
}

/** face-up sources of `seat` (field units and face-up Legends in the Legends area) */
function sources(s: State, seat: number): { u: number; gear: number[] }[] {
  const p = s.p[seat]!
  const out: { u: number; gear: number[] }[] = []
  for (const l of p.legends) if (l && l.up) out.push(l)
  for (const un of p.field) out.push(un)
  return out
}

function staticSources(s: State, seat: number, mod: StaticMod): number[] {
  const out: number[] = []
  for (const src of sources(s, seat)) if (def(s, src.u).statics.includes(mod)) out.push(src.u)
  return out
}

function staticCount(s: State, seat: number, mod: StaticMod): number {
  let n = 0
  const p = s.p[seat]!
  for (const l of p.legends) if (l && l.up && def(s, l.u).statics.includes(mod)) n++
  for (const u of p.field) if (def(s, u.u).statics.includes(mod)) n++
  return n
}

/** CP-5.2 / CR 3.17: printed + Gear + modifiers; negative counts as 0 (CR 2.10.1). */
export function unitPower(s: State, seat: number, un: Unit): number {
  const p = powerSum(s, seat, un)
  return p < 0 ? 0 : p
}

/** The sum of CP-5.2 before CR 2.10.1 is applied: further modifiers (while fighting) are added to this, not to 0. */
function powerSum(s: State, seat: number, un: Unit): number {
  const d = def(s, un.u)
  let p = (d.power ?? 0) + un.tp
  for (const g of un.gear) p += def(s, g).power ?? 0
  if (s.attack && s.attack.a === un.u) {
    if (d.tags.includes('ARASAKA')) p += staticCount(s, seat, 'arasakaAttackBonus')
    for (const u of staticSources(s, seat, 'othersAttackBonus2')) if (u !== un.u) p += 2
  }
  if (s.active === seat && d.statics.includes('gearPowerOwnTurn')) p += 2 * un.gear.length
  return p
}

function hasBlocker(s: State, un: Unit): boolean {
  if (un.blk || def(s, un.u).blocker) return true
  for (const g of un.gear) if (def(s, g).blocker) return true
  return false
}

/** Meredith Stout: "when a Rival adjusts or swaps 1 or more friendly Gigs" */
function rivalTouched(s: State, actor: number): void {
  const other = 1 - actor
  for (const src of sources(s, other)) trigger(s, other, src.u, [], 'RIVAL_TOUCHED_GIGS')
}

function pushPending(s: State, seat: number, card: string, ab: number, src: number, x?: number, thief?: number): void {
  const p: Pending = { id: s.seq++, seat, card, ab, src }
  if (x !== undefined) p.x = x
  if (thief !== undefined) p.thief = thief
  s.pending.push(p)
}

/** Makes every trigger `t` of card `uid` (and the bottom boxes of its Gear) pending for `seat`. */
function trigger(s: State, seat: number, uid: number, gear: number[], t: Trigger, x?: number, thief?: number): void {
  const d = def(s, uid)
  const abs = d.abilities
  for (let i = 0; i < abs.length; i++) {
    const a = abs[i]!
    if (a.kind === 'trigger' && !a.inherit && a.on.includes(t)) pushPending(s, seat, d.id, i, uid, x, thief)
  }
  if (gear.length) for (const [cid, i, a] of gearAbilities(s, gear)) if (a.kind === 'trigger' && a.on.includes(t)) pushPending(s, seat, cid, i, uid, x, thief)
}

function finish(c: Ctx, winners: number[], reason: string): void {
  const s = c.s
  if (s.phase === 'over') return
  s.phase = 'over'
  s.winners = winners
  s.reason = reason
  s.prompt = null
  c.ev.push({ type: 'gameOver', winners, reason })
}

/** CR 1.16: a player may concede at any time; the rival wins. Also the engine's `resign` (and a forfeit on timeout). */
export function resignGame(c: Ctx, seat: number): void {
  c.ev.push({ type: 'resign', seat })
  finish(c, [1 - seat], `Seat ${seat + 1} resigned`)
}

/** CP-8.17 / CR 1.14: drawing from an empty deck loses at once. */
function drawCards(c: Ctx, seat: number, n: number): void {
  const p = c.s.p[seat]!
  for (let i = 0; i < n; i++) {
    if (c.s.phase === 'over') return
    const u = p.deck.pop()
    if (u === undefined) {
      finish(c, [1 - seat], 'deck-out')
      return
    }
    p.hand.push(u)
    c.ev.push({ type: 'draw', seat, visibleTo: [seat], secret: { card: c.s.cards[u] } })
  }
}

function spendUnit(c: Ctx, seat: number, un: Unit): void {
  if (un.sp) return
  un.sp = true
  trigger(c.s, seat, un.u, un.gear, 'SPENT')
  if (un.gear.length) for (const src of sources(c.s, seat)) trigger(c.s, seat, src.u, [], 'FRIENDLY_EQUIPPED_SPENT', un.u)
}

function spendLegend(c: Ctx, seat: number, l: LegendSlot): void {
  if (l.sp) return
  l.sp = true
  if (l.up) trigger(c.s, seat, l.u, l.gear, 'SPENT')
  if (l.gear.length) for (const src of sources(c.s, seat)) trigger(c.s, seat, src.u, [], 'FRIENDLY_EQUIPPED_SPENT', l.u)
}

/** Pays `amount` €$ with the Legends at `slots` and the rest with ready Eddies (CR 11.8). */
function pay(c: Ctx, seat: number, slots: number[], amount: number): void {
  const p = c.s.p[seat]!
  for (const i of slots) spendLegend(c, seat, p.legends[i]!)
  p.eSpent += amount - slots.length
}

function toTrashOrRemove(s: State, uid: number): void {
  const o = s.owner[uid]!
  if (def(s, uid).type === 'Legend') s.p[o]!.removed.push(uid)
  else s.p[o]!.trash.push(uid)
}

/**
 * CR 9.19 / 4.4: a defeated Unit goes to its owner's trash (a Legend is removed from the game); its Gear goes to the trash.
 * Replacement effects (CP-12.7-12.16) are applied first, unit by unit: the mandatory Deadman Transmitter before the
 * optional Jackie Welles: Mama's Favorite (CP-12.12), each at most once per defeat (CP-12.16). An optional replacement is
 * a decision of the affected Unit's controller (prompt kind 'repl'); the defeat waits in `State.defq` meanwhile.
 */
function defeatUnits(c: Ctx, list: [number, number][]): void {
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
function processDefq(c: Ctx): boolean {
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
      un.gear.splice(un.gear.indexOf(dm), 1)
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
          p.removed.push(l.u)
        } else {
          const j = p.field.findIndex((x) => x.u === ans.jackie)
          if (j >= 0) {
            // Jackie on the field (GO SOLO) is a Unit: her defeat is a Unit's defeat, seen by DEFEATED and
            // "when a (friendly equipped) Unit is defeated" effects like any other
            const jl = p.field[j]!
            remember(s, seat, jl)
            p.field.splice(j, 1)
            for (const g of jl.gear) toTrashOrRemove(s, g)
            p.removed.push(jl.u)
            c.ev.push({ type: 'defeated', seat, card: s.cards[jl.u], uid: jl.u })
            trigger(s, seat, jl.u, jl.gear, 'DEFEATED')
            for (let w = 0; w < 2; w++) {
              const who = w === 0 ? s.active : 1 - s.active
              for (const src of sources(s, who)) trigger(s, who, src.u, [], 'UNIT_DEFEATED', jl.u, seat === who && jl.gear.length > 0 ? 1 : 0)
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
        for (const q of s.p) q.once.push(`arasaka-defeated:${uid}`)
        break
      }
  for (const [seat, uid, gear] of gone) {
    trigger(s, seat, uid, gear, 'DEFEATED')
    for (let w = 0; w < 2; w++) {
      const who = w === 0 ? s.active : 1 - s.active
      for (const src of sources(s, who)) trigger(s, who, src.u, [], 'UNIT_DEFEATED', uid, seat === who && gear.length > 0 ? 1 : 0)
    }
  }
  return true
}

/**
 * Records, in the order they happen, the turn's steals of a Gig valued below the thief's power (Rogue Amendiares: Queen
 * of the Afterlife counts "the first time … each turn" over the whole turn, also before she was in play — FAQ).
 */
function noteBelowSteal(s: State, seat: number, un: Unit, dice: number[]): void {
  const P = unitPower(s, seat, un)
  for (const d of dice) if (s.dice[d]!.v < P) s.p[seat]!.once.push(`below:${un.u}:${d}`)
}

export function hostOf(s: State, gear: number): number | null {
  for (const p of s.p) {
    for (const u of p.field) if (u.gear.includes(gear)) return u.u
    for (const l of p.legends) if (l && l.gear.includes(gear)) return l.u
  }
  return null
}

function defeatGear(c: Ctx, uid: number): void {
  const s = c.s
  for (let seat = 0; seat < 2; seat++) {
    const p = s.p[seat]!
    for (const host of [...p.field, ...p.legends]) {
      if (!host) continue
      const i = host.gear.indexOf(uid)
      if (i >= 0) {
        host.gear.splice(i, 1)
        toTrashOrRemove(s, uid)
        c.ev.push({ type: 'defeated', seat, card: s.cards[uid], uid })
        return
      }
    }
  }
}

function callLegend(c: Ctx, seat: number, slot: number): void {
  const p = c.s.p[seat]!
  const l = p.legends[slot]!
  l.up = true
  p.called = true
  c.ev.push({ type: 'call', seat, slot, card: c.s.cards[l.u], uid: l.u })
  trigger(c.s, seat, l.u, l.gear, 'CALL')
}

function rollDie(c: Ctx, seat: number, die: number): void {
  const p = c.s.p[seat]!
  p.fixer = p.fixer.filter((d) => d !== die)
  const d = c.s.dice[die]!
  d.v = rng(c).die(d.s)
  p.gigs.push(die)
  c.ev.push({ type: 'rollGig', seat, die, size: d.s, value: d.v })
  for (const src of sources(c.s, seat)) {
    trigger(c.s, seat, src.u, [], 'ROLL_IN', die)
    trigger(c.s, seat, src.u, [], 'ROLLED', die, d.v)
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Payment enumeration (canonical alternatives: which Legends pay; the rest is paid with Eddies, which are all alike)
// ---------------------------------------------------------------------------------------------------------------

function payableSlots(s: State, seat: number): number[] {
  const out: number[] = []
  const l = s.p[seat]!.legends
  for (let i = 0; i < l.length; i++) {
    const x = l[i]
    if (x && !x.sp && (!x.up || def(s, x.u).sell)) out.push(i)
  }
  return out
}

export function paySets(s: State, seat: number, cost: number, memo?: number[][][]): number[][] {
  if (memo && memo[cost]) return memo[cost]!
  const r = computePaySets(s, seat, cost)
  if (memo) memo[cost] = r
  return r
}

function computePaySets(s: State, seat: number, cost: number): number[][] {
  const p = s.p[seat]!
  const eddies = p.eddies.length - p.eSpent
  const slots = payableSlots(s, seat)
  const out: number[][] = []
  const n = slots.length
  for (let mask = 0; mask < 1 << n; mask++) {
    let k = 0
    for (let b = 0; b < n; b++) if (mask & (1 << b)) k++
    if (k > cost || cost - k > eddies) continue
    const set: number[] = []
    for (let b = 0; b < n; b++) if (mask & (1 << b)) set.push(slots[b]!)
    out.push(set)
  }
  return out
}

function canPay(s: State, seat: number, cost: number): boolean {
  const p = s.p[seat]!
  return p.eddies.length - p.eSpent + payableSlots(s, seat).length >= cost
}

// ---------------------------------------------------------------------------------------------------------------
// Effect interpreter
// ---------------------------------------------------------------------------------------------------------------

function friendlyGigValues(s: State, seat: number): number[] {
  return s.p[seat]!.gigs.map((d) => s.dice[d]!.v)
}

function evalCond(c: Ctx, f: Frame, cd: Cond): boolean {
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
      return friendlyGigValues(s, seat).some((v) => v >= cd.n)
    case 'selfPowerAtLeast': {
      const me = sourceUnit(s, f.src)
      return me !== null && me.power >= cd.n
    }
    case 'allLegendsFaceUp':
      return s.p[seat]!.legends.every((l) => l === null || l.up)
    case 'varBecameMinGig': {
      const d = f.vars[cd.v]
      return typeof d === 'number' && d >= 0 && f.vars['adjusted'] === true && s.dice[d]!.v === 1
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
      return def(s, f.src).names.includes(cd.name)
    case 'selfStoleThisTurn':
      return sourceUnit(s, f.src)?.stole ?? false
    case 'varLegendArasakaOrSolo': {
      const slot = f.vars[cd.v]
      if (typeof slot !== 'number') return false
      const l = s.p[seat]!.legends[slot]
      if (!l) return false
      const d = def(s, l.u)
      return d.tags.includes('ARASAKA') || d.goSolo
    }
    case 'varSet':
      return f.vars[cd.v] !== undefined
    case 'not':
      return !evalCond(c, f, cd.of)
    case 'all':
      return cd.of.every((x) => evalCond(c, f, x))
    case 'mode':
      return f.vars['mode'] === cd.n || f.vars['mode'] === -1
    case 'rivalMoreGigsBy':
      return s.p[1 - seat]!.gigs.length - s.p[seat]!.gigs.length >= cd.n
    case 'hasMinGig':
      return friendlyGigValues(s, seat).includes(1)
    case 'selfSpent':
      return sourceUnit(s, f.src)?.sp ?? false
    case 'selfEquipped':
      return sourceUnit(s, f.src)?.equipped ?? false
    case 'gigsAtLeastCount':
      return friendlyGigValues(s, seat).filter((v) => v >= cd.min).length >= cd.n
    case 'varDieSize': {
      const d = f.vars[cd.v]
      return typeof d === 'number' && s.dice[d]!.s === cd.size
    }
    case 'thiefIsLegend': {
      const t = f.vars['thief']
      return typeof t === 'number' && def(s, t).type === 'Legend'
    }
    case 'varDieEven':
    case 'varDieOdd': {
      const d = f.vars[cd.v]
      if (typeof d !== 'number') return false
      return s.dice[d]!.v % 2 === (cd.c === 'varDieEven' ? 0 : 1)
    }
    case 'stolenBelowThiefPower': {
      const t = f.vars['thief']
      const d = f.vars['x']
      if (typeof t !== 'number' || typeof d !== 'number' || t === f.src) return false
      const fu = findUnit(s, t)
      return fu !== null && s.dice[d]!.v < unitPower(s, fu[0], fu[1])
    }
    case 'valuePair':
      return new Set(friendlyGigValues(s, seat)).size < s.p[seat]!.gigs.length
    case 'fixerEmpty':
      return s.p[seat]!.fixer.length === 0
    case 'friendlyD4Min':
      return s.p[seat]!.gigs.some((d) => s.dice[d]!.s === 4 && s.dice[d]!.v === 1)
    case 'varTag': {
      const t = f.vars[cd.v]
      return typeof t === 'number' && def(s, t).tags.some((x) => cd.tags.includes(x))
    }
    case 'varIs':
      return f.vars[cd.v] === cd.n
    case 'evenAndOddGigs': {
      const v = friendlyGigValues(s, seat)
      return v.some((x) => x % 2 === 0) && v.some((x) => x % 2 === 1)
    }
  }
}

/** Evaluates a condition for `seat` outside any effect (alternative costs). */
function evalCondFor(s: State, seat: number, cd: Cond): boolean {
  return evalCond({ s, ev: [], r: null }, { seat, card: '', ab: 0, src: -1, pc: 0, vars: {} }, cd)
}

type Ask = { wait: true } | { wait: false; val: unknown }

/** Asks `seat` to pick among `opts`, or consumes the pending answer. No options: no choice (CP-12.18). One: taken. */
function ask(c: Ctx, f: Frame, seat: number, opts: unknown[], label: string, seen?: string[]): Ask {
  if (f.ans !== undefined) {
    const v = f.ans
    delete f.ans
    return { wait: false, val: v }
  }
  if (opts.length === 0) return { wait: false, val: undefined }
  if (opts.length === 1) return { wait: false, val: opts[0] }
  c.s.prompt = { seat, kind: 'op', opts, label, ...(seen ? { seen } : {}) }
  return { wait: true }
}

function unitsMatching(c: Ctx, f: Frame, flt: Extract<Op, { op: 'chooseUnit' }>['filter']): number[] {
  const s = c.s
  const out: number[] = []
  let d20 = -1
  if (flt.maxPowerFriendlyD20) {
    for (const d of s.p[f.seat]!.gigs) if (s.dice[d]!.s === 20) d20 = Math.max(d20, s.dice[d]!.v)
    if (d20 < 0) return out
  }
  for (let seat = 0; seat < 2; seat++) {
    if (flt.side === 'friendly' && seat !== f.seat) continue
    if (flt.side === 'rival' && seat === f.seat) continue
    for (const un of s.p[seat]!.field) {
      if (flt.ready && un.sp) continue
      if (flt.spent && !un.sp) continue
      if (flt.unequipped && un.gear.length) continue
      if (flt.equipped && !un.gear.length) continue
      if (flt.notSelf && un.u === f.src) continue
      if (flt.maxCost !== undefined && (def(s, un.u).cost ?? 0) > flt.maxCost) continue
      if (flt.maxCostVar !== undefined && (typeof f.vars[flt.maxCostVar] !== 'number' || (def(s, un.u).cost ?? 0) > (f.vars[flt.maxCostVar] as number))) continue
      const pw = unitPower(s, seat, un)
      if (flt.maxPower !== undefined && pw > flt.maxPower) continue
      if (flt.maxPowerFriendlyD20 && pw > d20) continue
      if (flt.powerEqDieVar !== undefined) {
        const d = f.vars[flt.powerEqDieVar]
        if (typeof d !== 'number' || s.dice[d]!.v !== pw) continue
      }
      out.push(un.u)
    }
  }
  if (flt.lowest && out.length > 1) {
    const pw = (u: number) => {
      const fu = findUnit(s, u)!
      return unitPower(s, fu[0], fu[1])
    }
    const min = Math.min(...out.map(pw))
    return out.filter((u) => pw(u) === min)
  }
  return out
}

function faceDownSlots(p: Player): number[] {
  const out: number[] = []
  p.legends.forEach((l, i) => {
    if (l && !l.up) out.push(i)
  })
  return out
}

/** Runs one operation. Returns false when it waits for a decision. */
function runOp(c: Ctx, f: Frame, op: Op): boolean {
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
        const r = ask(c, f, f.seat, opts, 'discard a card')
        if (r.wait) {
          f.vars['_k'] = k
          return false
        }
        if (r.val === undefined || r.val === 'none') break
        if (op.as) f.vars[op.as] = k + 1
        f.vars['discardedCost'] = CARDS.get(r.val as string)!.cost ?? 0
        const i = me.hand.findIndex((u) => s.cards[u] === r.val)
        const [u] = me.hand.splice(i, 1)
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
        s.dice[die]!.v = value
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
        me.gigs[me.gigs.indexOf(friendly)] = rival
        them.gigs[them.gigs.indexOf(rival)] = friendly
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
        if (!me.peek.includes(u)) me.peek.push(u)
        c.ev.push({ type: 'lookLegend', seat: f.seat, slot: r.val, visibleTo: [f.seat], secret: { card: s.cards[u] } })
      }
      return true
    }
    case 'lookAllLegends':
      for (const i of faceDownSlots(me)) {
        const u = me.legends[i]!.u
        if (!me.peek.includes(u)) me.peek.push(u)
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
        me.deck.pop()
        me.trash.push(top)
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
      me.delayed.push([f.card, op.ab, f.src])
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
        if (def(s, u).type === 'Legend') s.p[s.owner[u]!]!.removed.push(u)
        else s.p[s.owner[u]!]!.hand.push(u)
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
      else me.once.push(key)
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
      const u = me.deck.pop()
      if (u === undefined) return true
      me.hand.push(u)
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
        const u = me.deck.pop()
        if (u === undefined) break // CR 11.13.3: trashing from a short deck does not lose
        if (def(s, u).type === 'Legend') me.removed.push(u)
        else me.trash.push(u)
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
        me.trash.splice(me.trash.indexOf(u), 1)
        me.hand.push(u)
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
        s.dice[die]!.v = value
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
          const [u] = them.hand.splice(h, 1)
          toTrashOrRemove(s, u!)
          c.ev.push({ type: 'discard', seat: rs, card: ans })
          c.ev.push({ type: 'stealPrevented', die })
          return true
        }
      }
      noteBelowSteal(s, fu[0], fu[1], [die])
      them.gigs.splice(them.gigs.indexOf(die), 1)
      s.p[fu[0]]!.gigs.push(die)
      // this steal is a steal event of its own ("steals 1 or more Gigs": Gorilla Arms, Evelyn Parker: Beautiful Enigma)
      const first = !fu[1].stole
      fu[1].stole = true
      if (fu[1].psy) fu[1].psyHit = true
      c.ev.push({ type: 'steal', seat: fu[0], attacker: f.src, card: s.cards[f.src], dice: [{ die, size: s.dice[die]!.s, value: s.dice[die]!.v }] })
      trigger(s, fu[0], fu[1].u, fu[1].gear, 'STEAL_EVENT', die, first ? 1 : 0)
      for (const src of sources(s, fu[0])) trigger(s, fu[0], src.u, [], 'FRIENDLY_STEAL_EVENT', die, fu[1].u)
      trigger(s, fu[0], fu[1].u, fu[1].gear, 'STEAL', die)
      for (const src of sources(s, fu[0])) trigger(s, fu[0], src.u, [], 'FRIENDLY_STEAL', die, fu[1].u)
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
      const u = me.deck.pop()
      if (u === undefined) return true
      if (def(s, u).type === 'Legend') me.removed.push(u)
      else me.eddies.push(u)
      c.ev.push({ type: 'sell', seat: f.seat, card: s.cards[u], fromDeck: true })
      return true
    }
    case 'psycho': {
      const t = f.vars[op.v]
      const fu = typeof t === 'number' ? findUnit(s, t) : null
      if (fu) {
        fu[1].tp += 3 * fu[1].gear.length
        fu[1].psy = true
        me.delayed.push([f.card, 1, fu[1].u]) // Cyberpsychosis ability 1, resolved at the end of this turn
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
        const [u] = me.trash.splice(i, 1)
        me.hand.push(u!)
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
        const r = ask(c, f, rs, opts, 'discard a card')
        if (r.wait) {
          f.vars['_k'] = k
          return false
        }
        if (r.val === undefined) break
        const i = them.hand.findIndex((u) => s.cards[u] === r.val)
        const [u] = them.hand.splice(i, 1)
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

/** CR 11.12 / CP-7.31: Units (with their Gear) go to the bottom of their owners' decks in random order; Legends are removed. */
function bottomDeckUnits(c: Ctx, uids: number[]): void {
  const s = c.s
  const byOwner: number[][] = [[], []]
  for (const uid of uids) {
    const fu = findUnit(s, uid)
    if (!fu) continue
    const p = s.p[fu[0]]!
    remember(s, fu[0], fu[1])
    p.field = p.field.filter((x) => x.u !== uid)
    for (const u of [...fu[1].gear, uid]) {
      if (def(s, u).type === 'Legend') s.p[s.owner[u]!]!.removed.push(u)
      else byOwner[s.owner[u]!]!.push(u)
    }
    c.ev.push({ type: 'bottomDeck', seat: fu[0], card: s.cards[uid], uid })
  }
  byOwner.forEach((list, o) => {
    if (list.length) s.p[o]!.deck.unshift(...rng(c).shuffle(list))
  })
}

/** Search X (CR 11.13): look at the top n, take matching cards, the rest to the bottom in random order. */
function searchOp(c: Ctx, f: Frame, op: Extract<Op, { op: 'search' }>): boolean {
  const s = c.s
  const me = s.p[f.seat]!
  if (f.vars['_n'] === undefined) f.vars['_n'] = Math.min(op.n, me.deck.length)
  const n = f.vars['_n'] as number
  let taken = (f.vars['_t'] as number | undefined) ?? 0
  const max = op.take + (op.perMinGig ? friendlyGigValues(s, f.seat).filter((v) => v === 1).length : 0)
  const gigVals = friendlyGigValues(s, f.seat)
  while (taken < max) {
    const top = me.deck.slice(me.deck.length - (n - taken))
    const ok = (u: number) => {
      const d = def(s, u)
      if (op.type && d.type !== op.type) return false
      if (op.maxCost !== undefined && (d.cost === null || d.cost > op.maxCost)) return false
      if (op.costInGigs && (d.cost === null || !gigVals.includes(d.cost))) return false
      return true
    }
    const opts: unknown[] = [...new Set(top.filter(ok).map((u) => s.cards[u]!))].sort()
    if (opts.length === 0) break
    opts.push('none')
    const r = ask(c, f, f.seat, opts, 'take a card', top.map((u) => s.cards[u]!))
    if (r.wait) return false
    if (r.val === 'none' || r.val === undefined) break
    const idx = me.deck.length - (n - taken) + top.findIndex((u) => s.cards[u] === r.val)
    const [u] = me.deck.splice(idx, 1)
    me.hand.push(u!)
    if (op.hidden) c.ev.push({ type: 'searchTake', seat: f.seat, visibleTo: [f.seat], secret: { card: r.val } })
    else c.ev.push({ type: 'reveal', seat: f.seat, card: r.val, to: 'hand' })
    taken++
    f.vars['_t'] = taken
  }
  const rest = me.deck.splice(me.deck.length - (n - taken), n - taken)
  me.deck.unshift(...rng(c).shuffle(rest))
  delete f.vars['_n']
  delete f.vars['_t']
  return true
}

/** Play a card for free from hand and/or trash (no cost paid; its type's play rules still apply). */
function playFreeOp(c: Ctx, f: Frame, op: Extract<Op, { op: 'playFree' }>): boolean {
  const s = c.s
  const me = s.p[f.seat]!
  let k = (f.vars['_k'] as number | undefined) ?? 0
  const n = op.n ?? 1
  while (k < n) {
    let chosen = f.vars['_g'] as number | undefined
    if (chosen === undefined) {
      // a Gear with no friendly Unit or face-up Legend to equip cannot be played (CP-7.18, CP-7.19), so it is not offered
      const gearHost = (!op.otherUnitOnly && me.legends.some((l) => l !== null && l.up)) || me.field.some((un) => !op.otherUnitOnly || un.u !== f.src)
      const ok = (u: number) => {
        const d = def(s, u)
        if (op.onlyVar !== undefined && f.vars[op.onlyVar] !== u) return false
        if (op.notSrc && u === f.src) return false
        if (d.type === 'Gear' && !gearHost) return false
        return d.implemented && d.type !== 'Legend' && (op.type === 'any' || d.type === op.type) && d.cost !== null && d.cost <= op.maxCost && (!op.tag || d.tags.includes(op.tag))
      }
      const zoneOf = (z: string) => (z === 'hand' ? me.hand : z === 'trash' ? me.trash : me.deck.slice(-1))
      const opts: unknown[] = []
      for (const z of op.from) for (const u of zoneOf(z)) if (ok(u)) opts.push(`${z}:${s.cards[u]}`)
      const uniq: unknown[] = [...new Set(opts as string[])].sort()
      if (op.optional && uniq.length) uniq.push('none')
      const r = ask(c, f, f.seat, uniq, `play a ${op.type} for free`)
      if (r.wait) {
        f.vars['_k'] = k
        return false
      }
      if (typeof r.val !== 'string' || r.val === 'none') break
      const [z, id] = r.val.split(':') as [string, string]
      const zone = z === 'hand' ? me.hand : z === 'trash' ? me.trash : me.deck
      const u = zone.find((x) => s.cards[x] === id && ok(x))!
      zone.splice(zone.lastIndexOf(u), 1)
      chosen = u
      if (op.as) f.vars[op.as] = true
      if (op.type === 'Gear') {
        s.limbo.push(u) // revealed and being played
        f.vars['_g'] = u
      }
    }
    const d = def(s, chosen)
    if (d.type === 'Gear') {
      const hosts: number[] = []
      if (!op.otherUnitOnly) for (const l of me.legends) if (l && l.up) hosts.push(l.u)
      for (const un of me.field) if (!op.otherUnitOnly || un.u !== f.src) hosts.push(un.u)
      const r = ask(c, f, f.seat, hosts, 'equip it to')
      if (r.wait) {
        f.vars['_k'] = k
        return false
      }
      s.limbo = s.limbo.filter((x) => x !== chosen)
      delete f.vars['_g']
      if (typeof r.val !== 'number') {
        me.trash.push(chosen) // no legal host: the Gear cannot be played
        k++
        continue
      }
      const host = findUnit(s, r.val)?.[1] ?? findSlot(s, r.val)![2]
      host.gear.push(chosen)
      c.ev.push({ type: 'play', seat: f.seat, card: d.id, uid: chosen, host: r.val, free: true })
      trigger(s, f.seat, chosen, [], 'PLAY')
      blueCheck(s, f.seat, d)
      // played all the same: it is the turn's first CYBERWARE Gear (Viktor Vektor: Drop Your Illusions)
      if (d.tags.includes('CYBERWARE') && !me.once.includes('cyberware-played')) me.once.push('cyberware-played')
    } else if (d.type === 'Unit') {
      me.field.push({ u: chosen, sp: false, lag: true, adr: d.adrenaline, gear: [], tp: 0, blk: false, stole: false, ...(op.grantAttackUnits ? { au: true } : {}) })
      c.ev.push({ type: 'play', seat: f.seat, card: d.id, uid: chosen, free: true })
      trigger(s, f.seat, chosen, [], 'PLAY')
      blueCheck(s, f.seat, d)
    } else {
      const ab = d.abilities.findIndex((a) => a.kind === 'program')
      me.progs++
      me.progDisc = 0 // it is "your next Program" (Alt Cunningham: Soulkiller Architect), free or not
      s.limbo.push(chosen)
      c.ev.push({ type: 'play', seat: f.seat, card: d.id, uid: chosen, free: true })
      // it is played all the same: "when you play a BRAINDANCE Program" triggers (Judy Álvarez: Braindance Maestro)
      if (d.tags.includes('BRAINDANCE')) for (const src of sources(s, f.seat)) trigger(s, f.seat, src.u, [], 'PLAY_BRAINDANCE')
      // the Program resolves now; this effect continues with its next operation afterwards
      delete f.vars['_k']
      f.pc++
      s.frames.push({ seat: f.seat, card: d.id, ab, src: chosen, pc: 0, vars: op.bottom ? { _bottom: true } : {}, prog: chosen })
      return false
    }
    k++
  }
  delete f.vars['_k']
  return true
}

const CUSTOM_OPS: Record<Extract<Op, { op: 'custom' }>['fn'], (c: Ctx, f: Frame) => boolean> = {
  /** Kerry Eurodyne: Axe, Attitude, Audience — may reroll a Gig just rolled in from the fixer area (once) */
  kerryReroll(c, f) {
    const d = f.vars['x']
    if (typeof d !== 'number' || !c.s.p[f.seat]!.gigs.includes(d)) return true
    const r = ask(c, f, f.seat, ['reroll', 'keep'], `reroll the d${c.s.dice[d]!.s} showing ${c.s.dice[d]!.v}?`)
    if (r.wait) return false
    if (r.val === 'reroll') {
      const die = c.s.dice[d]!
      die.v = rng(c).die(die.s)
      c.ev.push({ type: 'reroll', seat: f.seat, die: d, value: die.v })
      for (const src of sources(c.s, f.seat)) trigger(c.s, f.seat, src.u, [], 'ROLLED', d, die.v)
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
    if (fu && fu[1].psyHit) defeatUnits(c, [[fu[0], fu[1].u]])
    return true
  },
  altDiscount(c, f) {
    c.s.p[f.seat]!.progDisc++
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
    me.trash.splice(me.trash.indexOf(u), 1)
    me.progs++
    me.progDisc = 0
    s.limbo.push(u)
    c.ev.push({ type: 'play', seat: f.seat, card, uid: u, fromTrash: true })
    if (d.tags.includes('BRAINDANCE')) for (const src of sources(s, f.seat)) trigger(s, f.seat, src.u, [], 'PLAY_BRAINDANCE')
    f.pc++
    s.frames.push({ seat: f.seat, card, ab: d.abilities.findIndex((a) => a.kind === 'program'), src: u, pc: 0, vars: { _bottom: true }, prog: u })
    return false
  },
  grantAttackUnits(c, f) {
    const t = f.vars['t']
    const fu = typeof t === 'number' ? findUnit(c.s, t) : null
    if (fu) fu[1].au = true
    return true
  },
  /** River Ward: look at the top 2 cards and trash 1 of them */
  searchTrash1(c, f) {
    const s = c.s
    const me = s.p[f.seat]!
    const top = me.deck.slice(-2)
    const r = ask(c, f, f.seat, [...new Set(top.map((u) => s.cards[u]!))].sort(), 'trash one of the top 2 cards', top.map((u) => s.cards[u]!))
    if (r.wait) return false
    if (typeof r.val === 'string') {
      const i = me.deck.lastIndexOf(top.find((u) => s.cards[u] === r.val)!)
      const [u] = me.deck.splice(i, 1)
      me.trash.push(u!)
      c.ev.push({ type: 'trashTop', seat: f.seat, cards: [r.val] })
    }
    return true
  },
  /** The Relic: bottom-deck the host Unit from the trash */
  bottomSelfFromTrash(c, f) {
    const me = c.s.p[c.s.owner[f.src]!]!
    const i = me.trash.indexOf(f.src)
    if (i >= 0) {
      me.trash.splice(i, 1)
      me.deck.unshift(f.src)
    }
    return true
  },
  topToHand(c, f) {
    const me = c.s.p[f.seat]!
    const u = me.deck.pop()
    if (u !== undefined) {
      me.hand.push(u)
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
    const from = l ? l.gear : fu ? fu[1].gear : []
    const opts: unknown[] = []
    for (const g of from) for (const u of me.field) if (u.gear.length === 0 && u.u !== f.src) opts.push({ gear: g, unit: u.u })
    const r = ask(c, f, f.seat, opts, 'move a Gear to an unequipped Unit')
    if (r.wait) return false
    if (r.val && typeof r.val === 'object') {
      const { gear, unit } = r.val as { gear: number; unit: number }
      from.splice(from.indexOf(gear), 1)
      const t = findUnit(s, unit)![1]
      t.gear.push(gear)
      if (t.nr === undefined) t.sp = false
      c.ev.push({ type: 'moveGear', seat: f.seat, gear, to: unit, card: s.cards[gear], toCard: s.cards[unit] })
    }
    return true
  },
  /** Panam Palmer: Nomad Cavalry — end of turn: with 5+ equipped friendly Units/Legends, ready them */
  panamReady(c, f) {
    const me = c.s.p[f.seat]!
    const eq = [...me.field.filter((u) => u.gear.length), ...me.legends.filter((l) => l && l.gear.length)] as { sp: boolean; nr?: number }[]
    if (eq.length >= 5) for (const x of eq) if (x.nr === undefined) x.sp = false
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
    if (mode !== 1) fu[1].ar = true
    if (mode !== 0) fu[1].tp += 3
    return true
  },
  /** Yorinobu Arasaka: Steel Dragon — only the turn's first ARASAKA defeat draws (see processDefq) */
  onceIfArasaka(c, f) {
    const me = c.s.p[f.seat]!
    const key = `${f.card}#${f.ab}#${f.src}`
    if (!me.once.includes(`arasaka-defeated:${f.vars['x'] as number}`) || me.once.includes(key)) f.pc = 1e9
    else me.once.push(key)
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
    me.deck.splice(me.deck.length - top.length, top.length)
    c.ev.push({ type: 'reveal', seat: f.seat, cards: top.map((u) => s.cards[u]), to: r.val })
    if (r.val === 'hand') me.hand.push(...top)
    else {
      me.trash.push(...top)
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
    const u = me.deck.pop()!
    c.ev.push({ type: 'reveal', seat: f.seat, card: s.cards[u], named: r.val })
    if (def(s, u).type === r.val) {
      me.hand.push(u)
      me.eSpent = Math.max(0, me.eSpent - 1)
    } else me.trash.push(u)
    return true
  },
  readyVar(c, f) {
    const t = f.vars['t']
    const fu = typeof t === 'number' ? findUnit(c.s, t) : null
    if (fu && fu[1].nr === undefined) fu[1].sp = false
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
    else me.once.push(key)
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
    const me = c.s.p[f.seat]!
    const n = me.legends.filter((l) => l && l.up).length + me.field.filter((u) => def(c.s, u.u).type === 'Legend').length
    if (fu) fu[1].fb = (fu[1].fb ?? 0) + n
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
      me.trash.splice(me.trash.indexOf(u), 1)
      me.hand.push(u)
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
  chromeFang(c, f) {
    c.s.p[f.seat]!.fang = true
    return true
  },
  rebootOptics(c, f) {
    c.s.p[f.seat]!.reboot++
    return true
  },
  /** Viktor Vektor: Sit Down and Relax — search the top 5, take up to 2 Gears with cost <= 2, bottom-deck the rest randomly. */
  viktorSearch(c, f) {
    const s = c.s
    const me = s.p[f.seat]!
    if (f.vars['_n'] === undefined) f.vars['_n'] = Math.min(5, me.deck.length)
    const n = f.vars['_n'] as number
    let taken = (f.vars['_t'] as number | undefined) ?? 0
    while (taken < 2) {
      const top = me.deck.slice(me.deck.length - (n - taken))
      const opts: unknown[] = [
        ...new Set(
          top
            .filter((u) => {
              const d = def(s, u)
              return d.type === 'Gear' && d.cost !== null && d.cost <= 2
            })
            .map((u) => s.cards[u]!),
        ),
      ].sort()
      if (opts.length === 0) break
      opts.push('none')
      const r = ask(c, f, f.seat, opts, 'take a Gear (cost 2 or less)', top.map((u) => s.cards[u]!))
      if (r.wait) return false
      if (r.val === 'none' || r.val === undefined) break
      const idx = me.deck.length - (n - taken) + top.findIndex((u) => s.cards[u] === r.val)
      const [u] = me.deck.splice(idx, 1)
      me.hand.push(u!)
      c.ev.push({ type: 'reveal', seat: f.seat, card: r.val, to: 'hand' })
      taken++
      f.vars['_t'] = taken
    }
    const rest = me.deck.splice(me.deck.length - (n - taken), n - taken)
    me.deck.unshift(...rng(c).shuffle(rest))
    delete f.vars['_n']
    delete f.vars['_t']
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

export function abilityOf(cardId: string, ab: number): Ability {
  return CARDS.get(cardId)!.abilities[ab]!
}

function stepFrame(c: Ctx): void {
  const s = c.s
  const f = s.frames[s.frames.length - 1]!
  const a = abilityOf(f.card, f.ab)
  const ops = a.kind === 'static' ? [] : a.ops
  while (f.pc < ops.length) {
    if (!runOp(c, f, ops[f.pc]!)) return
    if (s.phase === 'over') return
    f.pc++
    f.vars = f.vars // keep
  }
  s.frames.pop()
  if (f.prog !== undefined) {
    // CP-7.37: the Program goes to its owner's trash once resolved
    s.limbo = s.limbo.filter((u) => u !== f.prog)
    if (f.vars['_bottom']) s.p[s.owner[f.prog]!]!.deck.unshift(f.prog)
    else s.p[s.owner[f.prog]!]!.trash.push(f.prog)
  }
}

function pendingKey(p: Pending): string {
  return `${p.card}|${p.ab}|${p.src}`
}

/** CP-10.33: the turn player resolves all of their pending effects first. */
export function pendingResolver(s: State): number {
  // CP-10.35: the player already resolving finishes all of its own pending effects, new ones included
  if (s.res !== undefined && s.res !== null && s.pending.some((p) => p.seat === s.res)) return s.res
  return s.pending.some((p) => p.seat === s.active) ? s.active : 1 - s.active
}

export function pendingChoices(s: State): Pending[] {
  const who = pendingResolver(s)
  const seen = new Set<string>()
  const out: Pending[] = []
  for (const p of s.pending) {
    if (p.seat !== who) continue
    const k = pendingKey(p)
    if (seen.has(k)) continue
    seen.add(k)
    out.push(p)
  }
  return out
}

export function startPending(s: State, id: number): void {
  const i = s.pending.findIndex((p) => p.id === id)
  const [p] = s.pending.splice(i, 1)
  s.res = p!.seat
  const vars: Record<string, number> = {}
  if (p!.x !== undefined) vars['x'] = p!.x
  if (p!.thief !== undefined) vars['thief'] = p!.thief
  s.frames.push({ seat: p!.seat, card: p!.card, ab: p!.ab, src: p!.src, pc: 0, vars })
}

// ---------------------------------------------------------------------------------------------------------------
// Attack
// ---------------------------------------------------------------------------------------------------------------

function attackAlive(s: State, a: Attack): boolean {
  const fa = findUnit(s, a.a)
  if (!fa || fa[0] !== a.seat) return false
  if (a.t >= 0) {
    const ft = findUnit(s, a.t)
    if (!ft || ft[0] === a.seat) return false
    // CP-9.46 (c): a defending Unit that is ready again is no longer a valid target (CP-9.9), unless this attack
    // was allowed against a ready Unit (Gunpoint Diplomacy, Valentino Guerrera: CP-9.3)
    if (!ft[1].sp && !a.rp) return false
  }
  return true
}

export function unblockable(s: State, a: Attack): boolean {
  const fa = findUnit(s, a.a)
  if (!fa) return false
  return hasStatic(s, a.a, fa[1].gear, 'unblockableIfLessCred') && credGreater(cred(s, 1 - a.seat), cred(s, a.seat))
}

function stepAttack(c: Ctx): boolean {
  const s = c.s
  const a = s.attack!
  if (a.step !== 'end' && a.step !== 'defeat' && !attackAlive(s, a)) {
    // CP-9.46 / 9.47: the attack ends early
    c.ev.push({ type: 'attackEnded', early: true })
    s.attack = null
    return true
  }
  switch (a.step) {
    case 'trig':
      a.step = 'react'
      return true
    case 'react':
      if (reactAsked(s, 1 - a.seat)) return false
      a.step = a.t >= 0 ? 'fight' : 'steal'
      return true
    case 'fight': {
      const fa = findUnit(s, a.a)!
      const ft = findUnit(s, a.t)!
      const vsLegend = (me: Unit, other: number) => (def(s, me.u).statics.includes('plus2VsLegend') && def(s, other).type === 'Legend' ? 2 : 0)
      // CP-GAP-8 / CR 2.10.1: "while fighting" modifiers add to the power sum; a negative total counts as 0
      const pa = Math.max(0, powerSum(s, fa[0], fa[1]) + (fa[1].fb ?? 0) + vsLegend(fa[1], a.t))
      const pt = Math.max(0, powerSum(s, ft[0], ft[1]) + (ft[1].fb ?? 0) + vsLegend(ft[1], a.a))
      let aLoses = pa <= pt
      let tLoses = pt <= pa
      // CR 9.17.4: card text that wins a fight overrides the comparison
      const aWinsAll = hasStatic(s, a.a, fa[1].gear, 'winsVsCorpo') && def(s, a.t).tags.includes('CORPO')
      const tWinsAll = hasStatic(s, a.t, ft[1].gear, 'winsVsCorpo') && def(s, a.a).tags.includes('CORPO')
      if (aWinsAll && !tWinsAll) {
        aLoses = false
        tLoses = true
      } else if (tWinsAll && !aWinsAll) {
        aLoses = true
        tLoses = false
      }
      let tDef = tLoses && pa > 0 // CR 9.19.2: 0 power defeats nothing
      let aDef = aLoses && pt > 0
      const D = s.p[ft[0]]!
      const A = s.p[fa[0]]!
      if (D.reboot > 0) {
        D.reboot--
        tDef = false
      }
      if (A.reboot > 0) {
        A.reboot--
        aDef = false
      }
      if (fa[1].nd) aDef = false
      if (ft[1].nd) tDef = false
      c.ev.push({ type: 'fight', attacker: a.a, defender: a.t, cards: [s.cards[a.a], s.cards[a.t]], powers: [pa, pt], winner: aLoses && tLoses ? null : aLoses ? a.t : a.a })
      if (!aLoses) trigger(s, fa[0], fa[1].u, fa[1].gear, 'WIN_FIGHT')
      if (!tLoses) trigger(s, ft[0], ft[1].u, ft[1].gear, 'WIN_FIGHT')
      if (aLoses) trigger(s, fa[0], fa[1].u, fa[1].gear, 'LOSE_FIGHT', a.t)
      if (tLoses) trigger(s, ft[0], ft[1].u, ft[1].gear, 'LOSE_FIGHT', a.a)
      // Safety Override: "the next time a friendly Unit loses a fight this turn, defeat the opposing rival Unit" is a
      // delayed effect that goes pending with the fight triggers (CR 9.18) and defeats by effect, not in the fight, so
      // "can't be defeated in a fight" (Muamar Reyes) and Reboot Optics do not stop it; every copy played waits for
      // the same next loss
      for (const [P, seat, loser, opp, loses] of [[A, fa[0], a.a, a.t, aLoses], [D, ft[0], a.t, a.a, tLoses]] as const) {
        if (!loses || P.so <= 0) continue
        for (let i = 0; i < P.so; i++) pushPending(s, seat, 'safety-override', 1, loser, opp)
        P.so = 0
      }
      fa[1].fought = true
      ft[1].fought = true
      for (const u of [fa[1], ft[1]]) if (u.psy) u.psyHit = true
      // Appetite for Destruction: the next friendly win by 3+ also steals a Gig
      for (const [w, win, lose] of [[fa[0], pa, pt], [ft[0], pt, pa]] as const) {
        const P = s.p[w]!
        const winner = w === fa[0] ? fa[1] : ft[1]
        if (P.afd > 0 && win - lose >= 3 && ((w === fa[0] && !aLoses) || (w === ft[0] && !tLoses))) {
          P.afd--
          pushPending(s, w, 'appetite-for-destruction', 1, winner.u)
        }
      }
      a.res = [aDef, tDef]
      a.step = 'defeat'
      return true
    }
    case 'defeat': {
      const list: [number, number][] = []
      if (a.res![0]) list.push([a.seat, a.a])
      if (a.res![1]) list.push([1 - a.seat, a.t])
      defeatUnits(c, list)
      a.step = 'end'
      return true
    }
    case 'steal': {
      const fa = findUnit(s, a.a)!
      const P = unitPower(s, fa[0], fa[1])
      if (a.n === undefined) {
        a.n = P <= 0 ? 0 : Math.floor(P / 10) + 1 // CP-9.42 / 9.43
        a.n = Math.max(0, a.n - (fa[1].sf ?? 0))
        a.picked = []
      }
      const D = s.p[1 - a.seat]!
      const picked = a.picked!
      const isLegend = def(s, a.a).type === 'Legend'
      const blocked = a.blocked ?? []
      const eligible = D.gigs.filter((d) => !picked.includes(d) && !blocked.includes(d) && !(D.fang && s.dice[d]!.v > P) && !(D.wb && isLegend && s.dice[d]!.v < P))
      const left = a.n - picked.length - blocked.length
      if (left > 0 && eligible.length > 0) {
        if (eligible.length <= left) picked.push(...eligible)
        else {
          const seen = new Set<string>()
          const opts: number[] = []
          for (const d of eligible) {
            const k = `${s.dice[d]!.s}/${s.dice[d]!.v}`
            if (!seen.has(k)) {
              seen.add(k)
              opts.push(d)
            }
          }
          if (opts.length === 1) picked.push(opts[0]!)
          else {
            s.prompt = { seat: a.seat, kind: 'steal', opts, label: 'choose a Gig to steal' }
            return false
          }
        }
        return true
      }
      // CR 9.23.4: "would steal" replacements of the defending player (optional: a decision per Gig)
      a.pi = a.pi ?? 0
      while (a.pi < picked.length) {
        const d = picked[a.pi]!
        if (a.prev !== undefined) {
          const ans = a.prev
          delete a.prev
          if (typeof ans === 'string' && ans !== 'none') {
            const h = D.hand.findIndex((u) => s.cards[u] === ans)
            const [u] = D.hand.splice(h, 1)
            toTrashOrRemove(s, u!)
            c.ev.push({ type: 'discard', seat: 1 - a.seat, card: ans })
            c.ev.push({ type: 'stealPrevented', die: d })
            picked.splice(a.pi, 1)
            a.blocked = [...(a.blocked ?? []), d]
            continue
          }
          a.pi++
          continue
        }
        const opts = preventOptions(s, 1 - a.seat, s.dice[d]!.v)
        if (opts) {
          s.prompt = { seat: 1 - a.seat, kind: 'prevent', opts, label: `discard a card costing ${s.dice[d]!.v} so that this Gig is not stolen?` }
          return false
        }
        a.pi++
      }
      const A = s.p[a.seat]!
      noteBelowSteal(s, a.seat, fa[1], picked)
      for (const d of picked) {
        D.gigs.splice(D.gigs.indexOf(d), 1)
        A.gigs.push(d)
      }
      if (picked.length) {
        // "the first time this Unit steals … each turn" counts the turn's steals, also those made before a Gear was equipped
        const first = !fa[1].stole
        fa[1].stole = true
        if (fa[1].psy) fa[1].psyHit = true
        c.ev.push({ type: 'steal', seat: a.seat, attacker: a.a, card: s.cards[a.a], dice: picked.map((d) => ({ die: d, size: s.dice[d]!.s, value: s.dice[d]!.v })) })
        // CP-11.5: one trigger per stolen Gig
        trigger(s, a.seat, fa[1].u, fa[1].gear, 'STEAL_EVENT', picked[0], first ? 1 : 0)
        for (const src of sources(s, a.seat)) trigger(s, a.seat, src.u, [], 'FRIENDLY_STEAL_EVENT', picked[0], fa[1].u)
        for (const d of picked) {
          trigger(s, a.seat, fa[1].u, fa[1].gear, 'STEAL', d)
          for (const src of sources(s, a.seat)) trigger(s, a.seat, src.u, [], 'FRIENDLY_STEAL', d, fa[1].u)
        }
      }
      a.step = 'end'
      return true
    }
    case 'end':
      s.attack = null
      c.ev.push({ type: 'attackEnded' })
      return true
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Turn structure
// ---------------------------------------------------------------------------------------------------------------

export function rollOptions(s: State, seat: number): number[] {
  const f = s.p[seat]!.fixer
  if (f.length <= 1) return [...f]
  return f.filter((d) => s.dice[d]!.s !== 20) // CP-8.19: the d20 only when last
}

function stepStart(c: Ctx): boolean {
  const s = c.s
  const seat = s.active
  const p = s.p[seat]!
  switch (s.step) {
    case 0: {
      const both = s.p[0]!.fixer.length === 0 && s.p[1]!.fixer.length === 0
      s.streak = both ? s.streak + 1 : 0
      c.ev.push({ type: 'turnStart', seat, turn: s.turn })
      if (p.gigs.length >= 7) {
        finish(c, [seat], 'seven-gigs') // CP-8.12
        return true
      }
      s.step = 1
      return true
    }
    case 1:
      p.fang = false // CP-8.13 effects "until your next turn" end
      p.wb = false
      for (const q of s.p)
        for (const u of q.field) {
          if (u.na === seat) delete u.na
          if (u.nr === seat) delete u.nr
        }
      for (const src of sources(s, seat)) trigger(s, seat, src.u, src.gear, 'START_OF_TURN') // CP-8.14
      s.step = 2
      return true
    case 2:
      // CP-8.15; CR 7.7.4: the first player's two spent Legends do not ready on the starting turn
      if (s.turn > 1) {
        for (const l of p.legends) if (l) l.sp = false
        for (const u of p.field) if (u.nr === undefined) u.sp = false
        p.eSpent = 0
      }
      s.step = 3
      return true
    case 3:
      drawCards(c, seat, 1)
      s.step = 4
      return true
    case 4: {
      const opts = rollOptions(s, seat)
      if (opts.length === 0) {
        s.step = 5
        return true
      }
      if (opts.length === 1) {
        rollDie(c, seat, opts[0]!)
        s.step = 5
        return true
      }
      s.prompt = { seat, kind: 'roll', opts, label: 'choose a Gig die to roll' }
      return false
    }
    default:
      s.phase = 'main'
      s.step = 0
      return true
  }
}

function stepEnd(c: Ctx): void {
  const s = c.s
  const seat = s.active
  if (s.step === 0) {
    // CP-8.39: end-of-turn triggers and the delayed "at the end of this turn" effects of both players (a Cyberpsychosis
    // played as a reaction in the rival's turn ends with this turn); the turn player resolves its own first (CP-10.33)
    for (const src of sources(s, seat)) trigger(s, seat, src.u, src.gear, 'END_OF_TURN')
    for (const w of [seat, 1 - seat]) {
      const q = s.p[w]!
      for (const [card, ab, src] of q.delayed) pushPending(s, w, card, ab, src)
      q.delayed = []
    }
    s.step = 1
    return
  }
  // CP-8.40: "this turn" effects end; Lag ends for all Units (CR 11.3.2)
  for (const q of s.p) {
    for (const u of q.field) {
      u.tp = 0
      u.blk = false
      u.stole = false
      u.lag = false
      delete u.nd
      delete u.sf
      delete u.fb
      delete u.au
      delete u.ar
      delete u.fought
      delete u.psy
      delete u.psyHit
      if (u.ma === 'next' && q === s.p[seat]) delete u.ma
    }
    q.reboot = 0
    q.sold = false
    q.called = false
    q.blue = 0
    q.arasakaAtk = 0
    q.progs = 0
    q.once = []
    q.so = 0
    q.afd = 0
    q.soloDisc = 0
    q.progDisc = 0
  }
  c.ev.push({ type: 'turnEnd', seat })
  // CP-8.41 / CR 1.11.1: Overtime
  if (!s.ot && s.streak >= 2) {
    s.ot = true
    c.ev.push({ type: 'overtime' })
  }
  s.active = 1 - seat
  s.turn++
  s.phase = 'start'
  s.step = 0
}

/** Runs forced steps until a player must decide (or the game ends). */
export function advance(c: Ctx): void {
  const s = c.s
  for (let guard = 0; guard < 100000; guard++) {
    if (s.phase === 'over') return
    if (s.ot) {
      // CR 1.11: in Overtime 7+ Gigs win at any moment
      for (let seat = 0; seat < 2; seat++)
        if (s.p[seat]!.gigs.length >= 7) {
          finish(c, [seat], 'overtime-seven-gigs')
          return
        }
    }
    // CP-10.33 / 10.35: "the player resolving" lasts while effects resolve; once none resolves or waits, the window
    // is over and the next one starts with the turn player again
    if (!s.frames.length && !s.pending.length) {
      if (s.res !== undefined && s.res !== null) s.res = null
      if (s.lki) delete s.lki
    }
    if (s.prompt) return
    if (s.defq) {
      processDefq(c)
      continue
    }
    if (s.frames.length) {
      stepFrame(c)
      continue
    }
    if (s.pending.length) {
      const ch = pendingChoices(s)
      if (ch.length > 1) return
      startPending(s, ch[0]!.id)
      continue
    }
    if (s.attack) {
      if (!stepAttack(c)) return
      continue
    }
    if (s.phase === 'start') {
      if (!stepStart(c)) return
      continue
    }
    if (s.phase === 'end') {
      stepEnd(c)
      continue
    }
    return
  }
  throw new Error('advance did not settle')
}

// ---------------------------------------------------------------------------------------------------------------
// Decisions
// ---------------------------------------------------------------------------------------------------------------

/** The seat that must decide now, or -1. */
export function decider(s: State): number {
  if (s.phase === 'over') return -1
  if (s.prompt) return s.prompt.seat
  if (s.frames.length || s.defq) return -1
  if (s.pending.length) return pendingResolver(s)
  if (s.phase === 'choose') return s.chooser
  if (s.phase === 'mull') return s.step
  if (s.attack) return s.attack.step === 'react' ? 1 - s.attack.seat : -1
  if (s.phase === 'main') return s.active
  return -1
}

function canAttackWith(s: State, seat: number, un: Unit): boolean {
  if (un.sp) return false // CP-9.6
  if (un.na !== undefined) return false
  if (hasStatic(s, un.u, un.gear, 'cantAttack')) return false
  if (hasStatic(s, un.u, un.gear, 'needsProgramToAttack') && s.p[seat]!.progs === 0) return false
  if (un.lag) {
    if (staticCount(s, 1 - seat, 'suppressNewRivals') > 0) return false
    if (!un.adr && !lagPermission(s, seat, un)) return false // CP-9.7
  }
  return true
}

/** ADRENALINE granted by a Gear, or a permission to attack some targets the turn it is played (CP-9.4) */
function lagPermission(s: State, seat: number, un: Unit): boolean {
  if (adrFromGear(s, seat, un)) return true
  if (hasStatic(s, un.u, un.gear, 'attackUnitsWhenPlayed') || un.au) return true
  if (hasStatic(s, un.u, un.gear, 'attackGigsWhenPlayedIfBehind') && s.p[1 - seat]!.gigs.length > s.p[seat]!.gigs.length) return true
  return false
}

function adrFromGear(s: State, seat: number, un: Unit): boolean {
  return hasStatic(s, un.u, un.gear, 'adrIfBehind') && s.p[1 - seat]!.gigs.length - s.p[seat]!.gigs.length >= 2
}

export function attackTargets(s: State, seat: number, un: Unit): (number | 'gigs')[] {
  const out: (number | 'gigs')[] = []
  let units = true
  let gigs = !hasStatic(s, un.u, un.gear, 'onlyAttackUnits')
  if (un.lag && !un.adr && !adrFromGear(s, seat, un)) {
    // only the specific permission applies (CP-9.4)
    units = hasStatic(s, un.u, un.gear, 'attackUnitsWhenPlayed') || un.au === true
    gigs = gigs && hasStatic(s, un.u, un.gear, 'attackGigsWhenPlayedIfBehind')
  }
  const readyBlockers = hasStatic(s, un.u, un.gear, 'attackReadyBlockersIfAhead') && credGreater(cred(s, seat), cred(s, 1 - seat))
  if (units) for (const t of s.p[1 - seat]!.field) if (t.sp || un.ar || (readyBlockers && hasBlocker(s, t))) out.push(t.u) // CP-9.9
  if (gigs && s.p[1 - seat]!.gigs.length > 0) out.push('gigs') // CP-9.10 / 9.11
  return out
}

function playableFromHand(s: State, seat: number, quickOnly: boolean, memo: number[][][] = []): Action[] {
  const p = s.p[seat]!
  const out: Action[] = []
  let hosts: number[] | null = null
  const seen = new Set<string>()
  for (const u of p.hand) {
    const id = s.cards[u]!
    if (seen.has(id)) continue
    seen.add(id)
    const d = CARDS.get(id)!
    if (!d.implemented || d.cost === null || d.type === 'Legend') continue
    if (quickOnly && !(d.type === 'Program' && d.quick)) continue
    const cost = playCost(s, seat, d)
    if (!canPay(s, seat, cost)) continue
    const sets = paySets(s, seat, cost, memo)
    if (d.type === 'Gear') {
      if (!hosts) {
        hosts = []
        for (const l of p.legends) if (l && l.up) hosts.push(l.u)
        for (const un of p.field) hosts.push(un.u)
      }
      for (const h of hosts) for (const ps of sets) out.push({ type: 'play', card: id, pay: ps, host: h })
    } else for (const ps of sets) out.push({ type: 'play', card: id, pay: ps })
  }
  return out
}

/** CR 5.7.3: a Call costs 1 €$, nothing on its own turn with a free-Call Legend (T-Bug). */
export function callCost(s: State, seat: number): number {
  return s.active === seat && staticCount(s, seat, 'freeCallOwnTurn') > 0 ? 0 : 1
}

function callActions(s: State, seat: number): Action[] {
  const p = s.p[seat]!
  if (p.called) return []
  const free = callCost(s, seat) === 0
  if (!free && !canPay(s, seat, 1)) return []
  const out: Action[] = []
  const sets = free ? [[]] : paySets(s, seat, 1)
  for (const slot of faceDownSlots(p)) for (const ps of sets) out.push({ type: 'call', slot, pay: ps })
  return out
}

/** The €$ part of an activation cost (Johnny Silverhand: Rocking Renegade may reduce it to 0). */
export function activationCost(s: State, seat: number, a: Extract<Ability, { kind: 'activated' }>): number {
  if (!a.lessPerGig8) return a.eddies
  return Math.max(0, a.eddies - friendlyGigValues(s, seat).filter((v) => v >= 8).length)
}

function activateFrom(s: State, seat: number, u: number, gear: number[], sp: boolean, lag: boolean, quickOnly: boolean, out: Action[]): void {
  const list: [number, number, Extract<Ability, { kind: 'activated' }>][] = []
  const d = def(s, u)
  if (d.hasActivated) d.abilities.forEach((a, i) => a.kind === 'activated' && !a.inherit && list.push([u, i, a]))
  for (const g of gear) {
    const gd = def(s, g)
    if (gd.hasActivated) gd.abilities.forEach((a, i) => a.kind === 'activated' && a.inherit && list.push([g, i, a]))
  }
  for (const [src, i, a] of list) {
    if (quickOnly && !a.quick) continue
    if (a.spend && (sp || lag)) continue // CP-8.36
    const cost = activationCost(s, seat, a)
    if (!canPay(s, seat, cost)) continue
    // a Legend spent as the cost cannot also pay €$ for the same activation
    const own = a.spend ? s.p[seat]!.legends.findIndex((l) => l?.u === u) : -1
    for (const ps of paySets(s, seat, cost)) if (own < 0 || !ps.includes(own)) out.push({ type: 'activate', src, ab: i, pay: ps })
  }
}

function activateActions(s: State, seat: number, quickOnly: boolean): Action[] {
  const p = s.p[seat]!
  const out: Action[] = []
  if (!quickOnly || s.opts.quickInLegendsArea) for (const l of p.legends) if (l && l.up) activateFrom(s, seat, l.u, l.gear, l.sp, false, quickOnly, out)
  for (const un of p.field) activateFrom(s, seat, un.u, un.gear, un.sp, un.lag, quickOnly, out)
  return out
}

/** Whether `seat` opted in to auto-passing (`setAutoPass`). */
export function autoPasses(s: State, seat: number): boolean {
  return s.auto?.includes(seat) ?? false
}

/** The cheapest €$ a QUICK Program can be played for (printed cost, or what a reduction may bring it to: CR 11.8.3). */
const QUICK_MIN = Math.min(
  ...[...CARDS.values()].filter((d) => d.implemented && d.type === 'Program' && d.quick).map((d) => Math.min(d.cost ?? 0, d.altCost?.cost ?? Infinity, d.costPer?.min ?? Infinity, 1)),
)

/** Every printed cost a card in a hand may have: a Gig of another value has no card to discard for it (Mother of Daemons). */
const HAND_COSTS = new Set([...CARDS.values()].flatMap((d) => (d.type !== 'Legend' && d.cost !== null ? [d.cost] : [])))

/**
 * CP-9.23: whether the defender is asked in the React Step. It depends only on what its rival sees (issue 10): a
 * public reaction (a Call, a BLOCKER, a QUICK ability), or a card in hand with enough €$ for the cheapest QUICK
 * Program — so a defender asked without a real answer has only `endReactions`. A seat that opted in to auto-passing
 * is asked only when it has a real answer.
 */
export function reactAsked(s: State, seat: number): boolean {
  if (reactActions(s, seat).length > 1) return true
  return !autoPasses(s, seat) && s.p[seat]!.hand.length > 0 && canPay(s, seat, QUICK_MIN)
}

/**
 * CR 9.23.4 (Alt Cunningham: Mother of Daemons): what `seat` may discard so that a Gig of value `v` is not stolen, 'none'
 * last, or null when it is not asked. Asked whenever the ability is in play, the hand is not empty and some card costs
 * `v`, whatever the hand holds (issue 10); with auto-pass on, only when a card of that cost is in hand.
 */
function preventOptions(s: State, seat: number, v: number): unknown[] | null {
  if (staticCount(s, seat, 'altPreventSteal') === 0) return null
  const hand = s.p[seat]!.hand
  if (!hand.length || !HAND_COSTS.has(v)) return null
  const opts: unknown[] = [...new Set(hand.filter((u) => def(s, u).cost === v).map((u) => s.cards[u]!))].sort()
  if (!opts.length && autoPasses(s, seat)) return null
  return [...opts, 'none']
}

/** The auto-pass switch, offered at the seat's mulligan and open Main Phase, once per turn (so no bot flips it forever). */
function autoPassActions(s: State, seat: number): Action[] {
  return s.autoTurn?.[seat] === s.turn ? [] : [{ type: 'setAutoPass', on: !autoPasses(s, seat) }]
}

export function reactActions(s: State, seat: number): Action[] {
  const a = s.attack!
  const out: Action[] = []
  out.push(...callActions(s, seat))
  if (!unblockable(s, a)) for (const un of s.p[seat]!.field) if (!un.sp && un.u !== a.t && hasBlocker(s, un)) out.push({ type: 'block', unit: un.u })
  out.push(...activateActions(s, seat, true))
  out.push(...playableFromHand(s, seat, true))
  out.push({ type: 'endReactions' })
  return out
}

/** The €$ to pay for a card from hand: printed cost with its own reductions (CP-3.4: the printed cost is unchanged). */
export function playCost(s: State, seat: number, d: CardDef): number {
  let base = d.cost ?? 0
  const p0 = s.p[seat]!
  if (d.type === 'Gear' && d.tags.includes('CYBERWARE') && !p0.once.includes('cyberware-played')) {
    const n = staticCount(s, seat, 'firstCyberwareDiscount')
    if (n > 0) base = Math.max(Math.min(base, 1), base - 3 * n)
  }
  if (d.altCost && evalCondFor(s, seat, d.altCost.if)) base = Math.min(base, d.altCost.cost)
  if (d.type === 'Program' && p0.progDisc > 0) {
    const mins = friendlyGigValues(s, seat).filter((v) => v === 1).length * p0.progDisc
    base = Math.max(Math.min(base, 1), base - mins)
  }
  const cp = d.costPer
  if (!cp) return base
  const p = s.p[seat]!
  let n = 0
  if (cp.per === 'gig8') n = friendlyGigValues(s, seat).filter((v) => v >= 8).length
  else if (cp.per === 'trashUnit') n = p.trash.filter((u) => def(s, u).type === 'Unit').length
  else n = p.legends.filter((l) => l && l.up).length + p.field.filter((u) => def(s, u.u).type === 'Legend').length
  return Math.max(Math.min(cp.min, base), base - n) // CR 11.8.3
}

/** GO SOLO cost: printed cost, +2 for each rival Riot Shield (CR 11.25). */
export function soloCost(s: State, seat: number, cost: number): number {
  let n = 0
  for (const un of s.p[1 - seat]!.field) for (const g of un.gear) if (def(s, g).statics.includes('rivalGoSoloTax')) n++
  for (const l of s.p[1 - seat]!.legends) if (l) for (const g of l.gear) if (def(s, g).statics.includes('rivalGoSoloTax')) n++
  const disc = s.p[seat]!.soloDisc
  return Math.max(Math.min(cost, 1), cost - 2 * disc) + 2 * n
}

function mainActions(s: State, seat: number): Action[] {
  const p = s.p[seat]!
  const out: Action[] = []
  // Mox Inciters / Evelyn Parker: a Unit that must attack this turn keeps the turn open while it can attack
  if (!p.field.some((u) => u.ma && canAttackWith(s, seat, u) && attackTargets(s, seat, u).length > 0)) out.push({ type: 'pass' })
  const memo: number[][][] = []
  if (!p.sold) {
    const seen = new Set<string>()
    for (const u of p.hand) {
      const id = s.cards[u]!
      if (!seen.has(id) && CARDS.get(id)!.sell) out.push({ type: 'sell', card: id })
      seen.add(id)
    }
  }
  out.push(...callActions(s, seat))
  out.push(...playableFromHand(s, seat, false, memo))
  p.legends.forEach((l, slot) => {
    if (!l || !l.up) return
    const d = def(s, l.u)
    if (d.cost === null) return // CP-7.13
    for (const ps of paySets(s, seat, d.cost, memo)) out.push({ type: 'legend', slot, solo: false, pay: ps })
    if (d.goSolo) for (const ps of paySets(s, seat, soloCost(s, seat, d.cost), memo)) out.push({ type: 'legend', slot, solo: true, pay: ps })
  })
  out.push(...activateActions(s, seat, false))
  for (const un of p.field) {
    if (!canAttackWith(s, seat, un)) continue
    for (const t of attackTargets(s, seat, un)) out.push({ type: 'attack', unit: un.u, target: t })
  }
  out.push(...autoPassActions(s, seat))
  return out
}

// A one-entry memo: a client lists the legal actions of a state and then applies one of them to that same state.
let memoState: State | null = null
let memoSeat = -1
let memoList: Action[] = []

/** Legal actions, memoised for the last state object asked about (states are never mutated once returned). */
export function listActions(s: State, seat: number): Action[] {
  if (s === memoState && seat === memoSeat) return memoList
  const out = computeActions(s, seat)
  memoState = s
  memoSeat = seat
  memoList = out
  return out
}

function computeActions(s: State, seat: number): Action[] {
  if (decider(s) !== seat) return []
  let out: Action[]
  if (s.prompt) out = s.prompt.opts.map((o) => ({ type: 'choose', pick: o }) as Action)
  else if (s.pending.length) out = pendingChoices(s).map((p) => ({ type: 'resolve', id: p.id }))
  else if (s.phase === 'choose') out = [{ type: 'goFirst', first: true }, { type: 'goFirst', first: false }]
  else if (s.phase === 'mull') out = [{ type: 'mulligan', redraw: false }, { type: 'mulligan', redraw: true }, ...autoPassActions(s, seat)]
  else if (s.attack) out = reactActions(s, seat)
  else out = mainActions(s, seat)
  if (s.opts.concedeListed) out.push({ type: 'concede' })
  return out
}

// ---------------------------------------------------------------------------------------------------------------
// Doing an action (already validated)
// ---------------------------------------------------------------------------------------------------------------

function takeFromHand(s: State, seat: number, id: string): number {
  const h = s.p[seat]!.hand
  const i = h.findIndex((u) => s.cards[u] === id)
  return h.splice(i, 1)[0]!
}

/** Jackie Welles: Pour One Out For Me — counts Blue Units and Gears played (a Legend played to the field is played as a Unit, CP-7.10). */
function blueCheck(s: State, seat: number, d: CardDef, asUnit = false): void {
  if (d.color !== 'Blue' || (d.type !== 'Unit' && d.type !== 'Gear' && !asUnit)) return
  const p = s.p[seat]!
  p.blue++
  if (p.blue === 1) for (const src of sources(s, seat)) trigger(s, seat, src.u, [], 'FIRST_BLUE_PLAY')
}

function drawSix(c: Ctx, seat: number): void {
  drawCards(c, seat, 6)
}

export function perform(c: Ctx, seat: number, act: Action): void {
  const s = c.s
  const p = s.p[seat]!
  switch (act.type) {
    case 'concede':
      resignGame(c, seat)
      return
    case 'goFirst': {
      s.first = act.first ? seat : 1 - seat
      c.ev.push({ type: 'firstPlayer', seat: s.first, chosenBy: seat })
      const fp = s.p[s.first]!
      fp.legends[0]!.sp = true // CR 7.7.4
      fp.legends[1]!.sp = true
      drawSix(c, s.first)
      drawSix(c, 1 - s.first)
      s.phase = 'mull'
      s.step = s.first
      return
    }
    case 'mulligan': {
      if (act.redraw) {
        p.deck.push(...p.hand)
        p.hand = []
        p.deck = rng(c).shuffle(p.deck)
        c.ev.push({ type: 'mulligan', seat })
        drawSix(c, seat)
      }
      if (seat === s.first) s.step = 1 - s.first
      else {
        s.phase = 'start'
        s.active = s.first
        s.turn = 1
        s.step = 0
      }
      return
    }
    case 'choose': {
      const pr = s.prompt!
      s.prompt = null
      if (pr.kind === 'op') s.frames[s.frames.length - 1]!.ans = act.pick
      else if (pr.kind === 'repl') s.defq!.ans = act.pick
      else if (pr.kind === 'prevent') s.attack!.prev = act.pick
      else if (pr.kind === 'roll') {
        rollDie(c, seat, act.pick as number)
        s.step = 5
      } else if (pr.kind === 'steal') s.attack!.picked!.push(act.pick as number)
      return
    }
    case 'resolve':
      startPending(s, act.id)
      return
    case 'pass':
      c.ev.push({ type: 'pass', seat })
      s.phase = 'end'
      s.step = 0
      return
    case 'sell': {
      const u = takeFromHand(s, seat, act.card)
      p.eddies.push(u) // CP-8.29: face-down and ready
      p.sold = true
      c.ev.push({ type: 'sell', seat, card: act.card })
      return
    }
    case 'call':
      if (callCost(s, seat) > 0) pay(c, seat, act.pay, 1)
      callLegend(c, seat, act.slot)
      return
    case 'play': {
      const d = CARDS.get(act.card)!
      const cost = playCost(s, seat, d)
      const u = takeFromHand(s, seat, act.card)
      pay(c, seat, act.pay, cost)
      c.ev.push({ type: 'play', seat, card: act.card, uid: u, ...(act.host !== undefined ? { host: act.host } : {}) })
      if (d.type === 'Unit') {
        p.field.push({ u, sp: false, lag: true, adr: d.adrenaline, gear: [], tp: 0, blk: false, stole: false })
        trigger(s, seat, u, [], 'PLAY')
        blueCheck(s, seat, d)
      } else if (d.type === 'Gear') {
        const host = findUnit(s, act.host!)?.[1] ?? findSlot(s, act.host!)![2]
        host.gear.push(u)
        trigger(s, seat, u, [], 'PLAY')
        blueCheck(s, seat, d)
        if (d.tags.includes('CYBERWARE') && !p.once.includes('cyberware-played')) p.once.push('cyberware-played')
      } else {
        // CP-7.35: the Program is outside every area while it resolves
        const ab = d.abilities.findIndex((a) => a.kind === 'program')
        p.progs++
        p.progDisc = 0
        if (d.tags.includes('BRAINDANCE')) for (const src of sources(s, seat)) trigger(s, seat, src.u, [], 'PLAY_BRAINDANCE')
        s.limbo.push(u)
        s.frames.push({ seat, card: d.id, ab, src: u, pc: 0, vars: {}, prog: u })
      }
      return
    }
    case 'legend': {
      const l = p.legends[act.slot]!
      const d = def(s, l.u)
      pay(c, seat, act.pay, act.solo ? soloCost(s, seat, d.cost!) : d.cost!)
      // Nocturne: "A friendly Legend may use GO SOLO for -2 €$ this turn" — one Legend's GO SOLO uses the discount
      if (act.solo) p.soloDisc = 0
      p.legends[act.slot] = null
      // CP-7.11: same orientation; GO SOLO: ready and may attack this turn (CR 11.25)
      p.field.push({ u: l.u, sp: act.solo ? false : l.sp, lag: true, adr: act.solo, gear: l.gear, tp: 0, blk: false, stole: false })
      c.ev.push({ type: 'legendToField', seat, card: d.id, uid: l.u, solo: act.solo })
      trigger(s, seat, l.u, l.gear, 'PLAY')
      blueCheck(s, seat, d, true) // played as a Unit (CP-7.3, CP-7.10)
      return
    }
    case 'activate': {
      const a = def(s, act.src).abilities[act.ab]!
      if (a.kind !== 'activated') return
      // an inherited (Gear bottom box) ability is the host's: the host is spent and is "this Unit"
      const hostUid = a.inherit ? hostOf(s, act.src)! : act.src
      pay(c, seat, act.pay, activationCost(s, seat, a))
      if (a.spend) {
        const fu = findUnit(s, hostUid)
        if (fu) spendUnit(c, seat, fu[1])
        else spendLegend(c, seat, findSlot(s, hostUid)![2])
      }
      c.ev.push({ type: 'activate', seat, card: s.cards[act.src], uid: act.src })
      s.frames.push({ seat, card: s.cards[act.src]!, ab: act.ab, src: hostUid, pc: 0, vars: {} })
      return
    }
    case 'attack': {
      const un = findUnit(s, act.unit)![1]
      const tu = act.target === 'gigs' ? null : findUnit(s, act.target)
      s.attack = { a: un.u, seat, t: act.target === 'gigs' ? -1 : act.target, step: 'trig', ...(tu && !tu[1].sp ? { rp: true } : {}) }
      c.ev.push({ type: 'attack', seat, attacker: un.u, target: act.target, card: s.cards[un.u], ...(act.target === 'gigs' ? {} : { targetCard: s.cards[act.target] }) })
      delete un.ar
      delete un.ma // "must attack next turn if it can" (Mox Inciters, Evelyn Parker): this attack fulfils it
      spendUnit(c, seat, un) // CP-9.12
      trigger(s, seat, un.u, un.gear, 'ATTACK') // CP-9.20
      if (def(s, un.u).tags.includes('ARASAKA')) {
        p.arasakaAtk++
        if (p.arasakaAtk === 1) for (const src of sources(s, seat)) trigger(s, seat, src.u, [], 'FIRST_ARASAKA_ATTACK')
      }
      return
    }
    case 'block': {
      const un = findUnit(s, act.unit)![1]
      s.attack!.t = un.u // CP-9.27
      c.ev.push({ type: 'block', seat, unit: un.u, card: s.cards[un.u] })
      spendUnit(c, seat, un)
      trigger(s, seat, un.u, un.gear, 'BLOCK')
      for (const src of sources(s, seat)) trigger(s, seat, src.u, [], 'FRIENDLY_BLOCK', un.u)
      return
    }
    case 'endReactions':
      s.attack!.step = s.attack!.t >= 0 ? 'fight' : 'steal'
      return
    case 'setAutoPass': {
      const others = (s.auto ?? []).filter((x) => x !== seat)
      s.auto = act.on ? [...others, seat].sort() : others
      const turns = s.autoTurn?.slice() ?? [-1, -1]
      turns[seat] = s.turn
      s.autoTurn = turns
      // only the seat learns the value: a rival told of it would read its hand from every skipped window
      c.ev.push({ type: 'autoPass', seat, visibleTo: [seat], secret: { on: act.on } })
      return
    }
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Setup
// ---------------------------------------------------------------------------------------------------------------

export function newState(decks: { legends: string[]; main: string[] }[], options: Options, seed: string): State {
  const r = Random.fromSeed(seed)
  const cards: string[] = []
  const owner: number[] = []
  const p: Player[] = []
  const dice = []
  for (let seat = 0; seat < decks.length; seat++) {
    const dk = decks[seat]!
    const legends: LegendSlot[] = []
    const main: number[] = []
    for (const id of dk.legends) {
      cards.push(id)
      owner.push(seat)
      legends.push({ u: cards.length - 1, up: false, sp: false, gear: [] })
    }
    for (const id of dk.main) {
      cards.push(id)
      owner.push(seat)
      main.push(cards.length - 1)
    }
    const fixer: number[] = []
    for (const size of DIE_SIZES) {
      dice.push({ s: size, v: size })
      fixer.push(dice.length - 1)
    }
    p.push({
      deck: r.shuffle(main),
      hand: [],
      trash: [],
      eddies: [],
      eSpent: 0,
      legends: r.shuffle(legends),
      field: [],
      removed: [],
      fixer,
      gigs: [],
      peek: [],
      sold: false,
      called: false,
      blue: 0,
      arasakaAtk: 0,
      fang: false,
      reboot: 0,
      progs: 0,
      once: [],
      so: 0,
      wb: false,
      afd: 0,
      soloDisc: 0,
      progDisc: 0,
      delayed: [],
    })
  }
  const chooser = r.int(0, 1)
  return {
    cards,
    owner,
    dice,
    p,
    turn: 0,
    active: chooser,
    first: chooser,
    chooser,
    phase: 'choose',
    step: 0,
    attack: null,
    frames: [],
    pending: [],
    prompt: null,
    limbo: [],
    streak: 0,
    ot: false,
    winners: null,
    reason: null,
    seq: 0,
    opts: options,
    defq: null,
    rng: r.state(),
  }
}

export { RuleViolation, illegal }
