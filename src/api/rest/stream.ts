/** GET /api/matches/:id/stream: the caller's view as NDJSON, then every newer version once, in order, until the match ends. */
import type { FastifyReply, FastifyRequest } from 'fastify'
import { ServiceError, type Caller, type MatchView, type Services } from '../../service/index.ts'
import type { MatchWatchers } from '../match-watch.ts'

// An empty line now and then keeps proxies from closing an idle correspondence stream.
const KEEP_ALIVE_MS = 20_000

export async function streamMatch(req: FastifyRequest<{ Params: { id: string } }>, reply: FastifyReply, services: Services, watchers: MatchWatchers, who: Caller): Promise<void> {
  const first = await services.matches.get(req.params.id, who)
  if (!first) throw new ServiceError('NOT_FOUND', `no match ${req.params.id}`)
  const feed = watchers.watch(first, who, { endWhenOver: true })
  reply.hijack()
  const out = reply.raw
  out.writeHead(200, { 'content-type': 'application/x-ndjson', 'cache-control': 'no-cache' })
  const keepAlive = setInterval(() => out.write('\n'), KEEP_ALIVE_MS)
  // The response closes when the client goes away (the request's own 'close' only means its body was read).
  out.on('close', () => void feed.return())
  try {
    for await (const view of feed as AsyncIterable<MatchView>) out.write(`${JSON.stringify(view)}\n`)
  } finally {
    clearInterval(keepAlive)
    out.end()
  }
}
