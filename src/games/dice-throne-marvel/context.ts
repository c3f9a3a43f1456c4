// One apply's context (events, the seeded generator) and the copy-on-write clone of the state; no rule of its own.
import { Random, type GameEvent } from '../../kernel/index.ts'
import type { Attack, DTState, Player } from './state.ts'

export interface Ctx {
  readonly r: Random
  ev: GameEvent[]
  /** The attacker's offensive dice were changed (or got an attempt) by this action. */
  changed?: boolean
  /** Collateral damage an activation's effects aimed at a player (Mighty Summon), dealt as incoming damage. */
  coll?: { to: number; n: number } | null
  /** Isolated damage dealt now waits for a prevention window (inside an ability's effects, not an Ultimate's). */
  iso?: boolean
  /**
   * The attack whose defence dice are being read: isolated damage to its attacker joins its counter damage (Thunder
   * Wheel).
   */
  ctr?: Attack | null
}
/** The apply context; the generator is only rebuilt from the state when something is random. */
export class LazyCtx implements Ctx {
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

export function copyRec(o: Record<string, number>): Record<string, number> {
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
    by: a.by,
    to: a.to,
    ability: a.ability,
    variant: a.variant,
    level: a.level,
    name: a.name,
    damageType: a.damageType,
    base: a.base,
    ultimate: a.ultimate,
    addedDamage: a.addedDamage,
    preventedDamage: a.preventedDamage,
    halves: a.halves,
    allPrevented: a.allPrevented,
    counter: a.counter,
    defence: a.defence,
    guardBreak: a.guardBreak,
    invisibility: a.invisibility,
    spiderSense: a.spiderSense,
    swingEscape: a.swingEscape,
    invisiblePunch: a.invisiblePunch,
    indomitableWill: a.indomitableWill,
    illusion: a.illusion,
    counterPrevented: a.counterPrevented ?? 0,
    allCounterPrevented: a.allCounterPrevented ?? false,
  }
}
export function clone(s: DTState): DTState {
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
    roll: s.roll
      ? { owner: s.roll.owner, dice: s.roll.dice.slice(), left: s.roll.left, lock: s.roll.lock, kind: s.roll.kind }
      : null,
    // sel, ill and winners are never changed in place (always replaced), so they are shared
    sel: s.sel,
    atk: s.atk ? copyAtk(s.atk) : null,
    win: s.win ? { kind: s.win.kind, seats: s.win.seats, index: s.win.index } : null,
    choice: ch
      ? ch.kind === 'botTarget'
        ? { ...ch, dmg: ch.dmg.slice() }
        : ch.kind === 'odinReroll'
          ? { ...ch, dice: ch.dice.slice() }
          : { ...ch }
      : null,
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
    // never changes during a match
    ...(s.homebrew !== undefined ? { homebrew: s.homebrew } : {}),
  }
}
