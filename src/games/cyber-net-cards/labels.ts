/**
 * Labels for people: actions and events of Cyber Net Cards in words, with printed names and seat names, never an unseen
 * card.
 */
import type { GameEvent, LabelContext, Translate } from '../../kernel/index.ts'
import { ABILITY_ID_OF, AVATARS, CARDS } from './data.ts'
import type { CNAction } from './action.ts'
import { coalPayments } from './coal.ts'
import { toAct } from './options.ts'
import { avatarOf, cardOf, setCardName } from './values.ts'
import type { CNEvent } from './schemas.ts'
import type { CNState } from './state.ts'
import { cnMessages } from './messages/index.ts'
import type { CNMessageKey } from './messages/en.ts'

/** Printed name of every id a view or an event may carry: deck cards, avatars and their abilities. */
const NAME_OF: ReadonlyMap<string, string> = new Map([
  ...CARDS.map(c => [c.id, c.name] as const),
  ...AVATARS.map(a => [a.id, a.name] as const),
  ...AVATARS.map(a => [ABILITY_ID_OF.get(a.id)!, a.ability.name] as const),
])

type T = Translate<CNMessageKey>

const nameOf = (t: T, id: string): string => NAME_OF.get(id) ?? t('someCard')

function seatName(ctx: LabelContext, t: T, seat: number): string {
  return ctx.names[seat] ?? t('seat', { n: seat + 1 })
}

/** "A", "A and B", "A, B and C" (the last joint in the language's words). */
function list(t: T, items: string[]): string {
  return items.length <= 1
    ? (items[0] ?? '')
    : t('list.and', { head: items.slice(0, -1).join(', '), last: items[items.length - 1]! })
}

const capitalized = (text: string) => text.charAt(0).toLocaleUpperCase() + text.slice(1)

/** The seat taking `a` in `s`: found from the card it names where both seats may act (Preparation). */
export function actorOf(s: CNState, a: CNAction): number {
  if (s.pending !== undefined) return s.pending.seat
  const holding = (uid: number | undefined, zone: 'hand' | 'field') =>
    s.players.findIndex(p => uid !== undefined && p[zone].includes(uid))
  if (a.type === 'recycle' || a.type === 'place') {
    const seat = holding(a.type === 'recycle' ? a.card : a.cards[0], 'hand')
    if (seat >= 0) return seat
  }
  if (a.type === 'activate') {
    const seat = holding(a.card, 'field')
    if (seat >= 0) return seat
  }
  if (s.phase === 'action') return s.chain.length > 0 ? s.responder : s.turn
  return toAct(s)[0] ?? 0
}

/** Where coal is paid from, e.g. "2 coal from Industrial Revolution and 1 from Coal Furnace". */
function coalFrom(s: CNState, t: T, uids: number[]): string {
  const counts = new Map<number, number>()
  for (const u of uids) counts.set(u, (counts.get(u) ?? 0) + 1)
  const parts = [...counts].map(([u, n], i) =>
    t(i === 0 ? 'coalFromFirst' : 'coalFromNext', { n, card: cardOf(s, u).name }),
  )
  return list(t, parts)
}

/** The name of the top chain link (public), for "in answer to …". */
function topOfChain(s: CNState, ctx: LabelContext, t: T): string {
  const top = s.chain[s.chain.length - 1]!
  const thing = top.kind === 'ability' ? avatarOf(s, top.seat).ability.name : cardOf(s, top.uid).name
  return t('owned', { who: seatName(ctx, t, top.seat), thing })
}

function costs(t: T, mana: number, coal: string): string {
  return [t('mana', { n: mana }), coal].filter(Boolean).join(', ')
}

function activateWhat(s: CNState, seat: number, a: CNAction & { type: 'activate' }, ctx: LabelContext, t: T): string {
  const c = cardOf(s, a.card)
  const mana = c.cost + (a.turbo && c.turbo ? c.turbo.x : 0)
  const n = c.coalCost + (a.burn && c.burn ? c.burn.x : 0)
  const paid = n === 0 ? '' : coalFrom(s, t, a.coal ?? coalPayments(s, seat, n)[0] ?? [])
  const boosts = [
    a.turbo && c.turbo ? t('turbo', { n: c.turbo.x }) : '',
    a.burn && c.burn ? t('burn', { n: c.burn.x }) : '',
  ].filter(Boolean)
  // an infection sits on the opponent's avatar (CN-9.3), a target is one of the opponent's equipped cards (CN-8.6)
  let target = c.kind === 'infection' ? t('act.infection', { who: seatName(ctx, t, 1 - seat) }) : ''
  if (a.target !== undefined) {
    const host = s.players.findIndex(p => p.lasting.some(l => l.uid === a.target))
    const owner = s.players[Math.max(0, host)]!.lasting.find(l => l.uid === a.target)?.owner ?? 1 - seat
    target = t('act.target', { who: t('owned', { who: seatName(ctx, t, owner), thing: cardOf(s, a.target).name }) })
  }
  return t('act.what', {
    card: c.name,
    boosts: boosts.length > 0 ? t('act.with', { boosts: list(t, boosts) }) : '',
    target,
    costs: costs(t, mana, paid),
  })
}

