import { Random, illegal, RuleViolation, type GameEvent } from '../../kernel/index.ts'
import { ABILITY_ID_OF, AVATAR_BY_ID, CARDS, CARD_BY_ID, type Avatar, type Card, type CardKind, type Op } from './data.ts'
import { cloneState, type CNState, type CoalPick, type Lasting, type Link, type PlayerState } from './state.ts'

export const START_LIFE = 35 // CN-1.2
export const BASE_HAND = 4 // CN-6.1
export const HAND_MIN = 1
export const HAND_MAX = 7
export const BASE_INCOME_CAP = 10 // CN-3.1
export const INCOME_CAP = 12 // CN-3.2
export const CARRY_MAX = 3 // CN-3.3
export const POOL_MAX = INCOME_CAP + CARRY_MAX
export const COAL_MAX = 3 // CN-5.2
export const FIELD_SLOTS = 3 // CN-6.5

export type CNAction =
  | { type: 'recycle'; card: number }
  | { type: 'place'; cards: number[] }
  /**
   * `target`: for a card that targets an equipped card (EMP Pulse), the uid the player chose.
   * `coal`: where the coal is paid from (one equipped card's uid per coal, sorted), listed only when there is a
   * choice (CN-5.6, Decision 6); without it the only possible payment is made.
   */
  | { type: 'activate'; card: number; turbo: boolean; burn: boolean; target?: number; coal?: number[] }
  /** The avatar's ability, which is its Unique Ability (CN-2.4, CN-4.1–4.4). */
  | { type: 'ability' }
  | { type: 'use'; card: number }
  | { type: 'pass' }
  /** Breaks a coal tie (Decision 6): the tied equipped card that gets (or gives) the coal; listed only while one is pending. */
  | { type: 'pickCoal'; card: number }
  /** Turns the seat's own auto-pass on or off (Decision 10); listed once per decision of the Action stage. */
  | { type: 'setAutoPass'; on: boolean }

export function cardOf(s: CNState, uid: number): Card {
  return CARD_BY_ID.get(s.cards[uid]!)!
}
export function avatarOf(s: CNState, seat: number): Avatar {
  return AVATAR_BY_ID.get(s.players[seat]!.avatar)!
}

// ------------------------------------------------------------------ derived values

export interface Stats {
  atk: number
  def: number
  income: number
  hand: number
}

/** ATK, DEF, income and hand size of `seat` now: avatar + passive + cards on it + round effects. */
export function stats(s: CNState, seat: number): Stats {
  const a = avatarOf(s, seat)
  let atk = a.atk
  let def = a.def
  let income = 0
  let hand = 0
  const pm = a.passive.mods
  if (pm) {
    atk += pm.atk ?? 0
    def += pm.def ?? 0
    income += pm.income ?? 0
    hand += pm.hand ?? 0
  }
  for (const l of s.players[seat]!.lasting) {
    const ld = cardOf(s, l.uid).lasting!
    const m = ld.mods
    if (m) {
      atk += m.atk ?? 0
      def += m.def ?? 0
      income += m.income ?? 0
      hand += m.hand ?? 0
    }
    const pc = ld.perCoal
    if (pc && l.coal > 0) {
      atk += (pc.atk ?? 0) * l.coal
      def += (pc.def ?? 0) * l.coal
      income += (pc.income ?? 0) * l.coal
      hand += (pc.hand ?? 0) * l.coal
    }
  }
  for (const f of s.fx) {
    if (f.seat === seat) {
      atk += f.atk
      def += f.def
    }
  }
  return { atk: Math.max(0, atk), def: Math.max(0, def), income, hand }
}

/** "Your equipped cards" (CN-5.1): equipment on your avatar, then your infections on the opponent's (Decisions). */
export function equipped(s: CNState, seat: number): Lasting[] {
  const out: Lasting[] = []
  for (const l of s.players[seat]!.lasting) if (l.owner === seat) out.push(l)
  for (const l of s.players[1 - seat]!.lasting) if (l.owner === seat) out.push(l)
  return out
}

export function coalAvailable(s: CNState, seat: number): number {
  let n = 0
  for (const l of s.players[seat]!.lasting) if (l.owner === seat) n += l.coal
  for (const l of s.players[1 - seat]!.lasting) if (l.owner === seat) n += l.coal
  return n
}

/** CN-5.6: coal comes from equipped cards that do not use coal first, then from those that do; oldest first. */
export function spendCoal(s: CNState, seat: number, n: number): void {
  if (n <= 0) return
  const eq = equipped(s, seat)
  for (const pass of [false, true]) {
    for (const l of eq) {
      if (n === 0) return
      if (cardOf(s, l.uid).lasting!.usesCoal !== pass) continue
      const take = Math.min(l.coal, n)
      l.coal -= take
      n -= take
    }
  }
}

/**
 * CN-5.6: every way `seat` may pay `n` coal. Coal comes first from equipped cards that do not use coal, then from
 * those that do; which cards within that order is the player's choice (Decision 6). Each way is a sorted list of
 * uids, one per coal; the first way takes from the oldest cards first. Empty when n is 0 or there is not enough coal.
 */
export function coalPayments(s: CNState, seat: number, n: number): number[][] {
  const out: number[][] = []
  if (n <= 0) return out
  const free: Lasting[] = []
  const users: Lasting[] = []
  for (const l of equipped(s, seat)) if (l.coal > 0) (cardOf(s, l.uid).lasting!.usesCoal ? users : free).push(l)
  let totalFree = 0
  for (const l of free) totalFree += l.coal
  if (n <= totalFree) distribute(free, 0, n, [], out)
  else {
    const all: number[] = []
    for (const l of free) for (let i = 0; i < l.coal; i++) all.push(l.uid)
    distribute(users, 0, n - totalFree, all, out)
  }
  for (const w of out) w.sort((x, y) => x - y)
  return out
}

