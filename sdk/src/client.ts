// The Arbiter client: one typed method per operation of the API, plus the match and player NDJSON streams.
import { documents } from './documents.ts'
import { play, onMyTurn, type Decide, type OnMyTurnOptions, type PlayOptions } from './play.ts'
import { reconnecting, type StreamOptions } from './streams.ts'
import { Transport, type RetryPolicy } from './transport.ts'
import type {
  ActionResult,
  AnyGame,
  Card,
  CardFilter,
  CreatedMatch,
  CreatedPlayer,
  CreateMatchInput,
  Deck,
  DeckOf,
  DeckValidation,
  Game,
  GameId,
  JoinMatchInput,
  LegalAction,
  Match,
  MatchStatus,
  Player,
  PlayerEvent,
  SeatedMatch,
  SubmitActionInput,
  Verification,
  WebhookDelivery,
} from './types.ts'

export interface ArbiterOptions {
  /** Default: `process.env.ARBITER_URL`, else `http://localhost:3000`. */
  url?: string
  /** A player key (from createPlayer): one identity across matches. */
  key?: string
  /** A seat token (from createMatch or joinMatch): one seat of one match. */
  token?: string
  /** Default: the global fetch of Node 20. */
  fetch?: typeof fetch
  retry?: Partial<RetryPolicy>
}

/** Which of a player's seats, for a player holding several seats of one match. */
export interface SeatOption {
  seat?: number
}

const defaultUrl = () =>
  (typeof process !== 'undefined' ? process.env.ARBITER_URL : undefined) ?? 'http://localhost:3000'

export class Arbiter {
  readonly url: string
  private readonly http: Transport
  private readonly opts: ArbiterOptions

  constructor(opts: ArbiterOptions = {}) {
    if (opts.key && opts.token) throw new TypeError('pass either a player key or a seat token, not both')
    this.opts = opts
    this.http = new Transport({
      url: opts.url ?? defaultUrl(),
      secret: opts.key ?? opts.token,
      fetch: opts.fetch,
      retry: opts.retry,
    })
    this.url = this.http.url
  }

  /** The same server and retry policy with another secret (e.g. a seat token createMatch returned). */
  as(secret: { key: string } | { token: string }): Arbiter {
    return new Arbiter({ url: this.url, fetch: this.opts.fetch, retry: this.opts.retry, ...secret })
  }

  private query<T>(doc: string, variables: Record<string, unknown> = {}): Promise<T> {
    return this.http.graphql<T>(doc, variables, { idempotent: true })
  }

  private mutate<T>(doc: string, variables: Record<string, unknown>, idempotent = false): Promise<T> {
    return this.http.graphql<T>(doc, variables, { idempotent })
  }

  async games(): Promise<Game[]> {
    return (await this.query<{ games: Game[] }>(documents.games)).games
  }

  async game<Id extends GameId>(id: Id): Promise<Game<Id> | null> {
    return (await this.query<{ game: Game<Id> | null }>(documents.game, { id })).game
  }

  /**
   * Cards whose text, tags, colours, id, name or type contain every word of `search`, passing `filter`; a page with
   * `first`/`after`.
   */
  async cards(
    game: GameId,
    search?: string,
    page: { filter?: CardFilter; first?: number; after?: string } = {},
  ): Promise<Card[]> {
    return (await this.query<{ cards: Card[] }>(documents.cards, { game, search, ...page })).cards
  }

  async validateDeck<Id extends GameId>(game: Id, deck: DeckOf<Id>): Promise<DeckValidation> {
    return (await this.query<{ validateDeck: DeckValidation }>(documents.validateDeck, { game, deck })).validateDeck
  }

  async deck(id: string): Promise<Deck | null> {
    return (await this.query<{ deck: Deck | null }>(documents.deck, { id })).deck
  }

  /** Owned by the player of the client's key; without one, the answer's `editToken` is the deck's own bearer token. */
  async saveDeck<Id extends GameId>(game: Id, name: string, deck: DeckOf<Id>): Promise<Deck> {
    return (await this.mutate<{ saveDeck: Deck }>(documents.saveDeck, { game, name, deck })).saveDeck
  }

