/**
 * The operator API (ARBITER_ADMIN_KEY): list and search matches and players, abort a match, block a player, delete a
 * chat message, and the log of what the operator did.
 */
import { timingSafeEqual } from 'node:crypto'
import { z } from 'zod'
import type { Database } from '../store/database.ts'
import type { JobQueue } from '../store/jobs.ts'
import type { Caller } from './caller.ts'
import type { Catalog } from './catalog.ts'
import type { ChatService } from './chat.ts'
import { ServiceError, parseInput } from './errors.ts'
import { JOBS } from './match-events.ts'
import type { Snapshot } from './match-store.ts'
import type { MatchService, MatchView, Step } from './matches.ts'
import type { PlayerService, PlayerView } from './players.ts'
import { gameIdSchema, idSchema, safeText } from './schemas.ts'
import { sha256Hex } from './seeds.ts'

export interface AdminActionView {
  id: string
  action: 'abortMatch' | 'blockPlayer' | 'unblockPlayer' | 'deleteChatMessage'
  targetId: string
  by: string
  reason: string | null
  at: string
}

/** A caller of the operator API: its `operator` (X-Arbiter-Operator) names it in the log, else "admin". */
export type OperatorCaller = Caller

export const ABORTED_BY_OPERATOR = 'aborted by the operator'

const first = z.number().int().min(1).max(200).nullish()
const matchesArgs = z.strictObject({
  status: z.enum(['WAITING', 'ACTIVE', 'FINISHED', 'ABORTED']).nullish(),
  game: gameIdSchema.nullish(),
  player: idSchema.nullish(),
  first,
  after: idSchema.nullish(),
})
const playersArgs = z.strictObject({ search: z.string().max(60).nullish(), first, after: idSchema.nullish() })
const logArgs = z.strictObject({ first })
const reason = safeText(1, 500).nullish()
const abortArgs = z.strictObject({ matchId: idSchema, reason })
const deleteChatArgs = z.strictObject({ id: idSchema, reason })
const blockArgs = z.strictObject({ playerId: idSchema, blocked: z.boolean().nullish(), reason })
const operatorName = z
  .string()
  .trim()
  .min(1)
  .max(60)
  .regex(/^[^\p{Cc}]+$/u)

const MAX_RETRIES = 8

export class AdminService {
  private readonly keyDigest: Buffer | null

  constructor(
    private readonly db: Database,
    private readonly catalog: Catalog,
    private readonly matches: MatchService,
    private readonly players: PlayerService,
    private readonly jobs: JobQueue | null,
    /** ARBITER_ADMIN_KEY; null: there is no operator, and every admin call is UNAUTHENTICATED. */
    adminKey: string | null,
    /** Tells every process that the player's block changed (they forget its key: PlayerService.forgetKey). */
    private readonly announce: (playerId: string, keyHash: string) => void,
    private readonly chat: ChatService,
  ) {
    this.keyDigest = adminKey ? Buffer.from(sha256Hex(adminKey), 'hex') : null
  }

  /** Whether the caller bears the operator key (never without ARBITER_ADMIN_KEY). */
  isOperator(caller: OperatorCaller): boolean {
    // Compared as digests, in constant time: the key's length tells nothing either.
    return (
      this.keyDigest !== null &&
      !!caller.token &&
      timingSafeEqual(Buffer.from(sha256Hex(caller.token), 'hex'), this.keyDigest)
    )
  }

  /**
   * The operator's name when the caller bears the operator key; UNAUTHENTICATED otherwise (and always without
   * ARBITER_ADMIN_KEY).
   */
  private operator(caller: OperatorCaller): string {
    if (!this.isOperator(caller))
      throw new ServiceError(
        'UNAUTHENTICATED',
        'this needs the operator key (ARBITER_ADMIN_KEY): Authorization: Bearer <key>',
      )
    const name = operatorName.safeParse(caller.operator ?? undefined)
    return name.success ? name.data : 'admin'
  }

