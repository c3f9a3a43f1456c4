import { expect } from 'vitest'
import { cyberpunkTcg } from '../../../src/games/cyberpunk-tcg/index.ts'
import type { ContinuousKind, LegendSlot, State, Unit } from '../../../src/games/cyberpunk-tcg/state.ts'
import { charges, startPlayerEffect, startUnitEffect, unitHas } from '../../../src/games/cyberpunk-tcg/continuous.ts'
import type { Action } from '../../../src/games/cyberpunk-tcg/actions.ts'
import { isListed } from '../../support/playout.ts'
import type { GameEvent, Random } from '../../../src/kernel/index.ts'

export const E = cyberpunkTcg
export const [HEIST, EBP] = E.sampleDecks().map(d => d.deck) as [
  Parameters<typeof E.validateDeck>[0],
  Parameters<typeof E.validateDeck>[0],
]

export function copy(s: State): State {
  return JSON.parse(JSON.stringify(s)) as State
}

/** setup, seat 0 goes first, both keep, first die chosen: seat 0's open Main Phase of turn 1. */
export function started(opts: { seed?: string; decks?: [unknown, unknown]; options?: object } = {}): State {
  let s = E.setup(
    (opts.decks ?? [HEIST, EBP]) as never,
    E.schemas.options.parse({ concedeListed: false, ...opts.options }),
    opts.seed ?? 'scenario',
  )
  s = E.apply(s, s.chooser, { type: 'goFirst', first: s.chooser === 0 }).state
  s = E.apply(s, 0, { type: 'mulligan', redraw: false }).state
  s = E.apply(s, 1, { type: 'mulligan', redraw: false }).state
  while (s.prompt?.kind === 'roll') s = E.apply(s, s.prompt.seat, { type: 'choose', pick: s.prompt.options[0] }).state
  return copy(s)
}

/** A main-phase state for `seat` with empty hands, fields, Eddies and Gig areas; legends stay face-down unless `up`. */
export function blank(
  opts: { seed?: string; decks?: [unknown, unknown]; options?: object; active?: number } = {},
): State {
  const s = started(opts)
  for (const p of s.players) {
    p.deck = [...p.deck, ...p.hand, ...p.eddies] // shared between copies of a state
    p.hand = []
    p.eddies = []
    p.eddiesSpent = 0
    p.fixer = [...p.fixer, ...p.gigs] // shared between copies of a state
    p.gigs = []
  }
  s.turn = 3
  s.active = opts.active ?? 0
  // the active player's Legends are ready; the other player's are spent (so it has no reaction unless a test gives one)
  s.players.forEach((p, i) => p.legends.forEach(l => l && (l.spent = i !== s.active)))
  return s
}

function newUid(s: State, seat: number, id: string): number {
  s.cards = [...s.cards, id]
  s.owner = [...s.owner, seat]
  return s.cards.length - 1
}

export function give(s: State, seat: number, id: string, n = 1): number[] {
  const out: number[] = []
  for (let i = 0; i < n; i++) {
    const u = newUid(s, seat, id)
    s.players[seat]!.hand = [...s.players[seat]!.hand, u] // shared between copies of a state
    out.push(u)
  }
  return out
}

export function topDeck(s: State, seat: number, id: string): number {
  const u = newUid(s, seat, id)
  s.players[seat]!.deck = [...s.players[seat]!.deck, u] // shared between copies of a state
  return u
}

export function eddies(s: State, seat: number, n: number): void {
  for (let i = 0; i < n; i++) s.players[seat]!.eddies = [...s.players[seat]!.eddies, newUid(s, seat, 'psycho-squad')] // shared between copies of a state
}

export function unit(s: State, seat: number, id: string, o: Partial<Unit> = {}): number {
  const u = newUid(s, seat, id)
  s.players[seat]!.field.push({
    uid: u,
    spent: false,
    lag: false,
    attacksWhileLagging: false,
    gear: [],
    powerThisTurn: 0,
    blockerThisTurn: false,
    stole: false,
    ...o,
  })
  return u
}

export function gear(s: State, host: number, id: string): number {
  const seat = s.owner[host]!
  const u = newUid(s, seat, id)
  const h = s.players[seat]!.field.find(x => x.uid === host) ?? s.players[seat]!.legends.find(l => l?.uid === host)
  h!.gear = [...h!.gear, u] // Gear lists are shared between copies of a state
  return u
}

