// The router of a match: every phase change goes through here (the other modules set a step or open a window); forced
// steps run until someone has a decision; a closed window resumes what it held (DT-1.2, DT-11).
import type { DTState, Window } from './state.ts'
import type { Ctx } from './context.ts'
import {
  afterUpkeep,
  endMain2,
  endRollPhases,
  finishUpkeep,
  nextTurn,
  resolveUpkeep,
  startMain1,
  startOffense,
  startTurn,
} from './turn.ts'
import {
  activate,
  chooseDefence,
  comboOffered,
  readOdinforce,
  resolveAttack,
  rollDefence,
  ROLL_STEPS,
  runFx,
  toDefence,
} from './attack.ts'
import { mjStep } from './effects.ts'
import { checkDeaths } from './deaths.ts'
import { gainCp } from './players.ts'
import { applyIncoming } from './isolated.ts'
import { defChooseOptions, modifyOptions } from './legal.ts'
import { asOthersSee } from './seen.ts'
import { openWindow, pollWindow } from './windows.ts'
import { reopenIfChanged, rerollDice } from './dice.ts'
import { resolveCard } from './cards.ts'

/** Runs forced steps until someone has a decision. */
export function advance(s: DTState, c: Ctx) {
  for (let guard = 0; guard < 1000; guard++) {
    // a choice that falls to a player out of the game (the attacker who resigned while Loki laid his Illusion
    // cards) is dropped: the attack it belonged to is over
    if (s.choice && s.p[s.choice.seat]!.out) {
      s.choice = null
      s.ill = null
      s.sug = -1
    }
    if (s.done || s.choice) return
    if (s.step === 'combo' && !comboOffered(s)) {
      // the attack (or the activation without one) is over and Combo cannot be spent: the roll phases end
      endRollPhases(s, c)
      continue
    }
    if (s.p[s.active]!.out) {
      nextTurn(s, c)
      continue
    }
    if (
      s.atk &&
      s.p[s.atk.to]!.out &&
      (s.step === 'modify' || s.step === 'defStart' || s.step === 'defChoose' || s.step === 'def')
    ) {
      endRollPhases(s, c)
      continue
    }
    if (s.win) {
      // every window: ask the next seat that may answer, or close it and go on with what it held
      if (pollWindow(s)) return
      const kind = s.win.kind
      s.win = null
      closeWindow(s, kind, c)
      continue
    }
    switch (s.step) {
      case 'modify':
        // the attacker's own pause: asked by what the others see (Ambush! may be in hand), like a window
        if (
          modifyOptions(asOthersSee(s, s.active), s.active).length > 0 &&
          !(s.p[s.active]!.auto && modifyOptions(s, s.active).length === 0)
        )
          return
        afterModify(s, c)
        continue
      case 'defChoose': {
        const opts = defChooseOptions(s)
        if (opts.length === 0) {
          openWindow(s, 'def')
          continue
        }
        const only = opts[0]!
        if (opts.length === 1 && only.type === 'defend') {
          chooseDefence(s, only)
          continue
        }
        return
      }
      default:
        return
    }
  }
}
export function afterModify(s: DTState, c: Ctx) {
  const atk = s.atk!
  if (atk.damageType === 'collateral') {
    openWindow(s, 'def')
    return
  }
  toDefence(s, c)
}
/** Nobody (more) answers: what the window held goes on. */
function closeWindow(s: DTState, kind: Window['kind'], c: Ctx) {
  switch (kind) {
    case 'card': {
      const h = s.held!
      s.held = h.resumeAt.held
      const a = h.a
      if (a.type === 'play') resolveCard(s, h.seat, a, c)
      else if (a.type === 'sell') gainCp(s, h.seat, 1, c)
      else if (a.type === 'roll' && !h.fresh) rerollDice(s, a.dice, c)
      if (s.done) return
      // back to what the action interrupted (a window is polled again from the turn player); offensive dice changed
      // before activation send the attacker back to rolling (DT-GAP-2)
      s.step = h.resumeAt.step
      s.win = h.resumeAt.window ? { kind: h.resumeAt.window.kind, seats: h.resumeAt.window.seats, index: 0 } : null
      if (a.type === 'mjolnir') moveMjolnir(s, h.seat, a.target ?? -1, c)
      else if (a.type === 'defend') rollDefence(s, c)
      else if (a.type === 'roll' && h.fresh) readOdinforce(s, h.seat, h.fresh, a.dice, c)
      else reopenIfChanged(s, c)
      return
    }
    case 'phase':
      // the phase step the window held goes on
      if (s.step === 'upkeep') resolveUpkeep(s, c)
      else if (s.step === 'income') startMain1(s, c)
      else if (s.step === 'main1End') startOffense(s, c)
      else if (s.step === 'main2End') endMain2(s, c)
      else nextTurn(s, c)
      return
    case 'pre':
    case 'tgt':
      activate(s, c)
      return
    case 'rollEnd':
      endRollPhases(s, c)
      return
    case 'then':
      runFx(s, c)
      return
    case 'inc': {
      const ret = s.inc!.resumeAt
      applyIncoming(s, c)
      if (s.done) return
      if (ret) {
        // back to where the throw was made (its window polled again from the turn player)
        s.step = ret.step
        s.win = ret.window ? { kind: ret.window.kind, seats: ret.window.seats, index: 0 } : null
      } else runFx(s, c)
      return
    }
    case 'defStart':
      s.step = 'defChoose'
      return
    case 'def':
      resolveAttack(s, c)
      return
  }
}
/**
 * Thor's discard for Mjölnir resolves where it was made: in a roll phase the throw's isolated damage can be prevented
 * with a Roll Phase card (DT-6.7), except against Thor's own activated Ultimate (DT-10.3), in its own window.
 */
function moveMjolnir(s: DTState, thor: number, target: number, c: Ctx) {
  const fresh = !s.inc
  c.iso = ROLL_STEPS.has(s.step) && !(s.atk && s.atk.ultimate)
  mjStep(s, thor, target, c)
  c.iso = false
  checkDeaths(s, c)
  if (fresh && s.inc && !s.done) {
    s.inc.resumeAt = { step: s.step, window: s.win }
    openWindow(s, 'inc')
  }
}
/** The match's first turn (setup): its Upkeep window asks whoever may answer, or closes at once. */
export function firstTurn(s: DTState, c: Ctx) {
  startTurn(s, c)
  advance(s, c)
}
/** Loki chose the targets of his Bag of Tricks damage: the Upkeep Phase's effects land, then Income. */
export function finishBagOfTricks(s: DTState, heal: number, cp: number, targets: number[], c: Ctx) {
  finishUpkeep(s, heal, cp, targets, c)
  if (!s.done) afterUpkeep(s, c)
}
/** The attacker does not spend Combo: the roll phases end (DT-13.27). */
export function declineCombo(s: DTState, c: Ctx) {
  endRollPhases(s, c)
}
/** Combo spent: an extra Offensive Roll Phase against the same opponent (DT-13.27). */
export function comboOffense(s: DTState, c: Ctx) {
  const t = s.atk ? s.atk.to : s.target
  startOffense(s, c)
  s.target = t
}
