import type { IResolvers } from 'mercurius'
import type { Caller, MatchView, Services } from '../../service/index.ts'
import { matchTopic, type MatchUpdate } from '../updates.ts'
import { JSONScalar } from './json-scalar.ts'

export interface GraphQLContext {
  caller: Caller
}

/** Thin: every resolver hands its arguments to a service call, which parses them. */
export function buildResolvers(services: Services): IResolvers {
  const { catalog, decks, matches } = services
  return {
    JSON: JSONScalar,
    Query: {
      games: () => catalog.games(),
      game: (_: unknown, a: { id: string }) => catalog.game(a.id),
      cards: (_: unknown, a: { game: string; search?: string | null }) => catalog.cards(a),
      validateDeck: (_: unknown, a: { game: string; deck: unknown }) => catalog.validateDeck(a),
      deck: (_: unknown, a: { id: string }) => decks.get(a.id),
      match: (_: unknown, a: { id: string }, ctx: GraphQLContext) => matches.get(a.id, ctx.caller),
      legalActions: (_: unknown, a: { matchId: string }, ctx: GraphQLContext) => matches.legalActions(a.matchId, ctx.caller),
    },
    Mutation: {
      saveDeck: (_: unknown, a: { game: string; name: string; deck: unknown }) => decks.save(a),
      createMatch: (_: unknown, a: { input: Parameters<typeof matches.create>[0] }) => matches.create(a.input),
      submitAction: (_: unknown, a: { input: unknown }, ctx: GraphQLContext) => matches.submit(a.input, ctx.caller),
    },
    Subscription: {
      matchUpdated: {
        // Checks the match and the token before subscribing, so a bad subscription fails at once.
        subscribe: async (_: unknown, a: { matchId: string }, ctx: GraphQLContext & { pubsub: { subscribe(topic: string): Promise<unknown> } }) => {
          await matches.viewerSeat(a.matchId, ctx.caller)
          return ctx.pubsub.subscribe(matchTopic(a.matchId))
        },
        resolve: (payload: MatchUpdate, _: unknown, ctx: GraphQLContext) => matches.get(payload.matchId, ctx.caller, payload.version),
      },
    },
    Match: {
      log: (m: MatchView, a: { after?: number | null }, ctx: GraphQLContext) => matches.log(m.id, ctx.caller, a.after),
    },
  } as unknown as IResolvers
}
