/**
 * Chat per match: messages of the seats (room PLAYERS) and, when the match allows it, of spectators (SPECTATORS), their
 * rate limit, mutes and the operator's delete.
 */
import { randomUUID } from 'node:crypto'
import { z } from 'zod'
import type { Database } from '../store/database.ts'
import type { Caller } from './caller.ts'
import type { Catalog } from './catalog.ts'
import { noticesParam, type Notice } from './deliveries.ts'
import { ServiceError, parseInput } from './errors.ts'
import type { MatchEvents, PlayerEventPayload, Publisher } from './match-events.ts'
import type { Snapshot } from './match-store.ts'
import type { MatchService } from './matches.ts'
import { noticeWritesSql } from './player-events.ts'
import type { PlayerService } from './players.ts'
import { idSchema, seatIndex } from './schemas.ts'

export type ChatRoom = 'PLAYERS' | 'SPECTATORS'

export interface ChatMessageView {
  id: string
  matchId: string
  room: ChatRoom
  /** The writer's seat (room PLAYERS); null for a spectator. */
  seat: number | null
  /** The writer's player; null for a seat held by a seat token alone. */
  playerId: string | null
  text: string
  at: string
}

/** CHAT_MESSAGES_PER_MINUTE: the most messages one player (or a seat without a player) may post in a minute. */
export const DEFAULT_CHAT_PER_MINUTE = 20
export const CHAT_MAX_LENGTH = 500
export const CHAT_DEFAULT_LIMIT = 100
export const CHAT_MAX_LIMIT = 500

export function chatPerMinuteFromEnv(env: NodeJS.ProcessEnv): number {
  const raw = env.CHAT_MESSAGES_PER_MINUTE
  if (raw === undefined || raw === '') return DEFAULT_CHAT_PER_MINUTE
  const n = Number(raw)
  if (!Number.isInteger(n) || n < 1 || n > 10_000)
    throw new Error(`CHAT_MESSAGES_PER_MINUTE must be a whole number from 1 to 10000, not ${raw}`)
  return n
}

const room = z.enum(['PLAYERS', 'SPECTATORS'])
// Tab and newline are the only control characters a message may hold (a carriage return is one too: refused).
const chatText = z
  .string()
  .trim()
  .min(1, 'the message is empty')
  .max(CHAT_MAX_LENGTH, `a message holds at most ${CHAT_MAX_LENGTH} characters`)
  .refine(s => !/[^\P{Cc}\t\n]/u.test(s), 'control characters other than tab and newline are not allowed')
const sendArgs = z.strictObject({ matchId: idSchema, text: chatText, room: room.nullish(), seat: seatIndex.nullish() })
const listArgs = z.strictObject({ room: room.nullish(), limit: z.number().int().min(1).max(CHAT_MAX_LIMIT).nullish() })
const muteArgs = z.strictObject({ playerId: idSchema, muted: z.boolean().nullish() })

interface ChatRow {
  id: string
  matchId: string
  room: ChatRoom
  seat: number | null
  playerId: string | null
  text: string
  at: string
}

const ROW = `id, "matchId", room, seat, "playerId", text, to_char(at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS at`

export class ChatService {
  constructor(
    private readonly db: Database,
    private readonly catalog: Catalog,
    private readonly matches: MatchService,
    private readonly players: PlayerService,
    private readonly publisher: Publisher,
    private readonly events: MatchEvents,
    /** Whether webhook bodies are built (a server with a job queue). */
    private readonly webhooks: boolean,
    private readonly perMinute: number,
    private readonly log: (err: unknown, what: string) => void,
  ) {}

