/**
 * The bulk export of finished matches as dataset lines (the format of `arbiter sim --out`'s games.jsonl), a page at a
 * time.
 */
import { z } from 'zod'
import type { Database } from '../store/database.ts'
import type { Catalog } from './catalog.ts'
import { ServiceError } from './errors.ts'
import { finalSeed } from './seeds.ts'

export const EXPORT_PAGE_DEFAULT = 100
export const EXPORT_PAGE_MAX = 1000
/** Matches read from the database at once while a page is sent (a page's memory is bounded by this, not by `limit`). */
const CHUNK = 25

export const exportQuery = z.object({
  game: z.string().min(1).max(64).optional().describe('Only the matches of this game'),
  after: z.string().max(64).optional().describe('The `id` of the last line of the previous page'),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(EXPORT_PAGE_MAX)
    .default(EXPORT_PAGE_DEFAULT)
    .describe(`1 to ${EXPORT_PAGE_MAX}; a page shorter than this is the last`),
})
export type ExportQuery = z.infer<typeof exportQuery>

const seat = z.number().int()
export const exportLineView = z.object({
  id: z.string(),
  game: z.string(),
  index: z
    .number()
    .int()
    .describe('The position of the match in the export order (0 = the first to end), for this `game` filter'),
  seed: z.string().describe('The seed given to setup (the single export’s setupSeed)'),
  decks: z.array(z.unknown()).describe("decks[i]: seat i's deck"),
  options: z.unknown().describe('The match options as given to setup'),
  players: z.array(z.string()).describe("players[i]: seat i's name, else its bot kind, else `Seat i+1`"),
  actions: z
    .array(
      z.object({
        seat,
        action: z.unknown(),
        kind: z
          .enum(['move', 'bot', 'autoplay', 'resign', 'timeout', 'draw', 'takeback'])
          .describe(
            'resign and timeout replay as engine.resign(state, seat); draw (an agreed draw, the last action) changes no state; takeback (action { toVersion }) returns to the state after the toVersion-th entry (0: setup)',
          ),
      }),
    )
    .describe('Every log entry in order'),
  winners: z.array(seat),
  finished: z.literal(true),
  decisions: z.number().int().describe('The number of log entries'),
  endReason: z.string().nullable(),
  endedAt: z.string().describe('When its last action was committed (ISO 8601)'),
})
export type ExportLine = z.infer<typeof exportLineView>

interface PageRow {
  id: string
  endedAt: Date | string
  index: number | string
}

// The end of a finished match is its last log row; `updatedAt` would move when a rematch is offered afterwards.
const ENDED = `
  WITH ended AS (
    SELECT m.id, COALESCE((SELECT max(a."createdAt") FROM "Action" a WHERE a."matchId" = m.id), m."updatedAt") AS "endedAt"
    FROM "Match" m
    WHERE m.status = 'FINISHED' AND ($1::text IS NULL OR m.game = $1)
  ), ordered AS (
    SELECT id, "endedAt", row_number() OVER (ORDER BY "endedAt", id) - 1 AS index FROM ended
  )`

/**
 * The page's matches in order, oldest end first (ties by id). Checks the query first, so a refusal comes before any
 * line: an unknown game or a bad limit is BAD_USER_INPUT, an `after` that is no finished match of the filter NOT_FOUND.
 */
export async function exportPage(db: Database, catalog: Catalog, raw: unknown): Promise<AsyncIterable<ExportLine>> {
  const parsed = exportQuery.safeParse(raw ?? {})
  if (!parsed.success)
    throw new ServiceError(
      'BAD_USER_INPUT',
      parsed.error.issues.map(i => `${i.path.join('.') || 'query'}: ${i.message}`).join('; '),
    )
  const q = parsed.data
  if (q.game !== undefined && !catalog.games().some(g => g.id === q.game))
    throw new ServiceError('BAD_USER_INPUT', `unknown game '${q.game}'`)
  const game = q.game ?? null
  if (q.after !== undefined) {
    const found = await db.sql.query(`${ENDED} SELECT 1 FROM ordered WHERE id = $2`, [game, q.after])
    if (found.length === 0)
      throw new ServiceError('NOT_FOUND', `no finished match ${q.after}${q.game ? ` of ${q.game}` : ''} to page after`)
  }
  const page = (await db.sql.query(
    `${ENDED}
    SELECT id, "endedAt", index FROM ordered
    WHERE $2::text IS NULL OR ("endedAt", id) > (SELECT "endedAt", id FROM ordered WHERE id = $2)
    ORDER BY "endedAt", id LIMIT $3`,
    [game, q.after ?? null, q.limit],
  )) as PageRow[]
  return lines(db, page)
}

async function* lines(db: Database, page: PageRow[]): AsyncIterable<ExportLine> {
  for (let start = 0; start < page.length; start += CHUNK) {
    const chunk = page.slice(start, start + CHUNK)
    const rows = await db.prisma.match.findMany({
      where: { id: { in: chunk.map(r => r.id) } },
      include: { seats: { orderBy: { index: 'asc' } }, actions: { orderBy: { seq: 'asc' } } },
    })
    const byId = new Map(rows.map(r => [r.id, r]))
    for (const p of chunk) {
      const row = byId.get(p.id)
      // Deleted meanwhile (retention): the page simply has one line less.
      if (!row) continue
      yield {
        id: row.id,
        game: row.game,
        index: Number(p.index),
        seed: finalSeed(
          row.seed,
          row.seedSource,
          row.seats.map(s => s.entropy),
        ),
        decks: row.seats.map(s => s.deck),
        options: row.options,
        players: row.seats.map((s, i) => s.name ?? botLabel(s.bot) ?? `Seat ${i + 1}`),
        actions: row.actions.map(a => ({
          seat: a.seat!,
          action: a.action,
          kind: a.kind as ExportLine['actions'][number]['kind'],
        })),
        winners: row.winners,
        finished: true,
        decisions: row.actions.length,
        endReason: row.endReason,
        endedAt: new Date(p.endedAt).toISOString(),
      }
    }
  }
}

function botLabel(bot: unknown): string | null {
  const b = bot as { kind?: unknown; strength?: unknown } | null
  if (!b || typeof b.kind !== 'string') return null
  return typeof b.strength === 'number' ? `${b.kind}:${b.strength}` : b.kind
}
