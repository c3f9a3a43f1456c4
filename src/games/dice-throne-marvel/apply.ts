// Applying an action: why it is illegal, the apply and resign entry points, each action and choice (DT-2.4, DT-3.5,
// DT-4.2, DT-4.9, DT-4.13, DT-5.5, DT-6.7, DT-8.13, DT-10.3, DT-13.8, DT-13.14).
import { RuleViolation, illegal, type GameEvent } from '../../kernel/index.ts'
import { STATUSES } from './data.ts'
import { cardOf } from './card-set.ts'
import type { DTAction, DTState } from './state.ts'
import { clone, LazyCtx, type Ctx } from './context.ts'
import { levelOf, removeAt, teammate, toDiscard } from './players.ts'
import { doSpend } from './spend.ts'
import { reopenIfChanged, setDie, variantAt } from './dice.ts'
import { mjStep, withStepBudget } from './effects.ts'
import { checkDeaths } from './deaths.ts'
import { chooseDefence, fxIso, leaderBonus, readOdinforce, resolveActivation, resumeFx, ROLL_STEPS } from './attack.ts'
import { actor } from './actor.ts'
import { advance, afterModify, comboOffense, declineCombo, finishBagOfTricks } from './flow.ts'
import { afterResponse, holdAction, openWindow } from './windows.ts'
import { cache, legal, sameAct } from './legal.ts'
import { upgradeCost } from './card-actions.ts'
import { playCard } from './cards.ts'

export function whyIllegal(s: DTState, seat: number, a: DTAction): RuleViolation {
  const pl = s.p[seat]!
  const step = s.step
  switch (a.type) {
    case 'sell':
      if (!pl.hand.includes(a.card)) return illegal('DT-3.5', 'that card is not in your hand')
      return illegal('DT-2.4', 'cards are sold only in your Main Phases or Discard Phase')
    case 'play': {
      const card = cardOf(s, seat, a.card)
      if (!card || !pl.hand.includes(a.card)) return illegal('DT-5.1', 'that card is not in your hand')
      if (card.timing === 'main' && step !== 'main1' && step !== 'main2')
        return illegal('DT-4.2', 'Main Phase Actions are played only in your Main Phases')
      if (card.timing === 'upgrade' && step !== 'main1' && step !== 'main2')
        return illegal('DT-4.9', 'Hero Upgrades are played only in your Main Phases')
      if (card.timing === 'roll' && !ROLL_STEPS.has(step))
        return illegal('DT-4.3', 'Roll Phase Actions are played only during a roll phase')
      if (
        card.timing === 'upgrade' &&
        card.upgrade &&
        card.upgrade.kind !== 'passive' &&
        levelOf(pl, card.upgrade.target) >= card.upgrade.level
      )
        return illegal('DT-4.13', 'that ability is already at this level or higher')
      const cost = card.timing === 'upgrade' ? upgradeCost(s, seat, a.card) : card.cost
      if (pl.cp < cost)
        return new RuleViolation('ILLEGAL_ACTION', 'DT-2.2', `not enough CP (${cost} needed)`, 'INSUFFICIENT_FUNDS')
      if (card.choose && 'move' in card.choose && typeof a.status === 'string' && STATUSES[a.status]?.unique)
        return illegal('DT-8.13', 'a unique status cannot be transferred')
      return illegal('DT-5.1', 'this card cannot be played like that now')
    }
    case 'steps':
      return illegal('DT-13.14', 'choose from 0 up to the printed number of Mjölnir steps, when an ability offers them')
    case 'roll':
      if (s.choice && s.choice.kind === 'odinReroll')
        return illegal('DT-5.5', 'Odinforce II rerolls some of its own 5 dice, once')
      if (s.choice && s.choice.kind === 'reroll1')
        return illegal('DT-5.1', 'Try, Try Again! rerolls one more die (the same or another), or pass')
      if (s.roll && s.roll.kind === 'def') return illegal('DT-14.2', 'the defender gets one roll attempt')
      return illegal('DT-GAP-2', 'no roll attempt left or bad dice')
    case 'select':
      return illegal('DT-GAP-2', 'the dice do not meet that ability')
    case 'defend':
      if (s.atk && !s.atk.ultimate && s.atk.damageType !== 'normal')
        return illegal('DT-6.7', 'this damage cannot be defended')
      if (s.atk && s.atk.ultimate) return illegal('DT-10.3', 'an Ultimate cannot be answered')
      return illegal('DT-14.4', 'no such defence')
    case 'spend': {
      const def = STATUSES[a.status]
      if (a.status === 'electrokinesis')
        return illegal('DT-13.16', '4 Electrokinesis draw 1 card, once per turn, in your Main Phase')
      if (a.status === 'guard-break')
        return illegal(
          'DT-13.15',
          'Guard Break is spent after activating an attack while its damage is normal (defendable)',
        )
      if (
        a.status === 'conjure' &&
        typeof a.take === 'string' &&
        (!STATUSES[a.take] || STATUSES[a.take]!.unique || STATUSES[a.take]!.polarity !== 'positive')
      ) {
        return illegal('DT-13.8', "Conjure takes one of an opponent's positive, non-unique status tokens")
      }
      if (def && !(pl.st[a.status]! > 0)) return illegal('DT-8.8', 'you have no such status token')
      return illegal('DT-8.9', 'that status cannot be spent now')
    }
    case 'mjolnir':
      return illegal('DT-13.12', 'Mjölnir cannot be moved like that now')
    case 'setAutoPass':
      return illegal('DT-11.1', 'auto-pass is turned on when you are asked in a window, and off in your own Main Phase')
    case 'end':
      if (step === 'discard') return illegal('DT-3.4', 'sell down to 6 cards first')
      return illegal('DT-1.2', 'not a phase you can end now')
    default:
      return illegal('DT-1.2', 'that action is not available now')
  }
}

