/**
 * How many background jobs and webhook deliveries each process runs at once, a delivery attempt's timeouts, and when a
 * webhook pauses.
 */
import { WEBHOOK_RETRIES } from './deliveries.ts'

export interface JobSettings {
  /**
   * JOB_CONCURRENCY: deadline, reminder and bot-move jobs run at once per queue, so a slow one (an AUTOPLAY move)
   * delays no other match's deadline.
   */
  jobWorkers: number
  /**
   * WEBHOOK_CONCURRENCY: deliveries at once per process (each player's one at a time, so no player's slow target holds
   * back another's).
   */
  webhookConcurrency: number
  /** WEBHOOK_CONNECT_TIMEOUT_MS: a target must accept the connection within this time. */
  webhookConnectTimeoutMs: number
  /** WEBHOOK_TIMEOUT_MS: and answer the whole request within this time. */
  webhookTimeoutMs: number
  /**
   * WEBHOOK_PAUSE_AFTER: a webhook whose deliveries failed this many times in a row (each after all its attempts) is
   * paused until setWebhook.
   */
  webhookPauseAfter: number
  /** Attempts of one delivery before it counts as failed (the queue's retries plus one; fewer only in tests). */
  webhookAttempts: number
}

export const DEFAULT_JOB_SETTINGS: JobSettings = {
  jobWorkers: 4,
  webhookConcurrency: 8,
  webhookConnectTimeoutMs: 3_000,
  webhookTimeoutMs: 5_000,
  webhookPauseAfter: 5,
  webhookAttempts: WEBHOOK_RETRIES + 1,
}

function positive(raw: string | undefined, fallback: number): number {
  const n = Number(raw)
  return raw !== undefined && raw.trim() !== '' && Number.isInteger(n) && n > 0 ? n : fallback
}

export function jobSettingsFromEnv(env: Record<string, string | undefined>): JobSettings {
  return {
    jobWorkers: positive(env.JOB_CONCURRENCY, DEFAULT_JOB_SETTINGS.jobWorkers),
    webhookConcurrency: positive(env.WEBHOOK_CONCURRENCY, DEFAULT_JOB_SETTINGS.webhookConcurrency),
    webhookConnectTimeoutMs: positive(env.WEBHOOK_CONNECT_TIMEOUT_MS, DEFAULT_JOB_SETTINGS.webhookConnectTimeoutMs),
    webhookTimeoutMs: positive(env.WEBHOOK_TIMEOUT_MS, DEFAULT_JOB_SETTINGS.webhookTimeoutMs),
    webhookPauseAfter: positive(env.WEBHOOK_PAUSE_AFTER, DEFAULT_JOB_SETTINGS.webhookPauseAfter),
    webhookAttempts: DEFAULT_JOB_SETTINGS.webhookAttempts,
  }
}
