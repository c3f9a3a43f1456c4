import { z } from 'zod'
import { QUERY_MAX_LENGTH } from './card-query.ts'
import { CLOCK_DAYS, CLOCK_KINDS, MAX_CLOCK_SECONDS } from './clock.ts'

/** The inputs of every use case. GraphQL and REST both parse with these; OpenAPI publishes them. */

const json = z.unknown().refine(v => v !== undefined, 'required')

/** Text a person typed: no NUL or other control characters (PostgreSQL refuses NUL in text). */
export function safeText(min: number, max: number) {
  return (
    z
      .string()
      .trim()
      .min(min)
      .max(max)
      // eslint-disable-next-line no-control-regex -- finding control characters is the point
      .refine(s => !/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(s), 'control characters are not allowed')
  )
}
/** An opaque token-like string (keys, codes, seeds): printable ASCII only. */
const opaque = (max: number) =>
  z
    .string()
    .min(1)
    .max(max)
    .regex(/^[\x20-\x7e]+$/, 'printable ASCII only')

export const idSchema = z.string().uuid('not a valid id')
export const gameIdSchema = z.string().min(1).max(64)
export const seatIndex = z.number().int().min(0).max(7)

export const validateDeckInput = z.object({
  game: gameIdSchema,
  deck: json,
  rulesVersion: z.string().max(40).nullish(),
})
export type ValidateDeckInput = z.infer<typeof validateDeckInput>

export const saveDeckInput = z.object({
  game: gameIdSchema,
  name: safeText(1, 100),
  deck: json,
})
export type SaveDeckInput = z.infer<typeof saveDeckInput>

export const botInput = z.strictObject({
  kind: z.string().min(1).max(32),
  strength: z.number().int().min(1).max(10).nullish(),
})
export type BotInput = z.infer<typeof botInput>

export const seatInput = z
  .strictObject({
    deckId: idSchema.nullish(),
    deck: z.unknown().optional(),
    name: safeText(1, 60).nullish(),
    player: idSchema.nullish(),
    open: z.boolean().nullish(),
    bot: botInput.nullish(),
    entropy: opaque(200).nullish(),
  })
  .refine(s => s.deckId == null || s.deck == null, 'give at most one of deckId or deck')
  .refine(s => !(s.open && (s.player != null || s.bot != null)), 'an open seat has no player or bot')
  .refine(s => !(s.bot && s.player != null), 'a bot seat has no player')
  .refine(
    s => s.open || s.player != null || s.bot != null || s.deckId != null || s.deck != null,
    'a seat needs a deck, or open: true, a player or a bot',
  )
  .refine(s => !(s.open && (s.deckId != null || s.deck != null)), 'an open seat gets its deck when someone joins')
export type SeatInput = z.infer<typeof seatInput>

const clockSeconds = z.number().int().min(1).max(MAX_CLOCK_SECONDS)
/** The fields each clock kind takes (and requires: all but incrementSeconds and maxSeconds); it refuses the others'. */
const KIND_FIELDS = {
  PER_MOVE: ['perMoveSeconds'],
  PER_TURN: ['perTurnSeconds'],
  BANK: ['initialSeconds', 'incrementSeconds', 'maxSeconds'],
  DAYS: ['days'],
} as const
const OPTIONAL_FIELDS: readonly string[] = ['incrementSeconds', 'maxSeconds']
export const clockInput = z
  .strictObject({
    kind: z.enum(CLOCK_KINDS).nullish(),
    perMoveSeconds: clockSeconds.nullish(),
    perTurnSeconds: clockSeconds.nullish(),
    initialSeconds: clockSeconds.nullish(),
    incrementSeconds: z.number().int().min(0).max(MAX_CLOCK_SECONDS).nullish(),
    maxSeconds: clockSeconds.nullish(),
    days: z
      .number()
      .int()
      .refine(d => (CLOCK_DAYS as readonly number[]).includes(d), `days is one of ${CLOCK_DAYS.join(', ')}`)
      .nullish(),
    onTimeout: z.enum(['FORFEIT', 'AUTOPLAY']).nullish(),
    reminderAt: z.number().min(0).max(0.99).nullish(),
    maxAutoplays: z.number().int().min(0).max(100).nullish(),
    vacation: z.boolean().nullish(),
  })
  .superRefine((c, ctx) => {
    const kind = c.kind ?? 'PER_MOVE'
    const own: readonly string[] = KIND_FIELDS[kind]
    for (const [other, fields] of Object.entries(KIND_FIELDS)) {
      for (const f of fields) {
        const given = c[f as keyof typeof c] != null
        if (other !== kind && given && !own.includes(f))
          ctx.addIssue({ code: 'custom', path: [f], message: `${f} is not a field of a ${kind} clock` })
        if (other === kind && !given && !OPTIONAL_FIELDS.includes(f))
          ctx.addIssue({ code: 'custom', path: [f], message: `a ${kind} clock needs ${f}` })
      }
    }
    if (kind === 'BANK' && c.maxSeconds != null && c.initialSeconds != null && c.maxSeconds < c.initialSeconds) {
      ctx.addIssue({ code: 'custom', path: ['maxSeconds'], message: 'maxSeconds may not be less than initialSeconds' })
    }
  })