  /** The decks of the client's player key, the latest changed first. */
  async myDecks(game?: GameId): Promise<Deck[]> {
    return (await this.query<{ myDecks: Deck[] }>(documents.myDecks, { game })).myDecks
  }

  /** With the owner's player key or the deck's edit token as the client's token. */
  async updateDeck(id: string, change: { name?: string; deck?: unknown }): Promise<Deck> {
    return (await this.mutate<{ updateDeck: Deck }>(documents.updateDeck, { id, ...change })).updateDeck
  }

  async deleteDeck(id: string): Promise<boolean> {
    return (await this.mutate<{ deleteDeck: boolean }>(documents.deleteDeck, { id })).deleteDeck
  }

  async createMatch<Id extends GameId>(input: CreateMatchInput<Id>): Promise<CreatedMatch<Id>> {
    return (await this.mutate<{ createMatch: CreatedMatch<Id> }>(documents.createMatch, { input })).createMatch
  }

  /** The caller's view of a match; `minVersion` waits for (or fetches) at least that version. */
  async match<Id extends GameId = AnyGame>(
    id: string,
    opts: SeatOption & { minVersion?: number } = {},
  ): Promise<Match<Id> | null> {
    return (await this.query<{ match: Match<Id> | null }>(documents.match, { id, ...opts })).match
  }

  /** The match with the caller's legal actions, read together so that they belong to the same version. */
  async matchWithChoices<Id extends GameId = AnyGame>(
    id: string,
    opts: SeatOption & { minVersion?: number } = {},
  ): Promise<(Match<Id> & { legalActions: LegalAction<Id>[] }) | null> {
    return (
      await this.query<{ match: (Match<Id> & { legalActions: LegalAction<Id>[] }) | null }>(
        documents.matchWithChoices,
        { id, ...opts },
      )
    ).match
  }

  async legalActions<Id extends GameId = AnyGame>(
    matchId: string,
    opts: SeatOption & { minVersion?: number } = {},
  ): Promise<LegalAction<Id>[]> {
    return (await this.query<{ legalActions: LegalAction<Id>[] }>(documents.legalActions, { matchId, ...opts }))
      .legalActions
  }

  /**
   * Applies one action (or `actionId`). An idempotency key is generated for the call unless given, so the
   * client's retries after a lost answer can never apply the decision twice.
   */
  async submitAction<Id extends GameId = AnyGame>(input: SubmitActionInput<Id>): Promise<ActionResult<Id>> {
    const withKey = { ...input, idempotencyKey: input.idempotencyKey ?? globalThis.crypto.randomUUID() }
    return (await this.mutate<{ submitAction: ActionResult<Id> }>(documents.submitAction, { input: withKey }, true))
      .submitAction
  }

  async createPlayer(name: string, opts: { bot?: boolean } = {}): Promise<CreatedPlayer> {
    return (await this.mutate<{ createPlayer: CreatedPlayer }>(documents.createPlayer, { name, bot: opts.bot }))
      .createPlayer
  }

  async me(): Promise<Player | null> {
    return (await this.query<{ me: Player | null }>(documents.me)).me
  }

  /** The caller's matches, nearest deadline first; `toAct`: only where the caller must decide now. */
  async myMatches(opts: { status?: MatchStatus; toAct?: boolean } = {}): Promise<Match[]> {
    return (await this.query<{ myMatches: Match[] }>(documents.myMatches, opts)).myMatches
  }

  async openMatches(game?: GameId): Promise<Match[]> {
    return (await this.query<{ openMatches: Match[] }>(documents.openMatches, { game })).openMatches
  }

  async joinMatch<Id extends GameId = AnyGame>(input: JoinMatchInput<Id>): Promise<SeatedMatch<Id>> {
    return (await this.mutate<{ joinMatch: SeatedMatch<Id> }>(documents.joinMatch, { input })).joinMatch
  }

