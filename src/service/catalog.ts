import { z } from 'zod'
import type { AnyEngine, CardInfo, DeckReport, GameRegistry } from '../kernel/index.ts'
import { botKinds } from '../bots/kinds.ts'
import { ServiceError, parseInput } from './errors.ts'
import { cardsQuery, validateDeckInput } from './schemas.ts'

export interface GameSummary {
  id: string
  name: string
  minSeats: number
  maxSeats: number
  deckSchema: unknown
  actionSchema: unknown
  optionsSchema: unknown
  sampleDecks: { name: string; deck: unknown }[]
  viewSchema: unknown
  eventSchema: unknown
  bots: string[]
}

function jsonSchema(schema: z.ZodType): unknown {
  return z.toJSONSchema(schema, { unrepresentable: 'any', io: 'input' })
}

/** Games, cards and deck checks: everything that needs an engine but no database. */
export class Catalog {
  private readonly summaries = new Map<string, GameSummary>()

  constructor(private readonly registry: GameRegistry) {}

  engine(gameId: string): AnyEngine {
    const engine = this.registry.get(gameId)
    if (!engine) throw new ServiceError('NOT_FOUND', `unknown game '${gameId}'`)
    return engine
  }

  games(): GameSummary[] {
    return this.registry.list().map((e) => this.summary(e))
  }

  game(id: string): GameSummary | null {
    const e = this.registry.get(id)
    return e ? this.summary(e) : null
  }

  cards(input: { game: string; search?: string | null }): CardInfo[] {
    const q = parseInput(cardsQuery, input)
    const all = this.engine(q.game).cards()
    const needle = q.search?.trim().toLowerCase()
    if (!needle) return all
    return all.filter((c) => c.id.includes(needle) || c.name.toLowerCase().includes(needle) || c.type.toLowerCase().includes(needle))
  }

  /** Parses and checks a deck; a deck of the wrong shape is reported as illegal, not thrown. */
  validateDeck(input: { game: string; deck: unknown }): DeckReport & { deck?: unknown } {
    const q = parseInput(validateDeckInput, input)
    const engine = this.engine(q.game)
    const parsed = engine.schemas.deck.safeParse(q.deck)
    if (!parsed.success) {
      return {
        legal: false,
        violations: parsed.error.issues.map((i) => ({
          code: 'DECK_MALFORMED',
          message: `${i.path.length ? `${i.path.join('.')}: ` : ''}${i.message}`,
          cards: [],
        })),
      }
    }
    return { ...engine.validateDeck(parsed.data), deck: parsed.data }
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
        deckSchema: jsonSchema(e.schemas.deck),
        actionSchema: jsonSchema(e.schemas.action),
        optionsSchema: jsonSchema(e.schemas.options),
        sampleDecks: e.sampleDecks(),
        viewSchema: jsonSchema(e.schemas.view),
        eventSchema: jsonSchema(e.schemas.event),
        bots: botKinds(e),
      }
      this.summaries.set(e.id, s)
    }
    return s
  }
}
