/** Matches: creation, views, legal actions, the log, submitting actions, resign, abort and replay. */
import { randomUUID } from 'node:crypto'
import { isDeepStrictEqual } from 'node:util'
import {
  actionId,
  canonicalJson,
  DEFAULT_LANGUAGE,
  redactEvent,
  RuleViolation,
  RulesLoop,
  type AnyEngine,
  type CardSetCards,
  type GameEvent,
  type Language,
} from '../kernel/index.ts'
import type { CardSetService } from './card-sets.ts'
import type { Database } from '../store/database.ts'
import type { Caller } from './caller.ts'
import type { Catalog } from './catalog.ts'
import {
  advanceTurns,
  clockFromInput,
  clockView,
  earliestDeadline,
  earliestReminder,
  startTurns,
  type ClockView,
  type Turns,
} from './clock.ts'
import { awaySeats } from './vacations.ts'
import type { Quotas } from './quotas.ts'
import { ServiceError, parseInput } from './errors.ts'
import {
  MatchStore,
  newSnapshot,
  type ActionKind,
  type ClockSpec,
  type MatchStatusName,
  type NewMatch,
  type Snapshot,
} from './match-store.ts'
import type { MatchEvents, PlayerEventType } from './match-events.ts'
import { LegalMemo } from './legal-memo.ts'
import { endReasonText, eventTexts, labelsIn, namesIn, type LoggedAction } from './match-words.ts'
import { serviceMessages } from './messages/index.ts'
import type { ServiceMetrics } from './metrics.ts'
import type { PlayerService } from './players.ts'
import type { SnapshotCacheLimits } from './snapshot-cache.ts'
import {
  createMatchInput,
  idSchema,
  logArgs,
  LOG_PAGE,
  seatArgs,
  submitActionInput,
  type CreateMatchInput,
  type SubmitActionInput,
} from './schemas.ts'
import { finalSeed, seedCommitment, sha256Hex, type SeedSource } from './seeds.ts'
import { hashToken, newSeatToken, newSeed } from './tokens.ts'
import { TurnMemo } from './turn-memo.ts'

/** A match as one viewer sees it: `seat` is the caller's seat, null for a spectator. */
export interface MatchView {
  id: string
  game: string
  /** The ruleset version it was created under. */
  rulesVersion: string
  version: number
  status: MatchStatusName
  seat: number | null
  toAct: number[]
  winners: number[] | null
  seats: { seat: number; name: string | null; playerId: string | null; joined: boolean; bot: string | null }[]
  view: unknown
  createdAt: string
  updatedAt: string
  clock: ClockView | null
  /** The game's turn number (null while WAITING). */
  turn: number | null
  endReason: string | null
  seedCommitment: string
  seedSource: 'SERVER' | 'CLIENT'
  rated: boolean
  /** The tournament it is a pairing of, if any. */
  tournament: string | null
  /** The other match of its duplicate pair, if any. */
  twin: string | null
  /** The card sets the decks use, "<id>@<version>" ([] for none). */
  readonly cardSets: string[]
}

/** A deck that names card sets. */
export function usesSets(deck: unknown): boolean {
  const sets = (deck as { sets?: unknown } | null | undefined)?.sets
  return Array.isArray(sets) && sets.length > 0
}

/** RULES_LOOP as the API gives it: the looping card, its set and the step limit. */
export function rulesLoop(e: RulesLoop): ServiceError {
  return new ServiceError('RULES_LOOP', e.message, { card: e.card ?? '', set: e.set, steps: e.steps })
}

export interface LegalActionView {
  id: string
  label: string
  action: unknown
  /** The label in another language (LegalAction.label's `lang`); a symbol, so JSON never carries it. */
  [LABEL_IN]?: (lang: Language) => string
}

/** Where a listed action or a log entry keeps the way to its words in another language than the answer's. */
export const LABEL_IN = Symbol('label in a language')
export const WORDS_IN = Symbol('words in a language')

export interface LogEntryView {
  seq: number
  seat: number | null
  action: unknown
  events: GameEvent[]
  at: string
  label: string
  /** The events in words for the caller, one line each (the transcript's lines). */
  eventTexts: string[]
  /**
   * The entry's label and event lines in another language (LogEntry's `lang` arguments); a symbol, so JSON never
   * carries it.
   */
  [WORDS_IN]?: (lang: Language) => Promise<{ label: string; eventTexts: string[] }>
}

export interface ActionResultView {
  match: MatchView
  events: GameEvent[]
  legalActions: LegalActionView[]
}

export interface CreatedMatchView {
  match: MatchView
  seats: { seat: number; token: string }[]
  invites: { seat: number; code: string }[]
}

/** A match's log and the state at each version (`MatchService.history`); `started` false: no state yet (WAITING). */
export interface MatchHistory {
  started: boolean
  /** The state as stored with the match. */
  stored: unknown
  version: number
  states: unknown[]
  log: { seq: number; seat: number | null; kind: ActionKind; action: unknown; events: GameEvent[] }[]
}

const MAX_RETRIES = 8

/** The next snapshot an action (or a resign, a timeout, an abort) produces, before it is written. */
export interface Step {
  kind: ActionKind
  seat: number | null
  action: unknown
  events: GameEvent[]
  state: unknown
  status: MatchStatusName
  winners: number[] | null
  endReason: string | null
  label: string
  publicLabel: string
  /** Set by a step that changes only the clocks (a vacation); otherwise computed from the step (`afterStep`). */
  turns?: Turns | null
  /** Player events the step causes besides the match's own (yourTurn, matchFinished): written with it. */
  tell?: { playerIds: readonly string[]; type: PlayerEventType }
}

export class MatchService {
  readonly store: MatchStore
  private events: MatchEvents | null = null
  private ratedEnded: ((matchId: string) => Promise<unknown>) | null = null
  private ended: ((matchId: string) => Promise<unknown>) | null = null
  private readonly legal = new LegalMemo()
  /**
   * The views made in the current turn, by snapshot and seat: a version fanned out to many watchers (match-watch.ts)
   * is then one object, whose game view is computed once. Nothing is kept between turns, so the snapshot cache's budget
   * counts no views and a running clock's time left is at most one turn old.
   */
  private readonly turnViews = new TurnMemo<Snapshot, number | null, MatchView>()

  constructor(
    private readonly db: Database,
    private readonly catalog: Catalog,
    private readonly players: PlayerService,
    private readonly metrics: ServiceMetrics,
    cacheLimits: Partial<SnapshotCacheLimits> | undefined,
    private readonly quotas: Quotas,
    private readonly cardSets: CardSetService,
  ) {
    this.store = new MatchStore(db, metrics, cacheLimits)
  }

