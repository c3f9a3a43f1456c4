// Cyberpunk TCG as tensors: the observation vector of a seat's view and the fixed action space with its legal mask.
import {
  actionCodec,
  autoPassSlice,
  encodingMembers,
  countIds,
  indexOf,
  observationEncoder,
  oneHot,
  type ObservationFeature,
} from '../../kernel/index.ts'
import { CARDS } from './cards.ts'
import type { Action } from './actions.ts'
import { listActions } from './decisions.ts'
import type { View } from './schemas.ts'
import { DIE_SIZES, type State } from './state.ts'

const CARD_IDS = [...CARDS.keys()]
const CARD_INDEX = indexOf(CARD_IDS)
const N = CARD_IDS.length
/**
 * Units named one by one on a side of the field (the field has no printed limit; more than this is not reached in
 * play).
 */
const FIELD_POSITIONS = 12
/** Gear named one by one on a Unit or Legend. */
const GEAR_POSITIONS = 4
/** Gig dice named one by one (each player has 6 dice). */
const GIG_POSITIONS = 12
const PENDING_POSITIONS = 32
const PROMPT_POSITIONS = 64
const PHASES = ['choose', 'mull', 'start', 'main', 'end', 'over'] as const
const ATTACK_STEPS = ['trig', 'react', 'fight', 'defeat', 'steal', 'end'] as const
const PROMPT_KINDS = ['op', 'roll', 'steal', 'repl', 'prevent'] as const
const cardsList = `the ${N} cards of the cards query, in that order`
/** Card index + 1 (0: none or unknown), for positions that hold one card. */
const cardNumber = (id: string | undefined | null) => (id ? (CARD_INDEX.get(id) ?? -1) + 1 : 0)

type Player = View['players'][number]
/** The viewer's seat first, then the other (seat 0 first for a spectator). */
const relative = (v: View, k: number): Player => v.players[((v.you ?? 0) + k) % 2]!
const isMe = (v: View, seat: number | null | undefined) =>
  seat === null || seat === undefined ? 0 : seat === (v.you ?? 0) ? 1 : 0

function playerFeatures(k: number, who: string): ObservationFeature<View>[] {
  const scalars: [string, (p: Player) => number][] = [
    ['handCount', p => p.handCount],
    ['deckCount', p => p.deckCount],
    ['eddies.total', p => p.eddies.total],
    ['eddies.spent', p => p.eddies.spent],
    ['eddies.ready', p => p.eddies.ready],
    ['streetCred', p => p.streetCred ?? 0],
    ['soldThisTurn', p => (p.soldThisTurn ? 1 : 0)],
    ['calledThisTurn', p => (p.calledThisTurn ? 1 : 0)],
    ['autoPass', p => (p.autoPass ? 1 : 0)],
  ]
  return [
    {
      name: `${who}.stats`,
      length: scalars.length,
      description: `${who}'s numbers, raw: ${scalars.map(([n]) => n).join(', ')} (flags 0/1)`,
      write: (v, o, at) => scalars.forEach(([, f], i) => (o[at + i] = f(relative(v, k)))),
    },
    {
      name: `${who}.trash`,
      length: N,
      description: `${who}'s trash, counts over ${cardsList}`,
      write: (v, o, at) => countIds(o, at, CARD_INDEX, relative(v, k).trash),
    },
    {
      name: `${who}.removed`,
      length: N,
      description: `${who}'s cards removed from the game, counts over ${cardsList}`,
      write: (v, o, at) => countIds(o, at, CARD_INDEX, relative(v, k).removed),
    },
    {
      name: `${who}.legends`,
      length: 3 * (6 + GEAR_POSITIONS),
      description: `${who}'s Legends area, slot s at ${6 + GEAR_POSITIONS}s: occupied, face up, spent, card number (index + 1 in ${cardsList}; 0 face down), the card known to its owner (face down, own view), gear count, then the gear by position g < ${GEAR_POSITIONS} as card numbers`,
      write: (v, o, at) =>
        relative(v, k)
          .legends.slice(0, 3)
          .forEach((l, s) => {
            if (!l) return
            const b = at + s * (6 + GEAR_POSITIONS)
            o[b] = 1
            o[b + 1] = l.faceUp ? 1 : 0
            o[b + 2] = l.spent ? 1 : 0
            if (l.faceUp) {
              o[b + 3] = cardNumber(l.card)
              o[b + 5] = l.gear.length
              l.gear.slice(0, GEAR_POSITIONS).forEach((g, i) => (o[b + 6 + i] = cardNumber(g.card)))
            } else o[b + 4] = cardNumber(l.known)
          }),
    },
    {
      name: `${who}.field`,
      length: FIELD_POSITIONS * (5 + GEAR_POSITIONS),
      description: `${who}'s Units by field position u < ${FIELD_POSITIONS} at ${5 + GEAR_POSITIONS}u: card number (index + 1 in ${cardsList}), spent, lag, power, gear count, then the gear by position as card numbers`,
      write: (v, o, at) =>
        relative(v, k)
          .field.slice(0, FIELD_POSITIONS)
          .forEach((u, i) => {
            const b = at + i * (5 + GEAR_POSITIONS)
            o[b] = cardNumber(u.card)
            o[b + 1] = u.spent ? 1 : 0
            o[b + 2] = u.lag ? 1 : 0
            o[b + 3] = u.power
            o[b + 4] = u.gear.length
            u.gear.slice(0, GEAR_POSITIONS).forEach((g, j) => (o[b + 5 + j] = cardNumber(g.card)))
          }),
    },
    {
      name: `${who}.dice`,
      length: 2 * DIE_SIZES.length + 2 * GIG_POSITIONS,
      description: `${who}'s dice: Fixer-area dice counted by size (${DIE_SIZES.join(', ')}), Gig dice counted by size, then each Gig by position g < ${GIG_POSITIONS} as size and face value`,
      write: (v, o, at) => {
        const p = relative(v, k)
        for (const d of p.fixer) oneHotAdd(o, at, DIE_SIZES.indexOf(d.size))
        for (const d of p.gigs) oneHotAdd(o, at + DIE_SIZES.length, DIE_SIZES.indexOf(d.size))
        p.gigs.slice(0, GIG_POSITIONS).forEach((d, g) => {
          o[at + 2 * DIE_SIZES.length + 2 * g] = d.size
          o[at + 2 * DIE_SIZES.length + 2 * g + 1] = d.value
        })
      },
    },
  ]
}

