// The Marvel Dice Throne rules as a state machine: state, turn flow, windows, effects, legal actions, apply and resign.
import { Random, RuleViolation, illegal, type GameEvent } from '../../kernel/index.ts'
import { CARDS, HEROES, STATUSES, ILLUSION_CARDS, SHARED_CARDS, type Card, type DamageType, type Defence, type Effect, type Variant, type HeroId } from './data.ts'

// =============================================================================================
// State
export type Mode = '1v1' | '2v2' | 'free-for-all'
export type Step = 'main1' | 'rolling' | 'pre' | 'target' | 'modify' | 'defChoose' | 'def' | 'then' | 'inc' | 'combo' | 'main2' | 'discard' | 'over' | 'main1End' | 'main2End'

export interface Player {
  hero: HeroId
  cp: number
  hand: string[]
  deck: string[]
  discard: string[]
  /** Status tokens on this player. */
  st: Record<string, number>
  /** Stack limits raised for this player (DT-8.7). */
  lim: Record<string, number>
  /** Ability / defence levels (absent = level 1). */
  lv: Record<string, number>
  /** Upgrade cards in play (cannot be sold: DT-4.11). */
  ups: string[]
  out: boolean
  /** Mjölnir (Thor only): -1 home, -2 no companion, otherwise the seat holding it. */
  mj: number
  throws: number
  comboUsed: boolean
  ekUsed: boolean
  /** The seat chose to auto-pass: it is not asked in a window where it has no real answer (timing may reveal it). */
  auto?: boolean
}
export interface Roll {
  owner: number
  dice: number[]
  left: number
  /** Index of a die that may not be rerolled (Reality Warp), or -1. */
  lock: number
  /** tgt: the 2v2 targeting die, which Roll Phase cards may change before it is read. */
  kind: 'off' | 'def' | 'tgt'
}
export interface Attack {
  by: number
  to: number
  ab: string
  vi: number
  lvl: number
  name: string
  dt: DamageType
  base: number
  ult: boolean
  add: number
  prev: number
  halves: number
  all: boolean
  counter: number
  def: string | null
  gb: boolean
  invis: boolean
  ss: boolean
  swing: boolean
  ipunch: boolean
  indom: boolean
  illusion: string | null
  /** Prevention of the counter damage the attacker takes (Not This Time! / Invulnerability! on the attacker). */
  cprev?: number
  call?: boolean
}
export interface Window {
  /** card: the others' window before a Main Phase card or upgrade resolves (DT-11.3); phase: the other players' window when the active player ends a Main Phase (Instants at any time, DT-4.4); pre: before activation; def: the defence window; then: the "Then" pause before an ability's later effects (DT-5.2); inc: incoming isolated damage. */
  kind: 'pre' | 'def' | 'then' | 'inc' | 'phase' | 'card' | 'tgt'
  seats: number[]
  i: number
}
export type Choice =
  | { kind: 'setDie'; seat: number; used: number }
  | { kind: 'arrange'; seat: number }
  | { kind: 'pick'; seat: number }
  | { kind: 'botTarget'; seat: number; heal: number; cp: number; dmg: number[]; left: number }
  /** Odinforce II: its 5 fresh dice may be rerolled (any of them) once before they are read. */
  | { kind: 'odinReroll'; seat: number; dice: number[] }
  /** Mjölnir "up to max times" (For Asgard!, Ricochet!): how many alternating steps to make. */
  | { kind: 'mjSteps'; seat: number; max: number }
  /** Try, Try Again! played on one die: one more die may be rerolled, the same one or another (research 1.6). */
  | { kind: 'reroll1'; seat: number }

/** Where an activated ability's effect list (`pre` = 0, `post` = 1) resumes after a pause. */
export interface EffectCursor {
  ph: 0 | 1
  ab: string
  vi: number
  by: number
  to: number
  i: number
}
/** Isolated damage waiting to be dealt (DT-6.1), which cards can still prevent (DT-6.4, DT-6.7, DT-6.9). */
export interface Incoming {
  by: number
  to: number
  n: number
  dt: DamageType
  prev: number
  all: boolean
  why: string
  /** A Mjölnir throw made by discarding a card: the step and window to go back to once it has landed. */
  ret?: { step: Step; win: Window | null }
}
export interface DTState {
  game: 'dice-throne-marvel'
  mode: Mode
  n: number
  rng: number[]
  /** seat -> health pool index (2v2: one pool per team). */
  pool: number[]
  hp: number[]
  startHp: number
  p: Player[]
  first: number
  active: number
  turn: number
  step: Step
  roll: Roll | null
  sel: { ab: string; vi: number } | null
  atk: Attack | null
  win: Window | null
  choice: Choice | null
  /** Target of the current offensive roll phase (-1 before targeting). */
  target: number
  /** Illusion card order chosen by Loki (hidden from the attacker). */
  ill: string[] | null
  /** Slot Loki suggested to the attacker (public, not binding: DT-13.21), or -1. */
  sug?: number
  /** An ability's effects paused by a choice, a "Then" pause or incoming isolated damage. */
  fx?: EffectCursor | null
  /** Isolated damage waiting for its prevention window. */
  inc?: Incoming | null
  /** A Main Phase card or upgrade paid for and waiting for the others' window before it resolves (DT-11.3). */
  held?: { seat: number; a: Extract<DTAction, { type: 'play' }> } | null
  /** The offensive dice, kept aside while the 2v2 targeting die is the roll on the table. */
  offRoll?: Roll | null
  done: boolean
  winners: number[]
  reason: string
}

export type DTAction =
  | { type: 'end' }
  | { type: 'pass' }
  | { type: 'noAttack' }
  | { type: 'done' }
  | { type: 'sell'; card: string }
  | { type: 'play'; card: string; die?: number; value?: number; dice?: number[]; target?: number; status?: string; from?: number }
  | { type: 'spend'; status: string; die?: number; value?: number; from?: number; take?: string }
  | { type: 'mjolnir'; discard: string; target?: number }
  | { type: 'roll'; dice: number[] }
  | { type: 'select'; ability: string; variant: number }
  | { type: 'target'; seat: number }
  | { type: 'defend'; defence: string }
  | { type: 'setDie'; die: number; value: number }
  | { type: 'arrange'; order: string[]; suggest?: number }
  | { type: 'pick'; slot: number }
  | { type: 'steps'; count: number }
  | { type: 'setAutoPass'; on: boolean }

export const CP_MAX = 15
export const HAND_LIMIT = 6

// =============================================================================================
// Context of one apply
interface Ctx {
  readonly r: Random
  ev: GameEvent[]
  /** The attacker's offensive dice were changed (or got an attempt) by this action. */
  changed?: boolean
  /** Collateral damage an activation's effects aimed at a player (Mighty Summon), dealt as incoming damage. */
  coll?: { to: number; n: number } | null
  /** Isolated damage dealt now waits for a prevention window (inside an ability's effects, not an Ultimate's). */
  iso?: boolean
  /** The attack whose defence dice are being read: isolated damage to its attacker joins its counter damage (Thunder Wheel). */
  ctr?: Attack | null
}
/** The apply context; the generator is only rebuilt from the state when something is random. */
class LazyCtx implements Ctx {
  ev: GameEvent[] = []
  changed = false
  coll: { to: number; n: number } | null = null
  iso = false
  ctr: Attack | null = null
  private rr: Random | null = null
  constructor(private readonly rng: number[]) {}
  get r(): Random {
    if (this.rr === null) this.rr = Random.fromState(this.rng)
    return this.rr
  }
  used(): boolean {
    return this.rr !== null
  }
}

function copyRec(o: Record<string, number>): Record<string, number> {
  const r: Record<string, number> = {}
  for (const k in o) r[k] = o[k]!
  return r
}
function clonePlayer(x: Player): Player {
  return {
    hero: x.hero,
    cp: x.cp,
    // hand and st are copied on write too (removeAt, draw, gainStatus, loseStatus)
    hand: x.hand,
    // deck, discard, lim, lv and ups are copied on write (see draw, toDiscard, playCard)
    deck: x.deck,
    discard: x.discard,
    st: x.st,
    lim: x.lim,
    lv: x.lv,
    ups: x.ups,
    out: x.out,
    mj: x.mj,
    throws: x.throws,
    comboUsed: x.comboUsed,
    ekUsed: x.ekUsed,
    auto: x.auto ?? false,
  }
}
function copyAtk(a: Attack): Attack {
  return {
    by: a.by, to: a.to, ab: a.ab, vi: a.vi, lvl: a.lvl, name: a.name, dt: a.dt, base: a.base, ult: a.ult,
    add: a.add, prev: a.prev, halves: a.halves, all: a.all, counter: a.counter, def: a.def, gb: a.gb, invis: a.invis,
    ss: a.ss, swing: a.swing, ipunch: a.ipunch, indom: a.indom, illusion: a.illusion, cprev: a.cprev ?? 0, call: a.call ?? false,
  }
}
function clone(s: DTState): DTState {
  const p: Player[] = []
  for (const x of s.p) p.push(clonePlayer(x))
  const ch = s.choice
  return {
    game: s.game,
    mode: s.mode,
    n: s.n,
    rng: s.rng,
    pool: s.pool,
    hp: s.hp.slice(),
    startHp: s.startHp,
    p,
    first: s.first,
    active: s.active,
    turn: s.turn,
    step: s.step,
    roll: s.roll ? { owner: s.roll.owner, dice: s.roll.dice.slice(), left: s.roll.left, lock: s.roll.lock, kind: s.roll.kind } : null,
    // sel, ill and winners are never changed in place (always replaced), so they are shared
    sel: s.sel,
    atk: s.atk ? copyAtk(s.atk) : null,
    win: s.win ? { kind: s.win.kind, seats: s.win.seats, i: s.win.i } : null,
    choice: ch ? (ch.kind === 'botTarget' ? { ...ch, dmg: ch.dmg.slice() } : ch.kind === 'odinReroll' ? { ...ch, dice: ch.dice.slice() } : { ...ch }) : null,
    target: s.target,
    ill: s.ill,
    sug: s.sug ?? -1,
    // the cursor is always replaced, never changed in place
    fx: s.fx ?? null,
    // `ret` is never changed in place
    inc: s.inc ? { ...s.inc } : null,
    // never changed in place
    held: s.held ?? null,
    offRoll: s.offRoll ? { ...s.offRoll, dice: s.offRoll.dice.slice() } : null,
    done: s.done,
    winners: s.winners,
    reason: s.reason,
  }
}

// =============================================================================================
// Small helpers
export function opponents(s: DTState, seat: number): number[] {
  const out: number[] = []
  for (let k = 1; k < s.n; k++) {
    const o = (seat + k) % s.n
    if (!s.p[o]!.out && s.pool[o] !== s.pool[seat]) out.push(o)
  }
  return out
}
const teammate = (s: DTState, a: number, b: number) => s.pool[a] === s.pool[b]
/** Priority order: the turn player first, then turn order (DT-11.1, DT-11.4). */
export function priority(s: DTState): number[] {
  const out: number[] = []
  for (let k = 0; k < s.n; k++) {
    const o = (s.active + k) % s.n
    if (!s.p[o]!.out) out.push(o)
  }
  return out
}
/**
 * The statuses held in a record, in the data's status order: never in the record's own key order, which a
 * JSONB round trip does not keep (so legal actions and events do not depend on how the state was stored).
 */
const STATUS_ORDER = new Map(Object.keys(STATUSES).map((k, i) => [k, i]))
function statusKeys(st: Record<string, number>): string[] {
  const ks = Object.keys(st)
  if (ks.length > 1) ks.sort((a, b) => (STATUS_ORDER.get(a) ?? 1e9) - (STATUS_ORDER.get(b) ?? 1e9) || (a < b ? -1 : a > b ? 1 : 0))
  return ks
}
export function limitOf(pl: Player, status: string): number {
  return pl.lim[status] ?? STATUSES[status]!.limit
}
function levelOf(pl: Player, id: string): number {
  return pl.lv[id] ?? 1
}
const symOf = (hero: HeroId, face: number) => COMPILED[hero]!.faces[face - 1]!

