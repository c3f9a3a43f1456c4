import { z } from 'zod'
import {
  actionCodec,
  illegal,
  observationEncoder,
  oneHot,
  Random,
  RuleViolation,
  type GameEngine,
  type GameEvent,
} from '../../src/kernel/index.ts'

/**
 * "Race to 20", a test-only game for the platform's tests (never in the production registry): two seats,
 * a hidden hand, a die roll, and a choice that is only sometimes legal (pass, only with an empty hand).
 * On your turn: play a card from your hand (score its value, draw a replacement), roll a d6 (score it),
 * or pass when your hand is empty. The first to reach the target (option, default 20) wins. It has the
 * bot members too (determinize, evaluate), so the bots can be tested on a game small enough to reason about.
 */
export interface RaceState {
  rng: number[]
  turn: number
  hands: number[][]
  decks: number[][]
  scores: number[]
  target: number
  winner: number | null
  resigned?: number
}

const deckSchema = z.object({ cards: z.array(z.number().int()) })
type RaceDeck = z.infer<typeof deckSchema>
const actionSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('play'), card: z.number().int() }),
  z.object({ type: z.literal('roll') }),
  z.object({ type: z.literal('pass') }),
])
type RaceAction = z.infer<typeof actionSchema>
const optionsSchema = z.object({ target: z.number().int().min(5).max(100_000).default(20) }).default({ target: 20 })
type RaceOptions = z.infer<typeof optionsSchema>
const viewSchema = z.object({
  turn: z.number().int(),
  scores: z.array(z.number().int()),
  winner: z.number().int().nullable(),
  deckSizes: z.array(z.number().int()),
  handSizes: z.array(z.number().int()),
  hand: z.array(z.number().int()).nullable().describe("the viewer's own hand; null for a spectator"),
})
const eventSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('drew'),
    seat: z.number().int(),
    visibleTo: z.array(z.number().int()).optional(),
    secret: z.object({ card: z.number().int() }).optional(),
  }),
  z.object({ type: z.literal('played'), seat: z.number().int(), card: z.number().int() }),
  z.object({ type: z.literal('rolled'), seat: z.number().int(), value: z.number().int() }),
  z.object({ type: z.literal('passed'), seat: z.number().int() }),
  z.object({ type: z.literal('won'), seat: z.number().int() }),
  z.object({ type: z.literal('resigned'), seat: z.number().int() }),
])

// An explicit copy, not structuredClone: the API bench's submits run this game, and structuredClone of a
// small object costs more than the rest of the move.
function copy(s: RaceState): RaceState {
  return {
    ...s,
    rng: [...s.rng],
    hands: s.hands.map(h => [...h]),
    decks: s.decks.map(d => [...d]),
    scores: [...s.scores],
  }
}

function draw(s: RaceState, seat: number, events: GameEvent[]): void {
  const card = s.decks[seat]!.shift()
  if (card === undefined) return
  s.hands[seat]!.push(card)
  events.push({ type: 'drew', seat, visibleTo: [seat], secret: { card } })
}

type RaceView = z.infer<typeof viewSchema>

// The encodings: both scores, whose turn, the hand as counts of each value 1..9.
const raceObservation = observationEncoder<RaceView>([
  {
    name: 'scores',
    length: 2,
    description: "seat 0's score, then seat 1's",
    write: (v, o, at) => v.scores.forEach((x, i) => (o[at + i] = x)),
  },
  { name: 'turn', length: 2, description: 'the seat to act, one-hot', write: (v, o, at) => oneHot(o, at, 2, v.turn) },
  {
    name: 'hand',
    length: 9,
    description: "the viewer's hand, counts of the values 1..9",
    write: (v, o, at) => v.hand?.forEach(c => (o[at + c - 1]! += 1)),
  },
])
const raceActions = actionCodec<RaceState, RaceAction>('race-to-20', (s, seat) => raceGame.legalActions(s, seat), [
  {
    type: 'play',
    keys: 9,
    description: 'offset v - 1: play a card of value v',
    key: (_s, _seat, a) => (a as { card: number }).card - 1,
  },
  { type: 'roll', keys: 1, description: 'offset 0: roll the die', key: () => 0 },
  { type: 'pass', keys: 1, description: 'offset 0: pass', key: () => 0 },
])