function distribute(cards: Lasting[], i: number, n: number, prefix: number[], out: number[][]): void {
  if (n === 0) {
    out.push(prefix.slice())
    return
  }
  if (i >= cards.length) return
  const l = cards[i]!
  for (let k = Math.min(n, l.coal); k >= 0; k--) {
    for (let j = 0; j < k; j++) prefix.push(l.uid)
    distribute(cards, i + 1, n - k, prefix, out)
    prefix.length -= k
  }
}

// ------------------------------------------------------------------ coal ties (Decision 6)

interface Tie {
  seat: number
  what: CoalPick['what']
  n: number
  options: number[]
}

interface Run {
  s: CNState
  picks: number[]
  at: number
  /** The tie the steps stopped at. */
  tie: Tie | null
}

/**
 * Thrown when an effect meets a coal tie that no recorded pick answers, to stop the forced steps there (see `run`,
 * which catches it; the tie itself is in the run). One object made once: no stack trace is taken per tie.
 */
const STOP = new Error('cyber-net-cards: a coal tie stops the forced steps')

/**
 * The run in progress, for its working state only (a private clone made by `run`). Set and cleared by `run` around
 * its synchronous steps, so no call ever sees another's picks.
 */
let current: Run | null = null

/**
 * "Your equipped card with the least/most coal" when `tied` (two or more) have it: the player's pick, recorded for
 * this run, or a stop that asks for it.
 */
function breakTie(s: CNState, seat: number, what: CoalPick['what'], n: number, tied: Lasting[]): Lasting {
  const run = current !== null && current.s === s ? current : null
  if (run !== null && run.at < run.picks.length) {
    const uid = run.picks[run.at++]!
    const l = tied.find((x) => x.uid === uid)
    if (l === undefined) throw new Error('cyber-net-cards: a recorded coal pick is not one of the tied cards')
    return l
  }
  if (run === null) throw new Error('cyber-net-cards: a coal tie outside a run (setup has no equipped cards)')
  run.tie = { seat, what, n, options: tied.map((l) => l.uid) }
  throw STOP
}

function addCoal(l: Lasting, n: number): void {
  l.coal = Math.min(COAL_MAX, l.coal + n)
}

// ------------------------------------------------------------------ the end of the match

function endMatch(s: CNState, winners: number[], reason: string, ev: GameEvent[]): void {
  s.phase = 'over'
  s.winners = winners
  s.reason = reason
  ev.push({ type: 'matchOver', winners, reason })
}

/**
 * `seat` gives up (Decision 25): at any time before the end, whoever is to act; the other seat wins. A waiting coal
 * tie and an open chain are left as they are: nothing resolves after a resignation.
 */
export function resign(state: CNState, seat: number): { state: CNState; events: GameEvent[] } {
  if (state.phase === 'over') throw new RuleViolation('MATCH_FINISHED', 'CN-1.8', 'The match is over')
  if (seat !== 0 && seat !== 1) throw new RuleViolation('NOT_YOUR_DECISION', 'CN-1.8', `There is no seat ${seat + 1} in this match`)
  const s = cloneState(state)
  delete s.pending
  const ev: GameEvent[] = [{ type: 'resigned', seat }]
  endMatch(s, [1 - seat], `Seat ${seat + 1} resigned`, ev)
  return { state: s, events: ev }
}

/** CN-1.8, CN-1.10: an avatar at 0 life or less loses; both at once is a draw. */
function checkLife(s: CNState, ev: GameEvent[]): boolean {
  const d0 = s.players[0]!.life <= 0
  const d1 = s.players[1]!.life <= 0
  if (d0 && d1) endMatch(s, [], 'both avatars reached 0 life (draw)', ev)
  else if (d0) endMatch(s, [1], "Seat 1's avatar reached 0 life", ev)
  else if (d1) endMatch(s, [0], "Seat 2's avatar reached 0 life", ev)
  else return false
  return true
}

// ------------------------------------------------------------------ effects