  /**
   * Posts a message: PLAYERS from a seat (its token or its player's key), SPECTATORS from any player key when the
   * match has spectatorChat. Stored with the `chat` player events of the other seats' players who have not muted
   * the writer, in one statement that also counts the writer's messages of the last minute (RATE_LIMITED past
   * CHAT_MESSAGES_PER_MINUTE: nothing is written), under a lock of the writer.
   */
  async send(caller: Caller, raw: unknown): Promise<ChatMessageView> {
    const a = parseInput(sendArgs, raw)
    const where = a.room ?? 'PLAYERS'
    const snap = await this.matches.mustFind(a.matchId)
    let seat: number | null = null
    let playerId: string | null
    if (where === 'PLAYERS') {
      seat = (await this.matches.seatOf(snap, caller, true, a.seat))!
      playerId = snap.seats[seat]?.playerId ?? null
    } else {
      if (!(await this.spectatorChat(snap.id)))
        throw new ServiceError(
          'ILLEGAL_ACTION',
          'this match has no spectator chat (created without spectatorChat: true)',
        )
      playerId = (await this.players.require(caller)).id
    }
    const message: ChatMessageView = {
      id: randomUUID(),
      matchId: snap.id,
      room: where,
      seat,
      playerId,
      text: a.text,
      at: new Date().toISOString(),
    }
    const notices = where === 'PLAYERS' ? await this.notices(snap, message) : []
    // Counted and written under a lock of the writer (its player, else its seat), so that concurrent posts, on any
    // process, never pass the limit together.
    const writer = message.playerId ?? `${message.matchId}:${message.seat}`
    const rows = await this.db.transaction(async tx => {
      await tx.query(`SELECT pg_advisory_xact_lock(hashtext($1))::text`, [`chat:${writer}`])
      return tx.query<{ id: string; deliveries: string[] }>(
        `WITH recent AS (
           SELECT count(*)::int AS n FROM "ChatMessage"
            WHERE at > now() - interval '1 minute'
              AND (CASE WHEN $5::text IS NULL THEN "playerId" IS NULL AND "matchId" = $2 AND seat = $4 ELSE "playerId" = $5 END)
         ), c AS (
           INSERT INTO "ChatMessage" (id, "matchId", room, seat, "playerId", text, at)
           SELECT $1, $2, $3, $4, $5, $6, $7::timestamptz FROM recent WHERE recent.n < $8
           RETURNING id
         ), ${noticeWritesSql('$2', '$9', 'c')}
         SELECT c.id, ARRAY(SELECT id FROM w) AS deliveries FROM c`,
        [
          message.id,
          message.matchId,
          message.room,
          message.seat,
          message.playerId,
          message.text,
          message.at,
          this.perMinute,
          noticesParam(notices),
        ],
      )
    })
    if (rows.length === 0)
      throw new ServiceError(
        'RATE_LIMITED',
        `at most ${this.perMinute} chat messages a minute (CHAT_MESSAGES_PER_MINUTE); try again shortly`,
      )
    this.publisher.chat?.(message)
    await this.events.told(notices, rows[0]!.deliveries)
    return message
  }

  /**
   * The `chat` events of a PLAYERS message: to each other seat's player (not the writer's own) who has not muted the
   * writer.
   */
  private async notices(snap: Snapshot, message: ChatMessageView): Promise<Notice[]> {
    const others = [
      ...new Set(
        snap.seats.flatMap(s =>
          s.playerId && s.joined && s.index !== message.seat && s.playerId !== message.playerId ? [s.playerId] : [],
        ),
      ),
    ]
    const muting = message.playerId ? new Set(await this.mutersOf(message.playerId, others)) : new Set<string>()
    return others
      .filter(p => !muting.has(p))
      .map(playerId => {
        const event: PlayerEventPayload = { type: 'chat', matchId: snap.id, at: message.at, chat: message }
        if (!this.webhooks) return { playerId, event, body: null }
        const seat = snap.seats.find(s => s.playerId === playerId && s.joined)
        const match = this.matches.toView(this.catalog.engineOf(snap), snap, seat?.index ?? null)
        return { playerId, event, body: JSON.stringify({ ...event, match }) }
      })
  }

  /** Which of `players` muted `writer`. */
  private async mutersOf(writer: string, players: string[]): Promise<string[]> {
    if (players.length === 0) return []
    const rows = await this.db.sql.query<{ playerId: string }>(
      `SELECT "playerId" FROM "PlayerMute" WHERE "mutedId" = $1 AND "playerId" = ANY($2::text[])`,
      [writer, players],
    )
    return rows.map(r => r.playerId)
  }

  private async spectatorChat(matchId: string): Promise<boolean> {
    const rows = await this.db.sql.query<{ on: boolean }>(`SELECT "spectatorChat" AS on FROM "Match" WHERE id = $1`, [
      matchId,
    ])
    return rows[0]?.on ?? false
  }

