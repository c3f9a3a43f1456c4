// Shared helpers of the rules: the context of an apply, card lookup, power (CP-5.2), Street Cred (CR 11.2), triggers
// (CP-11), drawing (CP-8.17), spending, Calls, Gig rolls (CP-8.18) and last-known information (CP-10.28).
import { Random, type GameEvent } from '../../kernel/index.ts'
import type { CardDef } from './cards.ts'
import { cardIn, firstPlayKinds } from './homebrew.ts'
import type { CardMatch, Cond, StaticAbility, StaticMod, Trigger } from './effects.ts'
import { evalCond, evalCondFor } from './interpreter/conditions.ts'
import type { LegendSlot, Pending, Player, SharedList, State, Unit } from './state.ts'
import { forgetUnit, unitHas, useCharges } from './continuous.ts'

export interface Ctx {
  s: State
  ev: GameEvent[]
  r: Random | null
}

/**
 * Adds `v` to one of `p`'s lists that copies of a state share (clone.ts): a new list, so earlier states keep theirs.
 */
export function append<K extends SharedList>(p: Player, k: K, v: Player[K][number]): void {
  p[k] = withAdded<Player[K][number]>(p[k], v) as Player[K]
}

/** `list` with `v` added at the end, in a new list (a copy by index is faster than a spread for these short lists). */
export function withAdded<T>(list: readonly T[], v: T): T[] {
  const n = list.length
  const out = new Array<T>(n + 1)
  for (let i = 0; i < n; i++) out[i] = list[i]!
  out[n] = v
  return out
}

/** `list` as `list.splice(i, 1)` would leave it, in a new list: for the lists that copies of a state share. */
export function withoutAt<T>(list: T[], i: number): T[] {
  const out = list.slice()
  out.splice(i, 1)
  return out
}

/** Takes the top card (the last) off `p`'s deck, which copies of a state share: a new list; undefined when empty. */
export function popDeck(p: Player): number | undefined {
  const d = p.deck
  if (d.length === 0) return undefined
  p.deck = d.slice(0, -1)
  return d[d.length - 1]
}

export function rng(c: Ctx): Random {
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
    t = s.cards.map(id => cardIn(s, id)!)
    defCache.set(s.cards, t)
  }
  lastCards = s.cards
  lastTable = t
  return t[uid]!
}

export function findUnit(s: State, uid: number): [number, Unit] | null {
  for (let seat = 0; seat < 2; seat++) {
    const f = s.players[seat]!.field
    for (let i = 0; i < f.length; i++) if (f[i]!.uid === uid) return [seat, f[i]!]
  }
  return null
}

export function findSlot(s: State, uid: number): [number, number, LegendSlot] | null {
  for (let seat = 0; seat < 2; seat++) {
    const l = s.players[seat]!.legends
    for (let i = 0; i < l.length; i++) if (l[i]?.uid === uid) return [seat, i, l[i]!]
  }
  return null
}

/** CR 11.2: Street Cred = sum of friendly Gig values; null when no Gigs. */
export function cred(s: State, seat: number): number | null {
  const g = s.players[seat]!.gigs
  if (g.length === 0) return null
  let t = 0
  for (const d of g) t += s.dice[d]!.value
  return t
}

/** CP-10.28: records what a Unit leaving the field looked like, for effects that resolve after it is gone. */
export function remember(s: State, seat: number, un: Unit): void {
  const entry = {
    uid: un.uid,
    power: unitPower(s, seat, un),
    spent: un.spent,
    stole: un.stole,
    equipped: un.gear.length > 0,
  }
  s.lastKnown = [...(s.lastKnown ?? []).filter(x => x.uid !== un.uid), entry]
  forgetUnit(s, un.uid)
}

/** The effect's source Unit as it is on the field, or as it last was there (CP-10.28); null if it never was. */
export function sourceUnit(
  s: State,
  src: number,
): { power: number; spent: boolean; stole: boolean; equipped: boolean } | null {
  const fu = findUnit(s, src)
  if (fu)
    return {
      power: unitPower(s, fu[0], fu[1]),
      spent: fu[1].spent,
      stole: fu[1].stole,
      equipped: fu[1].gear.length > 0,
    }
  return s.lastKnown?.find(x => x.uid === src) ?? null
}

/** null Street Cred is smaller than any number (CR 5.11.4). */
export function credGreater(a: number | null, b: number | null): boolean {
  if (a === null) return false
  if (b === null) return true
  return a > b
}

const NO_STATICS: never[] = []

/**
 * The static abilities `mod` of card `uid`, with their parameters (most cards have none: the per-card index says so).
 */
export function staticsOf<M extends StaticMod>(s: State, uid: number, mod: M): Extract<StaticAbility, { mod: M }>[] {
  const d = def(s, uid)
  if (!d.statics.includes(mod)) return NO_STATICS
  return d.abilities.filter(a => a.kind === 'static' && a.mod === mod) as Extract<StaticAbility, { mod: M }>[]
}

