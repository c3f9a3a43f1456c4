/** The landing page at / (web/landing/): the games, links to GraphiQL and the API docs, a quick start and "Try it". */
import { readFileSync } from 'node:fs'
import path from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance } from 'fastify'
import { WEB_ROOT } from './web-root.ts'

export async function registerLanding(app: FastifyInstance): Promise<void> {
  const dir = path.join(WEB_ROOT, 'landing')
  const html = readFileSync(path.join(dir, 'index.html'), 'utf8')
  // Only / itself: every other unknown path keeps the JSON 404.
  app.get('/', { schema: { hide: true } }, async (_req, reply) => reply.type('text/html; charset=utf-8').send(html))
  await app.register(fastifyStatic, {
    root: dir,
    prefix: '/landing/',
    wildcard: false,
    index: false,
    decorateReply: false,
  })
}
