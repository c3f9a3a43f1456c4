/**
 * The GraphQL resolvers of ratings, challenges, seeks, the ladder and tournaments; thin, like the others: the services
 * parse the arguments.
 */
import type { Services } from '../../service/index.ts'
import { idSchema } from '../../service/schemas.ts'
import type { PlayerView } from '../../service/players.ts'
import type { LeaderboardRow } from '../../service/ratings.ts'
import type { TournamentPairingView, TournamentView } from '../../service/tournaments.ts'
import type { GraphQLContext } from './resolvers.ts'

type Args = Record<string, unknown>

export function competitionResolvers(services: Services) {
  const { ratings, challenges, seeks, players, ladder, tournaments, matches } = services
  return {
    Query: {
      player: (_: unknown, a: { id: string }, ctx: GraphQLContext) => playerById(services, a.id, ctx),
      ratingHistory: (_: unknown, a: { player: string; game: string }) => ratings.history(a),
      leaderboard: (_: unknown, a: { game: string; first?: number | null; after?: string | null }) =>
        ratings.leaderboard(a),
      challenge: (_: unknown, a: { id: string }, ctx: GraphQLContext) => challenges.get(a.id, ctx.caller),
      myChallenges: (_: unknown, a: { status?: string | null }, ctx: GraphQLContext) => challenges.mine(ctx.caller, a),
      seeks: (_: unknown, a: { game?: string | null }, ctx: GraphQLContext) => seeks.list(a.game, ctx.caller),
      seek: (_: unknown, a: { id: string }, ctx: GraphQLContext) => seeks.get(a.id, ctx.caller),
      tournament: (_: unknown, a: { id: string }) => tournaments.get(a.id),
      tournaments: (_: unknown, a: { game?: string | null; status?: string | null }) => tournaments.list(a),
    },
    Mutation: {
      challenge: (_: unknown, a: { input: unknown }, ctx: GraphQLContext) => challenges.create(a.input, ctx.caller),
      acceptChallenge: (_: unknown, a: Args, ctx: GraphQLContext) => challenges.accept(a, ctx.caller),
      declineChallenge: (_: unknown, a: Args, ctx: GraphQLContext) => challenges.decline(a, ctx.caller),
      cancelChallenge: (_: unknown, a: { id: string }, ctx: GraphQLContext) => challenges.cancel(a.id, ctx.caller),
      createSeek: (_: unknown, a: { input: unknown }, ctx: GraphQLContext) => seeks.create(a.input, ctx.caller),
      acceptSeek: (_: unknown, a: Args, ctx: GraphQLContext) => seeks.accept(a, ctx.caller),
      cancelSeek: (_: unknown, a: { id: string }, ctx: GraphQLContext) => seeks.cancel(a.id, ctx.caller),
      joinLadder: (_: unknown, a: { ladder: unknown }, ctx: GraphQLContext) => ladder.join(a.ladder, ctx.caller),
      leaveLadder: (_: unknown, a: { game: string }, ctx: GraphQLContext) => ladder.leave(a.game, ctx.caller),
      createTournament: (_: unknown, a: { input: unknown }, ctx: GraphQLContext) =>
        tournaments.create(a.input, ctx.caller),
      joinTournament: (_: unknown, a: Args, ctx: GraphQLContext) => tournaments.join(a, ctx.caller),
      withdrawFromTournament: (_: unknown, a: { id: string }, ctx: GraphQLContext) =>
        tournaments.withdraw(a.id, ctx.caller),
      startTournament: (_: unknown, a: { id: string }, ctx: GraphQLContext) => tournaments.start(a.id, ctx.caller),
      cancelTournament: (_: unknown, a: { id: string }, ctx: GraphQLContext) => tournaments.cancel(a.id, ctx.caller),
    },
    Tournament: {
      pairings: (t: TournamentView, a: { round?: number | null }) =>
        a.round == null ? t.pairings : t.pairings.filter(p => p.round === a.round),
    },
    TournamentPairing: {
      match: (p: TournamentPairingView, _a: unknown, ctx: GraphQLContext) =>
        p.matchId ? matches.getForEvent(p.matchId, ctx.caller) : null,
    },
    Player: {
      ratings: (p: PlayerView) => ratings.of(p.id),
      ladder: (p: PlayerView, _a: unknown, ctx: GraphQLContext) => ladder.mine(p.id, ctx.caller),
    },
    LeaderboardEntry: {
      player: (e: LeaderboardRow) => players.publicView(e.playerId),
    },
    PlayerEvent: {
      challenge: (e: { challengeId?: string }, _a: unknown, ctx: GraphQLContext) =>
        e.challengeId ? challenges.get(e.challengeId, ctx.caller) : null,
      seek: (e: { seekId?: string }, _a: unknown, ctx: GraphQLContext) =>
        e.seekId ? seeks.get(e.seekId, ctx.caller) : null,
      tournament: (e: { tournamentId?: string }) => (e.tournamentId ? tournaments.get(e.tournamentId) : null),
    },
  }
}

/**
 * A player's public view, or the caller's own (with its webhook) when it is the caller's player; null for no such
 * player.
 */
export async function playerById(services: Services, id: string, ctx: GraphQLContext): Promise<PlayerView | null> {
  const me = await services.players.me(ctx.caller)
  if (me?.id === id) return me
  return idSchema.safeParse(id).success ? services.players.publicView(id) : null
}