/** Whether card `d` is one a static word is about. */
export function cardMatches(d: CardDef, m: CardMatch): boolean {
  return (m.type === undefined || d.type === m.type) && (m.tag === undefined || d.tags.includes(m.tag))
}

/** Whether a static word applies now: its `while` condition holds for `seat`, the controller of its source. */
export function staticHolds(s: State, seat: number, a: StaticAbility): boolean {
  return !('while' in a) || a.while === undefined || evalCondFor(s, seat, a.while)
}

/**
 * The static words `mod` that apply now on a card in play of `seat` (none for -1: a face-down Legend) and on its Gear.
 */
export function staticsOn<M extends StaticMod>(
  s: State,
  seat: number,
  uid: number,
  gear: number[],
  mod: M,
): Extract<StaticAbility, { mod: M }>[] {
  let out: Extract<StaticAbility, { mod: M }>[] = NO_STATICS
  for (let i = -1; i < gear.length; i++) {
    const card = i < 0 ? uid : gear[i]!
    if (card >= 0)
      for (const a of staticsOf(s, card, mod)) if (staticHolds(s, seat, a)) out = out === NO_STATICS ? [a] : [...out, a]
  }
  return out
}

/** The static words `mod` that apply now on every face-up card `seat` has in play: Legends, Units and their Gear. */
export function staticsInPlay<M extends StaticMod>(
  s: State,
  seat: number,
  mod: M,
): Extract<StaticAbility, { mod: M }>[] {
  let out: Extract<StaticAbility, { mod: M }>[] = NO_STATICS
  const p = s.players[seat]!
  for (const l of p.legends) if (l) out = [...out, ...staticsOn(s, seat, l.faceUp ? l.uid : -1, l.gear, mod)]
  for (const un of p.field) out = [...out, ...staticsOn(s, seat, un.uid, un.gear, mod)]
  return out
}

/**
 * The "first … each turn" key (`once`) of the first card matching `m` played in a turn: 'cyberware-played' for
 * CYBERWARE.
 */
export function playedKey(m: CardMatch): string {
  return `${(m.tag ?? m.type ?? 'card').toLowerCase()}-played`
}

/** A card was played, from anywhere, free or not: it is the turn's first of its kind for the first-play discounts. */
export function cardPlayed(s: State, seat: number, d: CardDef): void {
  for (const m of firstPlayKinds(s)) if (cardMatches(d, m)) firstThisTurn(s.players[seat]!, playedKey(m))
}

export function hasStatic(s: State, uid: number, gear: number[], mod: StaticMod): boolean {
  if (def(s, uid).statics.includes(mod)) return true
  for (const g of gear) if (def(s, g).statics.includes(mod)) return true
  return false
}

/**
 * CP-7.3 [000] 25: `seat`'s face-up Legends, those in the Legends area and those on the field (Units and Legends both).
 */
export function faceUpLegendCount(s: State, seat: number): number {
  const p = s.players[seat]!
  let n = 0
  for (const l of p.legends) if (l && l.faceUp) n++
  for (const un of p.field) if (def(s, un.uid).type === 'Legend') n++
  return n
}

/** face-up sources of `seat` (field units and face-up Legends in the Legends area) */
export function sources(s: State, seat: number): { uid: number; gear: number[] }[] {
  const out: { uid: number; gear: number[] }[] = []
  const p = s.players[seat]!
  for (const l of p.legends) if (l && l.faceUp) out.push(l)
  for (const un of p.field) out.push(un)
  return out
}

export function staticSources(s: State, seat: number, mod: StaticMod): number[] {
  const out: number[] = []
  const p = s.players[seat]!
  for (const l of p.legends) if (l && l.faceUp && def(s, l.uid).statics.includes(mod)) out.push(l.uid)
  for (const un of p.field) if (def(s, un.uid).statics.includes(mod)) out.push(un.uid)
  return out
}

export function staticCount(s: State, seat: number, mod: StaticMod): number {
  let n = 0
  const p = s.players[seat]!
  for (const l of p.legends) if (l && l.faceUp && def(s, l.uid).statics.includes(mod)) n++
  for (const u of p.field) if (def(s, u.uid).statics.includes(mod)) n++
  return n
}

/** CP-5.2 / CR 3.17: printed + Gear + modifiers; negative counts as 0 (CR 2.10.1). */
export function unitPower(s: State, seat: number, un: Unit): number {
  const p = powerSum(s, seat, un)
  return p < 0 ? 0 : p
}

