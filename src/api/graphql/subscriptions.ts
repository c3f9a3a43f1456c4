/**
 * The subscriptions: matchUpdated (the caller's view now, then every newer version once, in order; see match-watch.ts)
 * playerEvents and chatPosted, each bounded per client (bounded-queue.ts) and capped per connection and per player.
 */
import type { Socket } from 'node:net'
import type { WebSocket } from 'ws'
import {
  ServiceError,
  type ChatMessageView,
  type ChatRoom,
  type FeedEvent,
  type MatchView,
  type Services,
} from '../../service/index.ts'
import { parseAfter } from '../../service/player-events.ts'
import { ApiError } from '../api-error.ts'
import { BoundedQueue, type QueueBounds } from '../bounded-queue.ts'
import type { ClientLimits } from '../client-limits.ts'
import type { MatchWatchers } from '../match-watch.ts'
import { PlayerFeed } from '../player-feed.ts'
import { onChatMessage, type UpdateBus } from '../updates.ts'
import type { GraphQLContext } from './resolvers.ts'

/** What each WebSocket connection's context carries, to cap its live subscriptions and its subscribe operations. */
export interface ConnectionCounter {
  live: number
  /** Subscribe operations in the current minute, from `since`. */
  ops: number
  since: number
}

/**
 * A subscription's context on a WebSocket: its socket (to close a client that stalls), the socket's TCP connection and
 * its counter.
 */
export type SubscriptionContext = GraphQLContext & {
  socket?: WebSocket
  connection?: Socket
  subscriptions?: ConnectionCounter
}

/** WebSocket close code for a client that stayed behind its subscriptions longer than STREAM_STALL_SECONDS. */
export const CLOSE_STALLED = 4408

export interface SubscriptionLimits {
  perConnection: number
  clients: ClientLimits
  bounds: QueueBounds
}

/** Takes a live-subscription slot of the connection and of the caller's key; returns its release. */
function takeSlot(ctx: SubscriptionContext, limits: SubscriptionLimits): () => void {
  const conn = ctx.subscriptions ?? { live: 0, ops: 0, since: 0 }
  if (conn.live >= limits.perConnection) {
    throw new ApiError(
      'RATE_LIMITED',
      `this connection has ${conn.live} live subscriptions, the most allowed (SUBSCRIPTIONS_PER_CONNECTION)`,
    )
  }
  const releasePlayer = limits.clients.openForPlayer(ctx.caller.token)
  conn.live++
  let released = false
  return () => {
    if (released) return
    released = true
    conn.live--
    releasePlayer()
  }
}

/** Connections whose writes wait for the end of the current turn (holdWrites). */
const holding = new WeakSet<Socket>()

/**
 * Holds the connection's writes until this turn's microtasks have run: the messages of every subscription that a
 * version reached in the same turn (a client watching one match many times) then leave in one write, not one each.
 */
function holdWrites(connection: Socket | undefined): void {
  if (!connection || holding.has(connection)) return
  holding.add(connection)
  connection.cork()
  process.nextTick(() => {
    holding.delete(connection)
    connection.uncork()
  })
}

const closeStalled = (ctx: SubscriptionContext) => () =>
  ctx.socket?.close(CLOSE_STALLED, 'client too slow: behind its subscriptions for longer than STREAM_STALL_SECONDS')

