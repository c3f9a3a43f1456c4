import { z } from 'zod'
import type {
  AnyEngine,
  CardFacets,
  CardSetCards,
  CardInfo,
  DeckReport,
  DeckRules,
  EncodingLayout,
  GameRegistry,
  Violation,
  Vocabulary,
} from '../kernel/index.ts'
import { botKinds } from '../bots/kinds.ts'
import { ServiceError, parseInput } from './errors.ts'
import { compile, parseQuery, queryWords, sortCards, type QueryCard } from './card-query.ts'
import { NameIndex } from './nearest.ts'
import { cardsQuery, type CardFilterInput, validateDeckInput } from './schemas.ts'
import { fold } from './text-fold.ts'
import { RulesBook } from './rules-versions.ts'

/** A card as the API gives it: the engine's entry and its searchable facets (`power` null where it has none). */
export type CardView = CardInfo & Omit<CardFacets, 'power' | 'sellable'> & { power: number | null; sellable: boolean }

export interface IndexedCard {
  card: CardView
  /** The card as a query sees it: texts folded. */
  q: QueryCard
}

export interface CardSearch {
  cards: CardView[]
  /** Every match before paging. */
  total: number
  /** When nothing matched: the cards whose names are nearest to the search's words, nearest first. */
  suggestions: CardView[]
}

const NO_FACETS: CardFacets = { text: '', tags: [], colours: [], cost: null, ram: null }
const SUGGESTIONS = 5
// A deck of junk names should not cost a search of the whole catalogue for each of them.
const MAX_SUGGESTED = 5
const UNKNOWN = new Set(['UNKNOWN_CARD', 'UNKNOWN_AVATAR', 'UNKNOWN_HERO'])

export interface GameSummary {
  id: string
  name: string
  minSeats: number
  maxSeats: number
  /** The game has a draw result (draw offers are allowed). */
  draws: boolean
  deckSchema: unknown
  actionSchema: unknown
  optionsSchema: unknown
  sampleDecks: { name: string; deck: unknown }[]
  deckRules: DeckRules | null
  viewSchema: unknown
  eventSchema: unknown
  bots: string[]
  /** The engine's observation layout and action space, as the engine publishes them. */
  observationShape: EncodingLayout
  actionSpace: EncodingLayout
  /** JSON Schema of one homebrew card; for a game that takes none, a schema no value meets. */
  cardSchema: unknown
  vocabulary: Vocabulary
  /** The current ruleset version, and every version this server can still validate against and replay, newest first. */
  rulesVersion: string
  rulesVersions: string[]
}

const NO_VOCABULARY: Vocabulary = { operations: [], conditions: [], triggers: [], targets: [], durations: [] }

function jsonSchema(schema: z.ZodType): unknown {
  return z.toJSONSchema(schema, { unrepresentable: 'any', io: 'input' })
}

/** Games, cards and deck checks: everything that needs an engine but no database. */
export class Catalog {
  private readonly summaries = new Map<string, GameSummary>()
  private readonly indexes = new Map<string, IndexedCard[]>()
  private readonly names = new Map<string, NameIndex>()

  /** Each game's ruleset versions and the engine of each. */
  readonly rules: RulesBook

  constructor(
    private readonly registry: GameRegistry,
    rules: RulesBook = new RulesBook(),
  ) {
    this.rules = rules
  }

  engine(gameId: string): AnyEngine {
    const engine = this.registry.get(gameId)
    if (!engine) throw new ServiceError('NOT_FOUND', `unknown game '${gameId}'`)
    return engine
  }

  /**
   * The engine that plays a match: the one of the ruleset version it was created under (a stored match keeps its state
   * shape and behaviour across an engine change), or RULES_VERSION_UNAVAILABLE when this server no longer has it.
   */
  engineOf(match: { game: string; rulesVersion?: string }): AnyEngine {
    const current = this.engine(match.game)
    return match.rulesVersion === undefined ? current : this.rules.engine(match.game, match.rulesVersion, current)
  }

  games(): GameSummary[] {
    return this.registry.list().map(e => this.summary(e))
  }

