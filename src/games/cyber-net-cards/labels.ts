/** Labels for people: actions and events of Cyber Net Cards in words, with printed names and seat names, never an unseen card. */
import type { GameEvent, LabelContext } from '../../kernel/index.ts'
import { ABILITY_ID_OF, AVATARS, CARDS } from './data.ts'
import type { CNAction } from './action.ts'
import { coalPayments } from './coal.ts'
import { toAct } from './options.ts'
import { avatarOf, cardOf } from './values.ts'
import type { CNEvent } from './schemas.ts'
import type { CNState } from './state.ts'

/** Printed name of every id a view or an event may carry: deck cards, avatars and their abilities. */
const NAME_OF: ReadonlyMap<string, string> = new Map([
  ...CARDS.map((c) => [c.id, c.name] as const),
  ...AVATARS.map((a) => [a.id, a.name] as const),
  ...AVATARS.map((a) => [ABILITY_ID_OF.get(a.id)!, a.ability.name] as const),
])

const nameOf = (id: string): string => NAME_OF.get(id) ?? 'a card'

function seatName(ctx: LabelContext, seat: number): string {
  return ctx.names[seat] ?? `Seat ${seat + 1}`
}

/** "A", "A and B", "A, B and C". */
function list(items: string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`

/** The seat taking `a` in `s`: found from the card it names where both seats may act (Preparation). */
export function actorOf(s: CNState, a: CNAction): number {
  if (s.pending !== undefined) return s.pending.seat
  const holding = (uid: number | undefined, zone: 'hand' | 'field') => s.players.findIndex((p) => uid !== undefined && p[zone].includes(uid))
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
function coalFrom(s: CNState, uids: number[]): string {
  const counts = new Map<number, number>()
  for (const u of uids) counts.set(u, (counts.get(u) ?? 0) + 1)
  const parts = [...counts].map(([u, n], i) => `${i === 0 ? plural(n, 'coal', 'coal') : n} from ${cardOf(s, u).name}`)
  return list(parts)
}

/** The name of the top chain link (public), for "in answer to …". */
function topOfChain(s: CNState, ctx: LabelContext): string {
  const top = s.chain[s.chain.length - 1]!
  if (top.kind === 'ability') return `${seatName(ctx, top.seat)}'s ${avatarOf(s, top.seat).ability.name}`
  return `${seatName(ctx, top.seat)}'s ${cardOf(s, top.uid).name}`
}

function costs(mana: number, coal: string): string {
  return [`${mana} mana`, coal].filter(Boolean).join(', ')
}

function activateLabel(s: CNState, seat: number, a: CNAction & { type: 'activate' }, ctx: LabelContext): string {
  const c = cardOf(s, a.card)
  const mana = c.cost + (a.turbo && c.turbo ? c.turbo.x : 0)
  const n = c.coalCost + (a.burn && c.burn ? c.burn.x : 0)
  const paid = n === 0 ? '' : coalFrom(s, a.coal ?? coalPayments(s, seat, n)[0] ?? [])
  const boosts = [a.turbo && c.turbo ? `Turbo ${c.turbo.x}` : '', a.burn && c.burn ? `Burn ${c.burn.x}` : ''].filter(Boolean)
  // an infection sits on the opponent's avatar (CN-9.3), a target is one of the opponent's equipped cards (CN-8.6)
  let target = c.kind === 'infection' ? ` on ${seatName(ctx, 1 - seat)}` : ''
  if (a.target !== undefined) {
    const host = s.players.findIndex((p) => p.lasting.some((l) => l.uid === a.target))
    const owner = s.players[Math.max(0, host)]!.lasting.find((l) => l.uid === a.target)?.owner ?? 1 - seat
    target = ` targeting ${seatName(ctx, owner)}'s ${cardOf(s, a.target).name}`
  }
  const what = `${c.name}${boosts.length > 0 ? ` with ${list(boosts)}` : ''}${target} (${costs(mana, paid)})`
  return s.chain.length > 0 ? `answer ${topOfChain(s, ctx)} with ${what}` : `activate ${what}`
}

