// The deck lab: a player's runs of a deck against opponents, bot against bot, queued on the job queue and played on the
// bot worker thread.
import { randomUUID } from 'node:crypto'
import { z } from 'zod'
import { MovePool } from '../bots/move-pool.ts'
import type { LabGameTask } from '../bots/lab-game.ts'
import { DEFAULT_STRENGTH } from '../bots/spec.ts'
import { MAX_DECISIONS, type SeatBot } from '../bots/play-match.ts'
import { slugify, type AnyEngine, type CardSetCards } from '../kernel/index.ts'
import type { Database } from '../store/database.ts'
import type { JobQueue } from '../store/jobs.ts'
import type { Caller } from './caller.ts'
import type { Catalog } from './catalog.ts'
import { ServiceError, parseInput } from './errors.ts'
import { labResult, type DeckLabResult, type LabGameRecord } from './lab-stats.ts'
import type { PlayerEventPayload, Publisher } from './match-events.ts'
import type { MatchService } from './matches.ts'
import type { PlayerEventStore } from './player-events.ts'
import type { PlayerService } from './players.ts'
import { botInput, gameIdSchema, idSchema, safeText } from './schemas.ts'

export const JOB_DECK_LAB = 'deck-lab'
/** Hands the runs of crashed processes back to the queue (every minute, and as each process starts). */
export const JOB_DECK_LAB_SWEEP = 'deck-lab-sweep'

export interface DeckLabSettings {
  /** Games per opponent in one run (DECKLAB_MAX_GAMES). */
  maxGames: number
  /** Games (games × opponents) one player may request per UTC day (DECKLAB_GAMES_PER_DAY). */
  gamesPerDay: number
}

export const DEFAULT_DECK_LAB: DeckLabSettings = { maxGames: 1_000, gamesPerDay: 5_000 }
/** Opponents in one run. */
export const DECKLAB_MAX_OPPONENTS = 10
/** Runs listed by myDeckLabRuns. */
const LISTED_RUNS = 100
/** A running run tells its owner how far it is at least this often (and every tenth of its games). */
const PROGRESS_MS = 5_000
/** The process playing a run shows it is alive this often, whether or not a game ended meanwhile. */
const HEARTBEAT_MS = 15_000
/**
 * A run that showed no sign of life for this long is taken for lost (its process crashed or was killed): a RUNNING one
 * goes back to the queue, a QUEUED one is queued again. Eight missed heartbeats: a busy process is not mistaken for
 * a dead one.
 */
export const DECKLAB_STALE_SECONDS = 120

export function deckLabFromEnv(env: NodeJS.ProcessEnv): DeckLabSettings {
  const int = (name: string, fallback: number, min: number) => {
    const raw = env[name]
    if (raw === undefined || raw === '') return fallback
    const n = Number(raw)
    if (!Number.isInteger(n) || n < min) throw new Error(`${name} must be an integer of at least ${min}, got '${raw}'`)
    return n
  }
  return {
    maxGames: int('DECKLAB_MAX_GAMES', DEFAULT_DECK_LAB.maxGames, 1),
    gamesPerDay: int('DECKLAB_GAMES_PER_DAY', DEFAULT_DECK_LAB.gamesPerDay, 0),
  }
}

const json = z.unknown().refine(v => v !== undefined, 'required')

const opponentInput = z
  .strictObject({
    deck: json.nullish(),
    deckId: idSchema.nullish(),
    sampleDeck: z.string().min(1).max(100).nullish(),
    name: safeText(1, 100).nullish(),
  })
  .refine(
    o => [o.deck, o.deckId, o.sampleDeck].filter(v => v != null).length === 1,
    'an opponent is one of deck, deckId or sampleDeck',
  )

export const deckLabInput = z
  .strictObject({
    game: gameIdSchema,
    deck: json.nullish(),
    deckId: idSchema.nullish(),
    opponents: z.array(opponentInput).min(1).max(DECKLAB_MAX_OPPONENTS),
    games: z.number().int().min(1),
    bot: botInput.nullish(),
    seed: z
      .string()
      .min(1)
      .max(200)
      .regex(/^[\x20-\x7e]+$/, 'printable ASCII only')
      .nullish(),
    maxDecisions: z.number().int().min(1).max(MAX_DECISIONS).nullish(),
  })
  .refine(q => (q.deck != null) !== (q.deckId != null), 'give the deck to test as deck or deckId')

export type DeckLabStatus = 'QUEUED' | 'RUNNING' | 'FINISHED' | 'CANCELLED' | 'FAILED'

