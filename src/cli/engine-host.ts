// The environments of `arbiter engine --stdio`: one JSON request in, one JSON answer out (reset, step, legal, observe,
// close, info), any number of envs.
import { randomBytes } from 'node:crypto'
import { z } from 'zod'
import { botKinds, botKindSchema, chooseAction, type BotKind } from '../bots/index.ts'
import { legalIndexer, RuleViolation, type AnyEngine, type BaseAction } from '../kernel/index.ts'

const envId = z.union([z.string(), z.number().int()]).describe('Any string or integer the client chooses')
const requestId = z.union([z.string(), z.number()]).optional()
const seatField = z.number().int().min(0)
const format = z
  .enum(['json', 'base64'])
  .optional()
  .describe(
    'How `observation` is written: a JSON array of numbers (json, the default) or the float32 values little-endian, base64 (base64: far cheaper to write and read)',
  )
const botSpec = z.strictObject({ kind: botKindSchema, strength: z.number().int().min(1).max(10).optional() })

export const engineRequestSchema = z.discriminatedUnion('op', [
  z.strictObject({ op: z.literal('info'), id: requestId, env: envId.optional() }),
  z.strictObject({
    op: z.literal('reset'),
    id: requestId,
    env: envId,
    game: z.string(),
    seed: z.union([z.string(), z.number()]).optional(),
    seats: z.number().int().min(1).optional(),
    decks: z.array(z.unknown()).optional(),
    options: z.record(z.string(), z.unknown()).optional(),
    bots: z.array(botSpec.nullable()).optional(),
    observe: z.boolean().optional(),
    format,
  }),
  z.strictObject({
    op: z.literal('step'),
    id: requestId,
    env: envId,
    action: z.union([z.number().int(), z.looseObject({ type: z.string() })]),
    seat: seatField.optional(),
    observe: z.boolean().optional(),
    format,
  }),
  z.strictObject({
    op: z.literal('legal'),
    id: requestId,
    env: envId,
    seat: seatField.optional(),
    labels: z.boolean().optional(),
  }),
  z.strictObject({
    op: z.literal('observe'),
    id: requestId,
    env: envId,
    seat: seatField.optional(),
    view: z.boolean().optional(),
    format,
  }),
  z.strictObject({ op: z.literal('close'), id: requestId, env: envId }),
])
export type EngineRequest = z.infer<typeof engineRequestSchema>

export type EngineErrorCode = 'BAD_USER_INPUT' | 'NOT_FOUND' | 'ILLEGAL_ACTION' | 'NOT_YOUR_DECISION' | 'MATCH_FINISHED'

/** A refused request: answered `{ok: false, error}`; the process goes on. */
export class EngineRequestError extends Error {
  constructor(
    readonly code: EngineErrorCode,
    message: string,
    readonly rule?: string,
  ) {
    super(message)
  }
}

/** One environment: a game in progress and which seats are built-in bots. */
interface Env {
  engine: AnyEngine
  state: unknown
  seats: number
  seed: string
  bots: ({ kind: BotKind; strength?: number } | null)[]
  /** Decisions taken so far: part of each bot move's seed, so a game replays from its seed. */
  decisions: number
  /** The listing last answered (state, seat, actions and their indices): a step by index then needs no new listing. */
  listed: { state: unknown; seat: number; actions: BaseAction[]; indices: number[] } | null
}

/** A game with every seat a bot is played out in one request; this bounds a game that would not end. */
const MAX_BOT_DECISIONS = 100_000

type Answer = Record<string, unknown>

/**
 * The vector as the request asked: a plain array of its values (a loop: `Array.from` of a typed array costs several
 * times more), or with format base64 its float32 bytes, little-endian, in base64.
 */
