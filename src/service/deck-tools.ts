// Deck tools without storage: normal form, text import and export, share codes, catalogue versions and statistics.
import { z } from 'zod'
import type { CardSetCards, DeckReport } from '../kernel/index.ts'
import type { Catalog } from './catalog.ts'
import { CATALOGUE_VERSIONS } from './catalogue-versions.ts'
import { decodeDeckCode, DECK_CODE_MAX_LENGTH, encodeDeckCode, GAME_NUMBERS } from './deck-code.ts'
import {
  CardResolver,
  deckLayout,
  joinDeck,
  splitDeck,
  type DeckLayout,
  type DeckParts,
  type Normalisation,
} from './deck-normal.ts'
import { deckStats, type DeckStats } from './deck-stats.ts'
import {
  deckFormats,
  DECK_TEXT_MAX_LENGTH,
  DECK_TEXT_MAX_LINES,
  parseDeckText,
  writeDeckText,
  type DeckProblem,
} from './deck-text.ts'
import { ServiceError, parseInput } from './errors.ts'
import { gameIdSchema } from './schemas.ts'

export type DeckValidation = Omit<DeckReport, 'summary'> & {
  summary?: unknown
  stats: DeckStats | null
  rulesVersion: string
}

export interface DeckImport {
  format: string
  deck: unknown
  validation: DeckValidation
  problems: DeckProblem[]
}

const SUGGESTED_LINES = 20
const json = z.unknown().refine(v => v !== undefined, 'required')
const formatField = z.string().max(40).nullish()
export const importDeckInput = z.object({
  game: gameIdSchema,
  text: z
    .string()
    .max(DECK_TEXT_MAX_LENGTH)
    .refine(t => t.split('\n').length <= DECK_TEXT_MAX_LINES, `at most ${DECK_TEXT_MAX_LINES} lines`),
  format: formatField,
})
export const exportDeckInput = z.object({ game: gameIdSchema, deck: json, format: formatField })
export const deckCodeInput = z.object({ game: gameIdSchema, deck: json })
const codeSchema = z.string().max(DECK_CODE_MAX_LENGTH)
const versionSchema = z.number().int().min(1).max(1_000_000).nullish()

interface GameTools {
  layout: DeckLayout
  resolver: CardResolver
}

export class DeckTools {
  private readonly games = new Map<string, GameTools | null>()

  /** `versions`: each game's catalogue versions (the frozen ones by default; tests build others). */
  constructor(
    private readonly catalog: Catalog,
    private readonly versions: Readonly<Record<string, readonly (readonly string[])[]>> = CATALOGUE_VERSIONS,
  ) {}

  private tools(game: string): GameTools | null {
    if (!this.games.has(game)) {
      const engine = this.catalog.engine(game)
      const layout = deckLayout(engine)
      this.games.set(
        game,
        layout ? { layout, resolver: new CardResolver(this.catalog.cardIndex(game), layout.leaderType) } : null,
      )
    }
    return this.games.get(game)!
  }

  private required(game: string): GameTools {
    const t = this.tools(game)
    if (!t) throw new ServiceError('BAD_USER_INPUT', `${game} has no deck lists`)
    return t
  }

  formats(game: string): string[] {
    return this.tools(game) ? deckFormats(game) : []
  }

  /** A deck that fits the game's schema, in normal form, and the references rewritten; any other value as given. */
  normalise(game: string, deck: unknown): { deck: unknown; normalised: Normalisation[] } {
    const t = this.tools(game)
    const engine = this.catalog.engine(game)
    if (!t || !engine.schemas.deck.safeParse(deck).success) return { deck, normalised: [] }
    const { parts, normalised } = t.resolver.normalise(splitDeck(t.layout, deck as Record<string, unknown>))
    return { deck: { ...(deck as object), ...joinDeck(t.layout, parts) }, normalised }
  }

