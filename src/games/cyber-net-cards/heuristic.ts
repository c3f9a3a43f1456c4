/** A one-ply evaluation of a Cyber Net Cards position for the greedy bot, from what one seat sees only. */
import type { Card, Op } from './data.ts'
import { avatarOf, BASE_HAND, cardOf, stats } from './values.ts'
import type { CNState, Lasting, Link } from './state.ts'
import { ownReach, threat } from './reach.ts'

/*
 * Everything is counted in life points, the currency of the game: a position is worth the life difference it is
 * heading for. The weights turn the other resources into life, roughly as the card pool prices them (about one life
 * of effect per mana), then tuned by play: greedy (8 determinizations a decision) against a uniform random bot, seats
 * alternated, won 75% of 200 games with mana at 0.3 and armed cards at 0.6, 83% with the values below, and 86-90% (over
 * 200-300 games between random sample decks, and in mirror matches) once the deck race counted the cards played now.
 * Those counted draws as lost; counted half, greedy won 74% in the Neon Assault mirror, a third of the games drawn by
 * both avatars falling in the same Climax, until the lethal checks weighed how the round is likely to end (86%).
 */

/** A card drawn: about what the average card of the pool does for its cost. */
const CARD = 1
/**
 * Mana left in the pool: little, since at most 3 carries over (CN-3.3) and its only use is to pay for effects, which
 * are counted when they happen. Higher values made the bot keep mana instead of playing its cards.
 */
const MANA = 0.1
const COAL = 0.4
/**
 * An armed card still to be activated this round, and a card in hand, count for part of their effect: the same part,
 * since armed cards that are not activated go back to the hand (CN-6.17), so placing or keeping a card loses nothing.
 */
const ARMED = 0.4
const IN_HAND = 0.4
/** An armed card it cannot pay for now. */
const ARMED_UNPAID = 0.2
/** The opponent's armed and held cards, which `seat` cannot see: an average card each (their count is public). */
const UNSEEN_ARMED = ARMED * CARD * 1.5
const UNSEEN_HAND = IN_HAND * CARD * 1.5
/** The unused avatar ability: a fraction of its effect (it is once per round). */
const ABILITY = 0.3
/** Negating or removing something of the opponent's, when its value is not on the table. */
const NEGATE = 2
/**
 * A position whose round is likely to kill one avatar and not the other is close to won (or lost). Tuned by play, draws
 * counted half (greedy against random, Neon Assault mirror, seeds tA-tD, 1,000 games, spread 1.5): 12 won 84.4%, 8
 * 85.8%; 20 won 82.4% of 400.
 */
const LETHAL = 8
/**
 * How uncertain a lethal margin is, in life. The Climax's is wide (what the opponent's hidden cards add, the order of
 * plays): with a hard threshold on the stats as they stand a third of greedy's games against random were drawn; 2.5
 * won 86.6% of the same 1,000 games. Killing before the Climax uses `seat`'s own cards, which it knows, so that margin
 * is almost sharp (0.25; 0.5, 1 and 2.5 did as well over 400 games).
 */
const CLIMAX_SPREAD = 2.5
const DIRECT_SPREAD = 0.25
/**
 * What each hidden armed card of the opponent may still add to this round's damage (1 and 1.5 did as well over 400
 * games; 0.5 and 2.5 worse).
 */
const THREAT = 1.5
/** How much of the rest still counts when the round is likely to kill both avatars. */
const DRAWN = 0.1
/** Deck size (after the next Draw) below which the race to deckout counts, and what each card of that race is worth. */
const DECK_LOW = 8
const DECK = 1.5
/** Life points that move the result from 0.5 to about 0.73: a few rounds of Climax damage. */
const SCALE = 10

interface Side {
  seat: number
  life: number
  deck: number
}

/**
 * What running `ops` for `me` is worth to `me`, in life. ATK and DEF count once, for this round's Climax (CN-6.13).
 * `below`: for a link on the chain, the link under it (null: none); undefined for a card not on the chain yet.
 */
