// Determinization for search bots: a full state consistent with one seat's view, every unseen card re-dealt at random.
import { Random } from '../../kernel/index.ts'
import { CARDS } from './cards.ts'
import type { State } from './state.ts'
import { cloneState } from './clone.ts'

/** One hidden place a card can be dealt to. */
type Place = { zone: number[]; i: number }

/** Cards an open decision still names (its options, the top cards it shows), which must stay where they are to be answerable. */
function pinnedByDecision(s: State): Set<number> {
  const pins = new Set<number>()
  const pr = s.prompt
  const f = s.frames[s.frames.length - 1]
  if (pr) {
    const deck = f ? s.p[f.seat]!.deck : []
    // a look or a search shows the top `seen.length` cards of the deck of the effect's controller (top = last)
    if (pr.seen) for (const u of deck.slice(deck.length - pr.seen.length)) pins.add(u)
    const hand = s.p[pr.seat]!.hand
    for (const o of pr.opts) {
      if (typeof o !== 'string') continue
      if (o.startsWith('deck:') && deck.length) pins.add(deck[deck.length - 1]!)
      const id = o.replace(/^hand:/, '')
      if (!CARDS.has(id)) continue
      const u = hand.find((x) => s.cards[x] === id && !pins.has(x))
      if (u !== undefined) pins.add(u)
    }
  }
  // an effect may hold a card it moved to its controller's hand in plain sight (The Heist's Gear, then played from hand)
  for (const fr of s.frames) {
    const hand = s.p[fr.seat]!.hand
    for (const v of Object.values(fr.vars)) for (const u of Array.isArray(v) ? v : [v]) if (typeof u === 'number' && hand.includes(u)) pins.add(u)
  }
  return pins
}

/** Re-deals `places` with their own cards in a uniformly random order that depends only on which cards they are. */
function redeal(places: Place[], s: State, rng: Random): void {
  const pool = places.map((p) => p.zone[p.i]!)
  // sorted first, so the sample never depends on where the hidden cards really were
  pool.sort((a, b) => (s.cards[a]! < s.cards[b]! ? -1 : s.cards[a]! > s.cards[b]! ? 1 : a - b))
  const dealt = rng.shuffle(pool)
  places.forEach((p, k) => (p.zone[p.i] = dealt[k]!))
}

/**
 * A state `seat` cannot tell from the real one (`view` deep-equal): the other seat's hand and both decks are re-dealt
 * from their pooled cards (each zone keeps its size), face-down Legends it has not looked at are re-dealt among their
 * owner's face-down slots, and the random generator is re-seeded from `rng`. Public zones, the Eddies (shown when sold,
 * CP-8.28) and whatever an open decision names stay as they are.
 */
export function determinize(state: State, seat: number, rng: Random): State {
  const s = cloneState(state)
  const pins = pinnedByDecision(s)
  for (let o = 0; o < s.p.length; o++) {
    const p = s.p[o]!
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
    const peekedSlots = new Set(p.legends.flatMap((l, i) => (l && !l.up && p.peek.includes(l.u) ? [i] : [])))
    const slots = p.legends.flatMap((l, i) => (l && !l.up && !(o === seat && peekedSlots.has(i)) ? [i] : []))
    const ids = slots.map((i) => p.legends[i]!.u)
    redeal(
      ids.map((_, k) => ({ zone: ids, i: k })),
      s,
      rng,
    )
    slots.forEach((slot, k) => (p.legends[slot]!.u = ids[k]!))
    if (o !== seat) {
      const faceDown = new Set(slots.map((i) => p.legends[i]!.u))
      p.peek = [...p.peek.filter((u) => !faceDown.has(u)), ...[...peekedSlots].map((i) => p.legends[i]!.u)]
    }
  }
  s.rng = Random.fromSeed(`determinize:${rng.int(0, 0x7fffffff)}:${rng.int(0, 0x7fffffff)}`).state()
  return s
}
