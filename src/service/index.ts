import { CardSetService } from './card-sets.ts'
import type { GameRegistry } from '../kernel/index.ts'
import type { Database } from '../store/database.ts'
import type { JobQueue } from '../store/jobs.ts'
import { AdminService } from './admin.ts'
import { ChatService, chatPerMinuteFromEnv } from './chat.ts'
import { DrawService } from './draws.ts'
import { TakebackService } from './takebacks.ts'
import { BackgroundWork } from './background.ts'
import { jobSettingsFromEnv, type JobSettings } from './job-settings.ts'
import { retentionFromEnv, type RetentionSettings } from './retention.ts'
import { Quotas, quotasFromEnv, type QuotaSettings } from './quotas.ts'
import { Catalog } from './catalog.ts'
import { DeckService } from './decks.ts'
import { LobbyService } from './lobby.ts'
import { MatchEvents, type Publisher } from './match-events.ts'
import { MatchService } from './matches.ts'
import { PlayerService } from './players.ts'
import { PlayerEventStore } from './player-events.ts'
import { VacationService, vacationDaysFromEnv } from './vacations.ts'
import { noMetrics, type ServiceMetrics } from './metrics.ts'
import { VerificationService } from './verification.ts'
import { ChallengeService } from './challenges.ts'
import { CompetitionJobs } from './competition-jobs.ts'
import { LadderService, ladderFromEnv, type LadderSettings } from './ladder.ts'
import { RatingService } from './ratings.ts'
import { SeekService } from './seeks.ts'
import { TournamentService } from './tournaments.ts'
import type { RulesBook } from './rules-versions.ts'
import { DeckLabService, deckLabFromEnv, type DeckLabSettings } from './deck-lab.ts'
import { DEFAULT_WEBHOOK_POLICY, type WebhookPolicy } from './webhook-targets.ts'

export interface Services {
  catalog: Catalog
  decks: DeckService
  /** Homebrew card sets. */
  cardSets: CardSetService
  matches: MatchService
  players: PlayerService
  lobby: LobbyService
  /** Kept player events and the pending state a player stream opens with. */
  playerEvents: PlayerEventStore
  /** The operator API (ARBITER_ADMIN_KEY). */
  admin: AdminService
  /** Chat per match, mutes. */
  chat: ChatService
  /** Draw offers. */
  draws: DrawService
  /** Takebacks. */
  takebacks: TakebackService
  verification: VerificationService
  vacations: VacationService
  /** Null when the server runs without a job queue (then clocks, bot seats and webhooks do not run). */
  background: BackgroundWork | null
  ratings: RatingService
  challenges: ChallengeService
  seeks: SeekService
  ladder: LadderService
  tournaments: TournamentService
  /**
   * Null without a job queue (then challenges and seeks expire only when read past their time: they cannot be
   * accepted).
   */
  competition: CompetitionJobs | null
  /** Deck lab runs (their jobs are served only with a job queue; without one a request is refused). */
  deckLab: DeckLabService
}