function opsValue(s: CNState, me: Side, ops: readonly Op[], below?: Link | null): number {
  let v = 0
  for (const op of ops) {
    switch (op.op) {
      case 'damage':
        v += op.n
        break
      case 'heal':
        v += op.n
        break
      // In the Climax the life difference moves by exactly (my ATK + my DEF) - (their ATK + their DEF): one point each.
      case 'atk':
      case 'def':
        v += op.who === 'opp' ? -op.n : op.n
        break
      case 'draw':
        v += CARD * Math.min(op.n, me.deck)
        break
      case 'mana':
        v += MANA * (op.who === 'opp' ? -op.n : op.n)
        break
      case 'coal':
        v += COAL * op.n
        break
      case 'moveCoal':
        v += COAL / 2
        break
      case 'negate':
        // the link below, when it is the opponent's; on the field (no chain yet) an average answer
        if (below === undefined) v += NEGATE
        else if (below !== null)
          v += below.seat === me.seat ? -linkValue(s, below, me) : linkValue(s, below, other(s, me))
        break
      case 'rollback':
      case 'purge':
        v += NEGATE
        break
    }
  }
  return v
}

function other(s: CNState, me: Side): Side {
  const seat = 1 - me.seat
  const p = s.players[seat]!
  return { seat, life: p.life, deck: p.deck.length }
}

/**
 * What one round of an equipment or infection is worth to its owner (`me`): its modifiers, round-start effects and Use.
 */
function perRound(s: CNState, c: Card, coal: number, me: Side): number {
  const l = c.lasting!
  const sign = c.kind === 'infection' ? -1 : 1 // an infection's modifiers weaken its host, the opponent
  let v = 0
  const m = l.mods
  if (m) v += sign * ((m.atk ?? 0) + (m.def ?? 0) + MANA * (m.income ?? 0) + CARD * (m.hand ?? 0))
  const pc = l.perCoal
  if (pc) v += sign * coal * ((pc.atk ?? 0) + (pc.def ?? 0))
  if (l.roundStart) v += opsValue(s, me, l.roundStart)
  if (l.coalGain) v += COAL * l.coalGain.n
  if (l.use) v += ARMED * (opsValue(s, me, l.use.effect) - MANA * l.use.cost)
  return v
}

/** What a card does when it resolves, with its Turbo and Burn: the effect now, and for a lasting card its rounds. */
function cardValue(s: CNState, c: Card, me: Side, turbo: boolean, burn: boolean, below?: Link | null): number {
  let v = opsValue(s, me, c.effect, below)
  if (turbo && c.turbo) v += opsValue(s, me, c.turbo.effect)
  if (burn && c.burn) v += opsValue(s, me, c.burn.effect)
  if (c.lasting) v += perRound(s, c, 0, me) * c.lasting.duration
  return v
}

/** A link on the chain (public), to its own seat `owner`. */
function linkValue(s: CNState, link: Link, owner: Side): number {
  if (link.negated) return 0
  const below = s.chain[s.chain.indexOf(link) - 1] ?? null
  if (link.kind === 'card') return cardValue(s, cardOf(s, link.uid), owner, link.turbo, link.burn, below)
  if (link.kind === 'use') return opsValue(s, owner, cardOf(s, link.uid).lasting!.use!.effect, below)
  return opsValue(s, owner, avatarOf(s, link.seat).ability.effect, below)
}

/**
 * The deck of `seat` after the next Draw stage, if nothing else is drawn: the armed cards it keeps go back to the hand.
 */
function nextDeck(s: CNState, seat: number): number {
  const p = s.players[seat]!
  const target = BASE_HAND + stats(s, seat).hand
  return p.deck.length - Math.max(0, target - p.hand.length - p.field.length)
}

/** Damage each seat takes from the links on the chain that are not negated: part of the life it is heading for. */
function chainDamage(s: CNState): number[] {
  const out = [0, 0]
  for (const link of s.chain) {
    if (link.negated) continue
    const ops: Op[] = []
    if (link.kind === 'card') {
      const c = cardOf(s, link.uid)
      ops.push(
        ...c.effect,
        ...(link.turbo && c.turbo ? c.turbo.effect : []),
        ...(link.burn && c.burn ? c.burn.effect : []),
      )
    } else
      ops.push(
        ...(link.kind === 'use' ? cardOf(s, link.uid).lasting!.use!.effect : avatarOf(s, link.seat).ability.effect),
      )
    for (const op of ops) if (op.op === 'damage') out[1 - link.seat]! += op.n
  }
  return out
}

/** Equipment and infections in play, for their owner: the rounds after this one (this round is in the stats). */
function lastingValue(s: CNState, l: Lasting, owner: Side): number {
  return perRound(s, cardOf(s, l.uid), l.coal, owner) * Math.max(0, l.left - 1) + COAL * l.coal
}