interface Ctx {
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

function drawCards(s: CNState, seat: number, n: number, ev: GameEvent[]): void {
  const p = s.players[seat]!
  const drawn: string[] = []
  for (let i = 0; i < n && p.deck.length > 0; i++) {
    const uid = p.deck.shift()!
    p.hand.push(uid)
    drawn.push(s.cards[uid]!)
  }
  if (drawn.length > 0) ev.push({ type: 'draw', seat, count: drawn.length, visibleTo: [seat], secret: { cards: drawn } })
}

/** A card leaves an avatar (CN-6.19): to its owner's Void; its coal is lost unless a keeper takes it (CN-5.7). */
export function removeLasting(s: CNState, host: number, uid: number, why: string, ev: GameEvent[]): void {
  const hp = s.players[host]!
  const i = hp.lasting.findIndex((l) => l.uid === uid)
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

function runOps(s: CNState, ops: readonly Op[], ctx: Ctx, ev: GameEvent[]): void {
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
        if (op.who === 'opp') opp.mana = Math.max(0, Math.min(POOL_MAX, opp.mana + op.n))
        else me.mana = Math.max(0, Math.min(POOL_MAX, me.mana + op.n))
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
          // below 3 coal each tied card has room for the other's coal; at 3 a move needs a card below 3, whichever gives
          if (from.coal >= COAL_MAX && !eq.some((l) => l.coal < COAL_MAX)) break
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
          ev.push({ type: 'negated', seat: below.seat, link: ctx.link - 1, card: below.uid >= 0 ? s.cards[below.uid] : below.kind })
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
        if (host >= 0 && s.players[host]!.lasting.find((l) => l.uid === uid)!.owner !== seat) endResolved(s, uid, ev)
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
  s.fx = s.fx.filter((f) => f.src !== uid)
  const host = hostOf(s, uid)
  if (host >= 0) removeLasting(s, host, uid, 'negated', ev)
}

function hostOf(s: CNState, uid: number): number {
  for (let h = 0; h < 2; h++) for (const l of s.players[h]!.lasting) if (l.uid === uid) return h
  return -1
}

/** Triggers when `seat` activates a card of `kind`: the avatar's passive and coal gains of equipped cards. */
function onActivate(s: CNState, seat: number, kind: CardKind, ev: GameEvent[]): void {
  const pa = avatarOf(s, seat).passive.onActivate
  if (pa && pa.kind === kind) runOps(s, pa.effect, { seat, src: -1, self: null, link: -1 }, ev)
  for (const l of equipped(s, seat)) {
    const g = cardOf(s, l.uid).lasting!.coalGain
    if (g && g.on === kind) addCoal(l, g.n)
  }
}

// ------------------------------------------------------------------ chain

function resolveChain(s: CNState, ev: GameEvent[]): void {
  const opener = s.chain[0]!.seat
  for (let i = s.chain.length - 1; i >= 0; i--) {
    const link = s.chain[i]!
    // the link leaves the chain as it resolves (its card is then in play or active), so a state that stops for a
    // coal pick in the middle of the chain holds each card in one zone; the links below stay for negate
    s.chain.length = i
    resolveLink(s, link, i, ev)
    if (checkLife(s, ev)) {
      // The match is over; links not yet resolved stay on the chain.
      return
    }
  }
  s.chain = []
  s.responder = -1
  s.turn = 1 - opener // CN-8.7
  s.passes = 0
}

function resolveLink(s: CNState, link: Link, index: number, ev: GameEvent[]): void {
  const seat = link.seat
  const p = s.players[seat]!
  if (link.kind === 'card') {
    const card = cardOf(s, link.uid)
    if (link.negated) {
      p.active.push(link.uid) // CN-8.5: no effect; it still goes to the Void at the end of the round
      ev.push({ type: 'resolved', seat, card: card.id, negated: true })
      return
    }
    let self: Lasting | null = null
    if (card.lasting) {
      const host = card.kind === 'equipment' ? seat : 1 - seat
      const hp = s.players[host]!
      const dur = card.lasting.duration + (card.kind === 'equipment' && card.lasting.steamExtra && avatarOf(s, seat).steampunk ? 1 : 0)
      const existing = hp.lasting.find((l) => s.cards[l.uid] === card.id)
      if (existing) {
        existing.left = dur // CN-9.5: renew, do not add
        p.active.push(link.uid)
        ev.push({ type: 'renewed', seat, card: card.id, host, left: dur })
      } else {
        self = { uid: link.uid, owner: seat, left: dur, coal: 0, used: false }
        hp.lasting.push(self)
        ev.push({ type: 'equipped', seat, card: card.id, host, left: dur })
      }
    } else {
      p.active.push(link.uid)
    }
    p.done.push(link.uid)
    const ctx: Ctx = { seat, src: link.uid, self, link: index, target: link.target }
    runOps(s, card.effect, ctx, ev)
    if (link.turbo && card.turbo) runOps(s, card.turbo.effect, ctx, ev)
    if (link.burn && card.burn) runOps(s, card.burn.effect, ctx, ev)
    ev.push({ type: 'resolved', seat, card: card.id })
    return
  }
  if (link.negated) {
    ev.push({ type: 'resolved', seat, power: link.kind, negated: true })
    return
  }
  if (link.kind === 'use') {
    const host = hostOf(s, link.uid)
    if (host < 0) {
      // only a negation takes an equipped card out during the round: its Use on the chain is its effect, so it does
      // not apply (CN-8.5, Decision 22)
      ev.push({ type: 'resolved', seat, power: link.kind, negated: true })
      return
    }
    const self = s.players[host]!.lasting.find((l) => l.uid === link.uid)!
    runOps(s, cardOf(s, link.uid).lasting!.use!.effect, { seat, src: link.uid, self, link: index }, ev)
  } else {
    const a = avatarOf(s, seat)
    runOps(s, a.ability.effect, { seat, src: -1, self: null, link: index }, ev)
  }
  ev.push({ type: 'resolved', seat, power: link.kind })
}

// ------------------------------------------------------------------ rounds

function startRound(s: CNState, ev: GameEvent[]): void {
  const [p0, p1] = s.players as [PlayerState, PlayerState]
  // CN-1.9 / CN-6.4 / CN-1.11 / CN-1.12
  const e0 = p0.deck.length === 0
  const e1 = p1.deck.length === 0
  if (e0 && e1) {
    if (p0.life > p1.life) endMatch(s, [0], 'both decks empty: more life wins', ev)
    else if (p1.life > p0.life) endMatch(s, [1], 'both decks empty: more life wins', ev)
    else endMatch(s, [], 'both decks empty with equal life (draw)', ev)
    return
  }
  if (e0 || e1) {
    endMatch(s, [e0 ? 1 : 0], `deckout: Seat ${e0 ? 1 : 2} starts a round with an empty deck`, ev)
    return
  }
  ev.push({ type: 'roundStart', round: s.round, first: s.first })
  for (let seat = 0; seat < 2; seat++) {
    const p = s.players[seat]!
    const st = stats(s, seat)
    // CN-6.1, CN-6.2: draw up to the hand size
    const target = Math.max(HAND_MIN, Math.min(HAND_MAX, BASE_HAND + st.hand))
    if (p.hand.length < target) drawCards(s, seat, target - p.hand.length, ev)
    // CN-3.1–3.3: income (capped at 10, effects up to 12) plus the carried mana
    const base = Math.min(s.round, BASE_INCOME_CAP)
    p.income = Math.max(0, Math.min(INCOME_CAP, base + st.income))
    p.mana = Math.min(POOL_MAX, p.mana + p.income)
  }
  // Start-of-round effects: passives, then equipped cards (starting player first).
  for (let k = 0; k < 2; k++) {
    const seat = (s.first + k) % 2
    const rs = avatarOf(s, seat).passive.roundStart
    if (rs) runOps(s, rs, { seat, src: -1, self: null, link: -1 }, ev)
    for (const l of equipped(s, seat)) {
      const ld = cardOf(s, l.uid).lasting!
      if (ld.coalGain?.on === 'roundStart') addCoal(l, ld.coalGain.n)
      if (ld.roundStart) runOps(s, ld.roundStart, { seat, src: l.uid, self: l, link: -1 }, ev)
    }
  }
  if (checkLife(s, ev)) return
  s.phase = 'prep'
}

/** A seat whose only possible placement is its whole hand (3 cards or fewer, no Recycle left) is not asked (CN-GAP-2). */
function autoPlace(s: CNState, ev: GameEvent[]): void {
  for (let seat = 0; seat < 2; seat++) {
    const p = s.players[seat]!
    if (p.placed) continue
    if (p.hand.length === 0 || (p.hand.length <= FIELD_SLOTS && (p.recycled || p.deck.length === 0))) {
      const cards = p.hand.slice().sort((x, y) => x - y)
      p.field.push(...cards)
      p.hand = []
      p.placed = true
      ev.push({ type: 'placed', seat, count: cards.length, auto: true, visibleTo: [seat], secret: { cards: cards.map((u) => s.cards[u]) } })
    }
  }
}

function climax(s: CNState, ev: GameEvent[]): void {
  const a = stats(s, 0)
  const b = stats(s, 1)
  const loss = [0, 0]
  // CN-6.13–6.15: both attack at once; each avatar is attacker once and defender once.
  if (a.atk > b.def) loss[1]! += a.atk - b.def
  else loss[0]! += b.def - a.atk
  if (b.atk > a.def) loss[0]! += b.atk - a.def
  else loss[1]! += a.def - b.atk
  s.players[0]!.life -= loss[0]!
  s.players[1]!.life -= loss[1]!
  ev.push({ type: 'climax', atk: [a.atk, b.atk], def: [a.def, b.def], loss, life: [s.players[0]!.life, s.players[1]!.life] })
  if (checkLife(s, ev)) return
  endRound(s, ev)
}

function endRound(s: CNState, ev: GameEvent[]): void {
  for (const p of s.players) {
    for (const uid of p.active) p.void.push(uid) // CN-6.16
    p.active = []
    for (const uid of p.field) p.hand.push(uid) // CN-6.17
    p.field = []
    p.done = []
    p.recycled = false
    p.placed = false
    p.abilityUsed = false
    p.mana = Math.min(CARRY_MAX, p.mana) // CN-3.3
  }
  s.fx = [] // CN-6.18
  for (let h = 0; h < 2; h++) {
    const hp = s.players[h]!
    for (const l of hp.lasting.slice()) {
      l.used = false
      l.left -= 1
      if (l.left <= 0) removeLasting(s, h, l.uid, 'expired', ev)
    }
  }
  ev.push({ type: 'roundEnd', round: s.round })
  s.round += 1
  s.first = 1 - s.first // CN-7.3
  s.turn = s.first
  s.passes = 0
  startRound(s, ev)
}

// ------------------------------------------------------------------ options

/** Cards whose effect negates an equipped card the player targets (purge). */
const TARGETED: ReadonlySet<string> = new Set(
  CARDS.filter((c) => [...c.effect, ...(c.turbo?.effect ?? []), ...(c.burn?.effect ?? [])].some((o) => o.op === 'purge')).map((c) => c.id),
)

/** The possible targets of a purge by `seat`: the opponent's infections on `seat`'s avatar, then the opponent's equipment. */
function purgeTargets(s: CNState, seat: number): number[] {
  const out: number[] = []
  for (const l of s.players[seat]!.lasting) if (l.owner !== seat) out.push(l.uid)
  for (const l of s.players[1 - seat]!.lasting) if (l.owner !== seat) out.push(l.uid)
  return out
}

const VARIANTS = [
  [false, false],
  [true, false],
  [false, true],
  [true, true],
] as const
const NO_WAYS: number[][] = []

function pushPaid(out: CNAction[], a: CNAction & { type: 'activate' }, ways: number[][]): void {
  if (ways.length <= 1) out.push(a)
  else for (const coal of ways) out.push({ ...a, coal })
}

/**
 * Enumerates what `seat` may do now into `out`; with `out` null it only answers whether there is anything
 * besides passing. Order: cards in field order (plain, Turbo, Burn, both), the avatar's ability, Uses.
 */
function enumerate(s: CNState, seat: number, responding: boolean, out: CNAction[] | null): boolean {
  const p = s.players[seat]!
  const mana = p.mana
  let coal = -1
  let found = false
  for (const uid of p.field) {
    const c = cardOf(s, uid)
    if (responding && c.kind !== 'ability') continue // CN-6.8, CN-6.9
    if (mana < c.cost) continue
    if (c.coalCost > 0 || c.burn) {
      if (coal < 0) coal = coalAvailable(s, seat)
      if (coal < c.coalCost) continue
    }
    if (out === null) return true
    found = true
    const t = c.turbo !== undefined && mana >= c.cost + c.turbo.x
    const b = c.burn !== undefined && coal >= c.coalCost + c.burn.x
    if (c.coalCost === 0 && !b && !TARGETED.has(c.id)) {
      // the common case: no coal to pay, no target
      out.push({ type: 'activate', card: uid, turbo: false, burn: false })
      if (t) out.push({ type: 'activate', card: uid, turbo: true, burn: false })
      continue
    }
    const targets = TARGETED.has(c.id) ? purgeTargets(s, seat) : null
    const list = targets !== null && targets.length > 0 ? targets : null
    for (const [tu, bu] of VARIANTS) {
      if ((tu && !t) || (bu && !b)) continue
      // where the coal comes from, when the player has a choice (CN-5.6)
      const n = c.coalCost + (bu ? c.burn!.x : 0)
      const ways = n > 0 ? coalPayments(s, seat, n) : NO_WAYS
      // one action per variant, target (the player's choice) and way of paying coal
      if (list === null) pushPaid(out, { type: 'activate', card: uid, turbo: tu, burn: bu }, ways)
      else for (const target of list) pushPaid(out, { type: 'activate', card: uid, turbo: tu, burn: bu, target }, ways)
    }
  }
  const a = avatarOf(s, seat)
  if (!p.abilityUsed && mana >= a.ability.cost) {
    if (out === null) return true
    found = true
    out.push({ type: 'ability' })
  }
  for (let h = 0; h < 2; h++) {
    const host = (seat + h) % 2
    for (const l of s.players[host]!.lasting) {
      if (l.owner !== seat || l.used) continue
      const u = cardOf(s, l.uid).lasting!.use
      if (!u || mana < u.cost || l.coal < u.coal) continue
      if (out === null) return true
      found = true
      out.push({ type: 'use', card: l.uid })
    }
  }
  return found
}

function combinations(items: number[], k: number): number[][] {
  const out: number[][] = []
  const pick: number[] = []
  const rec = (start: number) => {
    if (pick.length === k) {
      out.push(pick.slice().sort((x, y) => x - y))
      return
    }
    for (let i = start; i <= items.length - (k - pick.length); i++) {
      pick.push(items[i]!)
      rec(i + 1)
      pick.pop()
    }
  }
  rec(0)
  return out
}

export function toAct(s: CNState): number[] {
  if (s.phase === 'over') return []
  if (s.pending !== undefined) return [s.pending.seat]
  if (s.phase === 'prep') {
    const out: number[] = []
    if (!s.players[0]!.placed) out.push(0)
    if (!s.players[1]!.placed) out.push(1)
    return out
  }
  return [s.chain.length > 0 ? s.responder : s.turn]
}

export function legal(s: CNState, seat: number): CNAction[] {
  if (s.phase === 'over') return []
  const p = s.players[seat]
  if (!p) return []
  if (s.pending !== undefined) {
    // a coal tie waits for its player: one action per tied card, oldest first (Decision 6)
    if (s.pending.seat !== seat) return []
    return s.pending.options.map((card): CNAction => ({ type: 'pickCoal', card }))
  }
  if (s.phase === 'prep') {
    if (p.placed) return []
    const out: CNAction[] = []
    if (!p.recycled && p.deck.length > 0) for (const uid of p.hand) out.push({ type: 'recycle', card: uid }) // CN-3.8
    for (const cards of combinations(p.hand, Math.min(FIELD_SLOTS, p.hand.length))) out.push({ type: 'place', cards })
    return out
  }
  const responding = s.chain.length > 0
  if ((responding ? s.responder : s.turn) !== seat) return []
  const out: CNAction[] = []
  enumerate(s, seat, responding, out)
  out.push({ type: 'pass' })
  if (p.autoPassSet !== true) out.push({ type: 'setAutoPass', on: p.autoPass !== true })
  return out
}

// ------------------------------------------------------------------ apply

function sameList(a: number[], b: number[]): boolean {
  if (a.length !== b.length) return false
  const x = a.slice().sort((m, n) => m - n)
  for (let i = 0; i < x.length; i++) if (x[i] !== b[i]) return false
  return true
}

function isListedAction(s: CNState, seat: number, a: CNAction): boolean {
  for (const l of legal(s, seat)) {
    if (l.type !== a.type) continue
    switch (l.type) {
      case 'recycle':
      case 'use':
      case 'pickCoal':
        if (l.card === (a as { card: number }).card) return true
        break
      case 'place':
        if (Array.isArray((a as { cards: unknown }).cards) && sameList((a as { cards: number[] }).cards, l.cards)) return true
        break
      case 'setAutoPass':
        if (l.on === (a as { on: unknown }).on) return true
        break
      case 'activate': {
        const b = a as { card: number; turbo?: boolean; burn?: boolean; target?: number; coal?: unknown }
        if (l.card === b.card && l.turbo === (b.turbo ?? false) && l.burn === (b.burn ?? false) && (l.target ?? -1) === (b.target ?? -1)) {
          if (l.coal === undefined ? b.coal === undefined : Array.isArray(b.coal) && sameList(b.coal as number[], l.coal)) return true
        }
        break
      }
      default:
        return true
    }
  }
  return false
}

/** Which rule an unlisted action breaks (for the RuleViolation). */
function diagnose(s: CNState, seat: number, a: CNAction): RuleViolation {
  const p = s.players[seat]!
  const responding = s.chain.length > 0
  const pd = s.pending
  if (pd !== undefined) {
    // CN-5.3 (a card gains coal) or CN-5.7 (coal moves): the tie is broken before anything else
    const rule = pd.what === 'coal' ? 'CN-5.3' : 'CN-5.7'
    const names = pd.options.map((u) => `${cardOf(s, u).name} (${u})`).join(', ')
    const which = pd.what === 'moveFrom' ? 'gives' : 'gets'
    if (a.type !== 'pickCoal') return illegal(rule, `First choose which of your tied equipped cards ${which} the coal: ${names}`)
    return illegal(rule, `Choose one of your tied equipped cards: ${names}`)
  }
  switch (a.type) {
    case 'pickCoal':
      return illegal('CN-5.3', 'There is no coal tie to break now')
    case 'setAutoPass':
      if (s.phase !== 'action') return illegal('CN-6.7', 'Auto-pass is set at your decisions of the Action stage, where you may pass')
      if (p.autoPassSet === true) return illegal('CN-6.7', 'Auto-pass was already changed at this decision')
      return illegal('CN-6.7', `Auto-pass is already ${p.autoPass === true ? 'on' : 'off'}`)
    case 'recycle':
      if (s.phase !== 'prep') return illegal('CN-3.8', 'Recycle is only possible in Preparation, before placing')
      if (p.recycled) return illegal('CN-3.8', 'Recycle is once per round')
      if (p.deck.length === 0) return illegal('CN-3.8', 'Recycle needs a card to draw from the deck')
      return illegal('CN-3.8', 'That card is not in your hand')
    case 'place':
      if (s.phase !== 'prep') return illegal('CN-6.5', 'Cards are placed only in Preparation')
      return illegal('CN-6.5', `Place exactly ${Math.min(FIELD_SLOTS, p.hand.length)} different cards from your hand`)
    case 'pass':
      return illegal('CN-6.5', 'In Preparation you place your cards; there is nothing to pass')
  }
  if (s.phase !== 'action') return illegal('CN-6.5', 'Cards are activated only in the Action stage; place your cards first')
  const coal = coalAvailable(s, seat)
  switch (a.type) {
    case 'activate': {
      if (!p.field.includes(a.card)) return illegal('CN-6.7', 'You can only activate one of your armed (face-down) cards')
      const c = cardOf(s, a.card)
      if (responding && c.kind !== 'ability') return illegal('CN-6.8', "Only Abilities, the avatar's Unique Ability and Uses answer a chain")
      if (p.mana < c.cost) return illegal('CN-3.6', `Not enough mana: ${c.name} costs ${c.cost}`, 'INSUFFICIENT_MANA')
      if (coal < c.coalCost) return illegal('CN-5.4', `Not enough coal: ${c.name} costs ${c.coalCost} coal`, 'INSUFFICIENT_COAL')
      if (a.turbo && (!c.turbo || p.mana < c.cost + c.turbo.x)) return illegal('CN-3.7', 'Turbo is not possible here')
      if (a.burn && (!c.burn || coal < c.coalCost + c.burn.x)) return illegal('CN-5.5', 'Burn is not possible here')
      const n = c.coalCost + (a.burn ? c.burn!.x : 0)
      const ways = coalPayments(s, seat, n)
      if (a.coal !== undefined && ways.length <= 1) return illegal('CN-5.6', 'There is no choice of coal here: leave out `coal`')
      if (ways.length > 1 && !ways.some((w) => Array.isArray(a.coal) && sameList(a.coal, w))) {
        return illegal('CN-5.6', `Choose where the ${n} coal comes from (one equipped card per coal): first from your equipped cards that do not use coal`)
      }
      if (TARGETED.has(c.id) && purgeTargets(s, seat).length > 0) {
        return illegal('CN-8.6', `${c.name} needs a target: one of the opponent's equipped cards`)
      }
      if (a.target !== undefined) return illegal('CN-6.7', `${c.name} takes no target here`)
      return illegal('CN-6.7', 'Malformed activation')
    }
    case 'ability': {
      const ab = avatarOf(s, seat).ability
      if (p.abilityUsed) return illegal('CN-4.4', 'The avatar ability (its Unique Ability) is once per round')
      if (p.mana < ab.cost) return illegal('CN-4.1', `Not enough mana: the ability costs ${ab.cost}`, 'INSUFFICIENT_MANA')
      break
    }
    case 'use': {
      const l = equipped(s, seat).find((x) => x.uid === a.card)
      const u = l ? cardOf(s, l.uid).lasting!.use : undefined
      if (!l || !u) return illegal('CN-5.10', 'Only one of your equipped cards with Use can be used')
      if (l.used) return illegal('CN-5.10', 'Use is once per round')
      if (l.coal < u.coal) return illegal('CN-5.3', 'Not enough coal on the card', 'INSUFFICIENT_COAL')
      if (p.mana < u.cost) return illegal('CN-3.6', 'Not enough mana for the Use', 'INSUFFICIENT_MANA')
      break
    }
  }
  return illegal('CN-6.7', `Action ${String((a as { type: unknown }).type)} is not possible now`)
}

const ACTION_TYPES = new Set(['recycle', 'place', 'activate', 'ability', 'use', 'pass', 'pickCoal', 'setAutoPass'])

export function applyAction(state: CNState, seat: number, action: CNAction): { state: CNState; events: GameEvent[] } {
  if (state.phase === 'over') throw new RuleViolation('MATCH_FINISHED', 'CN-1.8', 'The match is over')
  if (!toAct(state).includes(seat)) throw new RuleViolation('NOT_YOUR_DECISION', 'CN-6.6', `Seat ${seat} has no decision to make now`)
  if (typeof action !== 'object' || action === null || !ACTION_TYPES.has((action as { type: string }).type)) {
    throw illegal('CN-6.7', 'Unknown action')
  }
  if (!isListedAction(state, seat, action)) throw diagnose(state, seat, action)
  const pd = state.pending
  if (pd !== undefined && action.type === 'pickCoal') {
    // run the stopped steps again from where they began, with this pick as the answer to the tie (Decision 6)
    return run(pd.base, pd.by, pd.action as CNAction, [...pd.picks, action.card], pd.events)
  }
  return run(state, seat, action, [], 0)
}

/**
 * Applies `action` of `seat` to a copy of `base` and runs the forced steps after it. Coal ties on the way are
 * answered from `picks` in order; at the first tie left unanswered the steps stop and the returned state asks for a
 * pick (`pending`, Decision 6). `skip` events were already returned by earlier runs of the same steps.
 */
function run(base: CNState, seat: number, action: CNAction, picks: number[], skip: number): { state: CNState; events: GameEvent[] } {
  const s = cloneState(base)
  const ev: GameEvent[] = []
  const outer = current
  const r: Run = { s, picks, at: 0, tie: null }
  current = r
  try {
    perform(s, seat, action, ev)
    advance(s, ev)
  } catch (e) {
    const t = r.tie
    if (e !== STOP || t === null) throw e
    const events = ev.length
    ev.push({ type: 'coalTie', seat: t.seat, what: t.what, n: t.n, options: t.options, cards: t.options.map((u) => s.cards[u]) })
    s.pending = { seat: t.seat, what: t.what, n: t.n, options: t.options, base, by: seat, action: JSON.parse(JSON.stringify(action)), picks, events }
  } finally {
    current = outer
  }
  // auto-pass changes once per decision: the mark stays only while the seat that just changed it is still at the same
  // decision (nothing was passed for it after the change)
  const same = action.type === 'setAutoPass' && ev.length === 1
  for (let i = 0; i < 2; i++) if (i !== seat || !same) delete s.players[i]!.autoPassSet
  // No randomness is drawn after setup (the decks are never reshuffled, CN-6.3), so s.rng is unchanged.
  return { state: s, events: skip === 0 ? ev : ev.slice(skip) }
}

/**
 * Whether the forced steps of a waiting coal tie, run again from where they began, stop at the same tie. Always so for
 * a real state; a determinized one may hold other unseen cards that would have changed those steps (Decision 26).
 */
export function tieReplays(s: CNState): boolean {
  const pd = s.pending
  if (pd === undefined) return true
  try {
    const again = run(pd.base, pd.by, pd.action as CNAction, pd.picks, 0).state.pending
    return again !== undefined && again.seat === pd.seat && again.what === pd.what && again.n === pd.n && again.options.join() === pd.options.join()
  } catch {
    return false
  }
}

function perform(s: CNState, seat: number, action: CNAction, ev: GameEvent[]): void {
  const p = s.players[seat]!
  switch (action.type) {
    case 'recycle': {
      p.hand.splice(p.hand.indexOf(action.card), 1)
      p.deck.push(action.card)
      p.recycled = true
      ev.push({ type: 'recycle', seat, visibleTo: [seat], secret: { card: s.cards[action.card] } })
      drawCards(s, seat, 1, ev)
      break
    }
    case 'place': {
      for (const uid of action.cards.slice().sort((x, y) => x - y)) {
        p.hand.splice(p.hand.indexOf(uid), 1)
        p.field.push(uid)
      }
      p.placed = true
      ev.push({ type: 'placed', seat, count: action.cards.length, visibleTo: [seat], secret: { cards: action.cards.map((u) => s.cards[u]) } })
      break
    }
    case 'activate': {
      const c = cardOf(s, action.card)
      p.mana -= c.cost + (action.turbo ? c.turbo!.x : 0) // CN-3.6, CN-3.7
      if (action.coal !== undefined) {
        // the payment the player chose (CN-5.6): one coal from each listed card
        const eq = equipped(s, seat)
        for (const u of action.coal) eq.find((l) => l.uid === u)!.coal -= 1
      } else spendCoal(s, seat, c.coalCost + (action.burn ? c.burn!.x : 0)) // CN-5.4–5.6
      p.field.splice(p.field.indexOf(action.card), 1)
      const target = action.target ?? -1
      pushLink(s, { seat, kind: 'card', uid: action.card, turbo: action.turbo === true, burn: action.burn === true, negated: false, target }, ev)
      onActivate(s, seat, c.kind, ev)
      break
    }
    case 'ability': {
      p.abilityUsed = true
      p.mana -= avatarOf(s, seat).ability.cost
      pushLink(s, { seat, kind: 'ability', uid: -1, turbo: false, burn: false, negated: false, target: -1 }, ev)
      break
    }
    case 'use': {
      const l = equipped(s, seat).find((x) => x.uid === action.card)!
      const u = cardOf(s, l.uid).lasting!.use!
      l.used = true
      l.coal -= u.coal
      p.mana -= u.cost
      pushLink(s, { seat, kind: 'use', uid: l.uid, turbo: false, burn: false, negated: false, target: -1 }, ev)
      break
    }
    case 'pass': {
      if (s.chain.length > 0) {
        ev.push({ type: 'noAnswer', seat })
        resolveChain(s, ev) // CN-8.4
      } else {
        doPass(s, seat, ev)
      }
      break
    }
    case 'pickCoal':
      throw new Error('cyber-net-cards: a coal pick is applied by running its steps again')
    case 'setAutoPass': {
      if (action.on) p.autoPass = true
      else delete p.autoPass
      p.autoPassSet = true
      ev.push({ type: 'autoPass', seat, on: action.on })
      break
    }
  }
}

function pushLink(s: CNState, link: Link, ev: GameEvent[]): void {
  s.chain.push(link) // CN-8.1
  s.responder = 1 - link.seat // CN-8.2, CN-8.3
  ev.push({
    type: 'activated',
    seat: link.seat,
    kind: link.kind,
    card: link.uid >= 0 ? s.cards[link.uid] : null,
    ...(link.kind === 'ability' ? { ability: ABILITY_ID_OF.get(s.players[link.seat]!.avatar) } : {}),
    turbo: link.turbo,
    burn: link.burn,
    ...(link.target >= 0 ? { target: s.cards[link.target] } : {}),
    chain: s.chain.length,
  })
}

function doPass(s: CNState, seat: number, ev: GameEvent[]): void {
  ev.push({ type: 'pass', seat })
  s.passes += 1
  s.turn = 1 - seat
  if (s.passes >= 2) climax(s, ev) // CN-6.10
}

/** CN-6.10: whether `seat` has an armed card it could activate on its turn now (mana and coal cost paid). */
function hasCardToActivate(s: CNState, seat: number): boolean {
  const p = s.players[seat]!
  let coal = -1
  for (const uid of p.field) {
    const c = cardOf(s, uid)
    if (p.mana < c.cost) continue
    if (c.coalCost > 0) {
      if (coal < 0) coal = coalAvailable(s, seat)
      if (coal < c.coalCost) continue
    }
    return true
  }
  return false
}

/**
 * Whether `seat` may still activate or answer as far as its opponent can see (Decision 10): it has an armed card (the
 * cheapest cards of the pool, Ping among the Abilities, cost 0 mana and no coal, so any armed card might be one it can
 * pay for), or its ability or a Use it can pay for (mana, coal and equipped cards are public). With auto-pass on, the
 * seat's real options count instead: it accepted that the timing may show them.
 */
function mayAct(s: CNState, seat: number, responding: boolean): boolean {
  if (s.players[seat]!.autoPass === true) return enumerate(s, seat, responding, null)
  if (s.players[seat]!.field.length > 0) return true
  return hasPower(s, seat)
}

/** CN-6.10 "ninguém tem carta para ativar", judged on what the other seat sees (or, with auto-pass, on the real cards). */
function hasCard(s: CNState, seat: number): boolean {
  return s.players[seat]!.autoPass === true ? hasCardToActivate(s, seat) : s.players[seat]!.field.length > 0
}

/** The avatar's ability or a Use that `seat` can pay for now: public (CN-4.3, CN-5.12). */
function hasPower(s: CNState, seat: number): boolean {
  const p = s.players[seat]!
  if (!p.abilityUsed && p.mana >= avatarOf(s, seat).ability.cost) return true
  for (const l of equipped(s, seat)) {
    const u = cardOf(s, l.uid).lasting!.use
    if (u && !l.used && p.mana >= u.cost && l.coal >= u.coal) return true
  }
  return false
}

/**
 * Runs forced steps until someone has a decision (or the match ends). Whether a seat is asked depends only on what the
 * other seat sees (Decision 10); a pass made for a seat gives the same events as one it makes itself.
 */
function advance(s: CNState, ev: GameEvent[]): void {
  for (let guard = 0; guard < 10_000; guard++) {
    if (s.phase === 'over') return
    if (s.phase === 'prep') {
      autoPlace(s, ev)
      if (!s.players[0]!.placed || !s.players[1]!.placed) return
      s.phase = 'action' // CN-6.6
      s.turn = s.first
      s.passes = 0
      ev.push({ type: 'actionStage', first: s.first })
      continue
    }
    if (s.chain.length > 0) {
      if (mayAct(s, s.responder, true)) return
      ev.push({ type: 'noAnswer', seat: s.responder })
      resolveChain(s, ev) // the seat cannot answer: resolve (CN-8.4)
      continue
    }
    if (!hasCard(s, 0) && !hasCard(s, 1)) {
      // CN-6.10: nobody has a card to activate, so the Climax starts (abilities and Uses do not keep it off).
      ev.push({ type: 'noCardsLeft' })
      climax(s, ev)
      continue
    }
    if (mayAct(s, s.turn, false)) return
    doPass(s, s.turn, ev) // nothing to activate: the turn passes (CN-6.10)
  }
  throw new Error('cyber-net-cards: advance did not settle')
}

// ------------------------------------------------------------------ setup

export function initialState(decks: { avatar: string; cards: string[] }[], seed: string): CNState {
  const rng = Random.fromSeed(seed)
  const cards: string[] = []
  const players: PlayerState[] = decks.map((d) => {
    const order = rng.shuffle(d.cards) // CN-GAP-1: each deck is shuffled once at the start
    const deck: number[] = []
    for (const id of order) {
      deck.push(cards.length)
      cards.push(id)
    }
    return {
      avatar: d.avatar,
      life: START_LIFE,
      deck,
      hand: [],
      field: [],
      active: [],
      void: [],
      mana: 0,
      income: 0,
      recycled: false,
      placed: false,
      abilityUsed: false,
      lasting: [],
      done: [],
    }
  })
  const rank = { offensive: 0, moderate: 1, defensive: 2 } as const
  const t0 = rank[AVATAR_BY_ID.get(decks[0]!.avatar)!.type]
  const t1 = rank[AVATAR_BY_ID.get(decks[1]!.avatar)!.type]
  const first = t0 < t1 ? 0 : t1 < t0 ? 1 : rng.int(0, 1) // CN-7.1, CN-7.2
  const s: CNState = {
    game: 'cyber-net-cards',
    round: 1,
    phase: 'prep',
    first,
    turn: first,
    passes: 0,
    chain: [],
    responder: -1,
    fx: [],
    cards,
    players,
    rng: [],
    winners: null,
    reason: null,
  }
  const ev: GameEvent[] = []
  startRound(s, ev)
  advance(s, ev)
  s.rng = rng.state()
  return s
}
