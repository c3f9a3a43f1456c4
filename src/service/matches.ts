import { isDeepStrictEqual } from 'node:util'
import { actionId, redactEvent, RuleViolation, type AnyEngine, type GameEvent } from '../kernel/index.ts'
import type { Database } from '../store/database.ts'
import type { Catalog } from './catalog.ts'
import { ServiceError, parseInput } from './errors.ts'
import { MatchStore, type MatchStatusName, type Snapshot } from './match-store.ts'
import { createMatchInput, idSchema, submitActionInput, type CreateMatchInput, type SubmitActionInput } from './schemas.ts'
import { hashToken, newSeatToken, newSeed } from './tokens.ts'

/** A match as one viewer sees it: `seat` is the caller's seat, null for a spectator. */
export interface MatchView {
  id: string
  game: string
  version: number
  status: MatchStatusName
  seat: number | null
  toAct: number[]
  winners: number[] | null
  /** Every seat's index and display name (public). */
  seats: { seat: number; name: string | null }[]
  view: unknown
}

export interface LegalActionView {
  id: string
  label: string
  action: unknown
}

export interface LogEntryView {
  seq: number
  seat: number | null
  action: unknown
  events: GameEvent[]
  at: string
}

/** Who is calling: the bearer token, if any. */
export interface Caller {
  token?: string | null
}

/** Told after every committed action, so subscribers can be sent the new view. */
export type UpdatePublisher = (matchId: string, version: number) => void

const MAX_RETRIES = 8

interface Attempt {
  action: { type: string }
  events: GameEvent[]
  snapshot: { state: unknown; status: MatchStatusName; winners: number[] | null }
}

export class MatchService {
  private readonly store: MatchStore

  constructor(
    private readonly db: Database,
    private readonly catalog: Catalog,
    private readonly publish: UpdatePublisher = () => {},
  ) {
    this.store = new MatchStore(db)
  }

  async create(raw: CreateMatchInput): Promise<{ match: MatchView; seats: { seat: number; token: string }[] }> {
    const input = parseInput(createMatchInput, raw)
    const engine = this.catalog.engine(input.game)
    if (input.seats.length < engine.seats.min || input.seats.length > engine.seats.max) {
      throw new ServiceError('BAD_USER_INPUT', `${engine.name} needs ${engine.seats.min} to ${engine.seats.max} seats, got ${input.seats.length}`)
    }
    const optionsResult = engine.schemas.options.safeParse(input.options ?? {})
    if (!optionsResult.success) {
      throw new ServiceError('BAD_USER_INPUT', `invalid options: ${optionsResult.error.issues[0]?.message ?? 'malformed'}`)
    }
    const decks = await Promise.all(input.seats.map((s, i) => this.seatDeck(engine, s, i)))
    const seed = input.seed ?? newSeed()
    let state: unknown
    try {
      state = engine.setup(decks.map((d) => d.deck), optionsResult.data, seed)
    } catch (e) {
      if (e instanceof RuleViolation) throw new ServiceError('BAD_USER_INPUT', e.message, { rule: e.rule })
      throw e
    }
    const st = engine.status(state)
    const tokens = input.seats.map(() => newSeatToken())
    const row = await this.db.prisma.match.create({
      data: {
        game: engine.id,
        options: optionsResult.data as object,
        seed,
        state: state as object,
        status: st.finished ? 'FINISHED' : 'ACTIVE',
        winners: st.winners ?? [],
        seats: {
          create: input.seats.map((s, i) => ({
            index: i,
            name: s.name ?? null,
            tokenHash: hashToken(tokens[i]!),
            deck: decks[i]!.deck as object,
            deckId: decks[i]!.deckId,
          })),
        },
      },
    })
    const snap: Snapshot = {
      id: row.id,
      game: engine.id,
      version: 0,
      state,
      status: row.status,
      winners: st.finished ? (st.winners ?? []) : null,
      seats: input.seats.map((s, i) => ({ index: i, name: s.name ?? null, tokenHash: hashToken(tokens[i]!) })),
    }
    return { match: this.toView(engine, snap, null), seats: tokens.map((token, seat) => ({ seat, token })) }
  }

  /** The caller's view of a match, or null if there is no such match. */
  /** `minVersion`: an update announced this version, so an older cached copy will not do. */
  async get(matchId: string, caller: Caller, minVersion = 0): Promise<MatchView | null> {
    const snap = await this.find(matchId, minVersion)
    if (!snap) return null
    return this.toView(this.catalog.engine(snap.game), snap, this.seatOf(snap, caller, false))
  }

  /** The caller's seat in a match (null = spectator); fails for an unknown match or a foreign token. */
  async viewerSeat(matchId: string, caller: Caller): Promise<number | null> {
    return this.seatOf(await this.mustFind(matchId), caller, false)
  }

