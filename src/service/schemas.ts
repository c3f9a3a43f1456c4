import { z } from 'zod'

/** The inputs of every use case. GraphQL and REST both parse with these; OpenAPI publishes them. */

const json = z.unknown().refine((v) => v !== undefined, 'required')

export const idSchema = z.string().uuid('not a valid id')
export const gameIdSchema = z.string().min(1).max(64)

export const validateDeckInput = z.object({ game: gameIdSchema, deck: json })
export type ValidateDeckInput = z.infer<typeof validateDeckInput>

export const saveDeckInput = z.object({
  game: gameIdSchema,
  name: z.string().trim().min(1).max(100),
  deck: json,
})
export type SaveDeckInput = z.infer<typeof saveDeckInput>

export const seatInput = z
  .object({
    deckId: idSchema.nullish(),
    deck: z.unknown().optional(),
    name: z.string().trim().min(1).max(60).nullish(),
  })
  .refine((s) => (s.deckId == null) !== (s.deck == null), 'give exactly one of deckId or deck')
export type SeatInput = z.infer<typeof seatInput>

export const createMatchInput = z.object({
  game: gameIdSchema,
  seats: z.array(seatInput).min(1).max(8),
  seed: z.string().min(1).max(200).nullish(),
  options: z.record(z.string(), z.unknown()).nullish(),
})
export type CreateMatchInput = z.infer<typeof createMatchInput>

export const submitActionFields = z.object({
  matchId: idSchema,
  action: z.object({ type: z.string() }).passthrough().nullish(),
  actionId: z.string().min(1).max(64).nullish(),
  expectedVersion: z.number().int().min(0).nullish(),
  idempotencyKey: z.string().min(1).max(200).nullish(),
})
export const submitActionInput = submitActionFields.refine(
  (s) => (s.action == null) !== (s.actionId == null),
  'give exactly one of action or actionId',
)
export type SubmitActionInput = z.infer<typeof submitActionInput>

export const cardsQuery = z.object({ game: gameIdSchema, search: z.string().max(100).nullish() })
