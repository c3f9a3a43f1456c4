// Actions and events in words for people, in the viewer's language (messages/): printed names, seat names, dice by
// position and face, costs paid.
import type { GameEvent, LabelContext, Translate } from '../../kernel/index.ts'
import { cpMessages } from './messages/index.ts'
import type { CPMessageKey } from './messages/en.ts'
import { printed, printedName } from './cards.ts'
import type { Action } from './actions.ts'
import { abilityIn } from './pending.ts'
import { activationCost, callCost, playCost, soloCost } from './payment.ts'
import { decider } from './decisions.ts'
import { def, findSlot, findUnit } from './core.ts'
import { cardIn } from './homebrew.ts'
import { DIE_SIZES, type State } from './state.ts'

export { printed }

type T = Translate<CPMessageKey>

const seatName = (t: T, names: readonly string[], seat: number) => names[seat] ?? t('seat', { n: seat + 1 })

/** "A and B", "A, B and C" in the language's words (nothing for none). */
function list(t: T, items: string[]): string {
  if (items.length <= 1) return items[0] ?? ''
  return t('join.and', { a: items.slice(0, -1).reduce((a, b) => t('join.list', { a, b })), b: items.at(-1)! })
}

/**
 * A card's printed name in a match: a set card's (homebrew) where the match has one by that id, else the built-in
 * card's. Without the state (an event described alone), built-in names only.
 */
function printedIn(s: State | undefined, id: string): string {
  const d = s === undefined ? undefined : cardIn(s, id)
  return d === undefined ? printed(id) : printedName(d)
}

/** Card ids inside an engine text (a prompt label) become printed names. */
function humanize(s: State, text: string): string {
  return text.replace(/[a-z0-9]+(?:-[a-z0-9]+)+/g, w => (cardIn(s, w) !== undefined ? printedIn(s, w) : w))
}

/**
 * The questions the engine asks (prompt labels, written in English in the state) and their message keys; a label
 * none of them matches (a card's own words, such as its modes) is shown as it is.
 */
const QUESTIONS: [RegExp, CPMessageKey, string[]][] = [
  [/^choose a Gig to steal$/, 'ask.chooseGigToSteal', []],
  [/^choose a Gig die to roll$/, 'ask.chooseGigDie', []],
  [/^choose a Unit$/, 'ask.chooseUnit', []],
  [/^choose a Gear$/, 'ask.chooseGear', []],
  [/^ready a friendly Unit$/, 'ask.readyUnit', []],
  [/^discard a card$/, 'ask.discard', []],
  [/^trash the top card of your deck\?$/, 'ask.trashTop', []],
  [/^trash one of the top (\d+) cards$/, 'ask.trashOneOfTop', ['n']],
  [/^add a card from your trash to your hand$/, 'ask.fromTrash', []],
  [/^add a (\w+) from your trash to your hand$/, 'ask.typeFromTrash', ['type']],
  [/^adjust a Gig by up to (\d+)$/, 'ask.gig.adjust', ['n']],
  [/^increase a Gig by up to (\d+)$/, 'ask.gig.increase', ['n']],
  [/^decrease a Gig by up to (\d+)$/, 'ask.gig.decrease', ['n']],
  [/^exact a Gig by up to (\d+)$/, 'ask.gig.exact', ['n']],
  [/^swap a friendly Gig with a rival Gig$/, 'ask.swapGigs', []],
  [/^set a Gig to the value of another Gig$/, 'ask.setGig', []],
  [/^steal a Gig$/, 'ask.stealGig', []],
  [/^pay (\d+) €\$\?$/, 'ask.pay', ['n']],
  [/^look at a face-down Legend$/, 'ask.lookLegend', []],
  [/^Call a Legend for free$/, 'ask.callFree', []],
  [/^ready a face-up Legend$/, 'ask.readyLegend', []],
  [/^take a card$/, 'ask.takeCard', []],
  [/^take a (\w+) \(cost (\d+) or less\)$/, 'ask.takeCheap', ['type', 'n']],
  [/^play a (\w+) for free$/, 'ask.playFree', ['type']],
  [/^equip it to$/, 'ask.equip', []],
  [/^add the trashed Program to your hand\?$/, 'ask.takeProgram', []],
  [/^move a Gear to an unequipped Unit$/, 'ask.moveGear', []],
  [/^play a Program from your trash \(paying its cost\)$/, 'ask.programFromTrash', []],
  [/^reroll the d(\d+) showing (\d+)\?$/, 'ask.reroll', ['size', 'value']],
  [/^spend a rival Unit$/, 'ask.spendUnit', []],
  [/^choose a card type$/, 'ask.cardType', []],
  [/^draw 5\?$/, 'ask.draw5', []],
  [/^defeat a rival Unit$/, 'ask.defeatUnit', []],
  [/^discard a card costing (\d+) so that this Gig is not stolen\?$/, 'ask.prevent', ['n']],
  [/^defeat Deadman Transmitter instead$/, 'ask.deadman', []],
  [/^defeat Jackie Welles instead of ([a-z0-9-]+)\?$/, 'ask.jackie', ['card']],
]

