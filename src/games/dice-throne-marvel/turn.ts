// The turn's phases: Upkeep and Income (each with its window), Main, the Offensive Roll, the end of the roll phases,
// Main 2, Discard, next turn (DT-1.1, DT-1.2, DT-1.4, DT-2.3, DT-3.2-DT-3.6, DT-8.5, DT-13.7, DT-13.23, DT-15.4,
// DT-GAP-4, DT-GAP-6).
import type { DTState } from './state.ts'
import type { Ctx } from './context.ts'
import { changeHp, draw, gainCp, opponents, toDiscard } from './players.ts'
import { loseStatus } from './statuses.ts'
import { rollDice } from './dice.ts'
import { checkDeaths } from './deaths.ts'
import { isoHit } from './isolated.ts'
import { openWindow } from './windows.ts'

export function startTurn(s: DTState, c: Ctx) {
  for (const pl of s.p) {
    pl.throws = 0
    pl.comboUsed = false
    pl.ekUsed = false
  }
  c.ev.push({ type: 'turn', seat: s.active, turn: s.turn })
  // Upkeep (DT-1.2): Instants and status spends may be made before its effects resolve (DT-4.4, DT-8.9)
  s.step = 'upkeep'
  openWindow(s, 'phase')
}
/**
 * The Upkeep Phase's effects once its window closes: Bag of Tricks tokens resolve; damage and healing are applied
 * together.
 */
export function resolveUpkeep(s: DTState, c: Ctx) {
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
export function finishUpkeep(s: DTState, heal: number, cp: number, dmg: number[], c: Ctx) {
  if (cp) gainCp(s, s.active, cp, c)
  // simultaneous: every change first, then defeat checks
  if (heal) changeHp(s, s.active, heal, c, 'bag-of-tricks')
  // isolated damage, on the one path of damage and prevention (DT-6.9): no prevention can be played in the Upkeep
  // Phase of this box (Not This Time! and Invulnerability! are Roll Phase Actions, DT-4.3), so it lands at once
  for (const t of dmg) isoHit(s, s.active, t, 2, 'normal', c, 'bag-of-tricks')
  checkDeaths(s, c)
}
export function afterUpkeep(s: DTState, c: Ctx) {
  // Income (DT-2.3): skipped by the starting player on their first turn (DT-1.4).
  if (!(s.turn === 1 && s.active === s.first)) {
    c.ev.push({ type: 'phase', phase: 'income', seat: s.active })
    gainCp(s, s.active, 1, c)
    draw(s, s.active, 1, c)
    // its window (DT-4.4, DT-8.9): the turn player's Main Phase 1 follows at once, so the others are asked first
    s.step = 'income'
    openWindow(s, 'phase', true)
    return
  }
  c.ev.push({ type: 'phase', phase: 'income-skipped', seat: s.active })
  startMain1(s, c)
}
/** Main Phase 1 begins. */
export function startMain1(s: DTState, c: Ctx) {
  s.step = 'main1'
  c.ev.push({ type: 'phase', phase: 'main1', seat: s.active })
}
/** What a turn's roll phases leave behind: the roll, the attack and its windows, Loki's illusion, paused effects. */
function clearRollPhases(s: DTState) {
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
  dropHeld(s)
}
/**
 * Cards still waiting for answers when their phase ends (a defeat ended it) go to their discard piles unresolved
 * (DT-5.1); a sold or discarded card is there already.
 */
function dropHeld(s: DTState) {
  for (let h = s.held ?? null; h; h = h.resumeAt.held) if (h.a.type === 'play') toDiscard(s.p[h.seat]!, h.a.card)
  s.held = null
}
export function nextTurn(s: DTState, c: Ctx) {
  clearRollPhases(s)
  s.choice = null
  let a = s.active
  for (let k = 0; k < s.n; k++) {
    a = (a + 1) % s.n
    if (!s.p[a]!.out) break
  }
  s.active = a
  s.turn++
  startTurn(s, c)
}
export function startOffense(s: DTState, c: Ctx) {
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
export function endRollPhases(s: DTState, c: Ctx) {
  clearRollPhases(s)
  s.step = 'main2'
  c.ev.push({ type: 'phase', phase: 'main2', seat: s.active })
}
/**
 * Main Phase 2 is over: the Discard Phase, where selling is allowed whatever the hand size (DT-2.4) and required above
 * 6 (DT-3.4); its end opens a phase window (`apply.ts` `end`).
 */
export function endMain2(s: DTState, c: Ctx) {
  s.step = 'discard'
  c.ev.push({ type: 'phase', phase: 'discard', seat: s.active })
}