function pickLabel(s: CNState, a: CNAction & { type: 'pickCoal' }): string {
  // Decision 6: the player breaks a tie for the least (or most) coal
  const name = cardOf(s, a.card).name
  const pd = s.pending
  if (pd === undefined) return `pick ${name} (no coal tie is waiting)`
  if (pd.what === 'moveFrom') return `move the coal from ${name} (tied for the most coal)`
  if (pd.what === 'moveTo') return `move the coal to ${name} (tied for the least coal)`
  return `put ${plural(pd.n, 'coal', 'coal')} on ${name} (tied for the least coal)`
}

/**
 * The action in words for `ctx.viewer` (default: the acting seat): imperative for the seat itself ("Recycle Data Spike"),
 * in the third person with the seat's name for anyone else ("Ann recycles a card"). Cards in a hand or placed face down
 * are named only for their own seat (CN-3.8, CN-6.5); an activated card is shown to all by the activation itself.
 */
export function describeAction(s: CNState, a: CNAction, ctx?: LabelContext): string {
  const seat = actorOf(s, a)
  const names = ctx?.names ?? []
  const c: LabelContext = { names, viewer: ctx === undefined ? seat : ctx.viewer }
  const own = c.viewer === seat
  const who = seatName(c, seat)
  const say = (mine: string, theirs: string) => (own ? mine.charAt(0).toUpperCase() + mine.slice(1) : `${who} ${theirs}`)
  switch (a.type) {
    case 'recycle':
      return say(`recycle ${cardOf(s, a.card).name} (under the deck, draw 1)`, 'recycles a card (under the deck, draws 1)')
    case 'place':
      return say(`place ${list(a.cards.map((u) => cardOf(s, u).name))} face down`, `places ${plural(a.cards.length, 'card')} face down`)
    case 'activate': {
      const text = activateLabel(s, seat, a, c)
      return say(text, text.replace(/^answer/, 'answers').replace(/^activate/, 'activates'))
    }
    case 'ability': {
      const av = avatarOf(s, seat)
      // the avatar's ability is its Unique Ability (Decision 3), so the label says both
      const what = `${av.ability.name}, ${av.name}'s Unique Ability (${av.ability.cost} mana): ${av.ability.text}`
      return s.chain.length > 0
        ? say(`answer ${topOfChain(s, c)} with ${what}`, `answers ${topOfChain(s, c)} with ${what}`)
        : say(`use ${what}`, `uses ${what}`)
    }
    case 'use': {
      const u = cardOf(s, a.card).lasting!.use!
      const paid = `(${costs(u.cost, u.coal > 0 ? `${plural(u.coal, 'coal', 'coal')} from it` : '')})`
      const name = cardOf(s, a.card).name
      return s.chain.length > 0
        ? say(`answer ${topOfChain(s, c)} with the Use of ${name} ${paid}`, `answers ${topOfChain(s, c)} with the Use of ${name} ${paid}`)
        : say(`use ${name} ${paid}`, `uses ${name} ${paid}`)
    }
    case 'pass':
      return s.chain.length > 0 ? say(`let the chain resolve (no answer)`, 'lets the chain resolve (no answer)') : say('pass', 'passes')
    case 'pickCoal': {
      const text = pickLabel(s, a)
      return say(text, `chooses: ${text}`)
    }
    case 'setAutoPass':
      return a.on
        ? say('turn auto-pass on (you are not asked when you have no answer; the timing may show it)', 'turns auto-pass on')
        : say('turn auto-pass off (you are asked whenever you might answer)', 'turns auto-pass off')
  }
}

const KIND_WORD: Record<string, string> = { ability: 'avatar ability', use: 'Use' }

