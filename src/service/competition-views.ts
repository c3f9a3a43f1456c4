/** The outputs of ratings, challenges, seeks and tournaments as zod schemas, for the OpenAPI document and the tests. */
import { z } from 'zod'
import { DECLINE_REASONS } from './challenges.ts'
import { TOURNAMENT_FORMATS } from './tournaments.ts'
import { ladderEntryView, matchView, playerView, ratingView } from './views.ts'

export { ladderEntryView, ratingView }

const iso = z.string().describe('ISO 8601 time')

export const playerWithRatingsView = playerView.extend({
  ratings: z.array(ratingView).describe('One per game served, in the order of GET /api/games'),
})
export const ratingChangeView = z.object({
  matches: z.array(z.string()),
  at: iso,
  rating: z.number(),
  deviation: z.number(),
  volatility: z.number(),
  change: z.number().describe('Rating after minus rating before'),
})
export const leaderboardEntryView = z.object({ rank: z.number().int(), player: playerView, rating: ratingView })

const clockView = z
  .object({ perMoveSeconds: z.number().int(), onTimeout: z.string(), deadline: iso.nullable() })
  .nullable()

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

const tournamentPairing = z.object({
  round: z.number().int(),
  players: z.array(playerView).describe('In seat order (one for a bye)'),
  bye: z.boolean(),
  match: matchView.nullable().describe('Null for a bye'),
  points: z.array(z.number()).nullable().describe("What each player scored, in players' order, once decided"),
})
const standing = z.object({
  rank: z.number().int(),
  player: playerView,
  points: z.number(),
  buchholz: z.number(),
  sonnebornBerger: z.number(),
  wins: z.number().int(),
  draws: z.number().int(),
  losses: z.number().int(),
  byes: z.number().int(),
  withdrawn: z.boolean(),
})
export const tournamentSummaryView = z.object({
  id: z.string(),
  game: z.string(),
  name: z.string(),
  format: z.enum(TOURNAMENT_FORMATS),
  status: z.enum(['OPEN', 'RUNNING', 'FINISHED', 'CANCELLED']),
  rated: z.boolean(),
  duplicate: z.boolean(),
  rounds: z.number().int().describe("A round-robin's is set at the start (0 before)"),
  currentRound: z.number().int(),
  startsAt: iso,
  minEntrants: z.number().int(),
  maxEntrants: z.number().int(),
  roundSeconds: z.number().int().nullable(),
  createdBy: playerView.nullable().describe('Null when the operator created it'),
  clock: clockView,
  options: z.unknown(),
  entrants: z.array(z.object({ player: playerView, joinedAt: iso, withdrawn: z.boolean() })).describe('In join order'),
})
export const tournamentView = tournamentSummaryView.extend({
  pairings: z.array(tournamentPairing).describe('Every round so far in round order, each in rank order, byes last'),
  standings: z.array(standing).describe('By points, Buchholz, Sonneborn–Berger, wins, join order ([] while OPEN)'),
})