  game(id: string): GameSummary | null {
    const e = this.registry.get(id)
    return e ? this.summary(e) : null
  }

  /**
   * The cards whose id, name, type, text, tags or colours contain every word of `search` (folded; an exact name
   * first) and that `query` and `filter` select, in the engine's order or the query's `order:`: `first` of them
   * after the card whose id is `after`.
   */
  cards(input: unknown): CardView[] {
    return this.searchCards(input, false).cards
  }

  /** `cards` with the number of matches before paging and, when nothing matched, the nearest names. */
  searchCards(input: unknown, suggest = true): CardSearch {
    const q = parseInput(cardsQuery, input)
    const index = this.index(q.game)
    const parsed = q.query ? parseQuery(q.query) : null
    const folded = fold(q.search ?? '').trim()
    const words = folded.split(/\s+/).filter(Boolean)
    const where = compile(parsed?.where ?? null)
    let hits = index.filter(e => words.every(w => e.q.haystack.includes(w)) && where(e.q) && passes(e.card, q.filter))
    if (parsed?.order) hits = sortCards(hits, e => e.q, parsed.order, parsed.descending)
    else if (folded) {
      // A card named exactly as searched comes first (the rest keep their order).
      const exact = hits.filter(e => e.q.name === folded)
      if (exact.length) hits = [...exact, ...hits.filter(e => e.q.name !== folded)]
    }
    let start = 0
    if (q.after != null) {
      const at = hits.findIndex(e => e.card.id === q.after)
      if (at < 0) throw new ServiceError('BAD_USER_INPUT', `after: '${q.after}' is not a card of this search`)
      start = at + 1
    }
    const cards = hits.slice(start, q.first == null ? undefined : start + q.first).map(e => e.card)
    let suggestions: CardView[] = []
    if (suggest && hits.length === 0) {
      const text = [folded, ...queryWords(parsed?.where ?? null)].filter(Boolean).join(' ').slice(0, 100)
      if (text) {
        const byName = new Map<string, CardView>()
        for (const e of index) if (!byName.has(e.card.name)) byName.set(e.card.name, e.card)
        suggestions = this.nameIndex(q.game)
          .nearest(text, SUGGESTIONS)
          .map(n => byName.get(n)!)
      }
    }
    return { cards, total: hits.length, suggestions }
  }

  /** Up to 5 printed names of the game nearest to `ref`, nearest first. */
  nearestNames(gameId: string, ref: string): string[] {
    return this.nameIndex(gameId).nearest(ref.slice(0, 100), SUGGESTIONS)
  }

  /** Every card of a game, indexed for queries, in the engine's order. */
  cardIndex(gameId: string): readonly IndexedCard[] {
    return this.index(gameId)
  }

  /** Parses and checks a deck; a deck of the wrong shape is reported as illegal, not thrown. */
  validateDeck(
    input: { game: string; deck: unknown; rulesVersion?: string | null },
    sets?: readonly CardSetCards[],
  ): DeckReport & { deck?: unknown; rulesVersion: string } {
    const q = parseInput(validateDeckInput, input)
    const rulesVersion = this.rules.requested(q.game, q.rulesVersion)
    const engine = this.rules.engine(q.game, rulesVersion, this.engine(q.game))
    const parsed = engine.schemas.deck.safeParse(q.deck)
    if (!parsed.success) {
      return {
        legal: false,
        rulesVersion,
        violations: parsed.error.issues.map(i => ({
          code: 'DECK_MALFORMED',
          message: `${i.path.length ? `${i.path.join('.')}: ` : ''}${i.message}`,
          cards: [],
        })),
      }
    }
    const report = engine.validateDeck(parsed.data, sets)
    return { ...report, rulesVersion, violations: this.suggest(q.game, report.violations), deck: parsed.data }
  }