function removeAt(a: string[], i: number): string[] {
  const r = a.slice()
  r.splice(i, 1)
  return r
}
function toDiscard(pl: Player, card: string) {
  const d = pl.discard.slice()
  d.push(card)
  pl.discard = d
}
function gainCp(s: DTState, seat: number, n: number, c: Ctx) {
  const pl = s.p[seat]!
  const before = pl.cp
  pl.cp = Math.max(0, Math.min(CP_MAX, pl.cp + n))
  c.ev.push({ type: 'cp', seat, delta: pl.cp - before, cp: pl.cp })
}
function draw(s: DTState, seat: number, n: number, c: Ctx) {
  const pl = s.p[seat]!
  const got: string[] = []
  pl.deck = pl.deck.slice()
  for (let i = 0; i < n; i++) {
    if (pl.deck.length === 0) {
      if (pl.discard.length === 0) break
      pl.deck = c.r.shuffle(pl.discard)
      pl.discard = []
      c.ev.push({ type: 'reshuffle', seat })
    }
    got.push(pl.deck.pop()!)
  }
  if (got.length) pl.hand = pl.hand.concat(got)
  c.ev.push({ type: 'draw', seat, count: got.length, visibleTo: [seat], secret: { cards: got } })
}
/** Every health change goes through here, so events explain it (`hp` events). */
function changeHp(s: DTState, seat: number, delta: number, c: Ctx, why: string) {
  const pi = s.pool[seat]!
  const before = s.hp[pi]!
  let after = before + delta
  if (delta > 0) after = Math.min(after, Math.max(before, s.startHp + 10))
  s.hp[pi] = after
  if (after !== before || delta !== 0) c.ev.push({ type: 'hp', seat, pool: pi, delta: after - before, hp: after, why })
}
export function gainStatus(s: DTState, seat: number, status: string, n: number, c: Ctx): number {
  const pl = s.p[seat]!
  const cur = pl.st[status] ?? 0
  const next = Math.min(limitOf(pl, status), cur + n)
  if (next !== cur) {
    pl.st = copyRec(pl.st)
    pl.st[status] = next
    c.ev.push({ type: 'status', seat, status, delta: next - cur, count: next })
  }
  return next - cur
}
function loseStatus(s: DTState, seat: number, status: string, n: number, c: Ctx) {
  const pl = s.p[seat]!
  const cur = pl.st[status] ?? 0
  const next = Math.max(0, cur - n)
  if (next === cur) return
  const st = copyRec(pl.st)
  if (next > 0) st[status] = next
  else delete st[status]
  pl.st = st
  if (next !== cur) c.ev.push({ type: 'status', seat, status, delta: next - cur, count: next })
}
function inflict(s: DTState, by: number, to: number, status: string, n: number, c: Ctx) {
  if (s.p[to]!.out) return
  const added = gainStatus(s, to, status, n, c)
  // Webbed: inflicting it deals 2 isolated undefendable damage (DT-13.25).
  if (status === 'webbed' && added > 0) isoHit(s, by, to, 2, 'undefendable', c, 'webbed')
}
/**
 * Isolated damage (Mjölnir throws, Webbed, Chain Lightning's collateral): dealt on its own, outside the attack.
 * Undefendable and collateral damage can be prevented (DT-6.7, DT-6.9): inside an ability's effects, when a
 * seat could prevent it (Not This Time!, or Invulnerability! for its target), it waits as incoming damage for a
 * prevention window (`inc`); otherwise it lands at once. Hits of one effect on one player add up.
 */
function isoHit(s: DTState, by: number, to: number, n: number, dt: DamageType, c: Ctx, why: string) {
  if (s.p[to]!.out) return
  // read from the defence dice, it lands with the counter damage, which the defence window let anyone prevent
  if (c.ctr && to === c.ctr.by) {
    c.ctr.counter += n
    return
  }
  const inc = s.inc
  if (c.iso && (inc ? inc.to === to : canPreventIso(s, to))) {
    if (inc) inc.n += n
    else s.inc = { by, to, n, dt, prev: 0, all: false, why }
    c.ev.push({ type: 'incoming', by, to, amount: n, damageType: dt, why })
    return
  }
  changeHp(s, to, -n, c, why)
}
/**
 * Someone might prevent isolated damage to `to` in a roll phase: Not This Time! (anyone), Invulnerability! (its
 * target). Judged from what the others see (the card is not in that seat's discard pile or in play), so that
 * whether the damage waits never tells what a hand holds; a seat that auto-passes counts only with the real card.
 */
function canPreventIso(s: DTState, to: number): boolean {
  for (let q = 0; q < s.n; q++) {
    const pl = s.p[q]!
    if (pl.out || pl.hand.length === 0) continue
    if (pl.cp >= CARDS['not-this-time']!.cost && mayHold(s, q, 'not-this-time')) return true
    if (q === to && pl.cp >= CARDS['invulnerability']!.cost && (pl.st['electrokinesis'] ?? 0) >= 2 && mayHold(s, q, 'invulnerability')) return true
  }
  return false
}
/** Whether `seat`'s hand may hold `card` as far as the others can tell; with auto-pass on, whether it does. */
function mayHold(s: DTState, seat: number, card: string): boolean {
  const pl = s.p[seat]!
  if (pl.hand.length === 0) return false
  if (pl.auto) return pl.hand.includes(card)
  return unseenCards(pl).includes(card)
}
/** Every card of a hero's deck, once per name (DT-GAP-5: one copy each). */
const DECK_CARDS: Record<string, string[]> = {}
for (const h of Object.values(HEROES)) DECK_CARDS[h.id] = [...new Set([...SHARED_CARDS, ...h.cards])]
/**
 * The cards of a player's deck the others cannot place: not in the public discard pile, not an upgrade in play.
 * Any of them may be in the hand, as far as the others know (its hand and deck are one unseen pool).
 */
export function unseenCards(pl: Player): string[] {
  const out: string[] = []
  for (const id of DECK_CARDS[pl.hero]!) {
    let seen = 0
    for (const x of pl.discard) if (x === id) seen++
    for (const x of pl.ups) if (x === id) seen++
    if (seen < CARDS[id]!.count) out.push(id)
  }
  return out
}
/**
 * The state as the others see `seat`: its hand replaced by every card it may hold (not a real state: only read).
 * The real hand is kept in too, which changes nothing in a real state (its hand is among its unseen cards).
 */
function asOthersSee(s: DTState, seat: number): DTState {
  const pl = s.p[seat]!
  if (pl.hand.length === 0) return s
  const p = s.p.slice()
  p[seat] = { ...pl, hand: pl.hand.concat(unseenCards(pl)) }
  return { ...s, p }
}
/** The prevention window closes: the incoming isolated damage lands (fixed preventions first, DT-12.3). */
function applyIncoming(s: DTState, c: Ctx) {
  const x = s.inc!
  s.inc = null
  s.win = null
  const n = x.all ? 0 : Math.max(0, x.n - x.prev)
  c.ev.push({ type: 'isolatedDamage', by: x.by, to: x.to, amount: n, damageType: x.dt, why: x.why })
  if (!s.p[x.to]!.out) changeHp(s, x.to, -n, c, x.why)
  checkDeaths(s, c)
}
function rollDice(c: Ctx, k: number): number[] {
  const out: number[] = []
  for (let i = 0; i < k; i++) out.push(c.r.die(6))
  return out
}
function countSym(hero: HeroId, dice: number[], sym: string): number {
  let k = 0
  for (const d of dice) if (symOf(hero, d) === sym) k++
  return k
}

// --- Mjölnir (companion, DT-9): throw if home, retrieve if away.
function mjStep(s: DTState, thor: number, target: number, c: Ctx) {
  const pl = s.p[thor]!
  if (pl.mj === -2) return
  if (pl.mj === -1) {
    if (target < 0 || s.p[target]!.out) return
    pl.mj = target
    pl.throws++
    c.ev.push({ type: 'mjolnir', seat: thor, action: 'throw', to: target })
    isoHit(s, thor, target, 1, 'undefendable', c, 'mjolnir') // isolated undefendable (DT-13.12)
  } else {
    const from = pl.mj
    pl.mj = -1
    c.ev.push({ type: 'mjolnir', seat: thor, action: 'retrieve', from })
    gainStatus(s, thor, 'electrokinesis', 1, c)
  }
}

// =============================================================================================
// Dice requirements
interface Compiled {
  faces: string[]
  syms: string[]
  /** face (1..6) -> symbol index */
  fs: number[]
  abil: Map<string, { levels: { v: Variant; need: [number, number][]; straight: 0 | 1 | 2; acts: DTAction[] }[][] }>
  list: { levels: { v: Variant; need: [number, number][]; straight: 0 | 1 | 2; acts: DTAction[] }[][] }[]
  ids: string[]
  /** Defences by id, and the listed `defend` actions in the hero's order. */
  defs: Map<string, Defence>
  defendActs: DTAction[]
}
const CNT = new Int32Array(8)
const COMPILED: Record<string, Compiled> = {}
for (const h of Object.values(HEROES)) {
  const syms = [...new Set(h.faces)]
  const fs = [0, ...h.faces.map((f) => syms.indexOf(f))]
  const abil = new Map<string, { levels: { v: Variant; need: [number, number][]; straight: 0 | 1 | 2; acts: DTAction[] }[][] }>()
  for (const a of h.abilities) {
    abil.set(a.id, {
      levels: a.levels.map((vs) =>
        vs.map((v) => ({
          v,
          need: Object.entries(v.req.sym ?? {}).map(([k, n]) => [syms.indexOf(k), n] as [number, number]),
          straight: v.req.straight === 'small' ? 1 : v.req.straight === 'large' ? 2 : 0,
          acts: vs.map((_, i) => Object.freeze({ type: 'select', ability: a.id, variant: i }) as DTAction),
        })),
      ),
    })
  }
  COMPILED[h.id] = {
    faces: h.faces, syms, fs, abil, list: h.abilities.map((a) => abil.get(a.id)!), ids: h.abilities.map((a) => a.id),
    defs: new Map(h.defences.map((d) => [d.id, d])),
    defendActs: h.defences.map((d) => Object.freeze({ type: 'defend', defence: d.id }) as DTAction),
  }
}
function straightOk(dice: number[], k: 1 | 2): boolean {
  let mask = 0
  for (const d of dice) mask |= 1 << d
  if (k === 1) return (mask & 0b11110) === 0b11110 || (mask & 0b111100) === 0b111100 || (mask & 0b1111000) === 0b1111000
  return (mask & 0b111110) === 0b111110 || (mask & 0b1111100) === 0b1111100
}
/**
 * Which abilities the dice meet depends only on the multiset of the 5 values (symbol counts and straights), so
 * the answers are memoised per hero, ability levels and multiset: 252 small lists per memo, which stay in cache.
 * MS_CODE[d] = 6^(d-1): the sum over the dice is a unique code of the multiset (each count is at most 5),
 * and MS_INDEX maps it to 0..251.
 */
const MS_CODE = [0, 1, 6, 36, 216, 1296, 7776]
const MS_INDEX = new Int16Array(5 * 7776 + 1).fill(-1)
{
  let n = 0
  for (let a = 1; a <= 6; a++)
    for (let b = a; b <= 6; b++)
      for (let c = b; c <= 6; c++)
        for (let d = c; d <= 6; d++)
          for (let e = d; e <= 6; e++) MS_INDEX[MS_CODE[a]! + MS_CODE[b]! + MS_CODE[c]! + MS_CODE[d]! + MS_CODE[e]!] = n++
}
const SELECT_MEMO = new Map<string, (DTAction[] | undefined)[]>()
/** Levels are copied on write, so the identity of `lv` stands for the hero's ability levels. */
const LV_MEMO = new WeakMap<Record<string, number>, (DTAction[] | undefined)[]>()
let lastLv: Record<string, number> | null = null
let lastMemo: (DTAction[] | undefined)[] | undefined = undefined
/** The ability selections the dice meet, memoised per hero, ability levels and dice multiset (a pure function of those). */
function selectActions(pl: Player, dice: number[], out: DTAction[]) {
  if (dice.length !== 5) {
    selectActionsRaw(pl, dice, out)
    return
  }
  // the last levels asked for (the same player rolls several times in a row) skip the WeakMap
  let memo = pl.lv === lastLv ? lastMemo : LV_MEMO.get(pl.lv)
  if (!memo) {
    const C = COMPILED[pl.hero]!
    let key: string = pl.hero
    for (const id of C.ids) key += String(pl.lv[id] ?? 1)
    memo = SELECT_MEMO.get(key)
    if (!memo) {
      if (SELECT_MEMO.size > 256) SELECT_MEMO.clear()
      memo = new Array<DTAction[] | undefined>(252).fill(undefined)
      SELECT_MEMO.set(key, memo)
    }
    LV_MEMO.set(pl.lv, memo)
  }
  lastLv = pl.lv
  lastMemo = memo
  const code = MS_INDEX[MS_CODE[dice[0]!]! + MS_CODE[dice[1]!]! + MS_CODE[dice[2]!]! + MS_CODE[dice[3]!]! + MS_CODE[dice[4]!]!]!
  let list = memo[code]
  if (list === undefined) {
    list = []
    selectActionsRaw(pl, dice, list)
    memo[code] = list
  }
  for (let k = 0; k < list.length; k++) out.push(list[k]!)
}
/** The ability selections the dice meet (DT-GAP-2: any met ability may be activated). */
function selectActionsRaw(pl: Player, dice: number[], out: DTAction[]) {
  const C = COMPILED[pl.hero]!
  const cnt = CNT
  cnt.fill(0)
  for (let k = 0; k < dice.length; k++) cnt[C.fs[dice[k]!]!]!++
  const lvRec = pl.lv
  for (let j = 0; j < C.ids.length; j++) {
    const id = C.ids[j]!
    const a = C.list[j]!
    const lv = a.levels[Math.min(lvRec[id] ?? 1, a.levels.length) - 1]!
    for (let i = 0; i < lv.length; i++) {
      const x = lv[i]!
      let ok = true
      if (x.straight) ok = straightOk(dice, x.straight)
      else {
        const need = x.need
        for (let q = 0; q < need.length; q++) if (cnt[need[q]![0]]! < need[q]![1]) { ok = false; break }
      }
      if (ok) out.push(x.acts[i] ?? { type: 'select', ability: id, variant: i })
    }
  }
}
export function meets(hero: HeroId, dice: number[], v: Variant): boolean {
  const req = v.req
  if (req.straight) {
    let mask = 0
    for (const d of dice) mask |= 1 << d
    if (req.straight === 'small') return (mask & 0b11110) === 0b11110 || (mask & 0b111100) === 0b111100 || (mask & 0b1111000) === 0b1111000
    return (mask & 0b111110) === 0b111110 || (mask & 0b1111100) === 0b1111100
  }
  if (req.sym) {
    for (const sym in req.sym) if (countSym(hero, dice, sym) < req.sym[sym]!) return false
    return true
  }
  return false
}
/** Variant `vi` of an ability at the player's level (variantsOf(pl, abilityId)[vi], without building the list). */
function variantAt(pl: Player, abilityId: string, vi: number): Variant | undefined {
  const ab = COMPILED[pl.hero]!.abil.get(abilityId)
  if (!ab) return undefined
  return ab.levels[Math.min(levelOf(pl, abilityId), ab.levels.length) - 1]![vi]?.v
}
export function variantsOf(pl: Player, abilityId: string): Variant[] {
  const ab = COMPILED[pl.hero]!.abil.get(abilityId)
  if (!ab) return []
  return ab.levels[Math.min(levelOf(pl, abilityId), ab.levels.length) - 1]!.map((x) => x.v)
}
function maxOfAKind(dice: number[]): number {
  const cnt = [0, 0, 0, 0, 0, 0, 0]
  let m = 0
  for (const d of dice) m = Math.max(m, ++cnt[d]!)
  return m
}

