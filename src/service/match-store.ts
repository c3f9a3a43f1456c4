import DataLoader from 'dataloader'
import { CHANGE_CHANNEL, type Database } from '../store/database.ts'
import { UNIQUE_VIOLATION, sqlState } from '../store/sql.ts'
import { LruMap } from './snapshot-cache.ts'

export type MatchStatusName = 'ACTIVE' | 'FINISHED' | 'ABORTED'

export interface SeatRow {
  index: number
  name: string | null
  tokenHash: string
}

export interface Snapshot {
  id: string
  game: string
  version: number
  state: unknown
  status: MatchStatusName
  winners: number[] | null
  seats: SeatRow[]
}

export interface Commit {
  matchId: string
  fromVersion: number
  state: unknown
  status: MatchStatusName
  winners: number[] | null
  seat: number
  action: unknown
  events: unknown[]
  idempotencyKey: string | null
}

export type CommitResult = { ok: true; version: number } | { ok: false; reason: 'VERSION_CONFLICT' | 'DUPLICATE_KEY' }

// Applies one action in a single statement (so a single round trip and an implicit transaction): the
// snapshot update is guarded by the version read, the log row takes seq = the new version (unique per
// match), and the idempotency key, if any, is recorded with it. No row back means another writer won.
// The notification reaches every process's change feed when the statement commits.
const COMMIT_SQL = `
WITH m AS (
  UPDATE "Match"
     SET state = $3::jsonb, version = version + 1, status = $4::"MatchStatus",
         winners = COALESCE((SELECT array_agg(x::int) FROM jsonb_array_elements_text($5::jsonb) AS x), '{}'), "updatedAt" = now()
   WHERE id = $1 AND version = $2
  RETURNING version
), a AS (
  INSERT INTO "Action" ("matchId", seq, seat, action, events)
  SELECT $1, m.version, $6, $7::jsonb, $8::jsonb FROM m
  RETURNING seq
), k AS (
  INSERT INTO "IdempotencyKey" ("matchId", seat, key, seq)
  SELECT $1, $6, $9, m.version FROM m WHERE $9::text IS NOT NULL
  RETURNING seq
)
SELECT version, pg_notify('${CHANGE_CHANNEL}', $1 || ':' || version) FROM m`

interface Cached {
  snap: Snapshot
  /** When the database last confirmed this copy (or this process wrote it), and in which feed epoch. */
  at: number
  epoch: number
}

const TRUST_MS = 5_000

/** Reads and writes match snapshots on the hot path with raw SQL; both backends run the same statements. */
export class MatchStore {
  private readonly cache: LruMap<string, Cached>
  private readonly loader = new DataLoader<string, Snapshot | null>((ids) => this.loadMany(ids), { cache: false })

  constructor(
    private readonly db: Database,
    cacheSize = 2_000,
  ) {
    this.cache = new LruMap(cacheSize)
    db.changes.onChange((id, version) => {
      const c = this.cache.get(id)
      if (c && c.snap.version < version) this.cache.delete(id)
    })
  }

  /**
   * A cached snapshot needs no round trip while the change feed has reported every change since it was
   * cached. TRUST_MS bounds how long a silently broken feed could leave a copy stale.
   */
  private trusted(c: Cached | undefined): Snapshot | undefined {
    const feed = this.db.changes
    if (!c || !feed.live || c.epoch !== feed.epoch || Date.now() - c.at > TRUST_MS) return undefined
    return c.snap
  }

  private remember(snap: Snapshot): void {
    this.cache.set(snap.id, { snap, at: Date.now(), epoch: this.db.changes.epoch })
  }

  /**
   * The current snapshot; null for an unknown match. A trusted cached copy (see `trusted`) at or above
   * `minVersion` answers at once; otherwise the database confirms it, and loads that arrive together
   * (concurrent requests) are confirmed by one query.
   */
  load(id: string, minVersion = 0): Promise<Snapshot | null> {
    const hit = this.trusted(this.cache.get(id))
    return hit && hit.version >= minVersion ? Promise.resolve(hit) : this.loader.load(id)
  }

  private async loadMany(ids: readonly string[]): Promise<(Snapshot | null)[]> {
    // The cached copies as they are when the query is sent: a row whose version equals its copy's comes
    // back without its state, and that copy is the answer.
    const cached = ids.map((id) => this.cache.get(id)?.snap)
    const rows = await this.db.sql.query<{ id: string; game: string; version: number; status: MatchStatusName; winners: number[] | null; state: unknown }>(
      `SELECT m.id, m.game, m.version, m.status, m.winners, CASE WHEN m.version = k.cv THEN NULL ELSE m.state END AS state
         FROM unnest($1::text[], $2::int[]) AS k(id, cv) JOIN "Match" m ON m.id = k.id`,
      [ids, cached.map((c) => c?.version ?? -1)],
      'arbiter-load-matches',
    )
    const byId = new Map(rows.map((r) => [r.id, r]))
    return Promise.all(
      ids.map(async (id, i) => {
        const row = byId.get(id)
        const copy = cached[i]
        if (!row) {
          this.cache.delete(id)
          return null
        }
        if (copy && copy.version === row.version) {
          if (this.cache.get(id)?.snap === copy) this.remember(copy)
          return copy
        }
        const seats = copy?.seats ?? (await this.loadSeats(id))
        const snap: Snapshot = { id, game: row.game, version: row.version, state: row.state, status: row.status, winners: row.winners, seats }
        const now = this.cache.get(id)
        if (!now || now.snap.version < snap.version) this.remember(snap)
        return snap
      }),
    )
  }

  /** The cached snapshot, unconfirmed: only for writes, whose version guard catches a stale copy. */
  peek(id: string): Snapshot | undefined {
    return this.cache.get(id)?.snap
  }

  async commit(c: Commit, next: Omit<Snapshot, 'version'>): Promise<CommitResult> {
    let rows: { version: number }[]
    try {
      rows = await this.db.sql.query<{ version: number }>(COMMIT_SQL, [
        c.matchId,
        c.fromVersion,
        JSON.stringify(c.state),
        c.status,
        JSON.stringify(c.winners ?? []),
        c.seat,
        JSON.stringify(c.action),
        JSON.stringify(c.events),
        c.idempotencyKey,
      ], 'arbiter-commit-action')
    } catch (e) {
      if (sqlState(e) === UNIQUE_VIOLATION) return { ok: false, reason: 'DUPLICATE_KEY' }
      throw e
    }
    const row = rows[0]
    if (!row) {
      this.cache.delete(c.matchId)
      return { ok: false, reason: 'VERSION_CONFLICT' }
    }
    this.remember({ ...next, version: row.version })
    return { ok: true, version: row.version }
  }

  /** The seq that an earlier request with this key produced, if any. */
  async idempotentSeq(matchId: string, seat: number, key: string): Promise<number | null> {
    const rows = await this.db.sql.query<{ seq: number }>(
      `SELECT seq FROM "IdempotencyKey" WHERE "matchId" = $1 AND seat = $2 AND key = $3`,
      [matchId, seat, key],
    )
    return rows[0]?.seq ?? null
  }

  private async loadSeats(id: string): Promise<SeatRow[]> {
    return this.db.sql.query<SeatRow>(`SELECT index, name, "tokenHash" FROM "Seat" WHERE "matchId" = $1 ORDER BY index`, [id])
  }
}
