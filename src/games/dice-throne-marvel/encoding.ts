// Marvel Dice Throne as tensors: the observation vector of a seat's view and the fixed action space with its legal mask
// (one size for 2 to 4 seats).
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
import { CARDS, DAMAGE_TYPES, HEROES, HERO_IDS, ILLUSION_CARDS, STATUSES } from './data.ts'
import { legal } from './legal.ts'
import { MAX_ADDED_CARDS } from './deck.ts'
import type { DTAction, DTState } from './state.ts'
import { STEPS, type DTView } from './view.ts'

const CARD_IDS = Object.keys(CARDS)
const CARD_INDEX = indexOf(CARD_IDS)
const NC = CARD_IDS.length
const STATUS_IDS = Object.keys(STATUSES)
const STATUS_INDEX = indexOf(STATUS_IDS)
const NS = STATUS_IDS.length
/**
 * Every hero's abilities, then every hero's defences (ids, heroes in HERO_IDS order): what `levels`, `select` and
 * `defend` name.
 */
const ABILITY_IDS = [...new Set(HERO_IDS.flatMap(h => HEROES[h]!.abilities.map(a => a.id)))]
const DEFENCE_IDS = [...new Set(HERO_IDS.flatMap(h => HEROES[h]!.defences.map(d => d.id)))]
const ABILITY_INDEX = indexOf(ABILITY_IDS)
const DEFENCE_INDEX = indexOf(DEFENCE_IDS)
const LEVEL_IDS = [...ABILITY_IDS, ...DEFENCE_IDS.filter(d => !ABILITY_INDEX.has(d))]
const LEVEL_INDEX = indexOf(LEVEL_IDS)
const MAX_SEATS = 4
const DICE = 5
const MODES = ['1v1', '2v2', 'free-for-all'] as const
const WINDOWS = ['pre', 'rollEnd', 'defStart', 'def', 'then', 'inc', 'phase', 'card', 'tgt'] as const
const CHOICES = ['setDie', 'arrange', 'pick', 'botTarget', 'odinReroll', 'mjSteps', 'reroll1'] as const
const PERMUTATIONS = [
  'all,half,none',
  'all,none,half',
  'half,all,none',
  'half,none,all',
  'none,all,half',
  'none,half,all',
]
const cardsList = `the ${NC} cards of the cards query (type not hero), in that order`
const statusList = `the ${NS} statuses (${STATUS_IDS.join(', ')})`
/** Index + 1 in a list (0: none). */
const number = (index: ReadonlyMap<string, number>, id: string | null | undefined) =>
  id ? (index.get(id) ?? -1) + 1 : 0

type Player = DTView['players'][number]
/** Seats relative to the viewer: 0 is the viewer (seat 0 for a spectator), 1 the next seat in turn order, and so on. */
const relativeSeat = (v: DTView, seat: number) => (seat - (v.seat ?? 0) + v.players.length) % v.players.length
const relative = (v: DTView, k: number): Player | undefined =>
  k < v.players.length ? v.players[((v.seat ?? 0) + k) % v.players.length] : undefined
/** A seat one-hot over the 4 relative seats (nothing for -1 or null). */
function seatHot(v: DTView, o: Float32Array, at: number, seat: number | null | undefined): void {
  if (seat !== null && seat !== undefined && seat >= 0) oneHot(o, at, MAX_SEATS, relativeSeat(v, seat))
}
function diceHot(o: Float32Array, at: number, dice: readonly number[] | undefined): void {
  dice?.slice(0, DICE).forEach((face, i) => oneHot(o, at + 6 * i, 6, face - 1))
}
const PLAYER_SCALARS: [string, (p: Player) => number][] = [
  ['present', () => 1],
  ['health', p => p.health],
  ['cp', p => p.cp],
  ['handCount', p => p.handCount],
  ['deckCount', p => p.deckCount],
  ['defeated', p => (p.defeated ? 1 : 0)],
  ['autoPass', p => (p.autoPass ? 1 : 0)],
]
const PLAYER_LENGTH = PLAYER_SCALARS.length + 1 + HERO_IDS.length + 5 + 2 * NS + LEVEL_IDS.length + 2 * NC

