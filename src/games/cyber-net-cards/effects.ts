/**
 * Card effects (the `Op` interpreter): damage, life, ATK/DEF, draws, mana, coal (CN-5.3, CN-5.7), negation (CN-8.5,
 * CN-8.6), cards leaving (CN-6.19, CN-9), triggers on activation (CN-4.5, Decision 23).
 */
import { StepBudget, STEP_LIMIT, type GameEvent } from '../../kernel/index.ts'
import type { CardKind, Op } from './data.ts'
import type { CNState, Lasting } from './state.ts'
import { avatarOf, cardOf, COAL_MAX, equipped, setOf } from './values.ts'
import { addCoal, breakTie } from './coal.ts'

export interface Ctx {
  seat: number
  /** Source uid for round effects (-1 for avatar powers and passives). */
  src: number
  /** The equipped card the effect belongs to, if any (its own coal). */
  self: Lasting | null
  /** Index of the resolving chain link (for negate), or -1. */
  link: number
  /** The target the player chose (for purge), or -1. */
  target?: number
}

export function drawCards(s: CNState, seat: number, n: number, ev: GameEvent[]): void {
  const p = s.players[seat]!
  const drawn: string[] = []
  for (let i = 0; i < n && p.deck.length > 0; i++) {
    const uid = p.deck.shift()!
    p.hand.push(uid)
    drawn.push(s.cards[uid]!)
  }
  if (drawn.length > 0)
    ev.push({ type: 'draw', seat, count: drawn.length, visibleTo: [seat], secret: { cards: drawn } })
}

/** A card leaves an avatar (CN-6.19): to its owner's Void; its coal is lost unless a keeper takes it (CN-5.7). */
export function removeLasting(s: CNState, host: number, uid: number, why: string, ev: GameEvent[]): void {
  const hp = s.players[host]!
  const i = hp.lasting.findIndex(l => l.uid === uid)
  if (i < 0) return
  const l = hp.lasting[i]!
  hp.lasting.splice(i, 1)
  const owner = s.players[l.owner]!
  owner.void.push(l.uid)
  const di = owner.done.indexOf(l.uid)
  if (di >= 0) owner.done.splice(di, 1)
  let moved = 0
  if (l.coal > 0) {
    for (const k of equipped(s, l.owner)) {
      if (cardOf(s, k.uid).lasting!.keepsCoal && k.coal < COAL_MAX) {
        moved = Math.min(l.coal, COAL_MAX - k.coal)
        k.coal += moved
        ev.push({ type: 'coalMoved', seat: l.owner, from: s.cards[l.uid], to: s.cards[k.uid], n: moved })
        break
      }
    }
  }
  ev.push({ type: 'leaves', seat: l.owner, card: s.cards[l.uid], host, why, coalLost: l.coal - moved })
  l.coal = 0
}

// The step budget of the action (or setup) being applied; null outside one (e.g. a bot's look-ahead, which applies).
let budget: StepBudget | null = null
let stepLimit = STEP_LIMIT

/** Runs `fn` (one action's steps, or setup) counting its effect steps: past the limit a RulesLoop names the card. */
export function withStepBudget<T>(fn: () => T): T {
  const outer = budget
  budget = new StepBudget(stepLimit)
  try {
    return fn()
  } finally {
    budget = outer
  }
}

/** For tests: a lower step limit, so that a finite card reaches it. */
export function withStepLimit<T>(limit: number, fn: () => T): T {
  const outer = stepLimit
  stepLimit = limit
  try {
    return fn()
  } finally {
    stepLimit = outer
  }
}