function oneHotAdd(o: Float32Array, at: number, k: number): void {
  if (k >= 0) o[at + k]! += 1
}

/** Field position of `uid` on either side (the attacker or target of an attack), or -1. */
function fieldPosition(p: Player, uid: number): number {
  return p.field.findIndex(u => u.uid === uid)
}

const encoder = observationEncoder<View>([
  {
    name: 'phase',
    length: PHASES.length,
    description: `${PHASES.join(', ')} (one-hot)`,
    write: (v, o, at) => oneHot(o, at, PHASES.length, PHASES.indexOf(v.phase)),
  },
  {
    name: 'turn',
    length: 5,
    description:
      'turn number, 1 if the viewer is the active seat, 1 if the viewer went first, overtime, 1 for a spectator',
    write: (v, o, at) => {
      o[at] = v.turn
      o[at + 1] = isMe(v, v.activeSeat)
      o[at + 2] = isMe(v, v.firstSeat)
      o[at + 3] = v.overtime ? 1 : 0
      o[at + 4] = v.you === null ? 1 : 0
    },
  },
  {
    name: 'hand',
    length: N,
    description: `the viewer's hand, counts over ${cardsList} (play and sell name these cards); zeros for a spectator`,
    write: (v, o, at) => countIds(o, at, CARD_INDEX, relative(v, 0).hand ?? []),
  },
  ...playerFeatures(0, 'me'),
  ...playerFeatures(1, 'rival'),
  {
    name: 'limbo',
    length: N,
    description: `cards being played, counts over ${cardsList}`,
    write: (v, o, at) => countIds(o, at, CARD_INDEX, v.limbo),
  },
  {
    name: 'attack',
    length: 4 + ATTACK_STEPS.length,
    description: `the attack: present, 1 if the viewer attacks, the attacker's field position, the defending Unit's field position (-1: the Gig area), then the step (${ATTACK_STEPS.join(', ')}) one-hot`,
    write: (v, o, at) => {
      const a = v.attack
      if (!a) return
      const attacker = v.players[a.seat]!
      o[at] = 1
      o[at + 1] = isMe(v, a.seat)
      o[at + 2] = fieldPosition(attacker, a.attacker)
      o[at + 3] = a.target === 'gigs' ? -1 : fieldPosition(v.players[1 - a.seat]!, a.target)
      oneHot(o, at + 4, ATTACK_STEPS.length, ATTACK_STEPS.indexOf(a.step))
    },
  },
  {
    name: 'pending',
    length: 2 * PENDING_POSITIONS,
    description: `the pending effects by position k < ${PENDING_POSITIONS} (the positions resolve names), two values each at 2k: card number (index + 1 in ${cardsList}), 1 if the viewer's`,
    write: (v, o, at) =>
      v.pending.slice(0, PENDING_POSITIONS).forEach((p, i) => {
        o[at + 2 * i] = cardNumber(p.card)
        o[at + 2 * i + 1] = isMe(v, p.seat)
      }),
  },
  {
    name: 'prompt',
    length: 2 + PROMPT_KINDS.length + 1 + 3 * PROMPT_POSITIONS,
    description: `an open choice: present, 1 if the viewer is asked, its kind (${PROMPT_KINDS.join(', ')}) one-hot, the number of cards it shows (seen), then for the asked seat each option by position k < ${PROMPT_POSITIONS} (the positions choose names) as three values: 1, the card number of an option naming a card (else 0), the option's value when it is a number (else 0)`,
    write: (v, o, at) => {
      const p = v.prompt
      if (!p) return
      o[at] = 1
      o[at + 1] = isMe(v, p.seat)
      oneHot(o, at + 2, PROMPT_KINDS.length, PROMPT_KINDS.indexOf(p.kind))
      o[at + 2 + PROMPT_KINDS.length] = p.seen?.length ?? 0
      const b = at + 3 + PROMPT_KINDS.length
      ;(p.options ?? []).slice(0, PROMPT_POSITIONS).forEach((x, i) => {
        o[b + 3 * i] = 1
        if (typeof x === 'string') o[b + 3 * i + 1] = cardNumber(x.replace(/^hand:/, ''))
        if (typeof x === 'number') o[b + 3 * i + 2] = x
      })
    },
  },
  {
    name: 'outcome',
    length: 3,
    description: 'once over: 1 if the viewer won, 1 if the rival won, 1 for a draw',
    write: (v, o, at) => {
      if (v.winners === null) return
      if (v.winners.length === 0) o[at + 2] = 1
      for (const w of v.winners) o[at + (isMe(v, w) ? 0 : 1)] = 1
    },
  },
])

