/** The REST API under /api and its OpenAPI document at /docs: the GraphQL mirror, operator and competition routes. */
import swagger from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'
import type { FastifyInstance } from 'fastify'
import { refuseDeepJson } from '../json-depth.ts'
import type { Services } from '../../service/index.ts'
import type { UpdateBus } from '../updates.ts'
import type { MatchWatchers } from '../match-watch.ts'
import { adminRoutes } from './admin-routes.ts'
import { cardSetRoutes } from './card-set-routes.ts'
import { chatRoutes } from './chat-routes.ts'
import { competitionRoutes } from './competition-routes.ts'
import { deckLabRoutes } from './deck-lab-routes.ts'
import { deckRoutes } from './deck-routes.ts'
import { gameRoutes } from './game-routes.ts'
import { lobbyRoutes } from './lobby-routes.ts'
import { matchRoutes } from './match-routes.ts'
import { playerRoutes } from './player-routes.ts'
import { tournamentRoutes } from './tournament-routes.ts'
import type { StreamLimits } from './stream.ts'

// The GraphQL API's mirror, one plugin per resource: same service calls, same error codes, every route typed for
// OpenAPI.
const MIRROR = [gameRoutes, deckRoutes, cardSetRoutes, matchRoutes, lobbyRoutes, playerRoutes, chatRoutes]

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
      await api.register(async mirror => {
        // zod (inside the services) is the one validator; the route schemas only document the API, and answers are
        // sent as the services made them (a serializer built from the documented schema would drop what it does not
        // list).
        mirror.setValidatorCompiler(() => value => ({ value }))
        mirror.setSerializerCompiler(() => data => JSON.stringify(data))
        for (const routes of MIRROR) await mirror.register(routes, { services, watchers, bus, streams })
      })
      await api.register(adminRoutes, { services })
      await api.register(competitionRoutes, { services })
      await api.register(tournamentRoutes, { services })
      await api.register(deckLabRoutes, { services })
    },
    { prefix: '/api' },
  )
}
