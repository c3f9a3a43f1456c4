/** What the service reports for monitoring; the server backs it with Prometheus counters (src/api/metrics.ts). */
export interface ServiceMetrics {
  /** A move was committed (a seat's own, a bot seat's or an AUTOPLAY one). */
  actionApplied(game: string): void
  /** A snapshot read was answered from the cache (`hit`) or went to the database. */
  snapshotCache(hit: boolean): void
  /** One statement committed `actions` actions (a group commit when more than one). */
  commitBatch(actions: number): void
  /** Jobs waiting in a background queue. */
  queueDepth(queue: string, depth: number): void
}

export const noMetrics: ServiceMetrics = {
  actionApplied: () => {},
  snapshotCache: () => {},
  commitBatch: () => {},
  queueDepth: () => {},
}