function playerFeature(k: number): ObservationFeature<DTView> {
  const who = k === 0 ? 'the viewer' : `the seat ${k} after the viewer in turn order`
  return {
    name: `player${k}`,
    length: PLAYER_LENGTH,
    description:
      `${who} (zeros when the match has fewer seats): ${PLAYER_SCALARS.map(([n]) => n).join(', ')}; 1 if on the viewer's team (2v2 pool); hero one-hot (${HERO_IDS.join(', ')}); ` +
      `Mjölnir (home, or thrown at the relative seat 0..3; zeros without Mjölnir); status tokens and stack limits over ${statusList}; ` +
      `levels above I over the ${LEVEL_IDS.length} abilities then defences of the heroes (hero order as above); Hero Upgrades in play and the discard pile, counts over ${cardsList}`,
    write(v, o, at) {
      const p = relative(v, k)
      if (!p) return
      let b = at
      for (const [, f] of PLAYER_SCALARS) o[b++] = f(p)
      const me = v.players[v.seat ?? 0]!
      o[b++] = p.pool === me.pool ? 1 : 0
      oneHot(o, b, HERO_IDS.length, HERO_IDS.indexOf(p.hero))
      b += HERO_IDS.length
      if (p.mjolnir === 'home') o[b] = 1
      else if (p.mjolnir !== undefined) o[b + 1 + relativeSeat(v, p.mjolnir)] = 1
      b += 5
      for (const [id, n] of Object.entries(p.statuses)) if (STATUS_INDEX.has(id)) o[b + STATUS_INDEX.get(id)!] = n
      b += NS
      for (const [id, n] of Object.entries(p.stackLimits)) if (STATUS_INDEX.has(id)) o[b + STATUS_INDEX.get(id)!] = n
      b += NS
      for (const [id, n] of Object.entries(p.levels)) if (LEVEL_INDEX.has(id)) o[b + LEVEL_INDEX.get(id)!] = n
      b += LEVEL_IDS.length
      countIds(o, b, CARD_INDEX, p.upgrades)
      countIds(o, b + NC, CARD_INDEX, p.discard)
    },
  }
}

const ATTACK_FLAGS = [
  'ultimate',
  'allPrevented',
  'guardBreak',
  'invisibility',
  'spiderSense',
  'swingEscape',
  'invisiblePunch',
  'indomitableWill',
  'allCounterPrevented',
] as const
const ATTACK_NUMBERS = [
  'variant',
  'level',
  'base',
  'addedDamage',
  'preventedDamage',
  'halves',
  'counter',
  'counterPrevented',
] as const