export function createServices(
  db: Database,
  registry: GameRegistry,
  publisher: Publisher,
  jobs: JobQueue | null,
  log: (err: unknown, what: string) => void,
  metrics: ServiceMetrics = noMetrics,
  options: {
    snapshotCacheSize?: number
    snapshotCacheMb?: number
    webhooks?: WebhookPolicy
    jobs?: JobSettings
    retention?: RetentionSettings
    quotas?: QuotaSettings
    adminKey?: string | null
    ladder?: LadderSettings
    vacationDaysPerYear?: number
    chatPerMinute?: number
    deckLab?: DeckLabSettings
    /** Each game's ruleset versions (default: RULES_VERSIONS). */
    rules?: RulesBook
  } = {},
): Services {
  const webhooks = options.webhooks ?? DEFAULT_WEBHOOK_POLICY
  const catalog = new Catalog(registry, options.rules)
  const quotas = new Quotas(db, options.quotas ?? quotasFromEnv(process.env))
  const players = new PlayerService(
    db,
    webhooks,
    quotas,
    jobs,
    options.vacationDaysPerYear ?? vacationDaysFromEnv(process.env),
  )
  const cardSets = new CardSetService(db, catalog, players)
  const matches = new MatchService(
    db,
    catalog,
    players,
    metrics,
    { entries: options.snapshotCacheSize, megabytes: options.snapshotCacheMb },
    quotas,
    cardSets,
  )
  let lobby: LobbyService | null = null
  const playerEvents = new PlayerEventStore(db, caller => lobby!.myMatches(caller, { toAct: true }))
  const events = new MatchEvents(catalog, matches, publisher, jobs, log, playerEvents)
  matches.setEvents(events)
  lobby = new LobbyService(db, catalog, matches, players, events)
  const ratings = new RatingService(db, catalog, log)
  const challenges = new ChallengeService(db, catalog, matches, players, events, jobs)
  const seeks = new SeekService(db, catalog, matches, players, ratings, events, jobs)
  const ladder = new LadderService(
    db,
    catalog,
    matches,
    players,
    ratings,
    events,
    jobs,
    options.ladder ?? ladderFromEnv(process.env),
  )
  matches.onRatedEnd(async id => {
    await ratings.matchEnded(id)
    await ladder.matchEnded(id).catch((err: unknown) => log(err, `settling ladder match ${id}`))
  })
  const vacations = new VacationService(db, matches, players, jobs, log)
  const chat = new ChatService(
    db,
    catalog,
    matches,
    players,
    publisher,
    events,
    jobs !== null,
    options.chatPerMinute ?? chatPerMinuteFromEnv(process.env),
    log,
  )
  const admin = new AdminService(
    db,
    catalog,
    matches,
    players,
    jobs,
    options.adminKey ?? null,
    (id, hash) => publisher.blocked?.(id, hash),
    chat,
  )
  const tournaments = new TournamentService(db, catalog, matches, players, ratings, events, jobs, caller =>
    admin.isOperator(caller),
  )
  matches.onEnd(id => tournaments.matchEnded(id).catch((err: unknown) => log(err, `scoring tournament match ${id}`)))
  const deckLab = new DeckLabService(
    db,
    catalog,
    matches,
    players,
    publisher,
    playerEvents,
    jobs,
    log,
    options.deckLab ?? deckLabFromEnv(process.env),
  )
  return {
    deckLab,
    ratings,
    challenges,
    seeks,
    ladder,
    tournaments,
    competition: jobs ? new CompetitionJobs(db, jobs, challenges, seeks, ratings, ladder, tournaments, log) : null,
    catalog,
    decks: new DeckService(db, catalog, players, quotas, cardSets),
    cardSets,
    matches,
    players,
    lobby,
    playerEvents,
    chat,
    draws: new DrawService(db, catalog, matches, events),
    takebacks: new TakebackService(db, catalog, matches, events),
    admin,
    verification: new VerificationService(db, catalog, matches),
    vacations,
    background: jobs
      ? new BackgroundWork(
          db,
          catalog,
          matches,
          events,
          jobs,
          metrics,
          webhooks,
          log,
          options.jobs ?? jobSettingsFromEnv(process.env),
          options.retention ?? retentionFromEnv(process.env),
          vacations,
        )
      : null,
  }
}

export { ServiceError, type ErrorCode } from './errors.ts'
export { DEFAULT_SNAPSHOT_CACHE_MB, snapshotCacheMbFromEnv, snapshotCacheSizeFromEnv } from './snapshot-cache.ts'
export type { Caller } from './caller.ts'
export { LABEL_IN, WORDS_IN } from './matches.ts'
export {
  acceptedLanguage,
  errorMessage,
  fieldLanguage,
  parseLanguage,
  requestLanguage,
  violationMessage,
} from './language.ts'
export type { MatchView, LegalActionView, LogEntryView, ActionResultView, CreatedMatchView } from './matches.ts'
export type { PlayerEventPayload, Publisher } from './match-events.ts'
export type { FeedEvent, PlayerEventStore } from './player-events.ts'
export type { AdminActionView, OperatorCaller } from './admin.ts'
export type { ChatMessageView, ChatRoom } from './chat.ts'
export type { DrawOfferView } from './draws.ts'
export type { TakebackView } from './takebacks.ts'
export type { ServiceMetrics } from './metrics.ts'
export { DEFAULT_WEBHOOK_POLICY, webhookPolicyFromEnv, type WebhookPolicy } from './webhook-targets.ts'
export { DEFAULT_QUOTAS, quotasFromEnv, type QuotaSettings } from './quotas.ts'
export { RulesBook, RULES_VERSIONS, type RulesVersion } from './rules-versions.ts'
export { DEFAULT_DECK_LAB, deckLabFromEnv, type DeckLabSettings, type DeckLabRunView } from './deck-lab.ts'
export { DEFAULT_JOB_SETTINGS, jobSettingsFromEnv, type JobSettings } from './job-settings.ts'
