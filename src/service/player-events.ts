/**
 * Player events kept and numbered: the SQL that writes them with the change that causes them, and their reads and
 * pruning.
 */
import { z } from 'zod'
import type { Database } from '../store/database.ts'
import type { Caller } from './caller.ts'
import { noticesParam, type Notice } from './deliveries.ts'
import { ServiceError, parseInput } from './errors.ts'
import type { PlayerEventPayload } from './match-events.ts'

/** A kept event as streams send it: `seq` numbers the player's events 1, 2, … without gaps. */
export type KeptEvent = PlayerEventPayload & { seq: number }

/**
 * A line of the player stream: a kept event (`seq`), an item of the pending state sent on opening (`pending`, no
 * seq), or `synced` (seq: the latest one when the stream caught up).
 */
export type FeedEvent = PlayerEventPayload & { seq: number | null; pending: boolean }

/**
 * The CTEs (to put in a WITH list, after the change's own) that write the player events of the notices and their
 * webhook rows with the change: nothing when the change writes nothing (`guard`, a FROM item that must yield a row,
 * e.g. the change's updated match; `where`, a further condition on it and on the notice `n`). Each player's row is
 * locked (in id order, so that two changes telling the same players never deadlock) and its `eventSeq` advanced by
 * its number of notices, so that seqs are given in commit order with no gap, across processes. A webhook body
 * carries its event's seq first. The last CTE, `w`, returns the new deliveries' ids and matches.
 */
export function noticeWritesSql(matchParam: string, noticesJson: string, guard = '', where = ''): string {
  return `ev_n AS (
  SELECT ${matchParam}::text AS "matchId", n."playerId", n.type, n.body, n.event, n.ord
    FROM ${guard ? `${guard}, ` : ''}jsonb_to_recordset(${noticesJson}::jsonb) AS n("playerId" text, type text, body text, seat int, event jsonb, ord int)${
      where
        ? `
   WHERE ${where}`
        : ''
    }
), ev_lock AS MATERIALIZED (
  SELECT p.id FROM "Player" p WHERE p.id IN (SELECT "playerId" FROM ev_n) ORDER BY p.id FOR UPDATE
), ev_top AS (
  UPDATE "Player" p SET "eventSeq" = p."eventSeq" + c.n
    FROM (SELECT "playerId", count(*)::int AS n FROM ev_n GROUP BY 1) c, ev_lock l
   WHERE p.id = c."playerId" AND l.id = p.id
  RETURNING p.id, p."eventSeq" - c.n AS base, p."webhookUrl"
), ev_s AS (
  SELECT e.*, t."webhookUrl", (t.base + row_number() OVER (PARTITION BY e."playerId" ORDER BY e."matchId", e.ord))::int AS seq
    FROM ev_n e JOIN ev_top t ON t.id = e."playerId"
), ev_i AS (
  INSERT INTO "PlayerEvent" ("playerId", seq, type, "matchId", event, "createdAt")
  SELECT "playerId", seq, type, "matchId", event, now() AT TIME ZONE 'UTC' FROM ev_s
), w AS (
  INSERT INTO "WebhookDelivery" (id, "playerId", type, "matchId", url, body)
  SELECT gen_random_uuid()::text, e."playerId", e.type, e."matchId", e."webhookUrl", '{"seq":' || e.seq || ',"pending":false,' || substr(e.body, 2)
    FROM ev_s e WHERE e."webhookUrl" IS NOT NULL AND e.body IS NOT NULL
  RETURNING id, "matchId"
)`
}

const afterInput = z.number().int().min(0).max(2_147_483_647).nullish()

/** A stream's `after` (the seq of the last event the client has); null: open with the pending state. */
export function parseAfter(raw: unknown): number | null {
  return parseInput(afterInput, raw, 'after') ?? null
}

/**
 * REST's `after`: the query parameter, else the Last-Event-ID header (both decimal digits only); BAD_USER_INPUT
 * with `reason: BAD_AFTER` otherwise.
 */
export function afterFromRequest(query: unknown, header: unknown): number | null {
  const raw = query !== undefined ? query : header
  if (raw === undefined) return null
  if (typeof raw !== 'string' || !/^\d{1,10}$/.test(raw.trim())) {
    const from = query !== undefined ? 'the query parameter after' : 'the Last-Event-ID header'
    throw new ServiceError('BAD_USER_INPUT', `${from} must be the seq of an event (a whole number, 0 or more)`, {
      reason: 'BAD_AFTER',
    })
  }
  return parseAfter(Number(raw.trim()))
}

// Each kind of pending item is read at most this many (the inbox's own bound).
const PENDING_LIMIT = 200

/** Most events one read returns; a stream reads on until it has them all. */
export const EVENT_PAGE = 200

export class PlayerEventStore {
  constructor(
    private readonly db: Database,
    /** The caller's ACTIVE matches where one of its seats is to act (LobbyService.myMatches with toAct). */
    private readonly toAct: (caller: Caller) => Promise<{ id: string }[]>,
  ) {}