/** An Ultimate has been activated and its roll phase is not over: opponents can do nothing (DT-10.3). */
function ultimateUnderway(s: DTState): boolean {
  const u = s.atk
  if (u)
    return u.ultimate && (s.step === 'modify' || s.step === 'defStart' || s.step === 'defChoose' || s.step === 'def')
  // between activation and damage: the ultimate's own choices (For Asgard!'s Mjölnir steps)
  if (s.choice && s.sel && s.step === 'pre' && !s.win)
    return variantAt(s.p[s.active]!, s.sel.ability, s.sel.variant)?.dmg?.type === 'ultimate'
  return false
}
export function applyAction(s0: DTState, seat: number, a: DTAction): { state: DTState; events: GameEvent[] } {
  if (s0.done) throw new RuleViolation('MATCH_FINISHED', 'DT-GAP-1', 'the match is finished')
  if (a === null || typeof a !== 'object' || typeof (a as { type?: unknown }).type !== 'string')
    throw illegal('DT-1.2', 'an action is an object with a type')
  if (actor(s0) !== seat) {
    if (seat >= 0 && seat < s0.n && ultimateUnderway(s0) && !teammate(s0, seat, s0.active)) {
      throw new RuleViolation('NOT_YOUR_DECISION', 'DT-10.3', 'opponents cannot act against an activated Ultimate')
    }
    throw new RuleViolation('NOT_YOUR_DECISION', 'DT-11.1', 'it is not your decision')
  }
  const list = cache.s === s0 && cache.seat === seat ? cache.list : legal(s0, seat)
  let found: DTAction | undefined
  const at = list.indexOf(a)
  if (at >= 0) found = list[at]
  else
    for (const x of list)
      if (sameAct(x, a)) {
        found = x
        break
      }
  if (!found) throw whyIllegal(s0, seat, a)
  const s = clone(s0)
  const c = new LazyCtx(s0.rng)
  // a card's effects are counted: one that does not end is stopped (RULES_LOOP) and the state is left as it was
  withStepBudget(() => {
    doAction(s, seat, found, c)
    advance(s, c)
  })
  if (c.used()) s.rng = c.r.state()
  return { state: s, events: c.ev }
}

/**
 * `seat` gives up, whoever is to act (the sources are silent: DT-GAP-1). Its health pool goes out of the game:
 * in 2v2 teammates share one dial (DT-15.1), so the team loses together; in free-for-all only that seat is out
 * and play goes on in turn order (DT-11.4), as after a defeat (its turn, choices and windows are skipped, an
 * attack on it ends, Mjölnir held by it is recalled); when one pool is left standing, it wins.
 */
export function resignSeat(s0: DTState, seat: number): { state: DTState; events: GameEvent[] } {
  if (s0.done) throw new RuleViolation('MATCH_FINISHED', 'DT-GAP-1', 'the match is finished')
  if (!Number.isInteger(seat) || seat < 0 || seat >= s0.n) throw illegal('DT-1.1', 'no such seat')
  if (s0.p[seat]!.out) throw illegal('DT-GAP-1', 'that player is already out of the game')
  const s = clone(s0)
  const c = new LazyCtx(s0.rng)
  const eliminated: number[] = []
  for (let i = 0; i < s.n; i++) if (!s.p[i]!.out && s.pool[i] === s.pool[seat]) eliminated.push(i)
  for (const i of eliminated) s.p[i]!.out = true
  c.ev.push({ type: 'resign', seat, eliminated })
  const ch = s.choice
  // a choice of a seat that is out, or Illusion cards laid for a defender who is out, is dropped
  if (ch && (s.p[ch.seat]!.out || (ch.kind === 'pick' && s.atk && s.p[s.atk.to]!.out))) {
    s.choice = null
    s.ill = null
    s.sug = -1
  }
  checkDeaths(s, c)
  if (s.done) {
    s.reason = `Seat ${seat + 1} resigned`
    for (const e of c.ev) if (e.type === 'gameOver') e['reason'] = s.reason
  } else advance(s, c)
  if (c.used()) s.rng = c.r.state()
  return { state: s, events: c.ev }
}