  /** The card sets the decks name (exact refs, as a dealt deck holds them), for setup and replay. */
  async setsFor(decks: readonly unknown[]): Promise<Awaited<ReturnType<CardSetService['byRefs']>>> {
    const refs = [
      ...new Set(decks.flatMap(d => ((d as { sets?: unknown } | null)?.sets as string[] | undefined) ?? [])),
    ]
    return refs.length === 0 ? [] : this.cardSets.byRefs(refs)
  }

  /** Wired after construction: the events need the match service to build views. */
  setEvents(events: MatchEvents): void {
    this.events = events
  }

  /** Wired after construction: what runs once a rated match has FINISHED (the rating update; it never throws). */
  onRatedEnd(fn: (matchId: string) => Promise<unknown>): void {
    this.ratedEnded = fn
  }

  /**
   * Wired after construction: what runs once any ACTIVE match has ended, FINISHED or ABORTED (a tournament's result; it
   * never throws).
   */
  onEnd(fn: (matchId: string) => Promise<unknown>): void {
    this.ended = fn
  }

  /**
   * Ends an ACTIVE match FINISHED with no winner, for a reason outside the game (a tournament round's deadline); false
   * when it was no longer ACTIVE.
   */
  async endUndecided(matchId: string, endReason: string): Promise<boolean> {
    for (let attempt = 0; attempt <= MAX_RETRIES; attempt++) {
      const snap = await this.find(matchId)
      if (!snap || snap.status !== 'ACTIVE') return false
      const text = `ended with no winner (${endReason})`
      const step: Step = {
        kind: 'abort',
        seat: null,
        action: { type: 'end', endReason },
        events: [],
        state: snap.state,
        status: 'FINISHED',
        winners: [],
        endReason,
        label: text,
        publicLabel: text,
      }
      if (await this.commit(snap, step, null)) return true
    }
    return false
  }

  /**
   * `server`: a match the server makes for players who agreed to it (an accepted challenge or seek, a tournament's
   * pairing): each seat is filled for its player with the deck given, not an invitation; `id` is the id it was
   * promised under, `tournament` the tournament whose pairing it is.
   */
  async create(
    raw: CreateMatchInput,
    caller: Caller = {},
    server: { id: string; tournament?: string } | null = null,
  ): Promise<CreatedMatchView> {
    const made = await this.prepare(raw, caller, server)
    const ticket = await this.quotas.take('match', caller, made.creator?.id ?? null)
    const deliveries = (await this.store.create(made.created, made.plan?.notices ?? []).catch(async (e: unknown) => {
      await ticket.release()
      throw e
    }))!
    return this.created(made, deliveries, caller)
  }

  /**
   * A duplicate pair the server makes for two players who agreed to it: the match `raw` describes, and its twin with
   * the same seed and the same deck in each seat, the players' seats swapped. Both are written in one transaction,
   * each naming the other (`twin`); `ids`: the ids promised, the first match's first.
   */
  async createPair(
    raw: CreateMatchInput,
    caller: Caller,
    server: { ids: readonly [string, string]; tournament?: string },
  ): Promise<[CreatedMatchView, CreatedMatchView]> {
    const input = parseInput(createMatchInput, raw)
    const [zero, one] = input.seats
    if (input.seats.length !== 2 || input.seed != null || input.seats.some(s => s.player == null))
      throw new ServiceError('BAD_USER_INPUT', "a duplicate pair is two players' two seats, on a seed of the server's")
    const [firstId, secondId] = server.ids
    // The second a moment after the first, so that the pair's order (RatingChange.matches) is their creation order.
    const at = new Date()
    const first = await this.prepare(input, caller, {
      id: firstId,
      tournament: server.tournament,
      twin: secondId,
      createdAt: at,
    })
    const swapped = {
      ...input,
      seats: [
        { ...zero!, player: one!.player },
        { ...one!, player: zero!.player },
      ],
    }
    const second = await this.prepare(swapped, caller, {
      id: secondId,
      tournament: server.tournament,
      twin: firstId,
      seed: first.created.seed,
      createdAt: new Date(at.getTime() + 1),
    })
    const tickets = [
      await this.quotas.take('match', caller, first.creator?.id ?? null),
      await this.quotas.take('match', caller, first.creator?.id ?? null),
    ]
    const deliveries = await this.db
      .transaction(async tx => [
        (await this.store.create(first.created, first.plan?.notices ?? [], undefined, tx))!,
        (await this.store.create(second.created, second.plan?.notices ?? [], undefined, tx))!,
      ])
      .catch(async (e: unknown) => {
        for (const t of tickets) await t.release()
        throw e
      })
    return [await this.created(first, deliveries[0]!, caller), await this.created(second, deliveries[1]!, caller)]
  }