  async leaveMatch(matchId: string, opts: SeatOption = {}): Promise<Match> {
    return (await this.mutate<{ leaveMatch: Match }>(documents.leaveMatch, { matchId, ...opts })).leaveMatch
  }

  async resign(matchId: string, opts: SeatOption = {}): Promise<Match> {
    return (await this.mutate<{ resign: Match }>(documents.resign, { matchId, ...opts })).resign
  }

  async abort(matchId: string, opts: SeatOption = {}): Promise<Match> {
    return (await this.mutate<{ abort: Match }>(documents.abort, { matchId, ...opts })).abort
  }

  async offerRematch(matchId: string, opts: SeatOption = {}): Promise<SeatedMatch> {
    return (await this.mutate<{ offerRematch: SeatedMatch }>(documents.offerRematch, { matchId, ...opts })).offerRematch
  }

  /** Every PlayerEvent is POSTed to `url`, signed with `secret`; a null url removes the webhook. */
  async setWebhook(url: string | null, secret?: string): Promise<Player> {
    return (await this.mutate<{ setWebhook: Player }>(documents.setWebhook, { url, secret })).setWebhook
  }

  async webhookDeliveries(limit?: number): Promise<WebhookDelivery[]> {
    return (await this.query<{ webhookDeliveries: WebhookDelivery[] }>(documents.webhookDeliveries, { limit }))
      .webhookDeliveries
  }

  async verifyMatch(id: string): Promise<Verification> {
    return (await this.query<{ verifyMatch: Verification }>(documents.verifyMatch, { id })).verifyMatch
  }

  /**
   * The caller's view now, then after every action, until the match ends (`GET /api/matches/{id}/stream`).
   * A dropped connection is reopened and versions already delivered are skipped.
   */
  matchStream<Id extends GameId = AnyGame>(
    matchId: string,
    opts: StreamOptions & SeatOption = {},
  ): AsyncGenerator<Match<Id>> {
    let seen = -1
    const query = opts.seat === undefined ? '' : `?seat=${opts.seat}`
    return reconnecting<Match<Id>>(
      this.http,
      {
        path: () => `/api/matches/${encodeURIComponent(matchId)}/stream${query}`,
        fresh: m => {
          if (m.version <= seen) return false
          seen = m.version
          return true
        },
        last: m => m.status === 'FINISHED' || m.status === 'ABORTED',
      },
      opts,
    )
  }

  /**
   * The player's events across all its matches (`GET /api/players/me/stream`, player key), never one twice: on
   * opening, what is pending (`pending: true`), then `synced`, then each event; a reconnection asks for the events
   * after the last seq received (`?after=`), so none is missed.
   */
  playerEvents(opts: StreamOptions = {}): AsyncGenerator<PlayerEvent> {
    const seen = new Set<string>()
    let last = 0
    return reconnecting<PlayerEvent>(
      this.http,
      {
        path: () => `/api/players/me/stream${last > 0 ? `?after=${last}` : ''}`,
        fresh: e => {
          if (e.seq != null && !e.pending) {
            if (e.type === 'synced') {
              last = Math.max(last, e.seq)
              return true
            }
            if (e.seq <= last) return false
            last = e.seq
            return true
          }
          const id = `${e.type}|${e.matchId ?? ''}|${e.match?.version ?? e.at}`
          if (seen.has(id)) return false
          seen.add(id)
          return true
        },
        last: () => false,
      },
      opts,
    )
  }

  /** Plays the caller's seat of a match to the end, asking `decide` at each decision; returns the finished match. */
  play<Id extends GameId = AnyGame>(matchId: string, decide: Decide<Id>, opts: PlayOptions = {}): Promise<Match<Id>> {
    return play(this, matchId, decide, opts)
  }

  /** Plays every match the player key must act in, as its turns come, until `opts.signal` aborts. */
  onMyTurn(decide: Decide, opts: OnMyTurnOptions = {}): Promise<void> {
    return onMyTurn(this, decide, opts)
  }
}
