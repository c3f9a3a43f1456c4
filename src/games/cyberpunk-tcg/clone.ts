// Copying a match state for apply, resign and determinize (states are never mutated once returned).
import type { Frame, LegendSlot, Player, State, Unit, Vars } from './state.ts'

/** Plain-JSON deep clone for the small, irregular parts of the state. */
function clone<T>(v: T): T {
  if (typeof v !== 'object' || v === null) return v
  if (Array.isArray(v)) {
    const n = v.length
    const out = new Array(n)
    for (let i = 0; i < n; i++) out[i] = clone(v[i])
    return out as T
  }
  const out: Record<string, unknown> = {}
  for (const k in v) out[k] = clone((v as Record<string, unknown>)[k])
  return out as T
}

/** An explicit copy rather than a spread: a fresh literal of one shape keeps the rules' reads of Units monomorphic. */
function cloneUnit(u: Unit): Unit {
  return {
    uid: u.uid,
    spent: u.spent,
    lag: u.lag,
    attacksWhileLagging: u.attacksWhileLagging,
    gear: u.gear,
    powerThisTurn: u.powerThisTurn,
    blockerThisTurn: u.blockerThisTurn,
    stole: u.stole,
  }
}

function cloneVars(v: Vars): Vars {
  const out: Vars = {}
  for (const k in v) {
    const x = v[k]!
    out[k] = typeof x === 'object' ? clone(x) : x
  }
  return out
}

/**
 * The keys in the order the rules add them (`pendingFrom`, `prog` when made, `ans` later), so a copy has its original's
 * key order.
 */
function cloneFrame(f: Frame): Frame {
  const out: Frame = {
    seat: f.seat,
    card: f.card,
    ability: f.ability,
    source: f.source,
    next: f.next,
    vars: cloneVars(f.vars),
  }
  if (f.pendingFrom !== undefined) out.pendingFrom = f.pendingFrom
  if (f.prog !== undefined) out.prog = f.prog
  if (f.answer !== undefined) out.answer = clone(f.answer)
  return out
}

function cloneLegends(ls: (LegendSlot | null)[]): (LegendSlot | null)[] {
  const out = new Array<LegendSlot | null>(ls.length)
  for (let i = 0; i < ls.length; i++) {
    const l = ls[i]!
    out[i] = l ? { uid: l.uid, faceUp: l.faceUp, spent: l.spent, gear: l.gear } : null
  }
  return out
}

function cloneField(f: Unit[]): Unit[] {
  const out = new Array<Unit>(f.length)
  for (let i = 0; i < f.length; i++) out[i] = cloneUnit(f[i]!)
  return out
}

function clonePlayer(p: Player): Player {
  return {
    deck: p.deck,
    hand: p.hand,
    trash: p.trash,
    eddies: p.eddies,
    eddiesSpent: p.eddiesSpent,
    legends: cloneLegends(p.legends),
    field: cloneField(p.field),
    removed: p.removed,
    fixer: p.fixer,
    gigs: p.gigs,
    peek: p.peek,
    sold: p.sold,
    called: p.called,
    once: p.once,
    delayed: p.delayed,
  }
}

/**
 * Copy of the state. The per-match constant tables (`cards`, `owner`, `opts`) are shared and never mutated; so are the
 * dice, the Gear lists, a player's `SharedList`s, the pending effects, the cards in limbo, the continuous effects, the
 * generator state, the winners, the auto-pass lists and the last-known information, which the rules replace rather than
 * write into, and the open prompt, which is only ever answered (replaced by null): fewer objects to make per step.
 */
export function cloneState(s: State): State {
  // Built with one fixed shape, the optional fields present but undefined when absent (JSON leaves them out), the shape
  // of `newState` too: every state of a match has one hidden class, so the rules' reads of it stay monomorphic.
  const out: State = {
    cards: s.cards,
    owner: s.owner,
    dice: s.dice,
    players: [clonePlayer(s.players[0]!), clonePlayer(s.players[1]!)],
    turn: s.turn,
    active: s.active,
    first: s.first,
    chooser: s.chooser,
    phase: s.phase,
    step: s.step,
    attack: s.attack ? clone(s.attack) : null,
    frames: s.frames.length ? s.frames.map(cloneFrame) : [],
    pending: s.pending,
    prompt: s.prompt,
    limbo: s.limbo,
    continuous: s.continuous,
    streak: s.streak,
    overtime: s.overtime,
    winners: s.winners,
    reason: s.reason,
    seq: s.seq,
    opts: s.opts,
    resolvesFirst: s.resolvesFirst ?? null,
    defeatQueue: s.defeatQueue ? clone(s.defeatQueue) : null,
    rng: s.rng,
    auto: s.auto,
    autoTurn: s.autoTurn,
    lastKnown: s.lastKnown,
    homebrew: s.homebrew,
  }
  return out
}