export const raceGame: GameEngine<RaceState, RaceAction, RaceDeck, RaceOptions, RaceView> = {
  observationShape: raceObservation.observationShape,
  encodeObservation: raceObservation.encodeObservation,
  actionSpace: raceActions.actionSpace,
  actionIndex: raceActions.actionIndex,
  actionFromIndex: raceActions.actionFromIndex,
  legalMask: raceActions.legalMask,

  id: 'race-to-20',
  name: 'Race to 20 (test game)',
  seats: { min: 2, max: 2 },
  schemas: { deck: deckSchema, action: actionSchema, options: optionsSchema, view: viewSchema, event: eventSchema },

  validateDeck(deck) {
    const violations = []
    if (deck.cards.length < 5 || deck.cards.length > 10) {
      violations.push({
        code: 'DECK_SIZE',
        message: `a deck has 5 to 10 cards, not ${deck.cards.length}`,
        rule: 'TG-1',
        cards: [],
      })
    }
    const bad = deck.cards.filter(c => c < 1 || c > 9)
    if (bad.length)
      violations.push({ code: 'CARD_VALUE', message: 'cards are 1 to 9', rule: 'TG-1', cards: bad.map(String) })
    return { legal: violations.length === 0, violations, summary: { size: deck.cards.length } }
  },

  setup(decks, options, seed) {
    const rng = Random.fromSeed(seed)
    const s: RaceState = {
      rng: [],
      turn: 0,
      hands: [[], []],
      decks: decks.map(d => rng.shuffle(d.cards)),
      scores: [0, 0],
      target: options.target,
      winner: null,
    }
    for (const seat of [0, 1]) for (let i = 0; i < 3; i++) draw(s, seat, [])
    s.rng = rng.state()
    return s
  },

  legalActions(s, seat) {
    if (s.winner !== null || seat !== s.turn) return []
    const hand = s.hands[seat]!
    const plays = [...new Set(hand)].sort().map(card => ({ type: 'play' as const, card }))
    return hand.length === 0 ? [...plays, { type: 'roll' }, { type: 'pass' }] : [...plays, { type: 'roll' }]
  },

  apply(state, seat, action) {
    if (state.winner !== null) throw new RuleViolation('MATCH_FINISHED', 'TG-4', 'the game is over')
    if (seat !== state.turn) throw new RuleViolation('NOT_YOUR_DECISION', 'TG-2', `it is seat ${state.turn}'s turn`)
    const s = copy(state)
    const events: GameEvent[] = []
    const rng = Random.fromState(s.rng)
    if (action.type === 'play') {
      const i = s.hands[seat]!.indexOf(action.card)
      if (i < 0) throw illegal('TG-3', `card ${action.card} is not in your hand`, 'CARD_NOT_IN_HAND')
      s.hands[seat]!.splice(i, 1)
      s.scores[seat]! += action.card
      events.push({ type: 'played', seat, card: action.card })
      draw(s, seat, events)
    } else if (action.type === 'roll') {
      const value = rng.die(6)
      s.scores[seat]! += value
      events.push({ type: 'rolled', seat, value })
    } else {
      if (s.hands[seat]!.length > 0) throw illegal('TG-3', 'you may pass only with an empty hand', 'HAND_NOT_EMPTY')
      events.push({ type: 'passed', seat })
    }
    if (s.scores[seat]! >= s.target) {
      s.winner = seat
      events.push({ type: 'won', seat })
    } else {
      s.turn = 1 - seat
    }
    s.rng = rng.state()
    return { state: s, events }
  },

  resign(state, seat) {
    if (state.winner !== null) throw new RuleViolation('MATCH_FINISHED', 'TG-4', 'the game is over')
    return { state: { ...state, winner: 1 - seat, resigned: seat }, events: [{ type: 'resigned', seat }] }
  },

  view(s, seat) {
    return {
      turn: s.turn,
      scores: s.scores,
      winner: s.winner,
      deckSizes: s.decks.map(d => d.length),
      handSizes: s.hands.map(h => h.length),
      hand: seat === null ? null : (s.hands[seat] ?? null),
    }
  },

  status(s) {
    if (s.winner === null) return { toAct: [s.turn], finished: false }
    return {
      toAct: [],
      finished: true,
      winners: [s.winner],
      reason: s.resigned != null ? `seat ${s.resigned + 1} resigned` : `reached ${s.target}`,
    }
  },

  describeAction(_s, a) {
    return a.type === 'play' ? `play ${a.card}` : a.type
  },

  // A seat sees its own hand and both scores: its own deck order, the other seat's hand and deck (the cards
  // that seat has not played yet) and the die are what a sample re-draws.
  determinize(state, seat, rng) {
    const s = copy(state)
    const other = 1 - seat
    s.decks[seat] = rng.shuffle(s.decks[seat]!)
    const unseen = rng.shuffle([...s.hands[other]!, ...s.decks[other]!])
    s.hands[other] = unseen.slice(0, s.hands[other]!.length)
    s.decks[other] = unseen.slice(s.hands[other]!.length)
    s.rng = Random.fromSeed(`determinize:${rng.int(0, 0x7fffffff)}`).state()
    return s
  },

  // The score lead as a share of the target, so playing the highest card (or rolling, 3.5 on average) scores best.
  evaluate(s, seat) {
    if (s.winner !== null) return s.winner === seat ? 1 : 0
    const lead = (s.scores[seat]! - s.scores[1 - seat]!) / s.target
    return Math.min(0.99, Math.max(0.01, 0.5 + lead / 2))
  },

  describeEvent(e, ctx) {
    const who = ctx.names[e.seat as number] ?? 'someone'
    if (e.type === 'drew') return e.secret ? `${who} drew ${(e.secret as { card: number }).card}` : `${who} drew a card`
    if (e.type === 'rolled') return `${who} rolled ${e.value as number}`
    if (e.type === 'won') return `${who} won`
    return null
  },

  cards: () =>
    Array.from({ length: 9 }, (_, i) => ({
      id: `card-${i + 1}`,
      name: `Card ${i + 1}`,
      type: 'number',
      data: { value: i + 1 },
    })),
  sampleDecks: () => [{ name: 'Ones to nines', deck: { cards: [1, 2, 3, 4, 5, 6, 7, 8, 9] } }],
}
