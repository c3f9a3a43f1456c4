/** The matchUpdated subscription: the caller's view now, then every newer version once, in order (see match-watch.ts). */
import { ServiceError, type MatchView, type Services } from '../../service/index.ts'
import { ApiError } from '../api-error.ts'
import type { MatchWatchers } from '../match-watch.ts'
import type { GraphQLContext } from './resolvers.ts'

/** What each WebSocket connection's context carries, to cap its live subscriptions. */
export interface ConnectionCounter {
  live: number
}

export function matchUpdatedField(services: Services, watchers: MatchWatchers, perConnection: number) {
  return {
    subscribe: async (_: unknown, a: { matchId: string; seat?: number | null }, ctx: GraphQLContext & { subscriptions?: ConnectionCounter }) => {
      // Loading the view first checks the match and the token, so a bad subscription fails at once.
      const first = await services.matches.get(a.matchId, ctx.caller, 0, a.seat)
      if (!first) throw new ServiceError('NOT_FOUND', `no match ${a.matchId}`)
      const conn = ctx.subscriptions ?? { live: 0 }
      if (conn.live >= perConnection) {
        throw new ApiError('RATE_LIMITED', `this connection has ${conn.live} live subscriptions, the most allowed (SUBSCRIPTIONS_PER_CONNECTION)`)
      }
      const feed = watchers.watch(first, ctx.caller, { onEnd: () => conn.live-- })
      conn.live++
      // Completes once the caller's player key is rotated (see KeyWatch).
      return services.players.keys.guard(feed, ctx.caller)
    },
    resolve: (view: MatchView) => view,
  }
}
