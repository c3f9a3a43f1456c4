/** NDJSON responses kept open: the match stream and the player stream (one JSON object per line). */
import type { FastifyReply, FastifyRequest } from 'fastify'
import { ServiceError, type Caller, type Services } from '../../service/index.ts'
import type { MatchWatchers } from '../match-watch.ts'

// An empty line now and then keeps proxies from closing an idle correspondence stream.
const KEEP_ALIVE_MS = 20_000

export interface NdjsonStream {
  write(value: unknown): void
  close(): void
  /** Runs when the stream ends, by `close()` or because the client went away. */
  onClose(fn: () => void): void
}

export function openNdjson(reply: FastifyReply): NdjsonStream {
  reply.hijack()
  const out = reply.raw
  out.writeHead(200, { 'content-type': 'application/x-ndjson', 'cache-control': 'no-cache' })
  // Sent now, not with the first line: a client waits for the headers before it knows the stream is open.
  out.flushHeaders()
  const closers: (() => void)[] = []
  let closed = false
  const close = () => {
    if (closed) return
    closed = true
    clearInterval(keepAlive)
    for (const c of closers) c()
    out.end()
  }
  const keepAlive = setInterval(() => out.write('\n'), KEEP_ALIVE_MS)
  // The response closes when the client goes away (the request's own 'close' only means its body was read).
  out.on('close', close)
  return { write: (v) => void (closed || out.write(`${JSON.stringify(v)}\n`)), close, onClose: (fn) => void closers.push(fn) }
}

/**
 * GET /api/matches/:id/stream: the caller's view, then every newer version once, in order, until the match
 * ends; each line with the caller's choices at its version, so that a streaming bot needs no other read. A
 * waiting match's stream stays open and has one more line when it starts. `seat`: which of the caller's
 * seats to view, for a player key that holds several.
 */
export async function streamMatch(
  req: FastifyRequest<{ Params: { id: string } }>,
  reply: FastifyReply,
  services: Services,
  watchers: MatchWatchers,
  who: Caller,
  seat: number | null,
): Promise<void> {
  const first = await services.matches.get(req.params.id, who, 0, seat)
  if (!first) throw new ServiceError('NOT_FOUND', `no match ${req.params.id}`)
  // Ends once the caller's player key is rotated (see KeyWatch).
  const feed = services.players.keys.guard(watchers.watch(first, who, { endWhenOver: true }), who)
  const stream = openNdjson(reply)
  stream.onClose(() => void feed.return?.())
  try {
    for await (const view of feed) stream.write(await services.matches.withChoices(view, who).catch(() => view))
  } finally {
    stream.close()
  }
}
