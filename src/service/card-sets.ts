/**
 * Homebrew card sets: created and versioned by their owner (player key), read by anyone, checked card by card, and
 * resolved for decks.
 */
import { randomUUID } from 'node:crypto'
import { z } from 'zod'
import {
  actionId,
  parseSetRef,
  redactEvent,
  RulesLoop,
  type AnyEngine,
  type CardSetCards,
  type GameEvent,
} from '../kernel/index.ts'
import type { Database } from '../store/database.ts'
import type { Caller } from './caller.ts'
import type { Catalog, CardView } from './catalog.ts'
import { ServiceError, parseInput } from './errors.ts'
import type { PlayerService } from './players.ts'

/** Bounds of one set and of one player's sets (README "Homebrew cards"). */
export const CARD_SET_LIMITS = { cards: 200, bytes: 262_144, sets: 20 } as const

const setName = z.string().trim().min(1).max(100)
const createInput = z.strictObject({ game: z.string().min(1).max(100), name: setName, cards: z.array(z.unknown()) })
const updateInput = z.strictObject({
  id: z.string().min(1).max(64),
  name: setName.nullish(),
  cards: z.array(z.unknown()).nullish(),
})
const testInput = z.strictObject({
  game: z.string().min(1).max(100),
  card: z.unknown(),
  scenario: z.unknown().optional(),
  sets: z.array(z.string().max(80)).max(8).nullish(),
})
const getInput = z.strictObject({
  id: z.string().min(1).max(64),
  version: z.number().int().min(1).max(1_000_000_000).nullish(),
})

export interface CardTestView {
  card: CardView
  legalActions: { id: string; label: string; action: unknown }[]
  played: { id: string; label: string; action: unknown } | null
  events: GameEvent[]
  eventTexts: string[]
  view: unknown
}

export interface CardSetView {
  id: string
  game: string
  name: string
  version: number
  ref: string
  cards: CardView[]
  ownerId: string
  createdAt: string
}

interface CardSetRow {
  id: string
  version: number
  game: string
  name: string
  cards: unknown
  ownerId: string
  createdAt: Date
}

/** A JSON Pointer (RFC 6901) from path segments. */
export function jsonPointer(path: readonly (string | number)[]): string {
  return path.map(k => `/${String(k).replace(/~/g, '~0').replace(/\//g, '~1')}`).join('')
}

/**
 * CARD_INVALID for card `index` of a list (`prefix` [index] in the argument), or for testCard's one card (no index).
 */
export function cardInvalid(engine: AnyEngine, card: unknown, index: number | null): ServiceError | null {
  const checked = engine.cardSupport!.checkCard(card)
  if (checked.ok) return null
  const { path, message, words } = checked.problem
  const cardId =
    typeof card === 'object' && card !== null && typeof (card as { id?: unknown }).id === 'string'
      ? (card as { id: string }).id
      : undefined
  const pointer = jsonPointer(index === null ? path : [index, ...path])
  return new ServiceError(
    'CARD_INVALID',
    `${index === null ? 'the card' : `card ${index}`}${cardId ? ` (${cardId})` : ''} at ${pointer || '/'}: ${message}`,
    {
      ...(index === null ? {} : { card: index }),
      ...(cardId === undefined ? {} : { cardId }),
      path: pointer,
      ...(words === undefined ? {} : { words }),
    },
  )
}

export class CardSetService {
  constructor(
    private readonly db: Database,
    private readonly catalog: Catalog,
    private readonly players: PlayerService,
  ) {}

  async create(raw: { game: string; name: string; cards: unknown[] }, caller: Caller): Promise<CardSetView> {
    const me = await this.players.require(caller)
    const q = parseInput(createInput, raw)
    const engine = this.supporting(q.game)
    this.check(engine, q.cards)
    const owned = await this.db.prisma.cardSet.findMany({
      where: { ownerId: me.id },
      distinct: ['id'],
      select: { id: true },
    })
    if (owned.length >= CARD_SET_LIMITS.sets)
      throw limit('sets', CARD_SET_LIMITS.sets, `a player keeps at most ${CARD_SET_LIMITS.sets} card sets`)
    const row = await this.db.prisma.cardSet.create({
      data: { id: randomUUID(), version: 1, game: q.game, name: q.name, cards: q.cards as object[], ownerId: me.id },
    })
    return this.toView(engine, row)
  }

