// Dice Throne actions and events in words for people (in ctx.lang): printed names, seat names, dice by 1-based position
// and face.
import type { GameEvent, LabelContext, Translate } from '../../kernel/index.ts'
import { CARDS, HEROES, STATUSES } from './data.ts'
import { actor } from './actor.ts'
import { upgradeCost } from './card-actions.ts'
import { cardOf, setCardName } from './card-set.ts'
import { variantsOf } from './dice.ts'
import type { DTAction, DTState } from './state.ts'
import type { DTEvent } from './events.ts'
import { dtMessages } from './messages/index.ts'
import type { DTMessageKey } from './messages/en.ts'

type T = Translate<DTMessageKey>

const seatName = (ctx: LabelContext, t: T, seat: number) => ctx.names[seat] ?? t('seat', { n: seat + 1 })
const cardName = (t: T, id: string) => CARDS[id]?.name ?? t('someCard')
const statusName = (t: T, id: string) => STATUSES[id]?.name ?? t('someStatus')

/** "1", "1 and 2", "1, 2 and 4" (the last joint in the language's words). */
function list(t: T, items: (string | number)[]): string {
  if (items.length <= 1) return items.join('')
  return t('list.and', { head: items.slice(0, -1).join(', '), last: items.at(-1)! })
}
/** Dice by 1-based position with the faces they show: "die 1 (showing 3)", "dice 2 and 4 (showing 5 and 1)". */
function dice(t: T, positions: readonly number[], faces: readonly number[] | undefined): string {
  const named = t(positions.length === 1 ? 'die' : 'dice', {
    positions: list(
      t,
      positions.map(p => p + 1),
    ),
  })
  const shown = faces ? positions.map(p => faces[p]).filter(f => f !== undefined) : []
  return shown.length === positions.length ? t('showing', { dice: named, faces: list(t, shown as number[]) }) : named
}
const cost = (t: T, n: number) => (n === 0 ? t('free') : t('cp', { n }))

/** Printed names of abilities and defences by id, from every hero (ids are unique across heroes). */
const ABILITY_NAMES = new Map<string, string>()
const DEFENCE_NAMES = new Map<string, string>()
for (const h of Object.values(HEROES)) {
  for (const a of h.abilities) ABILITY_NAMES.set(a.id, a.name)
  for (const d of h.defences) DEFENCE_NAMES.set(d.id, d.name)
}

function describePlay(s: DTState, a: Extract<DTAction, { type: 'play' }>, ctx: LabelContext, t: T): string {
  const seat = actor(s)
  const card = seat >= 0 ? cardOf(s, seat, a.card) : CARDS[a.card]
  const pl = seat >= 0 ? s.p[seat] : undefined
  const price = card && pl ? (card.timing === 'upgrade' ? upgradeCost(s, seat, a.card) : card.cost) : 0
  const head = t('play.head', { card: card?.name ?? t('someCard'), cost: cost(t, price) })
  const faces = s.roll?.dice
  const owned = (text: string) =>
    s.roll && s.roll.owner !== seat ? t('owned', { who: seatName(ctx, t, s.roll.owner), thing: text }) : text
  const who = (target: number) => (target === seat ? t('yourself') : seatName(ctx, t, target))
  if (a.dice) return t('play.reroll', { head, dice: owned(dice(t, a.dice, faces)) })
  if (a.die !== undefined) {
    const die = owned(dice(t, [a.die], faces))
    if (a.value !== undefined) return t('play.set', { head, die, value: a.value })
    const to = card?.choose && 'die' in card.choose ? card.choose.to : undefined
    return typeof to === 'number' ? t('play.set', { head, die, value: to }) : t('play.reroll', { head, dice: die })
  }
  if (a.from !== undefined && a.status && a.target !== undefined)
    return t('play.move', { head, status: statusName(t, a.status), from: who(a.from), to: who(a.target) })
  if (a.status && a.target !== undefined)
    return t('play.remove', { head, status: statusName(t, a.status), who: who(a.target) })
  if (a.target !== undefined) {
    for (const op of card?.ops ?? []) {
      if (op.op === 'removeStatus' && op.all) return t('play.clear', { head, who: who(a.target) })
      if (op.op === 'prevent') return t('play.prevent', { head, n: op.n, who: who(a.target) })
      if (op.op === 'preventAll') return t('play.invulnerable', { head, who: who(a.target) })
    }
    return t('play.on', { head, who: who(a.target) })
  }
  return head
}

/** The pass's words by the step it passes in. */
const PASS_BY_STEP: Readonly<Record<string, DTMessageKey>> = {
  combo: 'pass.combo',
  defChoose: 'pass.defChoose',
  upkeep: 'pass.upkeep',
  income: 'pass.income',
  main1End: 'pass.main',
  main2End: 'pass.main',
  discardEnd: 'pass.discard',
  rollEnd: 'pass.rollEnd',
  defStart: 'pass.defStart',
  def: 'pass.def',
  then: 'pass.then',
  inc: 'pass.inc',
}