  /** validateDeck with the statistics of a deck that fits the schema. */
  /**
   * Against the current rules, or the version `rulesVersion` names; `sets`: the card sets the deck's `sets` list names
   * (CardSetService.resolve).
   */
  validate(game: string, deck: unknown, rulesVersion?: string | null, sets?: readonly CardSetCards[]): DeckValidation {
    const { deck: parsed, ...report } = this.catalog.validateDeck({ game, deck, rulesVersion }, sets)
    return { ...report, stats: parsed === undefined ? null : this.stats(game, parsed) }
  }

  /**
   * Null for a deck that does not fit the game's schema; a game whose decks are not card lists has empty statistics.
   */
  stats(game: string, deck: unknown): DeckStats | null {
    const t = this.tools(game)
    const engine = this.catalog.engine(game)
    const parsed = engine.schemas.deck.safeParse(deck)
    if (!parsed.success) return null
    const resolver = t?.resolver ?? new CardResolver([], '')
    const parts = t
      ? t.resolver.normalise(splitDeck(t.layout, parsed.data as Record<string, unknown>)).parts
      : { leaders: [], main: [] }
    return deckStats(engine, this.catalog.cardIndex(game), resolver, parts, parsed.data)
  }

  importDeck(input: unknown): DeckImport {
    const q = parseInput(importDeckInput, input)
    const t = this.required(q.game)
    const format = this.format(q.game, q.format)
    // A list of junk should not cost a search of the catalogue for each of its 500 lines: the first ones get
    // suggestions.
    let budget = SUGGESTED_LINES
    const suggest = (ref: string) => (budget-- > 0 ? this.catalog.nearestNames(q.game, ref) : [])
    const { parts, problems } = parseDeckText(q.text, t.layout, t.resolver, suggest)
    const deck = joinDeck(t.layout, parts)
    return { format, deck, validation: this.validate(q.game, deck), problems }
  }

  /** A deck as text; DECK_ILLEGAL for a deck that does not fit the game's schema. */
  exportDeck(input: unknown): { format: string; text: string } {
    const q = parseInput(exportDeckInput, input)
    const t = this.required(q.game)
    const format = this.format(q.game, q.format)
    const parts = this.parts(q.game, t, q.deck)
    const printed = new Map(this.catalog.cardIndex(q.game).map(e => [e.card.id, e.card.name]))
    const ref = (id: string, slot: 'leader' | 'main') => {
      const name = printed.get(id)
      return name !== undefined && t.resolver.resolve(name, slot) === id ? name : id
    }
    return { format, text: writeDeckText(format, t.layout, parts, { ref }) }
  }

  /** The deck's share code; DECK_ILLEGAL when it does not fit the schema or a card does not resolve. */
  deckCode(input: unknown): string {
    const q = parseInput(deckCodeInput, input)
    const t = this.required(q.game)
    const parts = this.parts(q.game, t, q.deck)
    const ids = this.catalogue(q.game)
    const position = new Map(ids.map((id, i) => [id, i]))
    const unknown = [...parts.leaders, ...(parts.main ?? []).map(e => e.card)].filter(id => !position.has(id))
    if (unknown.length) {
      const violations = this.catalog
        .validateDeck({ game: q.game, deck: q.deck })
        .violations.filter(v => v.cards.some(c => unknown.includes(c)))
      throw new ServiceError('DECK_ILLEGAL', 'a deck whose cards do not all resolve has no code', { violations })
    }
    return encodeDeckCode({
      game: GAME_NUMBERS[q.game] ?? 0,
      catalogueVersion: this.catalogueVersion(q.game),
      leaders: parts.leaders.map(id => position.get(id)!),
      main: (parts.main ?? []).map(e => ({ index: position.get(e.card)!, count: e.count })),
    })
  }

  /** `Deck.code`: null where deckCode refuses. */
  codeOrNull(game: string, deck: unknown): string | null {
    try {
      return this.deckCode({ game, deck })
    } catch (e) {
      if (e instanceof ServiceError) return null
      throw e
    }
  }

