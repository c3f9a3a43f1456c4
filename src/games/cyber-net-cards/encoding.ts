// Cyber Net Cards as tensors: the observation vector of a seat's view and the fixed action space with its legal mask.
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
import { AVATARS, CARDS } from './data.ts'
import type { CNAction } from './action.ts'
import type { CNView } from './schemas.ts'
import type { CNState } from './state.ts'
import { legal } from './options.ts'

const CARD_IDS = CARDS.map(c => c.id)
const CARD_INDEX = indexOf(CARD_IDS)
const AVATAR_IDS = AVATARS.map(a => a.id)
const AVATAR_INDEX = indexOf(AVATAR_IDS)
const N = CARD_IDS.length
/**
 * Hand positions the encodings name one by one (a hand is 4 cards plus bonuses; more than this is not reached in play).
 */
export const HAND_POSITIONS = 12
/** The armed cards: at most 3 (CN-6.5). */
const FIELD_POSITIONS = 3
/** Equipped cards named one by one on each avatar. */
const EQUIPPED_POSITIONS = 16
const PHASES = ['prep', 'action', 'over'] as const
const LINK_KINDS = ['card', 'ability', 'use'] as const
const COAL_WHATS = ['coal', 'moveFrom', 'moveTo'] as const
const cardsList = `the ${N} cards of the cards query (type not avatar or unique-ability), in that order`

type Player = CNView['players'][number]
/**
 * The viewer's seat first, then the other (seat 0 first for a spectator): "me" and "rival" keep their meaning for both
 * seats.
 */
const relative = (v: CNView, k: number): Player => v.players[((v.you ?? 0) + k) % 2]!
const isMe = (v: CNView, seat: number | null) => (seat === null ? 0 : seat === (v.you ?? 0) ? 1 : 0)

function playerFeatures(k: number, who: string): ObservationFeature<CNView>[] {
  const scalars: [string, (p: Player) => number][] = [
    ['life', p => p.life],
    ['atk', p => p.atk],
    ['def', p => p.def],
    ['mana', p => p.mana],
    ['income', p => p.income],
    ['deckCount', p => p.deckCount],
    ['handCount', p => p.handCount],
    ['fieldCount', p => p.fieldCount],
    ['recycled', p => (p.recycled ? 1 : 0)],
    ['placed', p => (p.placed ? 1 : 0)],
    ['abilityUsed', p => (p.abilityUsed ? 1 : 0)],
    ['autoPass', p => (p.autoPass ? 1 : 0)],
  ]
  return [
    {
      name: `${who}.avatar`,
      length: AVATAR_IDS.length,
      description: `${who}'s avatar, one-hot over the ${AVATAR_IDS.length} avatars of the cards query`,
      write: (v, o, at) => oneHot(o, at, AVATAR_IDS.length, AVATAR_INDEX.get(relative(v, k).avatar) ?? -1),
    },
    {
      name: `${who}.stats`,
      length: scalars.length,
      description: `${who}'s numbers, raw: ${scalars.map(([n]) => n).join(', ')} (flags 0/1)`,
      write: (v, o, at) => scalars.forEach(([, f], i) => (o[at + i] = f(relative(v, k)))),
    },
    {
      name: `${who}.active`,
      length: N,
      description: `${who}'s cards activated this round, counts over ${cardsList}`,
      write: (v, o, at) => countIds(o, at, CARD_INDEX, relative(v, k).active),
    },
    {
      name: `${who}.void`,
      length: N,
      description: `${who}'s Void, counts over ${cardsList}`,
      write: (v, o, at) => countIds(o, at, CARD_INDEX, relative(v, k).void),
    },
    {
      name: `${who}.equipped`,
      length: EQUIPPED_POSITIONS * 5,
      description: `the cards equipped on ${who}'s avatar by position p < ${EQUIPPED_POSITIONS} (the order of the view), 5 values each at 5p: card index + 1 in ${cardsList} (0 = none), 1 if the viewer owns it, rounds left, coal, used`,
      write: (v, o, at) =>
        relative(v, k)
          .equipped.slice(0, EQUIPPED_POSITIONS)
          .forEach((e, p) => {
            o[at + 5 * p] = (CARD_INDEX.get(e.card) ?? -1) + 1
            o[at + 5 * p + 1] = isMe(v, e.owner)
            o[at + 5 * p + 2] = e.roundsLeft
            o[at + 5 * p + 3] = e.coal
            o[at + 5 * p + 4] = e.used ? 1 : 0
          }),
    },
  ]
}