// =============================================================================================
// Setup
export function setupState(heroes: HeroId[], mode: Mode, seed: string): DTState {
  const r = Random.fromSeed(seed)
  const n = heroes.length
  const pool = heroes.map((_, i) => (mode === '2v2' ? i % 2 : i))
  const startHp = mode === 'free-for-all' ? 35 : 50
  const hp = mode === '2v2' ? [startHp, startHp] : heroes.map(() => startHp)
  const p: Player[] = heroes.map((hero) => {
    const cards: string[] = []
    for (const id of [...SHARED_CARDS, ...HEROES[hero]!.cards]) for (let k = 0; k < CARDS[id]!.count; k++) cards.push(id)
    const deck = r.shuffle(cards)
    const hand = deck.splice(deck.length - 4, 4).reverse()
    return { hero, cp: 2, hand, deck, discard: [], st: {}, lim: {}, lv: {}, ups: [], out: false, mj: hero === 'thor' ? -1 : -2, throws: 0, comboUsed: false, ekUsed: false, auto: false }
  })
  // Starting player: everyone rolls one die, ties among the highest reroll (DT-1.3).
  const first = pickStarter(n, () => r.die(6))
  const s: DTState = {
    game: 'dice-throne-marvel', mode, n, rng: [], pool, hp, startHp, p, first, active: first, turn: 1, step: 'main1',
    roll: null, sel: null, atk: null, win: null, choice: null, target: -1, ill: null, sug: -1, fx: null, inc: null, done: false, winners: [], reason: '',
  }
  const c: Ctx = { r, ev: [] }
  startTurn(s, c)
  s.rng = r.state()
  return s
}

/** Starting player: everyone rolls one die; ties among the highest reroll (DT-1.3, DT-GAP-6). */
export function pickStarter(n: number, die: () => number): number {
  let contenders = Array.from({ length: n }, (_, i) => i)
  while (contenders.length > 1) {
    const rolls = contenders.map(() => die())
    const hi = Math.max(...rolls)
    contenders = contenders.filter((_, i) => rolls[i] === hi)
  }
  return contenders[0]!
}

// =============================================================================================
// Turn flow
function startTurn(s: DTState, c: Ctx) {
  for (const pl of s.p) {
    pl.throws = 0
    pl.comboUsed = false
    pl.ekUsed = false
  }
  c.ev.push({ type: 'turn', seat: s.active, turn: s.turn })
  // Upkeep (DT-1.2): Bag of Tricks tokens resolve; damage and healing are applied together.
  const pl = s.p[s.active]!
  const bags = pl.st['bag-of-tricks'] ?? 0
  if (bags > 0) {
    loseStatus(s, s.active, 'bag-of-tricks', bags, c)
    let heal = 0
    let cp = 0
    let dmgN = 0
    for (let i = 0; i < bags; i++) {
      const d = c.r.die(6)
      c.ev.push({ type: 'bagOfTricks', seat: s.active, die: d })
      if (d <= 2) heal += 2
      else if (d <= 4) cp += 1
      else dmgN++
    }
    const opps = opponents(s, s.active)
    if (dmgN > 0 && opps.length > 1) {
      s.choice = { kind: 'botTarget', seat: s.active, heal, cp, dmg: [], left: dmgN }
      return
    }
    finishUpkeep(s, heal, cp, opps.length ? Array(dmgN).fill(opps[0]!) : [], c)
    if (s.done) return
  }
  afterUpkeep(s, c)
}
function finishUpkeep(s: DTState, heal: number, cp: number, dmg: number[], c: Ctx) {
  if (cp) gainCp(s, s.active, cp, c)
  // simultaneous: every change first, then defeat checks
  if (heal) changeHp(s, s.active, heal, c, 'bag-of-tricks')
  for (const t of dmg) changeHp(s, t, -2, c, 'bag-of-tricks')
  checkDeaths(s, c)
}
function afterUpkeep(s: DTState, c: Ctx) {
  // Income (DT-2.3): skipped by the starting player on their first turn (DT-1.4).
  if (!(s.turn === 1 && s.active === s.first)) {
    c.ev.push({ type: 'phase', phase: 'income', seat: s.active })
    gainCp(s, s.active, 1, c)
    draw(s, s.active, 1, c)
  } else c.ev.push({ type: 'phase', phase: 'income-skipped', seat: s.active })
  s.step = 'main1'
  c.ev.push({ type: 'phase', phase: 'main1', seat: s.active })
}
function nextTurn(s: DTState, c: Ctx) {
  s.roll = null
  s.sel = null
  s.atk = null
  s.win = null
  s.choice = null
  s.target = -1
  s.ill = null
  s.sug = -1
  s.fx = null
  s.inc = null
  s.held = null
  s.offRoll = null
  let a = s.active
  for (let k = 0; k < s.n; k++) {
    a = (a + 1) % s.n
    if (!s.p[a]!.out) break
  }
  s.active = a
  s.turn++
  startTurn(s, c)
}
function startOffense(s: DTState, c: Ctx) {
  s.step = 'rolling'
  s.sel = null
  s.atk = null
  const dice = rollDice(c, 5)
  let lock = -1
  const pl = s.p[s.active]!
  if ((pl.st['reality-warp'] ?? 0) > 0) {
    // Reality Warp: one die is the Scarlet Witch's, and stays for this phase.
    loseStatus(s, s.active, 'reality-warp', 1, c)
    lock = 4
    dice[4] = c.r.die(6)
    c.ev.push({ type: 'realityWarp', seat: s.active, die: dice[4] })
  }
  s.roll = { owner: s.active, dice, left: 2, lock, kind: 'off' }
  c.ev.push({ type: 'phase', phase: 'offensive-roll', seat: s.active })
  c.ev.push({ type: 'roll', seat: s.active, dice: dice.slice() })
}
function endRollPhases(s: DTState, c: Ctx) {
  s.roll = null
  s.sel = null
  s.atk = null
  s.win = null
  s.target = -1
  s.ill = null
  s.sug = -1
  s.fx = null
  s.inc = null
  s.offRoll = null
  s.step = 'main2'
  c.ev.push({ type: 'phase', phase: 'main2', seat: s.active })
}
/** Main Phase 2 is over: the Discard Phase, where selling is allowed whatever the hand size (DT-2.4) and required above 6 (DT-3.4). */
function endMain2(s: DTState, c: Ctx) {
  s.step = 'discard'
  c.ev.push({ type: 'phase', phase: 'discard', seat: s.active })
}

function checkDeaths(s: DTState, c: Ctx) {
  for (let i = 0; i < s.n; i++) {
    const pl = s.p[i]!
    if (!pl.out && s.hp[s.pool[i]!]! <= 0) {
      pl.out = true
      c.ev.push({ type: 'defeated', seat: i })
    }
  }
  // Mjölnir held by a defeated player is recalled (DT-13.17).
  for (let i = 0; i < s.n; i++) {
    const pl = s.p[i]!
    if (pl.mj >= 0 && s.p[pl.mj]!.out) {
      c.ev.push({ type: 'mjolnir', seat: i, action: 'recalled', from: pl.mj })
      pl.mj = -1
      // a recall returns the hammer to the board and grants Electrokinesis (DT-13.13)
      if (!pl.out) gainStatus(s, i, 'electrokinesis', 1, c)
    }
  }
  // how many distinct health pools still have a player standing (pool indices are 0..3)
  let pools = 0
  for (let i = 0; i < s.n; i++) if (!s.p[i]!.out) pools |= 1 << s.pool[i]!
  if ((pools & (pools - 1)) === 0) {
    s.done = true
    s.step = 'over'
    s.choice = null
    s.win = null
    s.winners = []
    for (let i = 0; i < s.n; i++) if (!s.p[i]!.out) s.winners.push(i)
    s.reason = s.winners.length ? 'last-standing' : 'draw'
    c.ev.push({ type: 'gameOver', winners: s.winners.slice(), reason: s.reason })
  }
}

// =============================================================================================
// Effects
function runOps(s: DTState, seat: number, target: number, ops: Effect[], c: Ctx, dice: number[] | null) {
  for (const op of ops) {
    if (s.done || s.choice) return
    switch (op.op) {
      case 'gain':
        gainStatus(s, seat, op.s, op.n, c)
        break
      case 'inflict':
        if (target >= 0) inflict(s, seat, target, op.s, op.n, c)
        break
      case 'heal':
        changeHp(s, seat, op.n, c, 'heal')
        break
      case 'draw':
        draw(s, seat, op.n, c)
        break
      case 'cp':
        gainCp(s, seat, op.n, c)
        break
      case 'steal': {
        if (target < 0) break
        const got = Math.min(op.n, s.p[target]!.cp)
        gainCp(s, target, -got, c)
        gainCp(s, seat, got, c)
        break
      }
      case 'mj':
        for (let k = 0; k < op.n; k++) mjStep(s, seat, target, c)
        break
      case 'mjUpTo':
        // the owner decides how many steps; the activation resumes after the choice (finishActivation)
        if (s.p[seat]!.mj !== -2 && op.n > 0) s.choice = { kind: 'mjSteps', seat, max: op.n }
        break
      case 'throw':
        if (s.p[seat]!.mj === -1) mjStep(s, seat, target, c)
        break
      case 'isolated':
        if (target >= 0 && !s.p[target]!.out) isoHit(s, seat, target, op.n, op.dt, c, `isolated-${op.dt}`)
        break
      case 'onKind':
        if (dice && maxOfAKind(dice) >= op.n) runOps(s, seat, target, op.ops, c, dice)
        break
      case 'custom':
        customOp(s, seat, target, op.id, c)
        break
    }
  }
}
function customOp(s: DTState, seat: number, target: number, id: string, c: Ctx) {
  const pl = s.p[seat]!
  switch (id) {
    case 'summon3':
    case 'summon4': {
      if (pl.mj === -1) gainStatus(s, seat, 'electrokinesis', 3, c)
      else {
        // retrieve, and collateral damage to the holder (its special targeting: DT-6.10). It is incoming
        // damage, not an attack (DT-6.11): no defence, no modifiers, but it can be prevented (DT-6.9).
        const holder = pl.mj
        mjStep(s, seat, target, c)
        if (!s.p[holder]!.out) c.coll = { to: holder, n: id === 'summon3' ? 3 : 4 }
      }
      return
    }
    case 'odinforce':
    case 'odinforce2': {
      const d = rollDice(c, 5) // "Roll [#]": fresh dice (DT-5.5, DT-5.6)
      c.ev.push({ type: 'roll', seat, dice: d.slice(), for: 'odinforce' })
      // Odinforce II: the owner may first reroll any of these dice once (research 2.1)
      if (id === 'odinforce2') s.choice = { kind: 'odinReroll', seat, dice: d }
      else odinforceDice(s, seat, target, d, c)
      return
    }
    case 'rod':
      if (!(target >= 0 && pl.mj === target)) gainStatus(s, seat, 'electrokinesis', 1, c)
      return
  }
}
/** Odinforce: 2+ hammers one throw/retrieve, 2+ worthy +1 CP, +1 EK per thunder. */
function odinforceDice(s: DTState, seat: number, target: number, d: number[], c: Ctx) {
  const hero = s.p[seat]!.hero
  if (countSym(hero, d, 'hammer') >= 2) mjStep(s, seat, target, c)
  if (countSym(hero, d, 'worthy') >= 2) gainCp(s, seat, 1, c)
  const t = countSym(hero, d, 'thunder')
  if (t) gainStatus(s, seat, 'electrokinesis', t, c)
}
function customDamage(s: DTState, seat: number, target: number, id: string, c: Ctx): number {
  const pl = s.p[seat]!
  switch (id) {
    case 'best2of3':
    case 'best2of4': {
      const d = rollDice(c, id === 'best2of3' ? 3 : 4)
      c.ev.push({ type: 'roll', seat, dice: d.slice(), for: 'chain-lightning' })
      d.sort((a, b) => b - a) // the event keeps the dice as rolled
      return d[0]! + d[1]!
    }
    case 'reflexes': {
      const d = rollDice(c, 2)
      c.ev.push({ type: 'roll', seat, dice: d.slice(), for: 'spider-reflexes' })
      const t = d[0]! + d[1]!
      if (t <= 5) gainStatus(s, seat, 'combo', 1, c)
      return t
    }
    case 'rod':
      return target >= 0 && pl.mj === target ? 9 : 7
  }
  return 0
}

