/** The outputs of ratings, challenges and seeks as zod schemas, for the OpenAPI document and the tests. */
import { z } from 'zod'
import { DECLINE_REASONS } from './challenges.ts'
import { ladderEntryView, matchView, playerView, ratingView } from './views.ts'

export { ladderEntryView, ratingView }

const iso = z.string().describe('ISO 8601 time')

export const playerWithRatingsView = playerView.extend({ ratings: z.array(ratingView).describe('One per game served, in the order of GET /api/games') })
export const ratingChangeView = z.object({
  matches: z.array(z.string()),
  at: iso,
  rating: z.number(),
  deviation: z.number(),
  volatility: z.number(),
  change: z.number().describe('Rating after minus rating before'),
})
export const leaderboardEntryView = z.object({ rank: z.number().int(), player: playerView, rating: ratingView })

const clockView = z.object({ perMoveSeconds: z.number().int(), onTimeout: z.string(), deadline: iso.nullable() }).nullable()

export const challengeView = z.object({
  id: z.string(),
  game: z.string(),
  challenger: playerView,
  opponent: playerView,
  rated: z.boolean(),
  duplicate: z.boolean(),
  clock: clockView,
  options: z.unknown(),
  status: z.enum(['PENDING', 'ACCEPTED', 'DECLINED', 'CANCELLED', 'EXPIRED']),
  declineReason: z.enum(DECLINE_REASONS).nullable(),
  createdAt: iso,
  expiresAt: iso,
  matches: z.array(matchView).describe('Once ACCEPTED: its match'),
})

export const seekView = z.object({
  id: z.string(),
  game: z.string(),
  player: playerView,
  rated: z.boolean(),
  clock: clockView,
  options: z.unknown(),
  ratingRange: z.object({ min: z.number().int().nullable(), max: z.number().int().nullable() }).nullable(),
  status: z.enum(['OPEN', 'ACCEPTED', 'CANCELLED', 'EXPIRED']),
  createdAt: iso,
  expiresAt: iso,
  match: matchView.nullable().describe('Once ACCEPTED: its match'),
})