/** The sum of CP-5.2 before CR 2.10.1 is applied: further modifiers (while fighting) are added to this, not to 0. */
export function powerSum(s: State, seat: number, un: Unit): number {
  const d = def(s, un.uid)
  let p = (d.power ?? 0) + un.powerThisTurn
  for (const g of un.gear) p += def(s, g).power ?? 0
  if (s.attack && s.attack.attacker === un.uid) {
    for (const src of staticSources(s, seat, 'attackBonus'))
      for (const a of staticsOf(s, src, 'attackBonus'))
        if ((!a.attackers.others || src !== un.uid) && cardMatches(d, a.attackers)) p += a.n
  }
  for (const a of staticsOf(s, un.uid, 'powerPerGear')) if (staticHolds(s, seat, a)) p += a.n * un.gear.length
  return p
}

export function hasBlocker(s: State, un: Unit): boolean {
  if (un.blockerThisTurn || def(s, un.uid).blocker) return true
  for (const g of un.gear) if (def(s, g).blocker) return true
  return false
}

/** Meredith Stout: "when a Rival adjusts or swaps 1 or more friendly Gigs" */
export function rivalTouched(s: State, actor: number): void {
  const other = 1 - actor
  triggerSources(s, other, 'RIVAL_TOUCHED_GIGS')
}

export function pushPending(
  s: State,
  seat: number,
  card: string,
  ab: number,
  src: number,
  x?: number,
  thief?: number,
): void {
  const p: Pending = { id: s.seq++, seat, card, ability: ab, source: src }
  if (x !== undefined) p.subject = x
  if (thief !== undefined) p.thief = thief
  s.pending = withAdded(s.pending, p) // shared between copies of a state (clone.ts): a new list
}

/**
 * CP-11.1 [001] 86: a trigger's condition, read as the event happens, with the event's vars (`subject`, `thief`) as it
 * would resolve.
 */
function triggerConditionMet(
  s: State,
  seat: number,
  card: string,
  ab: number,
  src: number,
  when: Cond,
  x?: number,
  thief?: number,
): boolean {
  const vars: Record<string, number> = {}
  if (x !== undefined) vars['subject'] = x
  if (thief !== undefined) vars['thief'] = thief
  return evalCond({ s, ev: [], r: null }, { seat, card, ability: ab, source: src, next: 0, vars }, when)
}

/** Makes every trigger `t` of card `uid` (and the bottom boxes of its Gear) pending for `seat`. */
export function trigger(
  s: State,
  seat: number,
  uid: number,
  gear: number[],
  t: Trigger,
  x?: number,
  thief?: number,
): void {
  // most sources answer none of the many events they are asked about: the per-card index says so without a scan
  const d = def(s, uid)
  if (d.triggers.has(t)) {
    const abs = d.abilities
    for (let i = 0; i < abs.length; i++) {
      const a = abs[i]!
      if (
        a.kind === 'trigger' &&
        !a.inherit &&
        a.on.includes(t) &&
        (!a.when || triggerConditionMet(s, seat, d.id, i, uid, a.when, x, thief))
      )
        pushPending(s, seat, d.id, i, uid, x, thief)
    }
  }
  for (const g of gear) {
    const gd = def(s, g)
    if (!gd.gearTriggers.has(t)) continue
    const gabs = gd.abilities
    for (let i = 0; i < gabs.length; i++) {
      const a = gabs[i]!
      if (
        a.kind === 'trigger' &&
        a.inherit &&
        a.on.includes(t) &&
        (!a.when || triggerConditionMet(s, seat, gd.id, i, uid, a.when, x, thief))
      )
        pushPending(s, seat, gd.id, i, uid, x, thief)
    }
  }
}

const NO_GEAR: number[] = []

/**
 * Makes trigger `t` of every face-up source of `seat` pending (the sources' own abilities, not their Gear's), in the
 * order of `sources`, without building that list: triggers only add pending effects, so the areas cannot change under
 * it.
 */
export function triggerSources(s: State, seat: number, t: Trigger, x?: number, thief?: number): void {
  const p = s.players[seat]!
  for (const l of p.legends) if (l && l.faceUp) trigger(s, seat, l.uid, NO_GEAR, t, x, thief)
  for (const un of p.field) trigger(s, seat, un.uid, NO_GEAR, t, x, thief)
}

/** Makes trigger `t` of every face-up source of `seat`, and of its Gear, pending, in the order of `sources`. */
export function triggerSourcesAndGear(s: State, seat: number, t: Trigger): void {
  const p = s.players[seat]!
  for (const l of p.legends) if (l && l.faceUp) trigger(s, seat, l.uid, l.gear, t)
  for (const un of p.field) trigger(s, seat, un.uid, un.gear, t)
}