export function runOps(s: CNState, ops: readonly Op[], ctx: Ctx, ev: GameEvent[]): void {
  if (budget !== null) {
    const card = ctx.src >= 0 ? cardOf(s, ctx.src) : null
    for (let i = 0; i < ops.length; i++)
      budget.spend(card?.id ?? null, card?.name ?? null, ctx.src >= 0 && budget.nearLimit() ? setOf(s, ctx.src) : null)
  }
  const seat = ctx.seat
  const me = s.players[seat]!
  const opp = s.players[1 - seat]!
  for (const op of ops) {
    switch (op.op) {
      case 'damage':
        opp.life -= op.n
        ev.push({ type: 'damage', seat: 1 - seat, n: op.n, life: opp.life })
        break
      case 'heal':
        // 35 is where life starts (CN-1.2, "começa com 35"), not a cap: the source sets none (Decision 19)
        me.life += op.n
        ev.push({ type: 'heal', seat, n: op.n, life: me.life })
        break
      case 'atk':
      case 'def': {
        const target = op.who === 'opp' ? 1 - seat : seat
        s.fx.push({ src: ctx.src, seat: target, atk: op.op === 'atk' ? op.n : 0, def: op.op === 'def' ? op.n : 0 })
        break
      }
      case 'draw':
        drawCards(s, seat, op.n, ev)
        break
      case 'mana':
        // a pool holds no less than none (Decision 4); L 15 caps only the mana received each round, not gains
        if (op.who === 'opp') opp.mana = Math.max(0, opp.mana + op.n)
        else me.mana = Math.max(0, me.mana + op.n)
        break
      case 'coal': {
        let target = ctx.self
        if (target === null) {
          // your equipped card with the least coal that has room; a tie is the player's choice (Decision 6)
          let tied: Lasting[] | null = null
          for (const l of equipped(s, seat)) {
            if (l.coal >= COAL_MAX) continue
            if (target === null || l.coal < target.coal) {
              target = l
              tied = null
            } else if (l.coal === target.coal) (tied ??= [target]).push(l)
          }
          if (tied !== null) target = breakTie(s, seat, 'coal', op.n, tied)
        }
        if (target !== null) {
          addCoal(target, op.n)
          ev.push({ type: 'coal', seat, card: s.cards[target.uid], coal: target.coal })
        }
        break
      }
      case 'moveCoal': {
        // from your equipped card with the most coal to your other one with the least that has room; ties are the
        // player's choice (Decision 6), asked only when the move can happen
        const eq = equipped(s, seat)
        let from: Lasting | null = null
        let fromTied: Lasting[] | null = null
        for (const l of eq) {
          if (l.coal <= 0) continue
          if (from === null || l.coal > from.coal) {
            from = l
            fromTied = null
          } else if (l.coal === from.coal) (fromTied ??= [from]).push(l)
        }
        if (from === null) break
        if (fromTied !== null) {
          // below 3 coal each tied card has room for the other's coal; at 3 a move needs a card below 3, whichever
          // gives
          if (from.coal >= COAL_MAX && !eq.some(l => l.coal < COAL_MAX)) break
          from = breakTie(s, seat, 'moveFrom', op.n, fromTied)
        }
        let to: Lasting | null = null
        let toTied: Lasting[] | null = null
        for (const l of eq) {
          if (l === from || l.coal >= COAL_MAX) continue
          if (to === null || l.coal < to.coal) {
            to = l
            toTied = null
          } else if (l.coal === to.coal) (toTied ??= [to]).push(l)
        }
        if (to === null) break
        if (toTied !== null) to = breakTie(s, seat, 'moveTo', op.n, toTied)
        const n = Math.min(op.n, from.coal, COAL_MAX - to.coal)
        from.coal -= n
        to.coal += n
        ev.push({ type: 'coalMoved', seat, from: s.cards[from.uid], to: s.cards[to.uid], n })
        break
      }
      case 'negate': {
        const below = ctx.link > 0 ? s.chain[ctx.link - 1] : undefined
        if (below && !below.negated) {
          below.negated = true
          ev.push({
            type: 'negated',
            seat: below.seat,
            link: ctx.link - 1,
            card: below.uid >= 0 ? s.cards[below.uid] : below.kind,
          })
        }
        break
      }
      case 'rollback': {
        const uid = opp.done.pop()
        if (uid === undefined) break
        ev.push({ type: 'negated', seat: 1 - seat, card: s.cards[uid], after: 'resolved' })
        endResolved(s, uid, ev)
        break
      }
      case 'purge': {
        // The target the player chose; if it has left play meanwhile, nothing happens.
        const uid = ctx.target ?? -1
        const host = uid >= 0 ? hostOf(s, uid) : -1
        if (host >= 0 && s.players[host]!.lasting.find(l => l.uid === uid)!.owner !== seat) endResolved(s, uid, ev)
        break
      }
    }
  }
}

/**
 * CN-8.6 "se ela já tinha resolvido, seus efeitos contínuos terminam": a negated card that had resolved loses its round
 * effects, those of its Use included (they carry its uid), and an equipped card also leaves play (CN-5.7, CN-6.19).
 */
function endResolved(s: CNState, uid: number, ev: GameEvent[]): void {
  s.fx = s.fx.filter(f => f.src !== uid)
  const host = hostOf(s, uid)
  if (host >= 0) removeLasting(s, host, uid, 'negated', ev)
}

export function hostOf(s: CNState, uid: number): number {
  for (let h = 0; h < 2; h++) for (const l of s.players[h]!.lasting) if (l.uid === uid) return h
  return -1
}

/** Triggers when `seat` activates a card of `kind`: the avatar's passive and coal gains of equipped cards. */
export function onActivate(s: CNState, seat: number, kind: CardKind, ev: GameEvent[]): void {
  const pa = avatarOf(s, seat).passive.onActivate
  if (pa && pa.kind === kind) runOps(s, pa.effect, { seat, src: -1, self: null, link: -1 }, ev)
  for (const l of equipped(s, seat)) {
    const g = cardOf(s, l.uid).lasting!.coalGain
    if (g && g.on === kind) addCoal(l, g.n)
  }
}