  async legalActions(matchId: string, caller: Caller): Promise<LegalActionView[]> {
    const snap = await this.mustFind(matchId)
    const seat = this.seatOf(snap, caller, true)!
    if (snap.status !== 'ACTIVE') return []
    const engine = this.catalog.engine(snap.game)
    return engine.legalActions(snap.state, seat).map((a) => ({ id: actionId(a), label: engine.describeAction(snap.state, a), action: a }))
  }

  async log(matchId: string, caller: Caller, after?: number | null): Promise<LogEntryView[]> {
    const snap = await this.mustFind(matchId)
    const viewer = this.seatOf(snap, caller, false)
    const engine = this.catalog.engine(snap.game)
    const rows = await this.db.prisma.action.findMany({
      where: { matchId: snap.id, seq: { gt: after ?? 0 } },
      orderBy: { seq: 'asc' },
    })
    return rows.map((r) => ({
      seq: r.seq,
      seat: r.seat,
      action: r.seat === viewer ? r.action : publicAction(engine, r.action),
      events: (r.events as GameEvent[]).map((e) => redactEvent(e, viewer)),
      at: r.createdAt.toISOString(),
    }))
  }

  /**
   * Applies one action in one round trip when the match is cached: the cached snapshot is used without
   * confirming it, because the write is guarded by its version. A conflict, or any refusal computed from
   * an unconfirmed snapshot, is re-checked against the database before the caller hears of it.
   */
  async submit(raw: unknown, caller: Caller): Promise<{ match: MatchView; events: GameEvent[] }> {
    const input = parseInput(submitActionInput, raw)
    let snap = this.store.peek(input.matchId)
    let confirmed = snap === undefined
    snap ??= await this.mustFind(input.matchId)
    const seat = this.seatOf(snap, caller, true)!
    const engine = this.catalog.engine(snap.game)
    const key = input.idempotencyKey ?? null

    for (let attempt = 0; ; attempt++) {
      // Checked on every attempt: a racing request with the same key may have committed meanwhile.
      if (key !== null) {
        const done = await this.store.idempotentSeq(snap.id, seat, key)
        if (done !== null) return this.replayResult(engine, snap.id, seat, done)
      }
      let next: Attempt
      try {
        next = this.attempt(engine, snap, seat, input)
      } catch (e) {
        if (confirmed || !(e instanceof ServiceError)) throw e
        snap = await this.mustFind(snap.id)
        confirmed = true
        continue
      }
      const res = await this.store.commit(
        { matchId: snap.id, fromVersion: snap.version, seat, action: next.action, events: next.events, idempotencyKey: key, ...next.snapshot },
        { ...snap, ...next.snapshot },
      )
      if (res.ok) {
        this.publish(snap.id, res.version)
        return {
          match: this.toView(engine, { ...snap, ...next.snapshot, version: res.version }, seat),
          events: next.events.map((e) => redactEvent(e, seat)),
        }
      }
      if (res.reason === 'VERSION_CONFLICT' && (input.expectedVersion != null || attempt >= MAX_RETRIES)) {
        const current = await this.mustFind(snap.id)
        throw new ServiceError('VERSION_CONFLICT', `another action changed the match first (now version ${current.version})`, {
          currentVersion: current.version,
        })
      }
      snap = await this.mustFind(snap.id)
      confirmed = true
    }
  }

  /** Checks and applies the action to one snapshot, without writing anything. */
  private attempt(engine: AnyEngine, snap: Snapshot, seat: number, input: SubmitActionInput): Attempt {
    if (input.expectedVersion != null && input.expectedVersion !== snap.version) {
      throw new ServiceError('VERSION_CONFLICT', `match is at version ${snap.version}, not ${input.expectedVersion}`, { currentVersion: snap.version })
    }
    if (snap.status !== 'ACTIVE') throw new ServiceError('MATCH_FINISHED', 'the match is over')
    const action = this.resolveAction(engine, snap, seat, input)
    let next: { state: unknown; events: GameEvent[] }
    try {
      next = engine.apply(snap.state, seat, action)
    } catch (e) {
      if (e instanceof RuleViolation) throw new ServiceError(e.code, e.message, { rule: e.rule, ...(e.reason ? { reason: e.reason } : {}) })
      throw e
    }
    const st = engine.status(next.state)
    return {
      action,
      events: next.events,
      snapshot: { state: next.state, status: st.finished ? 'FINISHED' : 'ACTIVE', winners: st.finished ? (st.winners ?? []) : null },
    }
  }