export function finish(c: Ctx, winners: number[], reason: string): void {
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
export function drawCards(c: Ctx, seat: number, n: number): void {
  const p = c.s.players[seat]!
  for (let i = 0; i < n; i++) {
    if (c.s.phase === 'over') return
    const u = popDeck(p)
    if (u === undefined) {
      finish(c, [1 - seat], 'deck-out')
      return
    }
    append(p, 'hand', u)
    c.ev.push({ type: 'draw', seat, visibleTo: [seat], secret: { card: c.s.cards[u] } })
  }
}

/** Whether a Unit may ready (an effect may say it can't: Pacifica Netrunner). */
export function canReady(s: State, un: Unit): boolean {
  return !unitHas(s, 'cantReady', un.uid)
}

/** Readies a Unit unless an effect says it can't. */
export function readyUnit(s: State, un: Unit): void {
  if (canReady(s, un)) un.spent = false
}

/**
 * Marks a use of a "first time … each turn" event of `seat` (kept in `once`, which ends with the turn); true when it is
 * the turn's first.
 */
export function firstThisTurn(p: Player, key: string): boolean {
  if (p.once.includes(key)) return false
  append(p, 'once', key)
  return true
}

/**
 * A Program was played, from anywhere, free or not: it counts as the turn's Program and uses "your next Program"
 * discounts.
 */
export function programPlayed(s: State, seat: number, d: CardDef): void {
  firstThisTurn(s.players[seat]!, 'program-played')
  cardPlayed(s, seat, d)
  useCharges(s, 'programDiscount', seat, true)
}

export function spendUnit(c: Ctx, seat: number, un: Unit): void {
  if (un.spent) return
  un.spent = true
  trigger(c.s, seat, un.uid, un.gear, 'SPENT')
  if (un.gear.length) triggerSources(c.s, seat, 'FRIENDLY_EQUIPPED_SPENT', un.uid)
}

export function spendLegend(c: Ctx, seat: number, l: LegendSlot): void {
  if (l.spent) return
  l.spent = true
  if (l.faceUp) trigger(c.s, seat, l.uid, l.gear, 'SPENT')
  if (l.gear.length) triggerSources(c.s, seat, 'FRIENDLY_EQUIPPED_SPENT', l.uid)
}

export function toTrashOrRemove(s: State, uid: number): void {
  const o = s.owner[uid]!
  if (def(s, uid).type === 'Legend') append(s.players[o]!, 'removed', uid)
  else append(s.players[o]!, 'trash', uid)
}

/**
 * Records, in the order they happen, the turn's steals of a Gig valued below the thief's power (Rogue Amendiares: Queen
 * of the Afterlife counts "the first time … each turn" over the whole turn, also before she was in play — FAQ).
 */
export function noteBelowSteal(s: State, seat: number, un: Unit, dice: number[]): void {
  const P = unitPower(s, seat, un)
  for (const d of dice) if (s.dice[d]!.value < P) append(s.players[seat]!, 'once', `below:${un.uid}:${d}`)
}

export function hostOf(s: State, gear: number): number | null {
  for (const p of s.players) {
    for (const u of p.field) if (u.gear.includes(gear)) return u.uid
    for (const l of p.legends) if (l && l.gear.includes(gear)) return l.uid
  }
  return null
}

export function callLegend(c: Ctx, seat: number, slot: number): void {
  const p = c.s.players[seat]!
  const l = p.legends[slot]!
  l.faceUp = true
  p.called = true
  c.ev.push({ type: 'call', seat, slot, card: c.s.cards[l.uid], uid: l.uid })
  trigger(c.s, seat, l.uid, l.gear, 'CALL')
}

/**
 * Gives die `die` the value `v`. The dice list and its objects are shared between a state and its copies (see
 * clone.ts), so a value change replaces them instead of writing into them.
 */
export function setDie(s: State, die: number, v: number): void {
  const dice = s.dice.slice()
  dice[die] = { size: dice[die]!.size, value: v }
  s.dice = dice
}

export function rollDie(c: Ctx, seat: number, die: number): void {
  const p = c.s.players[seat]!
  p.fixer = p.fixer.filter(d => d !== die)
  setDie(c.s, die, rng(c).die(c.s.dice[die]!.size))
  const d = c.s.dice[die]!
  p.gigs = withAdded(p.gigs, die)
  c.ev.push({ type: 'rollGig', seat, die, size: d.size, value: d.value })
  const q = c.s.players[seat]!
  for (const l of q.legends)
    if (l && l.faceUp) {
      trigger(c.s, seat, l.uid, NO_GEAR, 'ROLL_IN', die)
      trigger(c.s, seat, l.uid, NO_GEAR, 'ROLLED', die, d.value)
    }
  for (const un of q.field) {
    trigger(c.s, seat, un.uid, NO_GEAR, 'ROLL_IN', die)
    trigger(c.s, seat, un.uid, NO_GEAR, 'ROLLED', die, d.value)
  }
}

export function friendlyGigValues(s: State, seat: number): number[] {
  return s.players[seat]!.gigs.map(d => s.dice[d]!.value)
}
