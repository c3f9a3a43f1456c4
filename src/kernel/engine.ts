// The engine contract: the GameEngine interface, its schemas, events and the shapes a game must return.
import type { Language } from './language.ts'
import { z } from 'zod'
import type { Random } from './random.ts'
import type { EncodingLayout } from './encoding.ts'
import type { CardSetCards, CardSupport } from './card-sets.ts'

export const violationSchema = z.object({
  code: z.string(),
  message: z.string(),
  rule: z.string().optional(),
  cards: z.array(z.string()),
  /** For an unknown card: the nearest printed names of the game, nearest first. */
  suggestions: z.array(z.string()).optional(),
})
export type Violation = z.infer<typeof violationSchema>

export const deckReportSchema = z.object({
  legal: z.boolean(),
  violations: z.array(violationSchema),
  summary: z.unknown().optional(),
})
export type DeckReport = z.infer<typeof deckReportSchema>

/**
 * What happened during one apply. Public fields are seen by everyone. Fields under `secret` are kept only
 * for the seats listed in `visibleTo` (e.g. the card a player drew); every other viewer, spectators
 * included, gets the event without `secret`. An event with no `visibleTo` is public as a whole.
 */
export const gameEventSchema = z
  .object({
    type: z.string(),
    visibleTo: z.array(z.number().int()).optional(),
    secret: z.record(z.string(), z.unknown()).optional(),
  })
  .catchall(z.unknown())
export type GameEvent = z.infer<typeof gameEventSchema>

export const matchStatusSchema = z.object({
  toAct: z.array(z.number().int()),
  finished: z.boolean(),
  winners: z.array(z.number().int()).optional(),
  reason: z.string().optional(),
  /**
   * The game's turn number: it changes exactly when a turn passes to another seat (decisions of other seats within a
   * turn, and simultaneous decisions, keep it). Optional: without it, every hand-over (the seats to act share none
   * with those before) begins a new turn. Clocks and turn notices count turns by it.
   */
  turn: z.number().int().min(0).optional(),
})
export type MatchStatus = z.infer<typeof matchStatusSchema>

/** A card (or hero) as the `cards` query describes it, built from the engine's own data. */
export interface CardInfo {
  id: string
  name: string
  type: string
  data: unknown
}

/** What a deck builder searches and filters a card by; null where the game has no such thing. */
export const cardFacetsSchema = z.object({
  text: z.string().describe('The card text (or description) in words'),
  tags: z.array(z.string()).describe('Tags, keywords and kinds, as printed'),
  colours: z.array(z.string()),
  cost: z.number().int().nullable(),
  ram: z.number().int().nullable(),
  power: z.number().int().nullable().optional().describe("Cyberpunk TCG's Power; absent or null where a card has none"),
  sellable: z.boolean().optional().describe('Whether the card bears a sell tag (absent: the game has none)'),
})
export type CardFacets = z.infer<typeof cardFacetsSchema>

/**
 * A game's deck-building rules as data, for deck builders. `validateDeck` reads the same constants, so a deck that
 * breaks one of these is refused citing the same number.
 */
export const deckRulesSchema = z.object({
  leader: z
    .object({ kind: z.string().describe('Legend, avatar or hero'), count: z.number().int().min(1) })
    .describe('The cards that lead the deck, outside the main deck'),
  mainDeck: z
    .object({ min: z.number().int().min(0), max: z.number().int().min(0) })
    .nullable()
    .describe('Cards in the main deck besides the leaders; null when the leader comes with a fixed deck'),
  maxCopies: z.number().int().min(1).nullable().describe('Copies of one card in the main deck'),
  limits: z
    .array(
      z.object({
        code: z.string().describe('The violation code it is refused with'),
        rule: z.string(),
        description: z.string(),
      }),
    )
    .describe("The game's other limits"),
})
export type DeckRules = z.infer<typeof deckRulesSchema>

export interface SampleDeck<Deck> {
  name: string
  deck: Deck
}

/**
 * Who a label is written for. `names[i]` is seat i's display name ("Ann", or "Seat 1" when it has none);
 * `viewer` is the seat reading it (null = spectator). A label never names a card `viewer` cannot see.
 */
