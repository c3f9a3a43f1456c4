/** CORS and security headers: @fastify/cors (CORS_ORIGINS) and @fastify/helmet, with a CSP that GraphiQL and /docs pass. */
import cors from '@fastify/cors'
import helmet from '@fastify/helmet'
import type { FastifyInstance } from 'fastify'

/**
 * GraphiQL (mercurius' page at /graphiql) loads React and GraphiQL from unpkg.com, at pinned versions,
 * and uses inline styles; Swagger UI (/docs) is served from this server and also styles inline. The
 * policy allows exactly those files, the API itself over HTTP and WebSocket, and nothing else.
 */
export const GRAPHIQL_CDN = {
  scripts: [
    'https://unpkg.com/react@18.3.1/umd/react.production.min.js',
    'https://unpkg.com/react-dom@18.3.1/umd/react-dom.production.min.js',
    'https://unpkg.com/graphiql@3.8.3/graphiql.min.js',
  ],
  styles: ['https://unpkg.com/graphiql@3.8.3/graphiql.min.css'],
}

export const CSP_DIRECTIVES: Record<string, string[]> = {
  'default-src': ["'self'"],
  'script-src': ["'self'", ...GRAPHIQL_CDN.scripts],
  'style-src': ["'self'", "'unsafe-inline'", ...GRAPHIQL_CDN.styles],
  'img-src': ["'self'", 'data:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'", 'ws:', 'wss:'],
  'worker-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
}

/** `CORS_ORIGINS`: a comma-separated list of allowed origins; unset or `*`, any origin. */
export function corsOrigins(raw: string | undefined): string[] | '*' {
  const list = (raw ?? '').split(',').map((s) => s.trim()).filter(Boolean)
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
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: { useDefaults: false, directives: CSP_DIRECTIVES },
    // Cross-origin API clients read responses through CORS; CORP would only stop embedding.
    crossOriginResourcePolicy: { policy: 'cross-origin' },
  })
}