  /**
   * A new match checked and set up, not written yet. `server` (a match the server makes, see create): `twin` the other
   * match of its duplicate pair, `seed` its pair's seed (a server seed), `createdAt` its creation time.
   */
  private async prepare(
    raw: CreateMatchInput,
    caller: Caller,
    server: { id: string; tournament?: string; twin?: string; seed?: string; createdAt?: Date } | null,
  ) {
    const input = parseInput(createMatchInput, raw)
    const engine = this.catalog.engine(input.game)
    if (input.seats.length < engine.seats.min || input.seats.length > engine.seats.max) {
      throw new ServiceError(
        'BAD_USER_INPUT',
        `${engine.name} needs ${engine.seats.min} to ${engine.seats.max} seats, got ${input.seats.length}`,
      )
    }
    const unrated = input.rated ? input.seats.findIndex(s => s.player == null && !s.open) : -1
    if (unrated >= 0)
      throw new ServiceError(
        'BAD_USER_INPUT',
        `seats.${unrated}: every seat of a rated match is a player's (a player id, or an open seat joined with a player key)`,
      )
    const options = this.parseOptions(engine, input.options ?? {})
    const samples = engine.sampleDecks()
    const creator = await this.players.fromCaller(caller)
    const seats = await Promise.all(
      input.seats.map(async (s, i) => {
        if (s.bot && !this.catalog.bots(engine).includes(s.bot.kind)) {
          throw new ServiceError(
            'BAD_USER_INPUT',
            `seats.${i}.bot.kind: ${engine.id} has the bots ${this.catalog.bots(engine).join(', ')}`,
          )
        }
        const player = s.player != null ? await this.players.get(s.player) : null
        if (s.player != null && !player) throw new ServiceError('NOT_FOUND', `seats.${i}.player: no player ${s.player}`)
        // A seat is filled for a player at creation only by that player's own key; any other is an invitation
        // it accepts (joinMatch) or declines, and a deck given for it is only a proposal.
        const invitation = player !== null && player.id !== creator?.id && server === null
        if (invitation && creator && (await this.players.blocks(player.id, creator.id))) {
          throw new ServiceError(
            'INVITATION_BLOCKED',
            `seats.${i}.player: ${player.name} does not accept invitations from this player`,
          )
        }
        const given = s.deck != null || s.deckId != null
        const deck = given
          ? await this.seatDeck(engine, s, i)
          : s.bot
            ? { deck: engine.schemas.deck.parse(samples[i % samples.length]!.deck), deckId: null }
            : null
        return {
          input: s,
          deck: invitation ? null : deck,
          proposed: invitation ? deck : null,
          name: s.name ?? player?.name ?? (s.bot ? `${s.bot.kind} bot` : null),
        }
      }),
    )
    // A match with homebrew cards is never rated (its results say nothing of the game's own cards).
    if (input.rated && seats.some(s => usesSets(s.deck?.deck) || usesSets(s.proposed?.deck))) {
      throw new ServiceError(
        'BAD_USER_INPUT',
        "a rated match cannot use card sets: leave out rated, or the decks' sets",
      )
    }
    const seedSource = input.seed != null ? 'CLIENT' : 'SERVER'
    const seed = input.seed ?? server?.seed ?? newSeed()
    const clock: ClockSpec | null = input.clock ? clockFromInput(input.clock) : null
    const tokens = seats.map(s => (s.deck && !s.input.bot ? newSeatToken() : null))
    const invites = seats.map(s => (s.input.open ? newSeatToken() : null))
    const started = seats.every(s => s.deck !== null)
    const initial = started
      ? this.start(
          engine,
          seats.map(s => s.deck!.deck),
          options,
          finalSeed(
            seed,
            seedSource,
            seats.map(s => s.input.entropy ?? null),
          ),
          clock,
          await awaySeats(
            this.db,
            clock,
            seats.map(s => s.input.player ?? null),
          ),
          await this.setsFor(seats.map(s => s.deck!.deck)),
        )
      : { state: {}, status: 'WAITING' as const, winners: [], deadline: null, turns: null }
    const created: NewMatch = {
      id: server?.id ?? randomUUID(),
      game: engine.id,
      rulesVersion: this.catalog.rules.current(engine.id),
      options,
      seed,
      seedCommitment: seedCommitment(seed),
      seedSource,
      public: input.public ?? false,
      rated: input.rated ?? false,
      tournament: server?.tournament ?? null,
      twin: server?.twin ?? null,
      clock,
      state: initial.state,
      status: initial.status,
      winners: initial.winners,
      deadline: initial.deadline,
      turns: initial.turns,
      createdAt: server?.createdAt ?? new Date(),
      seats: seats.map((s, i) => ({
        index: i,
        name: s.name,
        tokenHash: tokens[i] ? hashToken(tokens[i]) : null,
        deck: s.deck?.deck ?? null,
        deckId: s.deck?.deckId ?? null,
        playerId: s.input.player ?? null,
        open: s.input.open ?? false,
        inviteHash: invites[i] ? hashToken(invites[i]) : null,
        bot: s.input.bot
          ? { kind: s.input.bot.kind, ...(s.input.bot.strength != null ? { strength: s.input.bot.strength } : {}) }
          : null,
        entropy: s.input.entropy ?? null,
        proposedDeck: s.proposed?.deck ?? null,
        proposedDeckId: s.proposed?.deckId ?? null,
      })),
    }
    // The invitations and a full match's start are planned from the match as it will be read back, so that
    // their webhook rows are written with it.
    const plan = this.events?.createdPlan(newSnapshot(created))
    return { input, engine, creator, created, plan, tokens, invites }
  }

  /** A prepared match once written (with the webhook rows `deliveries`): its options, events and creator's view. */
  private async created(
    made: Awaited<ReturnType<MatchService['prepare']>>,
    deliveries: string[],
    caller: Caller,
  ): Promise<CreatedMatchView> {
    const { input, engine, created, plan, tokens, invites } = made
    // The spectators' chat room opens before anyone can reach the match by its id (it is not in the snapshot: chat.ts
    // reads it).
    if (input.spectatorChat)
      await this.db.sql.query(`UPDATE "Match" SET "spectatorChat" = true WHERE id = $1`, [created.id])
    // Takebacks as chosen (null: the default, allowed unless rated; takebacks.ts reads it), before anyone can ask for
    // one.
    if (input.takebacks != null)
      await this.db.sql.query(`UPDATE "Match" SET takebacks = $2 WHERE id = $1`, [created.id, input.takebacks])
    const snap = await this.mustFind(created.id)
    if (plan) await this.events?.created(snap, plan, deliveries)
    // The creator sees the match from its own seat if it holds a joined one, else as a spectator.
    const viewer = await this.seatOf(snap, caller, false).catch(() => null)
    return {
      match: this.toView(engine, snap, viewer),
      seats: tokens.flatMap((token, seat) => (token ? [{ seat, token }] : [])),
      invites: invites.flatMap((code, seat) => (code ? [{ seat, code }] : [])),
    }
  }

  /**
   * Runs setup once every seat has its deck: the initial state, its status, the seats' clocks and the first deadline.
   * `away`: seats whose player is on vacation.
   */
  start(
    engine: AnyEngine,
    decks: unknown[],
    options: unknown,
    seed: string,
    clock: ClockSpec | null,
    away: readonly number[] = [],
    sets: readonly CardSetCards[] = [],
  ) {
    let state: unknown
    try {
      state = engine.setup(decks, options, seed, sets)
    } catch (e) {
      if (e instanceof RuleViolation) throw new ServiceError('BAD_USER_INPUT', e.message, { rule: e.rule })
      if (e instanceof RulesLoop) throw rulesLoop(e)
      throw e
    }
    const st = engine.status(state)
    const turns = startTurns(clock, decks.length, st.turn, st.finished ? [] : st.toAct, away)
    return {
      state,
      status: st.finished ? ('FINISHED' as const) : ('ACTIVE' as const),
      winners: st.winners ?? [],
      deadline: earliestDeadline(turns),
      turns,
    }
  }

  parseOptions(engine: AnyEngine, raw: unknown): unknown {
    return parseInput(engine.schemas.options, raw, 'options')
  }

  /** The caller's view of a match, or null if there is no such match. `minVersion`: wait for no older copy. */
  async get(matchId: string, caller: Caller, minVersion = 0, seat?: number | null): Promise<MatchView | null> {
    const snap = await this.find(matchId, minVersion)
    if (!snap) return null
    return this.toView(this.catalog.engineOf(snap), snap, await this.seatOf(snap, caller, false, seat))
  }

