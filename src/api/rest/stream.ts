/** NDJSON responses kept open: the match stream and the player stream (one JSON object per line). */
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { Language } from '../../kernel/index.ts'
import { ServiceError, type Caller, type MatchView, type Services } from '../../service/index.ts'
import { TurnMemo } from '../../service/turn-memo.ts'
import { bearerToken } from '../auth.ts'
import type { QueueBounds } from '../bounded-queue.ts'
import type { ClientLimits } from '../client-limits.ts'
import type { MatchWatchers } from '../match-watch.ts'
import { PlayerFeed } from '../player-feed.ts'
import { fullMatch } from './match-json.ts'
import { onChatMessage, type UpdateBus } from '../updates.ts'

// An empty line now and then keeps proxies from closing an idle correspondence stream.
const KEEP_ALIVE_MS = 20_000

/** Chat lines a match stream holds for a client that has not taken them, at most (docs/play-by-mail.md, Chat). */
export const CHAT_LINES_HELD = 100

/** What a stream needs of the server: its per-client caps and queue bounds. */
export interface StreamLimits {
  clients: ClientLimits
  bounds: QueueBounds
}

export interface NdjsonStream {
  /** Resolves once the line is handed to the connection (or at once when the stream is closed). */
  write(value: unknown): Promise<void>
  /** As `write`, with the value already serialised. */
  writeJson(json: string): Promise<void>
  close(): void
  /** Ends the connection at once, without waiting for what the client has not read (a client that stalled). */
  abort(): void
  /** Runs when the stream ends, by `close()` or because the client went away. */
  onClose(fn: () => void): void
}

/**
 * Takes the caller's stream slots (STREAMS_PER_ADDRESS, STREAMS_PER_PLAYER; RATE_LIMITED past them, before anything
 * is sent) and returns the function that opens the stream holding them.
 */
export function reserveNdjson(reply: FastifyReply, limits: StreamLimits): () => NdjsonStream {
  const release = limits.clients.openStream(reply.request.ip, bearerToken(reply.request.headers.authorization))
  return () => {
    const stream = openNdjson(reply)
    stream.onClose(release)
    return stream
  }
}

function openNdjson(reply: FastifyReply): NdjsonStream {
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
  const keepAlive = setInterval(() => out.writableLength === 0 && out.write('\n'), KEEP_ALIVE_MS)
  // The response closes when the client goes away (the request's own 'close' only means its body was read).
  out.on('close', close)
  // Each line waits for the one before to leave the process: what a slow client has not taken stays in its
  // BoundedQueue, where it is bounded, not in the connection's buffer, where it would not be.
  const writeJson = (json: string) =>
    closed ? Promise.resolve() : new Promise<void>(resolve => out.write(`${json}\n`, () => resolve()))
  return {
    write: v => writeJson(JSON.stringify(v)),
    writeJson,
    close,
    abort: () => {
      close()
      out.destroy()
    },
    onClose: fn => void closers.push(fn),
  }
}

/**
 * GET /api/matches/:id/stream: the caller's view, then every newer version once, in order, until the match ends; each
 * line with the caller's choices at its version, so that a streaming bot needs no other read. A waiting match's stream
 * stays open and has one more line when it starts; chat lines come between (chatLines). `seat`: which of the caller's
 * seats to view, for a player key that holds several.
 */
export async function streamMatch(
  req: FastifyRequest<{ Params: { id: string } }>,
  reply: FastifyReply,
  services: Services,
  watchers: MatchWatchers,
  who: Caller,
  seat: number | null,
  limits: StreamLimits,
  bus: UpdateBus,
): Promise<void> {
  const first = await services.matches.get(req.params.id, who, 0, seat)
  if (!first) throw new ServiceError('NOT_FOUND', `no match ${req.params.id}`)
  const open = reserveNdjson(reply, limits)
  let stream: NdjsonStream | null = null
  // Ends once the caller's player key is rotated (see KeyWatch).
  const feed = services.players.keys.guard(
    watchers.watch(first, who, { endWhenOver: true, onStall: () => stream?.abort() }),
    who,
  )
  stream = open()
  stream.onClose(() => void feed.return?.())
  const stopChat = await chatLines(services, bus, first, who, stream)
  stream.onClose(stopChat)
  try {
    for await (const view of feed as AsyncIterable<MatchView>)
      await stream.writeJson(await matchLine(services, view, who))
  } finally {
    stream.close()
  }
}