  /**
   * What waits for the player now, as pending events: yourTurn for each ACTIVE match where it is to act, invited
   * for each invitation it has neither accepted nor declined, rematchOffered for each finished match whose rematch
   * another seat offered and it has not (at most PENDING_LIMIT of each).
   */
  async pending(playerId: string, caller: Caller): Promise<FeedEvent[]> {
    const at = new Date().toISOString()
    const item = (type: PlayerEventPayload['type'], matchId: string): FeedEvent => ({
      type,
      matchId,
      at,
      seq: null,
      pending: true,
    })
    const turns = await this.toAct(caller)
    const invited = await this.db.sql.query<{ id: string }>(
      `SELECT m.id FROM "Match" m
        WHERE m.status = 'WAITING' AND EXISTS (SELECT 1 FROM "Seat" s WHERE s."matchId" = m.id AND s."playerId" = $1 AND s.deck IS NULL)
        ORDER BY m."createdAt", m.id LIMIT ${PENDING_LIMIT}`,
      [playerId],
    )
    const offered = await this.db.sql.query<{ id: string }>(
      `SELECT m.id FROM "Match" m
        WHERE m.status = 'FINISHED' AND m."rematchId" IS NULL AND m."rematchOffers" <> '{}'::jsonb
          AND EXISTS (SELECT 1 FROM "Seat" s WHERE s."matchId" = m.id AND s."playerId" = $1 AND m."rematchOffers" -> s.index::text IS NULL)
        ORDER BY m."updatedAt" DESC, m.id LIMIT ${PENDING_LIMIT}`,
      [playerId],
    )
    return [
      ...turns.map(m => item('yourTurn', m.id)),
      ...invited.map(m => item('invited', m.id)),
      ...offered.map(m => item('rematchOffered', m.id)),
    ]
  }

  /** Keeps and numbers events that no other change writes (a webhook paused), never sent to the webhook. */
  async append(playerId: string, events: readonly PlayerEventPayload[]): Promise<void> {
    const notices: Notice[] = events.map(event => ({ playerId, event, body: null }))
    await this.db.sql.query(`WITH ${noticeWritesSql('NULL', '$1')} SELECT 1`, [noticesParam(notices)])
  }

  /**
   * Runs `change` (an UPDATE … RETURNING) and keeps `events` in the same statement, only when it changed a row: a run
   * that ends and the notice that it ended are one write, never one without the other. Whether a row changed.
   */
  async appendIf(
    change: { sql: string; params: unknown[] },
    playerId: string,
    events: readonly PlayerEventPayload[],
  ): Promise<boolean> {
    const notices: Notice[] = events.map(event => ({ playerId, event, body: null }))
    const param = `$${change.params.length + 1}`
    const rows = await this.db.sql.query(
      `WITH changed AS (${change.sql}), ${noticeWritesSql('NULL', param, 'changed')} SELECT 1 FROM changed`,
      [...change.params, noticesParam(notices)],
    )
    return rows.length > 0
  }

  /** The player's kept events with seq > `after`, oldest first, at most EVENT_PAGE. */
  async after(playerId: string, after: number): Promise<KeptEvent[]> {
    const rows = await this.db.sql.query<{ seq: number; event: PlayerEventPayload }>(
      `SELECT seq, event FROM "PlayerEvent" WHERE "playerId" = $1 AND seq > $2 ORDER BY seq LIMIT ${EVENT_PAGE}`,
      [playerId, after],
    )
    return rows.map(r => ({ ...r.event, seq: r.seq }))
  }

  /** The seq of the player's latest event (0: none yet), and whether some event after `after` is no longer kept. */
  async position(playerId: string, after: number): Promise<{ latest: number; pruned: boolean }> {
    const rows = await this.db.sql.query<{ latest: number; oldest: number | null }>(
      `SELECT p."eventSeq" AS latest, (SELECT min(seq) FROM "PlayerEvent" e WHERE e."playerId" = p.id AND e.seq > $2) AS oldest
         FROM "Player" p WHERE p.id = $1`,
      [playerId, after],
    )
    const r = rows[0]
    if (!r) return { latest: 0, pruned: false }
    return { latest: r.latest, pruned: r.latest > after && (r.oldest === null || r.oldest > after + 1) }
  }

  /** Deletes at most `batch` events older than `days`; how many went. */
  static async prune(db: Database, days: number, batch: number): Promise<number> {
    const rows = await db.sql.query<{ seq: number }>(
      `DELETE FROM "PlayerEvent" WHERE ("playerId", seq) IN (
         SELECT "playerId", seq FROM "PlayerEvent" WHERE "createdAt" < (now() - make_interval(secs => $1::float8 * 86400)) AT TIME ZONE 'UTC' LIMIT ${batch}
       ) RETURNING seq`,
      [days],
    )
    return rows.length
  }
}