  /** For a player's events: its own view where it holds a joined seat, else the spectator view (e.g. when invited). */
  async getForEvent(matchId: string, caller: Caller): Promise<MatchView | null> {
    const snap = await this.find(matchId)
    if (!snap) return null
    return this.toView(this.catalog.engineOf(snap), snap, await this.seatOf(snap, caller, false).catch(() => null))
  }

  async legalActions(
    matchId: string,
    caller: Caller,
    opts: { seat?: number | null; minVersion?: number } = {},
  ): Promise<LegalActionView[]> {
    const snap = await this.mustFind(matchId, opts.minVersion ?? 0)
    const seat = (await this.seatOf(snap, caller, true, opts.seat))!
    return this.legalFor(snap, seat, caller.language)
  }

  /**
   * The view with the caller's choices at its very version, for a streamed line (the rule of
   * Match.legalActions without a seat); without them when a newer version was committed meanwhile.
   */
  async withChoices(view: MatchView, caller: Caller): Promise<MatchView & { legalActions?: LegalActionView[] }> {
    if (view.seat === null) return { ...view, legalActions: [] }
    const snap = await this.mustFind(view.id, view.version)
    if (snap.version !== view.version) return view
    const seat = (await this.seatOf(snap, caller, true, view.toAct.includes(view.seat) ? view.seat : null))!
    return { ...view, legalActions: this.legalFor(snap, seat, caller.language) }
  }

  /**
   * The seat's legal actions at this snapshot, labelled for that seat (shared: never to be changed). The English list
   * is kept with the state (a submit finds its labels there); another language relabels it lazily, ids and actions the
   * same.
   */
  legalFor(snap: Snapshot, seat: number, lang: Language = DEFAULT_LANGUAGE): LegalActionView[] {
    if (snap.status !== 'ACTIVE') return []
    const engine = this.catalog.engineOf(snap)
    const describeIn = (action: unknown, language: Language) =>
      engine.describeAction(snap.state, action, { names: namesIn(snap.seats, language), viewer: seat, lang: language })
    const listed = this.legal.get(snap.state, seat, () => {
      const ctx = { names: seatNames(snap), viewer: seat }
      return engine
        .legalActions(snap.state, seat)
        .map(a => listedAction(a, () => engine.describeAction(snap.state, a, ctx), describeIn))
    })
    if (lang === DEFAULT_LANGUAGE) return listed
    return listed.map(a => listedAction(a.action, () => describeIn(a.action, lang), describeIn))
  }

  async log(
    matchId: string,
    caller: Caller,
    args: { after?: number | null; limit?: number | null } = {},
    lang: Language = caller.language ?? DEFAULT_LANGUAGE,
  ): Promise<LogEntryView[]> {
    const { after, limit } = parseInput(
      logArgs,
      { after: args.after ?? null, limit: args.limit ?? null },
      'log arguments',
    )
    const snap = await this.mustFind(matchId)
    const viewer = await this.seatOf(snap, caller, false)
    const engine = this.catalog.engineOf(snap)
    const rows = await this.db.prisma.action.findMany({
      where: { matchId: snap.id, seq: { gt: after ?? 0 } },
      orderBy: { seq: 'asc' },
      take: limit ?? LOG_PAGE,
    })
    const names = namesIn(snap.seats, lang)
    const upTo = rows.at(-1)?.seq ?? 0
    const labels = await this.labelsFor(snap, upTo, viewer, names, lang)
    // Another language for the same page (a field's `lang`): relabelled once for all its entries.
    const pages = new Map<Language, Promise<Map<number, string>>>()
    const wordsIn = (seq: number, events: GameEvent[]) => async (other: Language) => {
      if (!pages.has(other)) pages.set(other, this.labelsFor(snap, upTo, viewer, namesIn(snap.seats, other), other))
      return {
        label: (await pages.get(other)!).get(seq)!,
        eventTexts: eventTexts(engine, events, viewer, namesIn(snap.seats, other), other, snap.state),
      }
    }
    return rows.map(r => ({
      [WORDS_IN]: wordsIn(r.seq, r.events as GameEvent[]),
      seq: r.seq,
      seat: r.seat,
      action: r.seat === viewer ? r.action : publicAction(engine, r.action, r.kind),
      events: (r.events as GameEvent[]).map(e => redactEvent(e, viewer)),
      at: r.createdAt.toISOString(),
      label: labels.get(r.seq)!,
      eventTexts: eventTexts(engine, r.events as GameEvent[], viewer, names, lang, snap.state),
    }))
  }

  /** The whole match in words for the caller in `lang`: one line per action, then one per event worth telling. */
  async transcript(
    matchId: string,
    caller: Caller,
    lang: Language = caller.language ?? DEFAULT_LANGUAGE,
  ): Promise<string[]> {
    const snap = await this.mustFind(matchId)
    const viewer = await this.seatOf(snap, caller, false)
    const engine = this.catalog.engineOf(snap)
    const names = namesIn(snap.seats, lang)
    const rows = await this.db.prisma.action.findMany({ where: { matchId: snap.id }, orderBy: { seq: 'asc' } })
    const labels = await this.labelsFor(snap, rows.at(-1)?.seq ?? 0, viewer, names, lang, rows)
    const t = serviceMessages(lang)
    // A match with homebrew cards says so first: each set by name and exact version.
    const refs = this.toView(engine, snap, null).cardSets
    const sets = refs.length === 0 ? [] : await this.cardSets.byRefs(refs)
    const first =
      sets.length === 0 ? [] : [t('log.cardSets', { sets: sets.map(s => `${s.name} (${s.ref})`).join(', ') })]
    return first.concat(
      rows.flatMap(r => {
        const who = r.seat === null ? t('log.arbiter') : names[r.seat]!
        return [
          `${r.seq}. ${who}: ${labels.get(r.seq)!}`,
          ...eventTexts(engine, r.events as GameEvent[], viewer, names, lang, snap.state).map(line => `   ${line}`),
        ]
      }),
    )
  }

  /** Why the match ended, in words in `lang` (null while it has not). */
  endReasonText(view: Pick<MatchView, 'game' | 'endReason' | 'seats'>, lang: Language): string | null {
    return endReasonText(this.catalog.engine(view.game), view.endReason, namesIn(view.seats, lang), lang)
  }