/** Card types a question names, as message keys. */
const TYPES: Record<string, CPMessageKey> = {
  card: 'type.card',
  Unit: 'type.Unit',
  Gear: 'type.Gear',
  Program: 'type.Program',
  Legend: 'type.Legend',
}

/** Answers a prompt lists as words (not cards), as message keys. */
const ANSWERS: Record<string, CPMessageKey> = {
  trash: 'answer.trash',
  keep: 'answer.keep',
  take: 'answer.take',
  reroll: 'answer.reroll',
  draw: 'answer.draw',
  hand: 'answer.hand',
  Unit: 'answer.Unit',
  Gear: 'answer.Gear',
  Program: 'answer.Program',
}

/** A prompt label in the language: a known question translated, any other as it is (card ids as printed names). */
function question(s: State, t: T, label: string): string {
  for (const [pattern, key, names] of QUESTIONS) {
    const m = pattern.exec(label)
    if (!m) continue
    const values = Object.fromEntries(
      names.map((name, i) => {
        const v = m[i + 1]!
        return [name, name === 'type' ? t(TYPES[v] ?? 'type.card') : name === 'card' ? printedIn(s, v) : v]
      }),
    )
    return t(key, values)
  }
  return humanize(s, label)
}

class Words {
  constructor(
    private readonly s: State,
    /** the seat taking the action */
    private readonly actor: number,
    /** the seat reading the label (null = spectator) */
    private readonly viewer: number | null,
    private readonly names: readonly string[],
    private readonly t: T,
  ) {}

  seat(i: number): string {
    return seatName(this.t, this.names, i)
  }

  private name(id: string): string {
    return printedIn(this.s, id)
  }

  /** "Bob's X" for a thing the rival controls, the bare thing for the actor's own. */
  private whose(seat: number, thing: string): string {
    return seat === this.actor ? thing : this.t('owned', { who: this.seat(seat), thing })
  }

  /**
   * A card in a public place (field, face-up Legend, Gear): its printed name, with its controller when it is the rival.
   */
  card(uid: number): string {
    const id = this.s.cards[uid]
    if (id === undefined) return this.t('someCard')
    const fu = findUnit(this.s, uid)
    if (fu) return this.whose(fu[0], this.name(id))
    const fs = findSlot(this.s, uid)
    if (fs) return fs[2].faceUp ? this.whose(fs[0], this.name(id)) : this.slot(fs[0], fs[1])
    return this.sees(uid) ? this.whose(this.s.owner[uid]!, this.name(id)) : this.t('someCard')
  }

  /** Whether the viewer sees this card elsewhere: a Gear in play, the trash, removed, being played, or its own hand. */
  private sees(uid: number): boolean {
    if (this.s.limbo.includes(uid)) return true
    return this.s.players.some(
      (p, seat) =>
        p.trash.includes(uid) ||
        p.removed.includes(uid) ||
        (seat === this.viewer && p.hand.includes(uid)) ||
        p.field.some(u => u.gear.includes(uid)) ||
        p.legends.some(l => l !== null && l.faceUp && l.gear.includes(uid)),
    )
  }

