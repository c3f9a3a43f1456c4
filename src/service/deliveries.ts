/** Webhook delivery rows: the SQL that writes them for planned notices, their job, and the ones whose job was lost. */
import type { Database } from '../store/database.ts'
import type { JobQueue } from '../store/jobs.ts'
import type { PlayerEventPayload } from './match-events.ts'

/** One player event a change causes; `body` is its webhook body, built only when webhooks are sent. */
export interface Notice {
  playerId: string
  event: PlayerEventPayload
  body: string | null
  /** The seat it is about, for a statement whose `where` decides by seat (a rematch offer). */
  seat?: number
}

export const JOB_WEBHOOK = 'webhook'

/** Webhook retries: 1 s, 2 s, 4 s, … 64 s after the attempt before (`retryDelayMs`), 8 attempts in all. */
export const WEBHOOK_RETRIES = 7

/** The wait after a delivery's `failedAttempts`th failed attempt before the next: 1 s, 2 s, 4 s, … */
export function retryDelayMs(failedAttempts: number): number {
  return 1000 * 2 ** Math.max(0, failedAttempts - 1)
}

/** A pending delivery never attempted this long after it was written has lost its job (see `lostDeliveries`). */
export const LOST_DELIVERY_SECONDS = 30

/** The row each notice is in the notices' JSON parameter of `noticeWritesSql` (player-events.ts). */
export interface NoticeRow {
  playerId: string
  type: string
  body: string | null
  seat: number | null
  event: PlayerEventPayload
  /** Its place among the change's notices: a player's events take their seqs in this order. */
  ord: number
}

/** The rows `noticeWritesSql` reads from the notices' JSON; null when there is no notice (nothing to write). */
export function noticeRows(notices: readonly Notice[]): NoticeRow[] | null {
  const rows = notices.map((n, ord) => ({
    playerId: n.playerId,
    type: n.event.type,
    body: n.body,
    seat: n.seat ?? null,
    event: n.event,
    ord,
  }))
  return rows.length ? rows : null
}

/** The notices' JSON parameter for `noticeWritesSql`; null when there is nothing to write. */
export function noticesParam(notices: readonly Notice[]): string | null {
  const rows = noticeRows(notices)
  return rows ? JSON.stringify(rows) : null
}

/**
 * Queues one attempt of a delivery; `singletonKey` (the sweep's) keeps a delivery to one queued job per minute;
 * `startAfter`: not before. A failed attempt queues the next itself (`retryDelayMs`), so that retries run in the
 * order they are due among the other deliveries (jobs.ts, `duePriority`); the queue's own retries are only for a
 * job that failed before its attempt was written (the database unreachable).
 */
export async function sendDelivery(
  jobs: JobQueue,
  id: string,
  singletonKey?: string,
  startAfter?: Date,
): Promise<void> {
  await jobs.send(
    JOB_WEBHOOK,
    { id },
    {
      retryLimit: WEBHOOK_RETRIES,
      retryDelaySeconds: 1,
      retryBackoff: true,
      startAfter,
      ...(singletonKey ? { singletonKey, singletonSeconds: 60 } : {}),
    },
  )
}

/**
 * Claims the next attempt of a pending delivery (guarded by the attempts read, so that of two jobs for one delivery
 * only one POSTs), marking it in flight for `inFlightSeconds` (the attempt's timeout), unless an attempt of the same
 * player (this delivery's included) is in flight: each player's deliveries go one at a time, so a player's slow
 * target holds one worker, never all of them. 'claimed', 'busy' (try again shortly) or 'gone' (no longer pending
 * at `attempts`).
 */
export async function claimAttempt(
  db: Database,
  id: string,
  attempts: number,
  inFlightSeconds: number,
): Promise<'claimed' | 'busy' | 'gone'> {
  const rows = await db.sql.query<{ claimed: boolean }>(
    `WITH d AS (SELECT id, "playerId" FROM "WebhookDelivery" WHERE id = $1 AND status = 'pending' AND attempts = $2),
          busy AS (SELECT 1 FROM "WebhookDelivery" o, d
                    WHERE o."playerId" = d."playerId" AND o.status = 'pending' AND o."inFlightUntil" > now() AT TIME ZONE 'UTC' LIMIT 1),
          c AS (UPDATE "WebhookDelivery" w SET attempts = w.attempts + 1, "updatedAt" = now(),
                       "inFlightUntil" = (now() + make_interval(secs => $3::float8)) AT TIME ZONE 'UTC'
                 FROM d WHERE w.id = d.id AND w.status = 'pending' AND w.attempts = $2 AND NOT EXISTS (SELECT 1 FROM busy) RETURNING w.id)
     SELECT EXISTS (SELECT 1 FROM c) AS claimed, EXISTS (SELECT 1 FROM d) AS pending`,
    [id, attempts, inFlightSeconds],
  )
  const r = rows[0] as { claimed: boolean; pending: boolean } | undefined
  return r?.claimed ? 'claimed' : r?.pending ? 'busy' : 'gone'
}