// =============================================================================================
// Ability activation and damage
function activate(s: DTState, c: Ctx) {
  const sel = s.sel!
  const a = s.active
  const tgt = s.roll && s.roll.kind === 'tgt' ? s.roll : null
  if (!tgt) c.ev.push({ type: 'phase', phase: 'targeting-roll', seat: a })
  if (s.target < 0 || s.p[s.target]!.out) {
    const opps = opponents(s, a)
    if (opps.length === 1) {
      s.roll = s.offRoll ?? s.roll
      s.offRoll = null
      s.target = opps[0]!
      leaderBonus(s, c)
    } else if (s.mode === '2v2') {
      if (!tgt) {
        // the targeting die is on the table: Roll Phase cards may change it before it is read (DT-4.3)
        const d = c.r.die(6)
        c.ev.push({ type: 'targetingRoll', seat: a, die: d })
        s.offRoll = s.roll
        s.roll = { owner: a, dice: [d], left: 0, lock: -1, kind: 'tgt' }
        s.win = { kind: 'tgt', seats: priority(s), i: 0 }
        return
      }
      const d = tgt.dice[0]!
      s.roll = s.offRoll!
      s.offRoll = null
      if (d <= 4) s.target = opps[d <= 2 ? 0 : 1] ?? opps[0]!
      else {
        s.step = 'target'
        return
      }
    } else {
      s.step = 'target'
      return
    }
  }
  void sel
  resolveActivation(s, c)
}
/**
 * Free-for-all follows King of the Hill (research 1.5): the player(s) with the most health are Leaders, and
 * targeting a Leader with an attack (an ability that deals damage) draws 1 card at once.
 */
function leaderBonus(s: DTState, c: Ctx) {
  if (s.mode !== 'free-for-all' || !s.sel) return
  const v = variantAt(s.p[s.active]!, s.sel.ab, s.sel.vi)
  if (!v || !v.dmg) return
  let most = -Infinity
  for (let i = 0; i < s.n; i++) if (!s.p[i]!.out) most = Math.max(most, s.hp[s.pool[i]!]!)
  if (s.hp[s.pool[s.target]!]! !== most) return
  c.ev.push({ type: 'leaderBonus', seat: s.active, target: s.target })
  draw(s, s.active, 1, c)
}
function resolveActivation(s: DTState, c: Ctx) {
  const sel = s.sel!
  const a = s.active
  const pl = s.p[a]!
  const t = s.target
  const lvl = levelOf(pl, sel.ab)
  const v = variantAt(pl, sel.ab, sel.vi)!
  c.ev.push({ type: 'ability', seat: a, ability: sel.ab, name: v.name, level: lvl, target: t })
  // a choice inside the effects (Odinforce II, Mjölnir steps) or incoming isolated damage pauses them (runFx)
  s.fx = { ph: 0, ab: sel.ab, vi: sel.vi, by: a, to: t, i: 0 }
  runFx(s, c)
}
/**
 * Runs the ability's effect list from the cursor `s.fx`, one effect at a time. It pauses on a choice (resumed by
 * `doChoice` through `resumeFx`) and on incoming isolated damage (a prevention window, then it goes on). At the
 * end: `pre` goes on to the damage (`finishActivation`), `post` ("Then" effects) to the end of the roll phases.
 */
function runFx(s: DTState, c: Ctx) {
  const fx = s.fx!
  const v = variantAt(s.p[fx.by]!, fx.ab, fx.vi)!
  const ops = fx.ph === 0 ? v.pre : v.post
  const dice = fx.ph === 0 && s.roll ? s.roll.dice.slice() : null
  // an Ultimate cannot be answered (DT-10.3): its isolated damage lands at once
  c.iso = v.dmg?.type !== 'ultimate'
  let i = fx.i
  while (i < ops.length && !s.done && !s.p[fx.by]!.out) {
    ONE_OP[0] = ops[i]!
    runOps(s, fx.by, fx.to, ONE_OP, c, dice)
    i++
    if (s.choice || s.inc) {
      c.iso = false
      s.fx = { ph: fx.ph, ab: fx.ab, vi: fx.vi, by: fx.by, to: fx.to, i }
      if (!s.choice) openWindow(s, 'inc')
      return
    }
  }
  c.iso = false
  s.fx = null
  if (s.done) return
  if (fx.ph === 0) finishActivation(s, c)
  else afterPost(s, c)
}
const ONE_OP: Effect[] = []
/** Steps inside the roll phases, where Roll Phase cards can be played (DT-4.3). */
const ROLL_STEPS: ReadonlySet<Step> = new Set<Step>(['rolling', 'pre', 'target', 'modify', 'defChoose', 'def', 'then', 'inc', 'combo'])
/** After a choice inside an ability's effects: its incoming isolated damage first, then the rest of the effects. */
function resumeFx(s: DTState, c: Ctx) {
  if (s.done) return
  if (s.inc) openWindow(s, 'inc')
  else if (s.fx) runFx(s, c)
  else finishActivation(s, c)
}
/** Opens a response window polled in priority order (the seats that may respond are asked: `asked`). */
function openWindow(s: DTState, kind: 'then' | 'inc') {
  s.step = kind
  s.win = { kind, seats: priority(s), i: 0 }
}
/** Whether the choice in progress belongs to an ability's (non-Ultimate) effects, whose isolated damage can wait. */
function fxIso(s: DTState): boolean {
  const fx = s.fx
  if (!fx) return false
  return variantAt(s.p[fx.by]!, fx.ab, fx.vi)?.dmg?.type !== 'ultimate'
}
/** The rest of an activation once its first effects are resolved: damage builds the Attack. */
function finishActivation(s: DTState, c: Ctx) {
  const sel = s.sel!
  const a = s.active
  const pl = s.p[a]!
  const t = s.target
  const lvl = levelOf(pl, sel.ab)
  const v = variantAt(pl, sel.ab, sel.vi)!
  const dice = s.roll!.dice.slice()
  checkDeaths(s, c)
  if (s.done) return
  const coll = c.coll
  if (coll) {
    c.coll = null
    if (!s.p[coll.to]!.out) {
      s.atk = {
        by: a, to: coll.to, ab: sel.ab, vi: sel.vi, lvl, name: v.name, dt: 'collateral', base: coll.n, ult: false,
        add: 0, prev: 0, halves: 0, all: false, counter: 0, def: null, gb: false, invis: false, ss: false, swing: false, ipunch: false, indom: false, illusion: null, cprev: 0, call: false,
      }
      c.ev.push({ type: 'collateral', by: a, to: coll.to, damage: coll.n })
      s.roll = null
      s.step = 'modify'
      return
    }
  }
  if (!v.dmg || s.p[t]!.out) {
    runOps(s, a, t, v.post, c, dice)
    checkDeaths(s, c)
    if (!s.done) endRollPhases(s, c)
    return
  }
  let base = v.dmg.custom ? customDamage(s, a, t, v.dmg.custom, c) : v.dmg.n
  if (v.dmg.perEk) base += pl.st['electrokinesis'] ?? 0
  let dt: DamageType = v.dmg.type
  if (dt === 'normal' && (s.p[t]!.st['webbed'] ?? 0) > 0) {
    dt = 'undefendable' // DT-13.26
    loseStatus(s, t, 'webbed', 1, c)
  }
  s.atk = {
    by: a, to: t, ab: sel.ab, vi: sel.vi, lvl, name: v.name, dt, base, ult: dt === 'ultimate',
    add: 0, prev: 0, halves: 0, all: false, counter: 0, def: null, gb: false, invis: false, ss: false, swing: false, ipunch: false, indom: false, illusion: null, cprev: 0, call: false,
  }
  c.ev.push({ type: 'attack', by: a, to: t, damage: base, damageType: dt })
  s.roll = null
  s.step = 'modify'
}
/** After the attacker's modifiers: the Defensive Roll Phase (only for damage that can be defended). */
function toDefence(s: DTState, c: Ctx) {
  const atk = s.atk!
  c.ev.push({ type: 'phase', phase: 'defensive-roll', seat: atk.to })
  s.step = 'defChoose'
}
function startDefRoll(s: DTState, defence: string, c: Ctx) {
  const atk = s.atk!
  const dp = s.p[atk.to]!
  const d = defenceOf(dp.hero, defence)
  const lv = d.levels[Math.min(levelOf(dp, defence), d.levels.length) - 1]!
  atk.def = defence
  const dice = rollDice(c, lv.dice)
  s.roll = { owner: atk.to, dice, left: 0, lock: -1, kind: 'def' }
  c.ev.push({ type: 'defend', seat: atk.to, defence, dice: dice.slice() })
  openDefWindow(s)
}
/** A hero's defence by id (the hero data's own object). */
function defenceOf(hero: HeroId, id: string): Defence {
  return COMPILED[hero]!.defs.get(id)!
}
function openDefWindow(s: DTState) {
  s.step = 'def'
  s.win = { kind: 'def', seats: priority(s), i: 0 }
}
/** Counter damage the rolled defence dice will deal to the attacker (Counterpunch, Mischief, Invisible Punch), or 0. */
function counterAhead(s: DTState): number {
  const atk = s.atk
  const r = s.roll
  if (!atk || !atk.def || !r || r.kind !== 'def') return 0
  const dp = s.p[atk.to]!
  const d = defenceOf(dp.hero, atk.def)
  const eff = d.levels[Math.min(levelOf(dp, atk.def), d.levels.length) - 1]!.effect
  if (eff === 'counterpunch') return countSym(dp.hero, r.dice, 'thwip')
  if (eff === 'mischief') return countSym(dp.hero, r.dice, 'dagger')
  if (eff === 'spiderSense' && atk.ipunch) return countSym(dp.hero, r.dice, 'spider') + (atk.swing ? countSym(dp.hero, r.dice, 'web') : 0) > 0 ? 3 : 0
  if (eff === 'thunderWheel1' || eff === 'thunderWheel2') {
    // Mjölnir's throws at the attacker (undefendable but preventable: DT-6.7): steps alternate throw / retrieve
    const h = countSym(dp.hero, r.dice, 'hammer')
    const times = eff === 'thunderWheel1' ? (h >= 2 ? 1 : 0) : Math.floor(h / 2)
    return dp.mj === -1 ? Math.ceil(times / 2) : dp.mj === -2 ? 0 : Math.floor(times / 2)
  }
  return 0
}
function defenceResult(s: DTState, c: Ctx) {
  const atk = s.atk!
  if (!atk.def || !s.roll) return
  const dp = s.p[atk.to]!
  const d = defenceOf(dp.hero, atk.def)
  const lv = d.levels[Math.min(levelOf(dp, atk.def), d.levels.length) - 1]!
  const dice = s.roll.dice
  const hero = dp.hero
  switch (lv.effect) {
    case 'thunderWheel1':
    case 'thunderWheel2': {
      const h = countSym(hero, dice, 'hammer')
      const times = lv.effect === 'thunderWheel1' ? (h >= 2 ? 1 : 0) : Math.floor(h / 2)
      c.ctr = atk
      for (let k = 0; k < times; k++) mjStep(s, atk.to, atk.by, c)
      c.ctr = null
      atk.prev += 2 * countSym(hero, dice, 'worthy')
      const th = countSym(hero, dice, 'thunder')
      if (th) gainStatus(s, atk.to, 'electrokinesis', th, c)
      break
    }
    case 'spiderSense': {
      const hit = countSym(hero, dice, 'spider') + (atk.swing ? countSym(hero, dice, 'web') : 0)
      if (hit > 0) {
        atk.halves++
        atk.ss = true
      }
      break
    }
    case 'counterpunch':
      atk.counter += countSym(hero, dice, 'thwip')
      break
    case 'chaosShield':
      atk.prev += 2 * (countSym(hero, dice, 'chaos') + countSym(hero, dice, 'magic'))
      if (countSym(hero, dice, 'scarlet')) gainStatus(s, atk.to, 'crackle', 1, c)
      break
    case 'slipAway':
      atk.prev += 2 * countSym(hero, dice, 'helm')
      if (countSym(hero, dice, 'trickster')) gainStatus(s, atk.to, 'bag-of-tricks', 1, c)
      break
    case 'mischief':
      atk.counter += countSym(hero, dice, 'dagger')
      if (countSym(hero, dice, 'trickster')) gainStatus(s, atk.to, 'illusion', 1, c)
      break
  }
}
/** DT-12: add and subtract first; then every divider from the same subtotal; divisions round up. */
export function finalDamage(a: Pick<Attack, 'base' | 'add' | 'prev' | 'halves' | 'all' | 'ult' | 'dt'>): number {
  const modifiable = a.dt === 'normal' || a.dt === 'undefendable' || a.dt === 'ultimate'
  let sub = a.base + (modifiable ? a.add : 0)
  if (a.ult) return Math.max(0, sub) // DT-6.12, DT-10.4: cannot be prevented
  sub = Math.max(0, sub - a.prev)
  if (a.all) return 0
  let prevented = 0
  for (let k = 0; k < a.halves; k++) prevented += Math.ceil(sub / 2)
  return Math.max(0, sub - prevented)
}
function resolveAttack(s: DTState, c: Ctx) {
  const atk = s.atk!
  s.win = null
  defenceResult(s, c)
  if (atk.illusion === 'half') atk.halves++
  if (atk.illusion === 'none') atk.all = true
  if (atk.ipunch && atk.ss) atk.counter += 3
  let dmg = finalDamage(atk)
  if (atk.indom && !s.p[atk.to]!.out) {
    const hp = s.hp[s.pool[atk.to]!]!
    if (hp - dmg <= 0) {
      const d = c.r.die(6)
      c.ev.push({ type: 'roll', seat: atk.to, dice: [d], for: 'indomitable-will' })
      if (d === 4 || d === 5) dmg = Math.max(0, hp - 1)
    }
  }
  // counter damage has no type: it can be prevented, not defended or modified (research 1.4)
  if (atk.call) atk.counter = 0
  else atk.counter = Math.max(0, atk.counter - (atk.cprev ?? 0))
  c.ev.push({ type: 'damage', by: atk.by, to: atk.to, amount: dmg, damageType: atk.dt, counter: atk.counter })
  // damage and counter damage land together
  if (!s.p[atk.to]!.out) changeHp(s, atk.to, -dmg, c, atk.dt)
  if (atk.counter > 0) changeHp(s, atk.by, -atk.counter, c, 'counter')
  const pl = s.p[atk.by]!
  const v = variantAt(pl, atk.ab, atk.vi)
  checkDeaths(s, c)
  if (s.done) return
  if (v && v.post.length && !pl.out) {
    s.fx = { ph: 1, ab: atk.ab, vi: atk.vi, by: atk.by, to: atk.to, i: 0 }
    // "Then" pauses the game: statuses, Instants and Roll Phase cards may be played before what follows (DT-5.2, DT-5.3)
    if (!atk.ult && !s.p[atk.to]!.out) {
      s.roll = null
      openWindow(s, 'then')
      return
    }
    runFx(s, c)
    return
  }
  afterPost(s, c)
}
/** After the attack and its "Then" effects: Combo, or the end of the roll phases. */
function afterPost(s: DTState, c: Ctx) {
  checkDeaths(s, c)
  if (s.done) return
  const atk = s.atk!
  const pl = s.p[atk.by]!
  s.roll = null
  // Combo needs an attack (DT-13.27); collateral damage is not one (DT-6.11)
  if (!pl.out && !s.p[atk.to]!.out && atk.dt !== 'collateral' && (pl.st['combo'] ?? 0) > 0 && !pl.comboUsed) {
    s.step = 'combo'
    return
  }
  endRollPhases(s, c)
}