export const createMatchInput = z.strictObject({
  game: gameIdSchema,
  seats: z.array(seatInput).min(1).max(8),
  seed: opaque(200).nullish(),
  options: z.record(z.string(), z.unknown()).nullish(),
  clock: clockInput.nullish(),
  public: z.boolean().nullish(),
  rated: z.boolean().nullish(),
  spectatorChat: z.boolean().nullish(),
  takebacks: z.boolean().nullish(),
})
export type CreateMatchInput = z.infer<typeof createMatchInput>

export const joinMatchFields = z.strictObject({
  matchId: idSchema,
  seat: seatIndex.nullish(),
  inviteCode: opaque(100).nullish(),
  deckId: idSchema.nullish(),
  deck: z.unknown().optional(),
  name: safeText(1, 60).nullish(),
  entropy: opaque(200).nullish(),
})
export const joinMatchInput = joinMatchFields.refine(
  s => s.deckId == null || s.deck == null,
  'give at most one of deckId or deck (neither: the deck an invitation proposed)',
)
export type JoinMatchInput = z.infer<typeof joinMatchInput>

export const seatArgs = z.strictObject({ matchId: idSchema, seat: seatIndex.nullish() })

export const submitActionFields = z.strictObject({
  matchId: idSchema,
  action: z.object({ type: z.string() }).passthrough().nullish(),
  actionId: z.string().min(1).max(64).nullish(),
  expectedVersion: z.number().int().min(0).nullish(),
  idempotencyKey: opaque(200).nullish(),
  seat: seatIndex.nullish(),
})
export const submitActionInput = submitActionFields.refine(
  s => (s.action == null) !== (s.actionId == null),
  'give exactly one of action or actionId',
)
export type SubmitActionInput = z.infer<typeof submitActionInput>

export const logArgs = z.strictObject({
  after: z.number().int().min(0).nullish(),
  limit: z.number().int().min(1).max(500).nullish(),
})
export const LOG_PAGE = 100

export const myMatchesArgs = z.strictObject({
  status: z.enum(['WAITING', 'ACTIVE', 'FINISHED', 'ABORTED']).nullish(),
  toAct: z.boolean().nullish(),
})

const facetValues = z.array(z.string().min(1).max(64)).max(20).nullish()
const bound = z.number().int().min(-1000).max(1000).nullish()

/** Every listed facet must match (a card matches a list when it has any of its values); bounds are inclusive. */
export const cardFilterInput = z.strictObject({
  types: facetValues.describe('Card types, e.g. Unit, Gear (any of them)'),
  colours: facetValues.describe('Colours, e.g. Red (any of them)'),
  tags: facetValues.describe('Tags or keywords, e.g. MERC, BLOCKER (any of them)'),
  minCost: bound,
  maxCost: bound,
  minRam: bound,
  maxRam: bound,
})
export type CardFilterInput = z.infer<typeof cardFilterInput>
export const CARD_PAGE_MAX = 500

export const cardsQuery = z.object({
  game: gameIdSchema,
  search: z.string().max(100).nullish(),
  query: z.string().max(QUERY_MAX_LENGTH).nullish(),
  filter: cardFilterInput.nullish(),
  first: z.number().int().min(1).max(CARD_PAGE_MAX).nullish(),
  after: z.string().min(1).max(200).nullish(),
})
export type CardsQuery = z.infer<typeof cardsQuery>

export const updateDeckInput = z.strictObject({
  id: idSchema,
  name: safeText(1, 100).nullish(),
  deck: z.unknown().optional(),
})
export type UpdateDeckInput = z.infer<typeof updateDeckInput>
export const myDecksArgs = z.strictObject({ game: gameIdSchema.nullish() })