export interface LabelContext {
  names: readonly string[]
  viewer: number | null
  /**
   * The language to write in (absent: English); game terms as that language's source text writes them, card names as
   * printed.
   */
  lang?: Language
  /**
   * The match's state (any version: only the cards it was dealt are read), so that an event names a homebrew card by
   * its set's name; absent, an event names built-in cards only. `describeAction` has the state already.
   */
  state?: unknown
}

/** How the search bots play a game where the defaults of src/bots/budget.ts do not suit it; absent fields: those. */
export const botTuningSchema = z.strictObject({
  rolloutDepth: z
    .number()
    .int()
    .min(0)
    .optional()
    .describe('Random moves in an ismcts playout before `evaluate` scores the position (default 0)'),
  rootRollouts: z
    .strictObject({
      samplesPer5: z
        .number()
        .int()
        .min(1)
        .describe('Determinizations per candidate at strength 5; strength s plays samplesPer5 × s / 5, rounded up'),
      candidates: z.number().int().min(1).describe("How many of greedy's best actions are played out"),
      runs: z.number().int().min(1).describe('How many runs a playout lasts (SearchLimits.playoutRuns)'),
      depth: z.number().int().min(1).describe('At most this many moves a playout'),
    })
    .optional()
    .describe('ismcts runs the rollout algorithm at the root (`rolloutChoice`) instead of growing a tree'),
})
export type BotTuning = z.infer<typeof botTuningSchema>

/** Every action is a JSON object with a `type`; the rest of its shape is the engine's. */
export type BaseAction = { type: string }

/**
 * The contract every game implements. Engines are pure: plain JSON state, randomness only from the
 * seeded generator kept in the state, no I/O, no clock. `apply` never mutates its input state.
 */
export interface GameEngine<
  State = unknown,
  Action extends BaseAction = BaseAction,
  Deck = unknown,
  Options = unknown,
  View = unknown,
