/**
 * The statements that commit actions: one action, or several matches' actions at once (a group commit), and their
 * parameters.
 */
import { noticeRows, noticesParam, type Notice } from './deliveries.ts'
import { noticeWritesSql } from './player-events.ts'

export type ActionKind = 'move' | 'resign' | 'timeout' | 'autoplay' | 'bot' | 'abort' | 'vacation' | 'draw' | 'takeback'

export type MatchStatusName = 'WAITING' | 'ACTIVE' | 'FINISHED' | 'ABORTED'

export interface Commit {
  matchId: string
  fromVersion: number
  state: unknown
  status: MatchStatusName
  winners: number[] | null
  deadline: Date | null
  /** Each seat's time and turn after the action (clock.ts), and the earliest reminder due then. */
  turns: unknown
  remindAt: Date | null
  endReason: string | null
  seat: number | null
  kind: ActionKind
  action: unknown
  events: unknown[]
  label: string
  publicLabel: string
  idempotency: { key: string; requestHash: string; result: unknown } | null
  /** The player events the action causes: their webhook rows are written with it (see noticeWritesSql). */
  notices: readonly Notice[]
}

/** What a committed action's statement returns; `updatedAt` as text (see COMMIT_SQL). */
export interface CommittedRow {
  version: number
  updatedAt: string
  deliveries: string[]
}

// Applies one action in a single statement (so a single round trip and an implicit transaction): the
// snapshot update is guarded by the version read, the log row takes seq = the new version (unique per
// match), and the idempotency key and the webhook deliveries, if any, are recorded with it (so a crash
// after the commit loses no delivery: the sweep queues it). No row back means another writer won.
// The time comes back as text: utc() parses it in a third of the time node-postgres' date parser takes.
export const COMMIT_SQL = `
WITH m AS (
  UPDATE "Match"
     SET state = $3::json, version = version + 1, status = $4::"MatchStatus",
         winners = COALESCE((SELECT array_agg(x::int) FROM jsonb_array_elements_text($5::jsonb) AS x), '{}'), "updatedAt" = now(),
         deadline = $10::timestamptz, "endReason" = $11, turns = $18::jsonb, "remindAt" = $19::timestamptz
   WHERE id = $1 AND version = $2
  RETURNING version, "updatedAt"
), a AS (
  INSERT INTO "Action" ("matchId", seq, seat, action, events, kind, label, "publicLabel")
  SELECT $1, m.version, $6, $7::jsonb, $8::json, $12, $13, $14 FROM m
  RETURNING seq
), k AS (
  INSERT INTO "IdempotencyKey" ("matchId", seat, key, seq, "requestHash", result)
  SELECT $1, $6, $9, m.version, $15, $16::json FROM m WHERE $9::text IS NOT NULL
  RETURNING seq
), ${noticeWritesSql('$1', '$17', 'm')}
SELECT version, "updatedAt"::text AS "updatedAt", ARRAY(SELECT id FROM w) AS deliveries
  FROM m`

/** COMMIT_SQL's parameters; `stateJson` is the state as the caller already serialised it. */
export function commitParams(c: Commit, stateJson: string): unknown[] {
  return [
    c.matchId,
    c.fromVersion,
    stateJson,
    c.status,
    JSON.stringify(c.winners ?? []),
    c.seat,
    JSON.stringify(c.action),
    JSON.stringify(c.events),
    c.idempotency?.key ?? null,
    c.deadline?.toISOString() ?? null,
    c.endReason,
    c.kind,
    c.label,
    c.publicLabel,
    c.idempotency?.requestHash ?? null,
    c.idempotency ? JSON.stringify(c.idempotency.result) : null,
    noticesParam(c.notices),
    c.turns === null ? null : JSON.stringify(c.turns),
    c.remindAt?.toISOString() ?? null,
  ]
}

// COMMIT_SQL for several actions of different matches in one statement: one round trip, one plan, one
// transaction and one WAL flush for all of them. Each row `i` of the JSON parameter is one action, with
// the same guard and writes as COMMIT_SQL; a row whose version guard fails (another writer won, or
// another row of the same batch updated that match first) comes back missing.
export const COMMIT_MANY_SQL = `
WITH k AS (
  SELECT * FROM json_to_recordset($1::json) AS k(i int, id text, "fromVersion" int, state json, status text, winners jsonb,
    deadline timestamptz, "endReason" text, turns jsonb, "remindAt" timestamptz, seat int, action jsonb, events json, key text, kind text, label text,
    "publicLabel" text, "requestHash" text, result json, notices jsonb)
), m AS (
  UPDATE "Match" AS t
     SET state = k.state, version = t.version + 1, status = k.status::"MatchStatus",
         winners = COALESCE((SELECT array_agg(x::int) FROM jsonb_array_elements_text(k.winners) AS x), '{}'), "updatedAt" = now(),
         deadline = k.deadline, "endReason" = k."endReason", turns = k.turns, "remindAt" = k."remindAt"
    FROM k
   WHERE t.id = k.id AND t.version = k."fromVersion"
  RETURNING k.i, t.id, t.version, t."updatedAt"
), a AS (
  INSERT INTO "Action" ("matchId", seq, seat, action, events, kind, label, "publicLabel")
  SELECT m.id, m.version, k.seat, k.action, k.events, k.kind, k.label, k."publicLabel" FROM m JOIN k USING (i)
  RETURNING seq
), ik AS (
  INSERT INTO "IdempotencyKey" ("matchId", seat, key, seq, "requestHash", result)
  SELECT m.id, k.seat, k.key, m.version, k."requestHash", k.result FROM m JOIN k USING (i) WHERE k.key IS NOT NULL
  RETURNING seq
), ${noticeWritesSql('m.id', 'k.notices', 'm JOIN k USING (i)')}
SELECT m.i, m.version, m."updatedAt"::text AS "updatedAt", ARRAY(SELECT w.id FROM w WHERE w."matchId" = m.id) AS deliveries
  FROM m`

/** COMMIT_MANY_SQL's one parameter: row `i` is `commits[i]`, its state spliced in as the JSON already serialised. */
export function commitManyParam(commits: readonly { c: Commit; stateJson: string }[]): string {
  const rows = commits.map(({ c, stateJson }, i) => {
    const row = JSON.stringify({
      i,
      id: c.matchId,
      fromVersion: c.fromVersion,
      status: c.status,
      winners: c.winners ?? [],
      deadline: c.deadline?.toISOString() ?? null,
      endReason: c.endReason,
      turns: c.turns,
      remindAt: c.remindAt?.toISOString() ?? null,
      seat: c.seat,
      action: c.action,
      events: c.events,
      key: c.idempotency?.key ?? null,
      kind: c.kind,
      label: c.label,
      publicLabel: c.publicLabel,
      requestHash: c.idempotency?.requestHash ?? null,
      result: c.idempotency ? c.idempotency.result : null,
      notices: noticeRows(c.notices),
    })
    return `${row.slice(0, -1)},"state":${stateJson}}`
  })
  return `[${rows.join(',')}]`
}
