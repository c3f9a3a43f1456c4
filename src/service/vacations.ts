/** Vacations: a player's days away from a yearly allowance, which stop its seats' clocks in matches that allow it. */
import { z } from 'zod'
import type { Database } from '../store/database.ts'
import type { JobQueue } from '../store/jobs.ts'
import type { Caller } from './caller.ts'
import { setAway, type ClockSpec } from './clock.ts'
import { ServiceError, parseInput } from './errors.ts'
import { JOBS } from './match-events.ts'
import type { Snapshot } from './match-store.ts'
import type { MatchService, Step } from './matches.ts'
import type { PlayerService, PlayerView } from './players.ts'

export const DEFAULT_VACATION_DAYS_PER_YEAR = 21
const DAY_MS = 86_400_000
const MAX_RETRIES = 8

/** VACATION_DAYS_PER_YEAR: the days away each player may declare per calendar year (UTC), 0 to 366. */
export function vacationDaysFromEnv(env: NodeJS.ProcessEnv): number {
  const n = Number(env.VACATION_DAYS_PER_YEAR)
  return env.VACATION_DAYS_PER_YEAR !== undefined && Number.isInteger(n) && n >= 0 && n <= 366
    ? n
    : DEFAULT_VACATION_DAYS_PER_YEAR
}

const startVacationInput = z.number().int().min(1).max(366)

/** The seats (by index) whose player is on vacation now, when `clock` stops for vacations; [] otherwise. */
export async function awaySeats(
  db: Database,
  clock: ClockSpec | null,
  playerIds: readonly (string | null)[],
): Promise<number[]> {
  const ids = [...new Set(playerIds.filter((p): p is string => p !== null))]
  if (!clock?.vacation || ids.length === 0) return []
  const away = await db.prisma.player.findMany({
    where: { id: { in: ids }, awayUntil: { gt: new Date() } },
    select: { id: true },
  })
  const awayIds = new Set(away.map(p => p.id))
  return playerIds.flatMap((p, i) => (p !== null && awayIds.has(p) ? [i] : []))
}

/** The days left of a player's allowance in the year of `now`. */
export function vacationDaysLeft(
  row: { vacationYear: number | null; vacationDaysUsed: number },
  perYear: number,
  now = new Date(),
): number {
  return Math.max(0, perYear - (row.vacationYear === now.getUTCFullYear() ? row.vacationDaysUsed : 0))
}

export class VacationService {
  constructor(
    private readonly db: Database,
    private readonly matches: MatchService,
    private readonly players: PlayerService,
    private readonly jobs: JobQueue | null,
    private readonly log: (err: unknown, what: string) => void,
  ) {}

  /** The caller's player is away for `days` from now: its clocks stop in every ACTIVE match that allows it. */
  async start(caller: Caller, rawDays: number): Promise<PlayerView> {
    const me = await this.players.require(caller)
    const days = parseInput(startVacationInput, rawDays, 'days')
    const row = await this.db.prisma.player.findUniqueOrThrow({ where: { id: me.id } })
    const now = new Date()
    if (row.awayUntil && row.awayUntil > now) {
      throw new ServiceError('ILLEGAL_ACTION', `already away until ${row.awayUntil.toISOString()}: endVacation first`)
    }
    const left = vacationDaysLeft(row, this.players.vacationDaysPerYear, now)
    if (days > left)
      throw new ServiceError(
        'VACATION_EXHAUSTED',
        `${days} days asked, ${left} left of this year's ${this.players.vacationDaysPerYear}`,
      )
    const until = new Date(now.getTime() + days * DAY_MS)
    const used = (row.vacationYear === now.getUTCFullYear() ? row.vacationDaysUsed : 0) + days
    // Guarded by what was read, so that two racing starts cannot both spend the allowance.
    const won = await this.db.prisma.player.updateMany({
      where: { id: me.id, awayUntil: row.awayUntil, vacationDaysUsed: row.vacationDaysUsed },
      data: { awayUntil: until, vacationYear: now.getUTCFullYear(), vacationDaysUsed: used },
    })
    if (won.count === 0) throw new ServiceError('VERSION_CONFLICT', 'the vacation changed meanwhile: try again')
    if (this.jobs)
      await this.jobs.send(
        JOBS.vacationEnd,
        { playerId: me.id, until: until.toISOString() },
        { startAfter: until, singletonKey: `${me.id}:${until.getTime()}` },
      )
    await this.applyToMatches(me.id, true)
    return (await this.players.me(caller))!
  }