  /**
   * The labels of the match's actions up to `upTo` for `viewer` in `lang` (another language than English replays the
   * log).
   */
  private async labelsFor(
    snap: Snapshot,
    upTo: number,
    viewer: number | null,
    names: string[],
    lang: Language,
    known?: LoggedAction[],
  ): Promise<Map<number, string>> {
    const engine = this.catalog.engineOf(snap)
    if (lang === DEFAULT_LANGUAGE || upTo === 0) {
      const rows =
        known ??
        (await this.db.prisma.action.findMany({
          where: { matchId: snap.id, seq: { lte: upTo } },
          orderBy: { seq: 'asc' },
        }))
      return labelsIn(engine, null, rows, viewer, names, DEFAULT_LANGUAGE)
    }
    const row = await this.db.prisma.match.findUnique({
      where: { id: snap.id },
      include: {
        seats: { orderBy: { index: 'asc' } },
        actions: { where: { seq: { lte: upTo } }, orderBy: { seq: 'asc' } },
      },
    })
    if (!row) throw new ServiceError('NOT_FOUND', `no match ${snap.id}`)
    return labelsIn(engine, await this.startState(engine, row), row.actions, viewer, names, lang)
  }

  /**
   * The state a started match was set up with, from its decks (with the card sets they name), options and final seed.
   */
  private async startState(
    engine: AnyEngine,
    row: { seats: { deck: unknown; entropy: string | null }[]; options: unknown; seed: string; seedSource: SeedSource },
  ): Promise<unknown> {
    const decks = row.seats.map(s => s.deck)
    return engine.setup(
      decks,
      engine.schemas.options.parse(row.options),
      finalSeed(
        row.seed,
        row.seedSource,
        row.seats.map(s => s.entropy),
      ),
      await this.setsFor(decks),
    )
  }

  /**
   * Applies one action in one round trip when the match is cached: the cached snapshot is used without
   * confirming it, because the write is guarded by its version. A conflict, or any refusal computed from
   * an unconfirmed snapshot, is re-checked against the database before the caller hears of it. With an
   * idempotency key the first result is stored with the action, and every repeat returns it.
   */
  async submit(raw: unknown, caller: Caller): Promise<ActionResultView> {
    const input = parseInput(submitActionInput, raw)
    let snap = this.store.peek(input.matchId)
    let confirmed = snap === undefined
    snap ??= await this.mustFind(input.matchId)
    const seat = (await this.seatOf(snap, caller, true, input.seat))!
    const engine = this.catalog.engineOf(snap)
    const key = input.idempotencyKey ?? null
    const requestHash =
      key === null
        ? ''
        : sha256Hex(
            canonicalJson({
              action: input.action ?? null,
              actionId: input.actionId ?? null,
              expectedVersion: input.expectedVersion ?? null,
            }),
          )

    for (let attempt = 0; ; attempt++) {
      // Checked on every attempt: a racing request with the same key may have committed meanwhile.
      if (key !== null) {
        const done = await this.store.idempotent(snap.id, seat, key)
        if (done) {
          if (done.requestHash !== requestHash) {
            throw new ServiceError(
              'IDEMPOTENCY_KEY_REUSED',
              `idempotency key "${key}" was already used for another request (action ${done.seq})`,
            )
          }
          return done.result as ActionResultView
        }
      }
      let step: Step
      try {
        if (input.expectedVersion != null && input.expectedVersion !== snap.version) {
          throw new ServiceError(
            'VERSION_CONFLICT',
            `match is at version ${snap.version}, not ${input.expectedVersion}`,
            { currentVersion: snap.version },
          )
        }
        const chosen = this.resolveAction(engine, snap, seat, input)
        step = this.moveStep(engine, snap, seat, chosen.action, 'move', chosen.label)
      } catch (e) {
        if (confirmed || !(e instanceof ServiceError)) throw e
        snap = await this.mustFind(snap.id)
        confirmed = true
        continue
      }
      const after = this.afterStep(snap, step)
      const next = once(() => this.legalFor(after, seat, caller.language))
      const result = {
        match: this.toView(engine, after, seat),
        events: step.events.map(e => redactEvent(e, seat)),
        get legalActions() {
          return next()
        },
      } as ActionResultView
      // The stored snapshot is the one the answer shows (its deadline included).
      const ok = await this.commit(snap, step, key === null ? null : { key, requestHash, result }, after)
      if (ok) return result
      if (attempt >= MAX_RETRIES) {
        throw new ServiceError('VERSION_CONFLICT', `another action changed the match first`, {
          currentVersion: (await this.mustFind(snap.id)).version,
        })
      }
      snap = await this.mustFind(snap.id)
      confirmed = true
    }
  }

  /** The step one legal action makes (throws ServiceError for an illegal one). `label`: the seat's, if known. */
  moveStep(
    engine: AnyEngine,
    snap: Snapshot,
    seat: number,
    action: { type: string },
    kind: ActionKind,
    label?: string,
  ): Step {
    if (snap.status === 'WAITING') throw new ServiceError('MATCH_NOT_STARTED', 'the match is waiting for seats to join')
    if (snap.status !== 'ACTIVE') throw new ServiceError('MATCH_FINISHED', 'the match is over')
    let next: { state: unknown; events: GameEvent[] }
    try {
      next = engine.apply(snap.state, seat, action)
    } catch (e) {
      if (e instanceof RuleViolation) {
        const toAct = engine.status(snap.state).toAct
        const whose = e.code === 'NOT_YOUR_DECISION' ? ` (${whoseDecision(snap, toAct)})` : ''
        throw new ServiceError(e.code, `${e.message}${whose}`, {
          rule: e.rule,
          ...(e.reason ? { reason: e.reason } : {}),
        })
      }
      if (e instanceof RulesLoop) throw rulesLoop(e)
      throw e
    }
    const names = seatNames(snap)
    const st = engine.status(next.state)
    label ??= engine.describeAction(snap.state, action, { names, viewer: seat })
    const publicLabel = engine.describeAction(snap.state, action, { names, viewer: null })
    const suffix = kind === 'autoplay' ? ' (played by Arbiter on timeout)' : ''
    return {
      kind,
      seat,
      action,
      events: next.events,
      state: next.state,
      status: st.finished ? 'FINISHED' : 'ACTIVE',
      winners: st.finished ? (st.winners ?? []) : null,
      endReason: st.finished ? (st.reason ?? 'the game ended') : null,
      label: label + suffix,
      publicLabel: publicLabel + suffix,
    }
  }