  /** A Legends-area slot (1-based for people): named only when face up, or face down and looked at by the viewer. */
  slot(seat: number, slot: number): string {
    const l = this.s.players[seat]!.legends[slot]
    const n = slot + 1
    if (!l) return this.whose(seat, this.t('slot.empty', { n }))
    const id = this.s.cards[l.uid]!
    if (l.faceUp) return this.whose(seat, this.name(id))
    const known = this.viewer === seat && this.s.players[seat]!.peek.includes(l.uid)
    const named =
      seat === this.actor ? this.t('slot.faceDown.own', { n }) : this.whose(seat, this.t('slot.faceDown', { n }))
    return known ? this.t('slot.known', { slot: named, card: this.name(id) }) : named
  }

  /** A die by where it is: a Gig by its 1-based place in its Gig area and its face, a Fixer die by its size. */
  die(d: number): string {
    const size = this.s.dice[d]?.size ?? DIE_SIZES[d % DIE_SIZES.length]
    for (let seat = 0; seat < this.s.players.length; seat++) {
      const at = this.s.players[seat]!.gigs.indexOf(d)
      if (at >= 0) return this.whose(seat, this.t('die.gig', { n: at + 1, size: size!, value: this.s.dice[d]!.value }))
    }
    return this.t('die.fixer', { size: size! })
  }

  /** "3 €$: Legend X and 2 Eddies"; the Legends that pay are spent, the rest is paid with ready Eddies. */
  cost(total: number, pay: number[]): string {
    if (total === 0) return this.t('cost.free')
    const parts = pay.map(slot => this.slot(this.actor, slot))
    const eddies = total - pay.length
    if (eddies > 0) parts.push(this.t('cost.eddies', { n: eddies }))
    return this.t('cost', { total, parts: parts.reduce((a, b) => this.t('join.and', { a, b })) })
  }

  action(a: Action): string {
    const s = this.s
    const me = this.actor
    const t = this.t
    switch (a.type) {
      case 'goFirst':
        return t(a.first ? 'act.goFirst' : 'act.goSecond')
      case 'mulligan':
        return t(a.redraw ? 'act.mulligan' : 'act.keep')
      case 'pass':
        return t('act.pass')
      case 'sell':
        // shown to the rival as it is sold (CP-8.28), then a face-down Eddie nobody may look at (CR 5.8.3)
        return t('act.sell', { card: this.viewer === me ? this.name(a.card) : t('someCard') })
      case 'call':
        return t('act.call', { slot: this.slot(me, a.slot), cost: this.cost(callCost(s, me), a.pay) })
      case 'play': {
        const d = cardIn(s, a.card)
        const cost = this.cost(d ? playCost(s, me, d) : 0, a.pay)
        return a.host !== undefined
          ? t('act.playOn', { card: this.name(a.card), host: this.card(a.host), cost })
          : t('act.play', { card: this.name(a.card), cost })
      }
      case 'legend': {
        const l = s.players[me]!.legends[a.slot]
        if (!l) return t('act.legendEmpty', { n: a.slot + 1 })
        const printedCost = def(s, l.uid).cost ?? 0
        const cost = this.cost(a.solo ? soloCost(s, me, printedCost) : printedCost, a.pay)
        return t(a.solo ? 'act.legendSolo' : 'act.legendField', { slot: this.slot(me, a.slot), cost })
      }
      case 'activate': {
        const id = s.cards[a.src]
        const ab = id !== undefined && cardIn(s, id) !== undefined ? abilityIn(s, id, a.ab) : undefined
        const cost = ab?.kind === 'activated' ? activationCost(s, me, ab) : 0
        // the ability's own words are card text, as printed
        const text = ab?.kind === 'activated' ? ` — ${humanize(this.s, ab.text).replace(/["{}]/g, '')}` : ''
        return t('act.activate', { card: this.card(a.src), text, cost: this.cost(cost, a.pay) })
      }
      case 'attack':
        return a.target === 'gigs'
          ? t('act.attackGigs', { who: this.seat(1 - me), unit: this.card(a.unit) })
          : t('act.attack', { target: this.card(a.target), unit: this.card(a.unit) })
      case 'block':
        return t('act.block', { unit: this.card(a.unit) })
      case 'endReactions':
        return t('act.endReactions')
      case 'resolve': {
        const p = s.pending.find(x => x.id === a.id)
        return p ? t('act.resolve', { card: this.name(p.card) }) : t('act.resolveSome')
      }
      case 'choose':
        return this.choice(a.pick)
      case 'concede':
        return t('act.concede')
      case 'setAutoPass':
        // the switch is the seat's own: another viewer learns only that it was changed
        if (this.viewer !== me) return t('act.timing')
        return t(a.on ? 'act.autoPassOn' : 'act.autoPassOff')
    }
  }

