import type { GameRegistry } from '../kernel/index.ts'
import type { Database } from '../store/database.ts'
import { Catalog } from './catalog.ts'
import { DeckService } from './decks.ts'
import { MatchService, type UpdatePublisher } from './matches.ts'

export interface Services {
  catalog: Catalog
  decks: DeckService
  matches: MatchService
}

export function createServices(db: Database, registry: GameRegistry, publish: UpdatePublisher): Services {
  const catalog = new Catalog(registry)
  return { catalog, decks: new DeckService(db, catalog), matches: new MatchService(db, catalog, publish) }
}

export { ServiceError, type ErrorCode } from './errors.ts'
export type { Caller, MatchView, LegalActionView, LogEntryView } from './matches.ts'
