// Match snapshots: their cache, batched reads and group commits (the hot path's raw SQL).
import { turnLoader } from './turn-loader.ts'
import type { Database } from '../store/database.ts'
import { noticesParam, type Notice } from './deliveries.ts'
import { noticeWritesSql } from './player-events.ts'
import {
  COMMIT_MANY_SQL,
  COMMIT_SQL,
  commitManyParam,
  commitParams,
  type Commit,
  type CommittedRow,
  type MatchStatusName,
} from './commit-sql.ts'
import { isConnectionError } from '../store/faults.ts'
import { COLLISIONS, UNIQUE_VIOLATION, sqlState, type SqlClient } from '../store/sql.ts'
import { clockSpec, earliestReminder, type ClockSpec, type Turns } from './clock.ts'
import { noMetrics, type ServiceMetrics } from './metrics.ts'
import { DEFAULT_SNAPSHOT_CACHE_MB, LruMap, snapshotBytes, type SnapshotCacheLimits } from './snapshot-cache.ts'

export interface BotSpec {
  kind: string
  strength?: number
}

export type { ClockSpec } from './clock.ts'

export type { ActionKind, Commit, MatchStatusName } from './commit-sql.ts'

export interface SeatRow {
  index: number
  name: string | null
  /** Null until the seat is joined (or for a bot seat). */
  tokenHash: string | null
  playerId: string | null
  open: boolean
  bot: BotSpec | null
  joined: boolean
}

/** What changes with every commit besides the state. */
export interface SnapshotMeta {
  deadline: Date | null
  /** Each seat's time and the turn it was last asked in (null before the start). */
  turns: Turns | null
  endReason: string | null
  updatedAt: Date
}

export interface Snapshot extends SnapshotMeta {
  id: string
  game: string
  version: number
  state: unknown
  status: MatchStatusName
  winners: number[] | null
  seats: SeatRow[]
  clock: ClockSpec | null
  seedCommitment: string
  seedSource: 'SERVER' | 'CLIENT'
  public: boolean
  /** Its end updates the players' ratings (ratings.ts). */
  rated: boolean
  /** The tournament it is a pairing of (tournaments.ts), if any. */
  tournament: string | null
  /** The other match of its duplicate pair, if any (ratings.ts rates the pair as one result). */
  twin: string | null
  createdAt: Date
  /** The ruleset version it was created under (rules-versions.ts): its replay uses that version's engine. */
  rulesVersion: string
}

/** A seat as a new match is created with it (`deck` null: not joined yet). */
export interface NewSeat extends Omit<SeatRow, 'joined'> {
  deck: unknown
  deckId: string | null
  inviteHash: string | null
  entropy: string | null
  /** An invitation's deck as the creator proposed it (the invited player may join with it). */
  proposedDeck?: unknown
  proposedDeckId?: string | null
}

/** A match as `MatchStore.create` writes it: version 0, `createdAt` also its `updatedAt`. */
export interface NewMatch extends Omit<Snapshot, 'version' | 'seats' | 'updatedAt' | 'endReason'> {
  options: unknown
  seed: string
  seats: NewSeat[]
}

/** The snapshot `m` will be read back as once created, so that its first notices' bodies can be written with it. */
export function newSnapshot(m: NewMatch): Snapshot {
  const seats = m.seats.map(s => ({
    index: s.index,
    name: s.name,
    tokenHash: s.tokenHash,
    playerId: s.playerId,
    open: s.open,
    bot: s.bot,
    joined: s.deck !== null,
  }))
  return {
    id: m.id,
    game: m.game,
    version: 0,
    state: m.state,
    status: m.status,
    winners: m.winners,
    seats,
    deadline: m.deadline,
    turns: m.turns,
    endReason: null,
    updatedAt: m.createdAt,
    createdAt: m.createdAt,
    clock: m.clock,
    seedCommitment: m.seedCommitment,
    seedSource: m.seedSource,
    public: m.public,
    rated: m.rated,
    tournament: m.tournament,
    twin: m.twin,
    rulesVersion: m.rulesVersion,
  }
}

export interface IdempotentRecord {
  seq: number
  requestHash: string
  result: unknown
}

/** Idempotency keys are honoured for this long (docs/api.md). */
export const IDEMPOTENCY_TTL_HOURS = 24