const encoder = observationEncoder<DTView>([
  {
    name: 'match',
    length: MODES.length + MAX_SEATS + 4,
    description: `mode one-hot (${MODES.join(', ')}), seat count one-hot (1..4), turn number, 1 if the viewer is the active seat, 1 if the viewer started, 1 for a spectator`,
    write: (v, o, at) => {
      oneHot(o, at, MODES.length, MODES.indexOf(v.mode))
      oneHot(o, at + MODES.length, MAX_SEATS, v.players.length - 1)
      const b = at + MODES.length + MAX_SEATS
      o[b] = v.turn
      o[b + 1] = v.active === (v.seat ?? 0) ? 1 : 0
      o[b + 2] = v.startingPlayer === (v.seat ?? 0) ? 1 : 0
      o[b + 3] = v.seat === null ? 1 : 0
    },
  },
  {
    name: 'step',
    length: STEPS.length,
    description: `where the turn is, one-hot (${STEPS.join(', ')})`,
    write: (v, o, at) => oneHot(o, at, STEPS.length, STEPS.indexOf(v.step)),
  },
  {
    name: 'active',
    length: 2 * MAX_SEATS,
    description:
      'the active seat, then the target of the Offensive Roll Phase, one-hot over the relative seats (0 = the viewer, 1 = next in turn order…)',
    write: (v, o, at) => {
      seatHot(v, o, at, v.active)
      seatHot(v, o, at + MAX_SEATS, v.target)
    },
  },
  {
    name: 'window',
    length: WINDOWS.length + MAX_SEATS,
    description: `an open response window: kind one-hot (${WINDOWS.join(', ')}), the seat it asks (relative one-hot)`,
    write: (v, o, at) => {
      if (!v.window) return
      oneHot(o, at, WINDOWS.length, WINDOWS.indexOf(v.window.kind))
      seatHot(v, o, at + WINDOWS.length, v.window.seat)
    },
  },
  {
    name: 'hand',
    length: NC,
    description: `the viewer's hand, counts over ${cardsList} (play, sell and mjolnir name these cards); zeros for a spectator`,
    write: (v, o, at) => countIds(o, at, CARD_INDEX, v.players[v.seat ?? 0]?.hand ?? []),
  },
  ...Array.from({ length: MAX_SEATS }, (_, k) => playerFeature(k)),
  {
    name: 'roll',
    length: 1 + MAX_SEATS + 6 * DICE + 1 + DICE + 3,
    description:
      'the dice on the table: present, owner (relative one-hot), each die by position i < 5 as its face one-hot at 6i, roll attempts left, the locked die one-hot (none: zeros), kind one-hot (off, def, tgt)',
    write: (v, o, at) => {
      const r = v.roll
      if (!r) return
      o[at] = 1
      seatHot(v, o, at + 1, r.owner)
      diceHot(o, at + 1 + MAX_SEATS, r.dice)
      const b = at + 1 + MAX_SEATS + 6 * DICE
      o[b] = r.left
      oneHot(o, b + 1, DICE, r.lock)
      oneHot(o, b + 1 + DICE, 3, ['off', 'def', 'tgt'].indexOf(r.kind))
    },
  },
  {
    name: 'offensiveDice',
    length: 6 * DICE,
    description:
      'the offensive dice while the 2v2 targeting die is rolled: each die by position i as its face one-hot at 6i',
    write: (v, o, at) => diceHot(o, at, v.offensiveDice),
  },
  {
    name: 'selected',
    length: 2,
    description: `the ability chosen in the Offensive Roll Phase: its number (index + 1 among the ${ABILITY_IDS.length} abilities: ${ABILITY_IDS.join(', ')}), its variant`,
    write: (v, o, at) => {
      if (!v.selected) return
      o[at] = number(ABILITY_INDEX, v.selected.ability)
      o[at + 1] = v.selected.variant
    },
  },
  {
    name: 'attack',
    length:
      1 + 2 * MAX_SEATS + 2 + DAMAGE_TYPES.length + ATTACK_NUMBERS.length + ATTACK_FLAGS.length + ILLUSION_CARDS.length,
    description: `the attack being resolved: present, attacker and defender (relative one-hots), ability number (as in selected), defence number (index + 1 among ${DEFENCE_IDS.join(', ')}), damage type one-hot (${DAMAGE_TYPES.join(', ')}), ${ATTACK_NUMBERS.join(', ')}, flags ${ATTACK_FLAGS.join(', ')}, the Illusion card picked one-hot (${ILLUSION_CARDS.join(', ')})`,
    write: (v, o, at) => {
      const a = v.attack
      if (!a) return
      let b = at
      o[b++] = 1
      seatHot(v, o, b, a.by)
      seatHot(v, o, b + MAX_SEATS, a.to)
      b += 2 * MAX_SEATS
      o[b++] = number(ABILITY_INDEX, a.ability)
      o[b++] = number(DEFENCE_INDEX, a.defence)
      oneHot(o, b, DAMAGE_TYPES.length, DAMAGE_TYPES.indexOf(a.damageType))
      b += DAMAGE_TYPES.length
      for (const n of ATTACK_NUMBERS) o[b++] = a[n] ?? 0
      for (const f of ATTACK_FLAGS) o[b++] = a[f] ? 1 : 0
      oneHot(o, b, ILLUSION_CARDS.length, a.illusion ? ILLUSION_CARDS.indexOf(a.illusion) : -1)
    },
  },
  {
    name: 'incoming',
    length: 1 + 2 * MAX_SEATS + 3 + DAMAGE_TYPES.length,
    description: `isolated damage waiting to land: present, from and to (relative one-hots), amount, prevented so far, all prevented, damage type one-hot (${DAMAGE_TYPES.join(', ')})`,
    write: (v, o, at) => {
      const i = v.incoming
      if (!i) return
      o[at] = 1
      seatHot(v, o, at + 1, i.by)
      seatHot(v, o, at + 1 + MAX_SEATS, i.to)
      const b = at + 1 + 2 * MAX_SEATS
      o[b] = i.amount
      o[b + 1] = i.preventedDamage
      o[b + 2] = i.allPrevented ? 1 : 0
      oneHot(o, b + 3, DAMAGE_TYPES.length, DAMAGE_TYPES.indexOf(i.damageType))
    },
  },
  {
    name: 'held',
    length: 1 + MAX_SEATS,
    description: `a played card waiting for answers: its card number (index + 1 in ${cardsList}), its player (relative one-hot)`,
    write: (v, o, at) => {
      if (!v.held) return
      o[at] = number(CARD_INDEX, v.held.card)
      seatHot(v, o, at + 1, v.held.seat)
    },
  },
  {
    name: 'choice',
    length: CHOICES.length + MAX_SEATS + 6 * DICE + 1,
    description: `a choice one seat must make: kind one-hot (${CHOICES.join(', ')}), its seat (relative one-hot), Odinforce's fresh dice (face one-hots at 6i), the most Mjölnir steps`,
    write: (v, o, at) => {
      const c = v.choice
      if (!c) return
      oneHot(o, at, CHOICES.length, CHOICES.indexOf(c.kind))
      seatHot(v, o, at + CHOICES.length, c.seat)
      diceHot(o, at + CHOICES.length + MAX_SEATS, c.dice)
      o[at + CHOICES.length + MAX_SEATS + 6 * DICE] = c.max ?? 0
    },
  },
  {
    name: 'illusion',
    length: 3 * ILLUSION_CARDS.length + 3,
    description: `Loki's face-down Illusion cards: positions 0..2 each one-hot over (${ILLUSION_CARDS.join(', ')}) (only Loki sees them), then the position suggested aloud one-hot`,
    write: (v, o, at) => {
      v.illusionOrder?.forEach((c, i) => oneHot(o, at + 3 * i, 3, ILLUSION_CARDS.indexOf(c)))
      if (v.illusionSuggestion !== undefined) oneHot(o, at + 9, 3, v.illusionSuggestion)
    },
  },
  {
    name: 'outcome',
    length: 1 + MAX_SEATS,
    description: 'finished, then the winners one-hot over the relative seats',
    write: (v, o, at) => {
      o[at] = v.finished ? 1 : 0
      for (const w of v.winners ?? []) seatHot(v, o, at + 1, w)
    },
  },
])

