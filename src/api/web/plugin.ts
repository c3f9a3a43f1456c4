/**
 * The browser match page: /play/{matchId}, its files from web/play/ and the Preact and htm modules from the package's
 * dependencies.
 */
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance } from 'fastify'
import { WEB_ROOT } from './web-root.ts'

const PLAY_ROOT = join(WEB_ROOT, 'play/')
const require = createRequire(import.meta.url)

/** Where the page imports its vendor modules from (web/play/lib.js names these paths). */
export const VENDOR_PREFIX = '/play/vendor/'

/**
 * The CSP allows no inline script, so the page cannot carry an import map: the vendor modules are
 * served under fixed paths, and the hooks module's one bare `from"preact"` is pointed at the served
 * Preact (the very instance the page renders with, which hooks must share).
 */
function vendorModules(): Record<string, string> {
  // The packages' `exports` do not list their ESM builds: each is read beside the entry Node resolves.
  const read = (entry: string, file: string) => readFileSync(join(dirname(require.resolve(entry)), file), 'utf8')
  const hooks = read('preact/hooks', 'hooks.module.js')
  const bare = 'from"preact"'
  if (!hooks.includes(bare)) throw new Error(`preact/hooks no longer imports ${bare}: update src/api/web/plugin.ts`)
  return {
    'preact.js': read('preact', 'preact.module.js'),
    'hooks.js': hooks.replaceAll(bare, `from"${VENDOR_PREFIX}preact.js"`),
    'htm.js': read('htm', 'htm.module.js'),
  }
}

export async function registerWeb(app: FastifyInstance): Promise<void> {
  const vendor = vendorModules()
  const page = readFileSync(`${PLAY_ROOT}index.html`, 'utf8')

  // The seat token or invitation code rides in the fragment, which browsers never send: the logged url is only the
  // match id.
  app.get<{ Params: { id: string } }>('/play/:id', { schema: { hide: true } }, async (_req, reply) =>
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(page),
  )
  app.get<{ Params: { file: string } }>(`${VENDOR_PREFIX}:file`, { schema: { hide: true } }, async (req, reply) => {
    const body = vendor[req.params.file]
    if (body === undefined) return reply.callNotFound()
    return reply.type('text/javascript; charset=utf-8').header('cache-control', 'public, max-age=3600').send(body)
  })
  await app.register(fastifyStatic, {
    root: PLAY_ROOT,
    prefix: '/play/assets/',
    decorateReply: false,
    index: false,
    schemaHide: true,
  })
}
