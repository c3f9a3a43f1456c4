// The deck lab's answers as zod schemas: REST publishes them in OpenAPI, GraphQL's types in schema.graphql say the
// same.
import { z } from 'zod'

const winRate = z
  .object({
    games: z.number().int(),
    wins: z.number().int(),
    draws: z.number().int(),
    losses: z.number().int(),
    rate: z.number().describe('(wins + draws / 2) / games'),
    low: z.number().describe('95 % Wilson score interval'),
    high: z.number(),
  })
  .nullable()
  .describe('Over finished games; null when none finished')
const labLength = z
  .object({ mean: z.number(), min: z.number().int(), max: z.number().int() })
  .nullable()
  .describe('Decisions per finished game')

export const deckLabResultView = z.object({
  games: z.number().int().describe('Games played, finished or not'),
  unfinished: z.number().int().describe('Games stopped at maxDecisions'),
  winRate,
  opponents: z.array(
    z.object({
      index: z.number().int(),
      name: z.string(),
      games: z.number().int(),
      unfinished: z.number().int(),
      winRate,
      firstSeat: winRate.describe('The games where the tested deck sat in seat 0'),
      secondSeat: winRate.describe('The games where the tested deck sat in seat 1'),
      length: labLength,
    }),
  ),
  cards: z.array(
    z.object({ card: z.string(), drawnIn: z.number().int(), playedIn: z.number().int(), winRateWhenPlayed: winRate }),
  ),
  length: labLength,
})

export const deckLabRunView = z.object({
  id: z.string(),
  game: z.string(),
  status: z.enum(['QUEUED', 'RUNNING', 'FINISHED', 'CANCELLED', 'FAILED']),
  games: z.number().int().describe('games × opponents requested'),
  played: z.number().int(),
  seed: z.string(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  error: z.string().nullable(),
  result: deckLabResultView.nullable().describe('Once FINISHED or CANCELLED'),
})
