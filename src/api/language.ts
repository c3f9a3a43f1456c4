/**
 * Each API request's language for words (steps 2–5 of the contract): its `lang` parameter, the bearer's player's
 * preference, Accept-Language, English.
 */
import type { FastifyInstance } from 'fastify'
import { DEFAULT_LANGUAGE, type Language } from '../kernel/index.ts'
import { acceptedLanguage, errorMessage, requestLanguage, ServiceError, type Services } from '../service/index.ts'
import { bearerToken } from './auth.ts'
import { countRejection } from './metrics.ts'

declare module 'fastify' {
  interface FastifyRequest {
    /** The language of this request's words and error messages (set for /api and /graphql; English elsewhere). */
    language: Language
  }
}

/** The paths whose answers carry words: the REST API and GraphQL. */
const SPEAKING = /^\/(api|graphql)(\/|\?|$)/

export function registerLanguage(app: FastifyInstance, services: Services): void {
  app.decorateRequest('language', DEFAULT_LANGUAGE)
  app.addHook('onRequest', async (req, reply) => {
    if (!SPEAKING.test(req.url)) return
    // Errors about the `lang` parameter itself, and any before the preference is known, speak Accept-Language.
    req.language = acceptedLanguage(req.headers['accept-language']) ?? DEFAULT_LANGUAGE
    const token = bearerToken(req.headers.authorization)
    try {
      req.language = await requestLanguage(
        (req.query as Record<string, unknown> | undefined)?.lang,
        async () => (token ? services.players.languageOf(token) : null),
        req.headers['accept-language'],
      )
    } catch (e) {
      if (!(e instanceof ServiceError) || !req.url.startsWith('/graphql')) throw e
      // GraphQL answers in its own shape: { errors: [{ message, extensions: { code } }] }.
      countRejection(e.code)
      return reply.status(400).send({
        data: null,
        errors: [{ message: errorMessage(e.code, e.message, req.language, e.language), extensions: { code: e.code } }],
      })
    }
  })
}