  /** A code of any known catalogue version, as a deck of current ids in normal form (main deck in catalogue order). */
  deckFromCode(raw: unknown): { game: string; deck: unknown; catalogueVersion: number } {
    const code = parseInput(codeSchema, raw, 'code')
    const coded = decodeDeckCode(code)
    const game = Object.keys(GAME_NUMBERS).find(g => GAME_NUMBERS[g] === coded.game)
    if (!game || !this.catalog.game(game))
      throw new ServiceError('DECK_CODE_INVALID', `not a deck code: unknown game ${coded.game}`)
    const all = this.allVersions(game)
    const ids = all[coded.catalogueVersion - 1]
    if (!ids)
      throw new ServiceError(
        'DECK_CODE_INVALID',
        `not a deck code: ${game} has no catalogue version ${coded.catalogueVersion}`,
      )
    const at = (i: number) => {
      const id = ids[i]
      if (id === undefined)
        throw new ServiceError(
          'DECK_CODE_INVALID',
          `not a deck code: card index ${i} is outside catalogue version ${coded.catalogueVersion}`,
        )
      return id
    }
    const t = this.required(game)
    const seen = new Set<number>()
    for (const e of coded.main) {
      if (seen.has(e.index)) throw new ServiceError('DECK_CODE_INVALID', `not a deck code: card index ${e.index} twice`)
      seen.add(e.index)
    }
    const parts: DeckParts = {
      leaders: coded.leaders.map(at),
      main: t.layout.hasMain
        ? [...coded.main].sort((a, b) => a.index - b.index).map(e => ({ card: at(e.index), count: e.count }))
        : null,
    }
    if (!t.layout.hasMain && coded.main.length)
      throw new ServiceError('DECK_CODE_INVALID', `not a deck code: ${game} decks have no main deck`)
    if (!t.layout.leaderList && parts.leaders.length !== 1)
      throw new ServiceError('DECK_CODE_INVALID', `not a deck code: a ${game} deck has one ${t.layout.leaderField}`)
    return { game, deck: joinDeck(t.layout, parts), catalogueVersion: coded.catalogueVersion }
  }

  /** The current catalogue version of a game (1-based). */
  catalogueVersion(game: string): number {
    return this.allVersions(game).length
  }

  /** The card ids of a catalogue version (default: the current one), in index order. */
  catalogue(game: string, version?: number | null): string[] {
    const v = parseInput(versionSchema, version, 'version')
    const all = this.allVersions(game)
    const ids = all[(v ?? all.length) - 1]
    if (!ids) throw new ServiceError('NOT_FOUND', `${game} has no catalogue version ${v}`)
    return [...ids]
  }

  /** The frozen versions, and an implicit next one when the engine lists cards the last frozen version lacks. */
  private allVersions(game: string): (readonly string[])[] {
    const frozen = [...(this.versions[game] ?? [])]
    const last = frozen[frozen.length - 1] ?? []
    const known = new Set(last)
    const added = this.catalog
      .cardIndex(game)
      .map(e => e.card.id)
      .filter(id => !known.has(id))
    if (added.length || frozen.length === 0) frozen.push([...last, ...added])
    return frozen
  }

  /** A deck's parts in normal form; DECK_ILLEGAL (DECK_MALFORMED) for a deck that does not fit the schema. */
  private parts(game: string, t: GameTools, deck: unknown): DeckParts {
    const report = this.catalog.validateDeck({ game, deck })
    if (report.deck === undefined)
      throw new ServiceError('DECK_ILLEGAL', `not a ${game} deck`, { violations: report.violations })
    return t.resolver.normalise(splitDeck(t.layout, report.deck as Record<string, unknown>)).parts
  }

  private format(game: string, raw: string | null | undefined): string {
    const format = raw ?? 'plain'
    const formats = this.formats(game)
    if (!formats.includes(format))
      throw new ServiceError('BAD_USER_INPUT', `format: '${format.slice(0, 40)}' is not one of ${formats.join(', ')}`)
    return format
  }
}