function pickLabel(s: CNState, t: T, a: CNAction & { type: 'pickCoal' }): string {
  // Decision 6: the player breaks a tie for the least (or most) coal
  const card = cardOf(s, a.card).name
  const pd = s.pending
  if (pd === undefined) return t('pick.none', { card })
  if (pd.what === 'moveFrom') return t('pick.moveFrom', { card })
  if (pd.what === 'moveTo') return t('pick.moveTo', { card })
  return t('pick.put', { n: pd.n, card })
}

/**
 * The action in words for `ctx.viewer` (default: the acting seat) in `ctx.lang`: imperative for the seat itself
 * ("Recycle Data Spike"), in the third person with the seat's name for anyone else ("Ann recycles a card"). Cards in a
 * hand or placed face down are named only for their own seat (CN-3.8, CN-6.5); an activated card is shown to all by the
 * activation itself.
 */
export function describeAction(s: CNState, a: CNAction, ctx?: LabelContext): string {
  const seat = actorOf(s, a)
  const t = cnMessages(ctx?.lang)
  const c: LabelContext = { names: ctx?.names ?? [], viewer: ctx === undefined ? seat : ctx.viewer }
  const own = c.viewer === seat
  const who = seatName(c, t, seat)
  // `key` names a pair: `.own` in the imperative, `.other` in the third person with {who}
  const say = (key: string, values: Record<string, string | number> = {}) =>
    own ? capitalized(t(`${key}.own` as CNMessageKey, values)) : t(`${key}.other` as CNMessageKey, { ...values, who })
  const chained = s.chain.length > 0
  switch (a.type) {
    case 'recycle':
      return say('recycle', { card: cardOf(s, a.card).name })
    case 'place':
      return say('place', {
        cards: list(
          t,
          a.cards.map(u => cardOf(s, u).name),
        ),
        count: t('cards', { n: a.cards.length }),
      })
    case 'activate':
      return say(chained ? 'act.answer' : 'act.activate', {
        what: activateWhat(s, seat, a, c, t),
        ...(chained ? { top: topOfChain(s, c, t) } : {}),
      })
    case 'ability': {
      const av = avatarOf(s, seat)
      // the avatar's ability is its Unique Ability (Decision 3), so the label says both
      const what = t('ability.what', {
        ability: av.ability.name,
        avatar: av.name,
        cost: av.ability.cost,
        text: av.ability.text,
      })
      return chained ? say('act.answer', { top: topOfChain(s, c, t), what }) : say('ability.use', { what })
    }
    case 'use': {
      const u = cardOf(s, a.card).lasting!.use!
      const paid = t('use.paid', { costs: costs(t, u.cost, u.coal > 0 ? t('use.coalFromIt', { n: u.coal }) : '') })
      const card = cardOf(s, a.card).name
      return chained ? say('use.answer', { top: topOfChain(s, c, t), card, paid }) : say('use', { card, paid })
    }
    case 'pass':
      return say(chained ? 'pass.chain' : 'pass')
    case 'pickCoal': {
      const text = pickLabel(s, t, a)
      return own ? capitalized(text) : t('pick.other', { who, text })
    }
    case 'setAutoPass':
      return say(a.on ? 'autoPass.on' : 'autoPass.off')
  }
}