// =============================================================================================
// Who acts
export function actor(s: DTState): number {
  if (s.done) return -1
  if (s.choice) return s.choice.seat
  switch (s.step) {
    case 'pre':
    case 'def':
    case 'then':
    case 'inc':
    case 'main1End':
    case 'main2End':
      return s.win ? s.win.seats[s.win.i] ?? -1 : -1
    case 'main1':
    case 'main2':
      return s.win ? s.win.seats[s.win.i] ?? -1 : s.active
    case 'defChoose':
      return s.atk!.to
    default:
      return s.active
  }
}

/** Runs forced steps until someone has a decision. */
function advance(s: DTState, c: Ctx) {
  for (let guard = 0; guard < 1000; guard++) {
    if (s.done || s.choice) return
    if (s.p[s.active]!.out) {
      nextTurn(s, c)
      continue
    }
    if (s.atk && s.p[s.atk.to]!.out && (s.step === 'modify' || s.step === 'defChoose' || s.step === 'def')) {
      endRollPhases(s, c)
      continue
    }
    if ((s.step === 'main1' || s.step === 'main2') && !s.win) return
    switch (s.step) {
      case 'main1':
      case 'main2':
      case 'pre':
      case 'def':
      case 'then':
      case 'inc':
      case 'main1End':
      case 'main2End': {
        const w = s.win!
        while (w.i < w.seats.length && !asked(s, w.seats[w.i]!)) w.i++
        if (w.i < w.seats.length) return
        s.win = null
        if (s.step === 'main1' || s.step === 'main2') {
          const h = s.held!
          s.held = null
          resolveCard(s, h.seat, h.a, c)
          continue
        }
        if (s.step === 'pre') {
          activate(s, c)
          continue
        }
        if (s.step === 'then') {
          runFx(s, c)
          continue
        }
        if (s.step === 'main1End') {
          startOffense(s, c)
          continue
        }
        if (s.step === 'main2End') {
          endMain2(s, c)
          continue
        }
        if (s.step === 'inc') {
          const ret = s.inc!.ret
          applyIncoming(s, c)
          if (s.done) continue
          if (ret) {
            // back to where the throw was made (its window polled again from the turn player)
            s.step = ret.step
            s.win = ret.win ? { kind: ret.win.kind, seats: ret.win.seats, i: 0 } : null
          } else runFx(s, c)
          continue
        }
        resolveAttack(s, c)
        continue
      }
      case 'modify':
        // the attacker's own pause: asked by what the others see (Ambush! may be in hand), like a window
        if (modifyOptions(asOthersSee(s, s.active), s.active).length > 0 && !(s.p[s.active]!.auto && modifyOptions(s, s.active).length === 0)) return
        afterModify(s, c)
        continue
      case 'defChoose': {
        const opts = defChooseOptions(s)
        if (opts.length === 0) {
          openDefWindow(s)
          continue
        }
        if (opts.length === 1 && opts[0]!.type === 'defend') {
          startDefRoll(s, opts[0]!.defence, c)
          continue
        }
        return
      }
      default:
        return
    }
  }
}
function afterModify(s: DTState, c: Ctx) {
  const atk = s.atk!
  if (atk.dt === 'collateral') {
    openDefWindow(s)
    return
  }
  toDefence(s, c)
}

// =============================================================================================
// Legal actions
const SUBSETS: number[][][] = [] // SUBSETS[lock+1] = non-empty index subsets of 5 dice avoiding lock
for (let lock = -1; lock < 5; lock++) {
  const list: number[][] = []
  for (let m = 1; m < 32; m++) {
    if (lock >= 0 && m & (1 << lock)) continue
    const idx: number[] = []
    for (let i = 0; i < 5; i++) if (m & (1 << i)) idx.push(i)
    // shared by every listed roll action: frozen so that no caller can change later answers
    list.push(Object.freeze(idx) as number[])
  }
  SUBSETS.push(list)
}
const PASS: DTAction = Object.freeze({ type: 'pass' })
/**
 * Listed actions without per-state parameters are built once and shared (frozen, like PASS and the roll
 * actions), so listing them allocates nothing: sell and play by card, Mjölnir discards by card and target.
 */
interface CardMeta {
  card: Card
  sell: DTAction
  play: DTAction
  /** [target + 1]: target -1 is a retrieve (no target field). */
  mj: DTAction[]
}
const CARD_META = new Map<string, CardMeta>()
for (const card of Object.values(CARDS)) {
  const mj = [Object.freeze({ type: 'mjolnir', discard: card.id }) as DTAction]
  for (let t = 0; t < 4; t++) mj.push(Object.freeze({ type: 'mjolnir', discard: card.id, target: t }) as DTAction)
  CARD_META.set(card.id, {
    card,
    sell: Object.freeze({ type: 'sell', card: card.id }) as DTAction,
    play: Object.freeze({ type: 'play', card: card.id }) as DTAction,
    mj,
  })
}
const sellAct = (card: string): DTAction => CARD_META.get(card)!.sell
const playAct = (card: string): DTAction => CARD_META.get(card)!.play
const mjolnirAct = (card: string, target: number): DTAction => CARD_META.get(card)!.mj[target + 1]!
const NO_ATTACK: DTAction = Object.freeze({ type: 'noAttack' })
const AUTO_ON: DTAction = Object.freeze({ type: 'setAutoPass', on: true })
const AUTO_OFF: DTAction = Object.freeze({ type: 'setAutoPass', on: false })
const END: DTAction = Object.freeze({ type: 'end' })
const ROLL_ACTIONS: DTAction[][] = SUBSETS.map((l) => l.map((dice) => Object.freeze({ type: 'roll', dice }) as DTAction))
const PERMS: readonly (readonly string[])[] = [
  ['all', 'half', 'none'], ['all', 'none', 'half'], ['half', 'all', 'none'],
  ['half', 'none', 'all'], ['none', 'all', 'half'], ['none', 'half', 'all'],
].map((o) => Object.freeze(o))
/** SINGLE_ROLLS[lock + 1]: the one-die roll actions (shared with ROLL_ACTIONS). */
const SINGLE_ROLLS: DTAction[][] = ROLL_ACTIONS.map((l) => l.filter((a) => a.type === 'roll' && a.dice.length === 1))
const STEPS_ACTIONS: DTAction[] = [0, 1, 2, 3, 4, 5, 6].map((count) => Object.freeze({ type: 'steps', count }) as DTAction)
/** Loki arranges the face-down cards (DT-13.20) and may suggest a slot to the attacker (DT-13.21). */
const ARRANGE_ACTIONS: DTAction[] = []
for (const o of PERMS) {
  ARRANGE_ACTIONS.push(Object.freeze({ type: 'arrange', order: o as string[] }) as DTAction)
  for (let k = 0; k < 3; k++) ARRANGE_ACTIONS.push(Object.freeze({ type: 'arrange', order: o as string[], suggest: k }) as DTAction)
}
void ILLUSION_CARDS

type Ctxt = 'main' | 'rolling' | 'pre' | 'def' | 'modify' | 'then' | 'inc' | 'phase'

const cache: { s: DTState | null; seat: number; list: DTAction[] } = { s: null, seat: -1, list: [] }
/** Legal actions, remembering the last answer so apply can validate without recomputing. */
export function legal(s: DTState, seat: number): DTAction[] {
  if (cache.s === s && cache.seat === seat) return cache.list.slice()
  const list = legalRaw(s, seat)
  cache.s = s
  cache.seat = seat
  cache.list = list
  return list.slice()
}
const FIELDS = ['card', 'die', 'value', 'target', 'status', 'from', 'take', 'ability', 'variant', 'seat', 'defence', 'slot', 'discard', 'suggest', 'count', 'on'] as const
function sameArr(x: unknown, y: unknown): boolean {
  if (x === undefined || y === undefined) return x === y
  if (!Array.isArray(x) || !Array.isArray(y) || x.length !== y.length) return false
  for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return false
  return true
}
export function sameAct(x: DTAction, y: DTAction): boolean {
  if (x === y) return true
  if (x.type !== y.type) return false
  const a = x as unknown as Record<string, unknown>
  const b = y as unknown as Record<string, unknown>
  for (const f of FIELDS) if (a[f] !== b[f]) return false
  return sameArr(a['dice'], b['dice']) && sameArr(a['order'], b['order'])
}
function legalRaw(s: DTState, seat: number): DTAction[] {
  if (s.done || actor(s) !== seat) return []
  if (s.choice) return choiceOptions(s)
  const out: DTAction[] = []
  const pl = s.p[seat]!
  switch (s.step) {
    case 'main1':
    case 'main2':
      if (s.win) {
        const rs = responses(s, seat)
        rs.push(PASS)
        if (!pl.auto) rs.push(AUTO_ON)
        return rs
      }
      cardActions(s, seat, 'main', out)
      spendActions(s, seat, 'main', out)
      mjolnirActions(s, seat, out)
      sellActions(pl, out)
      if (pl.auto) out.push(AUTO_OFF)
      out.push(END)
      return out
    case 'rolling': {
      const r = s.roll!
      const out = r.left > 0 ? ROLL_ACTIONS[r.lock + 1]!.slice() : []
      selectActions(pl, r.dice, out)
      out.push(NO_ATTACK)
      cardActions(s, seat, 'rolling', out)
      spendActions(s, seat, 'rolling', out)
      mjolnirActions(s, seat, out)
      return out
    }
    case 'pre':
    case 'def':
    case 'then':
    case 'inc':
    case 'main1End':
    case 'main2End': {
      // a seat may be asked without a real answer (`asked`): passing is always possible; auto-pass may be
      // turned on here (it is turned off in the seat's own Main Phase, so random play cannot flip it forever)
      const rs = responses(s, seat)
      rs.push(PASS)
      if (!pl.auto) rs.push(AUTO_ON)
      return rs
    }
    case 'target':
      for (const o of opponents(s, seat)) out.push({ type: 'target', seat: o })
      return out
    case 'modify':
      for (const a of modifyOptions(s, seat)) out.push(a)
      out.push({ type: 'done' })
      return out
    case 'defChoose':
      return defChooseOptions(s)
    case 'combo':
      return [{ type: 'spend', status: 'combo' }, { type: 'pass' }]
    case 'discard':
      // Instants and status spends at any time (DT-4.4, DT-8.9), Mjölnir at any time (DT-13.12), selling (DT-2.4)
      cardActions(s, seat, 'phase', out)
      spendActions(s, seat, 'phase', out)
      mjolnirActions(s, seat, out)
      sellActions(pl, out)
      if (pl.auto) out.push(AUTO_OFF)
      if (pl.hand.length <= HAND_LIMIT) out.push(END)
      return out
    default:
      return out
  }
}
function sellActions(pl: Player, out: DTAction[]) {
  const hand = pl.hand
  for (let i = 0; i < hand.length; i++) {
    const card = hand[i]!
    if (hand.indexOf(card) !== i) continue // listed once per card name, in hand order
    out.push(sellAct(card))
  }
}
/** Responses a seat may make in an open window (no `pass`). */
export function responses(s: DTState, seat: number): DTAction[] {
  const out: DTAction[] = []
  const w = s.win
  if (!w) return out
  const atk = s.atk
  // Ultimate: from activation to the end of the roll phase opponents can do nothing (DT-10.3).
  if (w.kind !== 'pre' && atk && atk.ult && seat !== atk.by && !teammate(s, seat, atk.by)) return out
  // a Main Phase card waiting to resolve is answered like the end of a Main Phase: Instants and status spends
  // the targeting die is read after activation: against an Ultimate only the attacker's side may change it (DT-10.3)
  if (w.kind === 'tgt' && s.sel && !teammate(s, seat, s.active) && variantAt(s.p[s.active]!, s.sel.ab, s.sel.vi)?.dmg?.type === 'ultimate') return out
  const ctx: Ctxt = w.kind === 'card' ? 'phase' : w.kind === 'tgt' ? 'pre' : w.kind
  cardActions(s, seat, ctx, out)
  spendActions(s, seat, ctx, out)
  mjolnirActions(s, seat, out, true)
  if (w.kind === 'def' && s.roll && s.roll.owner === seat && s.roll.left > 0) for (const d of subsetsOf(s.roll.dice.length)) out.push({ type: 'roll', dice: d })
  return out
}
/**
 * Whether a window asks `seat`: only by what its opponents can see (its CP, statuses, dice, the cards it may
 * hold because they are not in its discard pile or in play), never by which cards it holds, so being asked
 * tells nothing about a hand; asked without a real answer, it can only pass. A seat that chose auto-pass is
 * asked only when it has a real answer (it accepted that timing may show it).
 */
