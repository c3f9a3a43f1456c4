/** Saved decks: stored only when legal, listed, updated and deleted by their owner or with their edit token. */
import type { Database } from '../store/database.ts'
import type { Caller } from './caller.ts'
import type { Catalog } from './catalog.ts'
import { ServiceError, parseInput } from './errors.ts'
import type { PlayerService } from './players.ts'
import type { Quotas } from './quotas.ts'
import { idSchema, myDecksArgs, saveDeckInput, updateDeckInput, type UpdateDeckInput } from './schemas.ts'
import { hashToken, newSeatToken } from './tokens.ts'

export interface DeckRecord {
  id: string
  game: string
  name: string
  deck: unknown
  legal: boolean
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
  constructor(
    private readonly db: Database,
    private readonly catalog: Catalog,
    private readonly players: PlayerService,
    private readonly quotas: Quotas,
  ) {}

  /**
   * Stores a deck only if it is legal; an illegal one fails with DECK_ILLEGAL and its violations. With a player key
   * the player owns it; without one the answer carries an edit token, shown only here.
   */
  async save(input: { game: string; name: string; deck: unknown }, caller: Caller = {}): Promise<DeckRecord> {
    const q = parseInput(saveDeckInput, input)
    const list = this.legalList(q.game, q.name, q.deck)
    const owner = await this.players.fromCaller(caller)
    const editToken = owner ? undefined : `dk_${newSeatToken()}`
    const ticket = await this.quotas.take('deck', caller, owner?.id ?? null)
    const row = await this.db.prisma.deck
      .create({ data: { game: q.game, name: q.name, list: list as object, legal: true, ownerId: owner?.id ?? null, editTokenHash: editToken ? hashToken(editToken) : null } })
      .catch(async (e: unknown) => {
        await ticket.release()
        throw e
      })
    return { ...toRecord(row), ...(editToken ? { editToken } : {}) }
  }

  async get(id: string): Promise<DeckRecord | null> {
    const r = idSchema.safeParse(id)
    if (!r.success) return null
    const row = await this.db.prisma.deck.findUnique({ where: { id: r.data } })
    return row ? toRecord(row) : null
  }

  /** The caller's decks (player key), newest change first. */
  async mine(caller: Caller, raw: { game?: string | null } = {}): Promise<DeckRecord[]> {
    const me = await this.players.require(caller)
    const q = parseInput(myDecksArgs, raw)
    const rows = await this.db.prisma.deck.findMany({ where: { ownerId: me.id, ...(q.game ? { game: q.game } : {}) }, orderBy: [{ updatedAt: 'desc' }, { id: 'asc' }] })
    return rows.map(toRecord)
  }

  /** A new name or list (checked again: only legal decks are stored). */
  async update(raw: UpdateDeckInput, caller: Caller): Promise<DeckRecord> {
    const q = parseInput(updateDeckInput, raw)
    const row = await this.editable(q.id, caller)
    const name = q.name ?? row.name
    const list = q.deck == null ? undefined : this.legalList(row.game, name, q.deck)
    const updated = await this.db.prisma.deck.update({ where: { id: row.id }, data: { name, ...(list === undefined ? {} : { list: list as object }) } })
    return toRecord(updated)
  }

  /** Matches that were dealt this deck keep their copy of it. */
  async delete(id: string, caller: Caller): Promise<boolean> {
    const row = await this.editable(parseInput(idSchema, id, 'deck id'), caller)
    await this.db.prisma.deck.deleteMany({ where: { id: row.id } })
    return true
  }

  private legalList(game: string, name: string, deck: unknown): unknown {
    const report = this.catalog.validateDeck({ game, deck })
    if (!report.legal) throw new ServiceError('DECK_ILLEGAL', `deck '${name}' is not legal for ${game}`, { violations: report.violations })
    return report.deck
  }

  /** The deck, if the caller bears its owner's key or its edit token. */
  private async editable(rawId: string, caller: Caller): Promise<DeckRow> {
    const id = parseInput(idSchema, rawId, 'deck id')
    const row = await this.db.prisma.deck.findUnique({ where: { id } })
    if (!row) throw new ServiceError('NOT_FOUND', `no deck ${id}`)
    if (!caller.token) throw new ServiceError('UNAUTHENTICATED', "changing a deck needs its owner's player key or its edit token: Authorization: Bearer <key or token>")
    if (row.ownerId) {
      const me = await this.players.fromCaller(caller)
      if (me?.id !== row.ownerId) throw new ServiceError('NOT_DECK_OWNER', `deck ${id} belongs to another player`)
    } else if (row.editTokenHash !== hashToken(caller.token)) {
      throw new ServiceError('NOT_DECK_OWNER', `this is not the edit token of deck ${id}`)
    }
    return row
  }
}

function toRecord(row: DeckRow): DeckRecord {
  return {
    id: row.id,
    game: row.game,
    name: row.name,
    deck: row.list,
    legal: row.legal,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    ownerId: row.ownerId,
  }
}