/** How likely damage this round, `margin` more than the life it hits (0: exactly lethal), is to kill. */
function killChance(margin: number, spread: number): number {
  return 1 / (1 + Math.exp(-(margin + 0.5) / spread))
}

/**
 * How good `s` is for `seat`, in [0, 1]: 1 when it has won, 0 when it lost, 0.5 for a draw. Otherwise the life
 * difference it is heading for, through a logistic curve: life now, this round's Climax as the stats stand (public),
 * the chain, what is in play, and what `seat` still holds (its own cards by value; the opponent's only by count).
 */
export function evaluate(s: CNState, seat: number): number {
  if (s.phase === 'over') return s.winners!.includes(seat) ? 1 : s.winners!.length === 0 ? 0.5 : 0
  const me: Side = { seat, life: s.players[seat]!.life, deck: s.players[seat]!.deck.length }
  const them = other(s, me)
  const mine = s.players[seat]!
  const theirs = s.players[them.seat]!
  const [a, b] = [stats(s, seat), stats(s, them.seat)]
  // the Climax of this round (CN-6.13-6.15) as things stand: each side's loss, computed as the engine does
  const hurtThem = a.atk > b.def ? a.atk - b.def : 0
  const hurtMe = (a.atk > b.def ? 0 : b.def - a.atk) + (b.atk > a.def ? b.atk - a.def : 0)
  const recoilThem = b.atk > a.def ? 0 : a.def - b.atk
  const lifeMe = me.life - hurtMe
  const lifeThem = them.life - hurtThem - recoilThem
  let x = lifeMe - lifeThem
  // deckout (CN-1.9, CN-1.11): a seat loses when a round starts with its deck empty, and each Draw stage fills the hand
  // up again, so every card played now is one more drawn next round. Once the decks run low, the seat whose deck will
  // be shorter after the next Draw is losing the race (counts only: the opponent's hand and armed cards are public)
  const [deckMe, deckThem] = [nextDeck(s, seat), nextDeck(s, them.seat)]
  const low = Math.min(deckMe, deckThem)
  if (low < DECK_LOW) x += (DECK_LOW - low) * DECK * Math.sign(deckMe - deckThem)
  for (const link of s.chain) x += link.seat === seat ? linkValue(s, link, me) : -linkValue(s, link, them)
  for (const p of s.players)
    for (const l of p.lasting) x += l.owner === seat ? lastingValue(s, l, me) : -lastingValue(s, l, them)
  for (const uid of mine.field) {
    const c = cardOf(s, uid)
    x += (c.cost <= mine.mana ? ARMED : ARMED_UNPAID) * cardValue(s, c, me, false, false)
  }
  for (const uid of mine.hand) x += IN_HAND * cardValue(s, cardOf(s, uid), me, false, false)
  x -= UNSEEN_ARMED * theirs.field.length + UNSEEN_HAND * theirs.hand.length
  x += MANA * (mine.mana - theirs.mana)
  const ability = (p: typeof mine, side: Side) =>
    !p.abilityUsed && p.mana >= avatarOf(s, side.seat).ability.cost
      ? ABILITY * opsValue(s, side, avatarOf(s, side.seat).ability.effect)
      : 0
  x += ability(mine, me) - ability(theirs, them)
  // This round ends in one of three ways (CN-1.8, CN-1.10): `seat` kills with direct damage before the Climax, or the
  // Climax kills one avatar (close to decided), or both (a draw: whatever else the position holds, it is worth about
  // even). Each is counted by how likely it looks, with the damage on the chain, what `seat` can still play, and what
  // the opponent's hidden armed cards may add, so a race into a mutual knock-out is worth far less than winning it.
  const burnt = chainDamage(s)
  const reach = ownReach(s, seat)
  const first = killChance(burnt[them.seat]! + reach.direct - them.life, DIRECT_SPREAD)
  const killsThem = killChance(burnt[them.seat]! + reach.total - lifeThem, CLIMAX_SPREAD)
  const killsMe = killChance(burnt[seat]! + threat(s, them.seat, THREAT) - lifeMe, CLIMAX_SPREAD)
  const win = first + (1 - first) * killsThem * (1 - killsMe)
  const draw = (1 - first) * killsThem * killsMe
  const loss = (1 - first) * (1 - killsThem) * killsMe
  x = x * (1 - (1 - DRAWN) * draw) + LETHAL * (win - loss)
  return 1 / (1 + Math.exp(-x / SCALE))
}
