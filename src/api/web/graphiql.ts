/**
 * The GraphiQL IDE at /graphiql, served entirely from this server: our page (web/graphiql/) and the packages' browser
 * builds.
 */
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { constants } from 'node:zlib'
import compress from '@fastify/compress'
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
  app.get('/graphiql', { schema: { hide: true } }, async (_req, reply) =>
    reply.type('text/html; charset=utf-8').send(html),
  )
  // decorateReply: false everywhere, so that several static folders can be registered side by side.
  await app.register(fastifyStatic, {
    root: dir,
    prefix: '/graphiql/',
    wildcard: false,
    index: false,
    decorateReply: false,
  })
  const served = new Set(GRAPHIQL_VENDOR_FILES.map(f => `/${path.basename(f)}`))
  // The builds weigh 1.6 MB, so they are compressed for browsers that ask, in a scope of their own: API answers
  // stay uncompressed, since most HTTP clients ask for gzip by default and a bot would pay for it on every decision.
  await app.register(async vendor => {
    // Brotli's default quality (11) takes seconds on a megabyte; 4 is faster than gzip's default and smaller.
    await vendor.register(compress, {
      encodings: ['br', 'gzip'],
      brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
    })
    await vendor.register(fastifyStatic, {
      root: [...new Set(GRAPHIQL_VENDOR_FILES.map(f => path.dirname(f)))],
      prefix: '/graphiql/vendor/',
      decorateReply: false,
      index: false,
      // The package folders hold much more (sources, other builds): only the files listed are served.
      allowedPath: pathName => served.has(pathName),
      maxAge: '1d',
    })
  })
}
