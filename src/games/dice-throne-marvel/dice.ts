// Dice: rolling, symbols, setting a die and the dice requirements of abilities (DT-5.5, DT-GAP-2 changed dice, DT-13
// hero faces and combinations).
import { HEROES, type Defence, type Variant, type HeroId } from './data.ts'
import type { DTAction, DTState, Player } from './state.ts'
import type { Ctx } from './context.ts'
import { levelOf } from './players.ts'

export const symOf = (hero: HeroId, face: number) => COMPILED[hero]!.faces[face - 1]!

export function rollDice(c: Ctx, k: number): number[] {
  const out: number[] = []
  for (let i = 0; i < k; i++) out.push(c.r.die(6))
  return out
}
export function countSym(hero: HeroId, dice: number[], sym: string): number {
  let k = 0
  for (const d of dice) if (symOf(hero, d) === sym) k++
  return k
}

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
export const COMPILED: Record<string, Compiled> = {}
for (const h of Object.values(HEROES)) {
  const syms = [...new Set(h.faces)]
  const fs = [0, ...h.faces.map(f => syms.indexOf(f))]
  const abil = new Map<
    string,
    { levels: { v: Variant; need: [number, number][]; straight: 0 | 1 | 2; acts: DTAction[] }[][] }
  >()
  for (const a of h.abilities) {
    abil.set(a.id, {
      levels: a.levels.map(vs =>
        vs.map(v => ({
          v,
          need: Object.entries(v.req.sym ?? {}).map(([k, n]) => [syms.indexOf(k), n] as [number, number]),
          straight: v.req.straight === 'small' ? 1 : v.req.straight === 'large' ? 2 : 0,
          acts: vs.map((_, i) => Object.freeze({ type: 'select', ability: a.id, variant: i }) as DTAction),
        })),
      ),
    })
  }
  COMPILED[h.id] = {
    faces: h.faces,
    syms,
    fs,
    abil,
    list: h.abilities.map(a => abil.get(a.id)!),
    ids: h.abilities.map(a => a.id),
    defs: new Map(h.defences.map(d => [d.id, d])),
    defendActs: h.defences.map(d => Object.freeze({ type: 'defend', defence: d.id }) as DTAction),
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
          for (let e = d; e <= 6; e++)
            MS_INDEX[MS_CODE[a]! + MS_CODE[b]! + MS_CODE[c]! + MS_CODE[d]! + MS_CODE[e]!] = n++
}
const SELECT_MEMO = new Map<string, (DTAction[] | undefined)[]>()
/** Levels are copied on write, so the identity of `lv` stands for the hero's ability levels. */
const LV_MEMO = new WeakMap<Record<string, number>, (DTAction[] | undefined)[]>()
let lastLv: Record<string, number> | null = null
let lastMemo: (DTAction[] | undefined)[] | undefined = undefined
/**
 * The ability selections the dice meet, memoised per hero, ability levels and dice multiset (a pure function of those).
 */
export function selectActions(pl: Player, dice: number[], out: DTAction[]) {
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
  const code =
    MS_INDEX[MS_CODE[dice[0]!]! + MS_CODE[dice[1]!]! + MS_CODE[dice[2]!]! + MS_CODE[dice[3]!]! + MS_CODE[dice[4]!]!]!
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
        for (let q = 0; q < need.length; q++)
          if (cnt[need[q]![0]]! < need[q]![1]) {
            ok = false
            break
          }
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
    if (req.straight === 'small')
      return (mask & 0b11110) === 0b11110 || (mask & 0b111100) === 0b111100 || (mask & 0b1111000) === 0b1111000
    return (mask & 0b111110) === 0b111110 || (mask & 0b1111100) === 0b1111100
  }
  if (req.sym) {
    for (const sym in req.sym) if (countSym(hero, dice, sym) < req.sym[sym]!) return false
    return true
  }
  return false
}
/** Variant `vi` of an ability at the player's level (variantsOf(pl, abilityId)[vi], without building the list). */
export function variantAt(pl: Player, abilityId: string, vi: number): Variant | undefined {
  const ab = COMPILED[pl.hero]!.abil.get(abilityId)
  if (!ab) return undefined
  return ab.levels[Math.min(levelOf(pl, abilityId), ab.levels.length) - 1]![vi]?.v
}
export function variantsOf(pl: Player, abilityId: string): Variant[] {
  const ab = COMPILED[pl.hero]!.abil.get(abilityId)
  if (!ab) return []
  return ab.levels[Math.min(levelOf(pl, abilityId), ab.levels.length) - 1]!.map(x => x.v)
}
export function maxOfAKind(dice: number[]): number {
  const cnt = [0, 0, 0, 0, 0, 0, 0]
  let m = 0
  for (const d of dice) m = Math.max(m, ++cnt[d]!)
  return m
}

export function markChanged(c: Ctx) {
  c.changed = true
}
/**
 * Offensive dice changed (or an attempt given) while the attacker stood at 'pre' or 'rollEnd': back to rolling, the
 * ability to choose again (DT-GAP-2).
 */
export function reopenIfChanged(s: DTState, c: Ctx): boolean {
  const reopen = (s.step === 'pre' || s.step === 'rollEnd') && c.changed === true
  if (reopen) {
    s.win = null
    s.sel = null
    s.step = 'rolling'
  }
  c.changed = false
  return reopen
}
/** Rerolls these dice of the roll on the table (a roll attempt, a reroll that follows a first roll). */
export function rerollDice(s: DTState, dice: number[], c: Ctx) {
  const r = s.roll!
  for (let k = 0; k < dice.length; k++) r.dice[dice[k]!] = c.r.die(6)
  c.ev.push({ type: 'roll', seat: r.owner, dice: r.dice.slice(), rerolled: dice })
  if (r.kind === 'off') markChanged(c)
}
export function setDie(s: DTState, i: number, v: number, c: Ctx, why: string) {
  const r = s.roll!
  r.dice[i] = v
  c.ev.push({ type: 'die', owner: r.owner, die: i, value: v, why })
  if (r.kind === 'off') markChanged(c)
}