/** `deliveries`: the webhook rows the commit wrote, to be queued once it is acknowledged. */
export type CommitResult =
  { ok: true; version: number; deliveries: string[] } | { ok: false; reason: 'VERSION_CONFLICT' | 'DUPLICATE_KEY' }

const MATCH_COLUMNS = `m.id, m.game, m.version, m.status, m.winners, m.deadline, m."endReason", m."updatedAt", m."createdAt", m.clock, m.turns,
  m."seedCommitment", m."seedSource", m.public, m.rated, m."tournamentId", m."twinId", m."rulesVersion"`

interface MatchRow {
  id: string
  game: string
  version: number
  status: MatchStatusName
  winners: number[] | null
  /**
   * The state's JSON text (parsed here, so that its length sizes the cache entry); null when the cached copy is
   * current.
   */
  state: string | null
  /** Only when the query was told that no usable copy of the seats is cached. */
  seats: SeatRow[] | null
  deadline: Date | string | null
  endReason: string | null
  updatedAt: Date | string
  createdAt: Date | string
  clock: Partial<ClockSpec> | null
  turns: Turns | null
  seedCommitment: string
  seedSource: 'SERVER' | 'CLIENT'
  public: boolean
  rated: boolean
  tournamentId: string | null
  twinId: string | null
  rulesVersion: string
}

// Both drivers return timestamp(3) columns (no time zone) as Dates or strings in UTC.
function utc(v: Date | string): Date {
  return v instanceof Date ? v : new Date(/[zZ]|[+-]\d\d:?\d\d$/.test(v) ? v : `${v}Z`)
}

/** An action waiting for its batch's statement, its state serialised once for the statement and the cache's size. */
interface PendingCommit {
  c: Commit
  stateJson: string
}

// Bounds one statement's JSON parameter (a Cyberpunk TCG state is tens of kB) and the wait behind a slow one.
const MAX_COMMIT_BATCH = 32

interface Cached {
  snap: Snapshot
  /** When the database last confirmed this copy (or this process wrote it), and in which feed epoch. */
  at: number
  epoch: number
  /** The heap this entry is counted as holding (snapshotBytes). */
  bytes: number
}

/** Reads and writes match snapshots on the hot path with raw SQL; both backends run the same statements. */
export class MatchStore {
  private readonly cache: LruMap<string, Cached>
  // A group commit, as the loader batches reads: commits of the same turn share one statement.
  private readonly writer = turnLoader<PendingCommit, CommittedRow | null>(
    batch => this.writeMany(batch),
    MAX_COMMIT_BATCH,
  )
  private readonly loader = turnLoader<string, Snapshot | null>(ids => this.loadMany(ids))

  constructor(
    private readonly db: Database,
    private readonly metrics: Pick<ServiceMetrics, 'snapshotCache' | 'commitBatch'> = noMetrics,
    limits: Partial<SnapshotCacheLimits> = {},
  ) {
    this.cache = new LruMap(
      { bytes: (limits.megabytes ?? DEFAULT_SNAPSHOT_CACHE_MB) * 2 ** 20, entries: limits.entries },
      c => c.bytes,
    )
    db.changes.onChange((id, version) => {
      const c = this.cache.peek(id)
      if (c && c.snap.version < version) this.cache.delete(id)
    })
  }

  /**
   * A cached snapshot needs no round trip while the change feed has reported every change since it was
   * cached, for at most the feed's trustMs after the database last confirmed it.
   */
  private trusted(c: Cached | undefined): Snapshot | undefined {
    const feed = this.db.changes
    // Seats of a WAITING match change without a new version, so such a copy is never trusted.
    if (!c || c.snap.status === 'WAITING' || !feed.live || c.epoch !== feed.epoch || Date.now() - c.at > feed.trustMs)
      return undefined
    return c.snap
  }

  private remember(snap: Snapshot, bytes: number): void {
    this.cache.set(snap.id, { snap, at: Date.now(), epoch: this.db.changes.epoch, bytes })
  }

  /**
   * The current snapshot; null for an unknown match. A trusted cached copy (see `trusted`) at or above
   * `minVersion` answers at once; otherwise the database confirms it, and loads that arrive together
   * (concurrent requests) are confirmed by one query.
   */
  load(id: string, minVersion = 0): Promise<Snapshot | null> {
    const hit = this.trusted(this.cache.get(id))
    const fresh = hit !== undefined && hit.version >= minVersion
    this.metrics.snapshotCache(fresh)
    return fresh ? Promise.resolve(hit) : this.loader.load(id)
  }