function written(vector: Float32Array, as: 'json' | 'base64' | undefined): number[] | string {
  if (as === 'base64') {
    const bytes = Buffer.from(vector.buffer, vector.byteOffset, vector.byteLength)
    if (!LITTLE_ENDIAN) for (let i = 0; i < bytes.length; i += 4) bytes.subarray(i, i + 4).reverse()
    return bytes.toString('base64')
  }
  const out: number[] = new Array(vector.length)
  for (let i = 0; i < vector.length; i++) out[i] = vector[i]!
  return out
}
const LITTLE_ENDIAN = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1

const STEP_KEYS = new Set(['op', 'env', 'action', 'seat', 'observe', 'id', 'format'])
/** The common step (an index, plain fields) checked by hand: the schema's checks cost more than the step itself. */
function fastStep(raw: unknown): Extract<EngineRequest, { op: 'step' }> | null {
  if (raw === null || typeof raw !== 'object') return null
  const r = raw as Record<string, unknown>
  if (
    r['op'] !== 'step' ||
    !Number.isInteger(r['action']) ||
    !(typeof r['env'] === 'string' || Number.isInteger(r['env']))
  )
    return null
  if (r['seat'] !== undefined && !(Number.isInteger(r['seat']) && (r['seat'] as number) >= 0)) return null
  if (r['observe'] !== undefined && typeof r['observe'] !== 'boolean') return null
  if (r['format'] !== undefined && r['format'] !== 'json' && r['format'] !== 'base64') return null
  if (r['id'] !== undefined && typeof r['id'] !== 'string' && typeof r['id'] !== 'number') return null
  for (const k in r) if (!STEP_KEYS.has(k)) return null
  return r as Extract<EngineRequest, { op: 'step' }>
}

export class EngineHost {
  private readonly envs = new Map<string, Env>()
  private readonly games: Map<string, AnyEngine>

  constructor(engines: readonly AnyEngine[]) {
    this.games = new Map(engines.map(e => [e.id, e]))
  }

  /** The answer to one request object (a batch is answered element by element by the caller). */
  handle(raw: unknown): Answer {
    const echo: Answer = {}
    if (raw !== null && typeof raw === 'object' && !Array.isArray(raw)) {
      const r = raw as Record<string, unknown>
      if (typeof r['env'] === 'string' || typeof r['env'] === 'number') echo['env'] = r['env']
      if (typeof r['id'] === 'string' || typeof r['id'] === 'number') echo['id'] = r['id']
    }
    try {
      const fast = fastStep(raw)
      if (fast) return { ...echo, ok: true, ...this.step(fast) }
      const parsed = engineRequestSchema.safeParse(raw)
      if (!parsed.success)
        throw new EngineRequestError(
          'BAD_USER_INPUT',
          `malformed request: ${z.prettifyError(parsed.error).replace(/\n/g, ' ')}`,
        )
      return { ...echo, ok: true, ...this.run(parsed.data) }
    } catch (e) {
      if (e instanceof EngineRequestError)
        return { ...echo, ok: false, error: { code: e.code, message: e.message, ...(e.rule ? { rule: e.rule } : {}) } }
      if (e instanceof RuleViolation)
        return { ...echo, ok: false, error: { code: e.code, message: e.message, rule: e.rule } }
      throw e
    }
  }