  /** A new version: the owner only; what is left out stays as in the newest version. */
  async update(
    raw: { id: string; name?: string | null; cards?: unknown[] | null },
    caller: Caller,
  ): Promise<CardSetView> {
    const me = await this.players.require(caller)
    const q = parseInput(updateInput, raw)
    const newest = await this.newest(q.id)
    if (newest === null) throw new ServiceError('NOT_FOUND', `no card set ${q.id}`)
    if (newest.ownerId !== me.id)
      throw new ServiceError('NOT_CARD_SET_OWNER', `card set ${q.id} belongs to another player`)
    const engine = this.supporting(newest.game)
    if (q.cards != null) this.check(engine, q.cards)
    const row = await this.db.prisma.cardSet.create({
      data: {
        id: newest.id,
        version: newest.version + 1,
        game: newest.game,
        name: q.name ?? newest.name,
        cards: (q.cards ?? newest.cards) as object[],
        ownerId: me.id,
      },
    })
    return this.toView(engine, row)
  }

  /** The given version, else the newest; null for an unknown set or version. */
  async get(raw: { id: string; version?: number | null }): Promise<CardSetView | null> {
    const r = getInput.safeParse(raw)
    if (!r.success) return null
    const row =
      r.data.version == null
        ? await this.newest(r.data.id)
        : await this.db.prisma.cardSet.findUnique({ where: { id_version: { id: r.data.id, version: r.data.version } } })
    return row === null ? null : this.toView(this.catalog.engine(row.game), row)
  }

