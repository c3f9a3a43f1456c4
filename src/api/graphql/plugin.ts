import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { GraphQLError } from 'graphql'
import mercurius, { type IResolvers } from 'mercurius'
import type { Services } from '../../service/index.ts'
import { bearerToken, operatorHeader } from '../auth.ts'
import type { IncomingMessage } from 'node:http'
import type { ClientLimits } from '../client-limits.ts'
import { queueBounds, type Limits } from '../limits.ts'
import type { MatchWatchers } from '../match-watch.ts'
import { countRejection, labelOperation } from '../metrics.ts'
import type { UpdateBus } from '../updates.ts'
import { flattenErrors, formatError, inLanguage, retryAfterOf, statusFor } from './errors.ts'
import { limitRules, noIntrospectionRule } from './limits.ts'
import { buildResolvers, type GraphQLContext } from './resolvers.ts'
import {
  countSubscribeOperation,
  subscriptionFields,
  type ConnectionCounter,
  type SubscriptionContext,
} from './subscriptions.ts'

/**
 * The copy of graphql-js mercurius loads (CommonJS): its schema fails another copy's realm check, and a test runner may
 * load one.
 */
const mercuriusGraphql = createRequire(import.meta.url)('graphql') as typeof import('graphql')

export const SCHEMA_PATH = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../schema.graphql')

export interface GraphQLOptions {
  services: Services
  bus: UpdateBus
  introspection: boolean
  limits: Limits
  watchers: MatchWatchers
  clients: ClientLimits
}

export async function registerGraphQL(app: FastifyInstance, opts: GraphQLOptions): Promise<void> {
  await app.register(mercurius, {
    schema: readFileSync(SCHEMA_PATH, 'utf8'),
    resolvers: withSubscriptions(
      buildResolvers(opts.services),
      subscriptionFields(opts.services, opts.watchers, opts.bus, {
        perConnection: opts.limits.subscriptionsPerConnection,
        clients: opts.clients,
        bounds: queueBounds(opts.limits),
      }),
    ),
    // The IDE is ours (src/api/web/graphiql.ts): mercurius' page loads React and GraphiQL from a CDN.
    graphiql: false,
    validationRules: opts.introspection ? limitRules(opts.limits) : [...limitRules(opts.limits), noIntrospectionRule],
    graphql: { parseOptions: { maxTokens: opts.limits.graphqlTokens } },
    // Compiles a query (graphql-jit) once it has been seen twice: bots repeat the same few queries.
    jit: 1,
    context: (req): GraphQLContext => ({
      caller: {
        token: bearerToken(req.headers.authorization),
        address: req.ip,
        operator: operatorHeader(req.headers['x-arbiter-operator']),
        language: req.language,
      },
    }),
    subscription: {
      emitter: opts.bus,
      // STREAMS_PER_ADDRESS counts WebSockets too: one past it is refused RATE_LIMITED (429) at the upgrade.
      verifyClient: (
        info: { req: IncomingMessage },
        accept: (ok: boolean, status?: number, message?: string) => void,
      ) => {
        try {
          info.req.socket.once('close', opts.clients.openFromAddress(info.req.socket.remoteAddress ?? ''))
          accept(true)
        } catch (e) {
          accept(false, 429, (e as Error).message)
        }
      },
      // The socket, to close a client that stalls, and its TCP connection, to send a turn's messages in one write
      // (subscriptions.ts).
      context: (socket: unknown, request: FastifyRequest) => ({ socket, connection: request.raw.socket }),
      onConnect: ({ payload }: { payload?: Record<string, unknown> }) => ({
        caller: { token: bearerToken(payload?.authorization ?? payload?.Authorization) },
        subscriptions: { live: 0, ops: 0, since: 0 } satisfies ConnectionCounter,
      }),
    },
    errorFormatter: (execution, ctx) => {
      const log = (err: unknown) =>
        (ctx.reply ? ctx.reply.log : ctx.app.log).error({ err }, 'unexpected error in a resolver')
      const language = ctx.reply?.request.language
      const errors = flattenErrors(execution.errors).map(e => inLanguage(formatError(e, log), e, language))
      for (const e of errors) countRejection(e.extensions.code)
      const statusCode = statusFor(execution, errors)
      const retryAfter = retryAfterOf(errors)
      // Over HTTP a refused quota is a 429 with Retry-After, as over REST (the contract); extensions.retryAfter says it
      // too.
      if (statusCode === 429 && retryAfter !== null) ctx.reply?.header('retry-after', String(retryAfter))
      return { statusCode, response: { data: execution.data ?? null, errors } }
    },
  })
  onlyParsedDocuments(app)
  noSubscriptionsOverHttp(app)
  const rules = [
    ...mercuriusGraphql.specifiedRules,
    ...(opts.introspection ? limitRules(opts.limits) : [...limitRules(opts.limits), noIntrospectionRule]),
  ]
  app.graphql.addHook('preSubscriptionExecution', async (schema, document, context) => {
    countSubscribeOperation(context as unknown as SubscriptionContext, opts.limits.subscriptionOpsPerMinute)
    // Over the WebSocket mercurius validates nothing: without this, one subscription could ask for a view a hundred
    // times per event.
    const [invalid] = mercuriusGraphql.validate(schema, document, rules)
    if (invalid)
      throw new mercuriusGraphql.GraphQLError(invalid.message, {
        extensions: {
          code: typeof invalid.extensions?.code === 'string' ? invalid.extensions.code : 'GRAPHQL_VALIDATION_FAILED',
        },
      })
  })
  app.graphql.addHook('preExecution', async (_schema, document, context) => {
    const op = document.definitions.find(d => d.kind === 'OperationDefinition')
    const first = op?.selectionSet.selections.find(s => s.kind === 'Field')
    if (op && context.reply) labelOperation(context.reply.request, `${op.operation}:${first?.name.value ?? ''}`)
  })
}

/**
 * Mercurius takes a `query` that is not GraphQL text as a JSON-encoded AST (`{"query": 5}`, `"5"`), which
 * graphql-js then fails on with a TypeError. Only documents its parser made pass: they carry a Location
 * instance, which no JSON can make. (By name: a test runner may load a second copy of graphql-js.)
 */
function onlyParsedDocuments(app: FastifyInstance): void {
  app.graphql.addHook('preValidation', async (_schema, document) => {
    const loc = (document as { loc?: unknown } | null)?.loc
    if (!(loc && typeof loc === 'object' && loc.constructor?.name === 'Location')) {
      throw new GraphQLError('query must be a GraphQL document (text)', {
        extensions: { code: 'GRAPHQL_PARSE_FAILED' },
      })
    }
  })
}

/**
 * A subscription sent as an HTTP request (POST or GET /graphql) has no connection to push on: refused with a code
 * and 400 (mercurius would run it and fail with a 500). Over the WebSocket this hook does not run.
 */
function noSubscriptionsOverHttp(app: FastifyInstance): void {
  app.graphql.addHook('preValidation', async (_schema, document, context) => {
    if (!context.reply) return
    if (document.definitions.some(d => d.kind === 'OperationDefinition' && d.operation === 'subscription')) {
      throw new GraphQLError(
        'subscriptions are served over a WebSocket at /graphql (graphql-transport-ws), not over HTTP',
        { extensions: { code: 'GRAPHQL_VALIDATION_FAILED' } },
      )
    }
  })
}

/** The subscriptions are served by subscriptions.ts (ordered, bounded, capped). */
function withSubscriptions(resolvers: IResolvers, fields: ReturnType<typeof subscriptionFields>): IResolvers {
  return { ...resolvers, Subscription: fields } as IResolvers
}
