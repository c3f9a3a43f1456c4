// The shapes the client returns: the generated GraphQL types narrowed to the fields it selects, typed per game.
import type { GameId, GameTypes } from './generated/games.ts'
import type * as G from './generated/graphql.ts'

/** A game id, or the union of all of them when the game is not known statically. */
export type AnyGame = GameId

export type ViewOf<Id extends GameId> = GameTypes[Id]['view']
export type ActionOf<Id extends GameId> = GameTypes[Id]['action']
export type DeckOf<Id extends GameId> = GameTypes[Id]['deck']
export type OptionsOf<Id extends GameId> = GameTypes[Id]['options']
export type EventOf<Id extends GameId> = GameTypes[Id]['event']

export interface LegalAction<Id extends GameId = AnyGame> extends Omit<G.LegalAction, 'action'> {
  action: ActionOf<Id>
}

export interface SeatInfo extends Omit<G.SeatInfo, 'player'> {
  player: Pick<G.Player, 'id' | 'name' | 'bot'> | null
}

/** A match as the caller sees it (every field but the log and the transcript). */
export interface Match<Id extends GameId = AnyGame> extends Omit<
  G.Match,
  'game' | 'seats' | 'view' | 'log' | 'legalActions' | 'transcript'
> {
  game: Id
  seats: SeatInfo[]
  view: ViewOf<Id>
  /** The caller's next choices, where the server sent them along (the match stream does not). */
  legalActions?: LegalAction<Id>[]
}

export interface ActionResult<Id extends GameId = AnyGame> {
  match: Match<Id>
  events: EventOf<Id>[]
  /** The caller's next choices: nothing else is needed to decide again. */
  legalActions: LegalAction<Id>[]
}

export interface Game<Id extends GameId = AnyGame> extends Omit<G.Game, 'id' | 'sampleDecks'> {
  id: Id
  /** Ready-to-play legal decks. */
  sampleDecks: { name: string; deck: DeckOf<Id> }[]
}

export interface CreatedMatch<Id extends GameId = AnyGame> extends Omit<G.CreatedMatch, 'match'> {
  match: Match<Id>
}

export interface SubmitActionInput<Id extends GameId = AnyGame> extends Omit<
  G.SubmitActionInput,
  'action' | 'idempotencyKey'
> {
  action?: ActionOf<Id> | null
  /** Generated per call when absent, and kept across the client's retries of that call. */
  idempotencyKey?: string | null
}

export interface SeatInput<Id extends GameId = AnyGame> extends Omit<G.SeatInput, 'deck'> {
  deck?: DeckOf<Id> | null
}

export interface CreateMatchInput<Id extends GameId = AnyGame> extends Omit<
  G.CreateMatchInput,
  'game' | 'seats' | 'options'
> {
  game: Id
  seats: SeatInput<Id>[]
  options?: OptionsOf<Id> | null
}

export interface JoinMatchInput<Id extends GameId = AnyGame> extends Omit<G.JoinMatchInput, 'deck'> {
  deck?: DeckOf<Id> | null
}

export interface PlayerEvent extends Omit<G.PlayerEvent, 'match'> {
  match: Match | null
}

export type {
  Card,
  CardFilter,
  CreatedPlayer,
  Deck,
  DeckRules,
  DeckValidation,
  Player,
  Verification,
  WebhookDelivery,
  MatchStatus,
  SeatToken,
} from './generated/graphql.ts'
export type { GameId, GameTypes } from './generated/games.ts'

/** joinMatch's and offerRematch's answer: the match and the caller's seat token for it. */
export interface SeatedMatch<Id extends GameId = AnyGame> {
  match: Match<Id>
  seat: G.SeatToken
}
