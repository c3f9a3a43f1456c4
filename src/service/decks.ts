/**
 * Saved decks, drafts included: stored in normal form, judged when read, listed, updated and deleted by their owner or
 * with their edit token.
 */
import { z } from 'zod'
import type { Violation } from '../kernel/index.ts'
import type { Database } from '../store/database.ts'
import type { Caller } from './caller.ts'
import type { CardSetService } from './card-sets.ts'
import type { Catalog } from './catalog.ts'
import type { Normalisation } from './deck-normal.ts'
import { DeckTools } from './deck-tools.ts'
import { ServiceError, parseInput } from './errors.ts'
import type { PlayerService } from './players.ts'
import type { Quotas } from './quotas.ts'
import { idSchema, myDecksArgs, saveDeckInput, updateDeckInput, type UpdateDeckInput } from './schemas.ts'
import { hashToken, newSeatToken } from './tokens.ts'

const exportDeckArgs = z
  .object({
    deckId: idSchema.nullish(),
    game: z.string().max(100).nullish(),
    deck: z.unknown().optional(),
    format: z.string().max(40).nullish(),
  })
  .refine(a => (a.deckId != null) !== (a.game != null || a.deck != null), 'give deckId, or game and deck')
  .refine(a => a.deckId != null || (a.game != null && a.deck != null), 'give deckId, or game and deck')

export interface DeckRecord {
  id: string
  game: string
  name: string
  deck: unknown
  /** Judged when read, against the game's current rules. */
  legal: boolean
  violations: Violation[]
  /** The ruleset version `legal` and `violations` were judged against (the game's current one). */
  rulesVersion: string
  /** In the answer of a save or update only: the references rewritten to card ids. */
  normalised: Normalisation[]
  createdAt: string
  updatedAt: string
  ownerId: string | null
  /** Only in the answer to a save without a player key: the one secret that may later change the deck. */
  editToken?: string
}

interface DeckRow {
  id: string
  game: string
  name: string
  list: unknown
  legal: boolean
  createdAt: Date
  updatedAt: Date
  ownerId: string | null
  editTokenHash: string | null
}

export class DeckService {
  readonly tools: DeckTools

  constructor(
    private readonly db: Database,
    private readonly catalog: Catalog,
    private readonly players: PlayerService,
    private readonly quotas: Quotas,
    private readonly cardSets: CardSetService,
  ) {
    this.tools = new DeckTools(catalog)
  }

  /**
   * Stores any deck that fits the game's deck schema, legal or not (a draft), in normal form; one that does not fit
   * fails with DECK_ILLEGAL and its DECK_MALFORMED violations. With a player key the player owns it; without one the
   * answer carries an edit token, shown only here.
   */
  async save(input: { game: string; name: string; deck: unknown }, caller: Caller = {}): Promise<DeckRecord> {
    const q = parseInput(saveDeckInput, input)
    const { list, legal, normalised } = await this.storable(q.game, q.name, q.deck)
    const owner = await this.players.fromCaller(caller)
    const editToken = owner ? undefined : `dk_${newSeatToken()}`
    const ticket = await this.quotas.take('deck', caller, owner?.id ?? null)
    const row = await this.db.prisma.deck
      .create({
        data: {
          game: q.game,
          name: q.name,
          list: list as object,
          legal,
          ownerId: owner?.id ?? null,
          editTokenHash: editToken ? hashToken(editToken) : null,
        },
      })
      .catch(async (e: unknown) => {
        await ticket.release()
        throw e
      })
    return { ...(await this.toRecord(row)), normalised, ...(editToken ? { editToken } : {}) }
  }

  async get(id: string): Promise<DeckRecord | null> {
    const r = idSchema.safeParse(id)
    if (!r.success) return null
    const row = await this.db.prisma.deck.findUnique({ where: { id: r.data } })
    return row ? this.toRecord(row) : null
  }

  /** The caller's decks (player key), newest change first. */
  async mine(caller: Caller, raw: { game?: string | null } = {}): Promise<DeckRecord[]> {
    const me = await this.players.require(caller)
    const q = parseInput(myDecksArgs, raw)
    const rows = await this.db.prisma.deck.findMany({
      where: { ownerId: me.id, ...(q.game ? { game: q.game } : {}) },
      orderBy: [{ updatedAt: 'desc' }, { id: 'asc' }],
    })
    return Promise.all(rows.map(r => this.toRecord(r)))
  }