  private async loadMany(ids: readonly string[]): Promise<(Snapshot | null)[]> {
    // A turn's loads often name one match many times (each of its watchers, after a write on another process): it is
    // asked for and parsed once.
    const unique = [...new Set(ids)]
    if (unique.length < ids.length) {
      const loaded = await this.loadMany(unique)
      const byId = new Map(unique.map((id, i) => [id, loaded[i] ?? null]))
      return ids.map(id => byId.get(id) ?? null)
    }
    // The cached copies as they are when the query is sent: a row whose version equals its copy's comes
    // back without its state, and that copy is the answer. Seats are fixed once a match has started, so
    // they come back only for a match with no usable copy (cv = -1).
    const entries = ids.map(id => this.cache.get(id))
    const cached = entries.map(c => c?.snap)
    const rows = await this.db.sql.query<MatchRow>(
      `SELECT ${MATCH_COLUMNS}, CASE WHEN m.version = k.cv THEN NULL ELSE m.state::text END AS state,
              CASE WHEN k.cv = -1 THEN (
                SELECT json_agg(json_build_object('index', s.index, 'name', s.name, 'tokenHash', s."tokenHash", 'playerId', s."playerId",
                                                  'open', s.open, 'bot', s.bot, 'joined', s.deck IS NOT NULL) ORDER BY s.index)
                  FROM "Seat" s WHERE s."matchId" = m.id) END AS seats
         FROM unnest($1::text[], $2::int[]) AS k(id, cv) JOIN "Match" m ON m.id = k.id`,
      [ids, cached.map(c => (c && c.status !== 'WAITING' ? c.version : -1))],
      'arbiter-load-matches',
    )
    const byId = new Map(rows.map(r => [r.id, r]))
    return ids.map((id, i) => {
      const row = byId.get(id)
      const copy = cached[i]
      if (!row) {
        this.cache.delete(id)
        return null
      }
      if (copy && copy.version === row.version && copy.status !== 'WAITING' && row.state === null) {
        if (this.cache.get(id)?.snap === copy) this.remember(copy, entries[i]!.bytes)
        return copy
      }
      const json = row.state ?? 'null'
      const seats = row.seats ?? (copy && copy.status !== 'WAITING' ? copy.seats : [])
      const snap: Snapshot = {
        id,
        game: row.game,
        version: row.version,
        state: JSON.parse(json),
        status: row.status,
        winners: row.winners,
        seats,
        deadline: row.deadline === null ? null : utc(row.deadline),
        endReason: row.endReason,
        updatedAt: utc(row.updatedAt),
        createdAt: utc(row.createdAt),
        clock: clockSpec(row.clock),
        turns: row.turns,
        seedCommitment: row.seedCommitment,
        seedSource: row.seedSource,
        public: row.public,
        rated: row.rated,
        tournament: row.tournamentId,
        twin: row.twinId,
        rulesVersion: row.rulesVersion,
      }
      const now = this.cache.get(id)
      if (!now || now.snap.version < snap.version) this.remember(snap, snapshotBytes(json.length))
      return snap
    })
  }

  /** The cached snapshot, unconfirmed: only for writes, whose version guard catches a stale copy. */
  peek(id: string): Snapshot | undefined {
    return this.cache.get(id)?.snap
  }

  /** Forgets a cached copy, e.g. after a change that did not go through `commit`. */
  forget(id: string): void {
    this.cache.delete(id)
  }

  /**
   * Writes one action guarded by the version it was computed from. Actions of different matches that arrive
   * in the same turn of the event loop (concurrent requests) are written by one statement (see writeMany).
   */
  async commit(c: Commit, next: Omit<Snapshot, 'version' | 'updatedAt'>): Promise<CommitResult> {
    const stateJson = JSON.stringify(c.state)
    let row: CommittedRow | null
    try {
      row = await this.writer.load({ c, stateJson })
    } catch (e) {
      if (sqlState(e) === UNIQUE_VIOLATION) return { ok: false, reason: 'DUPLICATE_KEY' }
      // Rolled back whole by a collision with another writer: a lost race like a stale version, tried again on a
      // fresh snapshot by the caller.
      if (COLLISIONS.has(sqlState(e) ?? '')) {
        this.cache.delete(c.matchId)
        return { ok: false, reason: 'VERSION_CONFLICT' }
      }
      throw e
    }
    if (!row) {
      this.cache.delete(c.matchId)
      return { ok: false, reason: 'VERSION_CONFLICT' }
    }
    this.remember({ ...next, version: row.version, updatedAt: utc(row.updatedAt) }, snapshotBytes(stateJson.length))
    this.db.changes.announce(c.matchId, row.version)
    return { ok: true, version: row.version, deliveries: row.deliveries }
  }