export interface DeckLabRunView {
  id: string
  game: string
  status: DeckLabStatus
  games: number
  played: number
  seed: string
  createdAt: string
  finishedAt: string | null
  error: string | null
  result: DeckLabResult | null
}

/** What a run plays, as stored with it: every deck resolved and checked when it was requested. */
interface LabRequest {
  deck: unknown
  opponents: { name: string; deck: unknown }[]
  /** Games against each opponent. */
  games: number
  bot: SeatBot
  maxDecisions: number
  /** The distinct cards of the tested deck's main deck, in deck order. */
  cards: string[]
  /**
   * The card sets the decks name (each deck's `sets` as exact versions), with their cards: the games are dealt them as
   * a match is. Absent in runs requested before sets.
   */
  sets?: CardSetCards[]
}

interface RunRow {
  id: string
  playerId: string
  game: string
  status: DeckLabStatus
  games: number
  played: number
  seed: string
  request: LabRequest
  result: DeckLabResult | null
  error: string | null
  createdAt: Date | string
  finishedAt: Date | string | null
}

const COLUMNS = `id, "playerId", game, status, games, played, seed, request, result, error, "createdAt", "finishedAt"`

function iso(v: Date | string): string {
  return (v instanceof Date ? v : new Date(v)).toISOString()
}

export class DeckLabService {
  private readonly pool = new MovePool()
  /** Set when this process stops: a run being played goes back to the queue after its current game. */
  private stopping = false
  private readonly playing = new Set<Promise<void>>()

  constructor(
    private readonly db: Database,
    private readonly catalog: Catalog,
    private readonly matches: MatchService,
    private readonly players: PlayerService,
    private readonly publisher: Publisher,
    private readonly kept: PlayerEventStore,
    private readonly jobs: JobQueue | null,
    private readonly log: (err: unknown, what: string) => void,
    readonly settings: DeckLabSettings = DEFAULT_DECK_LAB,
  ) {}

  /** Serves the lab's jobs in this process: one run at a time (its games run one by one on the bot worker thread). */
  async start(): Promise<void> {
    if (!this.jobs) return
    await this.jobs.work(JOB_DECK_LAB, d => this.run(String(d.runId)))
    await this.jobs.schedule(JOB_DECK_LAB_SWEEP, '* * * * *', async () => void (await this.sweep()))
    await this.sweep()
  }

  /**
   * Hands back to the queue every run left behind by a process that stopped without doing so (a crash, a kill): a
   * RUNNING run whose player has not shown it is alive for DECKLAB_STALE_SECONDS is played again from its start, and a
   * QUEUED run quiet for as long (its job lost with the process that sent it) gets a new job. Each is taken back by one
   * statement guarded by its state, so that sweeps racing on several processes requeue it once; a job sent twice is
   * harmless (only one claims the run). The runs requeued.
   */
  async sweep(): Promise<string[]> {
    if (!this.jobs) return []
    const lost = await this.db.sql.query<{ id: string }>(
      `UPDATE "DeckLabRun" SET status = 'QUEUED', played = 0, result = NULL, "startedAt" = NULL, claim = NULL, "heartbeatAt" = now()
        WHERE status IN ('RUNNING', 'QUEUED')
          AND coalesce("heartbeatAt", "createdAt") < now() - make_interval(secs => $1)
        RETURNING id`,
      [DECKLAB_STALE_SECONDS],
    )
    for (const { id } of lost) await this.queue(id)
    return lost.map(r => r.id)
  }

  /**
   * Hands any run being played back to the queue (another process plays it again from its start) and stops the worker.
   */
  async stop(): Promise<void> {
    this.stopping = true
    await Promise.allSettled([...this.playing])
    await this.pool.close()
  }

