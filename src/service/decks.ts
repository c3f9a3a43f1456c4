import type { Database } from '../store/database.ts'
import type { Catalog } from './catalog.ts'
import { ServiceError, parseInput } from './errors.ts'
import { idSchema, saveDeckInput } from './schemas.ts'

export interface DeckRecord {
  id: string
  game: string
  name: string
  deck: unknown
  legal: boolean
  createdAt: string
}

export class DeckService {
  constructor(
    private readonly db: Database,
    private readonly catalog: Catalog,
  ) {}

  /** Stores a deck only if it is legal; an illegal one fails with DECK_ILLEGAL and its violations. */
  async save(input: { game: string; name: string; deck: unknown }): Promise<DeckRecord> {
    const q = parseInput(saveDeckInput, input)
    const report = this.catalog.validateDeck({ game: q.game, deck: q.deck })
    if (!report.legal) {
      throw new ServiceError('DECK_ILLEGAL', `deck '${q.name}' is not legal for ${q.game}`, { violations: report.violations })
    }
    const row = await this.db.prisma.deck.create({
      data: { game: q.game, name: q.name, list: report.deck as object, legal: true },
    })
    return toRecord(row)
  }

  async get(id: string): Promise<DeckRecord | null> {
    const r = idSchema.safeParse(id)
    if (!r.success) return null
    const row = await this.db.prisma.deck.findUnique({ where: { id: r.data } })
    return row ? toRecord(row) : null
  }
}

function toRecord(row: { id: string; game: string; name: string; list: unknown; legal: boolean; createdAt: Date }): DeckRecord {
  return { id: row.id, game: row.game, name: row.name, deck: row.list, legal: row.legal, createdAt: row.createdAt.toISOString() }
}