  /** The step of a seat giving up (resign, or a forfeit on timeout), by the game's own rules. */
  resignStep(engine: AnyEngine, snap: Snapshot, seat: number, kind: 'resign' | 'timeout'): Step {
    if (snap.status === 'WAITING')
      throw new ServiceError('MATCH_NOT_STARTED', 'the match has not started: leave it or abort it instead')
    if (snap.status !== 'ACTIVE') throw new ServiceError('MATCH_FINISHED', 'the match is over')
    const next = engine.resign(snap.state, seat)
    const st = engine.status(next.state)
    const text = kind === 'resign' ? 'resigned' : 'ran out of time and forfeited'
    return {
      kind,
      seat,
      action: { type: kind },
      events: next.events,
      state: next.state,
      status: st.finished ? 'FINISHED' : 'ACTIVE',
      winners: st.finished ? (st.winners ?? []) : null,
      endReason: st.finished ? (kind === 'resign' ? 'resigned' : 'timeout') : null,
      label: text,
      publicLabel: text,
    }
  }

  /** The step ending a match ABORTED when `seat` times out after its autoplays and no seat ever decided for itself. */
  timeoutAbortStep(snap: Snapshot, seat: number): Step {
    const text = 'ran out of time again: the match is aborted, no seat having made a decision of its own'
    return {
      kind: 'abort',
      seat,
      action: { type: 'abort' },
      events: [],
      state: snap.state,
      status: 'ABORTED',
      winners: [],
      endReason: 'timeout',
      label: text,
      publicLabel: text,
    }
  }

  async resign(raw: { matchId: string; seat?: number | null }, caller: Caller): Promise<MatchView> {
    const args = parseInput(seatArgs, raw)
    return this.retrying(args.matchId, caller, args.seat, (engine, snap, seat) =>
      this.resignStep(engine, snap, seat, 'resign'),
    )
  }

  /**
   * Ends the match ABORTED with no winner: while WAITING (any seat holder), or while ACTIVE before every
   * seat has made a move of its own.
   */
  async abort(raw: { matchId: string; seat?: number | null }, caller: Caller): Promise<MatchView> {
    const args = parseInput(seatArgs, raw)
    const snap = await this.mustFind(args.matchId)
    const seat = (await this.seatOf(snap, caller, true, args.seat))!
    if (snap.status === 'WAITING') {
      const done = await this.abortWaiting(snap, 'aborted')
      if (done === null) return this.abort(raw, caller)
      return this.toView(this.catalog.engineOf(done), done, seat)
    }
    return this.retrying(args.matchId, caller, args.seat, async (_engine, s) => {
      if (s.status !== 'ACTIVE') throw new ServiceError('MATCH_FINISHED', 'the match is over')
      const moved = await this.db.prisma.action.findMany({
        where: { matchId: s.id, kind: { in: ['move', 'bot'] } },
        distinct: ['seat'],
        select: { seat: true },
      })
      if (moved.length >= s.seats.length)
        throw new ServiceError('ILLEGAL_ACTION', 'every seat has moved: resign instead of aborting')
      return {
        kind: 'abort',
        seat,
        action: { type: 'abort' },
        events: [],
        state: s.state,
        status: 'ABORTED',
        winners: [],
        endReason: 'aborted',
        label: 'aborted the match',
        publicLabel: 'aborted the match',
      }
    })
  }

  /**
   * Ends a WAITING match ABORTED (aborted by a seat, or an invitation declined) and tells its players; the match
   * after it, or null when it was no longer WAITING (the caller looks again).
   */
  async abortWaiting(
    snap: Snapshot,
    endReason: 'aborted' | 'declined' | 'aborted by the operator',
  ): Promise<Snapshot | null> {
    const plan = this.events?.plan(snap, { ...snap, status: 'ABORTED', endReason, updatedAt: new Date() })
    const deliveries = await this.store.abortWaiting(snap.id, plan?.notices ?? [], endReason)
    if (deliveries === null) return null
    const done = await this.mustFind(snap.id)
    if (plan) await this.events?.committed(done, plan, deliveries)
    return done
  }

  /** Computes a step from the current snapshot and commits it, again on a fresh snapshot if another write won. */
  private async retrying(
    matchId: string,
    caller: Caller,
    seatArg: number | null | undefined,
    make: (engine: AnyEngine, snap: Snapshot, seat: number) => Step | Promise<Step>,
  ): Promise<MatchView> {
    for (let attempt = 0; ; attempt++) {
      const snap = await this.mustFind(matchId)
      const seat = (await this.seatOf(snap, caller, true, seatArg))!
      const engine = this.catalog.engineOf(snap)
      const step = await make(engine, snap, seat)
      const next = this.afterStep(snap, step)
      if (await this.commit(snap, step, null, next)) return this.toView(engine, next, seat)
      if (attempt >= MAX_RETRIES) throw new ServiceError('VERSION_CONFLICT', 'another action changed the match first')
    }
  }

  /** The snapshot after `step`, as it will be once committed. */
  afterStep(snap: Snapshot, step: Step): Snapshot {
    const turns = step.turns ?? this.turnsAfter(snap, step)
    return {
      ...snap,
      version: snap.version + 1,
      state: step.state,
      status: step.status,
      winners: step.winners,
      endReason: step.endReason,
      turns,
      deadline: step.status === 'ACTIVE' ? earliestDeadline(turns) : null,
      updatedAt: new Date(),
    }
  }

  /** Each seat's time and turn after `step` (clock.ts); the clocks stop once the match has ended. */
  private turnsAfter(snap: Snapshot, step: Step): Turns | null {
    const engine = this.catalog.engineOf(snap)
    const before = snap.status === 'ACTIVE' ? engine.status(snap.state).toAct : []
    const prev =
      snap.turns ??
      (snap.status === 'ACTIVE'
        ? startTurns(snap.clock, snap.seats.length, engine.status(snap.state).turn, before)
        : null)
    if (!prev) return null
    const st = step.status === 'ACTIVE' ? engine.status(step.state) : null
    return advanceTurns(snap.clock, prev, {
      engineTurn: st?.turn,
      toActBefore: before,
      toActAfter: st?.toAct ?? [],
      actor: step.seat,
      kind: step.kind,
    })
  }

