// Legal actions by step: rolls, selections, defences, choices, responses and who is asked (DT-2.4, DT-3.4,
// DT-4.3-DT-4.5, DT-6.3, DT-6.7, DT-10.2-DT-10.6, DT-11.1, DT-13.20, DT-14.4, DT-GAP-2, DT-GAP-11).
import { ILLUSION_CARDS } from './data.ts'
import { HAND_LIMIT, type DTAction, type DTState, type Player, type Step, type Window } from './state.ts'
import { opponents, teammate } from './players.ts'
import { COMPILED, selectActions, variantAt } from './dice.ts'
import { actor } from './actor.ts'
import { asOthersSee } from './seen.ts'
import { SUBSETS, sellAct, subsetsOf, type Ctxt } from './action-table.ts'
import { cardActions, mjolnirActions, spendActions } from './card-actions.ts'

const PASS: DTAction = Object.freeze({ type: 'pass' })
const NO_ATTACK: DTAction = Object.freeze({ type: 'noAttack' })
const AUTO_ON: DTAction = Object.freeze({ type: 'setAutoPass', on: true })
const AUTO_OFF: DTAction = Object.freeze({ type: 'setAutoPass', on: false })
const END: DTAction = Object.freeze({ type: 'end' })
const ROLL_ACTIONS: DTAction[][] = SUBSETS.map(l => l.map(dice => Object.freeze({ type: 'roll', dice }) as DTAction))
const PERMS: readonly (readonly string[])[] = [
  ['all', 'half', 'none'],
  ['all', 'none', 'half'],
  ['half', 'all', 'none'],
  ['half', 'none', 'all'],
  ['none', 'all', 'half'],
  ['none', 'half', 'all'],
].map(o => Object.freeze(o))
/** SINGLE_ROLLS[lock + 1]: the one-die roll actions (shared with ROLL_ACTIONS). */
const SINGLE_ROLLS: DTAction[][] = ROLL_ACTIONS.map(l => l.filter(a => a.type === 'roll' && a.dice.length === 1))
const STEPS_ACTIONS: DTAction[] = [0, 1, 2, 3, 4, 5, 6].map(
  count => Object.freeze({ type: 'steps', count }) as DTAction,
)
/** Loki arranges the face-down cards (DT-13.20) and may suggest a slot to the attacker (DT-13.21). */
const ARRANGE_ACTIONS: DTAction[] = []
for (const o of PERMS) {
  ARRANGE_ACTIONS.push(Object.freeze({ type: 'arrange', order: o as string[] }) as DTAction)
  for (let k = 0; k < 3; k++)
    ARRANGE_ACTIONS.push(Object.freeze({ type: 'arrange', order: o as string[], suggest: k }) as DTAction)
}
void ILLUSION_CARDS