  /** Matches, newest first, as a spectator sees them; `after`: the id of the last match of the previous page. */
  async listMatches(caller: OperatorCaller, raw: unknown): Promise<MatchView[]> {
    this.operator(caller)
    const a = parseInput(matchesArgs, raw ?? {})
    const rows = await this.db.sql.query<{ id: string }>(
      `SELECT m.id FROM "Match" m
        WHERE ($1::text IS NULL OR m.status::text = $1) AND ($2::text IS NULL OR m.game = $2)
          AND ($3::text IS NULL OR EXISTS (SELECT 1 FROM "Seat" s WHERE s."matchId" = m.id AND s."playerId" = $3))
          AND ($4::text IS NULL OR (m."createdAt", m.id) < (SELECT c."createdAt", c.id FROM "Match" c WHERE c.id = $4))
        ORDER BY m."createdAt" DESC, m.id DESC LIMIT $5`,
      [a.status ?? null, a.game ?? null, a.player ?? null, a.after ?? null, a.first ?? 50],
    )
    const out: MatchView[] = []
    for (const r of rows) {
      const snap = await this.matches.find(r.id)
      if (snap) out.push(this.matches.toView(this.catalog.engineOf(snap), snap, null))
    }
    return out
  }

  /** Players, newest first: those whose name contains `search` (any case), or whose id it is. */
  async listPlayers(caller: OperatorCaller, raw: unknown): Promise<PlayerView[]> {
    this.operator(caller)
    const a = parseInput(playersArgs, raw ?? {})
    const search = a.search?.trim() || null
    const rows = await this.db.sql.query<{
      id: string
      name: string
      bot: boolean
      webhookUrl: string | null
      webhookPaused: string | null
      blockedAt: string | null
      awayUntil: string | null
    }>(
      `SELECT p.id, p.name, p.bot, p."webhookUrl", p."webhookPaused", p."blockedAt"::text AS "blockedAt",
              CASE WHEN p."awayUntil" > now() AT TIME ZONE 'UTC' THEN to_char(p."awayUntil", 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') END AS "awayUntil"
         FROM "Player" p
        WHERE ($1::text IS NULL OR p.id = $1 OR strpos(lower(p.name), lower($1)) > 0)
          AND ($2::text IS NULL OR (p."createdAt", p.id) < (SELECT c."createdAt", c.id FROM "Player" c WHERE c.id = $2))
        ORDER BY p."createdAt" DESC, p.id DESC LIMIT $3`,
      [search, a.after ?? null, a.first ?? 50],
    )
    return rows.map(p => ({
      id: p.id,
      name: p.name,
      bot: p.bot,
      webhookUrl: p.webhookUrl,
      webhookPaused: p.webhookPaused,
      awayUntil: p.awayUntil,
      vacationDaysLeft: null,
      blocked: p.blockedAt !== null,
      language: null,
    }))
  }

  async log(caller: OperatorCaller, raw: unknown): Promise<AdminActionView[]> {
    this.operator(caller)
    const a = parseInput(logArgs, raw ?? {})
    const rows = await this.db.prisma.adminAction.findMany({
      orderBy: [{ at: 'desc' }, { id: 'desc' }],
      take: a.first ?? 50,
    })
    return rows.map(r => ({
      id: r.id,
      action: r.action as AdminActionView['action'],
      targetId: r.targetId,
      by: r.by,
      reason: r.reason,
      at: r.at.toISOString(),
    }))
  }

  /** ABORTED now, whatever its status, with no winner; logged. */
  async abortMatch(caller: OperatorCaller, raw: unknown): Promise<MatchView> {
    const by = this.operator(caller)
    const a = parseInput(abortArgs, raw)
    const snap = await this.abort(a.matchId)
    await this.record('abortMatch', a.matchId, by, a.reason ?? null)
    return this.matches.toView(this.catalog.engineOf(snap), snap, null)
  }

  private async abort(matchId: string): Promise<Snapshot> {
    for (let attempt = 0; ; attempt++) {
      this.matches.store.forget(matchId)
      const snap = await this.matches.mustFind(matchId)
      if (snap.status === 'ABORTED') return snap
      if (snap.status === 'WAITING') {
        const done = await this.matches.abortWaiting(snap, ABORTED_BY_OPERATOR)
        if (done) return done
      } else if (snap.status === 'ACTIVE') {
        // A logged action (kind abort, no seat), so that the log still replays to the stored state.
        const label = ABORTED_BY_OPERATOR
        const step: Step = {
          kind: 'abort',
          seat: null,
          action: { type: 'abort' },
          events: [],
          state: snap.state,
          status: 'ABORTED',
          winners: [],
          endReason: label,
          label,
          publicLabel: label,
        }
        const next = this.matches.afterStep(snap, step)
        if (await this.matches.commit(snap, step, null, next)) return this.matches.mustFind(matchId, next.version)
      } else {
        // FINISHED: its result is withdrawn; no action is logged (its log still replays to its final state).
        const rows = await this.db.sql.query(
          `UPDATE "Match" SET status = 'ABORTED', "endReason" = $2, winners = '{}', "updatedAt" = now() WHERE id = $1 AND status = 'FINISHED' RETURNING id`,
          [matchId, ABORTED_BY_OPERATOR],
        )
        this.matches.store.forget(matchId)
        if (rows.length) return this.matches.mustFind(matchId)
      }
      if (attempt >= MAX_RETRIES) throw new ServiceError('VERSION_CONFLICT', 'the match kept changing; try again')
    }
  }