  /** A `choose` pick, read with the open prompt: the same number is a slot, a mode, a die or a card depending on it. */
  private choice(pick: unknown): string {
    const pr = this.s.prompt
    const t = this.t
    if (!pr) return t('pick.choose')
    const me = this.actor
    const asked = question(this.s, t, pr.label)
    const head = asked.charAt(0).toUpperCase() + asked.slice(1)
    if (pick === 'none') return t('pick.no', { head })
    if (pr.kind === 'roll' && typeof pick === 'number') return t('pick.roll', { die: this.die(pick) })
    if (pr.kind === 'steal' && typeof pick === 'number') return t('pick.steal', { die: this.die(pick) })
    if (pr.kind === 'repl' && pick && typeof pick === 'object') {
      const o = pick as { jackie: number; pay: number[] }
      return t('pick.replace', { card: this.card(o.jackie), cost: this.cost(1, o.pay) })
    }
    if (pr.kind === 'prevent' && typeof pick === 'string') return t('pick.prevent', { card: this.name(pick) })
    if (typeof pick === 'number') {
      if (pr.label.startsWith('choose one: ')) {
        // the modes are the card's own words, as printed
        const modes = pr.label.slice('choose one: '.length).split(' / ')
        return t('pick.mode', {
          mode: modes[pick] !== undefined ? humanize(this.s, modes[pick]) : t('pick.option', { n: pick + 1 }),
        })
      }
      if (pr.label === 'look at a face-down Legend') return t('pick.look', { slot: this.slot(me, pick) })
      if (pr.label === 'Call a Legend for free') return t('pick.callFree', { slot: this.slot(me, pick) })
      if (pr.label === 'ready a face-up Legend') return t('pick.ready', { slot: this.slot(me, pick) })
      if (pr.label === 'steal a Gig') return t('pick.steal', { die: this.die(pick) })
      return t('pick.answer', { head, answer: this.card(pick) })
    }
    if (typeof pick === 'string') {
      const zone = /^(hand|trash|deck):(.+)$/.exec(pick)
      if (zone) {
        const from = zone[1] === 'deck' ? 'pick.fromDeck' : zone[1] === 'hand' ? 'pick.fromHand' : 'pick.fromTrash'
        return t('pick.answer', { head, answer: t(from, { card: this.name(zone[2]!) }) })
      }
      if (cardIn(this.s, pick))
        return t('pick.answer', { head, answer: this.secretPick() ? t('someCard') : this.name(pick) })
      const word = ANSWERS[pick]
      return t('pick.answer', { head, answer: word ? t(word) : pick })
    }
    if (pick && typeof pick === 'object') {
      const o = pick as Record<string, unknown>
      const num = (k: string) => o[k] as number
      if ('die' in o && 'value' in o) return t('pick.dieTo', { head, die: this.die(num('die')), value: num('value') })
      if ('friendly' in o && 'rival' in o)
        return t('pick.dieFor', { head, friendly: this.die(num('friendly')), rival: this.die(num('rival')) })
      if ('gear' in o && 'unit' in o)
        return t('pick.gearTo', { head, gear: this.card(num('gear')), unit: this.card(num('unit')) })
      if (pr.label === 'ready a face-up Legend' && 'unit' in o)
        return t('pick.readyUnit', { card: this.card(num('unit')) })
      if ('card' in o && 'pay' in o) {
        const id = o['card'] as string
        const d = cardIn(this.s, id)
        const cost = this.cost(d ? playCost(this.s, me, d) : 0, o['pay'] as number[])
        return t('pick.card', { head, card: this.name(id), cost })
      }
      // mayPay: the prompt reads `pay N €$?`
      if ('pay' in o)
        return t('pick.yes', {
          head,
          cost: this.cost(Number(/pay (\d+)/.exec(pr.label)?.[1] ?? 0), o['pay'] as number[]),
        })
    }
    return head
  }