/** Why a paused webhook's deliveries are held, in words its owner can act on. */
export function pausedText(failures: number, lastError: string): string {
  return `paused after ${failures} failed deliveries in a row (the last: ${lastError}); fix the receiver, then call setWebhook to resume it and send the held deliveries`
}

/** A held delivery's lastError. */
export const HELD_TEXT =
  'held: the webhook is paused (see Player.webhookPaused); setWebhook resumes it and sends this delivery'

/** A delivery succeeded: the player's failures in a row start again. */
export async function deliverySucceeded(db: Database, playerId: string): Promise<void> {
  await db.sql.query(`UPDATE "Player" SET "webhookFailures" = 0 WHERE id = $1 AND "webhookFailures" > 0`, [playerId])
}

/**
 * A delivery failed for good (all its attempts, or refused): one more failure in a row. The `pauseAfter`th pauses the
 * webhook (once: the player row is locked) and holds its pending deliveries not in flight (one in flight is held at its
 * next attempt). True when this failure paused it.
 */
export async function deliveryFailed(
  db: Database,
  playerId: string,
  pauseAfter: number,
  error: string,
): Promise<boolean> {
  const rows = await db.sql.query<{ pause: boolean }>(
    `WITH old AS (SELECT id, "webhookPaused" IS NULL AND "webhookFailures" + 1 >= $2 AS pause FROM "Player" WHERE id = $1 FOR UPDATE),
          p AS (UPDATE "Player" pl SET "webhookFailures" = pl."webhookFailures" + 1,
                       "webhookPaused" = CASE WHEN old.pause THEN $3 ELSE pl."webhookPaused" END
                  FROM old WHERE pl.id = old.id RETURNING old.pause),
          held AS (UPDATE "WebhookDelivery" w SET status = 'paused', "lastError" = $4, "updatedAt" = now()
                     FROM p WHERE p.pause AND w."playerId" = $1 AND w.status = 'pending'
                      AND (w."inFlightUntil" IS NULL OR w."inFlightUntil" <= now() AT TIME ZONE 'UTC') RETURNING w.id)
     SELECT pause, (SELECT count(*) FROM held) AS held FROM p`,
    [playerId, pauseAfter, pausedText(pauseAfter, error), HELD_TEXT],
  )
  return rows[0]?.pause ?? false
}

/**
 * A pending delivery attempted before and not touched for this long is stuck: an attempt takes at most the
 * answer timeout and the longest retry waits 64 s, so it was in flight when its process died (its job stays
 * active until the queue's 15-minute expiry) or its retry job was lost. The sweep sends it again.
 */
export const STUCK_DELIVERY_SECONDS = 120

/** Deliveries whose attempt or retry was lost (see STUCK_DELIVERY_SECONDS), oldest first. */
export async function stuckDeliveries(db: Database, limit = 100): Promise<string[]> {
  const rows = await db.sql.query<{ id: string }>(
    `SELECT id FROM "WebhookDelivery"
      WHERE status = 'pending' AND attempts > 0 AND "updatedAt" < now() - interval '${STUCK_DELIVERY_SECONDS} seconds'
      ORDER BY "updatedAt" LIMIT $1`,
    [limit],
  )
  return rows.map(r => r.id)
}

/** Deliveries written but never attempted, LOST_DELIVERY_SECONDS after: their job was never sent or was lost. */
export async function lostDeliveries(db: Database, limit = 100): Promise<string[]> {
  const rows = await db.sql.query<{ id: string }>(
    `SELECT id FROM "WebhookDelivery"
      WHERE status = 'pending' AND attempts = 0 AND "createdAt" < now() - interval '${LOST_DELIVERY_SECONDS} seconds'
      ORDER BY "createdAt" LIMIT $1`,
    [limit],
  )
  return rows.map(r => r.id)
}