function describePass(s: DTState, t: T): string {
  switch (s.choice?.kind) {
    case 'setDie':
      return t('pass.setDie')
    case 'odinReroll':
      return t('pass.odinReroll')
    case 'reroll1':
      return t('pass.reroll1')
  }
  if (s.win?.kind === 'card' && s.held) {
    const a = s.held.a
    if (a.type === 'roll') return t('pass.rollAttempt')
    if (a.type === 'defend') return t('pass.defenceRoll')
    const name = (id: string) => cardOf(s, s.held!.seat, id)?.name ?? t('someCard')
    if (a.type === 'sell') return t('pass.sale', { card: name(a.card) })
    if (a.type === 'mjolnir') return t(a.target === undefined ? 'pass.mjolnirRetrieval' : 'pass.mjolnirThrow')
    return t('pass.card', { card: name(a.card) })
  }
  if (s.step === 'pre') return t(s.win?.kind === 'tgt' ? 'pass.targeting' : 'pass.activate')
  const key = PASS_BY_STEP[s.step]
  return t(key ?? 'pass')
}

/**
 * A label for `a` taken in `s` by the seat to act, in `ctx.lang`. The only card an action can keep hidden is the order
 * of Loki's face-down Illusion cards (DT-13.20): only the seat that lays them reads it. Every other card named
 * is played, sold or discarded face up by that very action.
 */
export function describeAction(s: DTState, a: DTAction, ctx?: LabelContext): string {
  const seat = actor(s)
  const c: LabelContext = ctx ?? { names: [], viewer: seat }
  const t = dtMessages(c.lang)
  const who = (target: number) => seatName(c, t, target)
  switch (a.type) {
    case 'end':
      return t(s.step === 'main1' ? 'end.main1' : s.step === 'discard' ? 'end.discard' : 'end.main2')
    case 'pass':
      return describePass(s, t)
    case 'noAttack':
      return t('noAttack')
    case 'done':
      return t('done')
    case 'sell':
      return t('sell', { card: cardOf(s, seat, a.card)?.name ?? t('someCard') })
    case 'play':
      return describePlay(s, a, c, t)
    case 'spend': {
      const head = t('spend', { status: statusName(t, a.status) })
      if (a.die !== undefined)
        return t('spend.set', { head, die: dice(t, [a.die], s.roll?.dice), value: a.value ?? '' })
      if (a.take && a.from !== undefined)
        return t('spend.take', { head, status: statusName(t, a.take), who: who(a.from) })
      return head
    }
    case 'mjolnir':
      return a.target !== undefined
        ? t('mjolnir.throw', { card: cardOf(s, seat, a.discard)?.name ?? t('someCard'), who: who(a.target) })
        : t('mjolnir.retrieve', { card: cardOf(s, seat, a.discard)?.name ?? t('someCard') })
    case 'roll':
      if (s.choice?.kind === 'odinReroll') return t('roll.odin', { dice: dice(t, a.dice, s.choice.dice) })
      return t('roll', { dice: dice(t, a.dice, s.roll?.dice) })
    case 'select': {
      const pl = s.p[s.active]
      const v = pl ? variantsOf(pl, a.ability)[a.variant] : undefined
      return v
        ? t('select', { name: v.name, text: v.text })
        : t('select.unknown', { name: ABILITY_NAMES.get(a.ability) ?? t('someAbility') })
    }
    case 'target':
      return s.choice?.kind === 'botTarget' ? t('target.bag', { who: who(a.seat) }) : t('target', { who: who(a.seat) })
    case 'defend': {
      const pl = s.atk ? s.p[s.atk.to] : undefined
      const d = pl ? HEROES[pl.hero]!.defences.find(x => x.id === a.defence) : undefined
      const lv = d && pl ? d.levels[Math.min(pl.lv[d.id] ?? 1, d.levels.length) - 1] : undefined
      const name = d?.name ?? t('someDefence')
      return lv ? t('defend.dice', { name, n: lv.dice }) : t('defend', { name })
    }
    case 'setDie':
      return t('setDie', { die: dice(t, [a.die], s.roll?.dice), value: a.value })
    case 'arrange': {
      // the face-down order is known only to the seat laying the cards (DT-13.20); the suggestion is said aloud
      // (DT-13.21)
      const order =
        c.viewer === seat
          ? t('arrange.order', { order: a.order.map(x => x[0]!.toUpperCase() + x.slice(1)).join(', ') })
          : ''
      return t('arrange', { order, suggest: a.suggest !== undefined ? t('arrange.suggest', { n: a.suggest + 1 }) : '' })
    }
    case 'pick':
      return t('pick', { n: a.slot + 1 })
    case 'steps':
      return a.count === 0 ? t('steps.none') : t('steps', { n: a.count })
    case 'setAutoPass':
      return t(a.on ? 'autoPass.on' : 'autoPass.off')
  }
}