/** One line of the transcript per event, as `ctx.viewer` got it (secret parts only when they are there). */
export function describeEvent(event: GameEvent, ctx: LabelContext): string | null {
  const e = event as CNEvent
  const who = (seat: number) => seatName(ctx, seat)
  switch (e.type) {
    case 'roundStart':
      return `Round ${e.round} begins; ${who(e.first)} starts`
    case 'draw':
      return `${who(e.seat)} draws ${e.secret ? list(e.secret.cards.map(nameOf)) : plural(e.count, 'card')}`
    case 'recycle':
      return `${who(e.seat)} recycles ${e.secret ? nameOf(e.secret.card) : 'a card'}`
    case 'placed':
      if (e.count === 0) return `${who(e.seat)} has no card to place`
      return `${who(e.seat)} places ${e.secret ? list(e.secret.cards.map(nameOf)) : plural(e.count, 'card')} face down${e.auto ? ' (no choice)' : ''}`
    case 'actionStage':
      return `Action stage: ${who(e.first)} acts first`
    case 'activated': {
      const what =
        e.kind === 'ability'
          ? `uses ${e.ability !== undefined ? nameOf(e.ability) : 'the avatar ability'} (Unique Ability)`
          : e.kind === 'use'
            ? `uses the Use of ${nameOf(e.card ?? '')}`
            : `activates ${nameOf(e.card ?? '')}`
      const boosts = [e.turbo ? 'Turbo' : '', e.burn ? 'Burn' : ''].filter(Boolean)
      const target = e.target !== undefined ? ` targeting ${nameOf(e.target)}` : ''
      return `${who(e.seat)} ${what}${boosts.length > 0 ? ` with ${list(boosts)}` : ''}${target}${e.chain > 1 ? ` (chain link ${e.chain})` : ''}`
    }
    case 'noAnswer':
      return `${who(e.seat)} does not answer`
    case 'pass':
      return `${who(e.seat)} passes`
    case 'autoPass':
      return `${who(e.seat)} turns auto-pass ${e.on ? 'on' : 'off'}`
    case 'noCardsLeft':
      return 'Nobody has a card left to activate'
    case 'resolved': {
      const what = e.card !== undefined ? nameOf(e.card) : `${KIND_WORD[e.power ?? 'ability']}`
      return `${who(e.seat)}'s ${what} ${e.negated ? 'is negated: no effect' : 'resolves'}`
    }
    case 'negated':
      return `${who(e.seat)}'s ${KIND_WORD[e.card] ?? nameOf(e.card)} is negated${e.after ? ' after it resolved' : ''}`
    case 'damage':
      return `${who(e.seat)} loses ${e.n} life (${e.life} left)`
    case 'heal':
      return `${who(e.seat)} gains ${e.n} life (${e.life})`
    case 'equipped':
      return e.host === e.seat
        ? `${who(e.seat)} equips ${nameOf(e.card)} for ${plural(e.left, 'round')}`
        : `${who(e.seat)}'s ${nameOf(e.card)} infects ${who(e.host)} for ${plural(e.left, 'round')}`
    case 'renewed':
      return `${who(e.seat)}'s ${nameOf(e.card)} is renewed: ${plural(e.left, 'round')}`
    case 'leaves':
      return `${who(e.seat)}'s ${nameOf(e.card)} ${e.why === 'expired' ? 'expires' : 'is negated'} and goes to the Void${e.coalLost > 0 ? ` (${e.coalLost} coal lost)` : ''}`
    case 'coal':
      return `${who(e.seat)}'s ${nameOf(e.card)} gains coal (${e.coal} now)`
    case 'coalMoved':
      return `${plural(e.n, 'coal', 'coal')} moves from ${nameOf(e.from)} to ${nameOf(e.to)}`
    case 'coalTie':
      return `${who(e.seat)} picks which tied card ${e.what === 'moveFrom' ? 'gives' : 'gets'} the coal: ${list(e.cards.map(nameOf))}`
    case 'climax':
      return `Climax: ${who(0)} (ATK ${e.atk[0]}, DEF ${e.def[0]}) loses ${e.loss[0]} life (${e.life[0]} left), ${who(1)} (ATK ${e.atk[1]}, DEF ${e.def[1]}) loses ${e.loss[1]} (${e.life[1]} left)`
    case 'roundEnd':
      return `Round ${e.round} ends`
    case 'resigned':
      return `${who(e.seat)} resigns`
    case 'matchOver': {
      const reason = e.reason.replace(/Seat (\d)/g, (_m, n: string) => who(Number(n) - 1))
      return e.winners.length === 0 ? `Draw: ${reason}` : `${list(e.winners.map(who))} wins: ${reason}`
    }
  }
}
