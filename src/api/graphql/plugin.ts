import { readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { FastifyInstance } from 'fastify'
import mercurius from 'mercurius'
import type { Services } from '../../service/index.ts'
import { bearerToken } from '../auth.ts'
import type { Limits } from '../limits.ts'
import type { UpdateBus } from '../updates.ts'
import { flattenErrors, formatError, statusFor } from './errors.ts'
import { limitRules } from './limits.ts'
import { buildResolvers, type GraphQLContext } from './resolvers.ts'

export const SCHEMA_PATH = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../schema.graphql')

export interface GraphQLOptions {
  services: Services
  bus: UpdateBus
  graphiql: boolean
  limits: Limits
}

export async function registerGraphQL(app: FastifyInstance, opts: GraphQLOptions): Promise<void> {
  await app.register(mercurius, {
    schema: readFileSync(SCHEMA_PATH, 'utf8'),
    resolvers: buildResolvers(opts.services),
    graphiql: opts.graphiql,
    validationRules: limitRules(opts.limits),
    graphql: { parseOptions: { maxTokens: opts.limits.graphqlTokens } },
    // Compiles a query (graphql-jit) once it has been seen twice: bots repeat the same few queries.
    jit: 1,
    context: (req): GraphQLContext => ({ caller: { token: bearerToken(req.headers.authorization) } }),
    subscription: {
      emitter: opts.bus,
      onConnect: ({ payload }: { payload?: Record<string, unknown> }) => ({
        caller: { token: bearerToken(payload?.authorization ?? payload?.Authorization) },
      }),
    },
    errorFormatter: (execution, ctx) => {
      const log = (err: unknown) => (ctx.reply ? ctx.reply.log : ctx.app.log).error({ err }, 'unexpected error in a resolver')
      const errors = flattenErrors(execution.errors).map((e) => formatError(e, log))
      return { statusCode: statusFor(execution, errors), response: { data: execution.data ?? null, errors } }
    },
  })
}