> {
  id: string
  name: string
  seats: { min: number; max: number }
  /**
   * The game has a draw result: `status` can finish with `winners: []`. Draw offers are allowed only then (absent:
   * false).
   */
  draws?: boolean
  /**
   * Deck, action and options schemas are strict (an unknown field is an error). `view` describes what
   * `view()` returns and `event` every event `apply` emits (as redacted for any viewer); both are
   * published as JSON Schema with descriptions.
   */
  schemas: {
    deck: z.ZodType<Deck>
    action: z.ZodType<Action>
    options: z.ZodType<Options>
    view: z.ZodType<unknown>
    event: z.ZodType<GameEvent>
  }
  /** `sets`: the card sets the deck's `sets` list names, as exact `<id>@<version>` refs (a game with `cardSupport`). */
  validateDeck(deck: Deck, sets?: readonly CardSetCards[]): DeckReport
  /**
   * `decks[i]` is seat i's deck, already parsed by `schemas.deck` and found legal; `sets` holds the card sets the decks
   * name (a game with `cardSupport`), which the state keeps so that replaying seed and log needs nothing else.
   */
  setup(decks: Deck[], options: Options, seed: string, sets?: readonly CardSetCards[]): State
  /** Every action `seat` may take now; [] when it is not this seat's decision. Deterministic order. */
  legalActions(state: State, seat: number): Action[]
  /**
   * Applies one decision and every forced step after it. Throws RuleViolation and changes nothing on an illegal action.
   */
  apply(state: State, seat: number, action: Action): { state: State; events: GameEvent[] }
  /** What `seat` may see (null = spectator): no other seat's hidden cards, no deck order, no RNG state. */
  view(state: State, seat: number | null): View
  /** The observation vector's layout: consecutive named slices covering 0..size-1, one per feature, each described. */
  observationShape: EncodingLayout
  /**
   * A vector of `observationShape.size` finite values: a pure, deterministic function of a view (never of the state).
   */
  encodeObservation(view: View): Float32Array
  /**
   * The fixed action space: one slice per action `type` (slice name = the type), consecutive, covering 0..size-1; each
   * description says how the action's parameters map to offsets inside the slice. The size is the same for every seat
   * count.
   */
  actionSpace: EncodingLayout
  /**
   * The index of an action listed now for `seat`: inside the slice named `action.type`, injective within a state, with
   * the fixed meaning its slice describes (e.g. "the card in hand position k"). Throws an ILLEGAL_ACTION RuleViolation
   * for an action not listed. `actionFromIndex` is its inverse (null for an index no listed action has).
   */
  actionIndex(state: State, seat: number, action: Action): number
  actionFromIndex(state: State, seat: number, index: number): Action | null
  /**
   * 0/1 of length `actionSpace.size`: 1 exactly at the indices of `legalActions(state, seat)` (all 0 when it is not
   * this seat's decision).
   */
  legalMask(state: State, seat: number): Uint8Array
  status(state: State): MatchStatus
  /**
   * A short label for people: printed names, seat names, dice by 1-based position and face, costs and
   * targets in words. `ctx.viewer` defaults to the acting seat; for any other viewer the label tells only
   * what that viewer may see of the action. Also used for `LogEntry.label`.
   */
  describeAction(state: State, action: Action, ctx?: LabelContext): string
  /**
   * One event in words for the transcript; `event` is already redacted for `ctx.viewer`. Null: nothing worth a line.
   */
  describeEvent(event: GameEvent, ctx: LabelContext): string | null
  /**
   * Why the match ended (`status().reason`, as stored) in `ctx.lang`, seats by name; absent: the reason is shown as it
   * is.
   */
  describeEndReason?(reason: string, ctx: LabelContext): string
  /**
   * `seat` gives up, at any time while the match is not finished, whoever is to act: the game applies it
   * by its own rules (the other side wins a 2-seat game, a team loses together, a free-for-all seat is
   * eliminated and play goes on). Also used for a FORFEIT on timeout.
   */
  resign(state: State, seat: number): { state: State; events: GameEvent[] }
  /**
   * A full state consistent with everything `seat` can see: every card `seat` cannot see is shuffled among
   * the places it could be, unseen dice are re-rolled and the state's own random generator is re-seeded
   * from `rng`, so `view(determinize(s, seat, rng), seat)` deep-equals `view(s, seat)`. For search bots;
   * an engine without it (and `evaluate`) offers only the random bot.
   */
  determinize?(state: State, seat: number, rng: Random): State
  /**
   * A one-ply heuristic for the `greedy` bot: how good `state` is for `seat`, in [0, 1] (1 = won). Reads
   * only what `seat` can see.
   */
  evaluate?(state: State, seat: number): number
  cards(): CardInfo[]
  /** The searchable facts of one card of `cards()`. Optional: without it a search sees only id, name and type. */
  cardFacets?(card: CardInfo): CardFacets
  /** Optional: absent for a game whose decks have no published limits. */
  deckRules?: DeckRules
  /**
   * For deck statistics: how many cards of its deck a seat going first has seen by the start of its turn `turn`
   * (1-based): the opening hand and the draws the rules give by then, that turn's own draw included. Optional.
   */
  cardsSeen?(turn: number): number
  /**
   * For a game whose leader brings a fixed deck (Marvel Dice Throne's hero): that deck's cards by id with their
   * copies, or null when the deck's leader is unknown. Optional: other games' main decks are the deck's own entries.
   */
  fixedDeck?(deck: Deck): { card: string; count: number }[] | null
  sampleDecks(): SampleDeck<Deck>[]
  /**
   * What other viewers may see of a seat's action in the match log. Optional: without it the log shows
   * only the action's `type` to others (its public effects are in the events), so a face-down choice
   * never leaks through the log.
   */
  publicAction?(action: Action): unknown
  /**
   * Match options for play by bots alone when none are given: benchmarks, `arbiter sim`, the deck lab and the generic
   * property tests, whose uniform random bot would misuse some defaults (a listed concession it picks within a few
   * decisions). Absent: the game's default options.
   */
  randomPlayOptions?: Partial<Options>
  /** How the search bots play this game, where the defaults do not suit it. Optional. */
  botTuning?: BotTuning
  /** Homebrew cards: the card schema, the effect vocabulary and the card check. Absent: the game takes no card sets. */
  cardSupport?: CardSupport
}

// The registry and the service only handle engines through this erased type.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyEngine = GameEngine<any, any, any, any, any>