const ROLLS_FOR: Record<string, string> = {
  odinforce: 'Odinforce',
  'chain-lightning': 'Chain Lightning',
  'spider-reflexes': 'Spider-Reflexes',
  'guard-break': 'Guard Break',
  'indomitable-will': 'Indomitable Will!',
  'vegas-baby': 'Vegas Baby!',
  booyah: 'Booyah!',
}
/** A damage type in words (the printed kinds: normal, undefendable, pure, collateral, ultimate). */
const kindOf = (t: T, kind: string) =>
  ['normal', 'undefendable', 'pure', 'collateral', 'ultimate'].includes(kind) ? t(`kind.${kind}` as DTMessageKey) : kind

/**
 * What an `hp` or `die` event's cause reads as: a card, a status, or a kind of damage (`short`: without the word
 * "damage").
 */
function cause(t: T, why: string, short = false, setCard?: (id: string) => string | undefined): string {
  const homebrew = setCard?.(why)
  if (homebrew !== undefined) return homebrew
  if (CARDS[why]) return CARDS[why]!.name
  if (STATUSES[why]) return STATUSES[why]!.name
  if (why === 'mjolnir') return 'Mjölnir'
  if (why === 'counter') return t(short ? 'cause.counter.short' : 'cause.counter')
  if (why.startsWith('isolated-'))
    return t(short ? 'cause.isolated.short' : 'cause.isolated', { kind: kindOf(t, why.slice('isolated-'.length)) })
  return short ? kindOf(t, why) : t('cause.damage', { kind: kindOf(t, why) })
}
const ILLUSION_WORDS: Record<string, DTMessageKey> = {
  all: 'illusion.all',
  half: 'illusion.half',
  none: 'illusion.none',
}
const PHASES = new Set(['main1', 'offensive-roll', 'targeting-roll', 'defensive-roll', 'main2', 'discard'])

/**
 * One transcript line for an event already redacted for `ctx.viewer`, in `ctx.lang`; null for bookkeeping not worth a
 * line.
 */