  /** Writes one step guarded by the snapshot's version; false when another writer won. Then tells everyone. */
  async commit(
    snap: Snapshot,
    step: Step,
    idempotency: { key: string; requestHash: string; result: unknown } | null,
    next: Snapshot = this.afterStep(snap, step),
  ): Promise<boolean> {
    const planned = this.events?.plan(snap, next)
    const told =
      step.tell && this.events ? step.tell.playerIds.map(p => this.events!.notice(p, step.tell!.type, next)) : []
    const plan = planned && { ...planned, notices: [...planned.notices, ...told] }
    const res = await this.store.commit(
      {
        matchId: snap.id,
        fromVersion: snap.version,
        state: step.state,
        status: step.status,
        winners: step.winners,
        deadline: next.deadline,
        turns: next.turns,
        remindAt: next.status === 'ACTIVE' ? earliestReminder(next.turns) : null,
        endReason: step.endReason,
        seat: step.seat,
        kind: step.kind,
        action: step.action,
        events: step.events,
        label: step.label,
        publicLabel: step.publicLabel,
        idempotency,
        notices: plan?.notices ?? [],
      },
      next,
    )
    if (!res.ok) return false
    if (step.kind === 'move' || step.kind === 'bot' || step.kind === 'autoplay') this.metrics.actionApplied(snap.game)
    if (plan) await this.events?.committed({ ...next, version: res.version }, plan, res.deliveries)
    // A duplicate pair is rated once both have ended, also when the second ended ABORTED (the pair is then unrated).
    const rates = next.status === 'FINISHED' || (next.status === 'ABORTED' && snap.twin !== null)
    if (rates && snap.status !== next.status && snap.rated) await this.ratedEnded?.(snap.id)
    if (next.status !== 'ACTIVE' && snap.status === 'ACTIVE') await this.ended?.(snap.id)
    return true
  }

  /** Rebuilds a match from its seed, decks, options and log; `identical` compares it with the snapshot. */
  async replay(matchId: string): Promise<{ state: unknown; identical: boolean; version: number }> {
    const history = await this.history(matchId)
    if (!history.started) return { state: history.stored, identical: true, version: history.version }
    // Compared as stored, in JSON: an engine may keep a field present but undefined, which JSON leaves out.
    const rebuilt: unknown = JSON.parse(JSON.stringify(history.states[history.version]))
    return { state: rebuilt, identical: isDeepStrictEqual(rebuilt, history.stored), version: history.version }
  }

  /**
   * Every version's state of a match, rebuilt from its seed, decks, options and log (`states[v]`: the state at
   * version v; version 0 is setup's), with the log itself. A takeback (kind `takeback`) returns to the state of
   * its `toVersion`, so the actions it took back count for nothing after it.
   */
  async history(matchId: string): Promise<MatchHistory> {
    const id = parseInput(idSchema, matchId, 'match id')
    const row = await this.db.prisma.match.findUnique({
      where: { id },
      include: { seats: { orderBy: { index: 'asc' } }, actions: { orderBy: { seq: 'asc' } } },
    })
    if (!row) throw new ServiceError('NOT_FOUND', `no match ${matchId}`)
    const log = row.actions.map(a => ({
      seq: a.seq,
      seat: a.seat,
      kind: a.kind as ActionKind,
      action: a.action,
      events: a.events as GameEvent[],
    }))
    if (row.status === 'WAITING' || row.seats.some(s => s.deck === null))
      return { started: false, stored: row.state, version: row.version, states: [], log }
    const engine = this.catalog.engineOf(row)
    const states: unknown[] = [await this.startState(engine, row)]
    for (const a of log) {
      const state = states[a.seq - 1]
      if (a.kind === 'resign' || a.kind === 'timeout') states[a.seq] = engine.resign(state, a.seat!).state
      else if (a.kind === 'takeback') states[a.seq] = states[(a.action as { toVersion: number }).toVersion]
      else if (a.kind !== 'abort' && a.kind !== 'vacation' && a.kind !== 'draw')
        states[a.seq] = engine.apply(state, a.seat!, a.action as { type: string }).state
      else states[a.seq] = state
    }
    return { started: true, stored: row.state, version: row.version, states, log }
  }

  /**
   * A seat's deck, checked under `rulesVersion` (a WAITING match's own, when joined later; else the current rules):
   * DECK_ILLEGAL, NOT_FOUND or BAD_USER_INPUT for a deck it cannot play.
   */
  async seatDeck(
    engine: AnyEngine,
    seat: { deckId?: string | null; deck?: unknown },
    index: number,
    rulesVersion?: string,
  ): Promise<{ deck: unknown; deckId: string | null }> {
    let raw = seat.deck
    let deckId: string | null = null
    if (seat.deckId != null) {
      const saved = await this.db.prisma.deck.findUnique({ where: { id: seat.deckId } })
      if (!saved) throw new ServiceError('NOT_FOUND', `seat ${index}: no deck ${seat.deckId}`)
      if (saved.game !== engine.id)
        throw new ServiceError('BAD_USER_INPUT', `seat ${index}: deck ${seat.deckId} is a ${saved.game} deck`)
      raw = saved.list
      deckId = saved.id
    }
    // the deck's sets as exact versions: a bare set id is dealt its newest version, and the match keeps that one
    const { deck: exact, sets } = await this.cardSets.resolve(engine.id, raw)
    const report = this.catalog.validateDeck({ game: engine.id, deck: exact, rulesVersion }, sets)
    if (!report.legal) {
      throw new ServiceError('DECK_ILLEGAL', `seat ${index}: the deck is not legal`, { violations: report.violations })
    }
    return { deck: report.deck, deckId }
  }

  /** The action the input names, with the seat's label for it when the seat's choices were already listed. */
  private resolveAction(
    engine: AnyEngine,
    snap: Snapshot,
    seat: number,
    input: SubmitActionInput,
  ): { action: { type: string }; label?: string } {
    const listed = snap.status === 'ACTIVE' ? this.legal.peek(snap.state, seat) : undefined
    if (input.actionId != null) {
      const hit = listed?.find(a => a.id === input.actionId)
      if (hit) return { action: hit.action as { type: string }, label: hit.label }
      const found = listed
        ? undefined
        : engine.legalActions(snap.state, seat).find((a: unknown) => actionId(a) === input.actionId)
      if (!found) {
        const toAct = engine.status(snap.state).toAct
        if (!toAct.includes(seat)) {
          throw new ServiceError(
            'NOT_YOUR_DECISION',
            `seat ${seat} has no decision to make now (${whoseDecision(snap, toAct)})`,
          )
        }
        throw new ServiceError(
          'ILLEGAL_ACTION',
          `action id ${input.actionId} is not among the legal actions at version ${snap.version}`,
        )
      }
      return { action: found }
    }
    return { action: parseInput(engine.schemas.action, input.action, `${engine.id} action`) }
  }

  async find(matchId: string, minVersion = 0): Promise<Snapshot | null> {
    const r = idSchema.safeParse(matchId)
    if (!r.success) return null
    return this.store.load(r.data, minVersion)
  }

  async mustFind(matchId: string, minVersion = 0): Promise<Snapshot> {
    parseInput(idSchema, matchId, 'match id')
    const snap = await this.find(matchId, minVersion)
    if (!snap) throw new ServiceError('NOT_FOUND', `no match ${matchId}`)
    return snap
  }