export const cache: { s: DTState | null; seat: number; list: DTAction[] } = { s: null, seat: -1, list: [] }
/** Legal actions, remembering the last answer so apply can validate without recomputing. */
export function legal(s: DTState, seat: number): DTAction[] {
  if (cache.s === s && cache.seat === seat) return cache.list.slice()
  const list = legalRaw(s, seat)
  cache.s = s
  cache.seat = seat
  cache.list = list
  return list.slice()
}
const FIELDS = [
  'card',
  'die',
  'value',
  'target',
  'status',
  'from',
  'take',
  'ability',
  'variant',
  'seat',
  'defence',
  'slot',
  'discard',
  'suggest',
  'count',
  'on',
] as const
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
  if (s.win) {
    // a seat may be asked without a real answer (`asked`): passing is always possible; auto-pass may be
    // turned on here (it is turned off in the seat's own Main Phase, so random play cannot flip it forever)
    const rs = responses(s, seat)
    rs.push(PASS)
    if (!pl.auto) rs.push(AUTO_ON)
    return rs
  }
  switch (s.step) {
    case 'main1':
    case 'main2':
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
/** What can be played in a window of this kind (`card` windows: see `responses`). */
function windowCtx(kind: Window['kind']): Ctxt {
  return kind === 'tgt' || kind === 'rollEnd' ? 'pre' : kind === 'defStart' ? 'def' : kind === 'card' ? 'phase' : kind
}
/** What can be played at a step where a card was played outside a window. */
function stepCtx(step: Step): Ctxt {
  return step === 'rolling' ? 'rolling' : step === 'modify' || step === 'defChoose' ? 'def' : 'phase'
}
/** Responses a seat may make in an open window (no `pass`). */
export function responses(s: DTState, seat: number): DTAction[] {
  const out: DTAction[] = []
  const w = s.win
  if (!w) return out
  const atk = s.atk
  // Ultimate: from activation to the end of the roll phase opponents can do nothing (DT-10.3).
  if (w.kind !== 'pre' && atk && atk.ultimate && seat !== atk.by && !teammate(s, seat, atk.by)) return out
  // a Main Phase card waiting to resolve is answered like the end of a Main Phase: Instants and status spends
  // the targeting die is read after activation: against an Ultimate only the attacker's side may change it (DT-10.3)
  if (
    w.kind === 'tgt' &&
    s.sel &&
    !teammate(s, seat, s.active) &&
    variantAt(s.p[s.active]!, s.sel.ability, s.sel.variant)?.dmg?.type === 'ultimate'
  )
    return out
  // a card waiting to resolve is answered in the context it interrupted, only with Instants and status spends (DT-4.5)
  const held = w.kind === 'card' ? s.held : null
  const ctx: Ctxt = held
    ? held.resumeAt.window
      ? windowCtx(held.resumeAt.window.kind)
      : stepCtx(held.resumeAt.step)
    : windowCtx(w.kind)
  cardActions(s, seat, ctx, out, held !== null)
  spendActions(s, seat, ctx, out)
  mjolnirActions(s, seat, out, true)
  if (w.kind === 'def' && s.roll && s.roll.owner === seat && s.roll.left > 0)
    for (const d of subsetsOf(s.roll.dice.length)) out.push({ type: 'roll', dice: d })
  return out
}
/**
 * Whether a window asks `seat`: only by what its opponents can see (its CP, statuses, dice, the cards it may
 * hold because they are not in its discard pile or in play), never by which cards it holds, so being asked
 * tells nothing about a hand; asked without a real answer, it can only pass. A seat that chose auto-pass is
 * asked only when it has a real answer (it accepted that timing may show it).
 */
export function asked(s: DTState, seat: number): boolean {
  const pl = s.p[seat]!
  if (pl.out) return false
  if (pl.auto) return responses(s, seat).length > 0
  return responses(asOthersSee(s, seat), seat).length > 0
}
export function modifyOptions(s: DTState, seat: number): DTAction[] {
  const out: DTAction[] = []
  const atk = s.atk
  if (!atk || seat !== atk.by) return out
  const pl = s.p[seat]!
  // no limit per attack in the source (DT-13.15): another token may be spent while the attack is still defendable
  if (atk.damageType === 'normal' && (pl.st['guard-break'] ?? 0) > 0) out.push({ type: 'spend', status: 'guard-break' })
  spendActions(s, seat, 'modify', out)
  cardActions(s, seat, 'modify', out)
  return out
}
export function defChooseOptions(s: DTState): DTAction[] {
  const atk = s.atk!
  const out: DTAction[] = []
  const dp = s.p[atk.to]!
  if (atk.ultimate) return out
  const canDefend = atk.damageType === 'normal' || (atk.damageType === 'undefendable' && atk.invisibility)
  if (canDefend) for (const x of COMPILED[dp.hero]!.defendActs) out.push(x)
  if (atk.damageType === 'undefendable' && !atk.invisibility && (dp.st['invisibility'] ?? 0) > 0)
    out.push({ type: 'spend', status: 'invisibility' })
  if (!atk.illusion && (dp.st['illusion'] ?? 0) > 0 && atk.damageType !== 'collateral')
    out.push({ type: 'spend', status: 'illusion' })
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
      return [
        { type: 'pick', slot: 0 },
        { type: 'pick', slot: 1 },
        { type: 'pick', slot: 2 },
      ]
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