const encoder = observationEncoder<CNView>([
  {
    name: 'phase',
    length: 3,
    description: 'prep, action, over (one-hot)',
    write: (v, o, at) => oneHot(o, at, 3, PHASES.indexOf(v.phase)),
  },
  {
    name: 'turn',
    length: 6,
    description:
      'round, passes, 1 if the viewer starts the round, 1 if it is the viewer’s turn, 1 if the viewer is the responder, 1 for a spectator',
    write: (v, o, at) => {
      o[at] = v.round
      o[at + 1] = v.passes
      o[at + 2] = isMe(v, v.first)
      o[at + 3] = isMe(v, v.turn)
      o[at + 4] = isMe(v, v.responder)
      o[at + 5] = v.you === null ? 1 : 0
    },
  },
  {
    name: 'hand',
    length: HAND_POSITIONS * N,
    description: `the viewer's hand by position k < ${HAND_POSITIONS}: one-hot over ${cardsList} at k*${N} (the positions the recycle and place actions name); zeros for a spectator`,
    write: (v, o, at) =>
      relative(v, 0)
        .hand?.slice(0, HAND_POSITIONS)
        .forEach((c, k) => oneHot(o, at + k * N, N, CARD_INDEX.get(c.card) ?? -1)),
  },
  {
    name: 'field',
    length: FIELD_POSITIONS * N,
    description: `the viewer's armed cards by position k < 3: one-hot over ${cardsList} at k*${N} (the positions the activate action names)`,
    write: (v, o, at) =>
      relative(v, 0)
        .field?.slice(0, FIELD_POSITIONS)
        .forEach((c, k) => oneHot(o, at + k * N, N, CARD_INDEX.get(c.card) ?? -1)),
  },
  ...playerFeatures(0, 'me'),
  ...playerFeatures(1, 'rival'),
  {
    name: 'chain',
    length: 2 + 2 * N + 3,
    description: `the open chain: its length, 1 if the viewer made the last link, counts of the viewer's then the rival's linked cards over ${cardsList}, counts of links by kind (card, ability, use)`,
    write: (v, o, at) => {
      o[at] = v.chain.length
      const last = v.chain[v.chain.length - 1]
      o[at + 1] = last ? isMe(v, last.seat) : 0
      for (const l of v.chain) {
        if (l.card !== null) countIds(o, at + 2 + (isMe(v, l.seat) ? 0 : N), CARD_INDEX, [l.card])
        o[at + 2 + 2 * N + LINK_KINDS.indexOf(l.kind)]! += 1
      }
    },
  },
  {
    name: 'coalTie',
    length: 6 + 16,
    description:
      'a coal tie waiting: [0] 1 if there is one, [1] 1 if the viewer breaks it, [2] n, [3..5] what (coal, moveFrom, moveTo) one-hot, [6 + k] the tied card in position k < 16 (the position pickCoal names) as its card index + 1',
    write: (v, o, at) => {
      const t = v.coalTie
      if (!t) return
      o[at] = 1
      o[at + 1] = isMe(v, t.seat)
      o[at + 2] = t.n
      oneHot(o, at + 3, 3, COAL_WHATS.indexOf(t.what))
      t.options.slice(0, 16).forEach((c, k) => (o[at + 6 + k] = (CARD_INDEX.get(c.card) ?? -1) + 1))
    },
  },
  {
    name: 'roundEffects',
    length: 4,
    description: 'ATK and DEF changes until the end of the round: the viewer’s ATK, DEF, then the rival’s',
    write: (v, o, at) => {
      for (const f of v.roundEffects) {
        const base = at + (isMe(v, f.seat) ? 0 : 2)
        o[base]! += f.atk
        o[base + 1]! += f.def
      }
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

/** Position of `uid` in `list`, or -1. */
const at = (list: readonly number[], uid: number) => list.indexOf(uid)

const codec = actionCodec<CNState, CNAction>('cyber-net-cards', legal, [
  {
    type: 'recycle',
    keys: HAND_POSITIONS,
    description: `offset k: recycle the card in hand position k (k < ${HAND_POSITIONS}, the view's hand order)`,
    key: (s, seat, a) => at(s.players[seat]!.hand, (a as { card: number }).card),
  },
  {
    type: 'place',
    keys: 1 << HAND_POSITIONS,
    description: `offset m: place the cards whose hand positions are the bits of m (bit k = hand position k < ${HAND_POSITIONS})`,
    key: (s, seat, a) =>
      (a as { cards: number[] }).cards.reduce((m, uid) => m | (1 << at(s.players[seat]!.hand, uid)), 0),
  },
  {
    type: 'activate',
    keys: FIELD_POSITIONS * 4,
    variants: 64,
    description:
      'offset 64*(4f + t + 2b) + j: activate the armed card in field position f (0..2) with Turbo t (0/1) and Burn b (0/1); j numbers the choices of target and coal payment listed for that card and variant, in the order legalActions lists them (0 when there is no choice)',
    key: (s, seat, a) => {
      const x = a as { card: number; turbo: boolean; burn: boolean }
      return 4 * at(s.players[seat]!.field, x.card) + (x.turbo ? 1 : 0) + (x.burn ? 2 : 0)
    },
  },
  { type: 'ability', keys: 1, description: "offset 0: use the avatar's ability (its Unique Ability)", key: () => 0 },
  {
    type: 'use',
    keys: 2 * EQUIPPED_POSITIONS,
    description: `offset ${EQUIPPED_POSITIONS}h + p: use the card in position p (< ${EQUIPPED_POSITIONS}) of the equipped list of your own avatar (h = 0) or the rival's (h = 1, an infection you own)`,
    key: (s, seat, a) => {
      const uid = (a as { card: number }).card
      for (let h = 0; h < 2; h++) {
        const p = s.players[(seat + h) % 2]!.lasting.findIndex(l => l.uid === uid)
        if (p >= 0) return EQUIPPED_POSITIONS * h + p
      }
      return -1
    },
  },
  { type: 'pass', keys: 1, description: 'offset 0: pass', key: () => 0 },
  {
    type: 'pickCoal',
    keys: 16,
    description: "offset k: pick the tied card in position k of the view's coalTie.options",
    key: (s, _seat, a) => at(s.pending?.options ?? [], (a as { card: number }).card),
  },
  autoPassSlice,
])

export const encoding = encodingMembers(encoder, codec)