function doAction(s: DTState, seat: number, a: DTAction, c: Ctx) {
  const pl = s.p[seat]!
  if (s.choice) {
    doChoice(s, seat, a, c)
    return
  }
  switch (a.type) {
    case 'end': {
      // the other players may still play Instants and spend statuses before the phase changes (DT-4.4, DT-8.9);
      // the turn player, who has just ended the phase, is asked again only after someone answers (DT-11.1)
      openWindow(s, 'phase', true)
      return
    }
    case 'sell':
      // a sale is not an Instant: the card leaves the hand, the others may answer before the CP is gained (DT-11.3)
      pl.hand = removeAt(pl.hand, pl.hand.indexOf(a.card))
      toDiscard(pl, a.card)
      c.ev.push({ type: 'sell', seat, card: a.card })
      holdAction(s, seat, a)
      return
    case 'roll':
      // a roll attempt (offensive, or a defence's extra one) is not an Instant: the attempt is spent, the others may
      // answer before the dice land (DT-11.3)
      s.roll!.left--
      holdAction(s, seat, a)
      return
    case 'select': {
      s.sel = { ability: a.ability, variant: a.variant }
      c.ev.push({ type: 'select', seat, ability: a.ability, variant: a.variant })
      openWindow(s, 'pre', true)
      return
    }
    case 'noAttack':
      c.ev.push({ type: 'noAttack', seat })
      // Roll Phase cards and Instants may still be played by anyone before the phase ends (DT-4.3, DT-4.4): a
      // teammate's One More Time! gives the attacker another attempt
      openWindow(s, 'rollEnd', true)
      return
    case 'target':
      s.target = a.seat
      c.ev.push({ type: 'target', seat, target: a.seat })
      leaderBonus(s, c)
      resolveActivation(s, c)
      return
    case 'done':
      afterModify(s, c)
      return
    case 'pass':
      // an open window first: it may interrupt a step (the defence chosen in `defChoose` waits in a `card` window)
      if (s.win) s.win.index++
      else if (s.step === 'combo') declineCombo(s, c)
      else if (s.step === 'defChoose') openWindow(s, 'def')
      return
    case 'defend':
      chooseDefence(s, a)
      return
    case 'setAutoPass':
      pl.auto = a.on
      c.ev.push({ type: 'autoPass', seat, on: a.on })
      return
    case 'mjolnir':
      // discarding for Mjölnir is not an Instant: the card is paid, the others may answer before Mjölnir moves
      // (DT-11.3)
      pl.hand = removeAt(pl.hand, pl.hand.indexOf(a.discard))
      toDiscard(pl, a.discard)
      c.ev.push({ type: 'discard', seat, card: a.discard })
      holdAction(s, seat, a)
      return
    case 'spend':
      doSpend(s, seat, a, c)
      if (a.status === 'combo') comboOffense(s, c)
      afterResponse(s, c)
      return
    case 'play':
      playCard(s, seat, a, c)
      // a card that is not an Instant waits in the window it has just opened (DT-11.3), asked from there; an Instant
      // has answered the window or step it was played in
      if (cardOf(s, seat, a.card)!.timing === 'instant') afterResponse(s, c)
      return
  }
}

function doChoice(s: DTState, seat: number, a: DTAction, c: Ctx) {
  const ch = s.choice!
  s.choice = null
  switch (ch.kind) {
    case 'setDie':
      if (a.type === 'setDie') setDie(s, a.die, a.value, c, 'twice-as-wild')
      reopenIfChanged(s, c)
      return
    case 'arrange':
      if (a.type === 'arrange') {
        s.ill = a.order.slice()
        s.sug = a.suggest ?? -1
        c.ev.push({
          type: 'illusionArranged',
          seat,
          ...(a.suggest !== undefined ? { suggest: a.suggest } : {}),
          visibleTo: [seat],
          secret: { order: a.order.slice() },
        })
        s.choice = { kind: 'pick', seat: s.atk!.by }
      }
      return
    case 'pick':
      if (a.type === 'pick') {
        const got = s.ill![a.slot]!
        s.atk!.illusion = got
        c.ev.push({ type: 'illusionPicked', seat, slot: a.slot, card: got })
        s.ill = null
        s.sug = -1
      }
      return
    case 'botTarget':
      if (a.type === 'target') {
        ch.dmg.push(a.seat)
        if (ch.dmg.length < ch.left) {
          s.choice = ch
          return
        }
        finishBagOfTricks(s, ch.heal, ch.cp, ch.dmg, c)
      }
      return
    // a reroll that follows a first roll is held for answers like a roll attempt (DT-11.3)
    case 'odinReroll':
      if (a.type === 'roll') holdAction(s, seat, a, ch.dice)
      else readOdinforce(s, seat, ch.dice, null, c)
      return
    case 'reroll1':
      if (a.type === 'roll' && s.roll) holdAction(s, seat, a)
      else reopenIfChanged(s, c)
      return
    case 'mjSteps':
      if (a.type === 'steps') {
        c.ev.push({ type: 'mjolnirSteps', seat, count: a.count, max: ch.max })
        c.iso = fxIso(s)
        for (let k = 0; k < a.count; k++) mjStep(s, seat, s.target, c)
        c.iso = false
      }
      checkDeaths(s, c)
      resumeFx(s, c)
      return
  }
}