  /** Rebuilds a match from its seed, decks, options and log; `identical` compares it with the snapshot. */
  async replay(matchId: string): Promise<{ state: unknown; identical: boolean; version: number }> {
    const id = parseInput(idSchema, matchId, 'match id')
    const row = await this.db.prisma.match.findUnique({
      where: { id },
      include: { seats: { orderBy: { index: 'asc' } }, actions: { orderBy: { seq: 'asc' } } },
    })
    if (!row) throw new ServiceError('NOT_FOUND', `no match ${matchId}`)
    const engine = this.catalog.engine(row.game)
    let state = engine.setup(
      row.seats.map((s) => s.deck),
      engine.schemas.options.parse(row.options),
      row.seed,
    )
    for (const a of row.actions) state = engine.apply(state, a.seat!, a.action as { type: string }).state
    return { state, identical: isDeepStrictEqual(state, row.state), version: row.version }
  }

  private async seatDeck(engine: AnyEngine, seat: CreateMatchInput['seats'][number], index: number): Promise<{ deck: unknown; deckId: string | null }> {
    let raw = seat.deck
    let deckId: string | null = null
    if (seat.deckId != null) {
      const saved = await this.db.prisma.deck.findUnique({ where: { id: seat.deckId } })
      if (!saved) throw new ServiceError('NOT_FOUND', `seat ${index}: no deck ${seat.deckId}`)
      if (saved.game !== engine.id) throw new ServiceError('BAD_USER_INPUT', `seat ${index}: deck ${seat.deckId} is a ${saved.game} deck`)
      raw = saved.list
      deckId = saved.id
    }
    const report = this.catalog.validateDeck({ game: engine.id, deck: raw })
    if (!report.legal) {
      throw new ServiceError('DECK_ILLEGAL', `seat ${index}: the deck is not legal`, { violations: report.violations })
    }
    return { deck: report.deck, deckId }
  }

  private resolveAction(engine: AnyEngine, snap: Snapshot, seat: number, input: { action?: unknown; actionId?: string | null }): { type: string } {
    if (input.actionId != null) {
      const found = engine.legalActions(snap.state, seat).find((a: unknown) => actionId(a) === input.actionId)
      if (!found) {
        const toAct = engine.status(snap.state).toAct
        if (!toAct.includes(seat)) throw new ServiceError('NOT_YOUR_DECISION', `seat ${seat} has no decision to make now`)
        throw new ServiceError('ILLEGAL_ACTION', `action id ${input.actionId} is not among the legal actions at version ${snap.version}`)
      }
      return found
    }
    const parsed = engine.schemas.action.safeParse(input.action)
    if (!parsed.success) {
      throw new ServiceError('BAD_USER_INPUT', `not a ${engine.id} action: ${parsed.error.issues[0]?.message ?? 'malformed'}`)
    }
    return parsed.data
  }

  private async replayResult(engine: AnyEngine, matchId: string, seat: number, seq: number): Promise<{ match: MatchView; events: GameEvent[] }> {
    const [row, snap] = await Promise.all([
      this.db.prisma.action.findUnique({ where: { matchId_seq: { matchId, seq } } }),
      this.mustFind(matchId),
    ])
    return {
      match: this.toView(engine, snap, seat),
      events: ((row?.events ?? []) as GameEvent[]).map((e) => redactEvent(e, seat)),
    }
  }

  private async find(matchId: string, minVersion = 0): Promise<Snapshot | null> {
    const r = idSchema.safeParse(matchId)
    if (!r.success) return null
    return this.store.load(r.data, minVersion)
  }

  private async mustFind(matchId: string): Promise<Snapshot> {
    parseInput(idSchema, matchId, 'match id')
    const snap = await this.find(matchId)
    if (!snap) throw new ServiceError('NOT_FOUND', `no match ${matchId}`)
    return snap
  }

  /**
   * The seat a token belongs to in this match. A token of another match (or none, when `required`) is
   * UNAUTHENTICATED; without a token a reader is a spectator (null).
   */
  private seatOf(snap: Snapshot, caller: Caller, required: boolean): number | null {
    if (!caller.token) {
      if (required) throw new ServiceError('UNAUTHENTICATED', 'this needs a seat token: Authorization: Bearer <token>')
      return null
    }
    const hash = hashToken(caller.token)
    const seat = snap.seats.find((s) => s.tokenHash === hash)
    if (!seat) throw new ServiceError('UNAUTHENTICATED', 'the token is not a seat of this match')
    return seat.index
  }

  private toView(engine: AnyEngine, snap: Snapshot, seat: number | null): MatchView {
    const st = engine.status(snap.state)
    return {
      id: snap.id,
      game: snap.game,
      version: snap.version,
      status: snap.status,
      seat,
      toAct: snap.status === 'ACTIVE' ? st.toAct : [],
      winners: snap.status === 'FINISHED' ? (snap.winners ?? []) : null,
      seats: snap.seats.map((s) => ({ seat: s.index, name: s.name })),
      view: engine.view(snap.state, seat),
    }
  }
}

function publicAction(engine: AnyEngine, action: unknown): unknown {
  return engine.publicAction ? engine.publicAction(action) : { type: (action as { type: string }).type }
}
