/** Players: identities across matches, their bearer keys, webhooks and webhook deliveries. */
import { z } from 'zod'
import type { Database } from '../store/database.ts'
import type { JobQueue } from '../store/jobs.ts'
import { sendDelivery } from './deliveries.ts'
import type { Quotas } from './quotas.ts'
import { ServiceError, parseInput } from './errors.ts'
import { idSchema, safeText } from './schemas.ts'
import { LruMap } from './snapshot-cache.ts'
import { DEFAULT_VACATION_DAYS_PER_YEAR, vacationDaysLeft } from './vacations.ts'
import { hashToken, newSeatToken } from './tokens.ts'
import type { Caller } from './caller.ts'
import { KeyWatch } from './key-watch.ts'
import { languageCode, type Language } from '../kernel/index.ts'
import { parseLanguage } from './language.ts'
import { refusedHost, type WebhookPolicy } from './webhook-targets.ts'

export interface PlayerView {
  id: string
  name: string
  bot: boolean
  webhookUrl: string | null
  /** The caller's own player only: why its webhook is paused, null when it is not (and for other players). */
  webhookPaused: string | null
  /** The operator only: whether the player is blocked (null for everyone else). */
  blocked: boolean | null
  /** Everyone sees it: when its vacation ends, null when it is not away. */
  awayUntil: string | null
  /** The caller's own player only: the days left of this year's vacation allowance (null for others). */
  vacationDaysLeft: number | null
  /** The caller's own player only: its language preference (null: none chosen, and for other players). */
  language: string | null
}

/** The columns of a player its views read besides PlayerRow's. */
interface AwayColumns {
  awayUntil: Date | null
  vacationYear: number | null
  vacationDaysUsed: number
}

export interface DeliveryView {
  id: string
  type: string
  matchId: string | null
  status: string
  attempts: number
  lastError: string | null
  at: string
}