export function describeEvent(event: GameEvent, ctx: LabelContext): string | null {
  const e = event as DTEvent
  const t = dtMessages(ctx.lang)
  const who = (seat: number) => seatName(ctx, t, seat)
  // A set card (homebrew) is named from the match's state: the event's seat's set first.
  const state = ctx.state as DTState | undefined
  const setCard = (id: string) => setCardName(state, id, (event as { seat?: number }).seat)
  const card = (id: string) => setCard(id) ?? cardName(t, id)
  switch (e.type) {
    case 'turn':
      return t('ev.turn', { turn: e.turn, who: who(e.seat) })
    case 'phase':
      if (e.phase === 'income') return null
      if (e.phase === 'income-skipped') return t('ev.incomeSkipped', { who: who(e.seat) })
      return t('ev.phase', {
        who: who(e.seat),
        phase: PHASES.has(e.phase) ? t(`phase.${e.phase}` as DTMessageKey) : e.phase,
      })
    case 'cp':
      if (e.delta === 0) return null
      return t(e.delta > 0 ? 'ev.cpGain' : 'ev.cpLose', { who: who(e.seat), n: Math.abs(e.delta), cp: e.cp })
    case 'reshuffle':
      return t('ev.reshuffle', { who: who(e.seat) })
    case 'draw':
      if (e.secret)
        return e.secret.cards.length
          ? t('ev.drawsCards', { who: who(e.seat), cards: list(t, e.secret.cards.map(card)) })
          : t('ev.drawNone', { who: who(e.seat) })
      return t('ev.drawCount', { who: who(e.seat), n: e.count })
    case 'hp':
      if (e.delta === 0) return null
      return e.delta > 0
        ? t('ev.heal', { who: who(e.seat), n: e.delta, hp: e.hp })
        : t('ev.hurt', { who: who(e.seat), n: -e.delta, cause: cause(t, e.why, false, setCard), hp: e.hp })
    case 'status':
      return t(e.delta > 0 ? 'ev.statusGain' : 'ev.statusLose', {
        who: who(e.seat),
        n: Math.abs(e.delta),
        status: statusName(t, e.status),
        count: e.count,
      })
    case 'incoming':
      return t('ev.incoming', { amount: e.amount, kind: kindOf(t, e.damageType), to: who(e.to), by: who(e.by) })
    case 'isolatedDamage':
      return t('ev.isolated', { amount: e.amount, kind: kindOf(t, e.damageType), by: who(e.by), to: who(e.to) })
    case 'mjolnir':
      if (e.action === 'throw')
        return t('ev.throw', { who: who(e.seat), target: e.to !== undefined ? who(e.to) : t('anOpponent') })
      if (e.action === 'retrieve') return t('ev.retrieve', { who: who(e.seat) })
      return t('ev.returns', { who: who(e.seat) })
    case 'mjolnirSteps':
      return t('ev.steps', { who: who(e.seat), n: e.count, max: e.max })
    case 'bagOfTricks':
      return t('ev.bag', { who: who(e.seat), die: e.die })
    case 'realityWarp':
      return t('ev.warp', { who: who(e.seat), die: e.die })
    case 'roll': {
      const faces = list(t, e.dice)
      if (e.for) return t('ev.rollFor', { who: who(e.seat), faces, what: ROLLS_FOR[e.for] ?? t('anEffect') })
      if (e.rerolled) return t('ev.reroll', { who: who(e.seat), dice: dice(t, e.rerolled, undefined), faces })
      return t('ev.roll', { who: who(e.seat), faces })
    }
    case 'die':
      return t('ev.die', { who: who(e.owner), n: e.die + 1, value: e.value, cause: cause(t, e.why, true, setCard) })
    case 'select':
      return null
    case 'noAttack':
      return t('ev.noAttack', { who: who(e.seat) })
    case 'targetingRoll':
      return t('ev.targetingRoll', { who: who(e.seat), die: e.die })
    case 'target':
      return t('ev.target', { who: who(e.seat), target: who(e.target) })
    case 'leaderBonus':
      return t('ev.leader', { who: who(e.seat), target: who(e.target) })
    case 'ability':
      return e.target >= 0 && e.target !== e.seat
        ? t('ev.abilityAgainst', { who: who(e.seat), name: e.name, target: who(e.target) })
        : t('ev.ability', { who: who(e.seat), name: e.name })
    case 'attack':
      return t('ev.attack', { by: who(e.by), to: who(e.to), n: e.damage, kind: kindOf(t, e.damageType) })
    case 'collateral':
      return t('ev.collateral', { by: who(e.by), to: who(e.to), n: e.damage })
    case 'defend':
      return t('ev.defend', {
        who: who(e.seat),
        name: DEFENCE_NAMES.get(e.defence) ?? t('someDefence'),
        faces: list(t, e.dice),
      })
    case 'damage':
      return e.counter > 0
        ? t('ev.damageCounter', { to: who(e.to), n: e.amount, by: who(e.by), counter: e.counter })
        : t('ev.damage', { to: who(e.to), n: e.amount, by: who(e.by) })
    case 'spend':
      return t('ev.spend', { who: who(e.seat), status: statusName(t, e.status) })
    case 'play':
      return t('ev.play', { who: who(e.seat), card: card(e.card), cost: cost(t, e.cost) })
    case 'sell':
      return t('ev.sell', { who: who(e.seat), card: card(e.card) })
    case 'discard':
      return t('ev.discard', { who: who(e.seat), card: card(e.card) })
    case 'illusionArranged':
      return t('ev.arranged', {
        who: who(e.seat),
        order: e.secret ? `: ${e.secret.order.join(', ')}` : '',
        suggest: e.suggest !== undefined ? t('ev.arranged.suggest', { n: e.suggest + 1 }) : '',
      })
    case 'illusionPicked':
      return t('ev.picked', {
        who: who(e.seat),
        n: e.slot + 1,
        outcome: ILLUSION_WORDS[e.card] ? t(ILLUSION_WORDS[e.card]!) : e.card,
      })
    case 'autoPass':
      return t(e.on ? 'ev.autoPassOn' : 'ev.autoPassOff', { who: who(e.seat) })
    case 'defeated':
      return t('ev.defeated', { who: who(e.seat) })
    case 'resign':
      return e.eliminated.length > 1
        ? t('ev.resignTeam', { who: who(e.seat), team: list(t, e.eliminated.map(who)) })
        : t('ev.resign', { who: who(e.seat) })
    case 'gameOver':
      return e.winners.length
        ? t('ev.wins', { winners: list(t, e.winners.map(who)), n: e.winners.length })
        : t('ev.drawAll')
  }
  return null
}

/** Why the match ended, in words in `ctx.lang` (the match page's end banner, `Match.endReasonText`). */
export function describeEndReason(reason: string, ctx: LabelContext): string {
  const t = dtMessages(ctx.lang)
  if (reason === 'last-standing') return t('reason.lastStanding')
  if (reason === 'draw') return t('reason.draw')
  const resigned = /^Seat (\d+) resigned$/.exec(reason)
  if (resigned) return t('reason.resigned', { who: seatName(ctx, t, Number(resigned[1]) - 1) })
  return reason
}