  /**
   * A card picked among cards only the deciding seat looks at (a search, River Ward's top 2) stays unnamed for every
   * other viewer: even when the pick is revealed next (`reveal`, `trashTop` events say which), their view never shows
   * it before the choice, and a revealed card taken into the hand is not in it after.
   */
  private secretPick(): boolean {
    const pr = this.s.prompt!
    return this.viewer !== pr.seat && pr.seen !== undefined && !pr.revealed
  }
}

/** The label of `a`, taken now by the seat to decide, as `ctx.viewer` (default: that seat) reads it, in `ctx.lang`. */
export function describeAction(s: State, a: Action, ctx?: LabelContext): string {
  const decides = decider(s)
  const actor = decides >= 0 ? decides : s.active
  return new Words(s, actor, ctx ? ctx.viewer : actor, ctx?.names ?? [], cpMessages(ctx?.lang)).action(a)
}

/** How a game ended, as words after the winners' names (end reasons the engine writes), by reason. */
const GAME_OVER: Record<string, CPMessageKey> = {
  'seven-gigs': 'end.sevenGigs',
  'overtime-seven-gigs': 'end.overtimeSevenGigs',
  'deck-out': 'end.deckOut',
}

/** The engine's end reasons (`status().reason`, the match's `endReason`) as message keys. */
const END_REASONS: Record<string, CPMessageKey> = {
  'seven-gigs': 'reason.sevenGigs',
  'overtime-seven-gigs': 'reason.overtimeSevenGigs',
  'deck-out': 'reason.deckOut',
}

/** Why the match ended, in words in `ctx.lang` (the match page's end banner, `Match.endReasonText`). */
export function describeEndReason(reason: string, ctx: LabelContext): string {
  const t = cpMessages(ctx.lang)
  const key = END_REASONS[reason]
  if (key) return t(key)
  const resigned = /^Seat (\d+) resigned$/.exec(reason)
  if (resigned) return t('reason.resigned', { who: seatName(t, ctx.names, Number(resigned[1]) - 1) })
  return reason
}

/** Zones a revealed card goes to, as message keys. */
const ZONES: Record<string, CPMessageKey> = {
  hand: 'zone.hand',
  deck: 'zone.deck',
  trash: 'zone.trash',
  field: 'zone.field',
}

