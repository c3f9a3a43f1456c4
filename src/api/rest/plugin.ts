import swagger from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'
import type { FastifyInstance } from 'fastify'
import { refuseDeepJson } from '../json-depth.ts'
import type { Services } from '../../service/index.ts'
import type { UpdateBus } from '../updates.ts'
import type { MatchWatchers } from '../match-watch.ts'
import { adminRoutes } from './admin-routes.ts'
import { competitionRoutes } from './competition-routes.ts'
import { deckLabRoutes } from './deck-lab-routes.ts'
import { restRoutes } from './routes.ts'
import { tournamentRoutes } from './tournament-routes.ts'
import type { StreamLimits } from './stream.ts'

export async function registerRest(
  app: FastifyInstance,
  services: Services,
  watchers: MatchWatchers,
  bus: UpdateBus,
  streams: StreamLimits,
): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Arbiter REST API',
        description:
          'Mirror of the GraphQL API at /graphql. Every error answer is `{ code, message, ...details }`; see the README for the codes.',
        version: '0.1.0',
      },
      components: {
        securitySchemes: {
          seatToken: {
            type: 'http',
            scheme: 'bearer',
            description: 'a seat token from createMatch or joinMatch (a player key works too)',
          },
          playerKey: { type: 'http', scheme: 'bearer', description: 'a player key from POST /api/players' },
          deckEditToken: {
            type: 'http',
            scheme: 'bearer',
            description: 'the edit token POST /api/decks returned for a deck saved without a player key',
          },
          operatorKey: {
            type: 'http',
            scheme: 'bearer',
            description: 'the operator key (ARBITER_ADMIN_KEY, given at start; without it there is no operator)',
          },
        },
      },
    },
  })
  await app.register(swaggerUi, { routePrefix: '/docs' })
  await app.register(
    async api => {
      // Every JSON body (an action, a deck, options) nested deeper than the server takes is refused before any route
      // reads it.
      api.addHook('preValidation', async req => refuseDeepJson(req.body, 'the request body'))
      await api.register(restRoutes, { services, watchers, bus, streams })
      await api.register(adminRoutes, { services })
      await api.register(competitionRoutes, { services })
      await api.register(tournamentRoutes, { services })
      await api.register(deckLabRoutes, { services })
    },
    { prefix: '/api' },
  )
}