  /**
   * Who may read a room of the match: PLAYERS its seats (null for anyone else), SPECTATORS anyone when the room is
   * open. Returns the reader's player id (to leave out those it muted), or false when it may not read.
   */
  async reader(
    matchId: string,
    caller: Caller,
    where: ChatRoom,
    seatArg?: number | null,
  ): Promise<{ playerId: string | null } | false> {
    const snap = await this.matches.find(matchId)
    if (!snap) throw new ServiceError('NOT_FOUND', `no match ${matchId}`)
    if (where === 'PLAYERS') {
      const seat = await this.matches.seatOf(snap, caller, false, seatArg).catch(() => null)
      if (seat === null) return false
      return { playerId: snap.seats[seat]?.playerId ?? (await this.players.fromCaller(caller))?.id ?? null }
    }
    if (!(await this.spectatorChat(matchId))) return false
    return { playerId: caller.token ? ((await this.players.fromCaller(caller).catch(() => null))?.id ?? null) : null }
  }

  /**
   * The last `limit` messages of the room (default 100, at most 500), oldest first, without those of players the reader
   * muted; [] for one who may not read it.
   */
  async list(matchId: string, caller: Caller, raw: unknown): Promise<ChatMessageView[]> {
    const a = parseInput(listArgs, raw ?? {})
    const where = a.room ?? 'PLAYERS'
    const reader = await this.reader(matchId, caller, where)
    if (!reader) return []
    const rows = await this.db.sql.query<ChatRow>(
      `SELECT ${ROW} FROM "ChatMessage" c
        WHERE "matchId" = $1 AND room = $2
          AND ($3::text IS NULL OR c."playerId" IS NULL OR NOT EXISTS (SELECT 1 FROM "PlayerMute" m WHERE m."playerId" = $3 AND m."mutedId" = c."playerId"))
        ORDER BY c.at DESC, c.id DESC LIMIT $4`,
      [matchId, where, reader.playerId, a.limit ?? CHAT_DEFAULT_LIMIT],
    )
    return rows.reverse()
  }

  /** Whether `reader` muted the writer of `message` (live deliveries skip it). */
  async hides(readerPlayerId: string | null, message: ChatMessageView): Promise<boolean> {
    if (!readerPlayerId || !message.playerId) return false
    return (await this.mutersOf(message.playerId, [readerPlayerId])).length > 0
  }

  /** The caller no longer receives `playerId`'s messages anywhere (`muted: false` undoes it); true. */
  async mute(caller: Caller, raw: unknown): Promise<boolean> {
    const a = parseInput(muteArgs, raw)
    const me = await this.players.require(caller)
    if (a.playerId === me.id) throw new ServiceError('BAD_USER_INPUT', 'a player cannot mute itself')
    if (!(await this.players.publicView(a.playerId))) throw new ServiceError('NOT_FOUND', `no player ${a.playerId}`)
    if (a.muted ?? true)
      await this.db.sql.query(
        `INSERT INTO "PlayerMute" ("playerId", "mutedId") VALUES ($1, $2) ON CONFLICT DO NOTHING`,
        [me.id, a.playerId],
      )
    else
      await this.db.sql.query(`DELETE FROM "PlayerMute" WHERE "playerId" = $1 AND "mutedId" = $2`, [me.id, a.playerId])
    return true
  }

  /**
   * Deletes a message for everyone (the operator): the message and its text in the kept `chat` events; false when there
   * is none.
   */
  async remove(id: string): Promise<boolean> {
    const rows = await this.db.sql.query<{ matchId: string }>(
      `DELETE FROM "ChatMessage" WHERE id = $1 RETURNING "matchId"`,
      [id],
    )
    if (rows.length === 0) return false
    await this.db.sql
      .query(
        `UPDATE "PlayerEvent" SET event = event - 'chat' WHERE "matchId" = $1 AND type = 'chat' AND event -> 'chat' ->> 'id' = $2`,
        [rows[0]!.matchId, id],
      )
      .catch((err: unknown) => this.log(err, 'removing a deleted chat message from the kept events'))
    return true
  }
}
