/**
 * Applying a decision: refusals naming the rule broken, the decision itself, and the forced steps after it (with coal
 * picks replayed, Decision 6).
 */
import { illegal, RuleViolation, type GameEvent } from '../../kernel/index.ts'
import { cloneState, type CNState } from './state.ts'
import { avatarOf, cardOf, equipped, FIELD_SLOTS } from './values.ts'
import type { CNAction } from './action.ts'
import { coalAvailable, coalPayments, type Run, spendCoal, STOP, withRun } from './coal.ts'
import { drawCards, onActivate, withStepBudget } from './effects.ts'
import { pushLink, resolveChain } from './chain.ts'
import { legal, purgeTargets, isTargeted, toAct } from './options.ts'
import { advance, doPass } from './turn.ts'

function sameList(a: number[], b: number[]): boolean {
  if (a.length !== b.length) return false
  const x = a.slice().sort((m, n) => m - n)
  for (let i = 0; i < x.length; i++) if (x[i] !== b[i]) return false
  return true
}

function isListedAction(s: CNState, seat: number, a: CNAction): boolean {
  const list = legal(s, seat)
  // a client usually submits one of the listed objects itself
  if (list.includes(a)) return true
  for (const l of list) {
    if (l.type !== a.type) continue
    switch (l.type) {
      case 'recycle':
      case 'use':
      case 'pickCoal':
        if (l.card === (a as { card: number }).card) return true
        break
      case 'place':
        if (Array.isArray((a as { cards: unknown }).cards) && sameList((a as { cards: number[] }).cards, l.cards))
          return true
        break
      case 'setAutoPass':
        if (l.on === (a as { on: unknown }).on) return true
        break
      case 'activate': {
        const b = a as { card: number; turbo?: boolean; burn?: boolean; target?: number; coal?: unknown }
        if (
          l.card === b.card &&
          l.turbo === (b.turbo ?? false) &&
          l.burn === (b.burn ?? false) &&
          (l.target ?? -1) === (b.target ?? -1)
        ) {
          if (
            l.coal === undefined ? b.coal === undefined : Array.isArray(b.coal) && sameList(b.coal as number[], l.coal)
          )
            return true
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
    const names = pd.options.map(u => `${cardOf(s, u).name} (${u})`).join(', ')
    const which = pd.what === 'moveFrom' ? 'gives' : 'gets'
    if (a.type !== 'pickCoal')
      return illegal(rule, `First choose which of your tied equipped cards ${which} the coal: ${names}`)
    return illegal(rule, `Choose one of your tied equipped cards: ${names}`)
  }
  switch (a.type) {
    case 'pickCoal':
      return illegal('CN-5.3', 'There is no coal tie to break now')
    case 'setAutoPass':
      if (s.phase !== 'action')
        return illegal('CN-6.7', 'Auto-pass is set at your decisions of the Action stage, where you may pass')
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
  if (s.phase !== 'action')
    return illegal('CN-6.5', 'Cards are activated only in the Action stage; place your cards first')
  const coal = coalAvailable(s, seat)
  switch (a.type) {
    case 'activate': {
      if (!p.field.includes(a.card))
        return illegal('CN-6.7', 'You can only activate one of your armed (face-down) cards')
      const c = cardOf(s, a.card)
      if (responding && c.kind !== 'ability')
        return illegal('CN-6.8', "Only Abilities, the avatar's Unique Ability and Uses answer a chain")
      if (p.mana < c.cost) return illegal('CN-3.6', `Not enough mana: ${c.name} costs ${c.cost}`, 'INSUFFICIENT_MANA')
      if (coal < c.coalCost)
        return illegal('CN-5.4', `Not enough coal: ${c.name} costs ${c.coalCost} coal`, 'INSUFFICIENT_COAL')
      if (a.turbo && (!c.turbo || p.mana < c.cost + c.turbo.x)) return illegal('CN-3.7', 'Turbo is not possible here')
      if (a.burn && (!c.burn || coal < c.coalCost + c.burn.x)) return illegal('CN-5.5', 'Burn is not possible here')
      const n = c.coalCost + (a.burn ? c.burn!.x : 0)
      const ways = coalPayments(s, seat, n)
      if (a.coal !== undefined && ways.length <= 1)
        return illegal('CN-5.6', 'There is no choice of coal here: leave out `coal`')
      if (ways.length > 1 && !ways.some(w => Array.isArray(a.coal) && sameList(a.coal, w))) {
        return illegal(
          'CN-5.6',
          `Choose where the ${n} coal comes from (one equipped card per coal): first from your equipped cards that do not use coal`,
        )
      }
      if (isTargeted(c) && purgeTargets(s, seat).length > 0) {
        return illegal('CN-8.6', `${c.name} needs a target: one of the opponent's equipped cards`)
      }
      if (a.target !== undefined) return illegal('CN-6.7', `${c.name} takes no target here`)
      return illegal('CN-6.7', 'Malformed activation')
    }
    case 'ability': {
      const ab = avatarOf(s, seat).ability
      if (p.abilityUsed) return illegal('CN-4.4', 'The avatar ability (its Unique Ability) is once per round')
      if (p.mana < ab.cost)
        return illegal('CN-4.1', `Not enough mana: the ability costs ${ab.cost}`, 'INSUFFICIENT_MANA')
      break
    }
    case 'use': {
      const l = equipped(s, seat).find(x => x.uid === a.card)
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
  if (!toAct(state).includes(seat))
    throw new RuleViolation('NOT_YOUR_DECISION', 'CN-6.6', `Seat ${seat} has no decision to make now`)
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
function run(
  base: CNState,
  seat: number,
  action: CNAction,
  picks: number[],
  skip: number,
): { state: CNState; events: GameEvent[] } {
  const s = cloneState(base)
  const ev: GameEvent[] = []
  const r: Run = { s, picks, at: 0, tie: null }
  try {
    withStepBudget(() =>
      withRun(r, () => {
        perform(s, seat, action, ev)
        advance(s, ev)
      }),
    )
  } catch (e) {
    const t = r.tie
    if (e !== STOP || t === null) throw e
    const events = ev.length
    ev.push({
      type: 'coalTie',
      seat: t.seat,
      what: t.what,
      n: t.n,
      options: t.options,
      cards: t.options.map(u => s.cards[u]),
    })
    s.pending = {
      seat: t.seat,
      what: t.what,
      n: t.n,
      options: t.options,
      base,
      by: seat,
      action: JSON.parse(JSON.stringify(action)),
      picks,
      events,
    }
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
    return (
      again !== undefined &&
      again.seat === pd.seat &&
      again.what === pd.what &&
      again.n === pd.n &&
      again.options.join() === pd.options.join()
    )
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
      ev.push({
        type: 'placed',
        seat,
        count: action.cards.length,
        visibleTo: [seat],
        secret: { cards: action.cards.map(u => s.cards[u]) },
      })
      break
    }
    case 'activate': {
      const c = cardOf(s, action.card)
      p.mana -= c.cost + (action.turbo ? c.turbo!.x : 0) // CN-3.6, CN-3.7
      if (action.coal !== undefined) {
        // the payment the player chose (CN-5.6): one coal from each listed card
        const eq = equipped(s, seat)
        for (const u of action.coal) eq.find(l => l.uid === u)!.coal -= 1
      } else spendCoal(s, seat, c.coalCost + (action.burn ? c.burn!.x : 0)) // CN-5.4–5.6
      p.field.splice(p.field.indexOf(action.card), 1)
      const target = action.target ?? -1
      pushLink(
        s,
        {
          seat,
          kind: 'card',
          uid: action.card,
          turbo: action.turbo === true,
          burn: action.burn === true,
          negated: false,
          target,
        },
        ev,
      )
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
      const l = equipped(s, seat).find(x => x.uid === action.card)!
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