  /** A new name or list (a draft too; one that does not fit the deck schema is refused and nothing changes). */
  async update(raw: UpdateDeckInput, caller: Caller): Promise<DeckRecord> {
    const q = parseInput(updateDeckInput, raw)
    const row = await this.editable(q.id, caller)
    const name = q.name ?? row.name
    const next = q.deck == null ? undefined : await this.storable(row.game, name, q.deck)
    const updated = await this.db.prisma.deck.update({
      where: { id: row.id },
      data: { name, ...(next === undefined ? {} : { list: next.list as object, legal: next.legal }) },
    })
    return { ...(await this.toRecord(updated)), normalised: next?.normalised ?? [] }
  }

  /** A saved deck (`deckId`, anyone may read it as `deck` does) or a given `deck` of `game`, as text. */
  async exportDeck(raw: {
    deckId?: string | null
    game?: string | null
    deck?: unknown
    format?: string | null
  }): Promise<{ format: string; text: string }> {
    const q = parseInput(exportDeckArgs, raw)
    if (q.deckId != null) {
      const saved = await this.get(q.deckId)
      if (!saved) throw new ServiceError('NOT_FOUND', `no deck ${q.deckId}`)
      return this.tools.exportDeck({ game: saved.game, deck: saved.deck, format: q.format })
    }
    return this.tools.exportDeck({ game: q.game, deck: q.deck, format: q.format })
  }

  /** Matches that were dealt this deck keep their copy of it. */
  async delete(id: string, caller: Caller): Promise<boolean> {
    const row = await this.editable(parseInput(idSchema, id, 'deck id'), caller)
    await this.db.prisma.deck.deleteMany({ where: { id: row.id } })
    return true
  }

  /** The deck in normal form, if it fits the game's deck schema. */
  private async storable(
    game: string,
    name: string,
    deck: unknown,
  ): Promise<{ list: unknown; legal: boolean; normalised: Normalisation[] }> {
    const report = await this.judged(game, deck)
    if (report.deck === undefined)
      throw new ServiceError('DECK_ILLEGAL', `deck '${name}' is not a ${game} deck`, { violations: report.violations })
    const { deck: list, normalised } = this.tools.normalise(game, report.deck)
    // The sets are kept as the owner named them: a bare set id goes on meaning the set's newest version.
    const given = (deck as { sets?: unknown } | null)?.sets
    return { list: given === undefined ? list : { ...(list as object), sets: given }, legal: report.legal, normalised }
  }

  /**
   * The deck checked against the game's current rules with the card sets it names resolved (as a match would deal
   * them: a bare set id is its newest version), so that a deck of homebrew cards is legal when its sets make it so.
   */
  private async judged(game: string, deck: unknown): Promise<ReturnType<Catalog['validateDeck']>> {
    const { deck: exact, sets } = await this.cardSets.resolve(game, deck)
    return this.catalog.validateDeck({ game, deck: exact }, sets)
  }

  /**
   * The stored row as the API gives it, judged against the game's rules now (the stored `legal` was at the last save).
   */
  private async toRecord(row: DeckRow): Promise<DeckRecord> {
    const report = this.catalog.game(row.game) ? await this.judged(row.game, row.list) : null
    return {
      id: row.id,
      game: row.game,
      name: row.name,
      deck: row.list,
      legal: report?.legal ?? false,
      violations: report?.violations ?? [],
      rulesVersion: this.catalog.rules.current(row.game),
      normalised: [],
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
      ownerId: row.ownerId,
    }
  }

  /** The deck, if the caller bears its owner's key or its edit token. */
  private async editable(rawId: string, caller: Caller): Promise<DeckRow> {
    const id = parseInput(idSchema, rawId, 'deck id')
    const row = await this.db.prisma.deck.findUnique({ where: { id } })
    if (!row) throw new ServiceError('NOT_FOUND', `no deck ${id}`)
    if (!caller.token)
      throw new ServiceError(
        'UNAUTHENTICATED',
        "changing a deck needs its owner's player key or its edit token: Authorization: Bearer <key or token>",
      )
    if (row.ownerId) {
      const me = await this.players.fromCaller(caller)
      if (me?.id !== row.ownerId) throw new ServiceError('NOT_DECK_OWNER', `deck ${id} belongs to another player`)
    } else if (row.editTokenHash !== hashToken(caller.token)) {
      throw new ServiceError('NOT_DECK_OWNER', `this is not the edit token of deck ${id}`)
    }
    return row
  }
}