function asked(s: DTState, seat: number): boolean {
  const pl = s.p[seat]!
  if (pl.out) return false
  if (pl.auto) return responses(s, seat).length > 0
  return responses(asOthersSee(s, seat), seat).length > 0
}
/** SUBSETS_OF[k]: the non-empty index subsets of k dice (the same frozen arrays as SUBSETS[0], same order). */
const SUBSETS_OF: number[][][] = [0, 1, 2, 3, 4, 5].map((k) => SUBSETS[0]!.filter((x) => x.every((i) => i < k)))
function subsetsOf(k: number): number[][] {
  if (k === 5) return SUBSETS[0]!
  return SUBSETS_OF[k] ?? SUBSETS[0]!.filter((x) => x.every((i) => i < k))
}
function modifyOptions(s: DTState, seat: number): DTAction[] {
  const out: DTAction[] = []
  const atk = s.atk
  if (!atk || seat !== atk.by) return out
  const pl = s.p[seat]!
  // no limit per attack in the source (DT-13.15): another token may be spent while the attack is still defendable
  if (atk.dt === 'normal' && (pl.st['guard-break'] ?? 0) > 0) out.push({ type: 'spend', status: 'guard-break' })
  spendActions(s, seat, 'modify', out)
  cardActions(s, seat, 'modify', out)
  return out
}
function defChooseOptions(s: DTState): DTAction[] {
  const atk = s.atk!
  const out: DTAction[] = []
  const dp = s.p[atk.to]!
  if (atk.ult) return out
  const canDefend = atk.dt === 'normal' || (atk.dt === 'undefendable' && atk.invis)
  if (canDefend) for (const x of COMPILED[dp.hero]!.defendActs) out.push(x)
  if (atk.dt === 'undefendable' && !atk.invis && (dp.st['invisibility'] ?? 0) > 0) out.push({ type: 'spend', status: 'invisibility' })
  if (!atk.illusion && (dp.st['illusion'] ?? 0) > 0 && atk.dt !== 'collateral') out.push({ type: 'spend', status: 'illusion' })
  if (!canDefend && out.length) out.push({ type: 'pass' })
  return out
}
function choiceOptions(s: DTState): DTAction[] {
  const ch = s.choice!
  const out: DTAction[] = []
  switch (ch.kind) {
    case 'setDie': {
      const r = s.roll
      if (!r) return out
      for (let i = 0; i < r.dice.length; i++) {
        if (i === ch.used || i === r.lock) continue
        for (let v = 1; v <= 6; v++) if (v !== r.dice[i]) out.push({ type: 'setDie', die: i, value: v })
      }
      if (out.length === 0) out.push({ type: 'pass' })
      return out
    }
    case 'arrange':
      for (const x of ARRANGE_ACTIONS) out.push(x)
      return out
    case 'pick':
      return [{ type: 'pick', slot: 0 }, { type: 'pick', slot: 1 }, { type: 'pick', slot: 2 }]
    case 'botTarget':
      for (const o of opponents(s, ch.seat)) out.push({ type: 'target', seat: o })
      return out
    case 'odinReroll':
      for (const x of ROLL_ACTIONS[0]!) out.push(x)
      out.push(PASS)
      return out
    case 'mjSteps':
      for (let k = 0; k <= ch.max && k < STEPS_ACTIONS.length; k++) out.push(STEPS_ACTIONS[k]!)
      return out
    case 'reroll1': {
      const r = s.roll
      if (r && r.dice.length === 5) for (const x of SINGLE_ROLLS[r.lock + 1]!) out.push(x)
      else if (r) for (let i = 0; i < r.dice.length; i++) if (i !== r.lock) out.push({ type: 'roll', dice: [i] })
      out.push(PASS)
      return out
    }
  }
}
/** Thor may discard a card to throw or retrieve Mjölnir at any time (his decisions and every response window). */
function mjolnirActions(s: DTState, seat: number, out: DTAction[], inWindow = false) {
  const pl = s.p[seat]!
  if (pl.mj === -2 || pl.hand.length === 0 || (!inWindow && seat !== s.active)) return
  const hand = pl.hand
  const opps = pl.mj === -1 ? opponents(s, seat) : null
  for (let i = 0; i < hand.length; i++) {
    const card = hand[i]!
    if (hand.indexOf(card) !== i) continue // once per card name, in hand order
    if (opps) for (const o of opps) out.push(mjolnirAct(card, o))
    else out.push(mjolnirAct(card, -1))
  }
}

/** Status spends available in a context (DT-8.9: spendable like an Instant). */
function spendActions(s: DTState, seat: number, ctx: Ctxt, out: DTAction[]) {
  const pl = s.p[seat]!
  const st = pl.st
  if (ctx === 'main' && (st['electrokinesis'] ?? 0) >= 4 && !pl.ekUsed) out.push({ type: 'spend', status: 'electrokinesis' })
  const r = s.roll
  if (r && r.owner === seat && (ctx === 'rolling' || ctx === 'def') && (st['probability-manipulation'] ?? 0) > 0) {
    for (let i = 0; i < r.dice.length; i++) {
      if (i === r.lock) continue
      if (r.dice[i]! < 6) out.push({ type: 'spend', status: 'probability-manipulation', die: i, value: r.dice[i]! + 1 })
      if (r.dice[i]! > 1) out.push({ type: 'spend', status: 'probability-manipulation', die: i, value: r.dice[i]! - 1 })
    }
  }
  if (ctx !== 'modify' && (st['conjure'] ?? 0) > 0) {
    for (const o of opponents(s, seat)) {
      for (const k of statusKeys(s.p[o]!.st)) {
        const def = STATUSES[k]!
        if (def.polarity === 'positive' && !def.unique) out.push({ type: 'spend', status: 'conjure', from: o, take: k })
      }
    }
  }
  const atk = s.atk
  if (atk && atk.by === seat && (ctx === 'modify' || ctx === 'def') && (st['crackle'] ?? 0) > 0 && atk.dt !== 'pure' && atk.dt !== 'collateral') {
    if (Object.keys(s.p[atk.to]!.st).length > 0) out.push({ type: 'spend', status: 'crackle' })
  }
  if (atk && atk.to === seat && ctx === 'def' && !atk.ult && !atk.illusion && (st['illusion'] ?? 0) > 0 && atk.dt !== 'collateral') out.push({ type: 'spend', status: 'illusion' })
  // Spider-Sense: discard Invisibility for one extra roll attempt (research 2.2)
  if (atk && atk.to === seat && ctx === 'def' && atk.def === 'spider-sense' && r && r.kind === 'def' && r.left === 0 && (st['invisibility'] ?? 0) > 0) out.push({ type: 'spend', status: 'invisibility' })
}

/** Card plays available to `seat` in a context, with their parameters (DT-4). */
function cardActions(s: DTState, seat: number, ctx: Ctxt, out: DTAction[]) {
  const pl = s.p[seat]!
  if (pl.hand.length === 0) return
  const hand = pl.hand
  for (let h = 0; h < hand.length; h++) {
    const id = hand[h]!
    if (hand.indexOf(id) !== h) continue // once per card name, in hand order
    const card = CARD_META.get(id)!.card
    if (card.timing === 'main' || card.timing === 'upgrade') {
      if (ctx !== 'main') continue
    } else if (card.timing === 'roll') {
      if (ctx === 'main' || ctx === 'phase') continue
    }
    if (card.timing === 'upgrade') {
      const u = card.upgrade!
      if (u.kind === 'passive') {
        if (pl.ups.includes(id) || pl.cp < card.cost) continue
        out.push(playAct(id))
        continue
      }
      const cur = levelOf(pl, u.target)
      if (u.level <= cur) continue
      if (pl.cp < upgradeCost(pl, id)) continue
      out.push(playAct(id))
      continue
    }
    if (pl.cp < card.cost) continue
    cardOptions(s, seat, id, card.effect, ctx, out)
  }
}
/** CP to pay for an upgrade: the difference to the upgrade already on that ability (DT-4.14). */
export function upgradeCost(pl: Player, cardId: string): number {
  const card = CARDS[cardId]!
  const u = card.upgrade!
  let paid = 0
  for (const x of pl.ups) {
    const o = CARDS[x]!.upgrade!
    if (o.target === u.target) paid = Math.max(paid, CARDS[x]!.cost)
  }
  return Math.max(0, card.cost - paid)
}
function cardOptions(s: DTState, seat: number, id: string, eff: string, ctx: Ctxt, out: DTAction[]) {
  // in a "Then" pause or an isolated-damage window the dice have been read: no die is changed any more
  const r = ctx === 'then' || ctx === 'inc' || ctx === 'phase' ? null : s.roll
  const atk = s.atk
  const own = r !== null && r.owner === seat
  const inAttackWindow = ctx === 'def' && atk !== null
  const defender = inAttackWindow && atk!.to === seat && !atk!.ult
  // collateral damage is incoming damage but not an attack (DT-6.11): cards "when attacked" do not apply
  const attacked = defender && atk!.dt !== 'collateral'
  // a die may be changed unless it is locked (Reality Warp); no closure here: this runs for every card listed
  if (ctx === 'modify' && eff !== 'ambush') return
  switch (eff) {
    case 'setOwnDie6':
      if (own) for (let i = 0; i < r!.dice.length; i++) if (i !== r!.lock && r!.dice[i] !== 6) out.push({ type: 'play', card: id, die: i })
      return
    case 'setOwnDie45':
      if (own) for (let i = 0; i < r!.dice.length; i++) for (const v of [4, 5]) if (i !== r!.lock && r!.dice[i] !== v) out.push({ type: 'play', card: id, die: i, value: v })
      return
    case 'setAnyDie':
    case 'setAnyDie2':
      if (r && ctx !== 'modify') for (let i = 0; i < r.dice.length; i++) for (let v = 1; v <= 6; v++) if (i !== r!.lock && r.dice[i] !== v) out.push({ type: 'play', card: id, die: i, value: v })
      return
    case 'tip':
      if (r && ctx !== 'main' && ctx !== 'modify') {
        for (let i = 0; i < r.dice.length; i++) {
          if (i === r!.lock) continue
          if (r.dice[i]! < 6) out.push({ type: 'play', card: id, die: i, value: r.dice[i]! + 1 })
          if (r.dice[i]! > 1) out.push({ type: 'play', card: id, die: i, value: r.dice[i]! - 1 })
        }
      }
      return
    case 'samesies':
      if (own) {
        for (let i = 0; i < r!.dice.length; i++) {
          if (i === r!.lock) continue
          const vals = new Set<number>()
          for (let j = 0; j < r!.dice.length; j++) if (j !== i && r!.dice[j] !== r!.dice[i]) vals.add(r!.dice[j]!)
          for (const v of [...vals].sort()) out.push({ type: 'play', card: id, die: i, value: v })
        }
      }
      return
    case 'reroll2':
      if (r && ctx !== 'modify' && teammate(s, seat, r.owner)) {
        for (const sub of subsetsOf(r.dice.length)) if (sub.length <= 2 && !sub.includes(r.lock)) out.push({ type: 'play', card: id, dice: sub })
      }
      return
    case 'rerollOwn1':
      if (own) for (let i = 0; i < r!.dice.length; i++) if (i !== r!.lock) out.push({ type: 'play', card: id, die: i })
      return
    case 'forceReroll':
      if (r && ctx !== 'modify' && !teammate(s, seat, r.owner)) for (let i = 0; i < r.dice.length; i++) if (i !== r!.lock) out.push({ type: 'play', card: id, die: i })
      return
    case 'extraOffRoll':
      if (r && r.kind === 'off' && (ctx === 'rolling' || ctx === 'pre')) out.push(playAct(id))
      return
    case 'extraDefRoll':
      if (r && r.kind === 'def' && inAttackWindow) out.push(playAct(id))
      return
    case 'prevent6':
      if ((inAttackWindow && !atk!.ult) || (ctx === 'inc' && s.inc)) out.push(playAct(id))
      // the attacker is the chosen player: the counter damage the defence dice will deal
      if (inAttackWindow && !atk!.ult && counterAhead(s) > 0) out.push({ type: 'play', card: id, target: atk!.by })
      return
    case 'indomitable':
      if (attacked && !atk!.indom) out.push(playAct(id))
      return
    case 'invulnerable': {
      const inc = ctx === 'inc' ? s.inc : null
      if (((defender && !atk!.all) || (inc && inc.to === seat && !inc.all)) && (s.p[seat]!.st['electrokinesis'] ?? 0) >= 2) out.push(playAct(id))
      // Thor attacking: all the counter damage the defence dice will deal to him
      if (inAttackWindow && atk!.by === seat && !atk!.call && (s.p[seat]!.st['electrokinesis'] ?? 0) >= 2 && counterAhead(s) > 0) out.push({ type: 'play', card: id, target: seat })
      return
    }
    case 'swingEscape':
      if (defender && atk!.def === 'spider-sense' && !atk!.swing) out.push(playAct(id))
      return
    case 'niceTry':
      if (attacked && (s.p[seat]!.st['invisibility'] ?? 0) > 0) out.push(playAct(id))
      return
    case 'invisiblePunch':
      if (defender && atk!.def === 'spider-sense' && !atk!.ipunch) out.push(playAct(id))
      return
    case 'ambush':
      if (atk && atk.by === seat && (ctx === 'modify' || ctx === 'def') && atk.dt !== 'pure' && atk.dt !== 'collateral' && (s.p[seat]!.st['invisibility'] ?? 0) > 0) out.push(playAct(id))
      return
    case 'transfer':
      for (let a = 0; a < s.n; a++) {
        if (s.p[a]!.out) continue
        // unique statuses follow their own rules and are not transferable (DT-8.13; research 2.2)
        for (const k of statusKeys(s.p[a]!.st)) if (!STATUSES[k]!.unique) for (let b = 0; b < s.n; b++) if (b !== a && !s.p[b]!.out) out.push({ type: 'play', card: id, from: a, status: k, target: b })
      }
      return
    case 'clearStatuses':
      for (let a = 0; a < s.n; a++) if (!s.p[a]!.out && Object.keys(s.p[a]!.st).length) out.push({ type: 'play', card: id, target: a })
      return
    case 'removeStatus':
      for (let a = 0; a < s.n; a++) if (!s.p[a]!.out) for (const k of statusKeys(s.p[a]!.st)) out.push({ type: 'play', card: id, target: a, status: k })
      return
    case 'webShooters':
    case 'warpReality':
    case 'steal1':
    case 'booyah':
      for (const o of opponents(s, seat)) out.push({ type: 'play', card: id, target: o })
      return
    case 'stormbreak':
      if (s.p[seat]!.throws >= 2) out.push(playAct(id))
      return
    default:
      // vegas, draw3, draw2, cp2, powerTrip, timeToHammer, gainInvis, gainCombo, gainPM, gainBag, booyah, heal3, chaosMagic, gainIllusion
      if (ctx === 'modify') return
      out.push(playAct(id))
  }
}