  private run(req: EngineRequest): Answer {
    switch (req.op) {
      case 'info':
        return {
          games: [...this.games.values()].map(e => ({
            id: e.id,
            name: e.name,
            seats: { min: e.seats.min, max: e.seats.max },
            bots: botKinds(e),
            observationShape: e.observationShape,
            actionSpace: e.actionSpace,
          })),
        }
      case 'reset':
        return this.reset(req)
      case 'step':
        return this.step(req)
      case 'legal': {
        const env = this.env(req.env)
        const seat = req.seat ?? this.defaultSeat(env)
        const actions: BaseAction[] = env.engine.legalActions(env.state, seat)
        const indices = actions.map(a => env.engine.actionIndex(env.state, seat, a))
        const names = Array.from({ length: env.seats }, (_, i) => `Seat ${i + 1}`)
        return {
          seat,
          actions: actions.map((action, i) => ({
            index: indices[i],
            action,
            ...(req.labels ? { label: env.engine.describeAction(env.state, action, { names, viewer: seat }) } : {}),
          })),
          legalIndices: [...indices].sort((a, b) => a - b),
        }
      }
      case 'observe': {
        const env = this.env(req.env)
        const seat = req.seat ?? this.defaultSeat(env)
        if (seat >= env.seats)
          throw new EngineRequestError('BAD_USER_INPUT', `seat ${seat} is not in this ${env.seats}-seat game`)
        const view = env.engine.view(env.state, seat)
        return {
          seat,
          observation: written(env.engine.encodeObservation(view), req.format),
          legalIndices: this.legalIndices(env, seat),
          ...(req.view ? { view } : {}),
        }
      }
      case 'close':
        if (!this.envs.delete(String(req.env)))
          throw new EngineRequestError('NOT_FOUND', `no env ${JSON.stringify(req.env)}`)
        return {}
    }
  }

  private reset(req: Extract<EngineRequest, { op: 'reset' }>): Answer {
    const engine = this.games.get(req.game)
    if (!engine)
      throw new EngineRequestError(
        'BAD_USER_INPUT',
        `unknown game '${req.game}' (known: ${[...this.games.keys()].join(', ')})`,
      )
    const seats = req.seats ?? engine.seats.min
    if (seats < engine.seats.min || seats > engine.seats.max)
      throw new EngineRequestError(
        'BAD_USER_INPUT',
        `${engine.id} is played by ${engine.seats.min} to ${engine.seats.max} seats, not ${seats}`,
      )
    const samples = engine.sampleDecks()
    if (req.decks && req.decks.length !== seats)
      throw new EngineRequestError('BAD_USER_INPUT', `${req.decks.length} decks for ${seats} seats`)
    const decks = Array.from({ length: seats }, (_, i) => {
      const parsed = engine.schemas.deck.safeParse(req.decks ? req.decks[i] : samples[i % samples.length]!.deck)
      if (!parsed.success)
        throw new EngineRequestError(
          'BAD_USER_INPUT',
          `deck ${i}: ${z.prettifyError(parsed.error).replace(/\n/g, ' ')}`,
        )
      const report = engine.validateDeck(parsed.data)
      if (!report.legal)
        throw new EngineRequestError(
          'BAD_USER_INPUT',
          `deck ${i} is not legal: ${report.violations.map(v => `${v.code}${v.rule ? ` (${v.rule})` : ''}: ${v.message}`).join('; ')}`,
        )
      return parsed.data
    })
    const options = engine.schemas.options.safeParse(req.options ?? {})
    if (!options.success)
      throw new EngineRequestError('BAD_USER_INPUT', `options: ${z.prettifyError(options.error).replace(/\n/g, ' ')}`)
    const bots = Array.from({ length: seats }, (_, i) => req.bots?.[i] ?? null)
    if ((req.bots?.length ?? 0) > seats)
      throw new EngineRequestError('BAD_USER_INPUT', `${req.bots!.length} bot entries for ${seats} seats`)
    const kinds = botKinds(engine)
    for (const b of bots)
      if (b && !kinds.includes(b.kind))
        throw new EngineRequestError('BAD_USER_INPUT', `${engine.id} has no ${b.kind} bot (it has ${kinds.join(', ')})`)
    const seed = req.seed === undefined ? randomBytes(8).toString('hex') : String(req.seed)
    let state: unknown
    try {
      state = engine.setup(decks, options.data, seed)
    } catch (e) {
      throw new EngineRequestError('BAD_USER_INPUT', `setup refused: ${e instanceof Error ? e.message : String(e)}`)
    }
    const env: Env = { engine, state, seats, seed, bots, decisions: 0, listed: null }
    this.envs.set(String(req.env), env)
    this.playBots(env)
    return { ...this.decision(env, req.observe !== false, req.format), seed }
  }