/**
 * The lines of the current turn for callers without a token, by view and language: such a caller is a spectator whose
 * line depends on nothing else, so a version streamed to many of them is read and serialised once (its reads are
 * then those any of them would have made in that turn).
 */
const spectatorLines = new TurnMemo<MatchView, Language | undefined, Promise<string>>()

/** A match stream's line for `view`, as JSON. */
function matchLine(services: Services, view: MatchView, who: Caller): Promise<string> {
  const line = async () => JSON.stringify(await fullMatch(services, view, who).catch(() => view))
  return who.token ? line() : spectatorLines.get(view, who.language, line)
}

/**
 * The chat lines of a match stream: `{"type":"chat","chat":…}` for each message posted in a room the caller reads
 * (PLAYERS: its seat; SPECTATORS: when the match has spectatorChat), but those of players it muted. Returns the stop.
 */
async function chatLines(
  services: Services,
  bus: UpdateBus,
  first: MatchView,
  who: Caller,
  stream: NdjsonStream,
): Promise<() => void> {
  const players =
    first.seat === null
      ? false
      : await services.chat.reader(first.id, who, 'PLAYERS', first.seat).catch(() => false as const)
  const spectators = await services.chat.reader(first.id, who, 'SPECTATORS').catch(() => false as const)
  if (!players && !spectators) return () => {}
  // One check at a time, so that lines leave in the order the messages came; a client that lets more than
  // CHAT_LINES_HELD of them wait is closed as stalled (it reads them again from Match.chat).
  let chain = Promise.resolve()
  let held = 0
  return onChatMessage(bus, first.id, m => {
    const reader = m.room === 'PLAYERS' ? players : spectators
    if (!reader) return
    if (held >= CHAT_LINES_HELD) return stream.abort()
    held++
    chain = chain
      .then(async () => {
        if (!(await services.chat.hides(reader.playerId, m).catch(() => false)))
          await stream.write({ type: 'chat', chat: m })
      })
      .finally(() => held--)
  })
}

/**
 * GET /api/players/me/stream: the caller's player events (see PlayerFeed: the pending state or the events after
 * `after`, then synced, then new ones), each with the match as the player sees it. A line the client has not taken
 * within STREAM_STALL_SECONDS ends the stream (it reconnects with Last-Event-ID and misses nothing).
 */
export async function streamPlayerEvents(
  reply: FastifyReply,
  services: Services,
  bus: UpdateBus,
  who: Caller,
  after: number | null,
  limits: StreamLimits,
): Promise<void> {
  const me = await services.players.require(who)
  const open = reserveNdjson(reply, limits)
  const feed = new PlayerFeed(services.playerEvents, bus, me.id, who, after)
  const stream = open()
  stream.onClose(() => void feed.return())
  try {
    // Ends once the caller's player key is rotated or blocked (see KeyWatch), and the stream with it.
    for await (const e of services.players.keys.guard(feed, who)) {
      const m = e.matchId ? await services.matches.getForEvent(e.matchId, who).catch(() => null) : null
      const line = { ...e, match: m && (await fullMatch(services, m, who).catch(() => m)) }
      let stalled: NodeJS.Timeout | undefined
      await Promise.race([
        stream.write(line),
        new Promise<void>(resolve => (stalled = setTimeout(() => (stream.abort(), resolve()), limits.bounds.stallMs))),
      ])
      clearTimeout(stalled)
    }
  } catch (err) {
    // The kept events could not be read (the database away): the client reconnects with the last seq it got.
    reply.log.error({ err }, 'player stream ended: its events could not be read')
  } finally {
    stream.close()
  }
}