/** The Legends-area slots paying a cost, as a bitmask (bit s = slot s). */
const payMask = (pay: number[]) => pay.reduce((m, s) => m | (1 << s), 0)

/** Where a card of `seat` sits that can host Gear or activate: Legends-area slot 0..2, or 3 + its field position. */
function hostKey(s: State, seat: number, uid: number): number {
  const p = s.players[seat]!
  const slot = p.legends.findIndex(l => l?.uid === uid)
  if (slot >= 0) return slot
  const u = p.field.findIndex(x => x.uid === uid)
  return u >= 0 && u < FIELD_POSITIONS ? 3 + u : -1
}
const HOSTS = 3 + FIELD_POSITIONS

/** An activation's source: host key × (0: the card itself, 1 + g: its Gear in position g). */
function sourceKey(s: State, seat: number, src: number): number {
  const own = hostKey(s, seat, src)
  if (own >= 0) return own * (1 + GEAR_POSITIONS)
  const p = s.players[seat]!
  const hosts = [
    ...p.legends.map(l => (l ? { u: l.uid, gear: l.gear } : null)),
    ...p.field.map(x => ({ u: x.uid, gear: x.gear })),
  ]
  for (const h of hosts) {
    const g = h?.gear.indexOf(src) ?? -1
    if (h && g >= 0 && g < GEAR_POSITIONS) return hostKey(s, seat, h.u) * (1 + GEAR_POSITIONS) + 1 + g
  }
  return -1
}