  /** The caller's vacation ends now; whole days not begun are given back to the allowance. */
  async end(caller: Caller): Promise<PlayerView> {
    const me = await this.players.require(caller)
    const row = await this.db.prisma.player.findUniqueOrThrow({ where: { id: me.id } })
    const now = new Date()
    if (row.awayUntil && row.awayUntil > now) {
      const unbegun = Math.floor((row.awayUntil.getTime() - now.getTime()) / DAY_MS)
      const refund = row.vacationYear === now.getUTCFullYear() ? Math.min(unbegun, row.vacationDaysUsed) : 0
      const won = await this.db.prisma.player.updateMany({
        where: { id: me.id, awayUntil: row.awayUntil },
        data: { awayUntil: null, vacationDaysUsed: row.vacationDaysUsed - refund },
      })
      if (won.count === 1) await this.applyToMatches(me.id, false)
    }
    return (await this.players.me(caller))!
  }

  /** A vacation ran its course (its job, or the sweep): the player's clocks run again, once, on one process. */
  async expire(playerId: string, until: Date): Promise<void> {
    const won = await this.db.prisma.player.updateMany({
      where: { id: playerId, awayUntil: until },
      data: { awayUntil: null },
    })
    if (won.count === 1) await this.applyToMatches(playerId, false)
  }

  /** Vacations that ended without their job having run (lost in a crash). */
  async expired(): Promise<{ id: string; awayUntil: Date }[]> {
    const rows = await this.db.prisma.player.findMany({
      where: { awayUntil: { lte: new Date() } },
      select: { id: true, awayUntil: true },
      take: 100,
    })
    return rows.map(r => ({ id: r.id, awayUntil: r.awayUntil! }))
  }

  /**
   * In every ACTIVE match of the player whose clock stops for vacations, its seats go away (their time kept, not
   * running) or come back (running again from where it stopped). Each change is a new version of the match (kind
   * `vacation` in its log, state unchanged), so that every process and stream sees it; a match that fails is logged
   * and the others still change.
   */
  private async applyToMatches(playerId: string, away: boolean): Promise<void> {
    const rows = await this.db.sql.query<{ id: string }>(
      `SELECT DISTINCT m.id FROM "Match" m JOIN "Seat" s ON s."matchId" = m.id
        WHERE s."playerId" = $1 AND m.status = 'ACTIVE' AND m.clock IS NOT NULL AND COALESCE((m.clock->>'vacation')::boolean, true)`,
      [playerId],
    )
    for (const { id } of rows) {
      try {
        await this.applyToMatch(id, playerId, away)
      } catch (err) {
        this.log(err, `the vacation of player ${playerId} in match ${id}`)
      }
    }
  }

  private async applyToMatch(matchId: string, playerId: string, away: boolean): Promise<void> {
    for (let attempt = 0; attempt <= MAX_RETRIES; attempt++) {
      this.matches.store.forget(matchId)
      const snap = await this.matches.mustFind(matchId)
      if (snap.status !== 'ACTIVE' || !snap.turns) return
      const step = this.step(snap, playerId, away)
      if (!step) return
      if (await this.matches.commit(snap, step, null)) return
    }
  }

  /** The step that sends the player's seats away (or back), or null when none changes. */
  private step(snap: Snapshot, playerId: string, away: boolean): Step | null {
    const seats = snap.seats.filter(s => s.playerId === playerId && s.joined).map(s => s.index)
    const toAct = this.matches.toActOf(snap)
    let turns = snap.turns!
    for (const seat of seats) turns = setAway(snap.clock, turns, seat, away, toAct)
    if (turns === snap.turns) return null
    const name = snap.seats[seats[0]!]?.name ?? `Seat ${seats[0]! + 1}`
    const text = away
      ? `${name} is on vacation: its clock stops`
      : `${name} is back from vacation: its clock runs again`
    return {
      kind: 'vacation',
      seat: seats[0]!,
      action: { type: 'vacation', away },
      events: [],
      state: snap.state,
      status: 'ACTIVE',
      winners: null,
      endReason: null,
      label: text,
      publicLabel: text,
      turns,
    }
  }
}