  /**
   * Checks every deck, takes the run's games from the player's daily quota and queues the run, or refuses it with
   * nothing written: UNAUTHENTICATED without a player key, BAD_USER_INPUT, DECK_ILLEGAL, NOT_FOUND, QUOTA_EXCEEDED.
   */
  async request(caller: Caller, raw: unknown): Promise<DeckLabRunView> {
    const player = await this.players.require(caller)
    const q = parseInput(deckLabInput, raw)
    const engine = this.catalog.engine(q.game)
    if (engine.seats.min > 2 || engine.seats.max < 2)
      throw new ServiceError('BAD_USER_INPUT', `${engine.id} is not played by two seats; the lab plays two-seat games`)
    if (q.games > this.settings.maxGames)
      throw new ServiceError('BAD_USER_INPUT', `games: 1 to ${this.settings.maxGames} per opponent (DECKLAB_MAX_GAMES)`)
    if (!this.jobs)
      throw new ServiceError('BAD_USER_INPUT', 'this server runs without a job queue: the deck lab is not available')
    const bots = this.catalog.bots(engine)
    const kind = q.bot?.kind ?? 'random'
    if (!bots.includes(kind))
      throw new ServiceError('BAD_USER_INPUT', `bot.kind: ${engine.id} has the bots ${bots.join(', ')}`)
    const tested = await this.matches.seatDeck(engine, { deck: q.deck, deckId: q.deckId }, 0)
    const opponents = await Promise.all(q.opponents.map(async (o, k) => this.opponent(engine, o, k)))
    const request: LabRequest = {
      deck: tested.deck,
      opponents,
      games: q.games,
      bot: { kind: kind as SeatBot['kind'], strength: q.bot?.strength ?? DEFAULT_STRENGTH },
      maxDecisions: q.maxDecisions ?? MAX_DECISIONS,
      cards: mainCards(engine, tested.deck),
      sets: (await this.matches.setsFor([tested.deck, ...opponents.map(o => o.deck)])).map(s => ({
        ref: s.ref,
        name: s.name,
        cards: s.cards,
      })),
    }
    const total = q.games * opponents.length
    const id = randomUUID()
    const seed = q.seed ?? randomUUID()
    const limit = this.settings.gamesPerDay
    // Counted and written under a lock of the player, so that requests on any process never pass the quota together.
    const rows = await this.db.transaction(async tx => {
      await tx.query(`SELECT pg_advisory_xact_lock(hashtext($1))::text`, [`deck-lab:${player.id}`])
      const used = await tx.query<{ games: number }>(
        `SELECT coalesce(sum(games), 0)::int AS games FROM "DeckLabRun" WHERE "playerId" = $1 AND "createdAt" >= date_trunc('day', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'`,
        [player.id],
      )
      const left = limit - used[0]!.games
      if (total > left) return { left }
      await tx.query(
        `INSERT INTO "DeckLabRun" (id, "playerId", game, games, seed, request) VALUES ($1, $2, $3, $4, $5, $6::jsonb)`,
        [id, player.id, engine.id, total, seed, JSON.stringify(request)],
      )
      return null
    })
    if (rows) {
      throw new ServiceError(
        'QUOTA_EXCEEDED',
        `this run is ${total} games and ${Math.max(0, rows.left)} are left of today's ${limit} (DECKLAB_GAMES_PER_DAY, UTC day)`,
        {
          retryAfter: secondsToMidnightUtc(),
        },
      )
    }
    await this.queue(id)
    return (await this.get(id, caller))!
  }

  /** The run, for its owner only (null for anyone else or an unknown id). */
  async get(rawId: string, caller: Caller): Promise<DeckLabRunView | null> {
    const player = await this.players.require(caller)
    const id = parseInput(idSchema, rawId, 'run id')
    const rows = await this.db.sql.query<RunRow>(
      `SELECT ${COLUMNS} FROM "DeckLabRun" WHERE id = $1 AND "playerId" = $2`,
      [id, player.id],
    )
    return rows[0] ? toView(rows[0]) : null
  }

  async mine(caller: Caller): Promise<DeckLabRunView[]> {
    const player = await this.players.require(caller)
    const rows = await this.db.sql.query<RunRow>(
      `SELECT ${COLUMNS} FROM "DeckLabRun" WHERE "playerId" = $1 ORDER BY "createdAt" DESC, id LIMIT ${LISTED_RUNS}`,
      [player.id],
    )
    return rows.map(toView)
  }

  /**
   * Stops a queued or running run of the caller's (a running one keeps the games played so far); an ended run is
   * returned as it is.
   */
  async cancel(rawId: string, caller: Caller): Promise<DeckLabRunView> {
    const player = await this.players.require(caller)
    const id = parseInput(idSchema, rawId, 'run id')
    // A queued run ends here, told here; a running one's loop sees the cancellation after its current game, writes the
    // figures of the games played so far and tells the owner itself.
    const queued = await this.endAndTell(
      `UPDATE "DeckLabRun" SET status = 'CANCELLED', "finishedAt" = now(), result = $3::jsonb WHERE id = $1 AND "playerId" = $2 AND status = 'QUEUED' RETURNING id`,
      [id, player.id, JSON.stringify(labResult([], [], []))],
      player.id,
      id,
    )
    if (!queued)
      await this.db.sql.query(
        `UPDATE "DeckLabRun" SET status = 'CANCELLED', "finishedAt" = now() WHERE id = $1 AND "playerId" = $2 AND status = 'RUNNING'`,
        [id, player.id],
      )
    const run = await this.get(id, caller)
    if (!run) throw new ServiceError('NOT_FOUND', `no deck lab run ${rawId} of yours`)
    return run
  }