/** Replaces the Legends of `seat` with these cards (face-up unless told). */
export function legends(s: State, seat: number, ids: string[], up = true): number[] {
  const p = s.players[seat]!
  for (const l of p.legends) if (l) p.removed = [...p.removed, l.uid] // shared between copies of a state
  p.legends = ids.map(id => ({ uid: newUid(s, seat, id), faceUp: up, spent: false, gear: [] }))
  return p.legends.map(l => l!.uid)
}

/** Puts dice of `seat` into its Gig area with these [size, value] pairs (dice taken from its fixer). */
export function gigs(s: State, seat: number, pairs: [number, number][]): number[] {
  const p = s.players[seat]!
  const out: number[] = []
  for (const [size, value] of pairs) {
    // dice, fixer and Gig lists are shared between copies of a state: replaced, not written into
    let owner = p
    let i = p.fixer.findIndex(d => s.dice[d]!.size === size)
    if (i < 0) {
      owner = s.players[1 - seat]!
      i = owner.fixer.findIndex(d => s.dice[d]!.size === size)
    }
    const from = owner.fixer.slice()
    const d = from.splice(i, 1)[0]!
    owner.fixer = from
    s.dice = s.dice.map((x, i) => (i === d ? { size: x.size, value: value } : x))
    p.gigs = [...p.gigs, d]
    out.push(d)
  }
  return out
}

export interface Step {
  s: State
  ev: GameEvent[]
}

/** Applies a listed action (fails if it is not listed). */
export function act(s: State, seat: number, a: Action): Step {
  if (!isListed(E, s, seat, a))
    throw new Error(
      `not listed: ${JSON.stringify(a)}; listed: ${JSON.stringify(E.legalActions(s, seat)).slice(0, 1500)}`,
    )
  const r = E.apply(s, seat, a)
  return { s: r.state, ev: r.events }
}

/** Answers the open prompt with `pick`. */
export function pick(s: State, v: unknown): Step {
  expect(s.prompt).not.toBeNull()
  return act(s, s.prompt!.seat, { type: 'choose', pick: v })
}

export function handIds(s: State, seat: number): string[] {
  return s.players[seat]!.hand.map(u => s.cards[u]!)
}

export function fieldUnit(s: State, uid: number): Unit | undefined {
  for (const p of s.players) for (const u of p.field) if (u.uid === uid) return u
  return undefined
}

/** Whether Unit `uid` is under the continuous effect `kind` (continuous.ts). */
export function unitUnder(s: State, kind: ContinuousKind, uid: number): boolean {
  return unitHas(s, kind, uid)
}

/** How many continuous effects `kind` player `seat` has (charges, protections). */
export function playerEffects(s: State, kind: ContinuousKind, seat: number): number {
  return charges(s, kind, seat)
}

/** Starts the continuous effect `kind` on Unit `uid`, as an effect of player `by` would (test setup). */
export function putOnUnit(s: State, kind: ContinuousKind, uid: number, by = 0): void {
  for (let seat = 0; seat < 2; seat++) {
    const un = s.players[seat]!.field.find(u => u.uid === uid)
    if (un) return startUnitEffect(s, kind, by, seat, un)
  }
  throw new Error(`no Unit ${uid} on the field`)
}

/** Starts the continuous effect `kind` for player `seat` (test setup). */
export function putOnPlayer(s: State, kind: ContinuousKind, seat: number): void {
  startPlayerEffect(s, kind, seat)
}

/** Passes React Steps and pending-order decisions by taking the first option until `seat` is in its open main phase. */
export function settle(s: State): State {
  for (let i = 0; i < 50; i++) {
    const st = E.status(s)
    if (st.finished) return s
    if (!s.prompt && !s.pending.length && !s.attack && s.phase === 'main') return s
    const seat = st.toAct[0]!
    const legal = E.legalActions(s, seat)
    const end = legal.find(a => a.type === 'endReactions') ?? legal[0]!
    s = E.apply(s, seat, end).state
  }
  return s
}

/** A Unit's current power as seat 0's view shows it. */
export function power(s: State, u: number): number {
  const v = E.view(s, 0) as { players: { field: { uid: number; power: number }[] }[] }
  return [...v.players[0]!.field, ...v.players[1]!.field].find(x => x.uid === u)!.power
}

