/**
 * Coal (CN-5.1–5.6): what is there, the ways to pay it (Decision 6), and the coal ties the player breaks, with the run
 * that replays them.
 */
import type { CNState, CoalPick, Lasting } from './state.ts'
import { cardOf, COAL_MAX, equipped } from './values.ts'

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

interface Tie {
  seat: number
  what: CoalPick['what']
  n: number
  options: number[]
}

export interface Run {
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
export const STOP = new Error('cyber-net-cards: a coal tie stops the forced steps')

/**
 * The run in progress, for its working state only (a private clone made by `run`). Set and cleared by `run` around
 * its synchronous steps, so no call ever sees another's picks.
 */
let current: Run | null = null

/** Runs `steps` with `r` as the run in progress, then restores the one before. */
export function withRun(r: Run, steps: () => void): void {
  const outer = current
  current = r
  try {
    steps()
  } finally {
    current = outer
  }
}

/**
 * "Your equipped card with the least/most coal" when `tied` (two or more) have it: the player's pick, recorded for
 * this run, or a stop that asks for it.
 */
export function breakTie(s: CNState, seat: number, what: CoalPick['what'], n: number, tied: Lasting[]): Lasting {
  const run = current !== null && current.s === s ? current : null
  if (run !== null && run.at < run.picks.length) {
    const uid = run.picks[run.at++]!
    const l = tied.find(x => x.uid === uid)
    if (l === undefined) throw new Error('cyber-net-cards: a recorded coal pick is not one of the tied cards')
    return l
  }
  if (run === null) throw new Error('cyber-net-cards: a coal tie outside a run (setup has no equipped cards)')
  run.tie = { seat, what, n, options: tied.map(l => l.uid) }
  throw STOP
}

export function addCoal(l: Lasting, n: number): void {
  l.coal = Math.min(COAL_MAX, l.coal + n)
}
