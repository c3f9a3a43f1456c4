/** After the end: the revealed seed checked against its commitment, and the log replayed against the snapshot. */
import { redactEvent, type GameEvent } from '../kernel/index.ts'
import type { Database } from '../store/database.ts'
import type { Catalog } from './catalog.ts'
import { exportPage, type ExportLine } from './dataset-export.ts'
import { ServiceError, parseInput } from './errors.ts'
import { publicAction, type MatchService } from './matches.ts'
import { idSchema } from './schemas.ts'
import { finalSeed, seedCommitment } from './seeds.ts'

export interface VerificationView {
  ok: boolean
  seed: string
  seedCommitment: string
  replayedVersion: number
  message: string | null
}

function ended(status: string): boolean {
  return status === 'FINISHED' || status === 'ABORTED'
}

export class VerificationService {
  constructor(
    private readonly db: Database,
    private readonly catalog: Catalog,
    private readonly matches: MatchService,
  ) {}

  /** The seed, once the match has ended (null before: it would tell every future draw). */
  async seed(matchId: string): Promise<string | null> {
    const row = await this.db.prisma.match.findUnique({ where: { id: matchId }, select: { status: true, seed: true } })
    return row && ended(row.status) ? row.seed : null
  }

  async verify(matchId: string): Promise<VerificationView> {
    const id = parseInput(idSchema, matchId, 'match id')
    const row = await this.db.prisma.match.findUnique({
      where: { id },
      select: { status: true, seed: true, seedCommitment: true, seedSource: true },
    })
    if (!row) throw new ServiceError('NOT_FOUND', `no match ${matchId}`)
    if (!ended(row.status))
      throw new ServiceError(
        'ILLEGAL_ACTION',
        'a match can be verified once it has ended (its seed is secret until then)',
      )
    const commitmentOk = seedCommitment(row.seed) === row.seedCommitment
    const replay = await this.matches.replay(id)
    const ok = commitmentOk && replay.identical
    const message = !commitmentOk
      ? 'the seed does not match its commitment'
      : !replay.identical
        ? 'replaying the log does not give the stored state'
        : row.seedSource === 'CLIENT'
          ? 'verified; the creator chose this seed (seedSource CLIENT)'
          : null
    return { ok, seed: row.seed, seedCommitment: row.seedCommitment, replayedVersion: replay.version, message }
  }

  /** Finished matches as dataset lines, a page at a time (GET /api/matches/export; see dataset-export.ts). */
  exportFinished(query: unknown): Promise<AsyncIterable<ExportLine>> {
    return exportPage(this.db, this.catalog, query)
  }

  /** Everything needed to replay the match elsewhere: decks, options, seed and entropies, the full log. */
  async export(matchId: string): Promise<unknown> {
    const id = parseInput(idSchema, matchId, 'match id')
    const row = await this.db.prisma.match.findUnique({
      where: { id },
      include: { seats: { orderBy: { index: 'asc' } }, actions: { orderBy: { seq: 'asc' } } },
    })
    if (!row) throw new ServiceError('NOT_FOUND', `no match ${matchId}`)
    if (!ended(row.status))
      throw new ServiceError(
        'ILLEGAL_ACTION',
        'a match can be exported once it has ended (its seed and hands are secret until then)',
      )
    // Aborting is unilateral until every seat has made a decision of its own: such a match shows no deck, and its
    // log as a spectator sees it, or aborting would scout any opponent's deck for free.
    const decided = new Set(row.actions.filter(a => a.kind === 'move' || a.kind === 'bot').map(a => a.seat))
    const scouting = row.status === 'ABORTED' && decided.size < row.seats.length
    // The engine of its ruleset version: an export replays under it, and is refused (410) when the server lost it.
    const played = this.catalog.engineOf(row)
    const engine = scouting ? played : null
    // The card sets the decks use, whole, so that an offline replay needs nothing else (public: any set is readable).
    const cardSets = (await this.matches.setsFor(row.seats.map(s => s.deck))).map(s => ({
      id: s.id,
      version: s.version,
      name: s.name,
      game: s.game,
      cards: s.cards,
    }))
    return {
      id: row.id,
      game: row.game,
      rulesVersion: row.rulesVersion,
      options: row.options,
      seed: row.seed,
      seedCommitment: row.seedCommitment,
      seedSource: row.seedSource,
      setupSeed: finalSeed(
        row.seed,
        row.seedSource,
        row.seats.map(s => s.entropy),
      ),
      seats: row.seats.map(s => ({
        seat: s.index,
        name: s.name,
        deck: scouting ? null : s.deck,
        entropy: s.entropy,
        bot: s.bot,
      })),
      status: row.status,
      winners: row.winners,
      endReason: row.endReason,
      log: row.actions.map(a => ({
        seq: a.seq,
        seat: a.seat,
        kind: a.kind,
        action: engine ? publicAction(engine, a.action, a.kind) : a.action,
        events: engine ? (a.events as GameEvent[]).map(e => redactEvent(e, null)) : a.events,
        at: a.createdAt.toISOString(),
      })),
      cardSets,
      version: row.version,
      derivation:
        row.seedSource === 'SERVER'
          ? 'setupSeed = hex(sha256(seed + "\\n" + entropy of seat 0 + "\\n" + … ))'
          : 'setupSeed = seed',
    }
  }
}
