// Determinization for search bots: a full state consistent with one seat's view, every card it cannot see re-dealt at
// random.
import { Random } from '../../kernel/index.ts'
import { cardIn } from './homebrew.ts'
import type { State } from './state.ts'
import { cloneState } from './clone.ts'
import { advance } from './turn.ts'
import { view } from './view.ts'

/** One hidden place a card can be dealt to. */
type Place = { zone: number[]; i: number }

/**
 * Frame variables that hold numbers other than card ids (counts, steps, dice, Legend slots, costs, modes): a card whose
 * id equals one is not thereby seen.
 */
const NOT_CARD_VARS = new Set([
  '_count',
  '_taken',
  '_step',
  '_stealDie',
  'die',
  'slot',
  'discardCount',
  'discarded',
  'discardedCost',
  'mode',
])

/**
 * Cards in hidden zones that `seat` has seen, so they stay where they are: the top cards of a deck that an open look or
 * search shows (to the seat it prompts, or to everyone when revealed), and cards an effect moved to its controller's
 * hand in plain sight and still holds (The Heist's Gear, then played from hand). Cards an open prompt of another seat
 * names are not among them: that seat's options are hidden from `seat`, so they are re-dealt like the rest of its hand.
 */
function seenBy(s: State, seat: number): Set<number> {
  const pins = new Set<number>()
  const pr = s.prompt
  const f = s.frames[s.frames.length - 1]
  if (pr?.seen && f && (pr.seat === seat || pr.revealed)) {
    // top = last
    const deck = s.players[f.seat]!.deck
    for (const u of deck.slice(deck.length - pr.seen.length)) pins.add(u)
  }
  for (const fr of s.frames) {
    const hand = s.players[fr.seat]!.hand
    for (const [name, v] of Object.entries(fr.vars))
      if (!NOT_CARD_VARS.has(name))
        for (const u of Array.isArray(v) ? v : [v]) if (typeof u === 'number' && hand.includes(u)) pins.add(u)
  }
  return pins
}

/** Re-deals `places` with their own cards in a uniformly random order that depends only on which cards they are. */
function redeal(places: Place[], s: State, rng: Random): void {
  const pool = places.map(p => p.zone[p.i]!)
  // sorted first, so the sample never depends on where the hidden cards really were
  pool.sort((a, b) => (s.cards[a]! < s.cards[b]! ? -1 : s.cards[a]! > s.cards[b]! ? 1 : a - b))
  const dealt = rng.shuffle(pool)
  places.forEach((p, k) => (p.zone[p.i] = dealt[k]!))
}

/**
 * A state `seat` cannot tell from the real one (`view` deep-equal): the other seat's hand and both decks are re-dealt
 * from their pooled cards (each zone keeps its size), face-down Legends it has not looked at are re-dealt among their
 * owner's face-down slots, and the random generator is re-seeded from `rng`. Public zones, the Eddies (shown when sold,
 * CP-8.28) and the cards `seat` has seen (`seenBy`) stay as they are.
 *
 * An open prompt of another seat was computed from that seat's real hidden cards (its options name cards of its hand, a
 * search shows the top of its deck). In the sample it is asked again: the prompt is cleared and the forced steps run
 * again (an effect re-runs the step that asks, as it does when answered), so it names cards of the re-dealt hand. A
 * sample in which the steps would not ask the same thing again (the `seat` view differs: e.g. a hand with fewer than
 * two matching cards is not asked) is drawn again: the samples kept are exactly the arrangements consistent with what
 * `seat` sees. After `REASK_TRIES` misses (a rare prompt), the last sample keeps the prompt and gets the card ids it
 * names moved into that hand from the same seat's unseen cards, so it stays answerable.
 */
export function determinize(state: State, seat: number, rng: Random): State {
  const pr = state.prompt
  let s = deal(state, seat, rng)
  if (pr && pr.seat !== seat) {
    const seen = JSON.stringify(view(state, seat))
    for (let tries = 1; ; tries++) {
      const asked = askAgain(s)
      if (JSON.stringify(view(asked, seat)) === seen) {
        s = asked
        break
      }
      if (tries === REASK_TRIES) {
        holdNamedCards(s, pr.seat, pr.options, rng)
        break
      }
      s = deal(state, seat, rng)
    }
  }
  s.rng = Random.fromSeed(`determinize:${rng.int(0, 0x7fffffff)}:${rng.int(0, 0x7fffffff)}`).state()
  return s
}

/** Samples drawn for another seat's open prompt before falling back on `holdNamedCards`. */
const REASK_TRIES = 200

/** One re-deal of everything `seat` cannot see (see `determinize`). */
function deal(state: State, seat: number, rng: Random): State {
  const s = cloneState(state)
  const pins = seenBy(s, seat)
  for (let o = 0; o < s.players.length; o++) {
    const p = s.players[o]!
    const places: Place[] = []
    const add = (zone: number[]) => zone.forEach((u, i) => pins.has(u) || places.push({ zone, i }))
    if (o !== seat) {
      p.hand = p.hand.slice() // hand and deck are shared with the real state (clone.ts), and re-dealt in place
      add(p.hand)
    }
    p.deck = p.deck.slice()
    add(p.deck)
    redeal(places, s, rng)
    // Legends: what the owner has looked at follows the slot, since a look is public by slot (lookLegend)
    const peekedSlots = new Set(p.legends.flatMap((l, i) => (l && !l.faceUp && p.peek.includes(l.uid) ? [i] : [])))
    const slots = p.legends.flatMap((l, i) => (l && !l.faceUp && !(o === seat && peekedSlots.has(i)) ? [i] : []))
    const ids = slots.map(i => p.legends[i]!.uid)
    redeal(
      ids.map((_, k) => ({ zone: ids, i: k })),
      s,
      rng,
    )
    slots.forEach((slot, k) => (p.legends[slot]!.uid = ids[k]!))
    if (o !== seat) {
      const faceDown = new Set(slots.map(i => p.legends[i]!.uid))
      p.peek = [...p.peek.filter(u => !faceDown.has(u)), ...[...peekedSlots].map(i => p.legends[i]!.uid)]
    }
  }
  return s
}

/**
 * The sample with the open prompt cleared and the forced steps run again, which asks it anew from the sampled cards.
 */
function askAgain(sample: State): State {
  const c = { s: cloneState(sample), ev: [], r: null as Random | null }
  c.s.prompt = null
  advance(c)
  if (c.r) c.s.rng = c.r.state()
  return c.s
}

/**
 * Puts a card of each id that `opts` names into `seat`'s hand, taken from its deck (a uniformly chosen copy, swapped
 * with a uniformly chosen hand card that is not named), so the kept prompt names only cards the hand holds.
 */
function holdNamedCards(s: State, seat: number, opts: unknown[], rng: Random): void {
  const p = s.players[seat]!
  const named = new Set(
    opts.flatMap(o =>
      typeof o === 'string' && cardIn(s, o.replace(/^hand:/, '')) !== undefined ? [o.replace(/^hand:/, '')] : [],
    ),
  )
  for (const id of named) {
    if (p.hand.some(u => s.cards[u] === id)) continue
    const copies = p.deck.flatMap((u, i) => (s.cards[u] === id ? [i] : []))
    const free = p.hand.flatMap((u, i) => (named.has(s.cards[u]!) ? [] : [i]))
    if (!copies.length || !free.length) continue
    const d = rng.pick(copies)
    const h = rng.pick(free)
    ;[p.hand[h], p.deck[d]] = [p.deck[d]!, p.hand[h]!]
  }
}
