import mqemitter from 'mqemitter'
import { isRedisBus } from './redis-bus.ts'
import type { ChatMessageView, PlayerEventPayload, Publisher } from '../service/index.ts'

/**
 * The bus that tells every listener (GraphQL subscriptions, REST streams) that a match changed. It
 * carries only `{ matchId, version }`: each listener loads the view its own caller may see.
 */
export type UpdateBus = mqemitter.MQEmitter

export interface MatchUpdate {
  matchId: string
  version: number
}

export function matchTopic(matchId: string): string {
  return `match:${matchId}`
}

export function playerTopic(playerId: string): string {
  return `player:${playerId}`
}

/** The service's publisher over a bus: match versions and player events, to every process on the bus. */
export function busPublisher(bus: UpdateBus): Publisher {
  return {
    match: (matchId, version) => publishUpdate(bus, { matchId, version }),
    player: (playerId, event) => bus.emit({ topic: playerTopic(playerId), payload: event }),
    chat: message => bus.emit({ topic: chatTopic(message.matchId), payload: message }),
    blocked: (playerId, keyHash) => bus.emit({ topic: BLOCKS_TOPIC, payload: { playerId, keyHash } }),
  }
}

/** Where blocks by the operator go, so that every process forgets the player's key at once. */
const BLOCKS_TOPIC = 'players:blocked'

/**
 * Calls `onBlocked` for each player the operator blocks or unblocks, on any process, until the returned function is
 * called.
 */
export function onPlayerBlocked(bus: UpdateBus, onBlocked: (playerId: string, keyHash: string) => void): () => void {
  const listener = (msg: mqemitter.Message, done: () => void) => {
    done()
    const p = msg.payload as { playerId: string; keyHash: string }
    onBlocked(p.playerId, p.keyHash)
  }
  bus.on(BLOCKS_TOPIC, listener)
  return () => bus.removeListener(BLOCKS_TOPIC, listener)
}

/**
 * Subscribes `listener` to `topic`. Across processes (Redis) the subscription starts when Redis confirms it, not when
 * this returns: `onListening` is then told, so that a feed reads again what a notice sent meanwhile would have told it
 * (in one process the listener is on at once, and `onListening` is not needed).
 */
function listen(
  bus: UpdateBus,
  topic: string,
  listener: (msg: mqemitter.Message, done: () => void) => void,
  onListening?: () => void,
): () => void {
  if (!onListening || !isRedisBus(bus)) bus.on(topic, listener)
  else {
    // mqemitter-redis confirms a second listener of a topic at once, even while the topic's SUBSCRIBE is still on its
    // way: that listener waits for the same confirmation as the first.
    let pending = confirming.get(bus)
    if (!pending) confirming.set(bus, (pending = new Map()))
    const earlier = pending.get(topic)
    if (earlier) {
      bus.on(topic, listener)
      void earlier.then(onListening)
    } else {
      const confirmed = new Promise<void>(resolve => bus.on(topic, listener, resolve))
      pending.set(topic, confirmed)
      void confirmed.then(() => {
        if (pending.get(topic) === confirmed) pending.delete(topic)
        onListening()
      })
    }
  }
  return () => bus.removeListener(topic, listener)
}

/** Per Redis bus, the topics whose SUBSCRIBE Redis has not confirmed yet, each with its confirmation. */
const confirming = new WeakMap<UpdateBus, Map<string, Promise<void>>>()

/** Calls `onEvent` for each event of one player until the returned function is called (`onListening`: see listen). */
export function onPlayerEvent(
  bus: UpdateBus,
  playerId: string,
  onEvent: (e: PlayerEventPayload) => void,
  onListening?: () => void,
): () => void {
  const listener = (msg: mqemitter.Message, done: () => void) => {
    done()
    onEvent(msg.payload as PlayerEventPayload)
  }
  return listen(bus, playerTopic(playerId), listener, onListening)
}

export function inProcessBus(): UpdateBus {
  return mqemitter()
}

export function publishUpdate(bus: UpdateBus, update: MatchUpdate): void {
  bus.emit({ topic: matchTopic(update.matchId), payload: update })
}

/** Calls `onUpdate` for each update of one match until the returned function is called (`onListening`: see listen). */
export function onMatchUpdate(
  bus: UpdateBus,
  matchId: string,
  onUpdate: (u: MatchUpdate) => void,
  onListening?: () => void,
): () => void {
  const listener = (msg: mqemitter.Message, done: () => void) => {
    done()
    onUpdate(msg.payload as MatchUpdate)
  }
  return listen(bus, matchTopic(matchId), listener, onListening)
}

export function chatTopic(matchId: string): string {
  return `chat:${matchId}`
}

/**
 * Calls `onMessage` for each chat message posted in one match (any room, any process) until the returned function is
 * called.
 */
export function onChatMessage(bus: UpdateBus, matchId: string, onMessage: (m: ChatMessageView) => void): () => void {
  const listener = (msg: mqemitter.Message, done: () => void) => {
    done()
    onMessage(msg.payload as ChatMessageView)
  }
  bus.on(chatTopic(matchId), listener)
  return () => bus.removeListener(chatTopic(matchId), listener)
}