  /** Unknown cards get the nearest printed names of the game. */
  private suggest(gameId: string, violations: Violation[]): Violation[] {
    let budget = MAX_SUGGESTED
    const names = this.nameIndex(gameId)
    return violations.map(v => {
      const ref = v.cards[0]
      if (!UNKNOWN.has(v.code) || ref === undefined || budget-- <= 0) return v
      return { ...v, suggestions: names.nearest(ref.slice(0, 100)) }
    })
  }

  private nameIndex(gameId: string): NameIndex {
    let names = this.names.get(gameId)
    if (!names) this.names.set(gameId, (names = new NameIndex(this.index(gameId).map(e => e.card.name))))
    return names
  }

  private index(gameId: string): IndexedCard[] {
    let index = this.indexes.get(gameId)
    if (!index) {
      const engine = this.engine(gameId)
      index = engine.cards().map(info => {
        const { power, sellable, ...facets } = engine.cardFacets?.(info) ?? NO_FACETS
        const card: CardView = { ...info, ...facets, power: power ?? null, sellable: sellable ?? false }
        const q: QueryCard = {
          id: fold(card.id),
          name: fold(card.name),
          type: fold(card.type),
          text: fold(card.text),
          tags: card.tags.map(fold),
          colours: card.colours.map(fold),
          haystack: fold([card.id, card.name, card.type, card.text, ...card.tags, ...card.colours].join('\n')),
          cost: card.cost,
          ram: card.ram,
          power: card.power,
        }
        return { card, q }
      })
      this.indexes.set(gameId, index)
    }
    return index
  }

  /**
   * A real opening decision of the game, for documentation examples: the first legal action of the first seat to
   * act after setup with the sample decks. Null when the game has no sample decks.
   */
  sampleAction(gameId: string): { type: string } | null {
    const e = this.engine(gameId)
    const samples = e.sampleDecks()
    if (!samples.length) return null
    const decks = Array.from({ length: e.seats.min }, (_, i) => e.schemas.deck.parse(samples[i % samples.length]!.deck))
    const state = e.setup(decks, e.schemas.options.parse({}), 'example')
    const seat = e.status(state).toAct[0]
    return seat === undefined ? null : (e.legalActions(state, seat)[0] ?? null)
  }

  /** The built-in bot kinds that can play this game. */
  bots(e: AnyEngine): string[] {
    return botKinds(e)
  }

  private summary(e: AnyEngine): GameSummary {
    let s = this.summaries.get(e.id)
    if (!s) {
      s = {
        id: e.id,
        name: e.name,
        minSeats: e.seats.min,
        maxSeats: e.seats.max,
        draws: e.draws === true,
        deckSchema: jsonSchema(e.schemas.deck),
        actionSchema: jsonSchema(e.schemas.action),
        optionsSchema: jsonSchema(e.schemas.options),
        sampleDecks: e.sampleDecks(),
        deckRules: e.deckRules ?? null,
        viewSchema: jsonSchema(e.schemas.view),
        eventSchema: jsonSchema(e.schemas.event),
        bots: botKinds(e),
        observationShape: e.observationShape,
        actionSpace: e.actionSpace,
        cardSchema: e.cardSupport?.cardSchema ?? { not: {} },
        vocabulary: e.cardSupport?.vocabulary ?? NO_VOCABULARY,
        rulesVersion: this.rules.current(e.id),
        rulesVersions: this.rules.versions(e.id),
      }
      this.summaries.set(e.id, s)
    }
    return s
  }
}

const inList = (values: readonly string[], wanted: readonly string[] | null | undefined) =>
  !wanted?.length || wanted.some(w => values.some(v => v.toLowerCase() === w.toLowerCase()))
const inRange = (n: number | null, min: number | null | undefined, max: number | null | undefined) =>
  (min == null && max == null) || (n !== null && (min == null || n >= min) && (max == null || n <= max))

function passes(c: CardView, f: CardFilterInput | null | undefined): boolean {
  if (!f) return true
  return (
    inList([c.type], f.types) &&
    inList(c.colours, f.colours) &&
    inList(c.tags, f.tags) &&
    inRange(c.cost, f.minCost, f.maxCost) &&
    inRange(c.ram, f.minRam, f.maxRam)
  )
}
