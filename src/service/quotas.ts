/** Quotas per client address and per player key over a sliding hour, counted in the database across processes. */
import type { Database } from '../store/database.ts'
import type { Caller } from './caller.ts'
import { ServiceError } from './errors.ts'

export type QuotaKind = 'match' | 'player' | 'deck'

/** Uses allowed per hour of each kind, per address and per key; 0 turns that quota off. */
export interface QuotaSettings {
  /** QUOTA_MATCHES_PER_HOUR: createMatch, invitations included. */
  matchesPerHour: number
  /** QUOTA_PLAYERS_PER_HOUR: createPlayer. */
  playersPerHour: number
  /** QUOTA_DECKS_PER_HOUR: saveDeck. */
  decksPerHour: number
}

export const DEFAULT_QUOTAS: QuotaSettings = { matchesPerHour: 200, playersPerHour: 50, decksPerHour: 200 }

function count(raw: string | undefined, fallback: number): number {
  const n = Number(raw)
  return raw !== undefined && raw.trim() !== '' && Number.isInteger(n) && n >= 0 ? n : fallback
}

export function quotasFromEnv(env: Record<string, string | undefined>): QuotaSettings {
  return {
    matchesPerHour: count(env.QUOTA_MATCHES_PER_HOUR, DEFAULT_QUOTAS.matchesPerHour),
    playersPerHour: count(env.QUOTA_PLAYERS_PER_HOUR, DEFAULT_QUOTAS.playersPerHour),
    decksPerHour: count(env.QUOTA_DECKS_PER_HOUR, DEFAULT_QUOTAS.decksPerHour),
  }
}

const WHAT: Record<QuotaKind, { variable: string; noun: string }> = {
  match: { variable: 'QUOTA_MATCHES_PER_HOUR', noun: 'matches' },
  player: { variable: 'QUOTA_PLAYERS_PER_HOUR', noun: 'players' },
  deck: { variable: 'QUOTA_DECKS_PER_HOUR', noun: 'decks' },
}

/** Uses taken for one write; given back if the write fails, so that only what was written counts. */
export interface QuotaTicket {
  release(): Promise<void>
}

const NO_TICKET: QuotaTicket = { release: async () => {} }

const WINDOW = `interval '1 hour'`

export class Quotas {
  constructor(
    private readonly db: Database,
    readonly settings: QuotaSettings,
  ) {}

  private limit(kind: QuotaKind): number {
    return kind === 'match'
      ? this.settings.matchesPerHour
      : kind === 'player'
        ? this.settings.playersPerHour
        : this.settings.decksPerHour
  }

  /**
   * Takes one use of `kind` for the caller's address and for its player (when it bears a player key), or throws
   * QUOTA_EXCEEDED (with `retryAfter` in seconds) taking none. Call it after the input is checked, just before the
   * write.
   */
  async take(kind: QuotaKind, caller: Caller, playerId: string | null): Promise<QuotaTicket> {
    const limit = this.limit(kind)
    if (limit === 0) return NO_TICKET
    const subjects = [
      caller.address ? `address:${caller.address}` : null,
      playerId ? `player:${playerId}` : null,
    ].filter((s): s is string => s !== null)
    // Each use's time as the database wrote it (text keeps its microseconds, which a Date would lose).
    const taken: { subject: string; at: string }[] = []
    const release = async () => {
      for (const t of taken) {
        await this.db.sql.query(
          `UPDATE "QuotaUse" SET uses = array_remove(uses, $3::timestamptz) WHERE subject = $1 AND kind = $2`,
          [t.subject, kind, t.at],
        )
      }
    }
    for (const subject of subjects) {
      const at = await this.takeOne(subject, kind, limit)
      if (typeof at === 'string') {
        taken.push({ subject, at })
        continue
      }
      await release()
      const { variable, noun } = WHAT[kind]
      const who = subject.startsWith('address:') ? 'this address' : 'this player key'
      throw new ServiceError(
        'QUOTA_EXCEEDED',
        `${who} created ${limit} ${noun} in the last hour, the most allowed (${variable}); retry after ${at.retryAfter} s`,
        { retryAfter: at.retryAfter },
      )
    }
    return { release }
  }

  /**
   * One use for one subject: an upsert that appends now() only while fewer than `limit` uses are under an hour
   * old. Racing upserts of one subject serialise on its row, and each re-reads the row as the one before left it.
   */
  private async takeOne(subject: string, kind: QuotaKind, limit: number): Promise<string | { retryAfter: number }> {
    const rows = await this.db.sql.query<{ at: string }>(
      `INSERT INTO "QuotaUse" AS q (subject, kind, uses, "updatedAt") VALUES ($1, $2, ARRAY[now()], now())
       ON CONFLICT (subject, kind) DO UPDATE
         SET uses = array_append(ARRAY(SELECT u FROM unnest(q.uses) u WHERE u > now() - ${WINDOW}), now()), "updatedAt" = now()
         WHERE (SELECT count(*) FROM unnest(q.uses) u WHERE u > now() - ${WINDOW}) < $3
       RETURNING now()::text AS at`,
      [subject, kind, limit],
    )
    if (rows[0]) return rows[0].at
    // Full: the oldest use of the hour frees a place an hour after it.
    const oldest = await this.db.sql.query<{ seconds: number | null }>(
      `SELECT ceil(extract(epoch FROM (min(u) + ${WINDOW} - now())))::int AS seconds
         FROM "QuotaUse" q, unnest(q.uses) u WHERE q.subject = $1 AND q.kind = $2 AND u > now() - ${WINDOW}`,
      [subject, kind],
    )
    return { retryAfter: Math.max(1, oldest[0]?.seconds ?? 1) }
  }
}

/** Deletes quota rows with no use in the last hour (the once-a-minute sweep); how many went. */
export async function pruneQuotas(db: Database): Promise<number> {
  const rows = await db.sql.query<{ subject: string }>(
    `DELETE FROM "QuotaUse" WHERE ctid IN (SELECT ctid FROM "QuotaUse" WHERE "updatedAt" < now() - ${WINDOW} LIMIT 1000) RETURNING subject`,
  )
  return rows.length
}