  private async writeOne(p: PendingCommit): Promise<CommittedRow | null> {
    const rows = await this.db.sql.query<CommittedRow>(
      COMMIT_SQL,
      commitParams(p.c, p.stateJson),
      'arbiter-commit-action',
    )
    return rows[0] ?? null
  }

  /**
   * One statement for the batch. When the database refuses it (one action's bad value or duplicate key would
   * fail them all), nothing of it was written, and each action is written alone so that only its own error is
   * its; a lost connection leaves the outcome unknown, so every action gets that error, as it would alone.
   */
  private async writeMany(batch: readonly PendingCommit[]): Promise<(CommittedRow | null | Error)[]> {
    this.metrics.commitBatch(batch.length)
    if (batch.length === 1) return [await this.writeOne(batch[0]!).catch((e: Error) => e)]
    let rows: (CommittedRow & { i: number })[]
    try {
      rows = await this.db.sql.query<CommittedRow & { i: number }>(
        COMMIT_MANY_SQL,
        [commitManyParam(batch)],
        'arbiter-commit-actions',
      )
    } catch (e) {
      if (sqlState(e) === undefined || isConnectionError(e)) return batch.map(() => e as Error)
      return Promise.all(batch.map(p => this.writeOne(p).catch((err: Error) => err)))
    }
    const out: (CommittedRow | null)[] = batch.map(() => null)
    for (const r of rows) out[r.i] = r
    return out
  }

  /**
   * Creates a match and its seats in one statement with the webhook deliveries of `notices` (so that a crash
   * after it loses none: the sweep queues them); the ids of those written. With `rematchOf`, the match is
   * that finished match's rematch, written only if it names none yet (it then names this one): null when
   * another was written first. `sql`: the transaction to write it in (a duplicate pair's two matches are written in
   * one).
   */
  async create(
    m: NewMatch,
    notices: readonly Notice[],
    rematchOf?: string,
    sql: SqlClient = this.db.sql,
  ): Promise<string[] | null> {
    const rows = await sql.query<{ deliveries: string[] }>(
      `WITH r AS (
         UPDATE "Match" SET "rematchId" = $1 WHERE id = $15 AND "rematchId" IS NULL RETURNING id
       ), m AS (
         INSERT INTO "Match" (id, game, options, seed, "seedCommitment", "seedSource", public, clock, state, status, winners, deadline, "createdAt", "updatedAt", rated, turns, "remindAt", "tournamentId", "rulesVersion", "twinId")
         SELECT $1, $2, $3::jsonb, $4, $5, $6::"SeedSource", $7, $8::jsonb, $9::json, $10::"MatchStatus", $11::int[],
                $12::timestamptz AT TIME ZONE 'UTC', $13::timestamptz AT TIME ZONE 'UTC', $13::timestamptz AT TIME ZONE 'UTC', $17,
                $18::jsonb, $19::timestamptz AT TIME ZONE 'UTC', $20, $21, $22
          WHERE $15::text IS NULL OR EXISTS (SELECT 1 FROM r)
         RETURNING id
       ), s AS (
         INSERT INTO "Seat" ("matchId", index, name, "tokenHash", deck, "deckId", "playerId", open, "inviteHash", bot, entropy, "proposedDeck", "proposedDeckId")
         SELECT m.id, s.index, s.name, s."tokenHash", s.deck, s."deckId", s."playerId", s.open, s."inviteHash", s.bot, s.entropy, s."proposedDeck", s."proposedDeckId"
           FROM m, jsonb_to_recordset($14::jsonb) AS s(index int, name text, "tokenHash" text, deck jsonb, "deckId" text, "playerId" text,
                                                        open boolean, "inviteHash" text, bot jsonb, entropy text, "proposedDeck" jsonb, "proposedDeckId" text)
       ), ${noticeWritesSql('$1', '$16', 'm')}
       SELECT ARRAY(SELECT id FROM w) AS deliveries FROM m`,
      [
        m.id,
        m.game,
        JSON.stringify(m.options),
        m.seed,
        m.seedCommitment,
        m.seedSource,
        m.public,
        m.clock ? JSON.stringify(m.clock) : null,
        JSON.stringify(m.state),
        m.status,
        m.winners ?? [],
        m.deadline?.toISOString() ?? null,
        m.createdAt.toISOString(),
        JSON.stringify(m.seats),
        rematchOf ?? null,
        noticesParam(notices),
        m.rated,
        m.turns ? JSON.stringify(m.turns) : null,
        earliestReminder(m.turns)?.toISOString() ?? null,
        m.tournament,
        m.rulesVersion,
        m.twin,
      ],
    )
    return rows[0]?.deliveries ?? null
  }

