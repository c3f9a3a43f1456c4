/**
 * Watching one match (GraphQL matchUpdated, the REST NDJSON stream): the caller's view now, then each
 * newer version once, in order, whichever process wrote it. What "every version" means: every message
 * has a higher version than the one before and no version is sent twice or out of order. The view at a
 * past version is not stored, so when several actions land before the watcher's view is loaded (a burst,
 * a slow client, a Redis outage), one message carries the newest view and the versions in between are
 * skipped as views; their actions are in `log(after: <previous version>)`. Every committed version is
 * thereby reported, as its own view or as part of the next one. A match that starts keeps version 0, so
 * a feed opened while it waits also sends the first view whose status is no longer WAITING.
 */
import type { Caller, MatchView } from '../service/index.ts'
import { ApiError } from './api-error.ts'
import { BoundedQueue, type QueueBounds } from './bounded-queue.ts'
import { onMatchUpdate, type UpdateBus } from './updates.ts'

/** `seat`: the seat the first view was for (a player may hold several seats of one match). */
export type ViewLoader = (
  matchId: string,
  caller: Caller,
  minVersion: number,
  seat: number | null,
) => Promise<MatchView | null>

/** Each live watch of one match on this process, with the cap per match. */
export class MatchWatchers {
  private readonly perMatch = new Map<string, Set<MatchFeed>>()

  constructor(
    private readonly bus: UpdateBus,
    private readonly load: ViewLoader,
    private readonly maxPerMatch: number,
    private readonly bounds: QueueBounds,
  ) {}

  /**
   * Starts a feed whose first value is `first` (the caller's current view); throws RATE_LIMITED over the cap.
   * `onStall`: the client stayed behind longer than STREAM_STALL_SECONDS (the feed has ended; close its transport).
   */
  watch(
    first: MatchView,
    caller: Caller,
    opts: { endWhenOver?: boolean; onEnd?: () => void; onStall?: () => void } = {},
  ): MatchFeed {
    const set = this.perMatch.get(first.id) ?? new Set()
    if (set.size >= this.maxPerMatch) {
      throw new ApiError(
        'RATE_LIMITED',
        `match ${first.id} has ${set.size} live subscriptions on this server, the most allowed (SUBSCRIPTIONS_PER_MATCH)`,
      )
    }
    // A feed of a match that is over ends inside its constructor (endWhenOver): it is never registered.
    let feed: MatchFeed | null = null
    let ended = false
    const onEnd = () => {
      ended = true
      if (feed) set.delete(feed)
      if (set.size === 0) this.perMatch.delete(first.id)
      opts.onEnd?.()
    }
    feed = new MatchFeed(
      this.bus,
      first,
      min => this.load(first.id, caller, min, first.seat),
      opts.endWhenOver ?? false,
      onEnd,
      this.bounds,
      () => {
        void feed?.return()
        opts.onStall?.()
      },
    )
    if (!ended) {
      set.add(feed)
      this.perMatch.set(first.id, set)
    }
    return feed
  }

  /** Asks every feed to catch up, e.g. once Redis is back and notifications may have been missed. */
  refreshAll(): void {
    for (const set of this.perMatch.values()) for (const feed of set) feed.refresh()
  }

  /** Ends every feed (streams end, subscriptions complete), so that closing the server is not held up by them. */
  closeAll(): void {
    for (const set of [...this.perMatch.values()]) for (const feed of [...set]) void feed.return()
  }

  count(matchId: string): number {
    return this.perMatch.get(matchId)?.size ?? 0
  }
}

/**
 * An async iterator of views with strictly increasing versions; `return()` stops it. Views the client has not taken
 * are held up to STREAM_BUFFER_KB, past which only the newest is kept (see bounded-queue.ts).
 */
export class MatchFeed implements AsyncIterableIterator<MatchView> {
  private sent: number
  private waitingStart: boolean
  private readonly ready: BoundedQueue<MatchView>
  private done = false
  private chain: Promise<void> = Promise.resolve()
  private readonly unsubscribe: () => void

  constructor(
    bus: UpdateBus,
    first: MatchView,
    private readonly load: (minVersion: number) => Promise<MatchView | null>,
    private readonly endWhenOver: boolean,
    private readonly onEnd: () => void,
    bounds: QueueBounds,
    onStall: () => void,
  ) {
    this.ready = new BoundedQueue(bounds, onStall)
    this.sent = first.version
    this.waitingStart = first.status === 'WAITING'
    // `first` was read before the subscription: once Redis confirms it, a version committed in between is loaded.
    this.unsubscribe = onMatchUpdate(
      bus,
      first.id,
      u => this.catchUp(u.version),
      () => this.refresh(),
    )
    this.push(first)
  }

  /** Loads once more: any version newer than the last one sent is sent. */
  refresh(): void {
    this.catchUp(this.waitingStart ? this.sent : this.sent + 1)
  }

  /** Whether a report of `version` may bring a view this feed has not sent. */
  private unseen(version: number): boolean {
    return version > this.sent || (this.waitingStart && version === this.sent)
  }

  private catchUp(version: number): void {
    if (this.done || !this.unseen(version)) return
    // One load at a time, so views leave in version order; a notification already covered is dropped.
    this.chain = this.chain.then(async () => {
      if (this.done || !this.unseen(version)) return
      let view: MatchView | null
      try {
        view = await this.load(version)
      } catch {
        // The database is unreachable: the next notification (or refresh) tries again.
        return
      }
      if (
        !view ||
        view.version < this.sent ||
        (view.version === this.sent && !(this.waitingStart && view.status !== 'WAITING'))
      )
        return
      this.sent = view.version
      this.waitingStart = view.status === 'WAITING'
      this.push(view)
    })
  }

  private push(view: MatchView): void {
    if (this.done) return
    this.ready.push(view)
    if (this.endWhenOver && (view.status === 'FINISHED' || view.status === 'ABORTED')) this.finish()
  }

  private finish(): void {
    if (this.done) return
    this.done = true
    this.unsubscribe()
    // What is held is still read (a finished match's last view), then the end.
    this.ready.end()
    this.onEnd()
  }

  next(): Promise<IteratorResult<MatchView>> {
    return this.ready.next()
  }

  return(): Promise<IteratorResult<MatchView>> {
    this.finish()
    return this.ready.return()
  }

  [Symbol.asyncIterator](): this {
    return this
  }
}