// =============================================================================================
// Apply

export function whyIllegal(s: DTState, seat: number, a: DTAction): RuleViolation {
  const pl = s.p[seat]!
  const step = s.step
  switch (a.type) {
    case 'sell':
      if (!pl.hand.includes(a.card)) return illegal('DT-3.5', 'that card is not in your hand')
      return illegal('DT-2.4', 'cards are sold only in your Main Phases or Discard Phase')
    case 'play': {
      const card = CARDS[a.card]
      if (!card || !pl.hand.includes(a.card)) return illegal('DT-5.1', 'that card is not in your hand')
      if (card.timing === 'main' && step !== 'main1' && step !== 'main2') return illegal('DT-4.2', 'Main Phase Actions are played only in your Main Phases')
      if (card.timing === 'upgrade' && step !== 'main1' && step !== 'main2') return illegal('DT-4.9', 'Hero Upgrades are played only in your Main Phases')
      if (card.timing === 'roll' && (step === 'main1' || step === 'main2' || step === 'discard' || step === 'main1End' || step === 'main2End')) return illegal('DT-4.3', 'Roll Phase Actions are played only during a roll phase')
      if (card.timing === 'upgrade' && card.upgrade && card.upgrade.kind !== 'passive' && levelOf(pl, card.upgrade.target) >= card.upgrade.level) return illegal('DT-4.13', 'that ability is already at this level or higher')
      const cost = card.timing === 'upgrade' ? upgradeCost(pl, a.card) : card.cost
      if (pl.cp < cost) return new RuleViolation('ILLEGAL_ACTION', 'DT-2.2', `not enough CP (${cost} needed)`, 'INSUFFICIENT_FUNDS')
      if (card.effect === 'transfer' && typeof a.status === 'string' && STATUSES[a.status]?.unique) return illegal('DT-8.13', 'a unique status cannot be transferred')
      return illegal('DT-5.1', 'this card cannot be played like that now')
    }
    case 'steps':
      return illegal('DT-13.14', 'choose from 0 up to the printed number of Mjölnir steps, when an ability offers them')
    case 'roll':
      if (s.choice && s.choice.kind === 'odinReroll') return illegal('DT-5.5', 'Odinforce II rerolls some of its own 5 dice, once')
      if (s.choice && s.choice.kind === 'reroll1') return illegal('DT-5.1', 'Try, Try Again! rerolls one more die (the same or another), or pass')
      if (s.roll && s.roll.kind === 'def') return illegal('DT-14.2', 'the defender gets one roll attempt')
      return illegal('DT-GAP-2', 'no roll attempt left or bad dice')
    case 'select':
      return illegal('DT-GAP-2', 'the dice do not meet that ability')
    case 'defend':
      if (s.atk && !s.atk.ult && s.atk.dt !== 'normal') return illegal('DT-6.7', 'this damage cannot be defended')
      if (s.atk && s.atk.ult) return illegal('DT-10.3', 'an Ultimate cannot be answered')
      return illegal('DT-14.4', 'no such defence')
    case 'spend': {
      const def = STATUSES[a.status]
      if (a.status === 'electrokinesis') return illegal('DT-13.16', '4 Electrokinesis draw 1 card, once per turn, in your Main Phase')
      if (a.status === 'guard-break') return illegal('DT-13.15', 'Guard Break is spent after activating an attack while its damage is normal (defendable)')
      if (a.status === 'conjure' && typeof a.take === 'string' && (!STATUSES[a.take] || STATUSES[a.take]!.unique || STATUSES[a.take]!.polarity !== 'positive')) {
        return illegal('DT-13.8', "Conjure takes one of an opponent's positive, non-unique status tokens")
      }
      if (def && !(pl.st[a.status]! > 0)) return illegal('DT-8.8', 'you have no such status token')
      return illegal('DT-8.9', 'that status cannot be spent now')
    }
    case 'mjolnir':
      return illegal('DT-13.12', 'Mjölnir cannot be moved like that now')
    case 'setAutoPass':
      return illegal('DT-11.1', 'auto-pass is turned on when you are asked in a window, and off in your own Main Phase')
    case 'end':
      if (step === 'discard') return illegal('DT-3.4', 'sell down to 6 cards first')
      return illegal('DT-1.2', 'not a phase you can end now')
    default:
      return illegal('DT-1.2', 'that action is not available now')
  }
}

/** An Ultimate has been activated and its roll phase is not over: opponents can do nothing (DT-10.3). */
function ultimateUnderway(s: DTState): boolean {
  const u = s.atk
  if (u) return u.ult && (s.step === 'modify' || s.step === 'defChoose' || s.step === 'def')
  // between activation and damage: the ultimate's own choices (For Asgard!'s Mjölnir steps)
  if (s.choice && s.sel && s.step === 'pre' && !s.win) return variantAt(s.p[s.active]!, s.sel.ab, s.sel.vi)?.dmg?.type === 'ultimate'
  return false
}
export function applyAction(s0: DTState, seat: number, a: DTAction): { state: DTState; events: GameEvent[] } {
  if (s0.done) throw new RuleViolation('MATCH_FINISHED', 'DT-GAP-1', 'the match is finished')
  if (a === null || typeof a !== 'object' || typeof (a as { type?: unknown }).type !== 'string') throw illegal('DT-1.2', 'an action is an object with a type')
  if (actor(s0) !== seat) {
    if (seat >= 0 && seat < s0.n && ultimateUnderway(s0) && !teammate(s0, seat, s0.active)) {
      throw new RuleViolation('NOT_YOUR_DECISION', 'DT-10.3', 'opponents cannot act against an activated Ultimate')
    }
    throw new RuleViolation('NOT_YOUR_DECISION', 'DT-11.1', 'it is not your decision')
  }
  const list = cache.s === s0 && cache.seat === seat ? cache.list : legal(s0, seat)
  let found: DTAction | undefined
  const at = list.indexOf(a)
  if (at >= 0) found = list[at]
  else for (const x of list) if (sameAct(x, a)) { found = x; break }
  if (!found) throw whyIllegal(s0, seat, a)
  const s = clone(s0)
  const c = new LazyCtx(s0.rng)
  doAction(s, seat, found, c)
  advance(s, c)
  if (c.used()) s.rng = c.r.state()
  return { state: s, events: c.ev }
}

/**
 * `seat` gives up, whoever is to act (the sources are silent: DT-GAP-1). Its health pool goes out of the game:
 * in 2v2 teammates share one dial (DT-15.1), so the team loses together; in free-for-all only that seat is out
 * and play goes on in turn order (DT-11.4), as after a defeat (its turn, choices and windows are skipped, an
 * attack on it ends, Mjölnir held by it is recalled); when one pool is left standing, it wins.
 */
export function resignSeat(s0: DTState, seat: number): { state: DTState; events: GameEvent[] } {
  if (s0.done) throw new RuleViolation('MATCH_FINISHED', 'DT-GAP-1', 'the match is finished')
  if (!Number.isInteger(seat) || seat < 0 || seat >= s0.n) throw illegal('DT-1.1', 'no such seat')
  if (s0.p[seat]!.out) throw illegal('DT-GAP-1', 'that player is already out of the game')
  const s = clone(s0)
  const c = new LazyCtx(s0.rng)
  const eliminated: number[] = []
  for (let i = 0; i < s.n; i++) if (!s.p[i]!.out && s.pool[i] === s.pool[seat]) eliminated.push(i)
  for (const i of eliminated) s.p[i]!.out = true
  c.ev.push({ type: 'resign', seat, eliminated })
  const ch = s.choice
  // a choice of a seat that is out, or Illusion cards laid for a defender who is out, is dropped
  if (ch && (s.p[ch.seat]!.out || (ch.kind === 'pick' && s.atk && s.p[s.atk.to]!.out))) {
    s.choice = null
    s.ill = null
    s.sug = -1
  }
  checkDeaths(s, c)
  if (s.done) {
    s.reason = `Seat ${seat + 1} resigned`
    for (const e of c.ev) if (e.type === 'gameOver') e['reason'] = s.reason
  } else advance(s, c)
  if (c.used()) s.rng = c.r.state()
  return { state: s, events: c.ev }
}

function doAction(s: DTState, seat: number, a: DTAction, c: Ctx) {
  const pl = s.p[seat]!
  if (s.choice) {
    doChoice(s, seat, a, c)
    return
  }
  switch (a.type) {
    case 'end': {
      if (s.step === 'discard') {
        nextTurn(s, c)
        return
      }
      // the other players may still play Instants and spend statuses before the phase changes (DT-4.4, DT-8.9);
      // the turn player, who has just ended the phase, is asked again only after someone answers (DT-11.1)
      s.step = s.step === 'main1' ? 'main1End' : 'main2End'
      s.win = { kind: 'phase', seats: priority(s), i: 1 }
      return
    }
    case 'sell': {
      const i = pl.hand.indexOf(a.card)
      pl.hand = removeAt(pl.hand, i)
      toDiscard(pl, a.card)
      c.ev.push({ type: 'sell', seat, card: a.card })
      gainCp(s, seat, 1, c)
      return
    }
    case 'roll': {
      const r = s.roll!
      for (let k = 0; k < a.dice.length; k++) r.dice[a.dice[k]!] = c.r.die(6)
      r.left--
      c.ev.push({ type: 'roll', seat, dice: r.dice.slice(), rerolled: a.dice })
      if (s.step === 'def') s.win!.i = 0
      return
    }
    case 'select': {
      s.sel = { ab: a.ability, vi: a.variant }
      c.ev.push({ type: 'select', seat, ability: a.ability, variant: a.variant })
      const seats: number[] = []
      for (let k = 0; k < s.n; k++) {
        const o = (s.active + k) % s.n
        if (!s.p[o]!.out && o !== seat) seats.push(o)
      }
      s.step = 'pre'
      s.win = { kind: 'pre', seats, i: 0 }
      return
    }
    case 'noAttack':
      c.ev.push({ type: 'noAttack', seat })
      endRollPhases(s, c)
      return
    case 'target':
      s.target = a.seat
      c.ev.push({ type: 'target', seat, target: a.seat })
      leaderBonus(s, c)
      resolveActivation(s, c)
      return
    case 'done':
      afterModify(s, c)
      return
    case 'pass':
      if (s.step === 'combo') {
        endRollPhases(s, c)
        return
      }
      if (s.step === 'defChoose') {
        openDefWindow(s)
        return
      }
      if (s.win) s.win.i++
      return
    case 'defend':
      startDefRoll(s, a.defence, c)
      return
    case 'setAutoPass':
      pl.auto = a.on
      c.ev.push({ type: 'autoPass', seat, on: a.on })
      return
    case 'mjolnir': {
      const i = pl.hand.indexOf(a.discard)
      pl.hand = removeAt(pl.hand, i)
      toDiscard(pl, a.discard)
      c.ev.push({ type: 'discard', seat, card: a.discard })
      // in a roll phase the throw's isolated damage can be prevented with a Roll Phase card (DT-6.7), except
      // against Thor's own activated Ultimate (DT-10.3)
      const fresh = !s.inc
      c.iso = ROLL_STEPS.has(s.step) && !(s.atk && s.atk.ult)
      mjStep(s, seat, a.target ?? -1, c)
      c.iso = false
      checkDeaths(s, c)
      afterResponse(s, seat, c)
      if (fresh && s.inc && !s.done) {
        s.inc.ret = { step: s.step, win: s.win }
        openWindow(s, 'inc')
      }
      return
    }
    case 'spend':
      doSpend(s, seat, a, c)
      afterResponse(s, seat, c)
      return
    case 'play':
      playCard(s, seat, a, c)
      afterResponse(s, seat, c)
      return
  }
}
/** Cards that are not Instants can be interrupted (DT-11.3): the others may answer a Main Phase card or upgrade before it resolves. */
function holds(s: DTState, seat: number, card: Card): boolean {
  return (card.timing === 'main' || card.timing === 'upgrade') && seat === s.active && (s.step === 'main1' || s.step === 'main2') && !s.win
}
/** After a response in a window: dice changes send the attacker back (DT-GAP-2 / research 1.2); otherwise poll again. */
function afterResponse(s: DTState, seat: number, c: Ctx) {
  void c
  void seat
  if (s.done) return
  if (s.step === 'pre' && s.win && c.changed) {
    s.win = null
    s.sel = null
    s.step = 'rolling'
  } else if (s.win) s.win.i = 0
  c.changed = false
}
function markChanged(c: Ctx) {
  c.changed = true
}
function setDie(s: DTState, i: number, v: number, c: Ctx, why: string) {
  const r = s.roll!
  r.dice[i] = v
  c.ev.push({ type: 'die', owner: r.owner, die: i, value: v, why })
  if (r.kind === 'off') markChanged(c)
}

