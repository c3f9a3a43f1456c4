/**
 * CORS and security headers: @fastify/cors (CORS_ORIGINS) and helmet, with a CSP of 'self' that every page of the
 * server passes.
 */
import cors from '@fastify/cors'
import helmet from 'helmet'
import type { FastifyInstance } from 'fastify'

/**
 * Every page this server has (GraphiQL at /graphiql, Swagger UI at /docs, the landing page) loads its
 * scripts, stylesheets and fonts from this server, so 'self' covers them; none has an inline script.
 * GraphiQL and Swagger UI set inline styles and use data: images and fonts. connect-src 'self' also
 * covers WebSockets to this server (ws: or wss: on the same host and port: CSP Level 3).
 */
export const CSP_DIRECTIVES: Record<string, string[]> = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'worker-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
}

/** `CORS_ORIGINS`: a comma-separated list of allowed origins; unset or `*`, any origin. */
export function corsOrigins(raw: string | undefined): string[] | '*' {
  const list = (raw ?? '')
    .split(',')
    .map(s => s.trim())
    .filter(Boolean)
  return list.length === 0 || list.includes('*') ? '*' : list
}

export async function registerSecurity(app: FastifyInstance, origins: string[] | '*'): Promise<void> {
  // No credentials: callers authenticate with bearer tokens, never cookies, so any origin may be allowed.
  await app.register(cors, {
    origin: origins === '*' ? '*' : origins,
    credentials: false,
    methods: ['GET', 'POST', 'OPTIONS'],
    allowedHeaders: ['content-type', 'authorization'],
    exposedHeaders: ['retry-after', 'x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset'],
    maxAge: 600,
  })
  // helmet's middleware is built once here: @fastify/helmet rebuilds it (and re-parses the CSP) on every request.
  const securityHeaders = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: CSP_DIRECTIVES },
    // Cross-origin API clients read responses through CORS; CORP would only stop embedding.
    crossOriginResourcePolicy: { policy: 'cross-origin' },
  })
  app.addHook('onRequest', (request, reply, done) =>
    securityHeaders(request.raw, reply.raw, err => done(err as Error | undefined)),
  )
}
