// Actions and events in words for people: printed names, seat names, dice by position and face, costs paid.
import type { GameEvent, LabelContext } from '../../kernel/index.ts'
import { CARDS, printed } from './cards.ts'
import type { Action } from './actions.ts'
import { abilityOf } from './pending.ts'
import { activationCost, callCost, playCost, soloCost } from './payment.ts'
import { decider } from './decisions.ts'
import { def, findSlot, findUnit } from './core.ts'
import { DIE_SIZES, type State } from './state.ts'

export { printed }

const seatName = (names: readonly string[], seat: number) => names[seat] ?? `Seat ${seat + 1}`
const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`

/** Card ids inside an engine text (a prompt label) become printed names. */
function humanize(text: string): string {
  return text.replace(/[a-z0-9]+(?:-[a-z0-9]+)+/g, w => (CARDS.has(w) ? printed(w) : w))
}

class Words {
  constructor(
    private readonly s: State,
    /** the seat taking the action */
    private readonly actor: number,
    /** the seat reading the label (null = spectator) */
    private readonly viewer: number | null,
    private readonly names: readonly string[],
  ) {}

  seat(i: number): string {
    return seatName(this.names, i)
  }

  /** "Bob's " for a card the rival controls, nothing for the actor's own. */
  private whose(seat: number): string {
    return seat === this.actor ? '' : `${this.seat(seat)}'s `
  }

  /**
   * A card in a public place (field, face-up Legend, Gear): its printed name, with its controller when it is the rival.
   */
  card(uid: number): string {
    const id = this.s.cards[uid]
    if (id === undefined) return 'a card'
    const fu = findUnit(this.s, uid)
    if (fu) return `${this.whose(fu[0])}${printed(id)}`
    const fs = findSlot(this.s, uid)
    if (fs) return fs[2].faceUp ? `${this.whose(fs[0])}${printed(id)}` : this.slot(fs[0], fs[1])
    return this.sees(uid) ? `${this.whose(this.s.owner[uid]!)}${printed(id)}` : 'a card'
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
    if (!l) return `${this.whose(seat)}empty Legend slot ${slot + 1}`
    const id = this.s.cards[l.uid]!
    if (l.faceUp) return `${this.whose(seat)}${printed(id)}`
    const known = this.viewer === seat && this.s.players[seat]!.peek.includes(l.uid)
    return `${this.whose(seat) || 'the '}face-down Legend in slot ${slot + 1}${known ? ` (${printed(id)})` : ''}`
  }

  /** A die by where it is: a Gig by its 1-based place in its Gig area and its face, a Fixer die by its size. */
  die(d: number): string {
    const size = this.s.dice[d]?.size ?? DIE_SIZES[d % DIE_SIZES.length]
    for (let seat = 0; seat < this.s.players.length; seat++) {
      const at = this.s.players[seat]!.gigs.indexOf(d)
      if (at >= 0) return `${this.whose(seat)}Gig ${at + 1} (d${size} showing ${this.s.dice[d]!.value})`
    }
    return `the d${size}`
  }

  /** "3 €$: Legend X and 2 Eddies"; the Legends that pay are spent, the rest is paid with ready Eddies. */
  cost(total: number, pay: number[]): string {
    if (total === 0) return 'free'
    const parts = pay.map(slot => this.slot(this.actor, slot))
    const eddies = total - pay.length
    if (eddies > 0) parts.push(plural(eddies, 'Eddie'))
    return `${total} €$: ${parts.join(' and ')}`
  }

  action(a: Action): string {
    const s = this.s
    const me = this.actor
    switch (a.type) {
      case 'goFirst':
        return a.first ? 'Go first' : 'Go second'
      case 'mulligan':
        return a.redraw ? 'Mulligan: shuffle the hand back and draw 6' : 'Keep the opening hand'
      case 'pass':
        return 'Pass: end the Main Phase and the turn'
      case 'sell':
        // shown to the rival as it is sold (CP-8.28), then a face-down Eddie nobody may look at (CR 5.8.3)
        return `Sell ${this.viewer === me ? printed(a.card) : 'a card'} for 1 Eddie`
      case 'call':
        return `Call ${this.slot(me, a.slot)} (${this.cost(callCost(s, me), a.pay)})`
      case 'play': {
        const d = CARDS.get(a.card)
        const cost = d ? playCost(s, me, d) : 0
        return `Play ${printed(a.card)}${a.host !== undefined ? ` on ${this.card(a.host)}` : ''} (${this.cost(cost, a.pay)})`
      }
      case 'legend': {
        const l = s.players[me]!.legends[a.slot]
        if (!l) return `Play the Legend in slot ${a.slot + 1}`
        const printedCost = def(s, l.uid).cost ?? 0
        const cost = a.solo ? soloCost(s, me, printedCost) : printedCost
        return `${a.solo ? 'GO SOLO with' : 'Play to the field'} ${this.slot(me, a.slot)} (${this.cost(cost, a.pay)})`
      }
      case 'activate': {
        const id = s.cards[a.src]
        const ab = id !== undefined && CARDS.has(id) ? abilityOf(id, a.ab) : undefined
        const cost = ab?.kind === 'activated' ? activationCost(s, me, ab) : 0
        const text = ab?.kind === 'activated' ? ` — ${humanize(ab.text).replace(/["{}]/g, '')}` : ''
        return `Activate ${this.card(a.src)}${text} (${this.cost(cost, a.pay)})`
      }
      case 'attack':
        return `Attack ${a.target === 'gigs' ? `${this.seat(1 - me)}'s Gig area` : this.card(a.target)} with ${this.card(a.unit)}`
      case 'block':
        return `Block with ${this.card(a.unit)}`
      case 'endReactions':
        return 'No more reactions: let the attack go on'
      case 'resolve': {
        const p = s.pending.find(x => x.id === a.id)
        return p ? `Resolve ${printed(p.card)}'s effect next` : 'Resolve an effect next'
      }
      case 'choose':
        return this.choice(a.pick)
      case 'concede':
        return 'Concede the game'
      case 'setAutoPass':
        // the switch is the seat's own: another viewer learns only that it was changed
        if (this.viewer !== me) return 'Change a timing setting'
        return a.on
          ? 'Auto-pass on: skip my response windows when I have no answer (the rival may read that from the timing)'
          : 'Auto-pass off: ask me at every response window'
    }
  }

  /** A `choose` pick, read with the open prompt: the same number is a slot, a mode, a die or a card depending on it. */
  private choice(pick: unknown): string {
    const pr = this.s.prompt
    if (!pr) return 'Choose'
    const me = this.actor
    const question = humanize(pr.label)
    const head = question.charAt(0).toUpperCase() + question.slice(1)
    if (pick === 'none') return `${head} → no`
    if (pr.kind === 'roll' && typeof pick === 'number') return `Roll ${this.die(pick)} into the Gig area`
    if (pr.kind === 'steal' && typeof pick === 'number') return `Steal ${this.die(pick)}`
    if (pr.kind === 'repl' && pick && typeof pick === 'object') {
      const o = pick as { jackie: number; pay: number[] }
      return `Defeat ${this.card(o.jackie)} instead (${this.cost(1, o.pay)})`
    }
    if (pr.kind === 'prevent' && typeof pick === 'string')
      return `Discard ${printed(pick)} so that the Gig is not stolen`
    if (typeof pick === 'number') {
      if (pr.label.startsWith('choose one: ')) {
        const modes = pr.label.slice('choose one: '.length).split(' / ')
        return `Choose: ${humanize(modes[pick] ?? `option ${pick + 1}`)}`
      }
      if (pr.label === 'look at a face-down Legend') return `Look at ${this.slot(me, pick)}`
      if (pr.label === 'Call a Legend for free') return `Call ${this.slot(me, pick)} for free`
      if (pr.label === 'ready a face-up Legend') return `Ready ${this.slot(me, pick)}`
      if (pr.label === 'steal a Gig') return `Steal ${this.die(pick)}`
      return `${head} → ${this.card(pick)}`
    }
    if (typeof pick === 'string') {
      const zone = /^(hand|trash|deck):(.+)$/.exec(pick)
      if (zone)
        return `${head} → ${printed(zone[2]!)} from ${zone[1] === 'deck' ? 'the top of the deck' : `the ${zone[1]}`}`
      if (CARDS.has(pick)) return `${head} → ${this.secretPick() ? 'a card' : printed(pick)}`
      return `${head} → ${pick}`
    }
    if (pick && typeof pick === 'object') {
      const o = pick as Record<string, unknown>
      const num = (k: string) => o[k] as number
      if ('die' in o && 'value' in o) return `${head} → ${this.die(num('die'))} to ${num('value')}`
      if ('friendly' in o && 'rival' in o) return `${head} → ${this.die(num('friendly'))} for ${this.die(num('rival'))}`
      if ('gear' in o && 'unit' in o) return `${head} → ${this.card(num('gear'))} to ${this.card(num('unit'))}`
      if (pr.label === 'ready a face-up Legend' && 'unit' in o) return `Ready ${this.card(num('unit'))} on the field`
      if ('card' in o && 'pay' in o) {
        const id = o['card'] as string
        const d = CARDS.get(id)
        return `${head} → ${printed(id)} (${this.cost(d ? playCost(this.s, me, d) : 0, o['pay'] as number[])})`
      }
      // mayPay: the prompt reads `pay N €$?`
      if ('pay' in o)
        return `${head} → yes (${this.cost(Number(/pay (\d+)/.exec(pr.label)?.[1] ?? 0), o['pay'] as number[])})`
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

/** The label of `a`, taken now by the seat to decide, as `ctx.viewer` (default: that seat) may read it. */
export function describeAction(s: State, a: Action, ctx?: LabelContext): string {
  const decides = decider(s)
  const actor = decides >= 0 ? decides : s.active
  return new Words(s, actor, ctx ? ctx.viewer : actor, ctx?.names ?? []).action(a)
}

const GAME_OVER: Record<string, string> = {
  'seven-gigs': 'starts a turn with 7 Gigs',
  'overtime-seven-gigs': 'has 7 Gigs in Overtime',
  'deck-out': 'wins: the rival had to draw from an empty deck',
}

/** One transcript line for an event already redacted for `ctx.viewer`; null for bookkeeping events. */
export function describeEvent(e: GameEvent, ctx: LabelContext): string | null {
  const n = (k: string) => seatName(ctx.names, e[k] as number)
  const c = (k: string) => printed(e[k] as string)
  const die = (k: string) => `the d${DIE_SIZES[(e[k] as number) % DIE_SIZES.length]} Gig`
  const secret = e.secret as { card?: string } | undefined
  switch (e.type) {
    case 'firstPlayer':
      return `${n('seat')} goes first (chosen by ${n('chosenBy')})`
    case 'mulligan':
      return `${n('seat')} takes a mulligan`
    case 'draw':
      return secret?.card ? `${n('seat')} draws ${printed(secret.card)}` : `${n('seat')} draws a card`
    case 'turnStart':
      return `Turn ${e['turn'] as number}: ${n('seat')}`
    case 'overtime':
      return 'Overtime: 7 Gigs now win at once'
    case 'rollGig':
      return `${n('seat')} rolls the d${e['size'] as number}: ${e['value'] as number}`
    case 'pass':
      return `${n('seat')} passes`
    case 'sell':
      return `${n('seat')} sells ${c('card')}${e['fromDeck'] ? ' from the top of the deck' : ''}`
    case 'call':
      return `${n('seat')} calls ${c('card')}`
    case 'play':
      return `${n('seat')} plays ${c('card')}${e['fromTrash'] ? ' from the trash' : ''}${e['free'] ? ' for free' : ''}`
    case 'legendToField':
      return e['solo'] ? `${n('seat')}'s ${c('card')} goes solo` : `${n('seat')} plays ${c('card')} to the field`
    case 'activate':
      return `${n('seat')} activates ${c('card')}`
    case 'attack':
      return `${n('seat')} attacks ${e['targetCard'] ? c('targetCard') : 'the Gig area'} with ${c('card')}`
    case 'block':
      return `${n('seat')} blocks with ${c('card')}`
    case 'fight': {
      const [a, d] = (e['cards'] as [string, string]).map(printed)
      const [pa, pd] = e['powers'] as [number, number]
      const w = e['winner'] === null ? 'both are defeated' : e['winner'] === e['attacker'] ? `${a} wins` : `${d} wins`
      return `${a} (${pa}) fights ${d} (${pd}): ${w}`
    }
    case 'defeated':
      return `${n('seat')}'s ${c('card')} is defeated`
    case 'defeatReplaced':
      return `${c('by')} is defeated instead of ${n('seat')}'s ${c('card')}`
    case 'steal': {
      const dice = (e['dice'] as { size: number; value: number }[]).map(d => `d${d.size} showing ${d.value}`)
      return `${n('seat')}'s ${c('card')} steals ${dice.join(', ')}`
    }
    case 'stealPrevented':
      return `The steal of ${die('die')} is prevented`
    case 'gig':
      return `${die('die')} goes from ${e['from'] as number} to ${e['to'] as number}`
    case 'swapGigs':
      return `${die('friendly')} and ${die('rival')} change sides`
    case 'reroll':
      return `${n('seat')} rerolls ${die('die')}: ${e['value'] as number}`
    case 'lookLegend':
      return `${n('seat')} looks at the face-down Legend in slot ${(e['slot'] as number) + 1}${secret?.card ? `: ${printed(secret.card)}` : ''}`
    case 'searchTake':
      return `${n('seat')} takes ${secret?.card ? printed(secret.card) : 'a card'} from the deck`
    case 'reveal': {
      const cards = e['cards'] ? (e['cards'] as string[]).map(printed).join(', ') : c('card')
      return `${n('seat')} reveals ${cards}${e['to'] ? ` (to the ${e['to'] as string})` : ''}`
    }
    case 'trashTop': {
      const cards = e['cards'] ? (e['cards'] as string[]).map(printed) : [c('card')]
      return cards.length ? `${n('seat')} trashes ${cards.join(', ')} from the top of the deck` : null
    }
    case 'discard':
      return `${n('seat')} discards ${c('card')}`
    case 'discardHand':
      return `${n('seat')} discards the hand: ${(e['cards'] as string[]).map(printed).join(', ') || 'nothing'}`
    case 'fromTrash':
      return `${n('seat')} takes ${c('card')} from the trash`
    case 'returnToHand':
      return `${c('card')} returns to ${n('seat')}'s hand`
    case 'bottomDeck':
      return `${c('card')} goes to the bottom of ${n('seat')}'s deck`
    case 'moveGear':
      return `${n('seat')} moves ${c('card')} to ${c('toCard')}`
    case 'resign':
      return `${n('seat')} resigns`
    case 'autoPass': {
      const on = (e.secret as { on?: boolean } | undefined)?.on
      return on === undefined
        ? `${n('seat')} changes a timing setting`
        : `${n('seat')} turns auto-pass ${on ? 'on' : 'off'}`
    }
    case 'gameOver': {
      const w = e['winners'] as number[]
      const who = w.map(i => seatName(ctx.names, i)).join(' and ') || 'Nobody'
      const reason = e['reason'] as string
      const why =
        GAME_OVER[reason] ?? (/^Seat \d+ resigned$/.test(reason) ? 'wins: the rival resigned' : `wins (${reason})`)
      return `Game over: ${who} ${why}`
    }
    default:
      return null
  }
}