  /** Queues a run's job (each sending its own job: a run is claimed once however many of its jobs run). */
  private async queue(id: string): Promise<void> {
    await this.jobs!.send(JOB_DECK_LAB, { runId: id }, { singletonKey: `${id}:${randomUUID()}` })
  }

  /**
   * Plays a queued run (the job's handler). The run is claimed by moving it from QUEUED to RUNNING under a new claim,
   * so that it is played once across every process however often its job runs; the claim's holder alone writes the
   * run from then on, and shows it is alive every HEARTBEAT_MS (else the sweep hands the run to another process, and
   * this one's writes change nothing). Each game is `arbiter sim`'s game of the same index: seat g mod 2 for the
   * tested deck, the seed `<seed>/0/<g>`, sim's match options.
   */
  async run(id: string): Promise<void> {
    const claim = randomUUID()
    const claimed = await this.db.sql.query<RunRow>(
      `UPDATE "DeckLabRun" SET status = 'RUNNING', "startedAt" = now(), claim = $2, "heartbeatAt" = now()
        WHERE id = $1 AND status = 'QUEUED' RETURNING ${COLUMNS}`,
      [id, claim],
    )
    const row = claimed[0]
    if (!row) return
    const heartbeat = setInterval(() => {
      this.db.sql
        .query(`UPDATE "DeckLabRun" SET "heartbeatAt" = now() WHERE id = $1 AND claim = $2`, [id, claim])
        .catch((err: unknown) => this.log(err, `deck lab run ${id} heartbeat`))
    }, HEARTBEAT_MS)
    const playing = this.play(row, claim)
    this.playing.add(playing)
    try {
      await playing
    } catch (err) {
      this.log(err, `deck lab run ${id}`)
      await this.endAndTell(
        `UPDATE "DeckLabRun" SET status = 'FAILED', error = $2, "finishedAt" = now()
          WHERE id = $1 AND status = 'RUNNING' AND claim = $3 RETURNING id`,
        [id, err instanceof Error ? err.message : String(err), claim],
        row.playerId,
        id,
      )
    } finally {
      clearInterval(heartbeat)
      this.playing.delete(playing)
    }
  }

  private async play(row: RunRow, claim: string): Promise<void> {
    const engine = this.catalog.engine(row.game)
    const request = row.request
    const options: unknown = engine.schemas.options.parse(engine.randomPlayOptions ?? {})
    const names = request.opponents.map(o => o.name)
    const records: LabGameRecord[] = []
    const step = Math.max(1, Math.ceil(row.games / 10))
    let told = Date.now()
    // Interleaved across opponents, so that the figures while running are representative.
    play: for (let g = 0; g < request.games; g++) {
      for (let k = 0; k < request.opponents.length; k++) {
        const seat = g % 2
        const opponent = request.opponents[k]!.deck
        const task: LabGameTask = {
          game: engine.id,
          decks: seat === 0 ? [request.deck, opponent] : [opponent, request.deck],
          options,
          bots: [request.bot, request.bot],
          seed: `${row.seed}/0/${g}`,
          maxDecisions: request.maxDecisions,
          seat,
          sets: request.sets ?? [],
        }
        records.push({ ...(await this.pool.playLabGame(engine, task)), opponent: k, seat })
        const due = records.length % step === 0 || Date.now() - told >= PROGRESS_MS
        const status = await this.progress(
          row.id,
          claim,
          records.length,
          due ? labResult(records, names, request.cards) : null,
        )
        // Another process holds the run now (this one was taken for dead): it is that one's to finish.
        if (status === undefined) return
        if (status !== 'RUNNING') break play
        if (this.stopping) return this.requeue(row.id, claim)
        if (due) {
          told = Date.now()
          await this.tell(row.playerId, 'deckLabProgress', row.id)
        }
      }
    }
    const result = JSON.stringify(labResult(records, names, request.cards))
    // A cancellation that came meanwhile keeps its status: the run ends CANCELLED with the games played so far.
    await this.endAndTell(
      `UPDATE "DeckLabRun" SET status = CASE WHEN status = 'RUNNING' THEN 'FINISHED' ELSE status END, played = $2, result = $3::jsonb,
              "finishedAt" = coalesce("finishedAt", now())
        WHERE id = $1 AND status IN ('RUNNING', 'CANCELLED') AND claim = $4 RETURNING id`,
      [row.id, records.length, result, claim],
      row.playerId,
      row.id,
    )
  }