/** The active seat attacks a rival Unit or the Gig area. */
export function attack(s: State, u: number, target: number | 'gigs'): Step {
  return act(s, s.active, { type: 'attack', unit: u, target })
}

/** The active seat plays a card from hand (a Gear onto `host`), paying nothing extra. */
export function play(s: State, card: string, host?: number): Step {
  return act(s, s.active, { type: 'play', card, pay: [], ...(host !== undefined ? { host } : {}) })
}

/** Two Legends to fill a Legends area beside one under test. */
export const OTHER = ['v-corporate-exile', 'viktor-vektor-sit-down-and-relax', 'jackie-welles-pour-one-out-for-me']

type Info = { id: string; type: string; data: { implemented: boolean; name: string; color: string; ram: number } }
const ALL = E.cards() as Info[]
const LEGENDS = ALL.filter(c => c.type === 'Legend' && c.data.implemented)
const MAIN = ALL.filter(c => c.type !== 'Legend' && c.data.implemented)

/**
 * A random legal deck made only of implemented cards; with `featured`, one that holds 3 copies of that Unit, Gear or
 * Program.
 */
export function randomDeck(
  r: Random,
  featured?: string,
): { legends: string[]; main: { card: string; count: number }[] } {
  const want = featured === undefined ? undefined : MAIN.find(c => c.id === featured)!
  for (;;) {
    const legends: Info[] = []
    // the featured card's colour first, so its Legends give the RAM it needs
    const order = want
      ? [
          ...r.shuffle(LEGENDS.filter(l => l.data.color === want.data.color)),
          ...r.shuffle(LEGENDS.filter(l => l.data.color !== want.data.color)),
        ]
      : r.shuffle(LEGENDS)
    for (const l of order) if (legends.length < 3 && !legends.some(x => x.data.name === l.data.name)) legends.push(l)
    const limit: Record<string, number> = { Red: 0, Green: 0, Blue: 0, Yellow: 0 }
    for (const l of legends) limit[l.data.color]! += l.data.ram
    const pool = MAIN.filter(c => c.data.ram <= limit[c.data.color]! && c !== want)
    if (pool.length < 14 || (want && want.data.ram > limit[want.data.color]!)) continue
    const main = [...(want ? [want] : []), ...r.shuffle(pool)].slice(0, 14).map(c => ({ card: c.id, count: 3 }))
    return { legends: legends.map(l => l.id), main }
  }
}

// Query helpers: tests read a player's zones through these, so a rename of a state field touches this module only.
export const handOf = (s: State, seat: number): number[] => s.players[seat]!.hand
export const deckOf = (s: State, seat: number): number[] => s.players[seat]!.deck
export const trashOf = (s: State, seat: number): number[] => s.players[seat]!.trash
export const removedOf = (s: State, seat: number): number[] => s.players[seat]!.removed
export const gigsOf = (s: State, seat: number): number[] => s.players[seat]!.gigs
export const fieldOf = (s: State, seat: number): Unit[] => s.players[seat]!.field
export const legendsOf = (s: State, seat: number): (LegendSlot | null)[] => s.players[seat]!.legends
export const eddiesSpentOf = (s: State, seat: number): number => s.players[seat]!.eddiesSpent
export const eddiesOf = (s: State, seat: number): number[] => s.players[seat]!.eddies
export const peekOf = (s: State, seat: number): number[] => s.players[seat]!.peek
export const fixerOf = (s: State, seat: number): number[] => s.players[seat]!.fixer
// and the table's: the open prompt, the attack under way, whose turn, the pending effects, the phase, the winners
export const promptOf = (s: State): State['prompt'] => s.prompt
export const attackOf = (s: State): State['attack'] => s.attack
export const activeOf = (s: State): number => s.active
export const pendingOf = (s: State): State['pending'] => s.pending
export const phaseOf = (s: State): State['phase'] => s.phase
export const winnersOf = (s: State): State['winners'] => s.winners
/** The card id of card `uid` (undefined for an id no card has). */
export const cardOf = (s: State, uid: number): string | undefined => s.cards[uid]
/** The value die `die` shows. */
export const dieValue = (s: State, die: number): number => s.dice[die]!.value