export function subscriptionFields(
  services: Services,
  watchers: MatchWatchers,
  bus: UpdateBus,
  limits: SubscriptionLimits,
) {
  return {
    matchUpdated: {
      subscribe: async (_: unknown, a: { matchId: string; seat?: number | null }, ctx: SubscriptionContext) => {
        // Loading the view first checks the match and the token, so a bad subscription fails at once.
        const first = await services.matches.get(a.matchId, ctx.caller, 0, a.seat)
        if (!first) throw new ServiceError('NOT_FOUND', `no match ${a.matchId}`)
        const release = takeSlot(ctx, limits)
        try {
          // Completes once the caller's player key is rotated (see KeyWatch).
          return services.players.keys.guard(
            watchers.watch(first, ctx.caller, { onEnd: release, onStall: closeStalled(ctx) }),
            ctx.caller,
          )
        } catch (e) {
          release()
          throw e
        }
      },
      // Resolved as its message is made: the messages made in one turn for one connection leave in one write.
      resolve: (view: MatchView, _: unknown, ctx: SubscriptionContext) => (holdWrites(ctx.connection), view),
    },
    chatPosted: {
      subscribe: async (_: unknown, a: { matchId: string; room?: ChatRoom | null }, ctx: SubscriptionContext) => {
        const room = a.room ?? 'PLAYERS'
        const reader = await services.chat.reader(a.matchId, ctx.caller, room)
        if (!reader)
          throw new ServiceError(
            'UNAUTHENTICATED',
            room === 'PLAYERS'
              ? 'the PLAYERS room is read by the seats of the match only'
              : 'this match has no spectator chat',
          )
        const release = takeSlot(ctx, limits)
        const queue = new BoundedQueue<ChatMessageView>(limits.bounds, closeStalled(ctx), () => {
          stop()
          release()
        })
        // One check at a time, so messages leave in the order they came.
        let chain = Promise.resolve()
        const stop = onChatMessage(bus, a.matchId, m => {
          if (m.room !== room) return
          chain = chain.then(async () => {
            if (!(await services.chat.hides(reader.playerId, m).catch(() => false))) queue.push(m)
          })
        })
        return services.players.keys.guard(queue, ctx.caller)
      },
      resolve: (message: ChatMessageView) => message,
    },
    playerEvents: {
      subscribe: async (_: unknown, a: { after?: number | null }, ctx: SubscriptionContext) => {
        const after = parseAfter(a.after)
        const me = await services.players.require(ctx.caller)
        const release = takeSlot(ctx, limits)
        // Read page by page as the client takes them; one whose socket holds more than STREAM_BUFFER_KB unsent
        // (it stopped reading) is closed as stalled, and resumes with `after`.
        const feed = new PlayerFeed(services.playerEvents, bus, me.id, ctx.caller, after)
        const paced: AsyncIterableIterator<FeedEvent> = {
          next: async () => {
            if ((ctx.socket?.bufferedAmount ?? 0) > limits.bounds.bufferBytes) {
              closeStalled(ctx)()
              return paced.return!()
            }
            return feed.next()
          },
          return: async () => {
            release()
            return feed.return()
          },
          [Symbol.asyncIterator]: () => paced,
        }
        // Completes once the caller's player key is rotated or blocked (see KeyWatch).
        return services.players.keys.guard(paced, ctx.caller)
      },
      resolve: async (payload: FeedEvent, _: unknown, ctx: GraphQLContext) => ({
        ...payload,
        match: payload.matchId ? await services.matches.getForEvent(payload.matchId, ctx.caller) : null,
      }),
    },
  }
}

/**
 * SUBSCRIPTION_OPS_PER_MINUTE: counts a subscribe operation on its connection (a fixed window of one minute);
 * past the cap the operation is refused RATE_LIMITED before anything loads.
 */
export function countSubscribeOperation(ctx: SubscriptionContext, perMinute: number, now = Date.now()): void {
  const conn = ctx.subscriptions
  if (!conn || perMinute === 0) return
  if (now - conn.since >= 60_000) {
    conn.since = now
    conn.ops = 0
  }
  conn.ops++
  if (conn.ops > perMinute) {
    throw new ApiError(
      'RATE_LIMITED',
      `this connection made ${perMinute} subscribe operations this minute, the most allowed (SUBSCRIPTION_OPS_PER_MINUTE); retry after ${Math.ceil((conn.since + 60_000 - now) / 1000)} s`,
    )
  }
}