/** A stored end reason (the engine writes them in English, with "Seat N") in `ctx.lang`; an unknown one as it is. */
export function describeEndReason(reason: string, ctx: LabelContext): string {
  const t = cnMessages(ctx.lang)
  const who = (n: string) => seatName(ctx, t, Number(n) - 1)
  const fixed: Record<string, CNMessageKey> = {
    'both avatars reached 0 life (draw)': 'end.bothDead',
    'both decks empty: more life wins': 'end.decksMoreLife',
    'both decks empty with equal life (draw)': 'end.decksEqual',
  }
  if (fixed[reason]) return t(fixed[reason])
  const patterns: [RegExp, CNMessageKey][] = [
    [/^Seat (\d) resigned$/, 'end.resigned'],
    [/^Seat (\d)'s avatar reached 0 life$/, 'end.dead'],
    [/^deckout: Seat (\d) starts a round with an empty deck$/, 'end.deckout'],
  ]
  for (const [pattern, key] of patterns) {
    const m = pattern.exec(reason)
    if (m) return t(key, { who: who(m[1]!) })
  }
  return reason.replace(/Seat (\d)/g, (_m, n: string) => who(n))
}

/**
 * One line of the transcript per event, as `ctx.viewer` got it (secret parts only when they are there), in `ctx.lang`.
 */
export function describeEvent(event: GameEvent, ctx: LabelContext): string | null {
  const e = event as CNEvent
  const t = cnMessages(ctx.lang)
  const who = (seat: number) => seatName(ctx, t, seat)
  // A set card (homebrew) is named from the match's state: the event's seat's set first, whose cards its lines name.
  const seat = (event as { seat?: number }).seat
  const name = (id: string) => setCardName(ctx.state as CNState | undefined, id, seat) ?? nameOf(t, id)
  const owned = (seat: number, thing: string) => t('owned', { who: who(seat), thing })
  const kindWord = (kind: string): string | undefined =>
    kind === 'ability' ? t('kind.ability') : kind === 'use' ? t('kind.use') : undefined
  switch (e.type) {
    case 'roundStart':
      return t('ev.roundStart', { round: e.round, who: who(e.first) })
    case 'draw':
      return t('ev.draw', {
        who: who(e.seat),
        what: e.secret ? list(t, e.secret.cards.map(name)) : t('cards', { n: e.count }),
      })
    case 'recycle':
      return t('ev.recycle', { who: who(e.seat), card: e.secret ? name(e.secret.card) : t('someCard') })
    case 'placed':
      if (e.count === 0) return t('ev.placeNone', { who: who(e.seat) })
      return t(e.auto ? 'ev.placedAuto' : 'ev.placed', {
        who: who(e.seat),
        what: e.secret ? list(t, e.secret.cards.map(name)) : t('cards', { n: e.count }),
      })
    case 'actionStage':
      return t('ev.actionStage', { who: who(e.first) })
    case 'activated': {
      const what =
        e.kind === 'ability'
          ? t('ev.usesAbility', { ability: e.ability !== undefined ? name(e.ability) : t('ev.theAbility') })
          : e.kind === 'use'
            ? t('ev.usesUse', { card: name(e.card ?? '') })
            : t('ev.activates', { card: name(e.card ?? '') })
      const boosts = [e.turbo ? t('ev.turbo') : '', e.burn ? t('ev.burn') : ''].filter(Boolean)
      return t('ev.activated', {
        who: who(e.seat),
        what,
        boosts: boosts.length > 0 ? t('act.with', { boosts: list(t, boosts) }) : '',
        target: e.target !== undefined ? t('act.target', { who: name(e.target) }) : '',
        link: e.chain > 1 ? t('ev.chainLink', { n: e.chain }) : '',
      })
    }
    case 'noAnswer':
      return t('ev.noAnswer', { who: who(e.seat) })
    case 'pass':
      return t('ev.pass', { who: who(e.seat) })
    case 'autoPass':
      return t(e.on ? 'ev.autoPassOn' : 'ev.autoPassOff', { who: who(e.seat) })
    case 'noCardsLeft':
      return t('ev.noCardsLeft')
    case 'resolved': {
      const what = owned(e.seat, e.card !== undefined ? name(e.card) : kindWord(e.power ?? 'ability')!)
      return t(e.negated ? 'ev.resolvesNegated' : 'ev.resolves', { what })
    }
    case 'negated':
      return t(e.after ? 'ev.negatedAfter' : 'ev.negated', { what: owned(e.seat, kindWord(e.card) ?? name(e.card)) })
    case 'damage':
      return t('ev.damage', { who: who(e.seat), n: e.n, life: e.life })
    case 'heal':
      return t('ev.heal', { who: who(e.seat), n: e.n, life: e.life })
    case 'equipped':
      return e.host === e.seat
        ? t('ev.equips', { who: who(e.seat), card: name(e.card), rounds: t('rounds', { n: e.left }) })
        : t('ev.infects', { what: owned(e.seat, name(e.card)), host: who(e.host), rounds: t('rounds', { n: e.left }) })
    case 'renewed':
      return t('ev.renewed', { what: owned(e.seat, name(e.card)), rounds: t('rounds', { n: e.left }) })
    case 'leaves':
      return (
        t(e.why === 'expired' ? 'ev.expires' : 'ev.negatedLeaves', { what: owned(e.seat, name(e.card)) }) +
        (e.coalLost > 0 ? t('ev.coalLost', { n: e.coalLost }) : '')
      )
    case 'coal':
      return t('ev.coal', { what: owned(e.seat, name(e.card)), coal: e.coal })
    case 'coalMoved':
      return t('ev.coalMoved', { n: e.n, from: name(e.from), to: name(e.to) })
    case 'coalTie':
      return t(e.what === 'moveFrom' ? 'ev.coalTieFrom' : 'ev.coalTieTo', {
        who: who(e.seat),
        cards: list(t, e.cards.map(name)),
      })
    case 'climax':
      return t('ev.climax', {
        first: who(0),
        atk0: e.atk[0],
        def0: e.def[0],
        loss0: e.loss[0],
        life0: e.life[0],
        second: who(1),
        atk1: e.atk[1],
        def1: e.def[1],
        loss1: e.loss[1],
        life1: e.life[1],
      })
    case 'roundEnd':
      return t('ev.roundEnd', { round: e.round })
    case 'resigned':
      return t('ev.resigned', { who: who(e.seat) })
    case 'matchOver': {
      const reason = describeEndReason(e.reason, ctx)
      return e.winners.length === 0
        ? t('ev.draw.result', { reason })
        : t('ev.wins', { winners: list(t, e.winners.map(who)), reason })
    }
  }
}