  /**
   * Blocks a player (or, with `blocked: false`, lifts the block): its key and seat tokens are refused on every
   * process at once (PlayerService.setBlocked), and each of its seats in an ACTIVE match times out now.
   */
  async blockPlayer(caller: OperatorCaller, raw: unknown): Promise<PlayerView> {
    const by = this.operator(caller)
    const a = parseInput(blockArgs, raw)
    const blocked = a.blocked ?? true
    const { view, keyHash } = await this.players.setBlocked(a.playerId, blocked)
    this.announce(a.playerId, keyHash)
    await this.record(blocked ? 'blockPlayer' : 'unblockPlayer', a.playerId, by, a.reason ?? null)
    if (blocked) await this.timeOutSeats(a.playerId)
    return view
  }

  /**
   * Each seat of the player in an ACTIVE match times out now under the match's onTimeout: FORFEIT (and a match
   * without a clock) forfeits every seat of it; AUTOPLAY brings its deadline to now when one of them is to act
   * (the deadline job moves for it, as for any late seat; its later turns time out in turn).
   */
  private async timeOutSeats(playerId: string): Promise<void> {
    const rows = await this.db.sql.query<{ id: string }>(
      `SELECT DISTINCT m.id FROM "Match" m JOIN "Seat" s ON s."matchId" = m.id WHERE m.status = 'ACTIVE' AND s."playerId" = $1 AND s.deck IS NOT NULL`,
      [playerId],
    )
    for (const { id } of rows) {
      const first = await this.matches.mustFind(id)
      const seats = first.seats.filter(s => s.playerId === playerId && s.joined).map(s => s.index)
      if (first.clock?.onTimeout === 'AUTOPLAY') await this.autoplayNow(id, seats)
      else for (const seat of seats) await this.forfeit(id, seat)
    }
  }

  /** The seat forfeits (committed once, again on a fresh snapshot if another write won), while the match is ACTIVE. */
  private async forfeit(matchId: string, seat: number): Promise<void> {
    for (let attempt = 0; attempt <= MAX_RETRIES; attempt++) {
      this.matches.store.forget(matchId)
      const snap = await this.matches.mustFind(matchId)
      if (snap.status !== 'ACTIVE') return
      const step = this.matches.resignStep(this.catalog.engineOf(snap), snap, seat, 'timeout')
      if (await this.matches.commit(snap, step, null, this.matches.afterStep(snap, step))) return
    }
  }

  /** When one of `seats` is to act, the match's deadline becomes now and its deadline job runs. */
  private async autoplayNow(matchId: string, seats: number[]): Promise<void> {
    for (let attempt = 0; attempt <= MAX_RETRIES; attempt++) {
      this.matches.store.forget(matchId)
      const snap = await this.matches.mustFind(matchId)
      if (
        snap.status !== 'ACTIVE' ||
        !this.catalog
          .engineOf(snap)
          .status(snap.state)
          .toAct.some(s => seats.includes(s))
      )
        return
      const moved = await this.db.sql.query(
        `UPDATE "Match" SET deadline = $3::timestamptz WHERE id = $1 AND version = $2 AND status = 'ACTIVE' RETURNING id`,
        [matchId, snap.version, new Date().toISOString()],
      )
      this.matches.store.forget(matchId)
      if (moved.length === 0) continue
      await this.jobs?.send(
        JOBS.deadline,
        { matchId, version: snap.version },
        { singletonKey: `${matchId}:${snap.version}:blocked` },
      )
      return
    }
  }

  /** Deletes a chat message for everyone (NOT_FOUND when there is none); logged. */
  async deleteChatMessage(caller: OperatorCaller, raw: unknown): Promise<boolean> {
    const by = this.operator(caller)
    const a = parseInput(deleteChatArgs, raw)
    if (!(await this.chat.remove(a.id))) throw new ServiceError('NOT_FOUND', `no chat message ${a.id}`)
    await this.record('deleteChatMessage', a.id, by, a.reason ?? null)
    return true
  }

  private async record(
    action: AdminActionView['action'],
    targetId: string,
    by: string,
    reason: string | null,
  ): Promise<void> {
    await this.db.prisma.adminAction.create({ data: { action, targetId, by, reason } })
  }
}