/** One transcript line for an event already redacted for `ctx.viewer`, in `ctx.lang`; null for bookkeeping events. */
export function describeEvent(e: GameEvent, ctx: LabelContext): string | null {
  const t = cpMessages(ctx.lang)
  const named = (id: string) => printedIn(ctx.state as State | undefined, id)
  const n = (k: string) => seatName(t, ctx.names, e[k] as number)
  const c = (k: string) => named(e[k] as string)
  const die = (k: string) => t('die.gigOf', { size: DIE_SIZES[(e[k] as number) % DIE_SIZES.length]! })
  const secret = e.secret as { card?: string } | undefined
  const seat = () => n('seat')
  switch (e.type) {
    case 'firstPlayer':
      return t('ev.firstPlayer', { seat: seat(), by: n('chosenBy') })
    case 'mulligan':
      return t('ev.mulligan', { seat: seat() })
    case 'draw':
      return secret?.card
        ? t('ev.draw', { seat: seat(), card: named(secret.card) })
        : t('ev.drawHidden', { seat: seat() })
    case 'turnStart':
      return t('ev.turnStart', { turn: e['turn'] as number, seat: seat() })
    case 'overtime':
      return t('ev.overtime')
    case 'rollGig':
      return t('ev.rollGig', { seat: seat(), size: e['size'] as number, value: e['value'] as number })
    case 'pass':
      return t('ev.pass', { seat: seat() })
    case 'sell':
      return t(e['fromDeck'] ? 'ev.sellFromDeck' : 'ev.sell', { seat: seat(), card: c('card') })
    case 'call':
      return t('ev.call', { seat: seat(), card: c('card') })
    case 'play': {
      const key = e['fromTrash']
        ? e['free']
          ? 'ev.playFromTrashFree'
          : 'ev.playFromTrash'
        : e['free']
          ? 'ev.playFree'
          : 'ev.play'
      return t(key, { seat: seat(), card: c('card') })
    }
    case 'legendToField':
      return t(e['solo'] ? 'ev.solo' : 'ev.legendToField', { seat: seat(), card: c('card') })
    case 'activate':
      return t('ev.activate', { seat: seat(), card: c('card') })
    case 'attack':
      return e['targetCard']
        ? t('ev.attack', { seat: seat(), target: c('targetCard'), card: c('card') })
        : t('ev.attackGigs', { seat: seat(), card: c('card') })
    case 'block':
      return t('ev.block', { seat: seat(), card: c('card') })
    case 'fight': {
      const [a, d] = (e['cards'] as [string, string]).map(printed)
      const [pa, pd] = e['powers'] as [number, number]
      const outcome =
        e['winner'] === null ? t('ev.fightBoth') : t('ev.fightWins', { card: e['winner'] === e['attacker'] ? a! : d! })
      return t('ev.fight', { attacker: a!, attackerPower: pa, defender: d!, defenderPower: pd, outcome })
    }
    case 'defeated':
      return t('ev.defeated', { seat: seat(), card: c('card') })
    case 'defeatReplaced':
      return t('ev.defeatReplaced', { by: c('by'), seat: seat(), card: c('card') })
    case 'steal': {
      const dice = (e['dice'] as { size: number; value: number }[]).map(d =>
        t('die.shows', { size: d.size, value: d.value }),
      )
      return t('ev.steal', { seat: seat(), card: c('card'), dice: dice.reduce((a, b) => t('join.list', { a, b })) })
    }
    case 'stealPrevented':
      return t('ev.stealPrevented', { die: die('die') })
    case 'gig':
      return t('ev.gig', { die: die('die'), from: e['from'] as number, to: e['to'] as number })
    case 'swapGigs':
      return t('ev.swapGigs', { friendly: die('friendly'), rival: die('rival') })
    case 'reroll':
      return t('ev.reroll', { seat: seat(), die: die('die'), value: e['value'] as number })
    case 'lookLegend': {
      const slot = (e['slot'] as number) + 1
      return secret?.card
        ? t('ev.lookLegendKnown', { seat: seat(), n: slot, card: named(secret.card) })
        : t('ev.lookLegend', { seat: seat(), n: slot })
    }
    case 'searchTake':
      return t('ev.searchTake', { seat: seat(), card: secret?.card ? named(secret.card) : t('someCard') })
    case 'reveal': {
      const cards = e['cards'] ? (e['cards'] as string[]).map(printed).join(', ') : c('card')
      const to = e['to'] as string | undefined
      return to
        ? t('ev.revealTo', { seat: seat(), cards, zone: ZONES[to] ? t(ZONES[to]) : to })
        : t('ev.reveal', { seat: seat(), cards })
    }
    case 'trashTop': {
      const cards = e['cards'] ? (e['cards'] as string[]).map(printed) : [c('card')]
      return cards.length ? t('ev.trashTop', { seat: seat(), cards: cards.join(', ') }) : null
    }
    case 'discard':
      return t('ev.discard', { seat: seat(), card: c('card') })
    case 'discardHand':
      return t('ev.discardHand', {
        seat: seat(),
        cards: (e['cards'] as string[]).map(printed).join(', ') || t('nothing'),
      })
    case 'fromTrash':
      return t('ev.fromTrash', { seat: seat(), card: c('card') })
    case 'returnToHand':
      return t('ev.returnToHand', { card: c('card'), seat: seat() })
    case 'bottomDeck':
      return t('ev.bottomDeck', { card: c('card'), seat: seat() })
    case 'moveGear':
      return t('ev.moveGear', { seat: seat(), card: c('card'), to: c('toCard') })
    case 'resign':
      return t('ev.resign', { seat: seat() })
    case 'autoPass': {
      const on = (e.secret as { on?: boolean } | undefined)?.on
      return t(on === undefined ? 'ev.timing' : on ? 'ev.autoPassOn' : 'ev.autoPassOff', { seat: seat() })
    }
    case 'gameOver': {
      const w = e['winners'] as number[]
      const who =
        list(
          t,
          w.map(i => seatName(t, ctx.names, i)),
        ) || t('nobody')
      const reason = e['reason'] as string
      const known = GAME_OVER[reason]
      const why = known ? t(known) : /^Seat \d+ resigned$/.test(reason) ? t('end.resigned') : t('end.other', { reason })
      return t('ev.gameOver', { who, why })
    }
    default:
      return null
  }
}