/**
 * A card's key: its index among the built-in cards, else (a homebrew card of a new id) NC + its place among the new
 * cards the seat's deck adds (at most MAX_ADDED_CARDS).
 */
function cardKey(s: DTState, seat: number, id: string): number {
  const known = CARD_INDEX.get(id)
  if (known !== undefined) return known
  const added = (s.homebrew?.seatCards[seat] ?? []).filter(c => !CARD_INDEX.has(c.id)).findIndex(c => c.id === id)
  return added < 0 ? -1 : NC + added
}
const CARD_KEYS = NC + MAX_ADDED_CARDS
/**
 * A spend's parameters: 0 none, 1 + 6·die + value - 1 for a die set to a value, 31 + 11·from + status for a token
 * taken.
 */
const SPEND_CODES = 1 + DICE * 6 + MAX_SEATS * NS

const codec = actionCodec<DTState, DTAction>('dice-throne-marvel', legal, [
  { type: 'end', keys: 1, description: 'offset 0: end the phase', key: () => 0 },
  { type: 'pass', keys: 1, description: 'offset 0: pass (no response, or decline)', key: () => 0 },
  { type: 'noAttack', keys: 1, description: 'offset 0: end the Offensive Roll Phase without an attack', key: () => 0 },
  { type: 'done', keys: 1, description: 'offset 0: done modifying the attack', key: () => 0 },
  {
    type: 'sell',
    keys: CARD_KEYS,
    description: `offset c: sell a card of id c (index in ${cardsList}; ${NC} + k: the k-th new homebrew card of the seat's deck, as its deck's \`cards\` list them)`,
    key: (s, seat, a) => cardKey(s, seat, (a as { card: string }).card),
  },
  {
    type: 'play',
    keys: CARD_KEYS,
    variants: 128,
    description: `offset 128c + j: play a card of id c (as for sell); j numbers its listed parameter choices (dice, die and value, target, status) in the order legalActions lists them (0 for a card without parameters)`,
    key: (s, seat, a) => cardKey(s, seat, (a as { card: string }).card),
  },
  {
    type: 'spend',
    keys: NS * SPEND_CODES,
    description: `offset ${SPEND_CODES}t + p: spend a token of status t (index in ${statusList}); p = 0 without parameters, 1 + 6d + (v - 1) to set die d (0..4) to the value v, 31 + ${NS}f + k to take (Conjure) a token of status k from seat f`,
    key: (_s, _seat, a) => {
      const x = a as { status: string; die?: number; value?: number; from?: number; take?: string }
      const t = STATUS_INDEX.get(x.status) ?? -1
      const p =
        x.die !== undefined
          ? 1 + 6 * x.die + (x.value! - 1)
          : x.from !== undefined
            ? 1 + 6 * DICE + NS * x.from + (STATUS_INDEX.get(x.take!) ?? -1)
            : 0
      return t < 0 ? -1 : t * SPEND_CODES + p
    },
  },
  {
    type: 'mjolnir',
    keys: CARD_KEYS * (1 + MAX_SEATS),
    description: `offset 5c + t: discard a card of id c (index in ${cardsList}) to retrieve Mjölnir (t = 0) or throw it at seat t - 1 (absolute seat)`,
    key: (s, seat, a) => {
      const x = a as { discard: string; target?: number }
      const c = cardKey(s, seat, x.discard)
      return c < 0 ? -1 : 5 * c + (x.target === undefined ? 0 : 1 + x.target)
    },
  },
  {
    type: 'roll',
    keys: 32,
    description: 'offset m: reroll the dice whose positions are the bits of m (bit i = die i)',
    key: (_s, _seat, a) => (a as { dice: number[] }).dice.reduce((m, i) => m | (1 << i), 0),
  },
  {
    type: 'select',
    keys: ABILITY_IDS.length * 8,
    description: `offset 8a + n: select ability a (index among ${ABILITY_IDS.join(', ')}) in its variant n (< 8) at its current level`,
    key: (_s, _seat, a) => {
      const x = a as { ability: string; variant: number }
      const i = ABILITY_INDEX.get(x.ability) ?? -1
      return i < 0 || x.variant >= 8 ? -1 : 8 * i + x.variant
    },
  },
  {
    type: 'target',
    keys: MAX_SEATS,
    description: 'offset s: target the opponent in (absolute) seat s',
    key: (_s, _seat, a) => (a as { seat: number }).seat,
  },
  {
    type: 'defend',
    keys: DEFENCE_IDS.length,
    description: `offset d: roll defence d (index among ${DEFENCE_IDS.join(', ')})`,
    key: (_s, _seat, a) => DEFENCE_INDEX.get((a as { defence: string }).defence) ?? -1,
  },
  {
    type: 'setDie',
    keys: DICE * 6,
    description: 'offset 6d + (v - 1): set die d (0..4) to the value v',
    key: (_s, _seat, a) => 6 * (a as { die: number }).die + (a as { value: number }).value - 1,
  },
  {
    type: 'arrange',
    keys: PERMUTATIONS.length * 4,
    description: `offset 4p + s: lay the Illusion cards in order p (${PERMUTATIONS.map((x, i) => `${i}: ${x}`).join('; ')}), suggesting nothing (s = 0) or position s - 1 aloud`,
    key: (_s, _seat, a) => {
      const x = a as { order: string[]; suggest?: number }
      const p = PERMUTATIONS.indexOf(x.order.join(','))
      return p < 0 ? -1 : 4 * p + (x.suggest === undefined ? 0 : 1 + x.suggest)
    },
  },
  {
    type: 'pick',
    keys: 3,
    description: 'offset k: pick the Illusion card in position k',
    key: (_s, _seat, a) => (a as { slot: number }).slot,
  },
  {
    type: 'steps',
    keys: 7,
    description: 'offset n: make n alternating Mjölnir throws and retrieves',
    key: (_s, _seat, a) => (a as { count: number }).count,
  },
  autoPassSlice,
])

export const encoding = encodingMembers(encoder, codec)