function doChoice(s: DTState, seat: number, a: DTAction, c: Ctx) {
  const ch = s.choice!
  s.choice = null
  switch (ch.kind) {
    case 'setDie':
      if (a.type === 'setDie') setDie(s, a.die, a.value, c, 'twice-as-wild')
      if (s.step === 'pre' && c.changed) {
        s.win = null
        s.sel = null
        s.step = 'rolling'
      }
      c.changed = false
      return
    case 'arrange':
      if (a.type === 'arrange') {
        s.ill = a.order.slice()
        s.sug = a.suggest ?? -1
        c.ev.push({ type: 'illusionArranged', seat, ...(a.suggest !== undefined ? { suggest: a.suggest } : {}), visibleTo: [seat], secret: { order: a.order.slice() } })
        s.choice = { kind: 'pick', seat: s.atk!.by }
      }
      return
    case 'pick':
      if (a.type === 'pick') {
        const got = s.ill![a.slot]!
        s.atk!.illusion = got
        c.ev.push({ type: 'illusionPicked', seat, slot: a.slot, card: got })
        s.ill = null
        s.sug = -1
      }
      return
    case 'botTarget':
      if (a.type === 'target') {
        ch.dmg.push(a.seat)
        if (ch.dmg.length < ch.left) {
          s.choice = ch
          return
        }
        finishUpkeep(s, ch.heal, ch.cp, ch.dmg, c)
        if (!s.done) afterUpkeep(s, c)
      }
      return
    case 'odinReroll': {
      const d = ch.dice.slice()
      if (a.type === 'roll') {
        for (let k = 0; k < a.dice.length; k++) d[a.dice[k]!] = c.r.die(6)
        c.ev.push({ type: 'roll', seat, dice: d.slice(), for: 'odinforce', rerolled: a.dice.slice() })
      }
      c.iso = fxIso(s)
      odinforceDice(s, seat, s.target, d, c)
      c.iso = false
      checkDeaths(s, c)
      resumeFx(s, c)
      return
    }
    case 'reroll1': {
      const r = s.roll
      if (a.type === 'roll' && r) {
        r.dice[a.dice[0]!] = c.r.die(6)
        c.ev.push({ type: 'roll', seat: r.owner, dice: r.dice.slice(), rerolled: a.dice.slice() })
        if (r.kind === 'off') markChanged(c)
      }
      if (s.step === 'pre' && c.changed) {
        s.win = null
        s.sel = null
        s.step = 'rolling'
      }
      c.changed = false
      return
    }
    case 'mjSteps':
      if (a.type === 'steps') {
        c.ev.push({ type: 'mjolnirSteps', seat, count: a.count, max: ch.max })
        c.iso = fxIso(s)
        for (let k = 0; k < a.count; k++) mjStep(s, seat, s.target, c)
        c.iso = false
      }
      checkDeaths(s, c)
      resumeFx(s, c)
      return
  }
}

function doSpend(s: DTState, seat: number, a: Extract<DTAction, { type: 'spend' }>, c: Ctx) {
  const pl = s.p[seat]!
  const atk = s.atk
  c.ev.push({ type: 'spend', seat, status: a.status })
  switch (a.status) {
    case 'electrokinesis':
      loseStatus(s, seat, 'electrokinesis', 4, c)
      pl.ekUsed = true
      draw(s, seat, 1, c)
      return
    case 'guard-break': {
      loseStatus(s, seat, 'guard-break', 1, c)
      atk!.gb = true
      const d = c.r.die(6)
      c.ev.push({ type: 'roll', seat, dice: [d], for: 'guard-break' })
      if (d === 4 || d === 5) atk!.dt = 'undefendable' // DT-13.15
      return
    }
    case 'crackle': {
      loseStatus(s, seat, 'crackle', 1, c)
      const kinds = Object.keys(s.p[atk!.to]!.st).length
      atk!.add += 2 * kinds
      return
    }
    case 'probability-manipulation':
      loseStatus(s, seat, 'probability-manipulation', 1, c)
      setDie(s, a.die!, a.value!, c, 'probability-manipulation')
      return
    case 'conjure': {
      loseStatus(s, seat, 'conjure', 1, c)
      loseStatus(s, a.from!, a.take!, 1, c)
      gainStatus(s, seat, a.take!, 1, c)
      return
    }
    case 'invisibility':
      loseStatus(s, seat, 'invisibility', 1, c)
      if (s.step === 'def' && s.roll && s.roll.kind === 'def') s.roll.left++
      else atk!.invis = true
      return
    case 'illusion':
      loseStatus(s, seat, 'illusion', 1, c)
      s.choice = { kind: 'arrange', seat }
      return
    case 'combo':
      loseStatus(s, seat, 'combo', 1, c)
      pl.comboUsed = true
      // extra Offensive Roll Phase against the same opponent (DT-13.27)
      {
        const t = atk ? atk.to : s.target
        startOffense(s, c)
        s.target = t
      }
      return
  }
}

/** Cards whose whole effect is to gain one token of a status. */
const GAIN_ONE: Record<string, string> = {
  gainInvis: 'invisibility',
  gainCombo: 'combo',
  gainPM: 'probability-manipulation',
  gainBag: 'bag-of-tricks',
  gainIllusion: 'illusion',
}

function playCard(s: DTState, seat: number, a: Extract<DTAction, { type: 'play' }>, c: Ctx) {
  const pl = s.p[seat]!
  const card = CARDS[a.card]!
  const cost = card.timing === 'upgrade' ? upgradeCost(pl, a.card) : card.cost
  pl.hand = removeAt(pl.hand, pl.hand.indexOf(a.card))
  pl.cp -= cost
  c.ev.push({ type: 'play', seat, card: a.card, cost, cp: pl.cp })
  if (holds(s, seat, card)) {
    s.held = { seat, a }
    s.win = { kind: 'card', seats: priority(s), i: 1 }
    return
  }
  resolveCard(s, seat, a, c)
}
/** A paid card's effect, then its discard (DT-5.1); an upgrade goes into play. */
function resolveCard(s: DTState, seat: number, a: Extract<DTAction, { type: 'play' }>, c: Ctx) {
  const pl = s.p[seat]!
  const card = CARDS[a.card]!
  if (card.timing === 'upgrade') {
    const u = card.upgrade!
    pl.ups = [...pl.ups, a.card]
    if (u.kind === 'passive') pl.lim = { ...pl.lim, [u.target]: STATUSES[u.target]!.limit + 1 }
    else pl.lv = { ...pl.lv, [u.target]: u.level }
    return
  }
  const r = s.roll
  const atk = s.atk
  switch (card.effect) {
    case 'setOwnDie6':
      setDie(s, a.die!, 6, c, a.card)
      break
    case 'setOwnDie45':
    case 'setAnyDie':
    case 'tip':
    case 'samesies':
      setDie(s, a.die!, a.value!, c, a.card)
      break
    case 'setAnyDie2':
      setDie(s, a.die!, a.value!, c, a.card)
      s.choice = { kind: 'setDie', seat, used: a.die! }
      break
    case 'reroll2':
      for (let k = 0; k < a.dice!.length; k++) r!.dice[a.dice![k]!] = c.r.die(6)
      c.ev.push({ type: 'roll', seat: r!.owner, dice: r!.dice.slice(), rerolled: a.dice })
      if (r!.kind === 'off') markChanged(c)
      // one die rerolled: the second reroll may follow, on the same die or another, after seeing it
      if (a.dice!.length === 1) s.choice = { kind: 'reroll1', seat }
      break
    case 'rerollOwn1':
    case 'forceReroll':
      r!.dice[a.die!] = c.r.die(6)
      c.ev.push({ type: 'roll', seat: r!.owner, dice: r!.dice.slice(), rerolled: [a.die] })
      if (r!.kind === 'off') markChanged(c)
      break
    case 'extraOffRoll':
      r!.left++
      markChanged(c)
      break
    case 'extraDefRoll':
      r!.left++
      break
    case 'prevent6':
      if (s.step === 'inc') s.inc!.prev += 6
      else if (a.target !== undefined && a.target === atk!.by) atk!.cprev = (atk!.cprev ?? 0) + 6
      else atk!.prev += 6
      break
    case 'indomitable':
      atk!.indom = true
      break
    case 'invulnerable':
      loseStatus(s, seat, 'electrokinesis', 2, c)
      if (s.step === 'inc') s.inc!.all = true
      else if (a.target !== undefined && a.target === atk!.by) atk!.call = true
      else atk!.all = true
      break
    case 'swingEscape':
      atk!.swing = true
      break
    case 'niceTry':
      loseStatus(s, seat, 'invisibility', 1, c)
      atk!.prev += 3
      break
    case 'invisiblePunch':
      atk!.ipunch = true
      break
    case 'ambush':
      loseStatus(s, seat, 'invisibility', 1, c)
      atk!.add += 3
      break
    case 'transfer': {
      loseStatus(s, a.from!, a.status!, 1, c)
      gainStatus(s, a.target!, a.status!, 1, c)
      break
    }
    case 'vegas': {
      const d = c.r.die(6)
      c.ev.push({ type: 'roll', seat, dice: [d], for: 'vegas-baby' })
      gainCp(s, seat, Math.ceil(d / 2), c)
      break
    }
    case 'draw3':
      draw(s, seat, 3, c)
      break
    case 'draw2':
      draw(s, seat, 2, c)
      break
    case 'cp2':
      gainCp(s, seat, 2, c)
      break
    case 'clearStatuses':
      for (const k of statusKeys(s.p[a.target!]!.st)) loseStatus(s, a.target!, k, 99, c)
      break
    case 'removeStatus':
      loseStatus(s, a.target!, a.status!, 1, c)
      break
    case 'powerTrip':
      draw(s, seat, 1, c)
      gainStatus(s, seat, 'electrokinesis', 2, c)
      break
    case 'timeToHammer':
      if (pl.mj >= 0) mjStep(s, seat, -1, c)
      gainCp(s, seat, 1, c)
      gainStatus(s, seat, 'electrokinesis', 1, c)
      break
    case 'stormbreak':
      draw(s, seat, 1, c)
      gainCp(s, seat, 1, c)
      gainStatus(s, seat, 'guard-break', 1, c)
      gainStatus(s, seat, 'electrokinesis', 1, c)
      break
    case 'gainInvis':
    case 'gainCombo':
    case 'gainPM':
    case 'gainBag':
    case 'gainIllusion':
      gainStatus(s, seat, GAIN_ONE[card.effect]!, 1, c)
      break
    case 'chaosMagic':
      gainStatus(s, seat, 'crackle', 1, c)
      gainStatus(s, seat, 'conjure', 1, c)
      break
    case 'webShooters':
      inflict(s, seat, a.target!, 'webbed', 1, c)
      break
    case 'warpReality':
      inflict(s, seat, a.target!, 'reality-warp', 1, c)
      break
    case 'steal1': {
      const got = Math.min(1, s.p[a.target!]!.cp)
      gainCp(s, a.target!, -got, c)
      gainCp(s, seat, got, c)
      break
    }
    case 'booyah': {
      const d = c.r.die(6)
      c.ev.push({ type: 'roll', seat, dice: [d], for: 'booyah' })
      const sym = symOf(pl.hero, d)
      if (sym === 'thwip') gainStatus(s, seat, 'invisibility', 1, c)
      else if (sym === 'web') inflict(s, seat, a.target!, 'webbed', 1, c)
      else gainStatus(s, seat, 'combo', 1, c)
      break
    }
    case 'heal3':
      changeHp(s, seat, 3, c, 'heal')
      break
  }
  // pay, resolve, then discard (DT-5.1): a reshuffle during the effect does not take the card back into the deck
  toDiscard(pl, a.card)
  checkDeaths(s, c)
}