const codec = actionCodec<State, Action>('cyberpunk-tcg', listActions, [
  {
    type: 'goFirst',
    keys: 2,
    description: 'offset 1: go first; offset 0: go second',
    key: (_s, _seat, a) => ((a as { first: boolean }).first ? 1 : 0),
  },
  {
    type: 'mulligan',
    keys: 2,
    description: 'offset 1: redraw; offset 0: keep',
    key: (_s, _seat, a) => ((a as { redraw: boolean }).redraw ? 1 : 0),
  },
  { type: 'pass', keys: 1, description: 'offset 0: pass (end the Main Phase)', key: () => 0 },
  {
    type: 'sell',
    keys: N,
    description: `offset c: sell a card of id c (index in ${cardsList})`,
    key: (_s, _seat, a) => CARD_INDEX.get((a as { card: string }).card) ?? -1,
  },
  {
    type: 'call',
    keys: 3 * 8,
    description:
      'offset 8s + m: Call the face-down Legend in slot s, paying with the Legends-area slots of bitmask m (bit i = slot i) and Eddies for the rest',
    key: (_s, _seat, a) => 8 * (a as { slot: number }).slot + payMask((a as { pay: number[] }).pay),
  },
  {
    type: 'play',
    keys: N * 8 * (1 + HOSTS),
    description: `offset (8c + m) * ${1 + HOSTS} + h: play a card of id c (index in ${cardsList}) from hand, paying with the Legends-area slots of bitmask m; h = 0 without a host, 1 + s for Gear on the Legend in slot s, 4 + u for Gear on the Unit in field position u (< ${FIELD_POSITIONS})`,
    key: (s, seat, a) => {
      const x = a as { card: string; pay: number[]; host?: number }
      const c = CARD_INDEX.get(x.card) ?? -1
      const h = x.host === undefined ? 0 : 1 + hostKey(s, seat, x.host)
      if (c < 0 || (x.host !== undefined && h === 0)) return -1
      return (8 * c + payMask(x.pay)) * (1 + HOSTS) + h
    },
  },
  {
    type: 'legend',
    keys: 3 * 2 * 8,
    description:
      'offset 16s + 8g + m: play the face-up Legend in slot s to the field (g = 1: GO SOLO), paying with the Legends-area slots of bitmask m',
    key: (_s, _seat, a) => {
      const x = a as { slot: number; solo: boolean; pay: number[] }
      return 16 * x.slot + (x.solo ? 8 : 0) + payMask(x.pay)
    },
  },
  {
    type: 'activate',
    keys: HOSTS * (1 + GEAR_POSITIONS) * 2 * 8,
    description: `offset ((${1 + GEAR_POSITIONS}h + g) * 2 + b) * 8 + m: activate ability b (0/1, the card's ability order) of the card at host h (Legends-area slot 0..2, or 3 + field position u < ${FIELD_POSITIONS}) itself (g = 0) or of its Gear in position g - 1 (< ${GEAR_POSITIONS}), paying with the Legends-area slots of bitmask m`,
    key: (s, seat, a) => {
      const x = a as { src: number; ab: number; pay: number[] }
      const k = sourceKey(s, seat, x.src)
      return k < 0 || x.ab > 1 ? -1 : (k * 2 + x.ab) * 8 + payMask(x.pay)
    },
  },
  {
    type: 'attack',
    keys: FIELD_POSITIONS * (FIELD_POSITIONS + 1),
    description: `offset ${FIELD_POSITIONS + 1}u + t: attack with your Unit in field position u (< ${FIELD_POSITIONS}) the rival's Unit in field position t (< ${FIELD_POSITIONS}), or the Gig area (t = ${FIELD_POSITIONS})`,
    key: (s, seat, a) => {
      const x = a as { unit: number; target: number | 'gigs' }
      const u = s.players[seat]!.field.findIndex(f => f.uid === x.unit)
      const t = x.target === 'gigs' ? FIELD_POSITIONS : s.players[1 - seat]!.field.findIndex(f => f.uid === x.target)
      return u < 0 || u >= FIELD_POSITIONS || t < 0 ? -1 : (FIELD_POSITIONS + 1) * u + t
    },
  },
  {
    type: 'block',
    keys: FIELD_POSITIONS,
    description: `offset u: block with your Unit in field position u (< ${FIELD_POSITIONS})`,
    key: (s, seat, a) => s.players[seat]!.field.findIndex(f => f.uid === (a as { unit: number }).unit),
  },
  { type: 'endReactions', keys: 1, description: 'offset 0: no (more) reactions', key: () => 0 },
  {
    type: 'resolve',
    keys: PENDING_POSITIONS,
    description: `offset k: resolve the pending effect in position k (< ${PENDING_POSITIONS}) of the view's pending list`,
    key: (s, _seat, a) => s.pending.findIndex(p => p.id === (a as { id: number }).id),
  },
  {
    type: 'choose',
    keys: PROMPT_POSITIONS,
    description: `offset k: pick the option in position k (< ${PROMPT_POSITIONS}) of the open prompt's options (as the asked seat's view lists them)`,
    key: (s, _seat, a) => s.prompt?.options.indexOf((a as { pick: unknown }).pick) ?? -1,
  },
  {
    type: 'concede',
    keys: 1,
    description: 'offset 0: concede (listed only when the match options list it)',
    key: () => 0,
  },
  autoPassSlice,
])

export const encoding = encodingMembers(encoder, codec)