  private step(req: Extract<EngineRequest, { op: 'step' }>): Answer {
    const env = this.env(req.env)
    const st = env.engine.status(env.state)
    if (st.finished) throw new EngineRequestError('MATCH_FINISHED', 'the game is over: reset the env')
    const seat = req.seat ?? this.defaultSeat(env)
    if (!st.toAct.includes(seat))
      throw new EngineRequestError(
        'NOT_YOUR_DECISION',
        `seat ${seat} has no decision now (to act: ${st.toAct.join(', ')})`,
      )
    let action: BaseAction
    if (typeof req.action === 'number') {
      const listed = env.listed?.state === env.state && env.listed!.seat === seat ? env.listed : null
      const found = listed
        ? (listed.actions[listed.indices.indexOf(req.action)] ?? null)
        : (env.engine.actionFromIndex(env.state, seat, req.action) as BaseAction | null)
      if (!found)
        throw new EngineRequestError('ILLEGAL_ACTION', `index ${req.action} is not a legal action of seat ${seat} now`)
      action = found
    } else {
      const parsed = env.engine.schemas.action.safeParse(req.action)
      if (!parsed.success)
        throw new EngineRequestError('BAD_USER_INPUT', `action: ${z.prettifyError(parsed.error).replace(/\n/g, ' ')}`)
      action = parsed.data as BaseAction
    }
    env.state = env.engine.apply(env.state, seat, action).state
    env.decisions++
    this.playBots(env)
    return this.decision(env, req.observe !== false, req.format)
  }

  private env(id: string | number): Env {
    const env = this.envs.get(String(id))
    if (!env) throw new EngineRequestError('NOT_FOUND', `no env ${JSON.stringify(id)}: reset it first`)
    return env
  }

  /** The lowest seat to act; seat 0 once the game is over. */
  private defaultSeat(env: Env): number {
    return env.engine.status(env.state).toAct[0] ?? 0
  }

  private legalIndices(env: Env, seat: number): number[] {
    const indexer = legalIndexer(env.engine.legalMask)
    if (indexer) {
      const { actions, indices } = indexer(env.state, seat)
      env.listed = { state: env.state, seat, actions, indices }
      return [...indices].sort((a, b) => a - b)
    }
    const mask = env.engine.legalMask(env.state, seat)
    const out: number[] = []
    for (let i = 0; i < mask.length; i++) if (mask[i] === 1) out.push(i)
    return out
  }

  /** Bot seats to act move (the lowest first) until only seats without a bot are to act, or the game ends. */
  private playBots(env: Env): void {
    for (let n = 0; n < MAX_BOT_DECISIONS; n++) {
      const st = env.engine.status(env.state)
      if (st.finished) return
      const seat = st.toAct.find(s => env.bots[s])
      if (seat === undefined) return
      const bot = env.bots[seat]!
      const action = chooseAction(env.engine, env.state, seat, {
        kind: bot.kind,
        ...(bot.strength ? { strength: bot.strength } : {}),
        seed: `${env.seed}:${env.decisions}`,
      })
      env.state = env.engine.apply(env.state, seat, action).state
      env.decisions++
    }
  }

  private decision(env: Env, observe: boolean, as?: 'json' | 'base64'): Answer {
    const st = env.engine.status(env.state)
    const seat = st.finished ? null : (st.toAct[0] ?? null)
    return {
      toAct: st.toAct,
      finished: st.finished,
      winners: st.finished ? (st.winners ?? []) : null,
      seat,
      observation:
        seat !== null && observe ? written(env.engine.encodeObservation(env.engine.view(env.state, seat)), as) : null,
      legalIndices: seat !== null ? this.legalIndices(env, seat) : [],
    }
  }
}
