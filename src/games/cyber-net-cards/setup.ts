/** Setup: shuffled decks (CN-GAP-1, Decision 1), starting life (CN-1.2), the first starting player (CN-7.1, CN-7.2). */
import { Random, type GameEvent } from '../../kernel/index.ts'
import { AVATAR_BY_ID } from './data.ts'
import type { ExpandedDeck } from './deck.ts'
import { withStepBudget } from './effects.ts'
import type { CNState, Homebrew, PlayerState } from './state.ts'
import { START_LIFE } from './values.ts'
import { startRound } from './round.ts'
import { advance } from './turn.ts'

/** The homebrew part of the state: absent when no deck lists a card set. */
function homebrewOf(decks: readonly ExpandedDeck[]): Homebrew | undefined {
  const cardSets = [...new Set(decks.flatMap(d => d.sets))]
  if (cardSets.length === 0) return undefined
  return {
    cardSets,
    seatCards: decks.map(d => d.setCards),
    seatCardSets: decks.map(d => d.setCardSets),
    firstUid: [0, decks[0]!.cards.length],
  }
}

export function initialState(decks: ExpandedDeck[], seed: string): CNState {
  const rng = Random.fromSeed(seed)
  const cards: string[] = []
  const players: PlayerState[] = decks.map(d => {
    const order = rng.shuffle(d.cards) // CN-GAP-1: each deck is shuffled once at the start
    // Other seats see the numbers of cards in play and in the Void: they are dealt at random, apart from the shuffle,
    // so a number says nothing of where its card lay in the deck or when it was drawn (Decision 24).
    const numbers = rng.shuffle(order.map((_, k) => cards.length + k))
    const deck = numbers.slice()
    order.forEach((id, k) => (cards[numbers[k]!] = id))
    return {
      avatar: d.avatar,
      life: START_LIFE,
      deck,
      hand: [],
      field: [],
      active: [],
      void: [],
      mana: 0,
      income: 0,
      recycled: false,
      placed: false,
      abilityUsed: false,
      lasting: [],
      done: [],
    }
  })
  const rank = { offensive: 0, moderate: 1, defensive: 2 } as const
  const t0 = rank[AVATAR_BY_ID.get(decks[0]!.avatar)!.type]
  const t1 = rank[AVATAR_BY_ID.get(decks[1]!.avatar)!.type]
  const first = t0 < t1 ? 0 : t1 < t0 ? 1 : rng.int(0, 1) // CN-7.1, CN-7.2
  const s: CNState = {
    game: 'cyber-net-cards',
    round: 1,
    phase: 'prep',
    first,
    turn: first,
    passes: 0,
    chain: [],
    responder: -1,
    fx: [],
    cards,
    players,
    rng: [],
    winners: null,
    reason: null,
  }
  const homebrew = homebrewOf(decks)
  if (homebrew !== undefined) s.homebrew = homebrew
  const ev: GameEvent[] = []
  withStepBudget(() => {
    startRound(s, ev)
    advance(s, ev)
  })
  s.rng = rng.state()
  return s
}