const createPlayerInput = z.strictObject({
  name: safeText(1, 60),
  bot: z.boolean().nullish(),
  language: z.string().max(40).nullish(),
})
const webhookUrl = z
  .string()
  .max(2000)
  .url()
  .refine(u => /^https?:\/\//i.test(u), 'the webhook must be an http(s) URL')
const setWebhookInput = z
  .strictObject({ url: webhookUrl.nullish(), secret: safeText(8, 200).nullish() })
  .refine(
    w => w.url == null || w.secret != null,
    'a webhook needs a secret (8 characters or more) to sign its deliveries',
  )
const limitInput = z.number().int().min(1).max(200).nullish()
const blockInvitationsInput = z.strictObject({ from: idSchema, blocked: z.boolean().nullish() })

interface PlayerRow {
  id: string
  name: string
  bot: boolean
  webhookUrl: string | null
  webhookSecret: string | null
  webhookPaused: string | null
  language: string | null
}

/** How long a server trusts a key it has seen without asking the database again. */
export const KEY_CACHE_MS = 30_000

export class PlayerService {
  // A key's player is remembered for a while (its webhook is read fresh where it is used): a rotated key
  // stops working at once on the server that rotated it, and within KEY_CACHE_MS on the others. Unknown
  // keys are always asked again.
  private readonly byKey = new LruMap<string, { row: PlayerRow; at: number }>({ entries: 10_000 })
  private readonly blockedIds = new LruMap<string, { blocked: boolean; at: number }>({ entries: 10_000 })
  // A seat token's player (it never changes) and players' language preferences, for the words of every request:
  // setLanguage updates this process's entry at once, other processes within KEY_CACHE_MS.
  private readonly seatPlayers = new LruMap<string, string | null>({ entries: 10_000 })
  private readonly languages = new LruMap<string, { language: Language | null; at: number }>({ entries: 10_000 })

  /** Open streams' keys, checked against the database. */
  readonly keys: KeyWatch

  constructor(
    private readonly db: Database,
    private readonly webhooks: WebhookPolicy,
    private readonly quotas: Quotas,
    /** Queues the deliveries a resumed webhook held (null: this process sends no webhooks). */
    private readonly jobs: JobQueue | null = null,
    /** VACATION_DAYS_PER_YEAR. */
    readonly vacationDaysPerYear = DEFAULT_VACATION_DAYS_PER_YEAR,
  ) {
    this.keys = new KeyWatch(db)
  }

  async create(
    raw: { name: string; bot?: boolean | null; language?: string | null },
    caller: Caller = {},
  ): Promise<{ player: PlayerView; key: string }> {
    const input = parseInput(createPlayerInput, raw)
    const language = input.language == null ? null : parseLanguage(input.language, caller.language)
    const key = `pk_${newSeatToken()}`
    const creator = await this.fromCaller(caller)
    const ticket = await this.quotas.take('player', caller, creator?.id ?? null)
    const row = await this.db.prisma.player
      .create({ data: { name: input.name, bot: input.bot ?? false, keyHash: hashToken(key), language } })
      .catch(async (e: unknown) => {
        await ticket.release()
        throw e
      })
    return { player: this.ownView(row), key }
  }

  /** The player whose key the caller bears, or null (no token, or a seat token). */
  async fromCaller(caller: Caller): Promise<PlayerRow | null> {
    if (!caller.token) return null
    const hash = hashToken(caller.token)
    const known = this.byKey.get(hash)
    if (known && Date.now() - known.at < KEY_CACHE_MS) return known.row
    const row = await this.db.prisma.player.findUnique({ where: { keyHash: hash } })
    // A blocked player's key is refused like an unknown one (and never cached, so that lifting the block works at
    // once).
    if (!row || row.blockedAt) {
      this.byKey.delete(hash)
      return null
    }
    const p = {
      id: row.id,
      name: row.name,
      bot: row.bot,
      webhookUrl: row.webhookUrl,
      webhookSecret: row.webhookSecret,
      webhookPaused: row.webhookPaused,
      language: row.language,
    }
    this.byKey.set(hash, { row: p, at: Date.now() })
    return p
  }

  /**
   * A new key for the caller's player; the key it was called with no longer authenticates, and every stream
   * opened with it ends (at once on this process, within 2 × KEY_CHECK_MS on the others). The change is guarded
   * by the old key's hash in the database, so that a key already rotated (still cached by some process) can never
   * rotate again and lock the owner out.
   */
  async rotateKey(caller: Caller): Promise<{ player: PlayerView; key: string }> {
    const me = await this.require(caller)
    const old = hashToken(caller.token!)
    const key = `pk_${newSeatToken()}`
    const changed = await this.db.prisma.player.updateMany({
      where: { id: me.id, keyHash: old },
      data: { keyHash: hashToken(key) },
    })
    this.byKey.delete(old)
    this.keys.revoked(old)
    if (changed.count === 0)
      throw new ServiceError('UNAUTHENTICATED', "this key is no longer the player's key (it was rotated)")
    return { player: this.ownView((await this.get(me.id))!), key }
  }

  /**
   * The language preference of the player behind a bearer token: a player key's player, or the player holding the
   * seat a seat token opens; null for none (no such player, a blocked one, or no preference).
   */
  async languageOf(token: string): Promise<Language | null> {
    const hash = hashToken(token)
    // A known seat token first: player keys are looked up by hash, and an unknown hash is always asked again.
    let playerId = this.seatPlayers.get(hash)
    if (playerId === undefined) playerId = (await this.fromCaller({ token }))?.id
    if (playerId === undefined) {
      const seat = await this.db.prisma.seat.findUnique({ where: { tokenHash: hash }, select: { playerId: true } })
      // Unknown tokens are not remembered: a seat may be joined (its token hash written) later.
      if (!seat) return null
      playerId = seat.playerId
      this.seatPlayers.set(hash, playerId)
    }
    if (playerId === null) return null
    const known = this.languages.get(playerId)
    if (known && Date.now() - known.at < KEY_CACHE_MS) return known.language
    const row = await this.db.prisma.player.findUnique({ where: { id: playerId }, select: { language: true } })
    const language = row?.language ? languageCode(row.language) : null
    this.languages.set(playerId, { language, at: Date.now() })
    return language
  }

  /** Sets (null: removes) the caller's language preference. */
  async setLanguage(caller: Caller, raw: string | null | undefined): Promise<PlayerView> {
    const me = await this.require(caller)
    const language = raw == null ? null : parseLanguage(raw, caller.language)
    const row = await this.db.prisma.player.update({ where: { id: me.id }, data: { language } })
    this.byKey.delete(hashToken(caller.token!))
    this.languages.set(me.id, { language, at: Date.now() })
    return this.ownView(row)
  }

  async require(caller: Caller): Promise<PlayerRow> {
    const p = await this.fromCaller(caller)
    if (!p)
      throw new ServiceError('UNAUTHENTICATED', 'this needs a player key (createPlayer): Authorization: Bearer <key>')
    return p
  }

  async me(caller: Caller): Promise<PlayerView | null> {
    const p = await this.fromCaller(caller)
    if (!p) return null
    // Read fresh: the key cache may hold the player from before its webhook was paused.
    const row = await this.get(p.id)
    return row ? this.ownView(row) : null
  }

  async get(id: string): Promise<(PlayerRow & AwayColumns) | null> {
    return this.db.prisma.player.findUnique({ where: { id } })
  }

  /**
   * Whether the operator blocked the player (its seat tokens are refused then): remembered for KEY_CACHE_MS, and
   * forgotten at once on every process when the block changes (see forgetKey).
   */
  async isBlocked(playerId: string): Promise<boolean> {
    const known = this.blockedIds.get(playerId)
    if (known && Date.now() - known.at < KEY_CACHE_MS) return known.blocked
    const rows = await this.db.sql.query<{ blocked: boolean }>(
      `SELECT "blockedAt" IS NOT NULL AS blocked FROM "Player" WHERE id = $1`,
      [playerId],
    )
    const blocked = rows[0]?.blocked ?? false
    this.blockedIds.set(playerId, { blocked, at: Date.now() })
    return blocked
  }

  /**
   * The operator blocks (or unblocks) the player: its key stops (or starts again) authenticating on this process
   * at once, and its streams end; the hash of its key, for the other processes (forgetKey).
   */
  async setBlocked(playerId: string, blocked: boolean): Promise<{ view: PlayerView; keyHash: string }> {
    const row = await this.db.prisma.player
      .update({ where: { id: playerId }, data: { blockedAt: blocked ? new Date() : null } })
      .catch((e: unknown) => {
        if ((e as { code?: string }).code === 'P2025') throw new ServiceError('NOT_FOUND', `no player ${playerId}`)
        throw e
      })
    this.forgetKey(row.keyHash, playerId)
    return { view: { ...this.ownView(row), blocked }, keyHash: row.keyHash }
  }

  /**
   * The player's block changed (here or on another process): its cached key and status go, and, if blocked, its open
   * streams end.
   */
  forgetKey(keyHash: string, playerId: string): void {
    this.byKey.delete(keyHash)
    this.blockedIds.delete(playerId)
    this.keys.revoked(keyHash)
  }

  /** Other players see a player's name and kind, never its webhook. */
  async publicView(id: string): Promise<PlayerView | null> {
    const p = await this.get(id)
    return p
      ? {
          id: p.id,
          name: p.name,
          bot: p.bot,
          webhookUrl: null,
          webhookPaused: null,
          awayUntil: awayUntil(p),
          vacationDaysLeft: null,
          blocked: null,
          language: null,
        }
      : null
  }

  /** The public views of several players at once (one query), by id. */
  async publicViews(ids: readonly string[]): Promise<Map<string, PlayerView>> {
    if (ids.length === 0) return new Map()
    const rows = await this.db.prisma.player.findMany({
      where: { id: { in: [...new Set(ids)] } },
      select: { id: true, name: true, bot: true, awayUntil: true },
    })
    return new Map(
      rows.map(p => [
        p.id,
        {
          id: p.id,
          name: p.name,
          bot: p.bot,
          webhookUrl: null,
          webhookPaused: null,
          awayUntil: awayUntil(p),
          vacationDaysLeft: null,
          blocked: null,
          language: null,
        },
      ]),
    )
  }

  async setWebhook(caller: Caller, raw: { url?: string | null; secret?: string | null }): Promise<PlayerView> {
    const me = await this.require(caller)
    const input = parseInput(setWebhookInput, raw)
    const refused = input.url ? refusedHost(this.webhooks, input.url) : null
    if (refused)
      throw new ServiceError('BAD_USER_INPUT', `webhook refused: ${refused}`, { reason: 'WEBHOOK_TARGET_REFUSED' })
    const url = input.url ?? null
    // Any call resumes a paused webhook: the failure count starts again and the held deliveries go to the new URL
    // as new deliveries (or, with no webhook left, end as failed).
    const [row, held] = await this.db.prisma.$transaction([
      this.db.prisma.player.update({
        where: { id: me.id },
        data: { webhookUrl: url, webhookSecret: url ? input.secret! : null, webhookFailures: 0, webhookPaused: null },
      }),
      this.db.prisma.webhookDelivery.updateManyAndReturn({
        where: { playerId: me.id, status: 'paused' },
        data: url
          ? { status: 'pending', url, attempts: 0, lastError: null, updatedAt: new Date(), inFlightUntil: null }
          : {
              status: 'failed',
              lastError: 'not delivered: the webhook was removed while it was paused',
              updatedAt: new Date(),
            },
        select: { id: true },
      }),
    ])
    if (url && this.jobs) for (const d of held) await sendDelivery(this.jobs, d.id)
    return this.ownView(row)
  }

  /** Whether `playerId` refuses invitations from `fromId`. */
  async blocks(playerId: string, fromId: string): Promise<boolean> {
    return (await this.db.prisma.invitationBlock.count({ where: { playerId, blockedId: fromId } })) > 0
  }

  /** The caller's player refuses (or, with `blocked: false`, accepts again) every invitation from `from`. */
  async blockInvitations(caller: Caller, raw: { from: string; blocked?: boolean | null }): Promise<boolean> {
    const me = await this.require(caller)
    const input = parseInput(blockInvitationsInput, raw)
    if (!(await this.get(input.from))) throw new ServiceError('NOT_FOUND', `no player ${input.from}`)
    const blocked = input.blocked ?? true
    if (blocked) {
      await this.db.prisma.invitationBlock.upsert({
        where: { playerId_blockedId: { playerId: me.id, blockedId: input.from } },
        create: { playerId: me.id, blockedId: input.from },
        update: {},
      })
    } else {
      await this.db.prisma.invitationBlock.deleteMany({ where: { playerId: me.id, blockedId: input.from } })
    }
    return blocked
  }

  async deliveries(caller: Caller, limit?: number | null): Promise<DeliveryView[]> {
    const me = await this.require(caller)
    const n = parseInput(limitInput, limit, 'limit') ?? 50
    const rows = await this.db.prisma.webhookDelivery.findMany({
      where: { playerId: me.id },
      orderBy: { createdAt: 'desc' },
      take: n,
    })
    return rows.map(r => ({
      id: r.id,
      type: r.type,
      matchId: r.matchId,
      status: r.status,
      attempts: r.attempts,
      lastError: r.lastError,
      at: r.createdAt.toISOString(),
    }))
  }

  /** The player as it sees itself. */
  private ownView(p: Omit<PlayerRow, 'webhookSecret'> & AwayColumns): PlayerView {
    return {
      id: p.id,
      name: p.name,
      bot: p.bot,
      webhookUrl: p.webhookUrl,
      webhookPaused: p.webhookPaused,
      awayUntil: awayUntil(p),
      vacationDaysLeft: vacationDaysLeft(p, this.vacationDaysPerYear),
      blocked: null,
      language: p.language,
    }
  }
}

function awayUntil(p: Pick<AwayColumns, 'awayUntil'>): string | null {
  return p.awayUntil && p.awayUntil > new Date() ? p.awayUntil.toISOString() : null
}
