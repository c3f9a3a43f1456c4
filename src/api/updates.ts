import mqemitter from 'mqemitter'

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

export function inProcessBus(): UpdateBus {
  return mqemitter()
}

export function publishUpdate(bus: UpdateBus, update: MatchUpdate): void {
  bus.emit({ topic: matchTopic(update.matchId), payload: update })
}

/** Calls `onUpdate` for each update of one match until the returned function is called. */
export function onMatchUpdate(bus: UpdateBus, matchId: string, onUpdate: (u: MatchUpdate) => void): () => void {
  const listener = (msg: mqemitter.Message, done: () => void) => {
    done()
    onUpdate(msg.payload as MatchUpdate)
  }
  bus.on(matchTopic(matchId), listener)
  return () => bus.removeListener(matchTopic(matchId), listener)
}