  /**
   * Claims the reminder of `seat` in turn `turn` at version `version`, writing the webhook rows of `notices` with the
   * claim: their ids, or null when the match has moved on or that seat's reminder in that turn was claimed before (a
   * job run again, the sweep after it, a later version of the same turn), so that no seat is reminded twice in a turn.
   * `next` is the next reminder due at this version (`Match.remindAt`, which the sweep looks at).
   */
  async claimReminder(
    matchId: string,
    version: number,
    seat: number,
    turn: number,
    next: Date | null,
    notices: readonly Notice[],
  ): Promise<string[] | null> {
    const rows = await this.db.sql.query<{ deliveries: string[] }>(
      `WITH m AS (
         UPDATE "Match" SET "remindedTurns" = "remindedTurns" || jsonb_build_object($3::text, $4::int), "remindAt" = $5::timestamptz
          WHERE id = $1 AND version = $2 AND status = 'ACTIVE' AND ("remindedTurns"->>($3::text)) IS DISTINCT FROM $4::text
         RETURNING id
       ), ${noticeWritesSql('$1', '$6', 'm')}
       SELECT ARRAY(SELECT id FROM w) AS deliveries FROM m`,
      [matchId, version, String(seat), turn, next?.toISOString() ?? null, noticesParam(notices)],
    )
    return rows[0]?.deliveries ?? null
  }

  /** No reminder is due at `version` any more (each was claimed, or none is for a seat with a player). */
  async remindersDone(matchId: string, version: number, next: Date | null): Promise<void> {
    await this.db.sql.query(`UPDATE "Match" SET "remindAt" = $3::timestamptz WHERE id = $1 AND version = $2`, [
      matchId,
      version,
      next?.toISOString() ?? null,
    ])
  }

  /**
   * Ends a WAITING match ABORTED (`endReason`: aborted by a seat, or an invitation declined), writing the webhook
   * deliveries of `notices` with it; the ids of those written, or null when the match was no longer WAITING.
   */
  async abortWaiting(
    matchId: string,
    notices: readonly Notice[],
    endReason: 'aborted' | 'declined' | 'aborted by the operator' = 'aborted',
  ): Promise<string[] | null> {
    const rows = await this.db.sql.query<{ deliveries: string[] }>(
      `WITH m AS (
         UPDATE "Match" SET status = 'ABORTED', "endReason" = $3, "updatedAt" = now() WHERE id = $1 AND status = 'WAITING' RETURNING id
       ), ${noticeWritesSql('$1', '$2', 'm')}
       SELECT ARRAY(SELECT id FROM w) AS deliveries FROM m`,
      [matchId, noticesParam(notices), endReason],
    )
    this.cache.delete(matchId)
    return rows[0]?.deliveries ?? null
  }

  /** What an earlier request with this key produced, if the key has not expired. */
  async idempotent(matchId: string, seat: number, key: string): Promise<IdempotentRecord | null> {
    const rows = await this.db.sql.query<IdempotentRecord>(
      `SELECT seq, "requestHash", result FROM "IdempotencyKey"
        WHERE "matchId" = $1 AND seat = $2 AND key = $3 AND "createdAt" > now() - interval '${IDEMPOTENCY_TTL_HOURS} hours'`,
      [matchId, seat, key],
    )
    return rows[0] ?? null
  }

  /** Deletes expired idempotency keys (so a key may be used again after IDEMPOTENCY_TTL_HOURS). */
  async expireIdempotencyKeys(): Promise<void> {
    await this.db.sql.query(
      `DELETE FROM "IdempotencyKey" WHERE "createdAt" <= now() - interval '${IDEMPOTENCY_TTL_HOURS} hours'`,
    )
  }
}
