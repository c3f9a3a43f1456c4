/** The GraphiQL IDE at /graphiql, served entirely from this server: our page (web/graphiql/) and the packages' browser builds. */
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance } from 'fastify'
import { WEB_ROOT } from './web-root.ts'

const require = createRequire(import.meta.url)

function inPackage(name: string, file: string): string {
  return path.join(path.dirname(require.resolve(`${name}/package.json`)), file)
}

/** The browser builds the page loads (UMD: each sets one global), served under /graphiql/vendor/<file name>. */
export const GRAPHIQL_VENDOR_FILES = [
  inPackage('react', 'umd/react.production.min.js'),
  inPackage('react-dom', 'umd/react-dom.production.min.js'),
  inPackage('graphiql', 'graphiql.min.js'),
  inPackage('graphiql', 'graphiql.min.css'),
  inPackage('graphql-ws', 'umd/graphql-ws.min.js'),
]

export async function registerGraphiQL(app: FastifyInstance): Promise<void> {
  const dir = path.join(WEB_ROOT, 'graphiql')
  const html = readFileSync(path.join(dir, 'index.html'), 'utf8')
  app.get('/graphiql', { schema: { hide: true } }, async (_req, reply) => reply.type('text/html; charset=utf-8').send(html))
  // decorateReply: false everywhere, so that several static folders can be registered side by side.
  await app.register(fastifyStatic, { root: dir, prefix: '/graphiql/', wildcard: false, index: false, decorateReply: false })
  const served = new Set(GRAPHIQL_VENDOR_FILES.map((f) => `/${path.basename(f)}`))
  await app.register(fastifyStatic, {
    root: [...new Set(GRAPHIQL_VENDOR_FILES.map((f) => path.dirname(f)))],
    prefix: '/graphiql/vendor/',
    decorateReply: false,
    index: false,
    // The package folders hold much more (sources, other builds): only the files listed are served.
    allowedPath: (pathName) => served.has(pathName),
    maxAge: '1d',
  })
}