  /** The caller's sets, newest version of each, the latest changed first. */
  async mine(caller: Caller, raw: { game?: string | null } = {}): Promise<CardSetView[]> {
    const me = await this.players.require(caller)
    const game = parseInput(z.string().max(100).nullish(), raw.game, 'game')
    const rows = await this.db.prisma.cardSet.findMany({
      where: { ownerId: me.id, ...(game ? { game } : {}) },
      orderBy: [{ version: 'desc' }],
    })
    const newest = new Map<string, CardSetRow>()
    for (const row of rows) if (!newest.has(row.id)) newest.set(row.id, row)
    return [...newest.values()]
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || a.id.localeCompare(b.id))
      .map(row => this.toView(this.catalog.engine(row.game), row))
  }

  /**
   * The sets a deck's `sets` list names, for `game`, as exact refs (a bare id becomes the newest version): the deck
   * with its list rewritten, and the sets found. A ref that names no set of this game is left as it is, for the engine
   * to report as UNKNOWN_CARD_SET.
   */
  async resolve(game: string, deck: unknown): Promise<{ deck: unknown; sets: CardSetCards[] }> {
    const refs = (deck as { sets?: unknown } | null)?.sets
    if (!Array.isArray(refs) || refs.length === 0 || refs.length > 8) return { deck, sets: [] }
    const exact: unknown[] = []
    const sets: CardSetCards[] = []
    for (const ref of refs) {
      const parsed = typeof ref === 'string' ? parseSetRef(ref) : null
      const row =
        parsed === null
          ? null
          : parsed.version === null
            ? await this.newest(parsed.id)
            : await this.db.prisma.cardSet.findUnique({
                where: { id_version: { id: parsed.id, version: parsed.version } },
              })
      if (row === null || row.game !== game) {
        exact.push(ref)
        continue
      }
      const at = `${row.id}@${row.version}`
      exact.push(at)
      if (!sets.some(s => s.ref === at)) sets.push({ ref: at, name: row.name, cards: row.cards as unknown[] })
    }
    return { deck: { ...(deck as object), sets: exact }, sets }
  }

  /** The stored sets named by exact refs (a match's `cardSets`), for replay and export. */
  async byRefs(
    refs: readonly string[],
  ): Promise<(CardSetCards & { id: string; version: number; game: string; name: string })[]> {
    const out = []
    for (const ref of refs) {
      const parsed = parseSetRef(ref)
      if (parsed === null || parsed.version === null) continue
      const row = await this.db.prisma.cardSet.findUnique({
        where: { id_version: { id: parsed.id, version: parsed.version } },
      })
      if (row !== null)
        out.push({
          ref,
          id: row.id,
          version: row.version,
          game: row.game,
          name: row.name,
          cards: row.cards as unknown[],
        })
    }
    return out
  }

  /** Plays one card in a scenario (the game's format, README "Homebrew cards"), without a match; nothing is stored. */
  async testCard(raw: {
    game: string
    card: unknown
    scenario?: unknown
    sets?: string[] | null
  }): Promise<CardTestView> {
    const q = parseInput(testInput, raw)
    const engine = this.supporting(q.game)
    const invalid = cardInvalid(engine, q.card, null)
    if (invalid !== null) throw invalid
    const { sets, deck } = await this.resolve(q.game, { sets: q.sets ?? [] })
    const unknown = ((deck as { sets: string[] }).sets ?? []).filter(ref => !sets.some(s => s.ref === ref))
    if (unknown.length > 0) throw new ServiceError('NOT_FOUND', `no ${engine.name} card set ${unknown[0]}`)
    const ctx = { names: ['Seat 1', 'Seat 2'], viewer: 0 }
    let trial
    try {
      trial = engine.cardSupport!.tryCard(q.card, q.scenario ?? {}, sets, (state, actions, play) =>
        actions.find(a => actionId(a) === play || engine.describeAction(state, a, ctx) === play),
      )
    } catch (e) {
      if (e instanceof RulesLoop)
        throw new ServiceError('RULES_LOOP', e.message, { card: e.card ?? '', set: null, steps: e.steps })
      throw e
    }
    if ('problem' in trial) {
      throw new ServiceError(
        'BAD_USER_INPUT',
        `scenario at ${jsonPointer(trial.problem.path) || '/'}: ${trial.problem.message}`,
        { path: jsonPointer(trial.problem.path) },
      )
    }
    const listed = (a: unknown) => ({ id: actionId(a), label: engine.describeAction(trial.before, a, ctx), action: a })
    const events = trial.events.map(e => redactEvent(e, 0))
    return {
      card: setCardView(engine, q.card),
      legalActions: trial.legalActions.map(listed),
      played: trial.played === null ? null : listed(trial.played),
      events,
      eventTexts: events.flatMap(e => engine.describeEvent(e, { ...ctx, state: trial.after }) ?? []),
      view: engine.view(trial.after, 0),
    }
  }

  private async newest(id: string): Promise<CardSetRow | null> {
    return this.db.prisma.cardSet.findFirst({ where: { id }, orderBy: { version: 'desc' } })
  }

  private supporting(game: string): AnyEngine {
    const engine = this.catalog.engine(game)
    if (!engine.cardSupport) throw new ServiceError('BAD_USER_INPUT', `${engine.name} takes no homebrew cards yet`)
    return engine
  }

  /** The set's bounds, then every card (the first refused one is the error). */
  private check(engine: AnyEngine, cards: unknown[]): void {
    if (cards.length > CARD_SET_LIMITS.cards)
      throw limit(
        'cards',
        CARD_SET_LIMITS.cards,
        `a card set has at most ${CARD_SET_LIMITS.cards} cards; this one has ${cards.length}`,
      )
    const bytes = Buffer.byteLength(JSON.stringify(cards))
    if (bytes > CARD_SET_LIMITS.bytes)
      throw limit(
        'bytes',
        CARD_SET_LIMITS.bytes,
        `a card set's cards are at most ${CARD_SET_LIMITS.bytes} bytes of JSON; these are ${bytes}`,
      )
    cards.forEach((card, index) => {
      const error = cardInvalid(engine, card, index)
      if (error !== null) throw error
    })
  }

  private toView(engine: AnyEngine, row: CardSetRow): CardSetView {
    return {
      id: row.id,
      game: row.game,
      name: row.name,
      version: row.version,
      ref: `${row.id}@${row.version}`,
      cards: (row.cards as unknown[]).map(data => setCardView(engine, data)),
      ownerId: row.ownerId,
      createdAt: row.createdAt.toISOString(),
    }
  }
}

/** A set card as the API's Card: its data as stored and its generated text. */
export function setCardView(engine: AnyEngine, data: unknown): CardView {
  const checked = engine.cardSupport!.checkCard(data)
  const card = data as { id?: unknown; name?: unknown; kind?: unknown; type?: unknown; cost?: unknown }
  return {
    id: String(card.id ?? ''),
    name: String(card.name ?? ''),
    type: String(card.kind ?? card.type ?? 'card'),
    data,
    text: checked.ok ? checked.text : '',
    tags: ['homebrew'],
    colours: [],
    cost: typeof card.cost === 'number' ? card.cost : null,
    ram: null,
    power: null,
    sellable: false,
  }
}

function limit(which: 'cards' | 'bytes' | 'sets', max: number, message: string): ServiceError {
  return new ServiceError('CARD_SET_LIMIT', message, { limit: which, max, path: '' })
}
