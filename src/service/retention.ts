/** Retention: what the once-a-minute sweep deletes once it is old enough (0 days keeps it forever). */
import type { Database } from '../store/database.ts'
import { PlayerEventStore } from './player-events.ts'

export interface RetentionSettings {
  /** RETENTION_WAITING_MATCHES_DAYS: WAITING matches that nobody joined or left for this long. */
  waitingMatchesDays: number
  /** RETENTION_WEBHOOK_DELIVERIES_DAYS: delivered and failed webhook rows, this long after their last attempt. */
  webhookDeliveriesDays: number
  /**
   * RETENTION_PLAYER_EVENTS_DAYS: kept player events (replayed to a stream opened with `after`), this long after they
   * happened.
   */
  playerEventsDays: number
}

export const DEFAULT_RETENTION: RetentionSettings = {
  waitingMatchesDays: 30,
  webhookDeliveriesDays: 30,
  playerEventsDays: 30,
}

function days(raw: string | undefined, fallback: number): number {
  const n = Number(raw)
  return raw !== undefined && raw.trim() !== '' && Number.isFinite(n) && n >= 0 ? n : fallback
}

export function retentionFromEnv(env: Record<string, string | undefined>): RetentionSettings {
  return {
    waitingMatchesDays: days(env.RETENTION_WAITING_MATCHES_DAYS, DEFAULT_RETENTION.waitingMatchesDays),
    webhookDeliveriesDays: days(env.RETENTION_WEBHOOK_DELIVERIES_DAYS, DEFAULT_RETENTION.webhookDeliveriesDays),
    playerEventsDays: days(env.RETENTION_PLAYER_EVENTS_DAYS, DEFAULT_RETENTION.playerEventsDays),
  }
}

// Each sweep deletes at most this many rows of each kind, so that one sweep stays short; the next takes the rest.
const BATCH = 1_000

/** Deletes what is past retention; how many matches, webhook rows and player events went. */
export async function pruneOld(
  db: Database,
  settings: RetentionSettings,
): Promise<{ matches: number; deliveries: number; events: number }> {
  let matches = 0
  let deliveries = 0
  if (settings.waitingMatchesDays > 0) {
    // A join or a leave updates the match row, so `updatedAt` is when anyone last took or freed a seat.
    const rows = await db.sql.query<{ id: string }>(
      `DELETE FROM "Match" WHERE id IN (
         SELECT id FROM "Match" WHERE status = 'WAITING' AND "updatedAt" < (now() - make_interval(secs => $1::float8 * 86400)) AT TIME ZONE 'UTC' LIMIT ${BATCH}
       ) RETURNING id`,
      [settings.waitingMatchesDays],
    )
    matches = rows.length
  }
  if (settings.webhookDeliveriesDays > 0) {
    const rows = await db.sql.query<{ id: string }>(
      `DELETE FROM "WebhookDelivery" WHERE id IN (
         SELECT id FROM "WebhookDelivery" WHERE status IN ('delivered', 'failed') AND "updatedAt" < (now() - make_interval(secs => $1::float8 * 86400)) AT TIME ZONE 'UTC' LIMIT ${BATCH}
       ) RETURNING id`,
      [settings.webhookDeliveriesDays],
    )
    deliveries = rows.length
  }
  const events = settings.playerEventsDays > 0 ? await PlayerEventStore.prune(db, settings.playerEventsDays, BATCH) : 0
  return { matches, deliveries, events }
}