  /**
   * The seat the caller acts for. A seat token names its seat; a player key names the player's seat (the
   * `seat` argument chooses among several; without it, the one to act, else the first). A secret that is
   * neither (or none, when `required`) is UNAUTHENTICATED; without one a reader is a spectator (null).
   */
  async seatOf(snap: Snapshot, caller: Caller, required: boolean, seatArg?: number | null): Promise<number | null> {
    if (!caller.token) {
      if (required)
        throw new ServiceError(
          'UNAUTHENTICATED',
          'this needs a seat token or player key: Authorization: Bearer <token>',
        )
      return null
    }
    const hash = hashToken(caller.token)
    const bySeat = snap.seats.find(s => s.tokenHash === hash)
    if (bySeat) {
      if (bySeat.playerId && (await this.players.isBlocked(bySeat.playerId)))
        throw new ServiceError('UNAUTHENTICATED', "this seat's player is blocked by the operator")
      if (seatArg != null && seatArg !== bySeat.index)
        throw new ServiceError('UNAUTHENTICATED', `this token is seat ${bySeat.index}'s, not seat ${seatArg}'s`)
      return bySeat.index
    }
    const player = await this.players.fromCaller(caller)
    const reserved = player ? snap.seats.filter(s => s.playerId === player.id) : []
    const mine = reserved.filter(s => s.joined)
    if (mine.length === 0) {
      // An invited player reads the match (its inbox lists it) as a spectator until it joins.
      if (reserved.length > 0 && !required) return null
      if (reserved.length > 0)
        throw new ServiceError(
          'UNAUTHENTICATED',
          `seat ${reserved[0]!.index} is reserved for this player: joinMatch first`,
        )
      throw new ServiceError('UNAUTHENTICATED', 'the token is not a seat of this match')
    }
    if (seatArg != null) {
      const s = mine.find(x => x.index === seatArg)
      if (!s) throw new ServiceError('UNAUTHENTICATED', `the player does not hold seat ${seatArg} of this match`)
      return s.index
    }
    if (mine.length === 1) return mine[0]!.index
    const toAct = snap.status === 'ACTIVE' ? this.catalog.engineOf(snap).status(snap.state).toAct : []
    return (mine.find(s => toAct.includes(s.index)) ?? mine[0]!).index
  }

  /** The seats to act at this snapshot ([] unless ACTIVE). */
  toActOf(snap: Snapshot): number[] {
    return snap.status === 'ACTIVE' ? this.catalog.engineOf(snap).status(snap.state).toAct : []
  }

  /** The match as `seat` sees it (null: a spectator); shared with the turn's other readers, never to be changed. */
  toView(engine: AnyEngine, snap: Snapshot, seat: number | null): MatchView {
    return this.turnViews.get(snap, seat, () => this.newView(engine, snap, seat))
  }

  private newView(engine: AnyEngine, snap: Snapshot, seat: number | null): MatchView {
    const active = snap.status === 'ACTIVE'
    const st = active ? engine.status(snap.state) : null
    // Computed on first read, so a request that does not select it (a match in a list, a webhook's match
    // for a player without a view) pays nothing; JSON.stringify reads a getter like any field.
    const view = once(() => (started(snap) ? engine.view(snap.state, seat) : {}))
    // the game's view names the sets (every game's view schema has `cardSets`); read only when selected
    const cardSets = once(() =>
      started(snap) ? (((engine.view(snap.state, null) as { cardSets?: string[] }).cardSets ?? []) as string[]) : [],
    )
    return {
      id: snap.id,
      game: snap.game,
      version: snap.version,
      status: snap.status,
      seat,
      toAct: st ? st.toAct : [],
      winners: snap.status === 'FINISHED' ? (snap.winners ?? []) : null,
      seats: snap.seats.map(s => ({
        seat: s.index,
        name: s.name,
        playerId: s.playerId,
        joined: s.joined,
        bot: s.bot?.kind ?? null,
      })),
      get view() {
        return view()
      },
      get cardSets() {
        return cardSets()
      },
      createdAt: snap.createdAt.toISOString(),
      updatedAt: snap.updatedAt.toISOString(),
      clock: snap.clock ? clockView(snap.clock, snap.turns) : null,
      turn: started(snap) && snap.turns ? snap.turns.turn : null,
      endReason: snap.endReason,
      seedCommitment: snap.seedCommitment,
      seedSource: snap.seedSource,
      rated: snap.rated,
      tournament: snap.tournament,
      twin: snap.twin,
      rulesVersion: snap.rulesVersion,
    }
  }
}

/**
 * A listed action whose label is made when something first reads it (a view, a REST answer, the log of the
 * chosen one): bots mostly ask for ids and actions, and labelling every choice of a long listing costs more
 * than the closure. An own enumerable getter, so JSON and spreads carry the label like any other field.
 */
function listedAction(
  action: unknown,
  describe: () => string,
  describeIn: (action: unknown, lang: Language) => string,
): LegalActionView {
  const label = once(describe)
  return {
    id: actionId(action),
    get label() {
      return label()
    },
    action,
    [LABEL_IN]: (lang: Language) => describeIn(action, lang),
  }
}

/**
 * `compute`'s value, computed on the first call only (the lazy fields of views and results: a getter in an object
 * literal keeps the object's fast shape, unlike defineProperty).
 */
function once<T>(compute: () => T): () => T {
  let value: T | undefined
  let done = false
  return () => {
    if (!done) {
      value = compute()
      done = true
    }
    return value as T
  }
}

/** Setup runs once every seat has joined: before that (WAITING, or aborted while WAITING) there is no state. */
/**
 * Whether the match has its game state: every seat joined and the start written. The last seat's join and the
 * start are two statements, so a read between them sees every seat joined while the state is still the waiting
 * match's placeholder (a player stream reads the match when it sends an event, and can land there).
 */
function started(snap: Snapshot): boolean {
  return snap.status !== 'WAITING' && snap.seats.every(s => s.joined)
}

function whoseDecision(snap: Snapshot, toAct: number[]): string {
  return `it is ${toAct.map(s => seatNames(snap)[s]).join(' and ') || 'nobody'}'s decision`
}

/** The seats' names for labels: the display name, else "Seat N" (1-based). */
export function seatNames(snap: Snapshot): string[] {
  return snap.seats.map(s => s.name ?? `Seat ${s.index + 1}`)
}

/** An action as a seat other than its own sees it (the log, a scouting-safe export). */
export function publicAction(engine: AnyEngine, action: unknown, kind: string): unknown {
  if (kind !== 'move' && kind !== 'autoplay' && kind !== 'bot') return action
  return engine.publicAction ? engine.publicAction(action) : { type: (action as { type: string }).type }
}