  /**
   * Puts a run this process stops playing back in the queue, as if never started: its games are played again, to the
   * same figures.
   */
  private async requeue(id: string, claim: string): Promise<void> {
    const rows = await this.db.sql.query(
      `UPDATE "DeckLabRun" SET status = 'QUEUED', played = 0, result = NULL, "startedAt" = NULL, claim = NULL, "heartbeatAt" = now()
        WHERE id = $1 AND status = 'RUNNING' AND claim = $2 RETURNING id`,
      [id, claim],
    )
    if (rows.length) await this.queue(id)
  }

  /**
   * Records the games played (and the figures so far, when given) under the claim; the run's status now, undefined when
   * the claim is no longer the run's.
   */
  private async progress(
    id: string,
    claim: string,
    played: number,
    result: DeckLabResult | null,
  ): Promise<string | undefined> {
    const rows = await this.db.sql.query<{ status: string }>(
      `UPDATE "DeckLabRun" SET played = $2, result = coalesce($3::jsonb, result), "heartbeatAt" = now()
        WHERE id = $1 AND claim = $4 RETURNING status`,
      [id, played, result ? JSON.stringify(result) : null, claim],
    )
    return rows[0]?.status
  }

  /**
   * Ends a run with `sql` (an UPDATE … RETURNING) and keeps its deckLabFinished notice in the same statement, so a
   * crash between them can lose neither; pushed once kept. Whether the run ended here.
   */
  private async endAndTell(sql: string, params: unknown[], playerId: string, runId: string): Promise<boolean> {
    const event: PlayerEventPayload = {
      type: 'deckLabFinished',
      matchId: null,
      at: new Date().toISOString(),
      deckLabRunId: runId,
    }
    const ended = await this.kept.appendIf({ sql, params }, playerId, [event])
    if (ended) this.publisher.player(playerId, event)
    return ended
  }

  private async tell(playerId: string, type: 'deckLabProgress', runId: string): Promise<void> {
    const event: PlayerEventPayload = { type, matchId: null, at: new Date().toISOString(), deckLabRunId: runId }
    try {
      await this.kept.append(playerId, [event])
      this.publisher.player(playerId, event)
    } catch (err) {
      this.log(err, `telling ${playerId} of deck lab run ${runId}`)
    }
  }

  private async opponent(
    engine: AnyEngine,
    o: z.infer<typeof opponentInput>,
    k: number,
  ): Promise<{ name: string; deck: unknown }> {
    if (o.sampleDeck != null) {
      const sample = engine.sampleDecks().find(s => slugify(s.name) === slugify(o.sampleDeck!))
      if (!sample)
        throw new ServiceError(
          'NOT_FOUND',
          `opponents.${k}.sampleDeck: ${engine.id} has the sample decks ${engine
            .sampleDecks()
            .map(s => s.name)
            .join(', ')}`,
        )
      return { name: o.name ?? sample.name, deck: sample.deck }
    }
    const checked = await this.matches
      .seatDeck(engine, { deck: o.deck, deckId: o.deckId }, k + 1)
      .catch((err: unknown) => {
        // The deck's place in the request, not a seat's.
        if (err instanceof ServiceError)
          throw new ServiceError(err.code, err.message.replace(/^seat \d+/, `opponents.${k}`), err.details)
        throw err
      })
    const saved =
      o.deckId != null
        ? await this.db.prisma.deck.findUnique({ where: { id: o.deckId }, select: { name: true } })
        : null
    return { name: o.name ?? saved?.name ?? `opponent ${k + 1}`, deck: checked.deck }
  }
}

/** The distinct cards of a deck's main deck (a game whose leader brings a fixed deck: that deck), in order. */
function mainCards(engine: AnyEngine, deck: unknown): string[] {
  const entries = engine.fixedDeck
    ? (engine.fixedDeck(deck) ?? [])
    : ((deck as { main?: { card: string }[] }).main ?? [])
  return [...new Set(entries.map(e => e.card))]
}

function secondsToMidnightUtc(now = new Date()): number {
  const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1)
  return Math.max(1, Math.ceil((midnight - now.getTime()) / 1000))
}

function toView(row: RunRow): DeckLabRunView {
  const ended = row.status === 'FINISHED' || row.status === 'CANCELLED'
  return {
    id: row.id,
    game: row.game,
    status: row.status,
    games: row.games,
    played: row.played,
    seed: row.seed,
    createdAt: iso(row.createdAt),
    finishedAt: row.finishedAt === null ? null : iso(row.finishedAt),
    error: row.error,
    result: ended ? row.result : null,
  }
}
